package game

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	"grognard/rules/almansa"
)

// almSetUp starts Almansa with the historical set-up of both sides, at
// the Bourbon movement of turn 1.
func almSetUp(t *testing.T) *Session {
	t.Helper()
	s, err := NewSession(almansa.ScenarioID, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ { // Bourbon, Bourbon done with the reserve [6], Allied
		for _, a := range s.PanelActions() {
			if a.Choice == "historical" {
				if _, err := s.Do(a); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	if st := s.View().Status; st.Phase != "Bourbon movement" {
		t.Fatalf("after the set-up: %+v", st)
	}
	return s
}

func statusKey(s *Session) string {
	st := s.Game.State.Status()
	return st.Phase + "|" + st.Decider.String() + "|" + string(rune('0'+st.Turn))
}

// TestSpaceNeverCrossesHandover: Space pressed six times at the Bourbon
// movement with every unit unmoved ends nothing without a confirmation
// that names how many units may still act; once confirmed (Enter) it ends
// that one phase, and the Spaces after it stop at the hand-over: the
// Allied phase is not ended for a side that is not at the keyboard. The
// Bourbon player may still take his end of phase back (Ctrl+Z) until the
// Allies take the keyboard.
func TestSpaceNeverCrossesHandover(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := almSetUp(t)
	a, b := scriptedApp(t, s)
	start := statusKey(s)
	steps := len(s.Game.Steps)
	for range 6 {
		step(t, a, Key(ebiten.KeySpace, false))
	}
	if statusKey(s) != start || len(s.Game.Steps) != steps {
		t.Fatalf("Space ended a phase without asking: %s -> %s", start, statusKey(s))
	}
	if b.dialog == nil {
		t.Fatal("Space with unmoved units should ask first")
	}
	idle := len(s.IdleUnits())
	if idle < 10 || !containsAll(b.dialog.text, itoa(idle)+" units that may still act have not acted") {
		t.Fatalf("the question should say how many units may still act (%d): %q", idle, b.dialog.text)
	}
	// Esc keeps playing.
	step(t, a, Key(ebiten.KeyEscape, false))
	if b.dialog != nil || statusKey(s) != start {
		t.Fatal("Esc should close the question and change nothing")
	}
	// Space then Enter ends the movement, once.
	step(t, a, Key(ebiten.KeySpace, false))
	step(t, a, Key(ebiten.KeyEnter, false))
	after := statusKey(s)
	if after == start {
		t.Fatal("Enter should confirm the end of the phase")
	}
	// Keep ending Bourbon phases with Space+Enter until the Allies decide.
	for i := 0; s.Decider() == almansa.Bourbon && i < 6; i++ {
		step(t, a, Key(ebiten.KeySpace, false))
		if b.dialog != nil {
			step(t, a, Key(ebiten.KeyEnter, false))
		}
	}
	if s.Decider() != almansa.Allied {
		t.Fatalf("the Allies should decide by now: %+v", s.Game.State.Status())
	}
	if !s.Handover || s.CanAct() {
		t.Fatalf("the Allied decision should wait for the Allies to take the keyboard: handover %v", s.Handover)
	}
	handed := statusKey(s)
	n := len(s.Game.Steps)
	for range 6 {
		step(t, a, Key(ebiten.KeySpace, false))
		if b.dialog != nil {
			step(t, a, Key(ebiten.KeyEnter, false))
		}
	}
	if statusKey(s) != handed || len(s.Game.Steps) != n {
		t.Fatalf("Space crossed the hand-over: %s -> %s", handed, statusKey(s))
	}
	// The Bourbon end of phase is still undoable.
	last := s.Game.Steps[n-1]
	step(t, a, Key(ebiten.KeyZ, true))
	if len(s.Game.Steps) >= n || s.Handover || s.Decider() != almansa.Bourbon || !s.CanAct() {
		t.Fatalf("Ctrl+Z at the hand-over should take back %s: steps %d -> %d, decider %v", last.Action.Key(), n, len(s.Game.Steps), s.Decider())
	}
	// Redo it and let the Allies take the keyboard: then undo refuses.
	if _, err := s.Do(last.Action); err != nil {
		t.Fatal(err)
	}
	if !s.Handover {
		t.Fatal("the hand-over should come back")
	}
	step(t, a, Key(ebiten.KeyEnter, false))
	if s.Handover || s.Viewer != almansa.Allied || !s.CanAct() {
		t.Fatal("Enter should give the Allies the keyboard")
	}
	m := len(s.Game.Steps)
	step(t, a, Key(ebiten.KeyZ, true))
	if len(s.Game.Steps) != m {
		t.Fatal("the Allies must not take back the Bourbon decision")
	}
}

// TestEndButtonAsksToo: the End button in the panel asks like Space.
func TestEndButtonAsksToo(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := almSetUp(t)
	a, b := scriptedApp(t, s)
	b.layoutPanel(a)
	var end *panelButton
	for i := range b.panel {
		if b.panel[i].act != nil && b.panel[i].act.Kind == "end" {
			end = &b.panel[i]
		}
	}
	if end == nil {
		t.Fatal("no End button")
	}
	c := end.b.Rect.Min.Add(end.b.Rect.Size().Div(2))
	n := len(s.Game.Steps)
	step(t, a, Click(c.X, c.Y)...)
	if b.dialog == nil || len(s.Game.Steps) != n {
		t.Fatal("the End button should ask first")
	}
	b.layoutDialog(a)
	y := b.dialog.btns[0].Min.Add(b.dialog.btns[0].Size().Div(2))
	step(t, a, Click(y.X, y.Y)...)
	if len(s.Game.Steps) == n {
		t.Fatal("the dialog's first button should end the phase")
	}
}

// TestIdleUnitsForgetActed: a unit that moved is no longer counted.
func TestIdleUnitsForgetActed(t *testing.T) {
	s := almSetUp(t)
	before := len(s.IdleUnits())
	var mv rules.Action
	for _, a := range s.Legal() {
		if a.Kind == "move" {
			mv = a
			break
		}
	}
	if _, err := s.Do(mv); err != nil {
		t.Fatal(err)
	}
	if got := len(s.IdleUnits()); got != before-1 {
		t.Fatalf("after %s moved: %d idle units, want %d", mv.Unit, got, before-1)
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for ; n > 0; n /= 10 {
		d = append([]byte{byte('0' + n%10)}, d...)
	}
	return string(d)
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !contains(s, p) {
			return false
		}
	}
	return true
}

func contains(s, p string) bool {
	for i := 0; i+len(p) <= len(s); i++ {
		if s[i:i+len(p)] == p {
			return true
		}
	}
	return false
}

// TestWindowSpaceStopsAtHandover drives the real window: six Spaces at
// the Bourbon movement open the question (seen in the pixels where it is
// drawn) and end nothing; Enter ends the phase; at the hand-over to the
// Allies (the banner is drawn) six more Spaces end nothing, and Ctrl+Z
// takes the Bourbon end of phase back.
func TestWindowSpaceStopsAtHandover(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	s := almSetUp(t)
	var b *BoardScene
	winApp.Do(func() {
		winApp.startSession(s)
		b = winApp.Board()
	})
	xmove(t, win, 5, winH-5)
	settle(t)
	before := grab(t, win, "space-0")
	start := ""
	winApp.Do(func() { start = statusKey(s) })
	for range 6 {
		xkey(t, "space")
	}
	settle(t)
	asked := grab(t, win, "space-1-asked")
	var dr image.Rectangle
	var now string
	winApp.Do(func() {
		now = statusKey(s)
		if b.dialog != nil {
			b.layoutDialog(winApp)
			dr = b.dialog.rect
		}
	})
	if now != start || dr.Empty() {
		t.Fatalf("six Spaces: status %s -> %s, question %v", start, now, dr)
	}
	if c, n := almRectChanged(before, asked, dr.Inset(4)); c*100 < n*50 {
		t.Errorf("the question is not drawn: %d of %d pixels changed", c, n)
	}
	xkey(t, "Return")
	waitFor(t, "the end of the movement", func() bool { return statusKey(s) != start })
	for i := 0; i < 6; i++ {
		var bourbon, ask bool
		winApp.Do(func() { bourbon, ask = s.Decider() == almansa.Bourbon, b.dialog != nil })
		if !bourbon {
			break
		}
		if ask {
			xkey(t, "Return")
		} else {
			xkey(t, "space")
		}
	}
	var hr image.Rectangle
	var steps int
	winApp.Do(func() { now, hr, steps = statusKey(s), b.handoverRect(winApp), len(s.Game.Steps) })
	waitFor(t, "the hand-over to the Allies", func() bool { return s.Handover && s.Seat == almansa.Allied })
	xmove(t, win, 5, winH-5)
	settle(t)
	hand := grab(t, win, "space-2-handover")
	if c, n := almRectChanged(before, hand, hr.Inset(4)); c*100 < n*30 {
		t.Errorf("the hand-over banner is not drawn: %d of %d pixels changed", c, n)
	}
	for range 6 {
		xkey(t, "space")
	}
	settle(t)
	var after string
	var n2 int
	winApp.Do(func() { after, n2 = statusKey(s), len(s.Game.Steps) })
	if after != now || n2 != steps {
		t.Fatalf("Space crossed the hand-over: %s -> %s (%d -> %d steps)", now, after, steps, n2)
	}
	xkey(t, "ctrl", "z")
	waitFor(t, "the Bourbon end of phase taken back", func() bool {
		return len(s.Game.Steps) < steps && s.Decider() == almansa.Bourbon && s.CanAct()
	})
}
