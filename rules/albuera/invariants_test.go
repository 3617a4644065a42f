package albuera

import (
	"strings"
	"testing"
)

// TestRule11_3_CheckInvariantsPassingAndManpower: the invariant check
// (one pass over the units since session 23) still reports a unit left
// passing through friends [11.3] when it is not the unit in motion, leaves
// a passing unit out of the stacking count of the hex it crosses, and
// finds a Manpower over the unit's full strength [3.4].
func TestRule11_3_CheckInvariantsPassingAndManpower(t *testing.T) {
	st := newGameWith(t, nil)
	inf := frenchBattalionsOnMap(t, st)
	at := st.num(st.U[inf[0]].At)

	left := st.clone()
	left.own()
	left.U[inf[2]].Passing = true
	left.Motion = -1
	if err := left.CheckInvariants(); err == nil || !strings.Contains(err.Error(), "only passing through [11.3]") || !strings.Contains(err.Error(), st.id(inf[2])) {
		t.Errorf("a unit left passing: %v, want %s stopped among friends [11.3]", err, st.id(inf[2]))
	}

	// five battalions in one hex, the fifth the unit in motion passing
	// through: the four that stay are within the limit, so no stacking error
	through := st.clone()
	through.own()
	for _, i := range inf[1:5] {
		put(t, through, st.id(i), at, st.U[inf[0]].Facing, st.U[inf[0]].Array)
	}
	if err := through.CheckInvariants(); err == nil || !strings.Contains(err.Error(), "stacking broken") {
		t.Fatalf("five battalions in %s: %v, want stacking broken [11.2]", at, err)
	}
	through.U[inf[4]].Passing = true
	through.Motion = inf[4]
	through.ver++
	through.cache = nil
	if err := through.CheckInvariants(); err != nil && strings.Contains(err.Error(), "stacking broken") {
		t.Errorf("a battalion passing through %s counted in its stack: %v", at, err)
	}

	strong := st.clone()
	strong.own()
	strong.U[inf[3]].MP = strong.def(inf[3]).N + 1
	if err := strong.CheckInvariants(); err == nil || !strings.Contains(err.Error(), "Manpower") || !strings.Contains(err.Error(), "[3.4]") {
		t.Errorf("Manpower over the full strength: %v, want [3.4]", err)
	}
}
