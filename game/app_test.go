package game

import (
	"bytes"
	"math"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules/fixture"
)

// scriptInput is an Input with no real device: tests inject events.
type scriptInput struct{ held map[ebiten.Key]bool }

func (s *scriptInput) Poll() []Event          { return nil }
func (s *scriptInput) Held(k ebiten.Key) bool { return s.held[k] }

func scriptedApp(t *testing.T, s *Session) (*App, *BoardScene) {
	t.Helper()
	a := NewApp()
	a.input = &scriptInput{}
	a.Layout(WindowW, WindowH)
	b := a.OpenSession(s)
	return a, b
}

func step(t *testing.T, a *App, evs ...Event) {
	t.Helper()
	a.Inject(evs...)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
}

func clickAt(t *testing.T, a *App, b *BoardScene, loc string) {
	t.Helper()
	x, y, ok := b.ScreenOf(loc)
	if !ok {
		t.Fatalf("no screen position for %s", loc)
	}
	step(t, a, Click(int(math.Round(x)), int(math.Round(y)))...)
}

// TestInputLayer drives the board through the app's input path (the same
// events real mouse and keys produce): click a unit, click a highlight,
// Esc, Space, Ctrl+Z, Ctrl+S.
func TestInputLayer(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := newHexSession(t, 1)
	a, b := scriptedApp(t, s)
	clickAt(t, a, b, "0104")
	if s.Selected != "b2" {
		t.Fatalf("click on the Hussars selected %q", s.Selected)
	}
	step(t, a, Key(ebiten.KeyEscape, false))
	if s.Selected != "" {
		t.Fatal("Esc should clear the selection")
	}
	// A stack opens first, then one of its units is picked.
	clickAt(t, a, b, "0103")
	if b.openStack != "0103" || s.Selected != "" {
		t.Fatalf("click on a stack: open %q selected %q", b.openStack, s.Selected)
	}
	step(t, a, Key(ebiten.KeyEscape, false))
	clickAt(t, a, b, "0104")
	// 0205 holds a friend (b4's counter): a plain click would select it
	// (newcomer issue #18 point 6), Shift+click moves onto it.
	if x, y, ok := b.ScreenOf("0205"); ok {
		X, Y := int(math.Round(x)), int(math.Round(y))
		step(t, a, Event{Kind: EvMove, X: X, Y: Y}, Event{Kind: EvDown, X: X, Y: Y}, Event{Kind: EvUp, X: X, Y: Y, Shift: true})
	}
	if u := findUnit(s, "b2"); u.At != "0205" {
		t.Fatalf("click on the lit 0205 left b2 at %s", u.At)
	}
	step(t, a, Key(ebiten.KeyZ, true))
	if u := findUnit(s, "b2"); u.At != "0104" {
		t.Fatalf("Ctrl+Z left b2 at %s", u.At)
	}
	p := filepath.Join(t.TempDir(), "s.json")
	a.savePath = func() (string, error) { return p, nil }
	step(t, a, Key(ebiten.KeyS, true))
	l, err := LoadSession(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(snapshot(t, s), snapshot(t, l)) {
		t.Fatal("Ctrl+S saved a different game")
	}
	step(t, a, Key(ebiten.KeySpace, false))
	if b.dialog != nil {
		step(t, a, Key(ebiten.KeyEnter, false))
	}
	if s.View().Status.Phase != "Fire" {
		t.Fatalf("Space should end the Movement phase, phase is %s", s.View().Status.Phase)
	}
	// Zoom and fit.
	z := b.Cam.Zoom
	step(t, a, Event{Kind: EvWheel, X: 300, Y: 300, DY: 1})
	if b.Cam.Zoom <= z {
		t.Fatal("wheel up should zoom in")
	}
	step(t, a, Key(ebiten.KeyF, false))
	if b.Cam.Zoom != z {
		t.Fatalf("F should fit the map again: zoom %v want %v", b.Cam.Zoom, z)
	}
}

func TestMenuStartsTheChosenScenario(t *testing.T) {
	t.Setenv(EnvFixtures, "1")
	t.Setenv("GROGNARD_HOME", t.TempDir())
	fixture.Register()
	a := NewApp()
	a.input = &scriptInput{}
	a.Layout(WindowW, WindowH)
	m := a.scene.(*menuScene)
	m.layout(a)
	var start, sys menuButton
	for _, b := range m.buttons {
		switch b.b.Label {
		case "Start":
			start = b
		case "Fixture (zones, open)":
			sys = b
		}
	}
	if sys.do == nil || start.do == nil {
		t.Fatalf("menu buttons: %+v", m.buttons)
	}
	c := sys.b.Rect.Min.Add(sys.b.Rect.Size().Div(2))
	step(t, a, Click(c.X, c.Y)...)
	c = start.b.Rect.Min.Add(start.b.Rect.Size().Div(2))
	step(t, a, Click(c.X, c.Y)...)
	b := a.Board()
	if b == nil || b.S.Game.Scenario != fixture.ZoneScenario {
		t.Fatalf("the menu did not open the zone scenario")
	}
	if b.S.View().Status.Turn != 1 {
		t.Fatal("a new game starts at turn 1")
	}
}

func TestContinueFromTheAutosave(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := newHexSession(t, 9)
	a, _ := scriptedApp(t, s)
	a.startSession(s) // wires saves.Autosave
	s.Select("b2")
	if _, err := s.ClickLoc("0205"); err != nil {
		t.Fatal(err)
	}
	a.ToMenu("")
	m := a.scene.(*menuScene)
	m.continueAuto(a)
	b := a.Board()
	if b == nil || b.S == s {
		t.Fatalf("Continue did not open the autosave: %q", m.msg)
	}
	if !bytes.Equal(snapshot(t, s), snapshot(t, b.S)) {
		t.Fatal("the autosave holds a different game")
	}
	// With no autosave, Continue says so and stays on the menu.
	t.Setenv("GROGNARD_HOME", t.TempDir())
	a.ToMenu("")
	m = a.scene.(*menuScene)
	m.continueAuto(a)
	if a.Board() != nil || m.msg == "" {
		t.Fatalf("no autosave: board %v msg %q", a.Board() != nil, m.msg)
	}
}
