package render

import (
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// surface is what the painters of counter faces, blocks, unit symbols,
// chips and stamps draw on: a sheet (on the CPU, for every image cached
// over the map) or the GPU (a widget drawn straight to the screen, such as
// the legend's symbols). Coordinates are pixels of the surface.
type surface interface {
	fillPoly(pts []pt, c color.Color)
	strokePoly(pts []pt, closed bool, w float64, c color.Color)
	// strokeRound strokes with round caps and joins.
	strokeRound(pts []pt, closed bool, w float64, c color.Color)
	line(x0, y0, x1, y1, w float64, c color.Color)
	dashLine(x0, y0, x1, y1, w, dash, gap float64, c color.Color)
	fillCircle(x, y, r float64, c color.Color)
	strokeCircle(x, y, r, w float64, c color.Color)
	fillRect(x, y, w, h float64, c color.Color)
	strokeRect(x, y, w, h, sw float64, c color.Color)
	fillRoundRect(x, y, w, h, r float64, c color.Color)
	strokeRoundRect(x, y, w, h, r, sw float64, c color.Color)
	// text draws s with its top-left corner at (x, y), over every shape.
	text(s string, f text.Face, x, y float64, c color.Color)
	// clip is the same surface drawing only inside r.
	clip(r image.Rectangle) surface
}

func textCentered(dst surface, s string, f text.Face, cx, cy float64, c color.Color) {
	w, h := Measure(s, f)
	dst.text(s, f, cx-w/2, cy-h/2, c)
}

// sheet paints an image on the CPU (render/raster.go) and makes it an
// Ebitengine image in one upload, its texts drawn over it on the GPU.
//
// Why (#11 item 15): every vector path Ebitengine draws queues its
// vertices (a dozen floats each, several offset copies for antialiasing)
// until the frame's command queue runs, and the queue keeps its largest
// buffer for good. The board's highlight stamps alone (a pattern of a
// hundred dots or hatches per kind, six kinds, per zoom bucket) queued
// nine million floats in one frame: the Go heap kept 120-300 MB of
// buffers, and the OpenGL driver's own copies came on top. On a sheet a
// stamp costs its pixels.
type sheet struct {
	cv    *canvas
	texts *[]func(*ebiten.Image)
}

func newSheet(w, h int) *sheet {
	return &sheet{cv: newCanvas(image.NewRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))), texts: new([]func(*ebiten.Image))}
}

// size is the sheet's width and height in pixels.
func (s *sheet) size() (int, int) {
	b := s.cv.img.Bounds()
	return b.Dx(), b.Dy()
}

func (s *sheet) fillPoly(pts []pt, c color.Color) { s.cv.fillPoly(pts, c) }
func (s *sheet) strokePoly(pts []pt, closed bool, w float64, c color.Color) {
	s.cv.stroke(pts, closed, w, false, c)
}
func (s *sheet) strokeRound(pts []pt, closed bool, w float64, c color.Color) {
	s.cv.stroke(pts, closed, w, true, c)
}
func (s *sheet) line(x0, y0, x1, y1, w float64, c color.Color) {
	s.cv.stroke([]pt{{x0, y0}, {x1, y1}}, false, w, false, c)
}
func (s *sheet) dashLine(x0, y0, x1, y1, w, dash, gap float64, c color.Color) {
	s.cv.dash(x0, y0, x1, y1, w, dash, gap, c)
}
func (s *sheet) fillCircle(x, y, r float64, c color.Color) { s.cv.fillCircle(x, y, r, c) }
func (s *sheet) strokeCircle(x, y, r, w float64, c color.Color) {
	s.cv.strokeCircle(x, y, r, w, c)
}
func (s *sheet) fillRect(x, y, w, h float64, c color.Color) { s.cv.fillRect(x, y, w, h, c) }
func (s *sheet) strokeRect(x, y, w, h, sw float64, c color.Color) {
	s.cv.stroke([]pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, true, sw, false, c)
}
func (s *sheet) fillRoundRect(x, y, w, h, r float64, c color.Color) {
	s.cv.fillPoly(roundRectPts(x, y, w, h, r), c)
}
func (s *sheet) strokeRoundRect(x, y, w, h, r, sw float64, c color.Color) {
	s.cv.stroke(roundRectPts(x, y, w, h, r), true, sw, false, c)
}
func (s *sheet) text(str string, f text.Face, x, y float64, c color.Color) {
	*s.texts = append(*s.texts, func(dst *ebiten.Image) { DrawText(dst, str, f, x, y, c) })
}
func (s *sheet) clip(r image.Rectangle) surface {
	sub, _ := s.cv.img.SubImage(r).(*image.RGBA)
	if sub == nil {
		sub = &image.RGBA{}
	}
	return &sheet{cv: newCanvas(sub), texts: s.texts}
}

// fillWith fills the polygon pts with the pixels of pat (a sheet of the
// same size): a pattern masked to a shape.
func (s *sheet) fillWith(pts []pt, pat *sheet) {
	s.cv.begin()
	s.cv.contour(pts)
	s.cv.paintSrc(pat.cv.img)
}

// image uploads the sheet and draws its texts over it.
func (s *sheet) image() *ebiten.Image {
	w, h := s.size()
	var img *ebiten.Image
	if w*h >= ownTexture {
		img = ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
	} else {
		img = ebiten.NewImage(w, h)
	}
	uploadBands(img, s.cv.img)
	for _, f := range *s.texts {
		f(img)
	}
	uploaded(img, 4*w*h)
	return img
}

// ownTexture is the pixels from which a sheet's image has a texture of
// its own rather than a place on Ebitengine's shared atlas: a counter's
// face from zoom 2 up (a bucket's faces churn as the player zooms, and on
// the atlas each page they grow stays at its largest), a highlight stamp
// at the closest zooms. Smaller ones share the atlas and draw in batches.
const ownTexture = 100 * 100

// uploads counts the bytes written to images since the command queue last
// ran: Ebitengine holds them in the Go heap until it does, so a frame that
// makes hundreds of faces runs the queue every few MB (flushGPU).
var (
	uploadMu sync.Mutex
	uploads  int
)

const uploadFlushBytes = 8 << 20

func uploaded(img *ebiten.Image, n int) {
	uploadMu.Lock()
	uploads += n
	full := uploads >= uploadFlushBytes
	if full {
		uploads = 0
	}
	uploadMu.Unlock()
	if full {
		flushGPU(img)
	}
}

// gpu draws straight on an Ebitengine image with the vector package (a
// widget drawn each frame).
type gpu struct{ img *ebiten.Image }

func (g gpu) fillPoly(pts []pt, c color.Color) { fillPoly(g.img, pts, c) }
func (g gpu) strokePoly(pts []pt, closed bool, w float64, c color.Color) {
	strokePoly(g.img, pts, closed, w, c)
}
func (g gpu) strokeRound(pts []pt, closed bool, w float64, c color.Color) {
	strokePolyRound(g.img, pts, closed, w, c)
}
func (g gpu) line(x0, y0, x1, y1, w float64, c color.Color) { line(g.img, x0, y0, x1, y1, w, c) }
func (g gpu) dashLine(x0, y0, x1, y1, w, dash, gap float64, c color.Color) {
	dashLine(g.img, x0, y0, x1, y1, w, dash, gap, c)
}
func (g gpu) fillCircle(x, y, r float64, c color.Color) { fillCircle(g.img, x, y, r, c) }
func (g gpu) strokeCircle(x, y, r, w float64, c color.Color) {
	strokeCircle(g.img, x, y, r, w, c)
}
func (g gpu) fillRect(x, y, w, h float64, c color.Color) { fillRect(g.img, x, y, w, h, c) }
func (g gpu) strokeRect(x, y, w, h, sw float64, c color.Color) {
	strokeRect(g.img, x, y, w, h, sw, c)
}
func (g gpu) fillRoundRect(x, y, w, h, r float64, c color.Color) {
	fillRoundRect(g.img, x, y, w, h, r, c)
}
func (g gpu) strokeRoundRect(x, y, w, h, r, sw float64, c color.Color) {
	strokeRoundRect(g.img, x, y, w, h, r, sw, c)
}
func (g gpu) text(s string, f text.Face, x, y float64, c color.Color) { DrawText(g.img, s, f, x, y, c) }
func (g gpu) clip(r image.Rectangle) surface {
	return gpu{g.img.SubImage(r).(*ebiten.Image)}
}

// archPts is a rectangle with a round top (a leader's block), as a polygon.
func archPts(x, y, w, h, r float64) []pt {
	rr := w / 2
	r = math.Max(0, math.Min(r, math.Min(w/2, h-rr)))
	var out []pt
	n := int(math.Ceil(rr*0.8)) + 8
	for i := 0; i <= n; i++ {
		a := math.Pi + float64(i)/float64(n)*math.Pi
		out = append(out, pt{x + rr + rr*math.Cos(a), y + rr + rr*math.Sin(a)})
	}
	m := int(math.Ceil(r*0.8)) + 3
	corner := func(cx, cy, a0 float64) {
		for i := 0; i <= m; i++ {
			a := a0 + float64(i)/float64(m)*math.Pi/2
			out = append(out, pt{cx + r*math.Cos(a), cy + r*math.Sin(a)})
		}
	}
	corner(x+w-r, y+h-r, 0)
	corner(x+r, y+h-r, math.Pi/2)
	return out
}
