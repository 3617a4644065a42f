package albuera

import (
	"math/rand/v2"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/hex"
)

// aggressive picks an action that closes on the enemy and attacks: fire,
// charges and Clashes first, counterattacks in reactions, moves that bring
// a unit nearer the enemy; ending or passing last.
func aggressive(st *State, r *rand.Rand) rules.Action {
	legal := st.Legal()
	if st.decider() == rules.Chance {
		outs := st.Chances()
		return outs[r.IntN(len(outs))].Action
	}
	best, bestScore := legal[0], -1
	near := func(side int, c hex.Coord) int {
		d := 99
		for _, h := range st.sideHexes(1 - side) {
			if x := hex.Distance(c, h); x < d {
				d = x
			}
		}
		return d
	}
	for _, a := range legal {
		sc := 10
		switch a.Kind {
		case "fire":
			sc = 100
		case "charge", "melee":
			sc = 90
		case "pass":
			sc = 1
		case "end":
			sc = 0
			if a.Unit != "" {
				sc = 2
			}
		case "move":
			i := st.idx(a.Unit)
			to, err := st.sc.Map.ParseOn(a.To)
			if i >= 0 && err == nil && st.U[i].Where == OnMap && st.kind(i) != KCdr && a.Choice != "retreat" {
				side := st.side(i)
				if near(side, to) < near(side, st.U[i].At) {
					sc = 50
				} else {
					sc = 5
				}
				if st.hasSide(to, 1-side) {
					sc = 85
				}
			}
		case "choose":
			switch {
			case strings.Contains(a.Choice, "counter"):
				sc = 80
			case a.Choice == "react:fire" || strings.HasSuffix(a.Choice, "-fire"):
				sc = 70
			case a.Choice == "division" || a.Choice == "square:try":
				sc = 60
			}
		}
		sc = sc*10 + r.IntN(10)
		if sc > bestScore {
			best, bestScore = a, sc
		}
	}
	return best
}

// sideHexes lists the hexes holding units of side.
func (s *State) sideHexes(side int) []hex.Coord {
	var out []hex.Coord
	for i := range s.U {
		if s.U[i].Where == OnMap && s.side(i) == side && s.kind(i) != KCdr && !s.U[i].Captured {
			out = append(out, s.hexes(i)...)
		}
	}
	return out
}

func playAggressive(tb testing.TB, sc *Scenario, seed uint64) (*State, int) {
	st, err := New(sc)
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	n := 0
	for !st.Over {
		if n > 100000 {
			tb.Fatalf("seed %d: no end: %+v %v", seed, st.Status(), st.Legal())
		}
		a := aggressive(st, r)
		if _, err := st.Apply(a); err != nil {
			tb.Fatalf("seed %d: %s refused: %v", seed, a.Key(), err)
		}
		n++
	}
	return st, n
}

// TestRule16_AggressivePlayout: two sides that close and attack play the
// battle to a result with every action legal (a whole battle: -long only;
// BenchmarkAggressiveSplit plays more).
func TestRule16_AggressivePlayout(t *testing.T) {
	if !*long {
		t.Skip("a whole battle: run with -long")
	}
	sc, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	st, n := playAggressive(t, sc, 1)
	if err := st.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d actions: %s", n, st.Reason)
}

// BenchmarkAggressiveSplit plays aggressive games and reports the win split.
func BenchmarkAggressiveSplit(b *testing.B) {
	sc, err := Load()
	if err != nil {
		b.Fatal(err)
	}
	wins := [2]int{}
	for k := 0; k < b.N; k++ {
		st, _ := playAggressive(b, sc, uint64(k+1))
		wins[st.Winner]++
		b.Logf("game %d: %s", k+1, st.Reason)
	}
	b.ReportMetric(float64(wins[French]), "french-wins")
	b.ReportMetric(float64(wins[Allied]), "allied-wins")
}
