package napoleonics

import (
	"testing"

	"grognard/rules"
)

// TestReachAgreesWithTheMapSearch: along random games of Venta del Pozo,
// the search over hex indices reaches exactly the hexes, at the same
// distances, as the search over the map (the code before #20), for every
// unit on the board (Movement).
func TestReachAgreesWithTheMapSearch(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		st, err := rules.NewState("venta-del-pozo", nil)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		pick := seed
		n := 0
		for ; n < 400 && !s.Result().Over; n++ {
			for i := range s.Units {
				u := &s.Units[i]
				if !onBoard(u) {
					continue
				}
				got, want := s.reach(u), s.reachMap(u)
				if len(got) != len(want) {
					t.Fatalf("seed %d action %d, %s: %d hexes, the map search %d", seed, n, u.ID, len(got), len(want))
				}
				for c, d := range want {
					if g, ok := got[c]; !ok || g != d {
						t.Fatalf("seed %d action %d, %s at %s: %d (%v), the map search %d", seed, n, u.ID, s.num(c), g, ok, d)
					}
				}
			}
			legal := s.Legal()
			if len(legal) == 0 {
				t.Fatalf("action %d: no legal action", n)
			}
			pick = pick*6364136223846793005 + 1442695040888963407
			if _, err := s.Apply(legal[int(pick>>33)%len(legal)]); err != nil {
				t.Fatal(err)
			}
		}
		if n < 50 {
			t.Fatalf("seed %d: only %d actions", seed, n)
		}
	}
}
