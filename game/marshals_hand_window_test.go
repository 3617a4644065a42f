package game

import (
	"image"
	"testing"
)

// TestWindowMarshalsHeldEventInTheHand: in the real window, at the French
// operation choice of turn 8 of Three Armies for Madrid, the side panel
// draws the French held event Génie as a card of the private hand [4.0],
// greyed with its moment in red, and the view's notes (events in force,
// Foy entries) as light text under it: both are in the pixels.
func TestWindowMarshalsHeldEventInTheHand(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	s := marshalsTurn8(t)
	var b *BoardScene
	winApp.Do(func() { b = winApp.OpenSession(s) })
	xmove(t, win, winW-20, winH-20)
	settle(t)
	img := grab(t, win, "marshals-hand")
	var card image.Rectangle
	var notes []image.Rectangle
	winApp.Do(func() {
		for _, pb := range b.panel {
			if pb.isCard && pb.card.ID == "genie" {
				card = pb.b.Rect
			}
			if pb.note {
				notes = append(notes, pb.b.Rect)
			}
		}
	})
	if card.Empty() || len(notes) == 0 {
		t.Fatalf("no Génie card (%v) or no notes (%d) in the panel", card, len(notes))
	}
	count := func(r image.Rectangle, ok func(r, g, b uint8) bool) int {
		n := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				c := img.RGBAAt(x, y)
				if ok(c.R, c.G, c.B) {
					n++
				}
			}
		}
		return n
	}
	red := count(card, func(r, g, b uint8) bool { return r > 0x90 && g < 0x50 && b < 0x50 })
	paper := count(card, func(r, g, b uint8) bool { return r > 0xc8 && g > 0xc0 && b > 0xb0 })
	if red < 150 || paper < card.Dx()*card.Dy()/3 {
		t.Errorf("the Génie card shows %d red reason pixels and %d card pixels of %d", red, paper, card.Dx()*card.Dy())
	}
	for _, r := range notes {
		if r.Max.Y > b.logRect(winApp).Min.Y {
			t.Errorf("a note at %v runs into the log", r)
		}
		if n := count(r, func(r, g, b uint8) bool { return r > 0xd0 && g > 0xc8 && b > 0xa8 }); n < 60 {
			t.Errorf("the note at %v has %d text pixels", r, n)
		}
	}
}
