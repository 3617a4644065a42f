package ai

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"math/rand/v2"
	"testing"

	"grognard/rules"
	"grognard/rules/marshals"
	"grognard/rules/napoleonics"
)

func viewJSON(t *testing.T, st rules.State, side rules.Side) []byte {
	t.Helper()
	b, err := json.Marshal(st.View(side))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// planKey is the whole of a decision's route: its plan's steps and the
// unit whose move ends it.
func planKey(d Decision) string {
	k := ""
	for _, a := range d.Plan {
		k += a.Key() + " "
	}
	return k + "| " + d.Finish
}

var honestCfg = Config{Name: "honest", Candidates: 6, Iterations: 24, Horizon: 6}

// sameDecision checks that the computer decides the same in st and in
// alt (which side sees exactly as st) for a few generator seeds.
func sameDecision(t *testing.T, st, alt rules.State, side rules.Side, what string) {
	t.Helper()
	if !bytes.Equal(viewJSON(t, st, side), viewJSON(t, alt, side)) {
		t.Fatalf("%s: the change shows in %s's view: not a hidden change", what, side)
	}
	// The sampled states themselves are the same: nothing of the hidden
	// facts survives determinization.
	da := Determinize(st, side, rand.New(rand.NewPCG(4, 4)))
	db := Determinize(alt, side, rand.New(rand.NewPCG(4, 4)))
	if same, err := rules.SameState(da, db); err != nil || !same {
		t.Fatalf("%s: the determinized states differ (err %v)", what, err)
	}
	for seed := uint64(1); seed <= 2; seed++ {
		a, err := Decide(context.Background(), st, side, honestCfg, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Decide(context.Background(), alt, side, honestCfg, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a.Action.Key() != b.Action.Key() || a.Value != b.Value {
			t.Fatalf("%s: seed %d: %s (%.4f) with the true hidden facts, %s (%.4f) with others consistent with the view",
				what, seed, a.Action.Key(), a.Value, b.Action.Key(), b.Value)
		}
		if planKey(a) != planKey(b) {
			t.Fatalf("%s: seed %d: plan %s with the true hidden facts, %s with others consistent with the view",
				what, seed, planKey(a), planKey(b))
		}
	}
}

// TestHonestyVentaHands: changing the other side's hidden hand (a card of
// it swapped with one of the draw pile, so the counts stay) never changes
// the computer's decision for the same generator seed.
func TestHonestyVentaHands(t *testing.T) {
	g, err := rules.NewGame("venta-del-pozo", 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	tested := 0
	for step := 0; step < 400 && !g.State.Result().Over && tested < 6; step++ {
		advance(t, g, 1, uint64(100+step))
		st := g.State.(*napoleonics.State)
		side := st.Status().Decider
		if side < 0 || len(st.Legal()) < 2 {
			continue
		}
		opp := 1 - int(side)
		if len(st.Hands[opp]) == 0 {
			continue
		}
		alt := st.Clone().(*napoleonics.State)
		alt.Pile = maps.Clone(alt.Pile) // a clone may share its maps (copy on write)
		swapped := false
		for id, n := range alt.Pile {
			if n > 0 && id != alt.Hands[opp][0] {
				old := alt.Hands[opp][0]
				alt.Hands[opp][0] = id
				alt.Pile[id]--
				alt.Pile[old]++
				swapped = true
				break
			}
		}
		if !swapped {
			continue
		}
		sameDecision(t, st, alt, side, "Venta step "+g.State.Status().Phase)
		tested++
	}
	if tested < 3 {
		t.Fatalf("only %d positions tested", tested)
	}
}

// TestHonestyMarshalsFog: on each Marshals scenario, swapping the places
// of two hidden enemy counters that look the same (so the computer's view
// is unchanged), and dealing the enemy another hand of event markers from
// its container, never changes the computer's decision.
func TestHonestyMarshalsFog(t *testing.T) {
	for _, sc := range rules.Scenarios("marshals") {
		t.Run(sc.ID, func(t *testing.T) {
			g, err := rules.NewGame(sc.ID, 9, nil)
			if err != nil {
				t.Fatal(err)
			}
			units, hands := 0, 0
			for step := 0; step < 500 && !g.State.Result().Over && units+hands < 3; step++ {
				advance(t, g, 1, uint64(300+step))
				st := g.State.(*marshals.State)
				side := st.Status().Decider
				if side < 0 || len(st.Legal()) < 2 || step%5 != 0 {
					continue
				}
				opp := 1 - int(side)
				// Two enemy counters in different zones whose swap the view
				// cannot see.
				found := false
				for i := 0; i < len(st.Units) && !found; i++ {
					for j := i + 1; j < len(st.Units) && !found; j++ {
						a, b := st.Units[i], st.Units[j]
						if a.At == "" || b.At == "" || a.At == b.At || a.Off != marshals.OffNone || b.Off != marshals.OffNone {
							continue
						}
						alt := st.Clone().(*marshals.State)
						alt.Units[i].At, alt.Units[j].At = b.At, a.At
						if !bytes.Equal(viewJSON(t, st, side), viewJSON(t, alt, side)) {
							continue
						}
						if !bytes.Equal(viewJSON(t, st, rules.Side(opp)), viewJSON(t, st, rules.Side(opp))) {
							continue
						}
						found = true
						sameDecision(t, st, alt, side, sc.ID+" units "+a.ID+" <-> "+b.ID)
						units++
					}
				}
				// The enemy's hand: one marker swapped with one of its container.
				if len(st.Hands[opp]) > 0 {
					for id, n := range st.Containers[opp] {
						if n > 0 && id != st.Hands[opp][0] {
							alt := st.Clone().(*marshals.State)
							// A clone may share its maps (copy on write).
							alt.Containers[opp] = maps.Clone(alt.Containers[opp])
							old := alt.Hands[opp][0]
							alt.Hands[opp][0] = id
							alt.Containers[opp][id]--
							alt.Containers[opp][old]++
							sameDecision(t, st, alt, side, sc.ID+" hand")
							hands++
							break
						}
					}
				}
			}
			if units == 0 {
				t.Fatalf("no hidden counters swapped (hands %d)", hands)
			}
		})
	}
}
