package ai

import (
	"math/rand/v2"
	"testing"

	"grognard/rules"
	"grognard/rules/marshals"
)

// TestRule5_1_SearchNeverTogglesTheStackBeingFormed: while a Marshals
// stack is formed [5.1], "Leave X behind" undoes "Add X to the stack" and
// changes no score; the system marks it with a negative priority, and the
// root's candidates (normal and greedy alike) drop it while anything else
// is legal. A Talavera duel (greedy against normal) once added and left
// the Duke of Alburquerque 19,000 times.
func TestRule5_1_SearchNeverTogglesTheStackBeingFormed(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 6 && found < 3; seed++ {
		st, err := rules.NewState("marshals-talavera", nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 1))
		for n := 0; n < 3000 && !st.Result().Over && found < 3; n++ {
			legal := st.Legal()
			hasLeave, others := false, 0
			for _, a := range legal {
				if a.Choice == "leave" {
					hasLeave = true
				} else {
					others++
				}
			}
			if hasLeave && others > 0 {
				if _, ok := st.(*marshals.State); !ok {
					t.Fatal("not a Marshals state")
				}
				found++
				for _, width := range []int{12, 40} {
					cands, _ := candidates(st, legal, width)
					if len(cands) == 0 {
						t.Fatal("no candidate")
					}
					for _, c := range cands {
						if c.steps[0].Choice == "leave" {
							t.Fatalf("seed %d: %q is a candidate (width %d)", seed, c.steps[0].Label, width)
						}
					}
				}
			}
			var a rules.Action
			if st.Status().Decider == rules.Chance {
				a, err = rules.Sample(st.Chances(), r)
				if err != nil {
					t.Fatal(err)
				}
			} else {
				a = legal[r.IntN(len(legal))]
			}
			if _, err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found == 0 {
		t.Fatal("no stack being formed with a counter to leave was reached")
	}
	// Only toggles left: they stay (the decider must still act).
	only := dropToggles([]candidate{{pri: -1, key: "a"}, {pri: -1, key: "b"}})
	if len(only) != 2 {
		t.Fatalf("with only toggles %d candidates stay", len(only))
	}
}
