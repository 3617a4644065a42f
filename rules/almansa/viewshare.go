package almansa

import "grognard/rules"

// viewUnits is the units of View, made once per state (#20): Almansa hides
// nothing, so both sides' views of one state show the same units, and the
// checked playout asks for both after every action. The list is kept until
// the state changes (forget, which every Apply and touch calls) and handed
// to every view of the state: read it, never change its elements (as the
// legal list; a unit's Detail and Markers are cut at their length, so an
// append copies). A clone makes its own.
func (s *State) viewUnits() []rules.UnitView {
	if s.vunits != nil && len(s.vunits) == len(s.Units) {
		return s.vunits
	}
	units := make([]rules.UnitView, len(s.Units))
	// Every unit's detail lines and markers in two shared arrays, each
	// unit's slice cut at its length (#20: one allocation, not two a unit).
	vb := viewBuf{detail: make([]string, 0, 5*len(s.Units)), markers: make([]string, 0, len(s.Units))}
	for i := range s.Units {
		units[i] = s.unitViewIn(i, &vb)
	}
	s.vunits = units[:len(units):len(units)]
	return s.vunits
}
