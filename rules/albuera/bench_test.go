package albuera

import (
	"math/rand/v2"
	"testing"
)

// busyPosition plays the battle at random and keeps the 2.2 decision point
// with the most legal actions (the busiest position).
func busyPosition(tb testing.TB) *State {
	sc, err := Load()
	if err != nil {
		tb.Fatal(err)
	}
	st, err := New(sc)
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(42, 1))
	var best *State
	bestN := 0
	for n := 0; n < 6000 && !st.Over; n++ {
		if st.Phase == phMove && len(st.Tasks) == 0 {
			if k := len(st.Legal()); k > bestN {
				best, bestN = st.clone(), k
			}
		}
		l := st.Legal()
		if _, err := st.Apply(l[r.IntN(len(l))]); err != nil {
			tb.Fatal(err)
		}
	}
	if best == nil {
		tb.Fatal("no busy position found")
	}
	return best
}

// BenchmarkLegalBusy measures Legal() for the decider in a busy position
// (goal: at most 1 ms).
func BenchmarkLegalBusy(b *testing.B) {
	st := busyPosition(b)
	b.Logf("%d units may act, %d legal actions", len(st.Act), len(st.Legal()))
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		st.cache = nil
		st.ver++
		st.Legal()
	}
}
