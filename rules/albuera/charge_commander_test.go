package albuera

import (
	"testing"

	"grognard/rules"
)

// [9.2.1] A Charge is spoiled by entering "hexes occupied by other units
// (also artillery)"; commanders are not units (interpretation of the close
// reading, /work/shared/specs/albuera-1811.md [9.2.1]: "commanders do not
// count as units"). Newcomer issue #18 asked why scripted marches of the
// battle never offered a Charge; the scenario's cavalry rides with its
// commanders, so this was one suspect (cleared: the engine already keeps
// the Charge). The causes found are the rules': the cavalry is set up in
// packed columns of stacks, so a unit moved alone passes its comrades'
// hexes and loses the Charge; slopes and streams cost 2-3 MP a hex, so
// three hexes and the entry into the enemy exceed the 8 MP; a turn spoils
// it; and the enemy's reaction fire [13.1] meets the run before it ends.
// A run of three hexes through the hex of a friendly commander keeps its
// Charge; through a hex of a friendly battalion it does not.
func TestRule9_2_1_CommanderDoesNotSpoilTheCharge(t *testing.T) {
	for _, through := range []string{"lumley", "1/23"} {
		st := newFixture(t)
		only(st, "3DG", "II/34", "1/23")
		c := put(t, st, "3DG", "0208", 1, Mounted)
		activate(t, st, "lumley", "")
		h := st.U[c].At
		first := h.Neighbor(1)
		if through == "1/23" {
			put(t, st, "1/23", st.num(first), 1, Column)
		} else {
			st.U[st.idx("1/23")].Where = Gone
			put(t, st, "lumley", st.num(first), 1, "")
		}
		for _, d := range []int{1, 2, 1} {
			h = h.Neighbor(d)
			mustApply(t, st, rules.Action{Kind: "move", Unit: "3DG", To: st.num(h)})
		}
		put(t, st, "II/34", st.num(h.Neighbor(1)), 4, Column)
		charge := hasLegal(st, func(a rules.Action) bool { return a.Kind == "charge" && a.Unit == "3DG" })
		if through == "lumley" && !charge {
			t.Errorf("the run through the commander's hex lost its Charge [9.2.1]: %v", st.Legal())
		}
		if through == "1/23" && charge {
			t.Errorf("the run through a battalion's hex kept its Charge [9.2.1]")
		}
	}
}
