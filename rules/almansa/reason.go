package almansa

import (
	"fmt"
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
)

// ReasonFor says in a few words, with the rule, why the computer player
// (rules/ai) takes action a: the odds of a combat from its preview, what a
// move does for the side's victory need [5], why a leader or a turn moves.
func (s *State) ReasonFor(a rules.Action) string {
	switch a.Kind {
	case "choose":
		if a.Choice == "historical" {
			return "takes the book's set-up [4]"
		}
	case "fire":
		// The label names the firer and the target (words.go); the reason
		// gives the odds of the whole fire declared at that hex.
		p := s.aiOdds(a, "step")
		m := s.aiOdds(a, "morale")
		if m > 0 {
			return fmt.Sprintf("%.0f%% a morale check of the target, %.0f%% to destroy a step [%s]", m, p, ruleOr(a.Rule, "11"))
		}
		return fmt.Sprintf("%.0f%% to destroy a step [%s]", p, ruleOr(a.Rule, "11"))
	case "shock", "charge":
		p := s.aiOdds(a, "defender loses")
		q := s.aiOdds(a, "attacker loses")
		m := s.aiOdds(a, "attacker checks morale")
		odds := fmt.Sprintf("%.0f%% the defender loses a step, %.0f%% we lose one, %.0f%% our morale check [13]", p, q, m)
		if a.Kind == "charge" {
			odds += ", and the charging cavalry checks its morale after it [13]"
		}
		if a.Info == "" || a.Info == "overrun" {
			return odds
		}
		return "column " + a.Info + ": " + odds
	case "move":
		i := s.idx(a.Unit)
		to, err := s.sc.Map.ParseOn(a.To)
		if i < 0 || err != nil {
			return ""
		}
		side := s.def(i).Side
		if s.def(i).Person() {
			return fmt.Sprintf("%s keeps with his troops, %d hex(es) from the nearest [6]", s.name(i), min(s.nearestFriend(to, side, i), 99))
		}
		d := s.nearestEnemy(to, side)
		if side == Bourbon {
			why := fmt.Sprintf("closes on the Allies to %d hexes: their steps are destroyed in contact [5] [10]", d)
			if d <= 1 {
				why = "moves into a hex next to the Allies: their steps are destroyed in contact [5] [10]"
			}
			return why + s.aiLeaderMustFollow(i, to)
		}
		if d <= 3 {
			return fmt.Sprintf("comes to %d hex(es) of the enemy: in fire range, out of shock [10] [12]", d)
		}
		return fmt.Sprintf("keeps %d hexes from the enemy: the Allies win by keeping their steps [5] [10]", d)
	case "face":
		return "turns to face the nearest enemy [7]"
	case "end":
		return s.aiEndReason()
	}
	return ""
}

func ruleOr(r, def string) string {
	if r != "" {
		return r
	}
	return def
}

// aiOdds is the chance in percent of the outcomes of a's preview whose
// text contains word.
func (s *State) aiOdds(a rules.Action, word string) float64 {
	p := 0.0
	for _, l := range s.Preview(a) {
		if strings.Contains(l.Result, word) && l.Den > 0 {
			p += float64(l.Num) / float64(l.Den)
		}
	}
	return 100 * p
}

// aiEndReason says why the side ends its phase, by phase and side: the
// Allies win by keeping their steps, the Bourbons by destroying them [5].
func (s *State) aiEndReason() string {
	side := phaseDecider(s.Phase)
	switch phaseKind(s.Phase) {
	case "move":
		if side == Allied {
			return "holds its ground: the Allies win by keeping their steps, and a move toward the Bourbons brings their fire [5] [10]"
		}
		return "no move left that brings the army closer in good order [5] [10]"
	case "fire":
		return "no fire left worth making [11]"
	case "shock":
		if side == Allied {
			return "no shock worth the steps it may cost: the Allies win by keeping their steps [5] [13]"
		}
		return "no shock left worth its odds [13]"
	}
	return "nothing better left to do in this phase [3]"
}

// aiLeaderMustFollow warns, when unit i's move to c ends beyond its
// formation leader's command radius, that the leader must follow before
// the phase ends or the unit is out of command next turn [6] (the
// computer moves leaders after their troops; a learner following a hint
// must know it).
func (s *State) aiLeaderMustFollow(i int, c hex.Coord) string {
	f := s.sc.Form(s.Units[i].Form)
	if f == nil || f.Leader == "" {
		return ""
	}
	l := s.idx(f.Leader)
	if l < 0 || !s.alive(l) || hex.Distance(c, s.Units[l].At) <= s.def(l).Radius {
		return ""
	}
	return fmt.Sprintf("; %s must follow within %d hexes before the phase ends, or it is out of command next turn [6]", s.name(l), s.def(l).Radius)
}
