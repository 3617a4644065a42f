package game

import (
	"fmt"
	"image"
	"math"
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// TestActivateBrigadeButtonShowsItsUnits (newcomer issue #18, Albuera: the
// "Activate X's brigade" buttons did not say which units they activate):
// in the real window, pointing at the button outlines the units it would
// activate in gold on the map, brings them into view when the map was
// looking elsewhere, and the hover text counts and names them; the units
// are the ones that may act once the button is clicked.
func TestActivateBrigadeButtonShowsItsUnits(t *testing.T) {
	w := wkOpen(t, "albuera-1811", 3)
	var act rules.Action
	found := false
	for _, a := range w.s.Legal() {
		if strings.HasPrefix(a.Label, "Activate ") && strings.HasSuffix(a.Label, "'s brigade") {
			act, found = a, true
			break
		}
	}
	if !found {
		t.Fatalf("no Activate ... brigade choice at the start of seed 3: %v", w.s.Legal())
	}
	// The map looks elsewhere first: its north-west corner at full size.
	winApp.Do(func() {
		w.b.Cam.Zoom, w.b.Cam.X, w.b.Cam.Y = 1, 0, 0
		w.b.clampCam()
		winApp.Redraw()
	})
	p, ok := w.panelPoint(act)
	if !ok {
		t.Fatalf("%q is not in the panel", act.Label)
	}
	w.input(Event{Kind: EvMove, X: 600, Y: 300})
	w.frame()
	w.input(Event{Kind: EvMove, X: p.X, Y: p.Y})
	w.input(Event{Kind: EvMove, X: p.X + 1, Y: p.Y})
	after := w.frame()
	w.save(after, "activate-brigade-hover")

	var cu choiceUnits
	var lines []string
	var onScreen []image.Point
	var radius float64
	winApp.Do(func() {
		cu, ok = w.b.wouldAct(act)
		lines = w.b.choiceUnitLines(act)
		radius = render.HexSize * w.b.Cam.Zoom
		room := w.b.aboveHint(w.b.BoardRect(winApp))
		for _, h := range w.b.mainCluster(cu.hexes) {
			x, y, in := w.b.ScreenOf(h)
			q := image.Pt(int(math.Round(x)), int(math.Round(y)))
			if !in || !q.In(room) || w.b.RB.MinimapAt(w.b.Cam, x, y) {
				t.Errorf("the unit at %s is not brought into view (%v)", h, q)
				continue
			}
			onScreen = append(onScreen, q)
		}
	})
	if !ok || len(cu.ids) == 0 {
		t.Fatalf("%q: no units found that it would activate", act.Label)
	}
	// The units are those that may act once the choice is taken.
	g := w.s.Game.Clone()
	if _, err := g.Apply(act); err != nil {
		t.Fatal(err)
	}
	acting := map[string]bool{}
	for _, a := range g.State.View(w.s.Viewer).Legal {
		acting[a.Unit] = true
		for _, u := range a.Units {
			acting[u] = true
		}
	}
	for _, id := range cu.ids {
		if !acting[id] {
			t.Errorf("%s is outlined but could not act after %q", id, act.Label)
		}
	}
	// The hover text counts and names them: the brigade's own units
	// apart from those any choice lets act (supporting units, batteries).
	text := strings.Join(lines, " ")
	if !strings.Contains(text, "Activates ") || !strings.Contains(text, "units") {
		t.Errorf("the hover text does not count the units: %q", text)
	}
	// The other brigade's choice, taken on a copy: what it lets act too.
	other := map[string]bool{}
	for _, a := range w.s.Legal() {
		if a.Key() == act.Key() || !strings.HasPrefix(a.Label, "Activate ") {
			continue
		}
		g2 := w.s.Game.Clone()
		if _, err := g2.Apply(a); err != nil {
			t.Fatal(err)
		}
		for _, l := range g2.State.View(w.s.Viewer).Legal {
			other[l.Unit] = true
			for _, u := range l.Units {
				other[u] = true
			}
		}
	}
	own := 0
	for _, id := range cu.ids {
		if !other[id] {
			own++
			u, _ := w.s.Unit(id)
			if !strings.Contains(text, u.Short) {
				t.Errorf("the hover text does not name the brigade's %s: %q", u.Short, text)
			}
		}
	}
	if own == 0 || !strings.Contains(text, fmt.Sprintf("Activates %d units of its own", own)) || !strings.Contains(text, "Whichever is chosen") {
		t.Errorf("the hover text does not tell the brigade's %d units from the units any choice lets act: %q", own, text)
	}
	// Leaving the button takes the outlines away (the camera stays).
	w.input(Event{Kind: EvMove, X: 600, Y: 300})
	gone := w.frame()
	gold := [3]int{0xff, 0xd0, 0x30}
	// The outlines are in the pixels: gold around each unit in view while
	// the pointer is on the button, not once it left.
	lit := 0
	for _, q := range onScreen {
		r := image.Rect(q.X-int(radius*1.1), q.Y-int(radius*1.1), q.X+int(radius*1.1), q.Y+int(radius*1.1))
		if inkIn(after, r, gold, 60)-inkIn(gone, r, gold, 60) >= 20 {
			lit++
		}
	}
	if len(onScreen) == 0 || lit*4 < len(onScreen)*3 {
		t.Errorf("%d of the %d units in view are outlined in gold", lit, len(onScreen))
	}
	if n0, n1 := inkIn(gone, gone.Bounds(), gold, 40), inkIn(after, after.Bounds(), gold, 40); n1 < n0+200 {
		t.Errorf("the gold outlines are not drawn, or stay: %d gold pixels with the pointer on the button, %d after it left", n1, n0)
	}
	// The hover text is drawn beside the panel (never over the button).
	var btn image.Rectangle
	winApp.Do(func() {
		for _, pb := range w.b.panel {
			if pb.act != nil && pb.act.Key() == act.Key() {
				btn = pb.b.Rect
			}
		}
	})
	left := image.Rect(btn.Min.X-choiceTipWidth-40, btn.Min.Y-20, btn.Min.X-4, btn.Max.Y+120)
	if n := inkIn(after, left, goldInk, 60); n < 30 {
		t.Errorf("no hover text left of the button (%d gold pixels in %v)", n, left)
	}
}
