package napoleonics

import (
	"fmt"
	"strconv"
	"strings"

	"grognard/rules"
)

// ReasonFor says in a few words, with the rule, why the computer player
// (rules/ai) takes action a: the hits a fire or melee may score from its
// preview, the card kept or played and what it gives. It reads only what
// the deciding side knows (its own hand, the map).
func (s *State) ReasonFor(a rules.Action) string {
	switch a.Kind {
	case "fire", "melee":
		lines := s.Preview(a)
		if len(lines) == 0 {
			return ""
		}
		exp, any := 0.0, 0.0
		for _, l := range lines {
			if l.Den == 0 {
				continue
			}
			p := float64(l.Num) / float64(l.Den)
			if h := aiHits(l.Result); h > 0 {
				exp += float64(h) * p
				any += p
			}
		}
		who := a.To
		if u := s.unit(a.Unit); u != nil {
			if to, err := s.sc.Map.ParseOn(a.To); err == nil {
				if t := s.target(u.Side, to); t != nil {
					who = s.name(t) + " in " + a.To
				}
			}
		}
		verb, rule := "fires at", "Ranged Combat"
		if a.Kind == "melee" {
			verb, rule = "attacks", "Melee Combat"
		}
		return fmt.Sprintf("%s %s: %s, %.1f hits expected, %.0f%% at least one [%s]", verb, who, a.Info, exp, 100*any, rule)
	case "keep":
		if c, ok := s.sys.CardByID[a.Choice]; ok {
			return fmt.Sprintf("keeps %s%s [Scout]", c.Name, aiCardGift(c))
		}
	case "play":
		if c, ok := s.sys.CardByID[a.Choice]; ok {
			what := aiCardGift(c)
			if a.Info != "" {
				what = ": " + strings.TrimSuffix(a.Info, ".")
			}
			return fmt.Sprintf("plays %s%s [Sequence of Play: command]", c.Name, what)
		}
	case "move":
		u := s.unit(a.Unit)
		to, err := s.sc.Map.ParseOn(a.To)
		if u == nil || err != nil {
			return ""
		}
		return fmt.Sprintf("closes to %d hex(es) of the enemy [Movement]", s.aiNearestFoe(u, to))
	case "end":
		return "nothing better left to do in this phase [Sequence of Play]"
	}
	return ""
}

// aiCardGift names what a card adds (its bonuses), if anything.
func aiCardGift(c *CardDef) string {
	var g []string
	if c.MoveBonus > 0 {
		g = append(g, fmt.Sprintf("+%d move", c.MoveBonus))
	}
	if c.FireBonus > 0 {
		g = append(g, fmt.Sprintf("+%d fire die", c.FireBonus))
	}
	if c.MeleeBonus > 0 {
		g = append(g, fmt.Sprintf("+%d melee die", c.MeleeBonus))
	}
	if len(g) == 0 {
		return ""
	}
	return ": " + strings.Join(g, ", ")
}

// aiHits reads the hits of a preview line ("2 hits, 1 flag").
func aiHits(r string) int {
	f := strings.Fields(r)
	if len(f) >= 2 && strings.HasPrefix(f[1], "hit") {
		n, _ := strconv.Atoi(f[0])
		return n
	}
	return 0
}
