package albuera

import (
	"fmt"

	"grognard/rules"
)

// WhyNot says why a unit cannot act at a target hex now, citing the rule
// ("" when it can) (rules.Explainer).
func (s *State) WhyNot(unit, target string) string {
	i := s.idx(unit)
	if i < 0 {
		return "no: unknown unit " + unit
	}
	defer s.indexed()()
	t, err := s.sc.Map.ParseOn(target)
	if err != nil {
		return "no: " + target + " is not a hex of the map"
	}
	for _, a := range s.Legal() {
		if a.Unit == unit && a.To == target {
			return ""
		}
	}
	u := &s.U[i]
	switch {
	case s.Over:
		return "no: the game is over [16.3]"
	case len(s.Tasks) > 0:
		return s.firstTaskWhy(s.Tasks[0]) // why_words.go
	case u.Where == Routed:
		return fmt.Sprintf("no: %s is on the Turn track until turn %d [15.11]", s.name(i), u.Box)
	case u.Where != OnMap:
		return "no: " + s.name(i) + " is not on the map"
	}
	if s.Phase == phCmd {
		if s.kind(i) != KCdr || !contains(s.Movers, unit) {
			return "no: only the activated commanders move in subphase 2.3 [3.3]"
		}
		if u.Moved >= s.sc.P("mp_commander") {
			return "no: 9 hexes already moved [12.8]"
		}
		return "no: a commander moves one hex at a time, never alone into the enemy [12.2], [11.4]"
	}
	if s.Phase != phMove {
		return "no: units move and fire in subphase 2.2 [3.3]"
	}
	// fire?
	if s.hasSide(t, 1-s.side(i)) {
		if s.Window == "opp" && s.side(i) == s.Side || s.Window == "act" && s.side(i) != s.Side {
			return "no: it is the other side's turn to fire or move [14.5]"
		}
		if !s.canFire(i) {
			switch {
			case s.inClash(i):
				return "no: units on a Clash Hex cannot fire [14.7]"
			case (s.kind(i) == KInf || s.kind(i) == KComp) && u.Fires >= s.fireLimit(i):
				return fmt.Sprintf("no: fired %d times this turn [14.9.1], [8.11.1]", u.Fires)
			case s.kind(i) == KArt && (u.ArtFired || u.Tech):
				return "no: the battery has fired in this subphase [10.5], [10.6]"
			case s.kind(i) == KArt && u.Array == Limbered:
				return "no: limbered artillery cannot fire [10.14]"
			case s.kind(i) == KInf && s.top(u.At, s.side(i)) != i:
				return "no: only the top unit of a stack fires [11.7]"
			case s.kind(i) == KCav || s.kind(i) == KCdr:
				return "no: cavalry and commanders do not fire [14.0]"
			}
			return "no: it cannot fire now [14.9.2]"
		}
		d := s.dist(i, t)
		if d > s.rangeOf(i) {
			return fmt.Sprintf("no: %d hexes, beyond its range of %d [14.8]", d, s.rangeOf(i))
		}
		if s.clashHex(t) {
			return "no: units on a Clash Hex cannot be fired at [14.7]"
		}
		if _, _, ok := s.sight(i, t); !ok {
			return "no: no line of sight through its Front hexes [14.1], [14.2]"
		}
		return "no: an enemy in its Front hex must be the target [14.6]"
	}
	if s.side(i) != s.Side {
		return "no: it is not this side's Movement subphase [14.5]"
	}
	if s.kind(i) == KCdr {
		return cdrMovesIn23 // why_words.go
	}
	if !s.canAct(i) {
		if contains(s.Brigs, s.def(i).Cmd) {
			return "no: out of its commander's range of 3 hexes: it may fire but not move [4.2.1]"
		}
		return "no: its commander is not activated [4.4]"
	}
	if u.Done {
		return "no: its move is finished [12.13]"
	}
	if s.Motion >= 0 && s.Motion != i {
		return "no: " + s.name(s.Motion) + " is moving; finish it first [12.13]"
	}
	if s.inClash(i) {
		return "no: a Clash Hex is left only by Clash [11.12]"
	}
	if u.Two {
		return "no: a line enters two of its three front hexes, or wheels [6.3.1], [6.3.3]"
	}
	if t.DirTo(u.At) < 0 {
		return fmt.Sprintf("no: %s is not adjacent; move one hex at a time [12.13]", target)
	}
	if _, _, _, _, why := s.stepCheck(i, t); why != "" {
		return "no: " + why
	}
	return "no: not possible now"
}

var _ rules.Explainer = (*State)(nil)
var _ rules.Planner = (*State)(nil)
var _ rules.Previewer = (*State)(nil)
var _ rules.Checker = (*State)(nil)
