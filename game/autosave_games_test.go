package game

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/saves"
)

// TestEveryGameStaysInContinue: two games played one after the other each
// keep their own autosave; the menu's Continue offers both (newest first,
// with scenario and turn) and opens either as it stood.
func TestEveryGameStaysInContinue(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	// The menu a player sees: without the fixture systems (the window
	// tests list them, and then only one recent game fits below them).
	t.Setenv(EnvFixtures, "")
	first := newHexSession(t, 9)
	a, _ := scriptedApp(t, first)
	a.startSession(first)
	first.Select("b2")
	if _, err := first.ClickLoc("0205"); err != nil {
		t.Fatal(err)
	}
	second := newHexSession(t, 10)
	a.startSession(second)
	second.Select("b2")
	if _, err := second.ClickLoc("0204"); err != nil {
		t.Fatal(err)
	}
	if first.AutoKey == second.AutoKey {
		t.Fatalf("two games share the autosave %q", first.AutoKey)
	}
	a.ToMenu("")
	m := a.scene.(*menuScene)
	if len(m.recent) != 2 || m.recent[0].Key != second.AutoKey || m.recent[1].Key != first.AutoKey {
		t.Fatalf("recent games %+v", m.recent)
	}
	m.layout(a)
	// The recent games' buttons come in the order of m.recent; both games
	// may carry the same title (scenario, turn, phase): their second lines
	// (autosave time, decisions) differ.
	var cont, older *menuButton
	var recentButtons []*menuButton
	for i := range m.buttons {
		switch {
		case m.buttons[i].b.Label == "Continue":
			cont = &m.buttons[i]
		case contains(m.buttons[i].b.Sub, "autosaved"):
			recentButtons = append(recentButtons, &m.buttons[i])
		}
	}
	if len(recentButtons) == 2 {
		older = recentButtons[1]
		if !strings.HasPrefix(m.recent[1].Title(), older.b.Label) || !contains(older.b.Sub, "decisions") {
			t.Fatalf("the second recent game's button: %q / %q", older.b.Label, older.b.Sub)
		}
	}
	// Continue names the last game: its title, or as much of it as shows
	// whole on the button (without the phase, or its tail).
	if cont == nil || !cont.b.Enabled || cont.b.Sub == "" || !strings.Contains(m.recent[0].Title(), cont.b.Sub) {
		t.Fatalf("Continue button %+v", cont)
	}
	if older == nil || !contains(older.b.Sub, "autosaved") {
		t.Fatalf("no button for the first game (%q)", m.recent[1].Title())
	}
	c := older.b.Rect.Min.Add(older.b.Rect.Size().Div(2))
	step(t, a, Click(c.X, c.Y)...)
	b := a.Board()
	if b == nil || !bytes.Equal(snapshot(t, first), snapshot(t, b.S)) {
		t.Fatalf("the first game did not come back: %q", m.msg)
	}
}

// TestContinueGreyedWithNothing: with no autosave Continue is disabled.
func TestContinueGreyedWithNothing(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	a := NewApp()
	a.input = &scriptInput{}
	a.Layout(WindowW, WindowH)
	m := a.scene.(*menuScene)
	m.layout(a)
	for _, b := range m.buttons {
		if b.b.Label == "Continue" {
			if b.b.Enabled {
				t.Fatal("Continue is enabled with nothing to continue")
			}
			c := b.b.Rect.Min.Add(b.b.Rect.Size().Div(2))
			step(t, a, Click(c.X, c.Y)...)
			if a.Board() != nil {
				t.Fatal("a disabled Continue opened a game")
			}
			return
		}
	}
	t.Fatal("no Continue button")
}

// TestLoadAsksBeforeLeaving: Ctrl+O in a game with decisions not saved to
// a file asks first; Esc keeps the game; Enter loads. Loading never
// removes the left game's autosave.
func TestLoadAsksBeforeLeaving(t *testing.T) {
	home := t.TempDir()
	t.Setenv("GROGNARD_HOME", home)
	saved := newHexSession(t, 4)
	p := filepath.Join(home, "other.json")
	if err := saved.Save(p); err != nil {
		t.Fatal(err)
	}
	s := newHexSession(t, 9)
	a, _ := scriptedApp(t, s)
	a.startSession(s)
	a.loadPath = func() (string, error) { return p, nil }
	b := a.Board()
	s.Select("b2")
	if _, err := s.ClickLoc("0205"); err != nil {
		t.Fatal(err)
	}
	step(t, a, Key(ebiten.KeyO, true))
	if b.dialog == nil || a.Board() != b {
		t.Fatal("Ctrl+O with an unsaved game should ask first")
	}
	if !contains(b.dialog.text, "1 decision not saved") || !contains(b.dialog.text, "Continue") {
		t.Fatalf("the question: %q", b.dialog.text)
	}
	step(t, a, Key(ebiten.KeyEscape, false))
	if a.Board() != b || b.dialog != nil {
		t.Fatal("Esc should keep the game")
	}
	step(t, a, Key(ebiten.KeyO, true))
	step(t, a, Key(ebiten.KeyEnter, false))
	if a.Board() == b {
		t.Fatal("Enter should load the other game")
	}
	dir, _ := saves.Dir()
	if _, err := os.Stat(saves.GameAutosavePath(dir, s.AutoKey)); err != nil {
		t.Fatalf("the left game's autosave is gone: %v", err)
	}
	// A saved game leaves without a question.
	l := a.Board()
	if l.S.Unsaved() != 0 {
		t.Fatalf("a loaded game has %d unsaved decisions", l.S.Unsaved())
	}
	step(t, a, Key(ebiten.KeyO, true))
	if l.dialog != nil {
		t.Fatal("a game with nothing unsaved should load at once")
	}
}

// TestRecentGameLabelsFit (#11.9, #11.2): the recent games' buttons say
// scenario, turn and phase, and the autosave time with the decisions, in
// full at 1280x720 (never cut to "...").
func TestRecentGameLabelsFit(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	t.Setenv(EnvFixtures, "")
	s := newHexSession(t, 9)
	a, _ := scriptedApp(t, s)
	a.startSession(s)
	for _, to := range []string{"0205"} {
		s.Select("b2")
		if _, err := s.ClickLoc(to); err != nil {
			t.Fatal(err)
		}
	}
	a.ToMenu("")
	m := a.scene.(*menuScene)
	m.layout(a)
	n := 0
	for _, b := range m.buttons {
		if !contains(b.b.Sub, "autosaved") {
			continue
		}
		n++
		h := float64(b.b.Rect.Dy())
		lf := render.Bold(math.Min(15, math.Max(10, h*0.38)))
		sf := render.Face(math.Min(12, math.Max(9, h*0.26)))
		if w, _ := render.Measure(b.b.Label, lf); w > float64(b.b.Rect.Dx()-10) {
			t.Errorf("label %q (%.0f px) is cut in %d px", b.b.Label, w, b.b.Rect.Dx()-10)
		}
		sub := b.b.Sub + "00" // room for two more digits of decisions
		if w, _ := render.Measure(sub, sf); w > float64(b.b.Rect.Dx()-10) {
			t.Errorf("second line %q (%.0f px) is cut in %d px", b.b.Sub, w, b.b.Rect.Dx()-10)
		}
	}
	if n == 0 {
		t.Fatal("no recent game button")
	}
}
