package render

import (
	"image"
	"math"
	"reflect"
	"slices"
	"sync"
	"unsafe"
	"weak"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Ebitengine's vector package (2.10) queues the paths drawn on one image
// and renders them together through a stencil buffer: one image holding
// every queued path's bounds (twice as wide when antialiased, rounded up
// to 16 pixels), packed in rows up to 4093 pixels wide, each row as tall
// as the tallest path of the batch. That buffer is an ordinary image, on
// the shared atlas pages of images drawn to, and it only grows: a batch
// that needs more replaces it with a larger one (each side rounded up to
// a power of 1.5), kept for the life of the process. The pages never
// shrink either.
//
// What filled the 128 MB page of a Marshals game (#22 item 8): those
// buffers. The hand-over cover's hex pattern (some three hundred stroked
// hexagons, one batch) took one of 4094x987; a panel's rounded background
// (a path 640 pixels tall) in a batch with a few small ones, 3327x658 and
// then 4094x987; the HUD's batch 3327x293. Each larger one was allocated
// anew while the earlier pages still held small images (faces, chips,
// labels), and packing it on one of them extended that page, from 256x128
// to 8192x2048 for one buffer of 4094x987 (found with a copy of
// Ebitengine listing every page's images and the caller that allocated
// them: docs/PERFORMANCE.md).
//
// So the buffer is given its final size at the first path
// (presizePathBuffer: 4093x438, on a page of 4096x512, 8 MB) and no
// batch is let past it: a path larger than a cell (pathCellW x pathCellH)
// is drawn as one path per cell of a grid on whole pixels, clipped to
// each (the same pixels: no pixel's samples straddle a cell's edge), and
// the paths queued on an image are packed here as the vector package
// packs them; the one that would pass the buffer's size is drawn after
// the queued ones are rendered (flushPaths).

const (
	// stencilW, stencilH are the buffer's size: 4093 wide as the vector
	// package's rows, 438 tall (1.5^15 rounded up: its size steps).
	stencilW, stencilH = 4093, 438
	// pathCellW, pathCellH are the largest path drawn whole: two
	// antialiased rows of cells fit the buffer.
	pathCellW, pathCellH = 1024, 208
)

var pathBatch struct {
	mu sync.Mutex
	// queued is keyed by weak pointers, as the vector package keys its
	// own queues: a strong key kept every image a path was ever drawn on
	// (the game's panels and rows, disposed of or not) until 256 were
	// listed, past the game that drew them (#22 item 8)
	queued  map[weak.Pointer[ebiten.Image]][]image.Point
	presize bool
	// flushes counts the batches cut short, most the tallest batch packed
	// (tests).
	flushes, most int
	// sinceRun counts the paths queued since the command queue last ran
	// for them; runs, those runs (pathqueue.go)
	sinceRun, runs int
}

// pathCells calls draw once for every cell of the grid that the bounds
// x0,y0-x1,y1 (in dst's coordinates, stroke included) cover, with dst
// clipped to that cell, or once with dst itself when they fit one cell,
// after counting the path in dst's batch (queuePath). Every antialiased
// vector draw goes through it.
func pathCells(dst *ebiten.Image, x0, y0, x1, y1 float64, draw func(dst *ebiten.Image)) {
	r := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1))).Intersect(dst.Bounds())
	if r.Empty() {
		return
	}
	if r.Dx() <= pathCellW && r.Dy() <= pathCellH {
		queuePath(dst, r)
		draw(dst)
		return
	}
	for y := r.Min.Y; y < r.Max.Y; y += pathCellH {
		for x := r.Min.X; x < r.Max.X; x += pathCellW {
			c := image.Rect(x, y, min(x+pathCellW, r.Max.X), min(y+pathCellH, r.Max.Y))
			queuePath(dst, c)
			draw(dst.SubImage(c).(*ebiten.Image))
		}
	}
}

// pathBoundsCells is pathCells for a vector path, its bounds grown by pad
// on every side (a stroke's width).
func pathBoundsCells(dst *ebiten.Image, p *vector.Path, pad float64, draw func(dst *ebiten.Image)) {
	b := p.Bounds()
	if b.Empty() {
		return
	}
	pathCells(dst, float64(b.Min.X)-pad, float64(b.Min.Y)-pad, float64(b.Max.X)+pad, float64(b.Max.Y)+pad, draw)
}

// queuePath counts a path whose stencil bounds are r (within one cell)
// in the batch of dst's image, first rendering that batch when this path
// would not fit the buffer with it.
func queuePath(dst *ebiten.Image, r image.Rectangle) {
	pathBatch.mu.Lock()
	defer pathBatch.mu.Unlock()
	if !pathBatch.presize {
		pathBatch.presize = true
		presizePathBuffer()
	}
	if pathBatch.queued == nil || len(pathBatch.queued) > 256 {
		// a batch forgotten is only cut later: it may then ask for a
		// larger buffer, once
		pathBatch.queued = map[weak.Pointer[ebiten.Image]][]image.Point{}
	}
	orig := originalImage(dst)
	key := weak.Make(orig)
	ob := orig.Bounds()
	rowMax := max(4093, 2*ob.Dx(), ob.Dy())
	// as the vector package sizes it: rounded up to 16, twice as wide
	s := image.Pt(2*roundUp16(r.Dx()), roundUp16(r.Dy()))
	q := append(pathBatch.queued[key], s)
	w, h := packedSize(q, rowMax)
	if len(q) > 1 && (w > stencilW || h > stencilH) {
		flushPaths(orig)
		pathBatch.flushes++
		q = append(q[:0], s)
		w, h = packedSize(q, rowMax)
	}
	pathBatch.queued[key] = q
	pathBatch.most = max(pathBatch.most, h)
	boundQueue(orig, key) // pathqueue.go
}

func roundUp16(x int) int { return (x + 15) &^ 15 }

// packedSize is the size of the stencil buffer the vector package packs
// the paths of sizes into (vector/atlas.go, setPaths): sorted by height,
// tallest first, then by width; placed in rows up to rowMax wide, a new
// row starting below the tallest path so far.
func packedSize(sizes []image.Point, rowMax int) (w, h int) {
	s := slices.Clone(sizes)
	slices.SortStableFunc(s, func(a, b image.Point) int {
		if a.Y != b.Y {
			return b.Y - a.Y
		}
		return a.X - b.X
	})
	var x, y, rowH int
	for i, p := range s {
		if i == 0 {
			rowH = p.Y
		} else if x+p.X > rowMax {
			x = 0
			y += rowH
			rowH = max(rowH, p.Y)
		}
		w = max(w, x+p.X)
		h = max(h, y+p.Y)
		x += p.X
	}
	return w, h
}

// pathPage keeps the buffer's page from growing: a 1x1 image allocated
// just before the buffer, on the same page, drawn to and then from at the
// start of every frame (MarkPathPage). Ebitengine puts a new image drawn to on the
// first page it can extend, but never on a page drawn from in the same
// frame; the buffer's page, the first one, was extended to hold the new
// faces of a game (4096x512 to 8192x512, 8 MB, kept for good as the
// buffer keeps the page alive).
var pathPage struct {
	mark, dot *ebiten.Image
}

// MarkPathPage is called at the start of every frame (App.Draw, before
// anything is drawn): the first time, before anything else is on a page
// drawn to, it makes the vector package's buffer at its final size with
// its mark; then it draws from the mark, so that no new image joins that
// page this frame.
func MarkPathPage() {
	pathBatch.mu.Lock()
	if !pathBatch.presize {
		pathBatch.presize = true
		presizePathBuffer()
	}
	pathBatch.mu.Unlock()
	if pathPage.mark == nil {
		return
	}
	// drawn to as well: an image only drawn from is moved to a page of
	// sources after a few frames, and would no longer mark this one
	pathPage.mark.DrawImage(white(), nil)
	pathPage.dot.DrawImage(pathPage.mark, nil)
}

// presizePathBuffer has the vector package make its stencil buffer at
// its final size, before the pages hold anything else: one antialiased
// path on a scratch image, rendered at once. (A buffer grown step by step
// leaves each smaller one's space free on some page, and extends a page
// to hold the next.)
func presizePathBuffer() {
	// 1700 pixels antialiased is 3400 wide: rounded up past 4093, capped
	// to it; 420 tall is rounded up to 438
	const w, h = 1700, 420
	// the mark first: on the first page drawn to, or on a new one, where
	// the buffer then goes too (a page is not a source in this frame yet)
	pathPage.mark = ebiten.NewImage(1, 1)
	pathPage.mark.DrawImage(white(), nil)
	pathPage.dot = ebiten.NewImageWithOptions(image.Rect(0, 0, 1, 1), &ebiten.NewImageOptions{Unmanaged: true})
	scratch := ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
	var p vector.Path
	p.MoveTo(0, 0)
	p.LineTo(w, 0)
	p.LineTo(w, h)
	p.LineTo(0, h)
	p.Close()
	op := &vector.DrawPathOptions{AntiAlias: true}
	vector.FillPath(scratch, &p, nil, op)
	flushPaths(scratch)
	scratch.Deallocate()
}

// flushPaths renders the paths queued on dst: any draw onto an image
// first renders its queued paths, so it draws one transparent pixel.
func flushPaths(dst *ebiten.Image) {
	op := &ebiten.DrawImageOptions{}
	op.ColorScale.Scale(0, 0, 0, 0)
	b := dst.Bounds()
	op.GeoM.Translate(float64(b.Min.X), float64(b.Min.Y))
	dst.DrawImage(white(), op)
}

// originalImage is the image a sub-image is part of (the vector package
// queues paths per original image). Ebitengine does not export it; read
// its field, or take img itself if that ever changes.
func originalImage(img *ebiten.Image) *ebiten.Image {
	f := reflect.ValueOf(img).Elem().FieldByName("original")
	if !f.IsValid() || f.Kind() != reflect.Pointer || f.Type() != reflect.TypeOf(img) || f.IsNil() {
		return img
	}
	return (*ebiten.Image)(unsafe.Pointer(f.Pointer()))
}

// plainRect reports whether a filled rectangle is better drawn without
// antialiasing: a large one on whole pixels, whose pixels are the same
// either way, and which antialiased takes many cells.
func plainRect(x, y, w, h float64) bool {
	whole := func(v float64) bool { return v == math.Trunc(v) }
	return w*h >= 256*256 && whole(x) && whole(y) && whole(w) && whole(h)
}
