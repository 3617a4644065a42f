package marshals

import (
	"fmt"
	"strings"

	"grognard/rules"
)

// ReasonFor says in a few words, with the rule, why the computer player
// (rules/ai) takes action a. It names only what the deciding side knows:
// its own stacks, the zones and their victory points [8.0], its cards;
// never the enemy counters (the computer decides on a sample of them).
func (s *State) ReasonFor(a rules.Action) string {
	switch a.Kind {
	case "move":
		if a.To == "" {
			return ""
		}
		if vp := s.sc.VP[a.To]; vp > 0 {
			return fmt.Sprintf("marches on %s, worth %d VP [5.3] [8.0]", s.zoneName(a.To), vp)
		}
		return fmt.Sprintf("marches to %s [5.3]", s.zoneName(a.To))
	case "order":
		if a.To != "" {
			return fmt.Sprintf("activates the stack at %s [5.2]", s.zoneName(a.To))
		}
	case "choose":
		if a.Info != "" {
			first, _, _ := strings.Cut(a.Info, ";")
			return first
		}
	case "pass":
		return "nothing better to do now [5.0]"
	}
	return ""
}
