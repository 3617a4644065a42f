package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestFanClosesWhenAnotherUnitIsSelectedOrTheGameMovesOn (session 22): a
// stack fanned open by a click stayed open after Tab selected another
// unit, or after an action taken in the panel, and covered the next lit
// places. It stays open while the player picks in it, and closes then.
func TestFanClosesWhenAnotherUnitIsSelectedOrTheGameMovesOn(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := newHexSession(t, 1)
	a, b := scriptedApp(t, s)
	clickAt(t, a, b, "0103")
	if b.openStack != "0103" {
		t.Fatalf("a click on the stack did not fan it open (open %q)", b.openStack)
	}
	step(t, a) // a frame with nothing new: the fan stays for the pick
	if b.openStack != "0103" {
		t.Fatal("the fan closed by itself before the player picked")
	}
	step(t, a, Key(ebiten.KeyTab, false))
	step(t, a)
	if s.Selected == "" {
		t.Fatal("Tab selected no unit")
	}
	if b.openStack != "" {
		t.Errorf("Tab selected %s but the fan stayed open over the map", s.Selected)
	}

	// The game moves on (an action taken elsewhere than in the fan).
	step(t, a, Key(ebiten.KeyEscape, false))
	clickAt(t, a, b, "0103")
	if b.openStack != "0103" {
		t.Fatalf("the stack did not fan open again (open %q)", b.openStack)
	}
	acts := s.Legal()
	if len(acts) == 0 {
		t.Fatal("no legal action")
	}
	if _, err := s.Do(acts[len(acts)-1]); err != nil {
		t.Fatal(err)
	}
	step(t, a)
	if b.openStack != "" {
		t.Errorf("after %q the fan stayed open", acts[len(acts)-1].Label)
	}
}
