package game

import (
	"slices"
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule3_3_CommanderClickedIn22SaysWhenItMoves (newcomer issue #18
// point 5): an activated brigade commander clicked in subphase 2.2 read
// "Werlé: no: its commander is not activated [4.4]", wrong and with the
// engine's "no:" after the name. It says when it moves, in words.
func TestRule3_3_CommanderClickedIn22SaysWhenItMoves(t *testing.T) {
	s := albueraOpening(t, 1)
	g := s.Game
	for step := 0; step < 50 && !strings.HasPrefix(g.State.Status().Phase, "2.2"); step++ {
		if g.State.Status().Decider == rules.Chance {
			if _, err := g.ResolveChance(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if _, err := g.Apply(g.State.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	s.afterChange()
	s.TakeSeat()
	d := g.State.Status().Decider
	id, name := "", ""
	for _, u := range s.View().Units {
		if u.Side == d && (u.Type == "commander" || u.Type == "leader") && slices.Contains(u.Markers, "activated") {
			id, name = u.ID, u.Name
		}
	}
	if id == "" {
		t.Fatalf("no activated commander of the side deciding in %q", g.State.Status().Phase)
	}
	s.Select(id)
	got := s.SelectionStatus()
	want := name + ": commanders move in subphase 2.3, after the units [3.3]"
	if got != want {
		t.Errorf("the strip reads %q, want %q", got, want)
	}
}
