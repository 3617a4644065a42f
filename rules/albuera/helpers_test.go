package albuera

import (
	"os"
	"path/filepath"
	"testing"

	"grognard/scenarios"
)

// fixture loads the small test scenario in testdata.
func fixture(t testing.TB) *Scenario {
	t.Helper()
	var sets [][]scenarios.Record
	for _, f := range []string{"map.txt", "tables.txt", "oob.txt", "setup.txt"} {
		b, err := os.ReadFile(filepath.Join("testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		recs, err := scenarios.Parse(f, b)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, recs)
	}
	sc, err := BuildScenario("fixture", sets...)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// newFixture starts a game on the fixture.
func newFixture(t testing.TB) *State {
	t.Helper()
	st, err := New(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// only leaves on the map the named units (and every commander).
func only(st *State, ids ...string) {
	keep := map[string]bool{}
	for _, id := range ids {
		keep[id] = true
	}
	for i := range st.U {
		if st.kind(i) != KCdr && !keep[st.id(i)] {
			st.U[i].Where = Gone
		}
	}
	st.ver++
	st.cache = nil
}

// put places a one-hex unit.
func put(t testing.TB, st *State, id, at string, facing int, array string) int {
	t.Helper()
	i := st.idx(id)
	c, err := st.sc.Map.ParseOn(at)
	if i < 0 || err != nil {
		t.Fatalf("put %s %s: %v", id, at, err)
	}
	u := &st.U[i]
	u.Where, u.At, u.Two, u.Facing = OnMap, c, false, facing
	if array != "" {
		u.Array = array
	}
	st.NextOrd++
	u.Ord = st.NextOrd
	st.ver++
	st.cache = nil
	return i
}

// putLine places a rectangle on a and b facing f.
func putLine(t testing.TB, st *State, id, a, b string, f int) int {
	t.Helper()
	i := st.idx(id)
	ca, _ := st.sc.Map.ParseOn(a)
	cb, _ := st.sc.Map.ParseOn(b)
	l, err := hexNewLine2(ca, cb, f)
	if err != nil {
		t.Fatalf("putLine %s: %v", id, err)
	}
	u := &st.U[i]
	u.Where, u.At, u.At2, u.Two, u.Facing, u.Array = OnMap, l.A, l.B, true, l.Facing, Line
	st.NextOrd++
	u.Ord = st.NextOrd
	st.ver++
	st.cache = nil
	return i
}

func hx(t testing.TB, st *State, n string) hexCoord {
	t.Helper()
	c, err := st.sc.Map.ParseOn(n)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
