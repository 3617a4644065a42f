package napoleonics

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"grognard/rules"
)

// TestFindLegalAgreesWithTheList: FindLegal on a state whose list is not
// built (findUnit: one unit's part of the list) returns exactly what a scan
// of the whole list returns, labels included, for every legal action and
// for near misses (another hex, another unit, another kind), along random
// games (session 20).
func TestFindLegalAgreesWithTheList(t *testing.T) {
	steps, direct := 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		g, err := rules.NewGame(ScenarioID, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		pick := rand.New(rand.NewPCG(seed, 7))
		for n := 0; n < 700 && !g.State.Result().Over; n++ {
			s := g.State.(*State)
			list := s.Legal()
			var probes []rules.Action
			for i, l := range list {
				probes = append(probes, l)
				m := l
				m.Label, m.Rule, m.Info = "", "", ""
				probes = append(probes, m)
				o := list[(i+1)%len(list)]
				x := m
				x.To = o.To
				probes = append(probes, x)
				x = m
				x.Unit = o.Unit
				probes = append(probes, x)
				x = m
				x.Kind = o.Kind
				probes = append(probes, x)
			}
			for _, p := range probes {
				want, wok := rules.FindIn(list, p)
				c := s.clone()
				c.Touch()
				got, gok := c.FindLegal(p)
				if gok != wok || !reflect.DeepEqual(got, want) {
					t.Fatalf("seed %d step %d (%s, %s): FindLegal(%s) = %+v %v, the list has %+v %v", seed, len(g.Steps), s.Phase, s.Status().SubPhase, p.Key(), got, gok, want, wok)
				}
				if _, _, done := c.findUnit(p); done {
					direct++
					if c.legalOK {
						t.Fatalf("findUnit built the whole list")
					}
				}
			}
			var a rules.Action
			if s.Status().Decider == rules.Chance {
				a, err = rules.Sample(s.Chances(), g.Rand())
				if err != nil {
					t.Fatal(err)
				}
			} else {
				a = list[pick.IntN(len(list))]
			}
			if _, err := g.ApplyOne(a); err != nil {
				t.Fatal(err)
			}
			steps++
		}
	}
	if direct < 1000 {
		t.Fatalf("only %d probes answered by findUnit", direct)
	}
	t.Logf("%d steps, %d probes answered by findUnit", steps, direct)
}
