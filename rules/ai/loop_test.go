package ai

import (
	"context"
	"testing"

	"grognard/rules"
)

// TestGreedyDuelsEndMarshals: greedy against greedy with every search cut
// short by its deadline (as in a duel on a loaded machine: each side plays
// its best action by priority alone) must end. Two such games of the
// duels looped forever on turn 1 at Ocaña (a detachment created and taken
// back [7.4], again and again) and on turn 8 at the Advance (Cuesta added
// to a stack and kept out again under Mésentente, the only actions left
// [5.1] [EV Mésentente]); the Marshals priority no longer ranks those
// toggles above going on (rules/marshals/eval.go). Seeds as in
// 'grognard duel SCENARIO --a greedy --b greedy --seed 1' game 2.
func TestGreedyDuelsEndMarshals(t *testing.T) {
	for _, sc := range []string{"marshals-ocana", "marshals-advance"} {
		g, err := rules.NewGame(sc, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := NewPlayer("greedy")
		cut, cancel := context.WithCancel(context.Background())
		cancel()
		var plans [2]*Plan
		const bound = 4000
		n := 0
		for ; !g.State.Result().Over && n < bound; n++ {
			side := g.State.Status().Decider
			if d, ok := plans[side].Next(g.State, side, g.Steps); ok {
				if _, err := g.Apply(d.Action); err != nil {
					t.Fatalf("%s: planned %s: %v", sc, d.Action.Key(), err)
				}
				continue
			}
			d, err := p.Choose(cut, g.State, side, 0x9e3779b97f4a7c15+1<<20+uint64(n))
			if err != nil {
				t.Fatalf("%s: %v", sc, err)
			}
			if _, err := g.Apply(d.Action); err != nil {
				t.Fatalf("%s: %s: %v", sc, d.Action.Key(), err)
			}
			plans[side] = NewPlan(d, side, len(g.Steps))
		}
		if !g.State.Result().Over {
			st := g.State.Status()
			t.Errorf("%s: not over after %d decisions (turn %d, %s)", sc, n, st.Turn, st.Phase)
		}
	}
}
