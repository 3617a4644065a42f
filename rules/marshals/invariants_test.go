package marshals

import (
	"strings"
	"testing"

	"grognard/rules"
)

// TestCheckInvariantsCatchesBrokenStates: the checks the playout runs after
// every action still see a counter at an unknown place, at an off-map zone,
// a division with more losses than boxes and an unknown event, including
// after the index was trusted by a Legal [issue 20].
func TestCheckInvariantsCatchesBrokenStates(t *testing.T) {
	fresh := func() *State {
		st, err := rules.NewState("marshals-three-armies", nil)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		s.Legal()
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("a new game breaks an invariant: %v", err)
		}
		return s
	}
	onMap := func(s *State) int {
		for i := range s.Units {
			if s.def(i).Kind == KDiv && s.onMap(i) {
				return i
			}
		}
		t.Fatal("no division on the map")
		return -1
	}
	s := fresh()
	i := onMap(s)
	s.Units[i].At = "atlantis"
	if err := s.CheckInvariants(); err == nil || !strings.Contains(err.Error(), "not an on-map zone") {
		t.Errorf("a counter at an unknown place: %v", err)
	}
	for zi, off := range s.sc.zoff {
		if off {
			s = fresh()
			s.Units[onMap(s)].At = s.sc.Graph.Zones[zi].ID
			if err := s.CheckInvariants(); err == nil || !strings.Contains(err.Error(), "not an on-map zone") {
				t.Errorf("a counter at the off-map zone %s: %v", s.sc.Graph.Zones[zi].ID, err)
			}
			break
		}
	}
	s = fresh()
	i = onMap(s)
	s.Units[i].Losses = int16(len(s.def(i).Track) + 1)
	if err := s.CheckInvariants(); err == nil || !strings.Contains(err.Error(), "has losses") {
		t.Errorf("a division with more losses than boxes: %v", err)
	}
	s = fresh()
	s.Hands[0] = append(s.Hands[0], "no-such-event")
	if err := s.CheckInvariants(); err == nil || !strings.Contains(err.Error(), "unknown event") {
		t.Errorf("an unknown event in hand: %v", err)
	}
}
