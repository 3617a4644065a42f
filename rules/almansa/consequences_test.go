package almansa

import (
	"strings"
	"testing"

	"grognard/rules"
)

func historical(t *testing.T) *State {
	t.Helper()
	st, err := rules.NewState(ScenarioID, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for range 3 { // Bourbon, Bourbon done with the reserve [6], Allied
		if _, err := s.Apply(rules.Action{Kind: "choose", Choice: "historical"}); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestRule10_MovingArtilleryForfeitsOffensiveFire and [6]: the
// consequences of a move are said before it is made.
func TestRule10_MovingArtilleryForfeitsOffensiveFire(t *testing.T) {
	s := historical(t)
	seenArt, seenRadius := false, false
	for _, a := range s.Legal() {
		if a.Kind != "move" {
			continue
		}
		i := s.idx(a.Unit)
		cs := strings.Join(s.MoveConsequences(a.Unit, a.To), "|")
		if s.def(i).Type == Artillery {
			seenArt = true
			if !strings.Contains(cs, "offensive fire phase [10]") {
				t.Errorf("%s: %q", a.Unit, cs)
			}
		} else if strings.Contains(cs, "[10]") {
			t.Errorf("%s is no artillery: %q", a.Unit, cs)
		}
		if strings.Contains(cs, "out of command next turn [6]") {
			seenRadius = true
			c := s.clone()
			to, _ := s.sc.Map.ParseOn(a.To)
			c.Units[i].At = to
			if s.def(i).Type != Leader && c.unitInCommand(c.blockers(s.def(i).Side), i) {
				t.Errorf("%s to %s said out of command but is in command", a.Unit, a.To)
			}
		}
	}
	if !seenArt {
		t.Error("no artillery move to check")
	}
	_ = seenRadius // the historical set-up may keep every first step in radius
	if s.MoveConsequences("nobody", "0101") != nil || s.MoveConsequences("btrain", "garbage") != nil {
		t.Error("garbage should give nothing")
	}
}

// TestRule6_CommandAreaOfALeader: the area holds the leader's hex and
// hexes up to his radius only.
func TestRule6_CommandAreaOfALeader(t *testing.T) {
	s := historical(t)
	for i := range s.Units {
		if s.def(i).Type != Leader || !s.alive(i) {
			continue
		}
		l, r, hexes := s.CommandArea(s.def(i).ID)
		if l != s.def(i).ID || r != s.def(i).Radius || len(hexes) == 0 {
			t.Fatalf("%s: %s %d %d", s.def(i).ID, l, r, len(hexes))
		}
		at := s.num(s.Units[i].At)
		found := false
		for _, h := range hexes {
			found = found || h == at
		}
		if !found {
			t.Fatalf("the area of %s lacks his own hex %s", l, at)
		}
		return
	}
	t.Fatal("no leader")
}
