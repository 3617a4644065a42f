package game

import (
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// guardBoard is Almansa at the Bourbon set-up on a board scene of a
// 1280x720 app with no window, its clock at *now.
func guardBoard(t *testing.T, now *time.Time) (*App, *BoardScene) {
	t.Helper()
	s, err := NewSession("almansa-1707", 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	a := &App{input: noInput{}, w: 1280, h: 720}
	b := newBoard(a, s)
	a.scene = b
	b.guard.now = func() time.Time { return *now }
	return a, b
}

// panelButton finds the panel button whose words start with label.
func guardButtonNamed(t *testing.T, a *App, b *BoardScene, label string) guardButton {
	t.Helper()
	var seen []string
	for _, gb := range b.buttonsNow(a) {
		if strings.HasPrefix(gb.label, label) {
			return gb
		}
		seen = append(seen, gb.label)
	}
	t.Fatalf("no button %q among %q", label, seen)
	return guardButton{}
}

// mouseClick is a left click at x, y as read from the mouse.
func mouseClick(x, y int) []Event {
	evs := Click(x, y)
	for i := range evs {
		evs[i].device = true
	}
	return evs
}

// tick runs one tick of the board with evs and draws a frame after it, as
// the game loop does (the frame's buttons are noted as drawn).
func tick(a *App, b *BoardScene, evs ...Event) {
	_ = b.update(a, evs)
	b.guardDrawn(a)
}

// TestDoubleClickDoesNotPressTheButtonThatAppearedUnderIt: Almansa's set-up,
// "Historical set-up (one click)" is double-clicked; the first click
// places the army and "Done: end the Bourbon set-up" is drawn at the same
// place. The second click, 120 ms later (or read by the first tick after
// that frame, a lagging frame), does not end the set-up: the player is
// told the button appeared under the pointer. A click on it 400 ms after
// it appeared ends the set-up, and so does a second click at once after a
// first one that was held back. A script's clicks (not from the mouse)
// are held back only under lag: scripted play runs faster than a hand.
func TestDoubleClickDoesNotPressTheButtonThatAppearedUnderIt(t *testing.T) {
	for _, lag := range []bool{false, true} {
		now := time.Date(2026, 11, 27, 23, 0, 0, 0, time.UTC)
		a, b := guardBoard(t, &now)
		tick(a, b)
		now = now.Add(time.Second)
		tick(a, b)
		hist := guardButtonNamed(t, a, b, "Historical set-up")
		p := hist.r.Min.Add(hist.r.Max).Div(2)
		steps := len(b.S.Game.Steps)
		now = now.Add(2 * time.Second)
		tick(a, b, mouseClick(p.X, p.Y)...)
		if len(b.S.Game.Steps) != steps+1 {
			t.Fatalf("the historical set-up was not taken: %d steps, was %d", len(b.S.Game.Steps), steps)
		}
		done := guardButtonAt(b.buttonsNow(a), p)
		if !strings.HasPrefix(done.label, "Done") {
			t.Fatalf("the button now under the pointer is %q, not Done", done.label)
		}
		if !lag {
			tick(a, b) // the frame drawn reaches its first tick
			now = now.Add(120 * time.Millisecond)
		}
		tick(a, b, mouseClick(p.X, p.Y)...)
		if len(b.S.Game.Steps) != steps+1 {
			t.Fatalf("lag %v: the second click of the double click pressed %q, which had just appeared under it", lag, done.label)
		}
		if !strings.Contains(b.S.Message, "appeared under the pointer") || !strings.Contains(b.S.Message, "Done") {
			t.Errorf("lag %v: the message %q does not say the click was not taken and why", lag, b.S.Message)
		}
		if lag {
			// a click at once after the held one is taken: the player
			// saw the message
			now = now.Add(50 * time.Millisecond)
		} else {
			now = now.Add(400 * time.Millisecond)
		}
		tick(a, b, mouseClick(p.X, p.Y)...)
		if len(b.S.Game.Steps) != steps+2 {
			t.Fatalf("lag %v: a deliberate click on %q was not taken", lag, done.label)
		}
	}
}

// TestFastClicksOnButtonsLongOnScreenAreTaken: fast play is not held back.
// A click on a button that has been on the screen a while is taken at
// once even right after another click at the same spot, and so is a
// click on a button the pointer moved onto.
func TestFastClicksOnButtonsLongOnScreenAreTaken(t *testing.T) {
	now := time.Date(2026, 11, 27, 23, 0, 0, 0, time.UTC)
	a, b := guardBoard(t, &now)
	tick(a, b)
	now = now.Add(time.Second)
	tick(a, b)
	// a press on empty board, then the pointer moved onto the button and
	// clicked 100 ms later: taken
	tick(a, b, mouseClick(300, 300)...)
	hist := guardButtonNamed(t, a, b, "Historical set-up")
	p := hist.r.Min.Add(hist.r.Max).Div(2)
	steps := len(b.S.Game.Steps)
	now = now.Add(100 * time.Millisecond)
	tick(a, b, mouseClick(p.X, p.Y)...)
	if len(b.S.Game.Steps) != steps+1 {
		t.Fatal("a click on a button long on the screen was held back")
	}
	// "Done" appeared under the pointer; the player moves away and back
	// and clicks it 200 ms after it was drawn: a press at another spot
	// in between makes it a deliberate click
	tick(a, b)
	now = now.Add(100 * time.Millisecond)
	tick(a, b, mouseClick(p.X, p.Y+200)...)
	now = now.Add(100 * time.Millisecond)
	tick(a, b, mouseClick(p.X, p.Y)...)
	if len(b.S.Game.Steps) != steps+2 {
		t.Fatalf("a click on Done after a click elsewhere was held back: %q", b.S.Message)
	}
}

// TestScriptedClicksHeldBackOnlyUnderLag: injected clicks (a test's
// script) on a button drawn at the spot of the click before are taken once
// a tick has passed since the frame that drew it; a press read by the
// tick right after that frame is held back.
func TestScriptedClicksHeldBackOnlyUnderLag(t *testing.T) {
	now := time.Date(2026, 11, 27, 23, 0, 0, 0, time.UTC)
	a, b := guardBoard(t, &now)
	tick(a, b)
	tick(a, b)
	hist := guardButtonNamed(t, a, b, "Historical set-up")
	p := hist.r.Min.Add(hist.r.Max).Div(2)
	steps := len(b.S.Game.Steps)
	tick(a, b, Click(p.X, p.Y)...)
	tick(a, b, Click(p.X, p.Y)...)
	if len(b.S.Game.Steps) != steps+1 {
		t.Fatal("a scripted click read by the tick right after the frame that drew Done pressed it")
	}
	// again, the other way: a tick passes between the frame and the click
	tick(a, b, Key(ebiten.KeyZ, true)) // take back the set-up
	tick(a, b)
	if len(b.S.Game.Steps) != steps {
		t.Fatalf("Ctrl+Z did not take back the set-up: %d steps", len(b.S.Game.Steps))
	}
	tick(a, b, Click(p.X, p.Y)...)
	tick(a, b)
	tick(a, b, Click(p.X, p.Y)...)
	if len(b.S.Game.Steps) != steps+2 {
		t.Fatalf("a scripted click on Done, drawn a tick ago, was held back: %q", b.S.Message)
	}
}
