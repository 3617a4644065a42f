package game

import (
	"image"
	"testing"
)

// TestPopupsKeepClear: the odds panel goes to a corner clear of the open
// menu and of the lit hexes; a hover box beside the cursor steers clear
// of the odds; hex tooltips stay on the board (never over the log).
func TestPopupsKeepClear(t *testing.T) {
	s := almContact(t, "Bourbon shock combat")
	a, b := scriptedApp(t, s)
	br := b.BoardRect(a)
	// A menu in the top right corner, where the odds used to sit.
	s.Menu = s.Legal()[:1]
	s.MenuAt = ""
	b.mx, b.my = br.Max.X-60, br.Min.Y+40
	b.layoutMenu(a)
	odds := b.oddsPlace(a, 6)
	for _, m := range b.menu {
		if odds.Overlaps(m) {
			t.Fatalf("the odds %v cover the menu %v", odds, m)
		}
	}
	if !odds.In(br) {
		t.Fatalf("the odds %v leave the board %v", odds, br)
	}
	s.Menu = nil
	// A box beside a cursor under the odds goes elsewhere.
	b.oddsRect = image.Rect(br.Max.X-450, br.Min.Y+10, br.Max.X-10, br.Min.Y+200)
	box := placeIn(br.Inset(4), 300, 240, besides(br.Max.X-300, br.Min.Y+30, 300, 240, 18), []image.Rectangle{b.oddsRect})
	if box.Overlaps(b.oddsRect) || !box.In(br) {
		t.Fatalf("the hover box %v covers the odds %v", box, b.oddsRect)
	}
	// Lit hexes are avoided by the odds where a corner is free.
	s.Select("av4")
	lit := b.litRects()
	if len(lit) == 0 {
		t.Skip("nothing lit")
	}
	o := b.oddsPlace(a, 6)
	clear := true
	for _, c := range cornersOf(br.Inset(10), 440, 30+28*6) {
		box := image.Rect(c.X, c.Y, c.X+440, c.Y+30+28*6)
		free := true
		for _, l := range lit {
			free = free && !box.Overlaps(l)
		}
		clear = clear && !free
	}
	for _, l := range lit {
		if o.Overlaps(l) && !clear {
			t.Fatalf("the odds %v cover a lit hex %v while a corner is free", o, l)
		}
	}
}
