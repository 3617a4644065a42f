package game

import (
	"grognard/render"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestMenuEnterStartsOnlyAChosenScenario: an Enter that reaches the menu
// before the player chose anything on it (a key press meant for a dialog
// that just closed) starts no game, and says what a second Enter starts;
// a scenario clicked on the menu then starts with Enter.
func TestMenuEnterStartsOnlyAChosenScenario(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	a := NewApp()
	a.input = &scriptInput{}
	a.Layout(WindowW, WindowH)
	m := a.scene.(*menuScene)
	step(t, a, Key(ebiten.KeyEnter, false))
	if a.Board() != nil {
		t.Fatal("an Enter the player did not aim at the menu started a game")
	}
	if !strings.Contains(m.msg, "Enter again") {
		t.Errorf("the menu says %q", m.msg)
	}
	// Choose Venta del Pozo by clicking it, then Enter starts it.
	m.layout(a)
	clicked := false
	for _, b := range m.buttons {
		if strings.Contains(b.b.Sub, "Venta del Pozo") {
			step(t, a, Click(b.b.Rect.Min.X+5, b.b.Rect.Min.Y+5)...)
			m.layout(a)
			for _, s := range m.buttons {
				if strings.Contains(s.b.Label, "Venta del Pozo") {
					step(t, a, Click(s.b.Rect.Min.X+5, s.b.Rect.Min.Y+5)...)
					clicked = true
					break
				}
			}
			break
		}
	}
	if !clicked {
		t.Fatal("no system button names Venta del Pozo")
	}
	if a.Board() != nil {
		t.Fatal("a click on a scenario started a game")
	}
	step(t, a, Key(ebiten.KeyEnter, false))
	b := a.Board()
	if b == nil || !strings.Contains(b.S.Game.Scenario, "venta") {
		t.Fatalf("Enter after choosing Venta del Pozo: board %v", b != nil)
	}
}

// TestMenuNamesSystemAndScenario: each system's button names its
// scenarios, and the Start button names the scenario and its system.
func TestMenuNamesSystemAndScenario(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	a := NewApp()
	a.input = &scriptInput{}
	a.Layout(WindowW, WindowH)
	m := a.scene.(*menuScene)
	// A scenario's name as the buttons may shorten it: without the prefix
	// its system's scenarios share, up to its first comma.
	short := func(n string) string {
		if i := strings.Index(n, ": "); i >= 0 {
			n = n[i+2:]
		}
		n = cutAt(n, ",")
		if i := strings.Index(n, " at "); i >= 0 { // Start may keep "Venta del Pozo" only
			n = n[i+4:]
		}
		return n
	}
	for i, s := range m.systems {
		m.sys, m.scen = i, 0
		m.layout(a)
		sc, _ := m.current()
		found, start := false, false
		for _, b := range m.buttons {
			if b.b.Label == s.Name && strings.Contains(b.b.Sub, short(sc.Name)) {
				found = true
			}
			if b.b.Label == "Start" && strings.Contains(b.b.Sub, short(sc.Name)) {
				start = true
			}
			if b.b.Sub != "" && !render.ButtonSubFits(b.b.Sub, b.b.Rect.Dx(), b.b.Rect.Dy()) {
				t.Errorf("%s: the button %q's second line %q is cut at 1280x720", s.Name, b.b.Label, b.b.Sub)
			}
		}
		if !found || !start {
			t.Errorf("%s: system button names %s: %v; Start names it: %v", s.Name, sc.Name, found, start)
		}
	}
}
