package albuera

import (
	"testing"
)

// TestFastTablesMatchTheirSources checks the tables made once per scenario
// (fast.go) against what they replace: the rows of table actions, each
// unit's side, facing labels, brigades and troops of each commander, and
// the half-point texts.
func TestFastTablesMatchTheirSources(t *testing.T) {
	sc, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range hotActs {
		for _, def := range []int{0, 2, 8} {
			want := def
			if v, ok := sc.Act[name]; ok {
				want = v
			}
			if got := sc.act(name, def); got != want {
				t.Errorf("act(%s, %d) = %d, table %d", name, def, got, want)
			}
		}
	}
	st, err := New(sc)
	if err != nil {
		t.Fatal(err)
	}
	for i := range sc.Units {
		d := &sc.Units[i]
		if st.sc.fast.kindOf[i] != kindCode(d.Kind) || kindCode(d.Kind) == kOther {
			t.Errorf("%s: kind code %d for %q", d.ID, st.sc.fast.kindOf[i], d.Kind)
		}
		if int(st.sc.fast.nOf[i]) != d.N || int(st.sc.fast.rectOf[i]) != d.rectMin() {
			t.Errorf("%s: Manpower %d and rectangle minimum %d, want %d and %d", d.ID, st.sc.fast.nOf[i], st.sc.fast.rectOf[i], d.N, d.rectMin())
		}
		if st.side(i) != d.Side {
			t.Errorf("%s: side %d, want %d", d.ID, st.side(i), d.Side)
		}
		if got, want := st.brigadesOf(i), sc.brigadesOfSlow(i); len(got) != len(want) {
			t.Errorf("%s: brigades %v, want %v", d.ID, got, want)
		}
		troops := false
		for j, dj := range sc.Units {
			troops = troops || dj.Cmd == d.ID && dj.Kind != KCdr && st.U[j].Where != Gone && !st.U[j].Captured
		}
		if st.hasTroops(i) != troops {
			t.Errorf("%s: hasTroops %v, want %v", d.ID, st.hasTroops(i), troops)
		}
		cost := sc.act("face", 2)
		if d.Kind == KComp {
			cost = sc.act("face_company", 0)
		}
		for f := 0; f < 6; f++ {
			if want := d.Name + " turns to face " + sc.facingWord(f) + " (" + halfText(cost) + " MP)"; sc.fast.faceLab[i][f] != want {
				t.Errorf("face label %q, want %q", sc.fast.faceLab[i][f], want)
			}
		}
	}
	for n := -3; n < 80; n++ {
		if half(n) != halfText(n) || costInfo(n) != halfText(n)+" MP" {
			t.Errorf("half(%d) = %q, costInfo %q", n, half(n), costInfo(n))
		}
	}
}
