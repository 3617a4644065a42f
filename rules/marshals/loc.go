package marshals

import (
	"slices"

	"grognard/rules"
	"grognard/rules/zone"
)

// armyOf is the depot family of a counter [CR2]: French, Spanish or English
// depots; "" gives every depot of the side.
func armyOf(d *UnitDef) string {
	if d == nil {
		return ""
	}
	return d.Nat
}

// isDepotFor reports whether zone z is a depot of nationality nat (any of
// the side's nationalities when nat is "") [1.5] [CR2].
func (s *State) isDepotFor(side int, nat, z string) bool {
	zz, ok := s.sc.Graph.Zone(z)
	if !ok {
		return false
	}
	if nat != "" {
		return zz.DepotOf(nat)
	}
	if side == French {
		return zz.DepotOf(natFrench)
	}
	return zz.DepotOf("british") || zz.DepotOf("spanish")
}

// crossable: a connection carries a line of communication unless it is a
// ford or its major bridge is destroyed [1.5] [7.7] (spec §3.11).
func (s *State) crossable(c zone.Connection) bool {
	if c.Kind == zone.Ford {
		return false
	}
	if c.Bridge == zone.Major {
		i := s.sc.Graph.ConnIndex(c.A, c.B, c.Kind)
		return !s.Bridges[i]
	}
	return true
}

// locFree: a zone carries side's line if it holds no enemy unit; for the
// French a guerilla marker cuts it; an off-map zone is only an end [1.5].
func (s *State) locFree(side int) func(string) bool {
	return func(z string) bool {
		zz, _ := s.sc.Graph.Zone(z)
		if zz.IsOffmap() {
			return false
		}
		if side == French && s.flag("guerilla:"+z) {
			return false
		}
		return s.freeFor(side, z)
	}
}

// LoC reports a line of communication from zone z to a depot of nat
// (nat "" = any of the side's depots) [1.5]: the departure zone must not
// be contested.
func (s *State) LoC(side int, nat, z string) bool {
	if s.Contested(z) || (side == French && s.flag("guerilla:"+z)) {
		return false
	}
	if s.isDepotFor(side, nat, z) {
		return true
	}
	free := s.locFree(side)
	isDepot := func(id string) bool {
		if !s.isDepotFor(side, nat, id) {
			return false
		}
		zz, _ := s.sc.Graph.Zone(id)
		return zz.IsOffmap() || s.freeFor(side, id)
	}
	freeOrDepot := func(id string) bool { return isDepot(id) || free(id) }
	_, ok := s.sc.Graph.LineOfCommunicationVia(z, isDepot, freeOrDepot, s.crossable, -1)
	return ok
}

// LoCTo reports a line between two on-map zones (a stack and its CinC) [5.2].
func (s *State) LoCTo(side int, from, to string) bool {
	if s.Contested(from) || s.Contested(to) {
		return false
	}
	if from == to {
		return true
	}
	free := s.locFree(side)
	_, ok := s.sc.Graph.LineOfCommunicationVia(from, func(id string) bool { return id == to }, free, s.crossable, -1)
	return ok
}

// axes returns the Retraite markers of a zone ([-1,-1] when none).
func (s *State) axes(z string) [2]int {
	if a, ok := s.Axes[z]; ok {
		return a
	}
	return [2]int{-1, -1}
}

func (s *State) setAxes(z string, a [2]int) {
	if s.Axes == nil {
		s.Axes = map[string][2]int{}
	}
	s.Axes[z] = a
}

// validAxis: a Retraite marker goes on a connection toward a zone free for
// the side, usable by every unit of the stack (spec §3.5) [5.3.1].
func (s *State) validAxis(side int, z string, ci int, units []int) bool {
	if ci < 0 || ci >= len(s.sc.Graph.Conns) {
		return false
	}
	c := s.sc.Graph.Conns[ci]
	if c.A != z && c.B != z {
		return false
	}
	if c.Kind == zone.Ford || (c.Bridge == zone.Major && s.Bridges[ci]) {
		return false
	}
	if c.Kind == zone.Path {
		for _, i := range units {
			if s.noPath(i) {
				return false
			}
		}
	}
	to := c.Other(z)
	if s.zoneOf(to).IsOffmap() {
		return true
	}
	return s.freeFor(side, to)
}

// sweep runs after every action: decoys without a line to a friendly
// depot (so every decoy in a contested zone) are eliminated [7.5]; the
// Retraite markers of zones no longer contested are removed [5.3.1]; the
// Madrid marker goes in or out of the French container [CR8]; scenario
// triggers are noted.
func (s *State) sweep() []rules.Event {
	if s.Phase == PhSetup {
		return nil
	}
	var evs []rules.Event
	for i := range s.Units {
		d := s.def(i)
		if d.Kind != KDecoy || !s.onMap(i) {
			continue
		}
		if s.Move != nil && !s.Move.Composing && slices.Contains(s.Move.Units, d.ID) && !s.Contested(s.Units[i].At) {
			continue // a moving decoy is judged where it stops
		}
		if !s.LoC(d.Side, d.Nat, s.Units[i].At) {
			z := s.Units[i].At
			s.Units[i].Off = OffEliminated
			if s.Move != nil {
				s.Move.Units = slices.DeleteFunc(s.Move.Units, func(id string) bool { return id == d.ID })
			}
			evs = append(evs, rules.Event{Kind: "eliminated", Text: "A " + sideNames[d.Side] + " counter is removed at " + s.zoneOf(z).Name + " (a decoy without a line of communication)", Rule: "7.5", Side: rules.Side(d.Side)})
		}
	}
	for z := range s.Axes {
		if !s.Contested(z) {
			delete(s.Axes, z)
		}
	}
	// [CR8] (spec §3.12 reading): an Allied unit in Madrid without French
	// puts the Madrid marker in the French container; a French unit there
	// takes it out again.
	if s.sc.Graph.Has("madrid") {
		fr, al := s.hasUnits(French, "madrid"), s.hasUnits(Allied, "madrid")
		in := s.Containers[French]["madrid"] > 0
		if al && !fr && !in && !s.flag("madrid-out") {
			s.Containers[French]["madrid"] = 1
			evs = append(evs, rules.Event{Kind: "event", Text: "The Madrid marker goes into the French container", Rule: "CR8", Side: rules.Side(French)})
		} else if fr && in {
			delete(s.Containers[French], "madrid")
			evs = append(evs, rules.Event{Kind: "event", Text: "The Madrid marker is taken out of the French container", Rule: "CR8", Side: rules.Side(French)})
		}
	}
	return evs
}
