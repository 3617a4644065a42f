package render

import (
	"image"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
)

// The static map is painted into tiles of tileSize pixels, one set per zoom
// bucket (scales a factor sqrt(2) apart). A frame draws the visible tiles of
// the bucket at or just above the zoom, scaled down a little; tiles are made
// on first sight and the least recently used are dropped past maxTiles.
//
// A tile's image is tileSize+1 pixels square (the extra row and column
// overlap the next tile, so no seam shows): 512, a power of two, because a
// texture of its own is allocated at the next power of two (a 513-pixel
// tile took a 1024x1024 texture, 4 MB instead of 1).
const (
	tileSize = 511
	maxTiles = 28 // 28 MB of tiles: the board layer (a 1280x720 view and its margin) needs 16 at most
)

var bucketScales = [...]float64{0.25, 0.3536, 0.5, 0.7071, 1, 1.4142, 2, 2.8284, 4}

// bucketFor returns the index of the smallest bucket scale >= zoom.
func bucketFor(z float64) int {
	for i, s := range bucketScales {
		if s >= z*0.985 {
			return i
		}
	}
	return len(bucketScales) - 1
}

type tileKey struct {
	bucket  int
	i, j    int
	numbers bool
}

type tile struct {
	img  *ebiten.Image
	used uint64
}

func (b *Board) tileImage(k tileKey) *ebiten.Image {
	if t, ok := b.tiles[k]; ok {
		t.used = b.tick
		return t.img
	}
	if len(b.tiles) >= maxTiles {
		b.evictTiles()
	}
	s := bucketScales[k.bucket]
	// Unmanaged: a tile has a texture of its own (on Ebitengine's shared
	// atlas the churn of tiles grew the atlas pages, which never shrink).
	// The texture of a dropped tile is painted over for the next one, so
	// zooming and panning allocate no new textures once the set is full.
	var img *ebiten.Image
	if n := len(b.spareTiles); n > 0 {
		img, b.spareTiles = b.spareTiles[n-1], b.spareTiles[:n-1]
	} else {
		img = ebiten.NewImageWithOptions(image.Rect(0, 0, tileSize+1, tileSize+1), &ebiten.NewImageOptions{Unmanaged: true})
	}
	tx, ty := float64(k.i*tileSize)/s, float64(k.j*tileSize)/s
	p := &painter{dst: img, sf: &sheet{cv: b.tileCanvas()}, s: s, tx: tx, ty: ty, w: float64(tileSize+1) / s, h: float64(tileSize+1) / s}
	if b.hm != nil {
		b.paintHex(p, k.numbers)
	} else if b.zg != nil {
		b.paintZones(p)
	} else {
		p.fillRect(0, 0, b.w, b.h, colPaper)
	}
	// the shapes, painted on the CPU, go up in a few WritePixels; the names
	// and numbers are drawn over them on the GPU
	p.flushTexts()
	// Reading a pixel makes Ebitengine run its command queue now, so the
	// texts of many tiles made in one frame do not pile up in it.
	flushGPU(img)
	b.tiles[k] = &tile{img: img, used: b.tick}
	return img
}

// tileCanvas is the board's CPU canvas for painting a tile, cleared.
func (b *Board) tileCanvas() *canvas {
	if b.cv == nil {
		b.cv = newCanvas(image.NewRGBA(image.Rect(0, 0, tileSize+1, tileSize+1)))
	}
	clear(b.cv.img.Pix)
	return b.cv
}

func (b *Board) evictTiles() {
	// Drop the older half.
	for len(b.tiles) >= maxTiles/2 {
		var oldK tileKey
		old := uint64(math.MaxUint64)
		for k, t := range b.tiles {
			if t.used < old {
				old, oldK = t.used, k
			}
		}
		if old == b.tick {
			return
		}
		b.spareTiles = append(b.spareTiles, b.tiles[oldK].img)
		delete(b.tiles, oldK)
	}
}

// tileRange returns the tile indices covering the map.
func (b *Board) tileRange(bucket int) (ni, nj int) {
	s := bucketScales[bucket]
	return int(math.Ceil(b.w * s / tileSize)), int(math.Ceil(b.h * s / tileSize))
}

// drawTerrain draws the visible terrain tiles for cam into dst.
func (b *Board) drawTerrain(dst *ebiten.Image, cam Camera, numbers bool) {
	z := cam.zoom()
	bk := bucketFor(z)
	s := bucketScales[bk]
	ni, nj := b.tileRange(bk)
	// visible map rectangle
	x0, y0 := cam.ToMap(float64(cam.Rect.Min.X), float64(cam.Rect.Min.Y))
	x1, y1 := cam.ToMap(float64(cam.Rect.Max.X), float64(cam.Rect.Max.Y))
	span := tileSize / s
	i0, i1 := max(0, int(math.Floor(x0/span))), min(ni-1, int(math.Floor(x1/span)))
	j0, j1 := max(0, int(math.Floor(y0/span))), min(nj-1, int(math.Floor(y1/span)))
	k := z / s
	filter := ebiten.FilterLinear
	if math.Abs(k-1) < 1e-6 {
		filter = ebiten.FilterNearest
	}
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			img := b.tileImage(tileKey{bk, i, j, numbers})
			var op ebiten.DrawImageOptions
			op.GeoM.Scale(k, k)
			sx, sy := cam.ToScreen(float64(i)*span, float64(j)*span)
			if filter == ebiten.FilterNearest {
				sx, sy = math.Round(sx), math.Round(sy)
			}
			op.GeoM.Translate(sx, sy)
			op.Filter = filter
			dst.DrawImage(img, &op)
		}
	}
}

// Warm paints the terrain at the zoom that fits the map in a 1280x720
// window and at zoom 1 (when all of it fits in the tile cap), and renders
// the highlight and arrow stamps, so the first frames do not stutter.
func (b *Board) Warm() {
	for _, z := range []float64{b.Fit(image.Rect(0, 0, 1280, 720)).Zoom, 1} {
		bk := bucketFor(z)
		ni, nj := b.tileRange(bk)
		b.stamps(bk)
		if len(b.tiles)+ni*nj > maxTiles {
			continue // more than the cap keeps: painted when seen
		}
		for j := 0; j < nj; j++ {
			for i := 0; i < ni; i++ {
				b.tileImage(tileKey{bk, i, j, false})
			}
		}
	}
}

// painter draws in map units onto a tile: (x, y) map -> ((x-tx)*s, (y-ty)*s).
// On a sheet (terrain tiles, legend swatches) it paints on the CPU and
// flushTexts uploads the pixels to dst; on gpu{dst}, straight onto dst
// with Ebitengine's vector paths (the few shapes of a legend sample).
type painter struct {
	dst    *ebiten.Image
	sf     surface // where the shapes go
	s      float64
	tx, ty float64
	w, h   float64  // tile extent in map units
	texts  []func() // text drawn last, after every shape and the upload
	// overview: painting the minimap, too small for writing
	overview bool
}

// flushGPU makes Ebitengine run its command queue now, img's queued
// vector paths included: a frame's queued draws are otherwise kept until
// it ends. It draws a pixel of img onto a 1x1 image and reads that one
// back: reading img itself would make Ebitengine keep a CPU copy of all
// of img's pixels for as long as img lives (tens of MB over the tiles,
// faces and stamps).
func flushGPU(img *ebiten.Image) {
	flushMu.Lock()
	defer flushMu.Unlock()
	if flushDot == nil {
		// a texture of its own: on a shared page it kept that page, and
		// all it had grown to, alive for good (pathbatch.go)
		flushDot = ebiten.NewImageWithOptions(image.Rect(0, 0, 1, 1), &ebiten.NewImageOptions{Unmanaged: true})
	}
	b := img.Bounds()
	flushDot.DrawImage(img.SubImage(image.Rect(b.Min.X, b.Min.Y, b.Min.X+1, b.Min.Y+1)).(*ebiten.Image), nil)
	flushDot.ReadPixels(flushBuf[:])
}

var (
	flushMu  sync.Mutex
	flushDot *ebiten.Image
	flushBuf [4]byte
)

// later queues a text draw until flushTexts.
func (p *painter) later(f func()) { p.texts = append(p.texts, f) }

// flushTexts uploads the canvas, if any, to dst and draws the queued texts
// over it.
func (p *painter) flushTexts() {
	if sh, ok := p.sf.(*sheet); ok {
		uploadBands(p.dst, sh.cv.img)
	}
	for _, f := range p.texts {
		f()
	}
	p.texts = p.texts[:0]
}

// uploadBands writes src to dst (of the same size) in bands of at most
// 128 KB: Ebitengine copies each upload into a buffer of a pool that keeps
// up to 31 of them for reuse, so whole 1 MB tiles kept 31 MB of the Go heap
// (#11 item 15).
func uploadBands(dst *ebiten.Image, src *image.RGBA) {
	b := src.Bounds()
	rows := max(1, (128<<10)/max(1, src.Stride))
	for y := 0; y < b.Dy(); y += rows {
		y1 := min(y+rows, b.Dy())
		band := dst.SubImage(image.Rect(0, y, b.Dx(), y1)).(*ebiten.Image)
		band.WritePixels(src.Pix[y*src.Stride : y1*src.Stride])
	}
}

func (p *painter) P(x, y float64) pt {
	return pt{(x - p.tx) * p.s, (y - p.ty) * p.s}
}

// visible reports whether a disc of radius r at (x, y) touches the tile.
func (p *painter) visible(x, y, r float64) bool {
	return x+r >= p.tx && x-r <= p.tx+p.w && y+r >= p.ty && y-r <= p.ty+p.h
}

func (p *painter) tr(pts []pt) []pt {
	out := make([]pt, len(pts))
	for i, q := range pts {
		out[i] = p.P(q.X, q.Y)
	}
	return out
}

// sw is a stroke width in pixels: never thinner than 0.6 px.
func (p *painter) sw(w float64) float64 { return math.Max(w*p.s, 0.6) }

func (p *painter) fillPoly(pts []pt, c colorT) { p.sf.fillPoly(p.tr(pts), c) }
func (p *painter) strokePoly(pts []pt, closed bool, w float64, c colorT) {
	p.sf.strokePoly(p.tr(pts), closed, p.sw(w), c)
}
func (p *painter) strokeRound(pts []pt, closed bool, w float64, c colorT) {
	p.sf.strokeRound(p.tr(pts), closed, p.sw(w), c)
}
func (p *painter) line(x0, y0, x1, y1, w float64, c colorT) {
	a, b := p.P(x0, y0), p.P(x1, y1)
	p.sf.line(a.X, a.Y, b.X, b.Y, p.sw(w), c)
}
func (p *painter) roundLine(x0, y0, x1, y1, w float64, c colorT) {
	p.sf.strokeRound([]pt{p.P(x0, y0), p.P(x1, y1)}, false, p.sw(w), c)
}
func (p *painter) dash(x0, y0, x1, y1, w, d, g float64, c colorT) {
	a, b := p.P(x0, y0), p.P(x1, y1)
	p.sf.dashLine(a.X, a.Y, b.X, b.Y, p.sw(w), d*p.s, g*p.s, c)
}
func (p *painter) circle(x, y, r float64, c colorT) {
	q := p.P(x, y)
	p.sf.fillCircle(q.X, q.Y, r*p.s, c)
}
func (p *painter) ring(x, y, r, w float64, c colorT) {
	q := p.P(x, y)
	p.sf.strokeCircle(q.X, q.Y, r*p.s, p.sw(w), c)
}
func (p *painter) fillRect(x, y, w, h float64, c colorT) {
	q := p.P(x, y)
	p.sf.fillRect(q.X, q.Y, w*p.s, h*p.s, c)
}
func (p *painter) roundRect(x, y, w, h, r float64, c colorT) {
	q := p.P(x, y)
	p.sf.fillRoundRect(q.X, q.Y, w*p.s, h*p.s, r*p.s, c)
}
func (p *painter) strokeRoundRect(x, y, w, h, r, sw float64, c colorT) {
	q := p.P(x, y)
	p.sf.strokeRoundRect(q.X, q.Y, w*p.s, h*p.s, r*p.s, p.sw(sw), c)
}
