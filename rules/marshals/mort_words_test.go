package marshals

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"grognard/rules"
)

// TestRuleEV_MortAuCombatSaysTheOutcome (seen playing Talavera by clicks:
// the roll read "Mort au combat: 6 + 1" and nothing more): the roll says
// whether the enemy commander in chief survives (below 11) or is killed
// (11 or 12) [EV Mort au combat].
func TestRuleEV_MortAuCombatSaysTheOutcome(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		st, err := rules.NewState("marshals-talavera", nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 21))
		for i := 0; i < 3000 && !st.Result().Over; i++ {
			s := st.(*State)
			if s.Sub == SubMort && s.cincIn(1-s.Combat.Turn) >= 0 {
				name := s.def(s.cincIn(1 - s.Combat.Turn)).Name
				for _, c := range []struct {
					dice []int
					want string
				}{{[]int{6, 1}, "= 7, below 11: " + name + " survives"}, {[]int{6, 5}, name + " is killed"}} {
					m := s.clone()
					m.Hands[m.Combat.Turn] = append(slices.Clone(m.Hands[m.Combat.Turn]), "mort-au-combat")
					play(t, m, rules.Action{Kind: "play", Choice: "mort-au-combat"})
					evs := play(t, m, rules.Action{Kind: "roll", Dice: c.dice})
					if len(evs) == 0 || !strings.Contains(evs[0].Text, c.want) {
						t.Fatalf("dice %v: the roll reads %v, want %q", c.dice, evs, c.want)
					}
				}
				return
			}
			var a rules.Action
			if st.Status().Decider == rules.Chance {
				a, _ = rules.Sample(st.Chances(), r)
			} else {
				l := st.Legal()
				a = l[r.IntN(len(l))]
			}
			if _, err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Skip("no Mort au combat window met")
}
