package ai

import (
	"bytes"
	"context"
	"testing"

	"grognard/rules"
	"grognard/rules/marshals"
)

// hiddenSwap is st with two enemy counters (of side's enemy) in different
// zones swapped, when side's view cannot tell the two apart; nil if no
// such pair stands on the map.
func hiddenSwap(t *testing.T, st *marshals.State, side rules.Side) *marshals.State {
	t.Helper()
	view := viewJSON(t, st, side)
	for i := 0; i < len(st.Units); i++ {
		for j := i + 1; j < len(st.Units); j++ {
			a, b := st.Units[i], st.Units[j]
			if a.At == "" || b.At == "" || a.At == b.At || a.Off != marshals.OffNone || b.Off != marshals.OffNone {
				continue
			}
			alt := st.Clone().(*marshals.State)
			alt.Units[i].At, alt.Units[j].At = b.At, a.At
			if bytes.Equal(view, viewJSON(t, alt, side)) {
				return alt
			}
		}
	}
	return nil
}

// TestHonestyMarshalsPlans: route following under the fog of war. On each
// Marshals scenario, where the computer chooses a route of several steps
// (Decision.Plan), changing the enemy's hidden counters consistently with
// its view changes neither the decision nor its plan for the same seed;
// and while the two games still look the same to the computer, following
// the plan (Plan.Next) plays the same steps in both.
func TestHonestyMarshalsPlans(t *testing.T) {
	for _, sc := range rules.Scenarios("marshals") {
		t.Run(sc.ID, func(t *testing.T) {
			g, err := rules.NewGame(sc.ID, 9, nil)
			if err != nil {
				t.Fatal(err)
			}
			tested, followed := 0, 0
			for step := 0; step < 1500 && !g.State.Result().Over && tested < 2; step++ {
				advance(t, g, 1, uint64(700+step))
				st, ok := g.State.(*marshals.State)
				side := g.State.Status().Decider
				if !ok || side < 0 {
					continue
				}
				moves := false
				for _, a := range st.Legal() {
					moves = moves || a.Kind == "move"
				}
				if !moves {
					continue
				}
				alt := hiddenSwap(t, st, side)
				if alt == nil {
					continue
				}
				da, err := Decide(context.Background(), st, side, honestCfg, 1, nil)
				if err != nil {
					t.Fatal(err)
				}
				if len(da.Plan) == 0 {
					continue
				}
				sameDecision(t, st, alt, side, sc.ID+" route")
				db, err := Decide(context.Background(), alt, side, honestCfg, 1, nil)
				if err != nil {
					t.Fatal(err)
				}
				// Follow the plan in two games that differ only in the
				// hidden facts (the same seed: the same dice).
				ga := &rules.Game{Scenario: g.Scenario, Seed: g.Seed, State: st.Clone(), Steps: append([]rules.Step(nil), g.Steps...)}
				gb := &rules.Game{Scenario: g.Scenario, Seed: g.Seed, State: alt, Steps: append([]rules.Step(nil), g.Steps...)}
				if _, err := ga.Apply(da.Action); err != nil {
					t.Fatal(err)
				}
				if _, err := gb.Apply(db.Action); err != nil {
					t.Fatal(err)
				}
				pa, pb := NewPlan(da, side, len(ga.Steps)), NewPlan(db, side, len(gb.Steps))
				for n := 0; n < 20; n++ {
					if !bytes.Equal(viewJSON(t, ga.State, side), viewJSON(t, gb.State, side)) {
						break // the rules showed the computer something: the games differ to it now
					}
					na, oka := pa.Next(ga.State, side, ga.Steps)
					nb, okb := pb.Next(gb.State, side, gb.Steps)
					if oka != okb || na.Action.Key() != nb.Action.Key() {
						t.Fatalf("%s: the plan's step %d: %s (%v) with the true hidden facts, %s (%v) with others",
							sc.ID, n+1, na.Action.Key(), oka, nb.Action.Key(), okb)
					}
					if !oka {
						break
					}
					followed++
					if _, err := ga.Apply(na.Action); err != nil {
						t.Fatal(err)
					}
					if _, err := gb.Apply(nb.Action); err != nil {
						t.Fatal(err)
					}
				}
				tested++
			}
			if tested == 0 {
				t.Fatalf("no route of several steps chosen beside hidden counters")
			}
			t.Logf("%d routes, %d planned steps followed alike", tested, followed)
		})
	}
}
