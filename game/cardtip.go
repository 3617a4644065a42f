package game

import (
	"image"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
)

// cardHover draws the hover of a card of the hand beside it, on its left
// (over the board), its right edge 8 pixels clear of the card's left edge,
// so it never covers the card under the pointer (newcomer issue #18
// point 8).
func (b *BoardScene) cardHover(dst *ebiten.Image, card image.Rectangle, lines []string) {
	if len(lines) == 0 {
		return
	}
	r := cardHoverRect(dst.Bounds(), card, lines)
	r = b.sideTipBox(b.Cam.Rect, card, r.Dx(), r.Dy(), false, []image.Point{r.Min}) // hover_place.go: clear of the counters too
	b.cache.draw(dst, "tip|"+strings.Join(lines, "\n"), r, func(img *ebiten.Image, rr image.Rectangle) {
		render.DrawTooltip(img, float64(rr.Min.X)-14, float64(rr.Min.Y)-16, lines)
	})
}

// cardHoverRect is where cardHover draws: left of the card, level with its
// top, kept on the screen (DrawTooltip's box: lines' width + 14, their
// height + 10).
func cardHoverRect(screen, card image.Rectangle, lines []string) image.Rectangle {
	f := render.Face(12.5)
	w, lh := 0.0, 0.0
	for _, l := range lines {
		lw, h := render.Measure(l, f)
		w, lh = math.Max(w, lw), math.Max(lh, h)
	}
	bw := int(math.Ceil(w)) + 20
	bh := int(math.Ceil(float64(len(lines))*(lh+2))) + 16
	x := card.Min.X - 8 - bw
	y := card.Min.Y
	y = max(screen.Min.Y+4, min(y, screen.Max.Y-4-bh))
	x = max(screen.Min.X+4, x)
	return image.Rect(x, y, x+bw, y+bh)
}
