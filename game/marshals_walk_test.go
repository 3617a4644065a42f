package game

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
)

// The Marshals walkthroughs of newcomer issue #18 point 5: the first two
// operational turns of each of the six scenarios, played at one seat for
// both sides through the game's own input path (walkthrough_test.go's
// walker: App.Inject of the mouse's and the keys' events, never the
// session API), the frame's pixels checked at every step (the prompt
// strip's words, every option's words, the lit places lit, the hover of
// an option saying what it does). The clicks are chosen so the two turns
// show what the system does: the events drawn and kept, the initiative
// and the commander in chief, activations with their command tests,
// moves toward the enemy, the enemy placing its Retraite marker when its
// zone is entered (the only answer the Marshals give to an enemy move:
// there is no interception in this system [spec §2.7]), a forced passage,
// a combat with its amplitude in the log, a retreat, the administration.
// The frames come from the window's own screen image (one draw a step):
// an X screenshot and a PNG decode a step made each walk take minutes.

// litColour is the colour of each highlight kind (render/palette.go).
var litColour = map[render.HighlightKind]color.RGBA{
	render.HLMove:   {0x1f, 0x8f, 0xd8, 0xff},
	render.HLFire:   {0xd8, 0x2c, 0x20, 0xff},
	render.HLShock:  {0xe0, 0x7a, 0x10, 0xff},
	render.HLDeploy: {0x1e, 0x9e, 0x55, 0xff},
	render.HLOrder:  {0x9c, 0x3c, 0xc8, 0xff},
}

// near counts the pixels within radius of (cx, cy) close to colour c.
func near(img *image.RGBA, cx, cy, radius float64, c color.RGBA) int {
	n := 0
	for y := int(cy - radius); y <= int(cy+radius); y++ {
		for x := int(cx - radius); x <= int(cx+radius); x++ {
			if !image.Pt(x, y).In(img.Bounds()) || math.Hypot(float64(x)-cx, float64(y)-cy) > radius {
				continue
			}
			p := img.RGBAAt(x, y)
			if abs(int(p.R)-int(c.R))+abs(int(p.G)-int(c.G))+abs(int(p.B)-int(c.B)) < 60 {
				n++
			}
		}
	}
	return n
}

// marshalsWalker steers a walker through a Marshals scenario.
type marshalsWalker struct {
	*walker
	ops      map[string]int // operations begun per turn and side
	steps    int            // connections crossed in the current move
	forced   int            // forced passages declared
	combats  int            // combats declared
	hovered  map[string]bool
	litSeen  int
	tipsSeen int
}

// enemyAt reports whether the side's view shows an enemy counter at z.
func enemyAt(v *rules.View, side rules.Side, z string) bool {
	for _, u := range v.Units {
		if u.At == z && u.Side != side && u.Side >= 0 && !u.Eliminated {
			return true
		}
	}
	return false
}

// pick chooses the next action as a newcomer who wants to see a battle:
// fight where a combat is offered, activate the stack nearest the enemy,
// march (not in battle order) into an enemy zone and force the passage,
// keep the events drawn, the first of any other choice, pass after two
// operations a turn.
func (m *marshalsWalker) pick(acts []rules.Action) rules.Action {
	st := m.s.Game.State.Status()
	side := st.Decider
	v := m.s.View()
	opKey := fmt.Sprint(st.Turn, side)
	find := func(pred func(rules.Action) bool) (rules.Action, bool) {
		for _, a := range acts {
			if !m.bad[a.Key()] && pred(a) {
				return a, true
			}
		}
		return rules.Action{}, false
	}
	for _, want := range []func(rules.Action) bool{
		func(a rules.Action) bool { return a.Choice == "keep" },                      // a drawn event, a fatigue marker
		func(a rules.Action) bool { return a.Choice == "force" },                     // [5.3.3]
		func(a rules.Action) bool { return a.Choice == "no" && a.Kind == "end" },     // no event played
		func(a rules.Action) bool { return a.Choice == "confirm" },                   // the stack as formed
		func(a rules.Action) bool { return a.Choice == "stop" && a.Rule == "5.3.3" }, // after a forced passage
	} {
		if a, ok := find(want); ok {
			return a
		}
	}
	if strings.HasPrefix(st.SubPhase, "choose an operation") {
		if m.ops[opKey] >= 2 {
			if a, ok := find(func(a rules.Action) bool { return a.Kind == "pass" }); ok {
				return a
			}
		}
		m.ops[opKey]++
		if a, ok := find(func(a rules.Action) bool { return a.Choice == "combat" }); ok {
			m.combats++
			return a
		}
		best, bestD := rules.Action{}, math.Inf(1)
		for _, a := range acts {
			if a.Kind == "order" && !m.bad[a.Key()] {
				if d := m.enemyDistance(a.To, side); d < bestD {
					best, bestD = a, d
				}
			}
		}
		m.steps = 0
		if best.Kind != "" {
			return best
		}
	}
	if strings.HasPrefix(st.SubPhase, "move the stack") {
		// into an enemy zone by a march (a forced passage follows), else a
		// step closer, two at most
		if a, ok := find(func(a rules.Action) bool {
			return a.Kind == "move" && !strings.HasPrefix(a.Choice, "bo:") && !strings.HasPrefix(a.Choice, "gue:") && enemyAt(v, side, a.To)
		}); ok {
			m.steps++
			return a
		}
		if m.steps < 2 {
			var here string
			for _, u := range v.Units {
				if u.ID == m.s.Selected {
					here = u.At
				}
			}
			best, bestD := rules.Action{}, m.enemyDistance(here, side)
			for _, a := range acts {
				if a.Kind == "move" && !m.bad[a.Key()] && !strings.HasPrefix(a.Choice, "gue:") && !strings.Contains(a.Label, "Leave the map") {
					if d := m.enemyDistance(a.To, side); d < bestD {
						best, bestD = a, d
					}
				}
			}
			if best.Kind != "" {
				m.steps++
				return best
			}
		}
		if a, ok := find(func(a rules.Action) bool { return a.Kind == "end" }); ok {
			return a
		}
	}
	if st.SubPhase != "" && strings.Contains(st.Phase, "Set-up") {
		// a starting decoy on a place in view
		for _, a := range acts {
			if a.Kind == "deploy" && !m.bad[a.Key()] {
				if x, y, ok := m.b.ScreenOf(a.To); ok && image.Pt(int(x), int(y)).In(m.b.aboveHint(m.b.BoardRect(winApp)).Inset(40)) && !m.b.underMinimap(x, y, 40) {
					return a
				}
			}
		}
	}
	// anything else: the first that is not an event played at once
	if a, ok := find(func(a rules.Action) bool { return a.Kind != "play" }); ok {
		return a
	}
	a, _ := find(func(rules.Action) bool { return true })
	return a
}

// hoverOption points at the panel button of act before it is clicked and
// checks that what it does is drawn beside it (choice_explain.go), once a
// kind of option.
func (m *marshalsWalker) hoverOption(act rules.Action) {
	t := m.t
	t.Helper()
	if len(choiceLines(act)) == 0 || m.hovered[act.Rule+act.Choice] {
		return
	}
	p, ok := m.panelPoint(act)
	if !ok {
		return
	}
	m.hovered[act.Rule+act.Choice] = true
	var there bool
	winApp.Do(func() { there = image.Pt(m.b.mx, m.b.my).In(image.Rect(p.X-200, p.Y-60, p.X+200, p.Y+60)) })
	if there {
		// the pointer rests where the last button was clicked: away first
		m.input(Event{Kind: EvMove, X: 4, Y: 4})
	}
	before := m.frame()
	m.input(Event{Kind: EvMove, X: p.X, Y: p.Y})
	after := m.frame()
	// the tip is drawn left of the panel, beside the button
	r := image.Rect(p.X-400, p.Y-30, p.X-120, p.Y+30)
	if n, _ := diffPixels(subImage(before, r), subImage(after, r), 40); n < 200 {
		t.Errorf("turn %d: pointing at %q shows nothing of what it does (%d pixels changed beside it)", m.s.Game.State.Status().Turn, act.Label, n)
	} else {
		m.tipsSeen++
	}
}

// subImage copies r of img (clipped) into its own image.
func subImage(img *image.RGBA, r image.Rectangle) *image.RGBA {
	r = r.Intersect(img.Bounds())
	out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	for y := 0; y < r.Dy(); y++ {
		copy(out.Pix[y*out.Stride:], img.Pix[img.PixOffset(r.Min.X, r.Min.Y+y):img.PixOffset(r.Max.X, r.Min.Y+y)])
	}
	return out
}

// checkLit checks in the frame that the zone the walk is about to click
// is lit in its highlight colour.
func (m *marshalsWalker) checkLit(img *image.RGBA, act rules.Action) {
	if act.To == "" || m.s.Selected == "" {
		return
	}
	for _, h := range m.s.Highlights() {
		if h.At != act.To {
			continue
		}
		c, ok := litColour[h.Kind]
		x, y, on := m.b.ScreenOf(h.At)
		if enemyAt(m.s.View(), -1, h.At) {
			return // counters stand over the highlight
		}
		if !ok || !on || !image.Pt(int(x), int(y)).In(m.b.aboveHint(m.b.BoardRect(winApp)).Inset(30)) || m.b.underMinimap(x, y, 40) {
			return
		}
		if near(img, x, y, 45, c) < 20 {
			m.t.Errorf("%s is lit for %s but the screen shows no highlight there", act.To, m.s.Selected)
		} else {
			m.litSeen++
		}
		return
	}
}

// walkMarshals plays the first two operational turns of a Marshals
// scenario in the real window and returns what it saw.
func walkMarshals(t *testing.T, scenario string, seed uint64) map[string]int {
	if os.Getenv("GROGNARD_WALKTHROUGH") == "0" {
		// some 70 s of CPU each under Xvfb's software renderer (100 to 240
		// steps of one or two frames): about seven minutes for the six
		t.Skip("GROGNARD_WALKTHROUGH=0 skips the Marshals walkthroughs (about a minute each under Xvfb)")
	}
	start := time.Now()
	w := wkOpen(t, scenario, seed)
	m := &marshalsWalker{walker: w, ops: map[string]int{}, hovered: map[string]bool{}}
	seen := map[string]int{}
	logN, pendingLog := 0, false
	budget, profiling := 400, false
	if n, err := strconv.Atoi(os.Getenv("GROGNARD_WALK_STEPS")); err == nil {
		budget, profiling = n, true // a profile of the first n steps
	}
	for w.steps = 0; w.steps < budget; w.steps++ {
		var st rules.Status
		winApp.Do(func() { st = w.s.Game.State.Status() })
		if st.Turn > 2 || w.s.Game.State.Result().Over {
			break
		}
		if w.s.Cover || w.s.Handover || w.b.dialog != nil {
			if !w.s.Cover {
				w.check(w.frame(), nil, "hand-over")
			}
			w.key(ebiten.KeyEnter)
			continue
		}
		if w.s.Menu != nil {
			w.key(ebiten.KeyEscape)
		}
		img := w.frame()
		what := fmt.Sprintf("%s turn %d %s / %s", scenario, st.Turn, st.Phase, st.SubPhase)
		w.check(img, nil, what)
		w.save(img, fmt.Sprintf("%s-%03d", scenario, w.steps))
		if pendingLog {
			// the melee's line (with its amplitude) or the administration's
			// is in the log strip: the strip carries words
			var logR image.Rectangle
			winApp.Do(func() { logR = w.b.logRect(winApp) })
			if n := inkIn(img, logR, lightInk, 90); n < 200 {
				t.Errorf("%s: the log shows no words after the melee or the administration (%d text pixels)", what, n)
			}
			pendingLog = false
		}
		w.lastFrame = nil // the moving stack stays selected: m.checkLit looks at its places
		var acts []rules.Action
		var act rules.Action
		winApp.Do(func() {
			acts = w.s.Legal()
			act = m.pick(acts)
			m.checkLit(img, act)
		})
		if act.Kind == "" {
			t.Fatalf("%s: nothing to do (%d legal actions)", what, len(acts))
		}
		if act.Unit == "" || act.To == "" {
			m.hoverOption(act)
		}
		f0, t0 := winApp.Frames(), time.Now()
		took := w.do(act)
		if testing.Verbose() {
			t.Logf("step %d: %s: %s %q: %v (%d frames, %v)", w.steps, what, act.Kind, act.Label, took, winApp.Frames()-f0, time.Since(t0).Round(time.Millisecond))
		}
		if !took {
			w.bad[act.Key()] = true
			if w.s.Menu != nil || w.s.Selected != "" && act.Kind == "deploy" {
				w.key(ebiten.KeyEscape)
			}
			continue
		}
		switch {
		case act.Choice == "force":
			m.forced++
			seen["forced passage"]++
		case act.Choice == "combat":
			seen["combat"]++
		case act.Rule == "5.3.1":
			seen["enemy places its Retraite marker"]++
		case strings.HasPrefix(act.Label, "Retreat to"):
			seen["retreat"]++
		case act.Kind == "order":
			seen["activation"]++
		case act.Kind == "move":
			seen["move"]++
		case act.Choice == "keep" && act.Rule == "4.0":
			seen["event kept"]++
		case act.Rule == "CR6":
			seen["commander in chief"]++
		case act.Rule == "EV Initiative":
			seen["initiative"]++
		case act.Kind == "deploy":
			seen["decoy"]++
		}
		// what the log now says: a command test, the melee with its
		// amplitude, the administration (the log's strip carries words)
		var lines []string
		winApp.Do(func() { lines = w.s.LogLines() })
		for _, l := range lines[min(logN, len(lines)):] {
			switch {
			case strings.Contains(l, "amplitude"):
				seen["melee with amplitude"]++
				pendingLog = true
			case strings.Contains(l, "command test") || strings.Contains(l, "Command test"):
				seen["command test"]++
			case strings.Contains(l, "Administrative phase"):
				seen["administration"]++
				pendingLog = true
			}
		}
		logN = len(lines)
	}
	if st := w.s.Game.State.Status(); !profiling && st.Turn < 3 && !w.s.Game.State.Result().Over {
		t.Fatalf("%s: after %d steps the game is at turn %d %s: two operational turns not played (saw %v)", scenario, w.steps, st.Turn, st.Phase, seen)
	}
	seen["lit places checked"] = m.litSeen
	seen["option hovers checked"] = m.tipsSeen
	t.Logf("%s: %d steps in %v: %v", scenario, w.steps, time.Since(start).Round(time.Millisecond), seen)
	return seen
}

// marshalsWalkWants checks that a walk saw what its scenario is chosen to show.
func marshalsWalkWants(t *testing.T, seen map[string]int, wants ...string) {
	t.Helper()
	for _, k := range wants {
		if seen[k] == 0 {
			t.Errorf("the walk never reached: %s (saw %v)", k, seen)
		}
	}
}

// TestWalkthrough_marshals_talavera: the first two operational turns of
// marshals-talavera through clicks and keys in the real window (walkMarshals).
func TestWalkthrough_marshals_talavera(t *testing.T) {
	seen := walkMarshals(t, "marshals-talavera", 7)
	marshalsWalkWants(t, seen, "decoy", "commander in chief", "initiative", "event kept", "activation", "command test", "move", "enemy places its Retraite marker", "forced passage", "melee with amplitude", "retreat", "administration")
}

// TestWalkthrough_marshals_advance: the first two operational turns of
// marshals-advance through clicks and keys in the real window (walkMarshals).
func TestWalkthrough_marshals_advance(t *testing.T) {
	seen := walkMarshals(t, "marshals-advance", 7)
	marshalsWalkWants(t, seen, "activation", "move", "enemy places its Retraite marker", "forced passage", "melee with amplitude", "administration")
}

// TestWalkthrough_marshals_retreat: the first two operational turns of
// marshals-retreat through clicks and keys in the real window (walkMarshals).
func TestWalkthrough_marshals_retreat(t *testing.T) {
	seen := walkMarshals(t, "marshals-retreat", 7)
	marshalsWalkWants(t, seen, "activation", "move", "forced passage", "melee with amplitude", "retreat", "administration")
}

// TestWalkthrough_marshals_three_armies: the first two operational turns of
// marshals-three-armies through clicks and keys in the real window (walkMarshals).
func TestWalkthrough_marshals_three_armies(t *testing.T) {
	seen := walkMarshals(t, "marshals-three-armies", 7)
	marshalsWalkWants(t, seen, "activation", "move", "enemy places its Retraite marker", "forced passage", "melee with amplitude", "administration")
}

// TestWalkthrough_marshals_almonacid: the first two operational turns of
// marshals-almonacid through clicks and keys in the real window (walkMarshals).
func TestWalkthrough_marshals_almonacid(t *testing.T) {
	seen := walkMarshals(t, "marshals-almonacid", 7)
	marshalsWalkWants(t, seen, "activation", "command test", "move", "forced passage", "melee with amplitude", "administration")
}

// TestWalkthrough_marshals_ocana: the first two operational turns of
// marshals-ocana through clicks and keys in the real window (walkMarshals).
func TestWalkthrough_marshals_ocana(t *testing.T) {
	seen := walkMarshals(t, "marshals-ocana", 7)
	marshalsWalkWants(t, seen, "activation", "combat", "forced passage", "melee with amplitude", "administration")
}
