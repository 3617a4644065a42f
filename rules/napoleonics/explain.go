package napoleonics

import (
	"fmt"

	"grognard/rules/hex"
)

// WhyNot says why a unit cannot act at a target hex now (rules.Explainer).
// It returns "" when an action of the unit at the target is legal.
func (s *State) WhyNot(unit, target string) string {
	u := s.unit(unit)
	if u == nil {
		return "no such unit"
	}
	for _, a := range s.Legal() {
		if a.Unit == unit && (target == "" || a.To == target) {
			return ""
		}
	}
	if u.Gone != "" {
		return "the unit is " + u.Gone
	}
	if u.Side != s.Active {
		return fmt.Sprintf("it is the %s turn [%s]", s.sideName(s.Active), rCommand)
	}
	var to hex.Coord
	hasTo := false
	if c, err := s.sc.Map.ParseOn(target); err == nil {
		to, hasTo = c, true
	}
	switch s.Phase {
	case PhCommand:
		return "play a command card first [" + rCommand + "]"
	case PhOrder:
		e := s.effCard()
		switch {
		case s.Ordered[u.ID]:
			return "already ordered [" + rOrder + "]"
		case (s.orderLimitN() > 0 || e.OrderCommand) && len(s.Orders) >= s.orderLimitN():
			return fmt.Sprintf("%s orders %d only [%s]", e.Name, s.orderLimitN(), rDeckCard(e))
		default:
			return fmt.Sprintf("%s does not reach this unit (section or unit type) [%s]", e.Name, rDeckCard(e))
		}
	case PhMove:
		if !s.Ordered[u.ID] {
			return "not ordered this turn [" + rOrder + "]"
		}
		if _, ok := s.Moved[u.ID]; ok {
			return "a unit or leader moves once a turn [" + rMove + "]"
		}
		if isLeader(u) && !s.explicitOrder(u.ID) {
			return "ordered with its unit, the leader moves with it; order the leader itself to detach [" + rUnits + "]"
		}
		if !hasTo {
			return ""
		}
		switch {
		case !s.passable(u, to):
			return fmt.Sprintf("%s is impassable to it [Terrain card: %s]", s.terrain(to).Name, s.terrain(to).Name)
		case !isLeader(u) && s.unitAt(to) != nil:
			return "two units never share a hex [" + rUnits + "]"
		case isLeader(u) && s.leaderAt(to) != nil:
			return "two leaders never share a hex [" + rUnits + "]"
		case hex.Distance(u.At, to) > s.maxMove(u):
			return fmt.Sprintf("beyond its move of %s [Unit card: %s]", plural(s.maxMove(u), "hex", "hexes"), s.card(u).Name)
		}
		return "the way is blocked by units or by terrain that stops movement [" + rMove + "]"
	case PhCombat:
		if s.Pend != nil {
			return "finish the combat in progress first [" + rCombat + "]"
		}
		if !s.canBattle(u) {
			switch {
			case isLeader(u):
				return "leaders never battle [" + rLeaders + "]"
			case !s.Ordered[u.ID]:
				return "not ordered this turn [" + rOrder + "]"
			case s.Battled[u.ID]:
				return "each ordered unit battles once [" + rCombat + "]"
			}
			return "it moved too far, or into terrain where it may not battle this turn [Unit card: " + s.card(u).Name + "]"
		}
		if !hasTo {
			return ""
		}
		t := s.target(u.Side, to)
		if t == nil {
			return "no enemy there"
		}
		d := hex.Distance(u.At, to)
		switch {
		case d == 1:
			return "melee is not possible here [" + rMelee + "]"
		case isLeader(t):
			return "a leader alone may not be fired at [" + rLeaders + "]"
		case s.fireRange(u) == 0:
			return "this unit has no ranged combat [Unit card: " + s.card(u).Name + "]"
		case d > s.fireRange(u):
			return fmt.Sprintf("out of range (%d hexes) [%s]", s.fireRange(u), rRanged)
		case !s.los(u.At, to):
			return "no line of sight [" + rRanged + "]"
		}
		return "an adjacent enemy must be the target [" + rAdjacent + "]"
	}
	return "nothing to do now"
}
