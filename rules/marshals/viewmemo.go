package marshals

import (
	"slices"

	"grognard/rules"
)

// The counters of a view, kept between views [issue 20].
//
// What viewUnitsOf lists for a side reads only the counters (s.Units: each
// one's place, losses, markers, an opened box [1.3]), the counters of the
// combat being fought (revealed [5.4]) and the scenario; the starting decoy
// being placed [7.5] reads more and is not kept. A counter's own view
// (unitView) reads only its counter and the scenario. So a view whose
// counters and revealed set equal those of the last view of the same side
// has the same list, and a counter that equals its last snapshot has the
// same view. The memo compares them all (no version to trust: a counter
// written directly is seen) and is never shared with a clone. The list is
// handed to every view with those counters (capacity cut at its length):
// read a view's units, never change them (docs/ENGINE.md). TestViewMatchesReference and TestRecordedGamesReplayViews
// compare the views with the code before; TestViewMemoAgreesWithViewsMadeAfresh
// with views made from nothing along random games.
type viewMemo struct {
	side [3]sideViewMemo // by side + 1 (the neutral view first)
	// unitView of each counter, with the counter it was made from
	uv   []rules.UnitView
	uvOf []Unit
	uvOK []bool
}

type sideViewMemo struct {
	ok       bool
	units    []rules.UnitView // the list made, shared by the views
	snap     []Unit
	revealed []bool // nil: no combat revealed
}

// viewUnitsMemo is viewUnitsOf(side, revealed), from the memo when the
// counters and the revealed set are as they were.
func (s *State) viewUnitsMemo(side int, revealed []bool) []rules.UnitView {
	if s.vmemo == nil {
		s.vmemo = &viewMemo{}
	}
	if side < -1 || side > 1 || (s.Sub == SubDecoy && s.Placing == side) {
		return s.viewUnitsOf(side, revealed)
	}
	m := &s.vmemo.side[side+1]
	if m.ok && slices.Equal(m.snap, s.Units) && sameRevealed(m.revealed, revealed) {
		return m.units
	}
	units := s.viewUnitsOf(side, revealed)
	if len(units) == 0 {
		units = nil
	} else {
		units = units[:len(units):len(units)]
	}
	m.units = units
	m.snap = append(m.snap[:0], s.Units...)
	m.revealed = append(m.revealed[:0], revealed...)
	if revealed == nil {
		m.revealed = m.revealed[:0]
	}
	m.ok = true
	return units
}

// sameRevealed: a and b mark the same counters (nil or empty marks none).
func sameRevealed(a, b []bool) bool {
	if len(a) == 0 || len(b) == 0 {
		return !slices.Contains(a, true) && !slices.Contains(b, true)
	}
	return slices.Equal(a, b)
}

// unitViewMemo is unitView(i), kept while counter i stays as it was.
func (s *State) unitViewMemo(i int) rules.UnitView {
	vm := s.vmemo
	if vm == nil {
		return s.unitView(i)
	}
	if n := len(s.Units); len(vm.uv) != n {
		vm.uv, vm.uvOf, vm.uvOK = make([]rules.UnitView, n), make([]Unit, n), make([]bool, n)
	}
	if vm.uvOK[i] && vm.uvOf[i] == s.Units[i] {
		return vm.uv[i]
	}
	uv := s.unitView(i)
	vm.uv[i], vm.uvOf[i], vm.uvOK[i] = uv, s.Units[i], true
	return uv
}
