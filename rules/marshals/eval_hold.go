package marshals

import (
	"slices"

	"grognard/rules"
)

// Holding the zones worth VP (#21): a zone is held at the end by the
// stack standing in it [8.0] (free of French units, it is the Allies'
// [S2 VC]). On a loaded machine the computer's searches are cut short by
// their deadline and it plays the best of the few actions it scanned, in
// the order of their priority: the Retreat's French activated the Madrid
// garrison and marched it out of the town (5 VP) on turn 1, because every
// move (at least 0.1) ranked above ending the move (0). The priority now
// keeps a lone garrison where it stands unless the search finds better.

// holdPriority ranks activating the stack that alone holds a VP zone of
// its side below the other activations [5.2], and ending the move of a
// stack that would leave such a zone empty above every move [5.3].
func (s *State) holdPriority(a rules.Action) (float64, bool) {
	side := s.Act
	if side != French && side != Allied {
		return 0, false
	}
	switch {
	case a.Kind == "order" && a.To != "" && s.sc.VP[a.To] > 0 && s.controls(a.To) == side:
		return 1.2, true
	case a.Kind == "end" && a.Choice == "stop" && s.Move != nil && s.Move.Side == side && s.Sub == SubMove:
		z := s.Move.Zone
		if s.sc.VP[z] == 0 || s.hasUnits(1-side, z) {
			return 0, false
		}
		for _, j := range s.sideAt(side, z, nil) {
			if isUnit(s.def(j)) && s.def(j).Kind != KDecoy && !slices.Contains(s.Move.Units, s.def(j).ID) {
				return 0, false // another counter holds it
			}
		}
		return 1.96, true
	}
	return 0, false
}
