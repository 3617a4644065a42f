package albuera

import (
	"math/rand/v2"
	"testing"

	"grognard/rules"
)

// TestRule1_GarbageNeverPanics: Legal, Apply, Preview, WhyNot, Reach and
// View take garbage (unknown ids, bad hexes, odd kinds) without panicking,
// and a refused action changes nothing.
func TestRule1_GarbageNeverPanics(t *testing.T) {
	st := newFixture(t)
	r := rand.New(rand.NewPCG(3, 4))
	kinds := []string{"move", "fire", "face", "charge", "melee", "choose", "deploy", "end", "pass", "roll", "draw", "", "zzz"}
	ids := []string{"", "II/34", "nobody", "1/57", "soult", "Sympher", "sk/1/57", "\x00"}
	hexes := []string{"", "0101", "9999", "abc", "0505", "-1"}
	for step := 0; step < 400; step++ {
		before, _ := st.Snapshot()
		a := rules.Action{Kind: kinds[r.IntN(len(kinds))], Unit: ids[r.IntN(len(ids))], To: hexes[r.IntN(len(hexes))],
			Choice: []string{"", "x", "array:square", "react:fire", "division"}[r.IntN(5)], Facing: r.IntN(9) - 2, Dice: []int{r.IntN(12) - 1}}
		if _, err := st.Apply(a); err == nil {
			if _, ok := rules.FindLegal(st, a); !ok {
				// accepted: it was legal before; fine
			}
		} else if after, _ := st.Snapshot(); string(after) != string(before) {
			t.Fatalf("refused %s changed the state", a.Key())
		}
		st.Preview(a)
		st.WhyNot(a.Unit, a.To)
		st.Reach(a.Unit)
		st.View(rules.Side(r.IntN(4) - 2))
		// and go on with a legal move so the garbage meets many positions
		if l := st.Legal(); len(l) > 0 && !st.Over {
			if _, err := st.Apply(l[r.IntN(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestRule12_ReachWalksLegalSteps: every first step of every route is a
// legal action, and walking a route step by step is accepted until the
// rules interrupt it [13.8].
func TestRule12_ReachWalksLegalSteps(t *testing.T) {
	st := newFixture(t)
	r := rand.New(rand.NewPCG(5, 6))
	checked := 0
	for n := 0; n < 3000 && checked < 40 && !st.Over; n++ {
		if st.Phase == phMove && st.Window == "act" && len(st.Tasks) == 0 {
			for _, i := range st.Act {
				for _, rt := range st.Reach(st.id(i)) {
					if _, ok := rules.FindLegal(st, rt.Steps[0]); !ok {
						t.Fatalf("route to %s starts with %s, not legal", rt.To, rt.Steps[0].Key())
					}
					checked++
					c := st.clone()
					for _, stp := range rt.Steps {
						if c.decider() != rules.Side(c.Side) || len(c.Tasks) > 0 {
							break // interrupted [13.8]
						}
						if _, err := c.Apply(stp); err != nil {
							t.Fatalf("step %s of route to %s (%v) refused: %v; legal %v; unit at %s facing %d spent %d", stp.Key(), rt.To, rt.Steps, err, c.Legal(), c.num(c.U[c.idx(stp.Unit)].At), c.U[c.idx(stp.Unit)].Facing, c.U[c.idx(stp.Unit)].Spent)
						}
					}
				}
			}
		}
		l := st.Legal()
		if _, err := st.Apply(l[r.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	if checked == 0 {
		t.Fatal("no route checked")
	}
}
