package game

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"grognard/render"
	"grognard/rules"
)

// noteFace and noteLine are the type and line height of the view's notes
// in the side panel.
func noteFace() text.Face { return render.Face(12) }

const noteLine = 16

// noteItems are the view's notes (The Marshals: the event drawn, the
// moving stack's MP and fatigue, the events in force this turn, the Foy
// entries noted) as entries of the side panel of a held-hand system (see
// HeldHand), under the hand and above the actions: the HUD strip of a
// 1280x720 window has no room for them, and here they are never cut (the
// actions below give way).
func noteItems(v *rules.View) []panelItem {
	var out []panelItem
	for _, n := range v.Notes {
		lines := render.Wrap(n, noteFace(), float64(sideWidth-16-12))
		out = append(out, panelItem{heading: n, note: true, h: 4 + noteLine*len(lines)})
	}
	return out
}

// drawNote writes one note, wrapped, in its panel rectangle.
func drawNote(img *ebiten.Image, r image.Rectangle, n string) {
	for i, l := range render.Wrap(n, noteFace(), float64(r.Dx()-12)) {
		render.DrawText(img, l, noteFace(), float64(r.Min.X+6), float64(r.Min.Y+2+noteLine*i), color.RGBA{0xe8, 0xdc, 0xc0, 0xff})
	}
}
