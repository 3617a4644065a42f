package almansa

import "testing"

// TestRule5_EvaluationIsTheVictoryCondition: the Bourbons win with 20
// Allied steps destroyed by the end [5]; nothing else counts, so once 20
// are down the position is won for them whatever they lost, and their own
// losses count only through the strength they leave to destroy more.
func TestRule5_EvaluationIsTheVictoryCondition(t *testing.T) {
	s := started(t, nil)
	s.Turn = 3
	v0 := s.Evaluate(Bourbon)
	s.Lost[Allied] = 12
	v12 := s.Evaluate(Bourbon)
	if !(v12 > v0) {
		t.Fatalf("12 Allied steps down: Bourbon %.3f, was %.3f", v12, v0)
	}
	s.Lost[Allied] = 20
	s.Lost[Bourbon] = 60 // more than they destroyed: it does not count [5]
	if v := s.Evaluate(Bourbon); v < 0.99 {
		t.Fatalf("20 Allied steps down: Bourbon %.3f, want a win", v)
	}
	if v := s.Evaluate(Allied); v > 0.0101 {
		t.Fatalf("20 Allied steps down: Allied %.3f, want a loss", v)
	}
	// The Bourbon strength left: half their army gone leaves them less
	// to destroy the last steps with.
	s.Lost[Allied] = 12
	killed := 0
	for i := range s.Units {
		if d := s.def(i); d.Side == Bourbon && d.Combat() && !d.Person() && killed < len(s.Units)/4 {
			s.Units[i].Steps, s.Units[i].Dead, s.Units[i].On = 0, true, false
			killed++
		}
	}
	if v := s.Evaluate(Bourbon); !(v < v12) {
		t.Fatalf("Bourbon army halved: %.3f, want below %.3f", v, v12)
	}
	// Late in the game the same count is worth less to the Bourbons.
	s2 := started(t, nil)
	s2.Lost[Allied] = 12
	s2.Turn = 3
	early := s2.Evaluate(Bourbon)
	s2.Turn = 11
	if late := s2.Evaluate(Bourbon); !(late < early) {
		t.Fatalf("12 steps down at turn 11: %.3f, at turn 3 %.3f", late, early)
	}
}
