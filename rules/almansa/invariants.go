package almansa

import (
	"fmt"

	"grognard/rules"
)

// CheckInvariants is the system's own soundness check (rules.Checker), run
// by the playout harness after every action, by `grognard playout --deep`
// and by the tests. It returns nil when the state is sound:
//   - the decider has a legal action unless the game is over [3];
//   - enemies never share a hex, whatever their type [8, 10];
//   - stacking [8]: an overstacked hex only after a retreat or rout, with
//     all of its infantry and cavalry disorganised or routed;
//   - stacked units share one facing [7];
//   - no unit dead and on the map, no negative steps, no combat unit dead
//     with steps left, facings 0-5, every unit on the map on a map hex;
//   - no unit spent more movement than it has [10];
//   - losses never negative [5].
func (s *State) CheckInvariants() error {
	for i, u := range s.Units {
		id := s.def(i).ID
		switch {
		case u.Steps < 0:
			return fmt.Errorf("%s has %d steps", id, u.Steps)
		case u.Dead && u.On:
			return fmt.Errorf("%s is dead and on the map", id)
		case u.Dead && s.def(i).Combat() && u.Steps != 0:
			return fmt.Errorf("%s is dead with %d steps", id, u.Steps)
		case u.Facing < 0 || u.Facing > 5:
			return fmt.Errorf("%s has facing %d", id, u.Facing)
		case u.Spent > 2*s.def(i).MP:
			return fmt.Errorf("%s spent %d half MP of %d [10]", id, u.Spent, 2*s.def(i).MP)
		}
		if s.alive(i) && s.fast().idx(u.At) < 0 {
			return fmt.Errorf("%s is off the map at %v", id, u.At)
		}
	}
	// Each hex's units once, from its first unit (the flat occupancy, #20;
	// TestOccupancyAndZoCAgreeWithMaps checks it against a map).
	o := s.occupancy()
	fm := s.fast() // the scenario's stacking limits, read once (#20)
	for i := range s.Units {
		if !s.alive(i) {
			continue
		}
		c := s.Units[i].At
		us := o.at(c)
		if len(us) == 0 || us[0] != i {
			continue
		}
		var seen [2]bool
		for _, j := range us {
			seen[s.def(j).Side] = true
		}
		if seen[0] && seen[1] {
			return fmt.Errorf("enemies share hex %s [8]", s.num(c))
		}
		steps, arts, hurt, face := 0, 0, true, -1
		for _, j := range us {
			switch s.def(j).Type {
			case Infantry, Cavalry, Dragoons:
				steps += s.Units[j].Steps
				hurt = hurt && (s.Units[j].DSG || s.Units[j].DSB)
			case Artillery:
				arts++
			}
			if s.hasFacing(j) && s.Transit != s.def(j).ID {
				if face >= 0 && s.Units[j].Facing != face {
					return fmt.Errorf("stack at %s has two facings [7]", s.num(c))
				}
				face = s.Units[j].Facing
			}
		}
		if (steps > fm.stackSteps || arts > fm.stackArt) && !hurt {
			return fmt.Errorf("hex %s overstacked (%d steps, %d guns) without disorganisation [8]", s.num(c), steps, arts)
		}
	}
	if s.Lost[0] < 0 || s.Lost[1] < 0 {
		return fmt.Errorf("negative losses [5]")
	}
	if !s.Over && len(s.Legal()) == 0 {
		st := s.Status()
		return fmt.Errorf("the decider (%s) has no legal action (turn %d, %s, %s)", st.Decider, st.Turn, st.Phase, st.SubPhase)
	}
	return nil
}

var _ rules.Checker = (*State)(nil)
