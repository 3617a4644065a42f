package render

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// MinimapBox is the screen rectangle the overview and its hide/show tab
// take for cam (only the tab while hidden); empty when the whole map is in
// view and no overview is drawn. Strips along the bottom of the board stop
// short of it.
func (b *Board) MinimapBox(cam Camera, hidden bool) image.Rectangle {
	tab, ok := b.minimapTab(cam, !hidden)
	if !ok {
		return image.Rectangle{}
	}
	if hidden {
		return tab
	}
	r, _, _ := b.minimapRect(cam)
	return r.Union(tab)
}

// StripLineHeight is the height of one line of a strip (DrawStrip).
func StripLineHeight() float64 { return lineHeight(Face(12.5)) }

// DrawStrip draws a text strip (the hint along the bottom of the board)
// filling r: its lines in gold, one under the other.
func DrawStrip(dst *ebiten.Image, r image.Rectangle, lines []string) {
	if len(lines) == 0 || r.Empty() {
		return
	}
	f := Face(12.5)
	lh := lineHeight(f)
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	fillRoundRect(dst, x+2, y+2, w, h, 4, rgba(0, 0, 0, 0x60))
	fillRoundRect(dst, x, y, w-2, h-2, 4, rgba(0x1e, 0x1a, 0x16, 0xf4))
	strokeRoundRect(dst, x+0.5, y+0.5, w-3, h-3, 4, 1, colPanelEdge)
	for i, l := range lines {
		DrawText(dst, l, f, x+7, y+5+float64(i)*lh, colGold)
	}
}
