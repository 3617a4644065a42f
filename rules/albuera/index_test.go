package albuera

import (
	"math/rand/v2"
	"slices"
	"testing"

	"grognard/rules"
	"grognard/rules/hex"
)

// TestOccupancyIndexMatchesRebuild plays random games and checks, after
// every action, that the occupancy index kept up to date unit by unit
// (index.go) equals one built whole from the units: the same units in
// every hex in stack order [11.0], the same side bits and the same hexes
// per side.
func TestOccupancyIndexMatchesRebuild(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	st := newGameWith(t, nil)
	for n := 0; n < 3000; n++ {
		if st.Over {
			st = newGameWith(t, rules.Options{"autowin_none": true})
		}
		var a rules.Action
		if ch := st.Chances(); len(ch) > 0 {
			a, _ = rules.Sample(ch, r)
		} else {
			l := st.Legal()
			a = l[r.IntN(len(l))]
		}
		if _, err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
		done := st.indexed()
		got := &st.ix.oc
		sh := st.sideHex
		fresh := &State{sc: st.sc, U: st.U}
		fresh.ix = &occBuf{sight: map[sightKey]sightRes{}}
		fresh.buildIndex()
		want := &fresh.ix.oc
		for k := 0; k < st.sc.denseN; k++ {
			if !slices.Equal(got.get(k), want.get(k)) || got.sides[k] != want.sides[k] {
				t.Fatalf("action %d (%s): hex %s: index %v sides %b, whole build %v sides %b", n, a.Key(),
					st.num(st.sc.coordOf(k)), got.get(k), got.sides[k], want.get(k), want.sides[k])
			}
		}
		for side := 0; side < 2; side++ {
			g, w := slices.Clone(sh[side]), slices.Clone(fresh.ix.sideHex[side])
			slices.SortFunc(g, func(a, b hex.Coord) int { return hexCmp(a, b) })
			slices.SortFunc(w, func(a, b hex.Coord) int { return hexCmp(a, b) })
			if !slices.Equal(g, w) {
				t.Fatalf("action %d: side %d hexes %v, whole build %v", n, side, g, w)
			}
		}
		done()
	}
}

func hexCmp(a, b hex.Coord) int {
	switch {
	case hex.Less(a, b):
		return -1
	case hex.Less(b, a):
		return 1
	}
	return 0
}
