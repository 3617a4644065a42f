package albuera

import "testing"

// TestRule16_4_EvaluationWalksToTheVictoryLeads: the French win at once
// with 8 VP at the end of a turn, the Allies with 6 [16.4], and after the
// last turn the French with any lead [16.3]; the chance grows with the VP
// and a lead is worth more with fewer turns left.
func TestRule16_4_EvaluationWalksToTheVictoryLeads(t *testing.T) {
	prev := -1.0
	for v := -5; v <= 7; v++ {
		p := aiWinChance(float64(v), 4, 0, 8, 6)
		if !(p > prev) || p <= 0 || p >= 1 {
			t.Fatalf("VP %d: %.3f after %.3f", v, p, prev)
		}
		prev = p
	}
	if p := aiWinChance(7, 1, 0, 8, 6); p < 0.95 {
		t.Fatalf("7 VP with a turn left: %.3f", p)
	}
	if p := aiWinChance(0, 1, 0, 8, 6); p > 0.5 {
		t.Fatalf("0 VP (Allied [16.3]) with a turn left: %.3f", p)
	}
	if a, b := aiWinChance(3, 2, 0, 8, 6), aiWinChance(3, 14, 0, 8, 6); !(a > b) {
		t.Fatalf("3 VP: %.3f with 2 turns left, %.3f with 14", a, b)
	}
	if a, b := aiWinChance(0, 8, 1, 8, 6), aiWinChance(0, 8, 0, 8, 6); !(a > b) {
		t.Fatalf("drift for the French: %.3f, none %.3f", a, b)
	}
}

// TestRule10_12_EvaluationSeesGunsToRetake: captured guns left free of
// their captor next to their own side are worth their recapture (2 VP +
// white stars) to that side, in part [10.12].
func TestRule10_12_EvaluationSeesGunsToRetake(t *testing.T) {
	s := newGameWith(t, nil)
	for s.Turn < 1 && len(s.Chances()) > 0 {
		if _, err := s.Apply(s.Chances()[0].Action); err != nil {
			t.Fatal(err)
		}
	}
	bat, near := -1, -1
	for i := range s.U {
		if s.def(i).Side == Allied && s.kind(i) == KArt && s.U[i].Where == OnMap && !s.U[i].Two {
			bat = i
			break
		}
	}
	if bat < 0 {
		t.Fatal("no Allied battery on the map")
	}
	for j := range s.U {
		if j != bat && s.side(j) == Allied && s.kind(j) == KInf && s.U[j].Where == OnMap {
			near = j
			break
		}
	}
	before := s.aiAtStake()
	s.U[bat].Captured = true
	s.U[near].At, s.U[near].Two = s.U[bat].At.Neighbors()[0], false
	after := s.aiAtStake()
	if !(after < before-0.5) {
		t.Fatalf("captured Allied guns free of the French, an Allied battalion next to them: at stake %.2f, was %.2f (want more for the Allies)", after, before)
	}
}
