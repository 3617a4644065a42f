package marshals

import (
	"math"
	"slices"

	"grognard/rules"
)

// Knowledge for the computer player (rules/ai): an evaluation of a
// position and a priority for move ordering and playouts (see
// determinize.go for the fog of war).

// Evaluate scores the position for side in 0..1: the victory points each
// side would have if the game ended now [8.0] (objectives held, exits,
// losses inflicted) and the morale boxes each army keeps [1.3].
func (s *State) Evaluate(side rules.Side) float64 {
	if side != French && side != Allied {
		return 0.5
	}
	me, op := int(side), 1-int(side)
	vp, _ := s.FinalVP()
	var str [2]float64
	for i := range s.Units {
		d := s.def(i)
		if d.Kind != KDiv && d.Kind != KDet {
			continue
		}
		u := &s.Units[i]
		if u.Off == OffEliminated || u.Off == OffPool {
			continue
		}
		str[d.Side] += float64(max(len(d.Track)-int(u.Losses)-int(u.Detached), 0))
	}
	// The Madrid marker played: the scenario ends with this turn [EV
	// Madrid]: the VP decide, the strength left no longer (eval_end.go).
	x := float64(vp[me]-vp[op]) / 6 * s.endSharpness()
	if s.turnsLeft() > 0 {
		x += 0.08 * (str[me] - str[op])
	}
	// Multi-turn goals: how near each side stands to the VP zones, by the
	// map's MP distance (eval_goals.go), fading as the turns run out.
	if left := s.turnsLeft(); left > 0 {
		pot := s.goalPotential()
		x += goalWeight * min(1, float64(left)/4) * (pot[me] - pot[op])
	}
	// The battles in sight: in the zones both sides hold, and the enemy
	// stacks one move from a stack (eval_battle.go) [5.4] [5.3.3].
	bt := s.battleTerm()
	if me == Allied {
		bt = -bt
	}
	x += bt
	return 1 / (1 + math.Exp(-x))
}

// goalWeight weighs the nearness to the VP zones (per VP) in the
// evaluation: a stack one move closer to a 1-VP town is worth a few
// hundredths of a VP held.
const goalWeight = 0.12

// Priority orders actions: cards and orders first, then moves and
// choices, passing and the end of a step last.
func (s *State) Priority(a rules.Action) float64 {
	if a.Choice == "add" || a.Choice == "leave" {
		switch {
		case s.Combat != nil && s.Sub == SubDeclare:
			return s.stackPriority(a, s.Combat.Att, s.stack(s.Combat.Att), s.attackProblem() != "", true)
		case s.Move != nil && s.Move.Composing:
			return s.stackPriority(a, s.Move.Side, s.moving(), s.stackProblem() != "", false)
		}
	}
	if a.Choice == "box-open" || a.Choice == "box-close" || a.Choice == "leave" || a.Choice == "absorb" {
		// Showing or hiding a stack [1.3], taking a counter back out of
		// the stack being formed [5.1]: no score changes, so below
		// passing, and the computer never toggles them back and forth.
		// Taking a detachment back [7.4] is the reverse of creating one,
		// legal at the beginning of the same move: a computer that ranked
		// both above ending looped on them forever (Ocaña, greedy against
		// greedy); it never takes one back.
		return -1
	}
	// A lone garrison of a VP zone stays unless the search finds better
	// (eval_hold.go) [5.2] [5.3] [8.0].
	if p, ok := s.holdPriority(a); ok {
		return p
	}
	// A melee expected to be lost after every other move, one expected
	// to be won first (eval_battle_order.go) [5.3.3] [5.4].
	if p, ok := s.battlePriority(a); ok {
		return p
	}
	switch a.Kind {
	case "order":
		// Activating a stack [5.2]: first where one move (about 5 MP)
		// brings it nearest the VP zones its side does not hold [8.0]
		// (the scan sees no change of score at the activation itself, so
		// without this the zones were taken in the order of their names).
		if a.To != "" && (s.Act == French || s.Act == Allied) {
			return 2 + 0.2*math.Min(2.5, s.zoneOpportunity(s.Act, a.To))
		}
		return 2
	case "play":
		return 2
	case "move":
		// A march on a zone worth victory points first [8.0], then toward
		// the VP zones the side does not hold, several turns away if need
		// be [5.3]; never leaving a VP zone to the enemy.
		return s.movePriority(a)
	case "deploy":
		return 1
	case "pass", "end":
		return 0
	}
	return 0.8
}

// movePriority ranks a move of the moving stack to a.To [5.3]: the VP of
// the zone entered [8.0], the nearness gained to the VP zones the side
// does not hold (eval_goals.go), less the VP of a zone the stack would
// leave to the enemy (free of French units, it is the Allies' [S2 VC]).
func (s *State) movePriority(a rules.Action) float64 {
	p := 1.0
	m := s.Move
	if m == nil || (m.Side != French && m.Side != Allied) {
		return p + 0.2*float64(min(s.sc.VP[a.To], 5))
	}
	// Into a zone the enemy holds, a combat follows whose odds the
	// counters' backs hide [1.3] [5.4]: no bonus for its VP there (the
	// Retreat's French normal marched Victor into Talavera on turn 1 on
	// the town's 1 VP and lost the battle, #21); the search's evaluation
	// of the move still weighs it.
	if !s.hasUnits(1-m.Side, a.To) {
		p += 0.2 * float64(min(s.sc.VP[a.To], 5))
	}
	i := s.idx(a.Unit)
	if i < 0 {
		return p
	}
	from := s.Units[i].At
	if from == "" || from == a.To {
		return p
	}
	gain := s.zoneNearness(m.Side, a.To) - s.zoneNearness(m.Side, from)
	p += 0.15 * math.Max(-2, math.Min(2, gain))
	if vp := s.sc.VP[from]; vp > 0 && (m.Side == French || s.hasUnits(French, from)) {
		alone := true
		for _, j := range s.sideAt(m.Side, from, nil) {
			if isUnit(s.def(j)) && !slices.Contains(m.Units, s.def(j).ID) {
				alone = false
				break
			}
		}
		if alone {
			p -= 0.2 * float64(min(vp, 5))
		}
	}
	return math.Max(0.1, math.Min(1.95, p))
}

// stackPriority ranks adding a counter to the stack being formed (to
// activate [5.1] or to attack [5.4]) or keeping it out. While the stack
// may go, keeping one out is a toggle (below passing), and adding one that
// would forbid it (British and Spanish together under Mésentente [EV
// Mésentente]) too; while it may not, keeping out a counter of the
// nationality that forbids it comes first, so the stack can be confirmed
// (greedy Allies added and left Cuesta forever at the Advance, #21).
// unitsOnly: only units count for the nationality (the attack [5.4]).
func (s *State) stackPriority(a rules.Action, side int, stack []int, problem, unitsOnly bool) float64 {
	i := s.idx(a.Unit)
	if i < 0 {
		return -1
	}
	clash := func(n string) bool {
		if !s.flag("mesentente") || side != Allied || (n != "british" && n != "spanish") {
			return false
		}
		for _, j := range stack {
			if d := s.def(j); (isUnit(d) || !unitsOnly) && d.ID != a.Unit && (d.Nat == "british" || d.Nat == "spanish") && d.Nat != n {
				return true
			}
		}
		return false
	}
	nat := s.def(i).Nat
	if a.Choice == "add" {
		if clash(nat) {
			return -1
		}
		return 0.8
	}
	if problem && clash(nat) {
		return 0.5
	}
	return -1
}
