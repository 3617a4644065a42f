package game

import (
	"image"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
)

// hintStripLines is the most lines the hint strip wraps to.
const hintStripLines = 3

// hintStrip is where the hint strip along the bottom of the board br goes
// for msg, wrapped to fit: inside the board (never over the log or the
// panel, newcomer issue #18 point 9), left of the overview when they would
// meet. The reason strip (a hover's "No: ...") and the cards go above it.
func (b *BoardScene) hintStrip(br image.Rectangle, msg string) (image.Rectangle, []string) {
	if msg == "" || br.Empty() {
		return image.Rectangle{}, nil
	}
	f := render.Face(12.5)
	lh := render.StripLineHeight()
	x0, x1 := br.Min.X+10, br.Max.X-10
	bottom := br.Max.Y - 6
	wrap := func(x1 int) []string {
		ls := render.Wrap(msg, f, float64(x1-x0-16))
		if len(ls) > hintStripLines {
			ls = ls[:hintStripLines]
			ls[hintStripLines-1] = strings.TrimSpace(ls[hintStripLines-1]) + " ..."
		}
		return ls
	}
	lines := wrap(x1)
	if mm := b.RB.MinimapBox(b.Cam, b.minimapHidden); !mm.Empty() {
		top := bottom - int(math.Ceil(float64(len(lines))*lh)) - 12
		if mm.Min.Y < bottom && mm.Max.Y > top {
			x1 = mm.Min.X - 6
			lines = wrap(x1)
		}
	}
	w := 0.0
	for _, l := range lines {
		lw, _ := render.Measure(l, f)
		w = math.Max(w, lw)
	}
	h := int(math.Ceil(float64(len(lines))*lh)) + 12
	r := image.Rect(x0, bottom-h, min(x1, x0+int(w)+18), bottom)
	return r, lines
}

// drawHintStrip draws the hint strip and notes its place (b.hintRect).
func (b *BoardScene) drawHintStrip(dst *ebiten.Image, br image.Rectangle, msg string) {
	r, lines := b.hintStrip(br, msg)
	b.hintRect = r
	if r.Empty() {
		return
	}
	b.cache.draw(dst, "strip|"+strings.Join(lines, "\n"), r, func(img *ebiten.Image, rr image.Rectangle) {
		render.DrawStrip(img, rr, lines)
	})
}

// aboveHint is the board br less the hint strip and the rows below it:
// hovers, reasons and cards are placed there, so they never cover it.
func (b *BoardScene) aboveHint(br image.Rectangle) image.Rectangle {
	if b.hintRect.Empty() {
		return br
	}
	r := br
	r.Max.Y = min(r.Max.Y, b.hintRect.Min.Y-4)
	return r
}
