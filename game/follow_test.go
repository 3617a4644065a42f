package game

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
)

// selectedOnScreen reports where the selected unit's hex (or zone) centre
// is on the screen and whether the player sees it: inside the board
// viewport by at least half a counter, and not under the overview.
func selectedOnScreen(t *testing.T, a *App, b *BoardScene) (image.Point, bool) {
	t.Helper()
	for _, u := range b.S.View().Units {
		if u.ID != b.S.Selected {
			continue
		}
		x, y, ok := b.ScreenOf(u.At)
		if !ok {
			t.Fatalf("selected %s is at %q, not on the map", u.ID, u.At)
		}
		p := image.Pt(int(x), int(y))
		half := int(render.HexSize * b.Cam.Zoom / 2)
		return p, p.In(b.BoardRect(a).Inset(half)) && !b.RB.MinimapAt(b.Cam, x, y)
	}
	t.Fatalf("selected %q is not among the viewer's units", b.S.Selected)
	return image.Point{}, false
}

// TestRule4_5_OpeningCameraShowsSelected: an Albuera game opens on the
// first chit's choice with its commander selected [4.5]; the opening
// camera keeps its readable zoom and pans so that commander is on the
// screen, whichever commander the chit drew (the mean of the armies,
// where the camera looks first, leaves some of them off it).
func TestRule4_5_OpeningCameraShowsSelected(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	checked, offAtFirst := 0, 0
	for seed := uint64(1); seed <= 8; seed++ {
		s, err := NewSession("albuera-1811", seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s.Selected == "" {
			continue
		}
		a, b := scriptedApp(t, s)
		open := b.RB.Open(b.BoardRect(a), s.View())
		if b.Cam.Zoom != open.Zoom {
			t.Errorf("seed %d: zoom %.3f, the opening's readable zoom is %.3f", seed, b.Cam.Zoom, open.Zoom)
		}
		if open.X != b.Cam.X || open.Y != b.Cam.Y {
			offAtFirst++
		}
		if p, ok := selectedOnScreen(t, a, b); !ok {
			t.Errorf("seed %d: the selected commander %s [4.5] is at %v, outside the board %v", seed, s.Selected, p, b.BoardRect(a))
		}
		step(t, a) // a frame does not move it away again
		if p, ok := selectedOnScreen(t, a, b); !ok {
			t.Errorf("seed %d: after a frame %s is at %v", seed, s.Selected, p)
		}
		checked++
	}
	if checked == 0 || offAtFirst == 0 {
		t.Fatalf("%d openings with a selected commander, %d of them off the action's centre view: the test proves nothing", checked, offAtFirst)
	}
}

// TestRule5_3_AutoSelectedStackComesIntoView: in The Marshals, after an
// activation the stack to move is selected for the player [5.3]; the
// camera, panned away to the far corner of the map, comes back to it at
// the same zoom.
func TestRule5_3_AutoSelectedStackComesIntoView(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	g := marshalsTalaveraFirstOp(t, 1)
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	a, b := scriptedApp(t, s)
	s.TakeSeat()
	step(t, a)
	w, h := b.RB.Size()
	for _, corner := range [][2]float64{{0, 0}, {w, h}} {
		b.Cam.X, b.Cam.Y = corner[0], corner[1]
		b.clampCam()
		_, _ = s.Do(legalWhere(t, s, "activate Bargas", func(a rules.Action) bool { return a.Kind == "order" && a.To == "bargas" }))
		_, _ = s.Do(legalWhere(t, s, "confirm", func(a rules.Action) bool { return a.Choice == "confirm" }))
		if s.Selected == "" {
			t.Fatalf("no stack selected after the activation: %+v", g.State.Status())
		}
		zoom := b.Cam.Zoom
		step(t, a)
		if b.Cam.Zoom != zoom {
			t.Errorf("the zoom changed from %.3f to %.3f", zoom, b.Cam.Zoom)
		}
		if p, ok := selectedOnScreen(t, a, b); !ok {
			t.Errorf("camera from %v: the selected stack %s [5.3] is at %v, outside the board %v", corner, s.Selected, p, b.BoardRect(a))
		}
		if err := s.Undo(); err != nil {
			t.Fatal(err)
		}
		if err := s.Undo(); err != nil {
			t.Fatal(err)
		}
		s.Selected = ""
		step(t, a)
	}
}

// TestTabBringsTheUnitIntoView: Tab selects the next unit that may act,
// wherever it stands; the camera pans (never zooms) to each in turn.
func TestTabBringsTheUnitIntoView(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s, err := NewSession("albuera-1811", 1, nil) // opens on a move: several units may act
	if err != nil {
		t.Fatal(err)
	}
	a, b := scriptedApp(t, s)
	s.TakeSeat()
	step(t, a)
	// The activation brought its units into view (activated.go): look
	// at a corner of the map first, so Tab has somewhere to pan from.
	b.Cam.X, b.Cam.Y = 0, 0
	zoom, seen, moved := b.Cam.Zoom, map[string]bool{}, 0
	for i := 0; i < 40 && !seen[s.Selected]; i++ {
		if s.Selected != "" {
			seen[s.Selected] = true
		}
		was := b.Cam
		step(t, a, Key(ebiten.KeyTab, false))
		if s.Selected == "" {
			t.Fatal("Tab selected nothing")
		}
		if b.Cam != was {
			moved++
		}
		if _, _, on := b.selectedSpot(); !on {
			continue // a unit off the map (a skirmish company to detach)
		}
		if p, ok := selectedOnScreen(t, a, b); !ok {
			t.Errorf("Tab selected %s at %v, outside the board %v", s.Selected, p, b.BoardRect(a))
		}
	}
	if b.Cam.Zoom != zoom {
		t.Errorf("the zoom changed from %.3f to %.3f", zoom, b.Cam.Zoom)
	}
	if len(seen) < 3 || moved == 0 {
		t.Fatalf("Tab went through %d units and moved the camera %d times: the test proves nothing", len(seen), moved)
	}
}
