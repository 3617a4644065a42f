package game

import (
	"fmt"
	"image"
	"math"
	"strings"
	"testing"

	"grognard/rules"
)

// ocanaAllied plays The Campaign of Ocaña (seed) to the Allied army's
// first operation [S6.1] [5.0] (every other decision its first choice),
// then, with activate, orders the stack at La Guardia [5.2] and stops at
// its forming [5.1]; it opens the game in the test window, seat taken.
func ocanaAllied(t *testing.T, seed uint64, activate bool) *walker {
	t.Helper()
	needLoop(t)
	t.Setenv("GROGNARD_HOME", t.TempDir())
	g, err := rules.NewGame("marshals-ocana", seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	playFirstUntil(t, g, "Allied operation", func(st rules.Status, legal []rules.Action) (*rules.Action, bool) {
		if strings.HasPrefix(st.SubPhase, "form the stack") {
			return nil, true
		}
		if strings.HasPrefix(st.SubPhase, "choose an operation") && st.Decider == 1 {
			if !activate {
				return nil, true
			}
			a, ok := findAction(legal, func(a rules.Action) bool { return a.Kind == "order" && a.To == "la-guardia" })
			if !ok {
				t.Fatalf("no activation at La Guardia: %v", legal)
			}
			return &a, false
		}
		return nil, false
	})
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	w := &walker{t: t, name: "marshals-ocana", did: map[string]int{}, bad: map[string]bool{}, moved: map[string]int{}}
	winApp.Do(func() {
		winApp.startSession(s)
		s.TakeSeat()
		w.b = winApp.Board()
		w.s = s
	})
	return w
}

// lookAway turns the map to its north-west corner at full size, forgets
// the zones brought into view, and reports whether z is in view then
// (all in one turn of the game loop, before the next update follows).
func (w *walker) lookAway(z string) bool {
	in := false
	winApp.Do(func() {
		w.b.Cam.Zoom, w.b.Cam.X, w.b.Cam.Y = 1, 0, 0
		w.b.clampCam()
		w.b.zoneFocus = zoneFocusMemo{lastAt: w.b.zoneFocus.lastAt} // the pointer stays where it is
		x, y, ok := w.b.ScreenOf(z)
		q := image.Pt(int(math.Round(x)), int(math.Round(y)))
		in = ok && q.In(w.b.aboveHint(w.b.BoardRect(winApp))) && !w.b.RB.MinimapAt(w.b.Cam, x, y)
		winApp.Redraw()
	})
	return in
}

func findAction(as []rules.Action, pred func(rules.Action) bool) (rules.Action, bool) {
	for _, a := range as {
		if pred(a) {
			return a, true
		}
	}
	return rules.Action{}, false
}

// inRoom reports whether zone z is on the board clear of the hint strip
// and the overview, and its screen position.
func (w *walker) inRoom(z string) (image.Point, bool) {
	var q image.Point
	in := false
	winApp.Do(func() {
		x, y, ok := w.b.ScreenOf(z)
		q = image.Pt(int(math.Round(x)), int(math.Round(y)))
		room := w.b.aboveHint(w.b.BoardRect(winApp))
		in = ok && q.In(room) && !w.b.RB.MinimapAt(w.b.Cam, x, y)
	})
	return q, in
}

// TestRule5_1_StackBeingFormedBroughtIntoView (seen playing Ocaña by
// clicks: after "Activate a stack at La Guardia" the panel said "click the
// stack on the map, then a unit, to leave it behind [5.1]" while La
// Guardia was off the screen): the stack being formed is brought into
// view in the real window.
func TestRule5_1_StackBeingFormedBroughtIntoView(t *testing.T) {
	w := ocanaAllied(t, 3, true)
	if w.lookAway("la-guardia") {
		t.Fatal("La Guardia is in view before the test moves anything")
	}
	w.input(Event{Kind: EvMove, X: 400, Y: 300})
	if q, in := w.inRoom("la-guardia"); !in {
		t.Errorf("the stack being formed at La Guardia is not brought into view (%v)", q)
	}
}

// TestRule5_2_HoveredZoneRingedAndBroughtIntoView (seen playing Ocaña by
// clicks: "Activate a stack at Tembleque", "Retreat to Valdemoro" named
// zones the player had to look for on the map): pointing at a choice that
// names a zone brings it into view and rings it in white on the map; the
// ring goes when the pointer leaves.
func TestRule5_2_HoveredZoneRingedAndBroughtIntoView(t *testing.T) {
	w := ocanaAllied(t, 3, false)
	act, ok := findAction(w.s.Legal(), func(a rules.Action) bool { return a.Kind == "order" && a.To == "tembleque" })
	if !ok {
		t.Fatalf("no activation at Tembleque: %v", w.s.Legal())
	}
	w.input(Event{Kind: EvMove, X: 400, Y: 300})
	if w.lookAway("tembleque") {
		t.Fatal("Tembleque is in view before the pointer is on its button")
	}
	p, ok := w.panelPoint(act)
	if !ok {
		t.Fatalf("%q is not in the panel", act.Label)
	}
	w.input(Event{Kind: EvMove, X: p.X, Y: p.Y})
	w.input(Event{Kind: EvMove, X: p.X + 1, Y: p.Y})
	on := w.frame()
	w.save(on, "ocana-hover-tembleque")
	q, in := w.inRoom("tembleque")
	if !in {
		t.Fatalf("Tembleque is not brought into view (%v)", q)
	}
	var r float64
	var boxes []image.Rectangle
	winApp.Do(func() {
		r = w.b.focusRingR()
		for _, c := range w.b.RB.CounterBoxes(w.b.Cam, w.s.View(), w.b.openStack) {
			if c.Body.Overlaps(image.Rect(q.X-int(r)-8, q.Y-int(r)-8, q.X+int(r)+8, q.Y+int(r)+8)) {
				boxes = append(boxes, c.Body)
			}
		}
	})
	onCounter := func(p image.Point) bool {
		for _, b := range boxes {
			if p.In(b.Inset(-4)) {
				return true
			}
		}
		return false
	}
	w.input(Event{Kind: EvMove, X: 400, Y: 300})
	off := w.frame()
	white := func(img *image.RGBA) (n, all int) {
		for a := 0.0; a < 2*math.Pi; a += 0.02 {
			if math.Abs(a-math.Pi/2) < focusGap+0.1 {
				continue // the opening over the zone's name
			}
			x, y := float64(q.X)+r*math.Cos(a), float64(q.Y)+r*math.Sin(a)
			p := image.Pt(int(math.Round(x)), int(math.Round(y)))
			if !p.In(img.Bounds()) || onCounter(p) {
				continue
			}
			all++
			c := img.RGBAAt(p.X, p.Y)
			if c.R > 235 && c.G > 235 && c.B > 235 {
				n++
			}
		}
		return n, all
	}
	// The ring is open below, over the zone's name.
	gap := 0
	for a := math.Pi/2 - focusGap + 0.15; a < math.Pi/2+focusGap-0.15; a += 0.02 {
		x, y := float64(q.X)+r*math.Cos(a), float64(q.Y)+r*math.Sin(a)
		if c := on.RGBAAt(int(math.Round(x)), int(math.Round(y))); c.R > 235 && c.G > 235 && c.B > 235 {
			gap++
		}
	}
	if gap > 2 {
		t.Errorf("the ring crosses the zone's name below it: %d white points in its opening", gap)
	}
	n, all := white(on)
	if n*10 < all*7 {
		t.Errorf("the ring around Tembleque: %d of %d points white while hovered", n, all)
	}
	// The counters near the zone read as without the ring: it is broken
	// where they stand.
	if len(boxes) == 0 {
		t.Error("no counter near Tembleque: the test no longer sees the ring pass a stack")
	}
	for _, b := range boxes {
		if n, _ := diffPixels(subRGBA(on, b), subRGBA(off, b), 40); n > 0 {
			t.Errorf("the ring changes %d pixels of the counter at %v", n, b)
		}
	}
	if m, _ := white(off); m*10 > all*3 {
		t.Errorf("the ring stays once the pointer left: %d of %d points white", m, all)
	}
}

// TestRule5_2_ButtonUnderARestingPointerLeavesTheMap (seen playing Ocaña
// by clicks: the click on a Retraite button left the pointer where
// "Activate a stack at La Calzada de Oropesa" of the next decision came,
// and the map jumped to the far west): a choice that comes under a
// pointer left where it was does not move the map; moving the pointer
// onto it does.
func TestRule5_2_ButtonUnderARestingPointerLeavesTheMap(t *testing.T) {
	w := ocanaAllied(t, 3, false)
	act, ok := findAction(w.s.Legal(), func(a rules.Action) bool { return a.Kind == "order" && a.To == "tembleque" })
	if !ok {
		t.Fatalf("no activation at Tembleque: %v", w.s.Legal())
	}
	p, ok := w.panelPoint(act)
	if !ok {
		t.Fatalf("%q is not in the panel", act.Label)
	}
	w.input(Event{Kind: EvMove, X: 400, Y: 300})
	if w.lookAway("tembleque") {
		t.Fatal("Tembleque is in view before the test")
	}
	// The pointer rested on the button's place before the button came
	// there (the click that made the decision, a page turned).
	winApp.Do(func() {
		w.b.mx, w.b.my = p.X, p.Y
		w.b.zoneFocus.lastAt = p
		w.s.changed()
		winApp.Redraw()
	})
	w.input()
	w.input()
	if q, in := w.inRoom("tembleque"); in {
		t.Errorf("the map moved to Tembleque under a resting pointer (%v)", q)
	}
	// Likewise after a hand-over screen clicked away (Enter) with the
	// pointer resting there.
	if w.lookAway("tembleque") {
		t.Fatal("Tembleque is in view before the hand-over")
	}
	winApp.Do(func() {
		w.b.mx, w.b.my = p.X, p.Y
		w.s.Cover = true
		winApp.Redraw()
	})
	w.input()
	winApp.Do(func() {
		w.s.Cover = false
		w.s.changed()
		winApp.Redraw()
	})
	w.input()
	w.input()
	if q, in := w.inRoom("tembleque"); in {
		t.Errorf("the map moved to Tembleque under a pointer resting through a hand-over (%v)", q)
	}
	w.input(Event{Kind: EvMove, X: p.X + 2, Y: p.Y})
	if q, in := w.inRoom("tembleque"); !in {
		t.Errorf("moving the pointer onto the button does not bring Tembleque into view (%v)", q)
	}
}

// subRGBA is a copy of img's part r, at the origin.
func subRGBA(img *image.RGBA, r image.Rectangle) *image.RGBA {
	r = r.Intersect(img.Bounds())
	out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	for y := 0; y < r.Dy(); y++ {
		for x := 0; x < r.Dx(); x++ {
			out.SetRGBA(x, y, img.RGBAAt(r.Min.X+x, r.Min.Y+y))
		}
	}
	return out
}

// TestRule5_2_ActivationButtonSaysWhatStandsThere (seen playing the
// Advance by clicks: twenty "Activate a stack at ..." buttons read alike,
// most of them decoys): each activation's second line counts the side's
// own counters and SS in the zone, or says it is a decoy only; the
// panel's button carries it.
func TestRule5_2_ActivationButtonSaysWhatStandsThere(t *testing.T) {
	w := ocanaAllied(t, 3, false)
	decoy, army := 0, 0
	winApp.Do(func() {
		w.b.layoutPanel(winApp)
		for _, pb := range w.b.panel {
			if pb.act == nil || pb.act.Kind != "order" {
				continue
			}
			own, decoys := 0, 0
			for _, u := range w.s.View().Units {
				if u.At == pb.act.To && u.Side == w.s.Viewer && !u.Eliminated {
					if u.Values == "decoy" {
						decoys++
					} else {
						own++
					}
				}
			}
			sub := pb.b.Sub
			switch {
			case own == 0 && decoys > 0:
				decoy++
				want := "a decoy only"
				if decoys > 1 {
					want = fmt.Sprintf("%d decoys only", decoys)
				}
				if !strings.HasPrefix(sub, want) {
					t.Errorf("%q: %q", pb.act.Label, sub)
				}
			case own > 1:
				army++
				if !strings.HasPrefix(sub, fmt.Sprintf("%d counters, ", own)) || !strings.Contains(sub, " SS") || !strings.HasSuffix(sub, "[5.2]") {
					t.Errorf("%q: %q", pb.act.Label, sub)
				}
			}
		}
	})
	if decoy == 0 || army == 0 {
		t.Errorf("%d decoy and %d army activations seen in the panel", decoy, army)
	}
}
