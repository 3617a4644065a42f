package game

import (
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
)

// The walkthroughs of newcomer issue #18: a scenario played in the real
// window through the game's own input path only (App.Inject: the events
// the mouse and keys make; never the session API), a whole turn for both
// sides, as a newcomer would: Tab to a unit, a click on a lit place, a
// click on a panel button or a card, Enter at a question or a hand-over.
// At each step the frame's pixels are checked: the prompt strip is drawn
// with its words, the lit places of a selected unit are lit, every option
// of the panel shows its words.

// walker plays one scenario in the test window.
type walker struct {
	t     *testing.T
	name  string
	b     *BoardScene
	s     *Session
	steps int
	// what was exercised, by kind of action
	did map[string]int
	// actions that the window did not take (never tried twice)
	bad   map[string]bool
	moved map[string]int // moves taken per phase
	shots string
	// lastFrame is the frame before the unit was selected
	lastFrame *image.RGBA
	// shown is the frame drawn after the last input
	shown *image.RGBA
}

// wkOpen opens a scenario at a seed in the test window.
func wkOpen(t *testing.T, scenario string, seed uint64) *walker {
	t.Helper()
	needLoop(t)
	t.Setenv(EnvOpen, scenario)
	t.Setenv(EnvSeed, fmt.Sprint(seed))
	w := &walker{t: t, name: scenario, did: map[string]int{}, bad: map[string]bool{}, moved: map[string]int{}, shots: os.Getenv("GROGNARD_SHOTS")}
	winApp.Do(func() {
		if err := winApp.openFromEnv(); err != nil {
			panic(err)
		}
		w.b = winApp.Board()
		w.s = w.b.S
	})
	w.input()
	return w
}

// input injects events and waits for the app to take them and draw.
func (w *walker) input(evs ...Event) {
	w.t.Helper()
	t0 := time.Now()
	// The frame drawn after the events is kept (frame): one draw a step.
	var got *image.RGBA
	winApp.Do(func() {
		winApp.Inject(evs...)
		winApp.Redraw()
		winApp.afterDraw = func(scr *ebiten.Image) {
			if len(winApp.injected) == 0 {
				got = pixels(scr)
			}
		}
	})
	waitFor(w.t, "the events taken and drawn", func() bool { return len(winApp.injected) == 0 && !winApp.dirty && got != nil })
	winApp.Do(func() { winApp.afterDraw = nil; w.shown = got })
	if os.Getenv("WK_TRACE") != "" {
		w.t.Logf("  input %d events: %v", len(evs), time.Since(t0).Round(time.Millisecond))
	}
}

// frame is the screen as last drawn (read on the game loop after a draw).
func (w *walker) frame() *image.RGBA {
	w.t.Helper()
	if w.shown != nil {
		return w.shown
	}
	var out *image.RGBA
	winApp.Do(func() {
		winApp.afterDraw = func(scr *ebiten.Image) {
			if out == nil {
				out = pixels(scr)
			}
		}
		winApp.Redraw()
	})
	waitFor(w.t, "a frame", func() bool { return out != nil })
	winApp.Do(func() { winApp.afterDraw = nil })
	return out
}

// save writes a frame to GROGNARD_SHOTS (when set) as name.png.
func (w *walker) save(img *image.RGBA, name string) {
	if w.shots == "" {
		return
	}
	_ = os.MkdirAll(w.shots, 0o755)
	f, err := os.Create(filepath.Join(w.shots, name+".png"))
	if err != nil {
		w.t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		w.t.Fatal(err)
	}
}

// inkIn counts the pixels of r close to an ink colour.
func inkIn(img *image.RGBA, r image.Rectangle, ink [3]int, tol int) int {
	r = r.Intersect(img.Bounds())
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := img.PixOffset(x, y)
			d := 0
			for k := range 3 {
				v := int(img.Pix[i+k]) - ink[k]
				if v < 0 {
					v = -v
				}
				d += v
			}
			if d <= tol {
				n++
			}
		}
	}
	return n
}

var (
	goldInk  = [3]int{0xe8, 0xc0, 0x4a}
	lightInk = [3]int{0xf0, 0xe6, 0xd0}
)

// check checks the pixels of the frame: the prompt strip (or an open
// question) carries its words; every panel option shows its words; the
// lit places of the selected unit differ from the frame before it was
// selected (before, when given).
func (w *walker) check(img *image.RGBA, before *image.RGBA, what string) {
	t := w.t
	t.Helper()
	var hint, dialog image.Rectangle
	var buttons []image.Rectangle
	var labels []string
	var lit []image.Point
	var radius float64
	var board, mm image.Rectangle
	var over []image.Rectangle
	winApp.Do(func() {
		hint = w.b.hintRect
		if w.b.dialog != nil {
			w.b.layoutDialog(winApp)
			dialog = w.b.dialog.rect
		}
		w.b.layoutPanel(winApp)
		for _, pb := range w.b.panel {
			if pb.act != nil && !pb.isCard && pb.b.Rect.Dy() > 0 {
				buttons = append(buttons, pb.b.Rect)
				labels = append(labels, pb.b.Label)
			}
		}
		board = w.b.BoardRect(winApp)
		mm = w.b.RB.MinimapBox(w.b.Cam, w.b.minimapHidden)
		// overlays that may cover lit places: the dice tray (shown for a
		// while after a roll, so whether it is there depends on the
		// machine's pace) and a lesson's card
		over = append(over, w.b.trayRect)
		if ls, ok := winApp.scene.(*lessonScene); ok {
			over = append(over, ls.card)
		}
		radius = render.HexSize * w.b.Cam.Zoom
		if w.s.Selected != "" && w.s.CanAct() {
			for _, h := range w.s.Highlights() {
				if x, y, ok := w.b.ScreenOf(h.At); ok {
					lit = append(lit, image.Pt(int(x), int(y)))
				}
			}
		}
	})
	switch {
	case !dialog.Empty():
		if n := inkIn(img, dialog, goldInk, 60); n < 40 {
			t.Errorf("%s: the question's title is not drawn (%d gold pixels in %v)", what, n, dialog)
		}
	case w.s.Cover:
	default:
		if hint.Empty() {
			t.Errorf("%s: no prompt strip", what)
		} else if n := inkIn(img, hint, goldInk, 90); n < 25 {
			t.Errorf("%s: the prompt strip %v shows no words (%d gold pixels)", what, hint, n)
		}
	}
	for i, r := range buttons {
		if !r.In(img.Bounds()) {
			t.Errorf("%s: the option %q at %v is off the screen", what, labels[i], r)
			continue
		}
		if n := inkIn(img, r.Inset(4), lightInk, 90) + inkIn(img, r.Inset(4), [3]int{0x1e, 0x1a, 0x16}, 60); n < 20 {
			t.Errorf("%s: the option %q at %v shows no words (%d text pixels)", what, labels[i], r, n)
		}
	}
	if before == nil {
		return
	}
	open := board
	open.Max.Y = min(open.Max.Y, hint.Min.Y)
	seen, changed := 0, 0
	for _, p := range lit {
		if !p.In(open.Inset(int(radius))) || p.In(mm.Inset(-int(radius))) || underAny(p, over, int(radius)) {
			continue
		}
		seen++
		c, n := changedRing(before, img, float64(p.X), float64(p.Y), radius*0.55, radius*0.85)
		if n > 0 && float64(c) >= 0.15*float64(n) {
			changed++
		}
	}
	if seen > 0 && changed < seen*3/4 {
		t.Errorf("%s: %d of the %d lit places on the screen are not lit in the pixels", what, seen-changed, seen)
	}
}

// panelPoint is the centre of the panel entry (button or card) of act.
func (w *walker) panelPoint(act rules.Action) (image.Point, bool) {
	var p image.Point
	ok := false
	winApp.Do(func() {
		w.b.layoutPanel(winApp)
		for _, pb := range w.b.panel {
			if pb.act != nil && pb.act.Key() == act.Key() {
				p, ok = pb.b.Rect.Min.Add(pb.b.Rect.Size().Div(2)), true
				return
			}
		}
	})
	return p, ok
}

// click clicks at p (Shift held when shift).
func (w *walker) click(p image.Point, shift bool) {
	w.input(Event{Kind: EvMove, X: p.X, Y: p.Y}, Event{Kind: EvDown, X: p.X, Y: p.Y}, Event{Kind: EvUp, X: p.X, Y: p.Y, Shift: shift})
}

// key presses a key.
func (w *walker) key(k ebiten.Key) { w.input(Key(k, false)) }

// stepsNow is the number of decisions taken.
func (w *walker) stepsNow() int {
	n := 0
	winApp.Do(func() { n = len(w.s.Game.Steps) })
	return n
}

// enemyDistance is the screen distance from loc to the nearest unit of
// another side.
func (w *walker) enemyDistance(loc string, side rules.Side) float64 {
	x, y, ok := w.b.RB.Center(loc)
	if !ok {
		return math.Inf(1)
	}
	best := math.Inf(1)
	for _, u := range w.s.View().Units {
		if u.Side != side && u.Side >= 0 && u.At != "" && !u.Eliminated {
			if ux, uy, ok := w.b.RB.Center(u.At); ok {
				best = math.Min(best, math.Hypot(ux-x, uy-y))
			}
		}
	}
	return best
}

// pick chooses the next action as a newcomer trying each thing once or
// twice: a combat when one is offered, a few moves toward the enemy each
// phase, a choice of the panel (the historical set-up, an activation, a
// card), else the end of the phase.
func (w *walker) pick(acts []rules.Action) (rules.Action, bool) {
	phase := w.s.phaseKey()
	var end, choice, card, other *rules.Action
	var move *rules.Action
	bestD := math.Inf(1)
	for i := range acts {
		a := &acts[i]
		if w.bad[a.Key()] || a.Kind == "face" {
			continue
		}
		switch {
		case IsCombat(a.Kind) && a.To != "":
			return *a, true
		case a.Kind == "move" && a.To != "":
			if w.moved[phase] >= 2 || len(a.Units) > 0 {
				continue // a few moves a phase are enough to see them
			}
			u, _ := w.s.Unit(a.Unit)
			d := w.enemyDistance(a.To, u.Side) - w.enemyDistance(u.At, u.Side)
			if d < bestD {
				bestD, move = d, a
			}
		case a.Kind == "end":
			if end == nil {
				end = a
			}
		case a.Kind == "play" || strings.HasPrefix(a.Label, "Play "):
			if card == nil {
				card = a
			}
		case a.To == "" && (a.Kind == "choose" && (a.Unit == "" || strings.HasPrefix(a.Label, "Activate")) || a.Kind == "order" || a.Kind == "activate"):
			if choice == nil || strings.Contains(a.Label, "Historical") {
				choice = a
			}
		default:
			if other == nil {
				other = a
			}
		}
	}
	for _, a := range []*rules.Action{card, choice, move, end, other} {
		if a == nil {
			continue
		}
		if a == move {
			w.moved[phase]++
		}
		if a == choice && strings.HasPrefix(a.Label, "Order ") && w.moved["order"+phase] >= 2 && end != nil {
			continue // two orders are enough to see them move
		}
		if a == choice && strings.HasPrefix(a.Label, "Order ") {
			w.moved["order"+phase]++
		}
		return *a, true
	}
	return rules.Action{}, false
}

// do takes act through the window: a panel entry is clicked; an action on
// a place is taken by Tab to its unit (or a click on it) and a click on
// the lit place (Shift+click onto a friend), the menu's entry when one
// opens. It reports whether the game took a decision.
func (w *walker) do(act rules.Action) bool {
	t := w.t
	t.Helper()
	before := w.stepsNow()
	if act.To == "" || act.Unit == "" {
		if act.Unit != "" {
			// a unit's own action: in the panel once the unit is selected
			w.selectUnit(act.Unit)
		}
		p, ok := w.panelPoint(act)
		if !ok {
			if act.Kind == "end" {
				w.key(ebiten.KeySpace)
			} else {
				return false
			}
		} else {
			w.click(p, false)
		}
	} else {
		w.selectUnit(act.Unit)
		if w.s.Selected != act.Unit {
			return false
		}
		sel := w.frame()
		w.check(sel, w.lastFrame, "selected "+act.Unit)
		var p image.Point
		var onScreen, friend bool
		winApp.Do(func() {
			x, y, ok := w.b.ScreenOf(act.To)
			p = image.Pt(int(math.Round(x)), int(math.Round(y)))
			r := w.b.aboveHint(w.b.BoardRect(winApp)).Inset(4)
			onScreen = ok && p.In(r) && !w.b.RB.MinimapAt(w.b.Cam, x, y)
			friend = w.b.friendUnder(w.s.View(), x, y) != ""
		})
		if !onScreen {
			// Off the screen: the whole map (F), then the place.
			w.key(ebiten.KeyF)
			winApp.Do(func() {
				x, y, ok := w.b.ScreenOf(act.To)
				p = image.Pt(int(math.Round(x)), int(math.Round(y)))
				onScreen = ok && p.In(w.b.aboveHint(w.b.BoardRect(winApp)).Inset(4)) && !w.b.RB.MinimapAt(w.b.Cam, x, y)
				friend = w.b.friendUnder(w.s.View(), x, y) != ""
			})
			if !onScreen {
				return false
			}
		}
		w.click(p, friend)
		if w.s.Menu != nil {
			var q image.Point
			found := false
			winApp.Do(func() {
				w.b.layoutMenu(winApp)
				for i, m := range w.s.Menu {
					if m.Key() == act.Key() && i < len(w.b.menu) {
						q, found = w.b.menu[i].Min.Add(w.b.menu[i].Size().Div(2)), true
					}
				}
			})
			if !found {
				w.key(ebiten.KeyEscape)
				return false
			}
			w.click(q, false)
		}
	}
	// A question (ending with units idle, closing a formation): yes.
	for range 3 {
		if w.b.dialog == nil {
			break
		}
		w.check(w.frame(), nil, "the question before "+act.Label)
		w.key(ebiten.KeyEnter)
	}
	return w.stepsNow() > before
}

// play plays until done reports true (or the step budget runs out).
func (w *walker) play(done func() bool, budget int) {
	t := w.t
	t.Helper()
	start := time.Now()
	w.lastFrame = nil
	for w.steps = 0; w.steps < budget; w.steps++ {
		over := false
		winApp.Do(func() { over = done() || w.s.Game.State.Result().Over })
		if over {
			t.Logf("%s: %d steps, %v, did %v", w.name, w.steps, time.Since(start).Round(time.Millisecond), w.did)
			return
		}
		if w.s.Cover || w.s.Handover {
			img := w.frame()
			if !w.s.Cover {
				w.check(img, nil, "hand-over")
			}
			w.key(ebiten.KeyEnter)
			continue
		}
		if w.b.dialog != nil {
			w.key(ebiten.KeyEnter)
			continue
		}
		// Nothing selected: the frame the player starts from.
		if w.s.Selected != "" {
			w.key(ebiten.KeyEscape)
		}
		img := w.frame()
		st := w.s.Game.State.Status()
		w.check(img, nil, fmt.Sprintf("turn %d %s", st.Turn, st.Phase))
		w.save(img, fmt.Sprintf("%s-%03d", w.name, w.steps))
		w.lastFrame = img
		var acts []rules.Action
		winApp.Do(func() { acts = w.s.Legal() })
		act, ok := w.pick(acts)
		if !ok {
			t.Fatalf("%s: nothing the window can do at turn %d %s: %d legal actions", w.name, st.Turn, st.Phase, len(acts))
		}
		t0 := time.Now()
		took := w.do(act)
		if testing.Verbose() {
			t.Logf("step %d %s %q: %v (%v)", w.steps, act.Kind, act.Label, took, time.Since(t0).Round(time.Millisecond))
		}
		if took {
			w.did[act.Kind]++
		} else {
			w.bad[act.Key()] = true
			if w.s.Menu != nil || w.s.Selected != "" {
				w.key(ebiten.KeyEscape)
			}
		}
	}
	t.Fatalf("%s: not done after %d steps (turn %d %s)", w.name, budget, w.s.Game.State.Status().Turn, w.s.Game.State.Status().Phase)
}

// TestWalkthrough_almansa_1707: the historical set-up of both armies, then
// turn 1 for both sides (command, movement, fire, shock, rally) through
// the window, its pixels checked at every step.
func TestWalkthrough_almansa_1707(t *testing.T) {
	w := wkOpen(t, "almansa-1707", 3)
	w.play(func() bool { return w.s.Game.State.Status().Turn >= 2 }, 300)
	if w.did["move"] == 0 || w.did["end"] == 0 {
		t.Errorf("the turn went by without a move or an end: %v", w.did)
	}
}

// TestWalkthrough_venta_del_pozo: a card played, units ordered, moved and
// battling, for the French and the British turn, through the window.
func TestWalkthrough_venta_del_pozo(t *testing.T) {
	w := wkOpen(t, "venta-del-pozo", 3)
	w.play(func() bool { return w.s.Game.State.Status().Turn >= 3 }, 300)
	if w.did["move"] == 0 {
		t.Errorf("no unit moved: %v", w.did)
	}
}

// TestWalkthrough_albuera_1811: a whole turn of Albuera: every chit drawn,
// its brigade activated, units moved, the fire windows and the end of the
// turn, through the window.
func TestWalkthrough_albuera_1811(t *testing.T) {
	w := wkOpen(t, "albuera-1811", 3)
	w.play(func() bool { return w.s.Game.State.Status().Turn >= 2 }, 500)
	if w.did["move"] == 0 {
		t.Errorf("no unit moved: %v", w.did)
	}
}

// selectUnit selects a unit as a player does: a click on its counter (in
// its opened stack when it stands in one), else Tab until it is selected.
func (w *walker) selectUnit(id string) {
	var at image.Point
	ok := false
	winApp.Do(func() {
		u, found := w.s.Unit(id)
		if !found || u.At == "" {
			return
		}
		x, y, on := w.b.ScreenOf(u.At)
		p := image.Pt(int(math.Round(x)), int(math.Round(y)))
		ok = on && p.In(w.b.aboveHint(w.b.BoardRect(winApp)).Inset(8)) && !w.b.RB.MinimapAt(w.b.Cam, x, y)
		at = p
	})
	if ok {
		w.click(at, false)
		if w.s.Selected != id && w.b.openStack != "" {
			// the stack opened: find the counter among its spread
			var q image.Point
			found := false
			winApp.Do(func() {
				r := int(3 * render.HexSize * w.b.Cam.Zoom)
				v := w.s.View()
				for dy := -r; dy <= r && !found; dy += 4 {
					for dx := -r; dx <= r && !found; dx += 4 {
						if got, ok := w.b.RB.PickUnitOpen(w.b.Cam, v, w.b.openStack, float64(at.X+dx), float64(at.Y+dy)); ok && got == id {
							q, found = image.Pt(at.X+dx, at.Y+dy), true
						}
					}
				}
			})
			if found {
				w.click(q, false)
			}
		}
	}
	for range 30 {
		if w.s.Selected == id {
			return
		}
		w.key(ebiten.KeyTab)
	}
}

// underAny reports p within r of one of the (non-empty) rectangles.
func underAny(p image.Point, rs []image.Rectangle, r int) bool {
	for _, o := range rs {
		if !o.Empty() && p.In(o.Inset(-r)) {
			return true
		}
	}
	return false
}
