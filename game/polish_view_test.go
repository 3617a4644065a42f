package game

import (
	"image"
	"strings"
	"testing"

	"grognard/render"
)

// TestHintBringsItsActionIntoViewWithoutPanningPastTheMap: Almansa, the
// board zoomed in on the middle of the map; a hint moving a unit to the
// map's top row (as the normal computer advised in play: Orleans to 1301)
// brings the unit and its goal into view, and the camera stays on the map:
// the board's top row shows the map, not the empty band above it (the
// view went half a board past the top edge).
func TestHintBringsItsActionIntoViewWithoutPanningPastTheMap(t *testing.T) {
	s := almansaMovement(t)
	a := &App{w: 1280, h: 720}
	b := &BoardScene{S: s, RB: render.NewBoard(s.View().Board)}
	br := b.BoardRect(a)
	b.Cam = render.Camera{Zoom: 1, Rect: br}
	w, h := b.RB.Size()
	b.Cam.X, b.Cam.Y = w/2-float64(br.Dx())/2, h/2-float64(br.Dy())/2
	found := false
	for _, act := range s.Legal() {
		if act.Kind == "move" && strings.HasSuffix(act.To, "01") {
			s.Hint = &Hint{Side: s.Viewer, Action: act, Reason: "test", Steps: len(s.Game.Steps)}
			found = true
			break
		}
	}
	if !found {
		t.Fatal("no move to the map's top row in the first movement phase")
	}
	places := s.HintPlaces()
	if !b.showHexes(a, places, true) {
		t.Fatal("the hint's places were not brought into view")
	}
	if b.Cam.Y < 0 {
		t.Errorf("the camera's top %.1f lies above the map's top edge (0): an empty band of %.0f px over the board", b.Cam.Y, -b.Cam.Y*b.Cam.Zoom)
	}
	if vw := float64(br.Dx()) / b.Cam.Zoom; b.Cam.X < 0 || b.Cam.X+vw > w {
		t.Errorf("the camera's columns %.1f..%.1f leave the map's 0..%.1f", b.Cam.X, b.Cam.X+vw, w)
	}
	for _, p := range places {
		x, y, ok := b.ScreenOf(p)
		if !ok || !image.Pt(int(x), int(y)).In(br) {
			t.Errorf("the hinted place %s is at (%.0f,%.0f), off the board %v", p, x, y, br)
		}
	}
}
