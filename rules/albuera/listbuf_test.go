package albuera

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"grognard/rules"
)

// TestLegalListStaysThroughOneApply plays random games and checks the
// contract of the recycled list arrays (listbuf.go, docs/ENGINE.md): a
// list Legal handed out is unchanged after the next Apply and the list
// that follows it, and a clone's lists are never written by the original
// (nor the original's by the clone). Breaking it (reusing the array of the
// list just handed out, or sharing arrays with a clone) fails here.
func TestLegalListStaysThroughOneApply(t *testing.T) {
	for _, seed := range []uint64{5, 6} {
		st := newGameWith(t, nil)
		r := rand.New(rand.NewPCG(seed, 77))
		var prev, prevCopy []rules.Action
		var clone *State
		var cloneList, cloneCopy []rules.Action
		for n := 0; n < 2500 && !st.Over; n++ {
			var a rules.Action
			var l []rules.Action
			if ch := st.Chances(); len(ch) > 0 {
				a, _ = rules.Sample(ch, r)
			} else {
				l = st.Legal()
				a = l[r.IntN(len(l))]
			}
			if prev != nil && !reflect.DeepEqual(prev, prevCopy) {
				t.Fatalf("seed %d, action %d: the list handed out before the last Apply changed", seed, n)
			}
			if clone != nil && !reflect.DeepEqual(cloneList, cloneCopy) {
				t.Fatalf("seed %d, action %d: a clone's list changed as the original played", seed, n)
			}
			if n%41 == 0 && l != nil {
				clone = st.Clone().(*State)
				cloneList = clone.Legal()
				cloneCopy = append([]rules.Action(nil), cloneList...)
			}
			prev, prevCopy = l, append([]rules.Action(nil), l...)
			if _, err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
			if clone != nil && n%41 == 20 && !clone.Over {
				// the clone plays on: the original's kept list stays
				if cl := clone.Legal(); len(cl) > 0 {
					if _, err := clone.Apply(cl[r.IntN(len(cl))]); err != nil {
						t.Fatal(err)
					}
					clone.Legal()
				}
				clone = nil
			}
		}
	}
}
