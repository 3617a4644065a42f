package game

import (
	"image"
	"testing"

	"grognard/rules"
)

// TestRule15_4_ClashSubphaseBringsTheClashHexesIntoView (newcomer issue
// #18 point 5): the Clash subphase [15.4] opened with its two Clash Hexes
// under the board's top edge. With the camera elsewhere on the map, the
// subphase brings every Clash Hex it offers onto the board, clear of its
// edges.
func TestRule15_4_ClashSubphaseBringsTheClashHexesIntoView(t *testing.T) {
	needLoop(t)
	s := albueraOpening(t, 3)
	ok, err := albueraMarch(s.Game, func(_ rules.Status, legal []rules.Action) bool {
		for _, a := range legal {
			if a.Kind == "melee" && a.Unit == "" {
				return true
			}
		}
		return false
	}, 6000)
	if err != nil || !ok {
		t.Fatalf("no Clash subphase reached: %v", err)
	}
	s.afterChange()
	s.TakeSeat()
	s.Selected = ""
	a := &App{w: WindowW, h: WindowH, input: noInput{}}
	b := newBoard(a, s)
	a.scene = b
	marks := s.clashMarks()
	if len(marks) == 0 {
		t.Fatal("no Clash Hex marked")
	}
	// the camera at the far corner of the map from the first Clash Hex
	w, h := b.RB.Size()
	x, y, _ := b.RB.Center(marks[0].At)
	b.Cam.X, b.Cam.Y = 0, 0
	if x < w/2 {
		b.Cam.X = w - float64(b.Cam.Rect.Dx())/b.Cam.Zoom
	}
	if y < h/2 {
		b.Cam.Y = h - float64(b.Cam.Rect.Dy())/b.Cam.Zoom
	}
	b.followClashes(a)
	br := b.aboveHint(b.BoardRect(a)).Inset(20)
	for _, m := range marks {
		sx, sy, ok := b.ScreenOf(m.At)
		if !ok || !image.Pt(int(sx), int(sy)).In(br) {
			t.Errorf("the Clash Hex %s is at (%.0f, %.0f), off the board %v", m.At, sx, sy, br)
		}
	}
}
