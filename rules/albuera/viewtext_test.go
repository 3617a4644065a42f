package albuera

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule15_11_ViewTurnTrackFollowsRoutedUnits: the view's turn track
// [15.11] and VP lines, kept between versions while what they read is
// the same (viewtext.go), follow units routed, moved to another box and
// rallied, and the VP, as views made from nothing show them. Random play
// seldom routs a unit, so the test routs them itself.
func TestRule15_11_ViewTurnTrackFollowsRoutedUnits(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	st := newGameWith(t, nil)
	for n := 0; n < 300 && !st.Over; n++ {
		a, _ := rules.RandomAction(st, r)
		if _, err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	var on []int
	for i := range st.U {
		if st.U[i].Where == OnMap && st.kind(i) == KInf && !st.U[i].Two {
			on = append(on, i)
		}
	}
	if len(on) < 3 {
		t.Fatal("fewer than three battalions on the map")
	}
	same := func(what string, wantIn string) {
		t.Helper()
		st.ver++ // a change outside Apply (as a lesson's or an editor's)
		st.cache = nil
		for side := rules.Side(0); side < 2; side++ {
			if g, w := st.View(side), st.viewSlow(side); !reflect.DeepEqual(g, w) {
				t.Fatalf("%s: side %d's view\n%+v\nmade afresh\n%+v", what, side, g.Tracks, w.Tracks)
			}
		}
		tr := st.View(0).Tracks
		if items := strings.Join(tr[len(tr)-1].Items, "; "); !strings.Contains(items, wantIn) {
			t.Fatalf("%s: turn track %q, want %q in it", what, items, wantIn)
		}
	}
	st.own()
	same("before", "VP marker")
	rout := func(i, box int) {
		st.moved(i)
		st.U[i].Where, st.U[i].Box = Routed, box
	}
	rout(on[0], 5)
	same("one routed", "turn 5: "+st.name(on[0]))
	rout(on[1], 5)
	same("two routed", st.name(on[0])+", "+st.name(on[1]))
	st.U[on[1]].Box = 6 // another box
	same("moved to turn 6", "turn 6: "+st.name(on[1]))
	st.VP += 3
	same("VP changed", "VP marker: French")
	st.moved(on[0])
	st.U[on[0]].Where, st.U[on[0]].Box = OnMap, 0 // rallied
	same("one rallied", "turn 6: "+st.name(on[1]))
	if tr := st.View(1).Tracks; strings.Contains(strings.Join(tr[len(tr)-1].Items, ";"), "turn 5") {
		t.Fatal("the rallied unit's box stays on the turn track")
	}
}
