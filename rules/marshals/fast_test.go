package marshals

import (
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
	rulestest.CheckRecordedFiles(t, os.DirFS(filepath.Join("testdata", "views")))
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
