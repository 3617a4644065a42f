package marshals

import (
	"fmt"
	"strconv"

	"grognard/rules"
	"grognard/rules/zone"
)

// Reach lists the zones the moving stack can still reach this move, with
// the MP and the connections to take one at a time [5.3] (rules.Planner).
// A zone held by the enemy may be entered but not passed [5.3]; an
// off-map exit only left by [5.3.5]. Only the unit's own side, moving now,
// gets routes: nothing is planned for a counter that is not moving.
func (s *State) Reach(unit string) []rules.Route {
	m := s.Move
	if m == nil || m.Composing || s.Sub != SubMove || len(s.steps()) == 0 {
		return nil
	}
	found := false
	for _, id := range m.Units {
		found = found || id == unit
	}
	if !found {
		return nil
	}
	ms := s.moving()
	first := map[int]bool{}
	for _, st := range s.steps() {
		if !st.bo {
			first[st.ci] = true
		}
	}
	origin := m.Zone
	cost := func(from, to string, c zone.Connection) (int, bool) {
		ci := s.connIndex(from, to, c)
		if from == origin && !first[ci] {
			return 0, false
		}
		if m.Lone && s.hasUnits(1-m.Side, to) && !s.hasUnits(m.Side, to) {
			return 0, false
		}
		if !s.demoralOK(to) {
			return 0, false
		}
		return s.connCost(ci, ms, m.Lone)
	}
	stop := func(z string) bool { return s.hasUnits(1-m.Side, z) || s.zoneOf(z).IsOffmap() }
	reach := s.sc.Graph.ReachableStop(origin, m.MP-m.Spent, cost, stop)
	var out []rules.Route
	for _, z := range sortedKeys(reach) {
		if z == origin {
			continue
		}
		path := zone.Trace(reach, z)
		var steps []rules.Action
		for k := 1; k < len(path); k++ {
			ci := reach[path[k]].Via
			steps = append(steps, rules.Action{Kind: "move", Unit: unitID(s, ms), To: path[k], Choice: strconv.Itoa(ci), Rule: "5.3"})
		}
		out = append(out, rules.Route{To: z, Cost: fmt.Sprintf("%d MP", reach[z].Cost), Steps: steps, Rule: "5.3"})
	}
	return out
}

func unitID(s *State, ms []int) string { return s.def(ms[0]).ID }

// connIndex finds the index of a connection given as a value.
func (s *State) connIndex(from, to string, c zone.Connection) int {
	return s.sc.Graph.ConnIndex(from, to, c.Kind)
}
