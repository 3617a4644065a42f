package albuera

import (
	"fmt"
	"strings"

	"grognard/rules"
)

// ReasonFor says in a few words, with the rule, why the computer player
// (rules/ai) takes action a: the odds of a fire or a clash from its
// preview, what a move or a turn is for.
func (s *State) ReasonFor(a rules.Action) string {
	switch a.Kind {
	case "fire":
		lines := s.Preview(a)
		if len(lines) == 0 {
			return ""
		}
		return fmt.Sprintf("fires at %s: %.0f%% to inflict a Loss [%s]", a.To, aiOdds(lines, "Loss"), ruleOr(a.Rule, "14.9"))
	case "charge", "melee":
		if r, p, ok := aiLikeliest(s.Preview(a)); ok {
			return fmt.Sprintf("attacks %s: likeliest %s (%.0f%%) [%s]", a.To, r, p, ruleOr(a.Rule, "9.2"))
		}
	case "choose":
		if strings.HasPrefix(a.Choice, "react") || strings.HasPrefix(a.Choice, "square") || a.Choice == "division" {
			if r, p, ok := aiLikeliest(s.Preview(a)); ok {
				return fmt.Sprintf("likeliest %s (%.0f%%)", r, p)
			}
		}
	case "move":
		i := s.idx(a.Unit)
		to, err := s.sc.Map.ParseOn(a.To)
		if i < 0 || err != nil {
			return ""
		}
		if s.kind(i) == KCdr {
			return fmt.Sprintf("%s keeps near his troops, %d hex(es) from the nearest [3.3]", s.name(i), s.aiNearestFriend(i, to))
		}
		return fmt.Sprintf("closes to %d hex(es) of the enemy [12]", s.aiNearestEnemy(i, to))
	case "face":
		return "turns to face the nearest enemy [12.7]"
	case "end", "pass":
		return "nothing better left to do now [14.5]"
	}
	return ""
}

func ruleOr(r, def string) string {
	if r != "" {
		return r
	}
	return def
}

// aiOdds is the chance in percent of the lines whose text contains word.
func aiOdds(lines []rules.OddsLine, word string) float64 {
	p := 0.0
	for _, l := range lines {
		if strings.Contains(l.Result, word) && l.Den > 0 {
			p += float64(l.Num) / float64(l.Den)
		}
	}
	return 100 * p
}

// aiLikeliest is the most likely outcome of lines and its chance in percent.
func aiLikeliest(lines []rules.OddsLine) (string, float64, bool) {
	best, bp := "", -1.0
	for _, l := range lines {
		if l.Den > 0 {
			if p := float64(l.Num) / float64(l.Den); p > bp {
				best, bp = l.Result, p
			}
		}
	}
	return best, 100 * bp, bp >= 0
}
