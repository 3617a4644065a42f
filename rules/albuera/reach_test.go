package albuera

import (
	"math/rand/v2"
	"testing"

	"grognard/rules"
)

// TestRule4_2_CommandRangeSearchedOnce checks that the command range [4.2]
// read from one search per commander (reachFrom, inReach: listActors) is
// inRange's answer for every commander and every unit on the map, all
// along a random game (enemy hexes block, the target hex itself may hold
// the enemy).
func TestRule4_2_CommandRangeSearchedOnce(t *testing.T) {
	st := newGameWith(t, nil)
	r := rand.New(rand.NewPCG(5, 6))
	checked, in := 0, 0
	for n := 0; n < 1500 && !st.Over; n++ {
		if n%75 == 0 {
			done := st.indexed()
			for c := range st.U {
				if st.kind(c) != KCdr || !st.alive(c) {
					continue
				}
				rc := st.reachFrom(c)
				if !rc.ok {
					t.Fatalf("action %d: no search from %s", n, st.id(c))
				}
				for j := range st.U {
					if st.kind(j) == KCdr || st.U[j].Where != OnMap {
						continue
					}
					got, want := st.inReach(rc, j), st.unitInRange(c, j)
					if got != want {
						t.Fatalf("action %d: %s in range of %s: search once %v, inRange %v", n, st.id(j), st.id(c), got, want)
					}
					checked++
					if want {
						in++
					}
				}
			}
			done()
		}
		a, _ := rules.RandomAction(st, r)
		if _, err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if in == 0 || in == checked {
		t.Fatalf("%d of %d pairs in range: the test reached no both cases", in, checked)
	}
}
