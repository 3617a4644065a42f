package marshals

import (
	"fmt"
	"strconv"

	"grognard/rules/zone"
)

// WhyNot says why a counter cannot go to a zone now (rules.Explainer); ""
// when it can or when there is nothing to explain. It only ever speaks of
// the decider's own counters, so it reveals nothing of the enemy.
func (s *State) WhyNot(unit, target string) string {
	i := s.idx(unit)
	if i < 0 {
		return "no such counter"
	}
	if !s.sc.Graph.Has(target) {
		return "no such zone"
	}
	d := s.def(i)
	dec := s.decider()
	if dec < 0 || int(dec) != d.Side {
		return "it is not this side's decision now"
	}
	u := &s.Units[i]
	if !s.onMap(i) {
		return "the counter is not on the map"
	}
	if s.Sub == SubOp || s.Sub == SubCompose {
		if u.Activated {
			return "the counter has already been activated this turn [5.0]"
		}
		if s.frozen(i) {
			return "this counter waits for the Allies to reach Talavera, Arenas or La Nava [S1.2]"
		}
		if !s.mayOperate(i) {
			return "Inactivité: only units in contested zones may operate this turn [EV Inactivité]"
		}
		return "activate its stack first, then pass the command test [5.2]"
	}
	m := s.Move
	if s.Sub != SubMove || m == nil {
		return "no move is under way [5.3]"
	}
	in := false
	for _, id := range m.Units {
		in = in || id == unit
	}
	if !in {
		return "the counter is not in the moving stack [5.3]"
	}
	if m.Entered {
		return "the stack entered a zone held by the enemy and must stop [5.3]"
	}
	for _, r := range s.Reach(unit) {
		if r.To == target {
			return ""
		}
	}
	for _, e := range s.sc.Graph.Neighbors(m.Zone) {
		if e.To != target {
			continue
		}
		if e.Conn.Kind == zone.Ford {
			return "a ford is crossed only by a Gué move in battle order [EV Gué]"
		}
		if e.Conn.Bridge == zone.Major && s.Bridges[e.Index] {
			return "the major bridge is destroyed [7.7]"
		}
		var mb [16]int // (speed: no allocation)
		cost, ok := s.connCost(e.Index, s.movingIn(mb[:0]), m.Lone)
		if !ok {
			return "baggage and artillery cannot take a path [7.2] [7.3]"
		}
		if m.Spent+cost > m.MP {
			return fmt.Sprintf("the %s costs %d MP and only %d are left [5.3]", e.Conn.Kind, cost, m.MP-m.Spent)
		}
		if m.Steps == 0 && s.axes(m.Zone)[1-m.Side] == e.Index && s.Contested(m.Zone) {
			return "a stack leaving a contested zone may not start toward the enemy's axis of retreat [5.3.1]"
		}
		if !s.demoralOK(target) {
			return "a demoralised stack only moves toward one of its depots [7.8]"
		}
		return "the zone cannot be entered now [5.3]"
	}
	return "out of reach this move: " + strconv.Itoa(m.MP-m.Spent) + " MP left [5.3]"
}
