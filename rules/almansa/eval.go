package almansa

import (
	"math"

	"grognard/rules"
	"grognard/rules/hex"
)

// Knowledge for the computer player (rules/ai): an evaluation of a
// position and a priority for move ordering and playouts. Almansa has no
// hidden information, so the computer needs no determinizer.

// Evaluate scores the position for side in 0..1 from the victory
// condition [5]: the Bourbons win when at least 20 Allied victory steps
// are destroyed by the end of the last turn; nothing else counts, and the
// count never falls. The evaluation is the chance that the Allied steps
// destroyed, plus those the Bourbons can still be expected to destroy,
// reach the 20: the expectation grows with the turns left, the Bourbon
// fighting strength left (their own losses count only through it) and
// how well their army has closed in (eval_close.go), plus half of what
// the Bourbon volley already in place may take.
func (s *State) Evaluate(side rules.Side) float64 {
	need := float64(s.sc.P("victory_steps"))
	if need <= 0 {
		need = 1
	}
	if s.Turn < 1 {
		// The set-up [4]: the historical one is taken by priority.
		return 0.5
	}
	lost := float64(s.Lost[Allied])
	b := 0.99 // 20 steps are down: the Bourbons have won [5]
	if lost < need {
		var now, full float64
		for i := range s.Units {
			d := s.def(i)
			if d.Side != Bourbon || !d.Combat() || d.Person() {
				continue
			}
			full += float64(d.Steps)
			if s.alive(i) {
				now += float64(s.Units[i].Steps)
			}
		}
		str := 1.0
		if full > 0 {
			str = now / full
		}
		left := 0.5
		if t := s.sc.P("turns"); t > 0 {
			left += math.Max(0, float64(t-max(s.Turn, 1)))
		}
		// About three Allied steps a turn at full strength and in
		// contact (measured in games of the greedy players), times how
		// well the Bourbon army has closed in (eval_close.go).
		exp := aiStepsPerTurn * left * str * (0.4 + 0.6*s.aiClosing())
		// The Bourbon fire now in place adds what its next volley may be
		// expected to take (eval_close.go).
		// Allied units out of command next turn cannot fall back nor
		// fire [6] (eval_command.go).
		b = 1 / (1 + math.Exp(-(lost+exp+s.aiThreatShare()*s.aiThreat()+s.aiAlliedCutOff()-need+0.5)/3))
	}
	if side == Bourbon {
		return b
	}
	return 1 - b
}

// aiStepsPerTurn is the Allied steps the Bourbon army at full strength and
// in contact destroys a turn (authored: measured in games of the greedy
// players, 3 to 4 a turn in the first turns of contact).
const aiStepsPerTurn = 3.0

// aiThreatShare is how much of the volley in place counts: all of it at
// the end of a movement phase, when the fire phase that follows brings it
// for certain (the Bourbon offensive fire after their movement, their
// defensive fire after the Allied movement [3] [11]), else aiThreatWeight.
func (s *State) aiThreatShare() float64 {
	if phaseKind(s.Phase) == "move" {
		return 1
	}
	return aiThreatWeight
}

// aiThreatWeight is how much of the next Bourbon volley's expected steps
// the evaluation counts as already lost (authored: the volley may not
// come, a unit may fall back first).
const aiThreatWeight = 0.5

// Priority orders actions by what each side needs [5]: the Bourbons must
// destroy 20 Allied steps, so their troops close on the enemy and seek
// combat [12] [13]; the Allies win by keeping their steps, so their moves
// that keep their distance come first and a shock of theirs ranks with
// the end of the phase (taken only when the evaluation finds it worth
// its risk). Leaders move after the troops and stay with them [6]; facing
// changes and the end of a phase come last.
func (s *State) Priority(a rules.Action) float64 {
	switch a.Kind {
	case "choose":
		if a.Choice == "historical" {
			return 100 // rules/ai.Obvious: the book's set-up [4], no search
		}
	case "fire":
		return 3
	case "shock", "charge":
		if i := s.idx(a.Unit); i >= 0 && s.def(i).Side == Allied {
			// An Allied shock costs steps that count for the Bourbons [5]
			// [13]: taken only when the evaluation finds it worth it, a
			// tie goes to ending the phase (it ranks with the end).
			return 0
		}
		return 3
	case "move":
		i := s.idx(a.Unit)
		to, err := s.sc.Map.ParseOn(a.To)
		if i < 0 || err != nil {
			return 1
		}
		side := s.def(i).Side
		if s.def(i).Person() {
			// A leader keeps near his troops: he moves after them, only
			// to come closer to them, never ahead.
			before := min(s.nearestFriend(s.Units[i].At, side, i), 10)
			after := min(s.nearestFriend(to, side, i), 10)
			if after >= before {
				return -0.5
			}
			return 0.6 + 0.05*float64(before-after)
		}
		before := min(s.nearestEnemy(s.Units[i].At, side), 30)
		after := min(s.nearestEnemy(to, side), 30)
		if side == Allied {
			// The Allies win by keeping their steps [5]: a move into
			// contact (where the Bourbons fire first in their turn [3]
			// [11]) or toward them ranks below ending the phase, taken
			// only when the evaluation finds it worth it; other moves
			// rank above the end, those that keep out of the Bourbons'
			// reach first (infantry fires only at its front hexes [11],
			// so a gap of two hexes or more costs the Allies no fire).
			switch {
			case after <= 1:
				return -0.3
			case after < before && after <= 6:
				return -0.1
			}
			return 0.3 + 0.05*float64(min(after, 6)-min(before, 6))
		}
		return 1 + 0.5*float64(before-after)
	case "end":
		return 0
	case "face":
		// Turning in place is worth it only to face the nearest enemy
		// [7]; else it ranks below the end, never turned round and round.
		i := s.idx(a.Unit)
		if i < 0 {
			return 0.5
		}
		if e, ok := s.aiNearestEnemyAt(i); ok && aiFacesToward(s.Units[i].At, a.Facing, e) && !aiFacesToward(s.Units[i].At, s.Units[i].Facing, e) {
			return 0.9
		}
		return -0.5
	}
	return 0.8
}

// nearestFriend is the distance from c to the nearest friendly combat
// unit of side other than unit i.
func (s *State) nearestFriend(c hex.Coord, side, i int) int {
	best := 1 << 30
	for j := range s.Units {
		if j != i && s.alive(j) && s.def(j).Side == side && s.def(j).Combat() {
			best = min(best, hex.Distance(c, s.Units[j].At))
		}
	}
	return best
}

// aiNearestEnemyAt is where the nearest enemy combat unit of unit i stands.
func (s *State) aiNearestEnemyAt(i int) (hex.Coord, bool) {
	side := s.def(i).Side
	best, at, ok := 1<<30, hex.Coord{}, false
	for j := range s.Units {
		if s.alive(j) && s.def(j).Side != side && s.def(j).Combat() {
			if d := hex.Distance(s.Units[i].At, s.Units[j].At); d < best {
				best, at, ok = d, s.Units[j].At, true
			}
		}
	}
	return at, ok
}

// aiFacesToward reports whether a unit at c facing f has a Front hex on
// the way to target (a neighbour closer to it).
func aiFacesToward(c hex.Coord, f int, target hex.Coord) bool {
	d := hex.Distance(c, target)
	for _, n := range c.Neighbors() {
		if hex.Distance(n, target) < d {
			if arc, ok := hex.ArcOf(c, f, n); ok && arc == hex.Front {
				return true
			}
		}
	}
	return false
}
