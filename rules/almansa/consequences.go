package almansa

import (
	"fmt"
	"sort"

	"grognard/rules/hex"
)

// Consequences of a move the player should know before the click (the app
// shows them in the hover of a move). This file only reads the state.

// MoveConsequences says what moving unit to target brings about beyond the
// move itself: artillery that moves forfeits its offensive fire [10]; a
// unit that ends beyond its leader's command radius is out of command at
// the next Command phase [6]; a leader who moves away leaves units of his
// formation beyond his radius [6]. Unknown units or hexes give nothing.
func (s *State) MoveConsequences(unit, target string) []string {
	i := s.idx(unit)
	if i < 0 {
		return nil
	}
	to, err := s.sc.Map.ParseOn(target)
	if err != nil || phaseKind(s.Phase) != "move" {
		return nil
	}
	d := s.def(i)
	var out []string
	if d.Type == Artillery && !s.Units[i].Moved {
		out = append(out, "Artillery that moves may not fire in the offensive fire phase [10]")
	}
	c := s.clone()
	c.Units[i].At = to
	block := c.blockers(d.Side)
	before := s.blockers(d.Side)
	switch {
	case d.Combat() && d.Type != Artillery && s.Units[i].Form != "":
		if s.unitInCommand(before, i) && !c.unitInCommand(block, i) {
			l := s.idx(s.sc.Form(s.Units[i].Form).Leader)
			if l >= 0 {
				out = append(out, fmt.Sprintf("Ends beyond %s's command radius of %d: out of command next turn [6]", s.def(l).Name, s.def(l).Radius))
			}
		}
	case d.Type == Leader:
		n := 0
		for j := range s.Units {
			if j != i && s.alive(j) && s.Units[j].Form == d.Formation && s.def(j).Combat() &&
				s.unitInCommand(before, j) && !c.unitInCommand(block, j) {
				n++
			}
		}
		if n > 0 {
			out = append(out, fmt.Sprintf("Leaves %s of his formation beyond his command radius of %d: out of command next turn [6]", countOf(n, "unit", "units"), d.Radius))
		}
	}
	return out
}

// CommandArea returns the leader whose command radius matters to unit (the
// unit itself when it is a leader, else its formation's leader) and the
// hexes within that radius, traced as the command check traces it (not
// through enemy units or their front and flank hexes) [6]. Nothing when
// the unit has no leader on the map.
func (s *State) CommandArea(unit string) (leader string, radius int, hexes []string) {
	i := s.idx(unit)
	if i < 0 || !s.alive(i) {
		return "", 0, nil
	}
	l := -1
	switch d := s.def(i); {
	case d.Type == Leader:
		l = i
	case s.Units[i].Form != "":
		l = s.idx(s.sc.Form(s.Units[i].Form).Leader)
	}
	if l < 0 || !s.alive(l) || !s.Units[l].On {
		return "", 0, nil
	}
	r := s.def(l).Radius
	block := s.blockers(s.def(l).Side)
	for _, c := range hex.Within(s.Units[l].At, r) {
		if s.sc.Map.On(c) && s.traceCommand(block, s.Units[l].At, c, r) {
			hexes = append(hexes, s.num(c))
		}
	}
	sort.Strings(hexes)
	return s.def(l).ID, r, hexes
}
