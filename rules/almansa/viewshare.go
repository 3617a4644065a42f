package almansa

import "grognard/rules"

// viewUnits is the units of View, made once per state (#20): Almansa hides
// nothing, so both sides' views of one state show the same units, and the
// checked playout asks for both after every action. The list is kept until
// the state changes (forget, which every Apply and touch calls) and handed
// to every view of the state: read it, never change its elements (as the
// legal list; a unit's Detail and Markers are cut at their length, so an
// append copies). A clone makes its own.
//
// Between states, a unit's view is made again only when what it reads
// changed (viewMemo): its own counter (UnitState), the phase (the movement
// left [10]), the formations' demoralisation (fgen counts its writes) and
// the Allied ammunition used [15]; the rest is the scenario's.
// TestRecordedGamesReplayIdentically hashes every view of the recorded
// games; TestViewUnitsAgreeWithViewsMadeAfresh compares them with views
// made from nothing along random games.
func (s *State) viewUnits() []rules.UnitView {
	if s.vunits != nil && len(s.vunits) == len(s.Units) {
		return s.vunits
	}
	if s.bufs == nil {
		s.bufs = &stateBufs{}
	}
	m := &s.bufs.vm
	n := len(s.Units)
	reuse := m.ok && len(m.units) == n && len(m.snap) == n &&
		m.phase == s.Phase && m.fgen == s.fgen && m.ammo == s.AmmoUsed
	if reuse && slicesEqualUnits(m.snap, s.Units) {
		s.vunits = m.units // nothing a view reads changed
		return s.vunits
	}
	var units []rules.UnitView
	// Every made unit's detail lines and markers in two shared arrays, each
	// unit's slice cut at its length (#20: one allocation, not two a unit).
	var vb viewBuf
	if reuse {
		// The last list copied at once, then the changed units made again
		// (#20: one copy, not one a unit).
		units = append([]rules.UnitView(nil), m.units...)
	} else {
		units = make([]rules.UnitView, n)
		vb = viewBuf{detail: make([]string, 0, 5*n), markers: make([]string, 0, n)}
	}
	for i := range s.Units {
		if reuse && sameUnit(&s.Units[i], &m.snap[i]) {
			continue
		}
		units[i] = s.unitViewIn(i, &vb)
	}
	// The memo keeps the list handed out (read-only, docs/ENGINE.md).
	m.units = units[:n:n]
	m.snap = append(m.snap[:0], s.Units...)
	m.phase, m.fgen, m.ammo, m.ok = s.Phase, s.fgen, s.AmmoUsed, true
	s.vunits = units[:n:n]
	return s.vunits
}

// viewMemo is the last units' view a state made (viewUnits) and what they
// were made from.
type viewMemo struct {
	ok    bool
	units []rules.UnitView
	snap  []UnitState
	phase string
	fgen  uint64
	ammo  int
}

// slicesEqualUnits: a and b hold the same counters.
func slicesEqualUnits(a, b []UnitState) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameUnit(&a[i], &b[i]) {
			return false
		}
	}
	return true
}
