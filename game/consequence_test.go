package game

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestRule10_HoverSaysArtilleryForfeitsFire: the hover of an artillery
// move says it forfeits the offensive fire [10]; a foot regiment's move
// does not. Selecting a unit outlines its leader's command radius [6];
// C outlines every own leader's.
func TestRule10_HoverSaysArtilleryForfeitsFire(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := almSetUp(t)
	a, b := scriptedApp(t, s)
	art, foot := false, false
	for _, act := range s.Legal() {
		if act.Kind != "move" {
			continue
		}
		u, _ := s.Unit(act.Unit)
		s.Select(act.Unit)
		h := strings.Join(s.HoverText(act.To), "\n")
		switch u.Type {
		case "artillery":
			art = true
			if !strings.Contains(h, "may not fire in the offensive fire phase [10]") {
				t.Errorf("artillery %s: %q", u.ID, h)
			}
		case "infantry":
			foot = true
			if strings.Contains(h, "offensive fire") {
				t.Errorf("infantry %s: %q", u.ID, h)
			}
		}
	}
	if !art || !foot {
		t.Fatalf("artillery %v infantry %v", art, foot)
	}
	// The command radius of the selected unit's leader.
	for _, u := range s.View().Units {
		if u.Type == "infantry" && u.Formation != "" && u.At != "" && u.Side == s.Viewer {
			s.Select(u.ID)
			break
		}
	}
	one := b.commandOutlines()
	if len(one) != 1 || len(one[0]) < 7 {
		t.Fatalf("a selected regiment should outline its leader's radius: %v", one)
	}
	step(t, a, Key(ebiten.KeyC, false))
	all := b.commandOutlines()
	if len(all) < 3 {
		t.Fatalf("C should outline every own leader's radius: %d areas", len(all))
	}
}
