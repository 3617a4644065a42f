package albuera

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/hex"
)

// TestOccupancyIndexMatchesRebuild plays random games and checks, after
// every action, that the occupancy index kept up to date unit by unit
// (index.go) equals one built whole from the units: the same units in
// every hex in stack order [11.0], the same side bits and the same hexes
// per side; and every 5th action that the unit views View keeps equal
// views made afresh.
func TestOccupancyIndexMatchesRebuild(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	st := newGameWith(t, nil)
	for n := 0; n < 3000; n++ {
		if st.Over {
			st = newGameWith(t, rules.Options{"autowin_none": true})
		}
		a, _ := rules.RandomAction(st, r)
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
		if n%5 == 0 { // the unit views kept from action to action (view.go)
			v := st.View(0)
			fresh := st.clone()
			fresh.uvc, fresh.uvcShared = nil, false
			if w := fresh.View(0); !reflect.DeepEqual(v.Units, w.Units) {
				t.Fatalf("action %d (%s): the kept unit views differ from views made afresh", n, a.Key())
			}
			// the whole views, shared by the two sides of a version (view.go)
			fresh = st.clone()
			for side := rules.Side(0); side < 2; side++ {
				if w, g := fresh.View(side), st.View(side); !reflect.DeepEqual(w, g) {
					t.Fatalf("action %d (%s): side %d's view differs from a view made afresh", n, a.Key(), side)
				}
			}
		}
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

// TestRule11_CheckInvariantsFindsBrokenStacks checks that the invariant
// check (run after every action of the playouts) still finds a stack over
// the limits [11.1], [11.2], a stack mixing facings [11.0] and a chit twice
// in the pool [3.3], and passes the set-up.
func TestRule11_CheckInvariantsFindsBrokenStacks(t *testing.T) {
	st := newGameWith(t, nil)
	if err := st.CheckInvariants(); err != nil {
		t.Fatalf("set-up: %v", err)
	}
	inf := frenchBattalionsOnMap(t, st)
	at := st.num(st.U[inf[0]].At)
	broken := st.clone()
	broken.own()
	for _, i := range inf[1:5] {
		put(t, broken, st.id(i), at, st.U[inf[0]].Facing, st.U[inf[0]].Array)
	}
	if err := broken.CheckInvariants(); err == nil || !strings.Contains(err.Error(), "stacking broken") {
		t.Errorf("five battalions in %s: %v, want stacking broken [11.2]", at, err)
	}
	mixed := st.clone()
	mixed.own()
	put(t, mixed, st.id(inf[1]), at, (st.U[inf[0]].Facing+1)%6, st.U[inf[0]].Array)
	if err := mixed.CheckInvariants(); err == nil || !strings.Contains(err.Error(), "mixes arrays or facings") {
		t.Errorf("two facings in %s: %v, want mixes arrays or facings [11.0]", at, err)
	}
	if len(st.Pool) > 0 {
		twice := st.clone()
		twice.Pool = append(append([]string(nil), st.Pool...), st.Pool[0])
		twice.ver++
		twice.cache = nil
		if err := twice.CheckInvariants(); err == nil || !strings.Contains(err.Error(), "twice in the pool") {
			t.Errorf("a chit twice in the pool: %v", err)
		}
	}
}

// frenchBattalionsOnMap is the French one-hex battalions on the map at
// st, at least five of them.
func frenchBattalionsOnMap(t *testing.T, st *State) []int {
	t.Helper()
	var inf []int
	for i := range st.U {
		if st.kind(i) == KInf && st.side(i) == French && st.U[i].Where == OnMap && !st.U[i].Two {
			inf = append(inf, i)
		}
	}
	if len(inf) < 5 {
		t.Fatal("fewer than five French battalions on the map")
	}
	return inf
}
