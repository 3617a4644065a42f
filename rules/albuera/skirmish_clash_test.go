package albuera

import (
	"strings"
	"testing"

	"grognard/rules"
)

// [8.10] A unit never suffers Losses as a result of a Clash against units in
// Skirmish Order: a battalion that fights only a company takes no Loss,
// whether it wins (no [15.8] Loss for the victor) or is beaten (it routs
// without the two Losses); the company itself takes its Losses (I24).
func TestRule8_10_NoLossesInAClashAgainstCompanies(t *testing.T) {
	won, lost := 0, 0
	for die := 0; die <= 9; die++ {
		st := newFixture(t)
		only(st, "I/51", "sk/1/57")
		a := put(t, st, "I/51", "0505", 4, Column)
		c := put(t, st, "sk/1/57", "0505", 1, Skirmish)
		st.Side, st.Phase, st.Tasks = French, phClash, nil
		st.ver++
		st.cache = nil
		mustApply(t, st, rules.Action{Kind: "melee", To: "0505"})
		l, ok := rules.FindLegal(st, roll(die))
		if !ok {
			t.Fatalf("die %d: no roll", die)
		}
		evs, err := st.Apply(l)
		if err != nil {
			t.Fatal(err)
		}
		if st.U[a].MP != 8 {
			t.Fatalf("die %d: I/51 Manpower %d after a Clash against a company only, want 8 [8.10]", die, st.U[a].MP)
		}
		logged := false
		for _, e := range evs {
			logged = logged || e.Rule == "8.10" && strings.Contains(e.Text, "no Losses")
		}
		if !logged {
			t.Fatalf("die %d: the log does not say why no Loss was taken [8.10]", die)
		}
		if st.U[a].Where == OnMap {
			won++
			if st.U[c].Where != Gone {
				t.Fatalf("die %d: the beaten company (Manpower 1) should be eliminated by its two Losses, where %d MP %d", die, st.U[c].Where, st.U[c].MP)
			}
		} else {
			lost++
			if st.U[a].Where != Routed {
				t.Fatalf("die %d: the beaten battalion should rout [15.8], where %d", die, st.U[a].Where)
			}
			if st.U[c].MP != 1 {
				t.Fatalf("die %d: the victorious company's Manpower %d, want 1: one Loss would eliminate it, so it checks [15.9]", die, st.U[c].MP)
			}
		}
	}
	if won == 0 {
		t.Fatal("no die won the Clash: the test saw only one outcome")
	}
	if lost == 0 {
		t.Fatal("no die lost the Clash: the test saw only one outcome")
	}
}

// [8.10], [15.8] Against a company stacked with a battalion the Clash is not
// one against companies only: the victor still takes its Loss.
func TestRule8_10_MixedDefendersStillCostTheVictorALoss(t *testing.T) {
	st := newFixture(t)
	only(st, "I/51", "1/23", "sk/1/57")
	a := put(t, st, "I/51", "0505", 4, Column)
	put(t, st, "1/23", "0505", 1, Column)
	put(t, st, "sk/1/57", "0505", 1, Skirmish)
	st.Side, st.Phase, st.Tasks = French, phClash, nil
	st.ver++
	st.cache = nil
	mustApply(t, st, rules.Action{Kind: "melee", To: "0505"})
	mustApply(t, st, roll(9))
	for st.decider() != rules.Chance && len(st.Tasks) > 0 && st.U[a].MP == 8 {
		ls := st.Legal()
		if len(ls) == 0 {
			break
		}
		mustApply(t, st, ls[0])
	}
	if st.U[a].MP != 7 {
		t.Fatalf("victor Manpower %d, want 8-1 [15.8]", st.U[a].MP)
	}
}
