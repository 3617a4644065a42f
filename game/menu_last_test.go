package game

import (
	"testing"

	"grognard/rules"
)

// TestMenuOpensOnTheGameJustLeft: back on the menu from a game of the
// Campaign of Ocaña, the menu shows The Marshals and that scenario (it
// always showed Albuera's, and a click meant for a Marshals scenario
// started an Albuera game); a first start with no game saved shows the
// first system, and Enter still needs a choice made on the menu.
func TestMenuOpensOnTheGameJustLeft(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	a := NewApp()
	a.input = &scriptInput{}
	a.Layout(WindowW, WindowH)
	if m := a.scene.(*menuScene); m.sys != 0 || m.scen != 0 {
		t.Fatalf("a first start shows system %d scenario %d", m.sys, m.scen)
	}
	g, err := rules.NewGame("marshals-ocana", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	a.startSession(s) // with its autosave, as a new game from the menu
	if _, err := s.Do(g.State.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	a.ToMenu("")
	m, ok := a.scene.(*menuScene)
	if !ok {
		t.Fatalf("not the menu: %T", a.scene)
	}
	sc, ok := m.current()
	if !ok || sc.ID != "marshals-ocana" {
		t.Fatalf("the menu shows %q (system %d), not the game just left", sc.ID, m.sys)
	}
	if m.chosen {
		t.Fatal("Enter would start the preselected scenario without a choice on the menu")
	}
}
