package marshals

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"grognard/rules"
	"grognard/rules/rulestest"
)

// TestPositionIndexAgreesWithUnits replays the recorded games with every
// read of the position index (fast.go) compared with an index built
// afresh from the counters [issue 20]: a move of a counter that the index
// missed panics (an error from Apply) and fails the replay.
func TestPositionIndexAgreesWithUnits(t *testing.T) {
	posCheck = true
	defer func() { posCheck = false }()
	dir := filepath.Join("testdata", "views")
	names, err := fs.Glob(os.DirFS(dir), "recorded-*.json.gz")
	if err != nil || len(names) == 0 {
		t.Fatalf("no recorded game in %s (%v)", dir, err)
	}
	for _, name := range names {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := rulestest.DecodeRecorded(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		st, err := rules.NewState(rec.Scenario, rec.Options)
		if err != nil {
			t.Fatal(err)
		}
		for i, step := range rec.Steps {
			if i%2 == 0 {
				st.Legal() // every other step through the kept list
			}
			if _, err := st.Apply(step.Action); err != nil {
				t.Fatalf("%s step %d (%s): %v", name, i+1, step.Action.Key(), err)
			}
		}
	}
}

// TestPositionIndexSeesDirectWrites: a counter moved by writing its fields
// (as a test or a determinizer does) is seen by the next question, in the
// state and not in its clone, and the clone's own writes do not reach the
// original [issue 20].
func TestPositionIndexSeesDirectWrites(t *testing.T) {
	st, err := rules.NewState("marshals-talavera", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	s.Legal()
	i := -1
	for j := range s.Units {
		if d := s.def(j); d.Side == Allied && d.Kind == KDiv && s.onMap(j) {
			i = j
			break
		}
	}
	if i < 0 {
		t.Fatal("no Allied division on the map")
	}
	from := s.Units[i].At
	to := s.sc.adj[from][0].to
	c := s.clone()
	had := s.hasUnits(Allied, to)
	s.Units[i].At = to
	if !s.hasUnits(Allied, to) {
		t.Errorf("the state does not see %s moved to %s", s.def(i).ID, to)
	}
	if got := c.hasUnits(Allied, to); got != had {
		t.Errorf("the clone sees the original's write: hasUnits %v, was %v", got, had)
	}
	c.Units = append([]Unit(nil), c.Units...)
	c.Units[i].Off = OffEliminated
	found := false
	for _, j := range s.sideAt(Allied, to, nil) {
		found = found || j == i
	}
	if !found {
		t.Error("the clone's write changed the original's index")
	}
	for _, j := range c.sideAt(Allied, from, nil) {
		if j == i {
			t.Error("the clone still has the eliminated counter on the map")
		}
	}
	posCheck = true
	defer func() { posCheck = false }()
	s.pos()
	c.pos()
}
