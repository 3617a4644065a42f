package marshals

import "testing"

// TestRuleEV_Madrid_EndingTheGameWhileBehindIsALoss: the Madrid event
// marker, played by the French, ends the scenario at the end of the turn
// [EV Madrid]. The French computer played it while behind in VP and lost
// (Almonacid, "62% to win", 7.5 VP to 9.5; #21): its evaluation still
// counted the turns of the scenario. Behind in VP on turn 3 of the
// Retreat, the French evaluation with the marker played is lower than
// without it and below even, even with the Allied army at half strength;
// ahead, near a certain win.
func TestRuleEV_Madrid_EndingTheGameWhileBehindIsALoss(t *testing.T) {
	s := loadedState(t, "marshals-retreat")
	s.Turn = 3
	// the Allied divisions at half strength: the French far stronger
	for i := range s.Units {
		if d := s.def(i); d.Side == Allied && d.Kind == KDiv {
			s.Units[i].Losses = int16(len(d.Track) / 2)
		}
	}
	for _, lead := range []int{-6, 8} {
		s.VP2 = [2]int{}
		vp, _ := s.FinalVP()
		s.VP2[French] = max(0, lead-(vp[French]-vp[Allied]))
		s.VP2[Allied] = max(0, (vp[French]-vp[Allied])-lead)
		vp, _ = s.FinalVP()
		if vp[French]-vp[Allied] != lead {
			t.Fatalf("lead %d, have %v", lead, vp)
		}
		s.EndTurn = false
		goOn := s.Evaluate(French)
		s.EndTurn = true
		end := s.Evaluate(French)
		s.EndTurn = false
		if lead < 0 && (end >= goOn || end >= 0.5) {
			t.Errorf("behind by %d half VP: ending the game %.3f, going on %.3f", -lead, end, goOn)
		}
		if lead > 0 && end <= 0.9 {
			t.Errorf("ahead by %d half VP: ending the game %.3f (going on %.3f)", lead, end, goOn)
		}
	}
}

// loadedState is a new game of scenario id at its set-up, for tests that
// place units by hand.
func loadedState(t *testing.T, id string) *State {
	t.Helper()
	sc, err := Load(id)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewState(sc)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// placeUnits puts the units ids in zone z, on the map.
func placeUnits(t *testing.T, s *State, z string, ids ...string) {
	t.Helper()
	for _, id := range ids {
		i := s.idx(id)
		if i < 0 {
			t.Fatalf("no %s", id)
		}
		s.Units[i].At, s.Units[i].Off = z, OffNone
	}
}
