package game

import (
	"fmt"
	"strings"

	"grognard/render"
	"grognard/rules"
)

// choiceWhyer is implemented by systems that say, for a panel choice whose
// label and Info do not, what it does before it is clicked (Almansa's
// set-up: the historical set-up, the end of the set-up, the formation the
// cavalry reserve would join [4] [6]).
type choiceWhyer interface {
	ChoiceWhy(a rules.Action) string
}

// choiceWhy is the system's explanation of choice a, wrapped for the
// choice's hover; nil when the system has none, when the hand-over cover is
// up, or when the viewer does not decide now (the text reads the state).
func (s *Session) choiceWhy(a rules.Action) []string {
	if s.Cover || !s.CanAct() {
		return nil
	}
	why := ""
	if w, ok := s.Game.State.(choiceWhyer); ok {
		why = w.ChoiceWhy(a)
	}
	if next := s.endLeadsTo(a); next != "" {
		why = strings.TrimSpace(why + " " + next)
	}
	if why == "" {
		return nil
	}
	return render.Wrap(why, render.Face(12.5), choiceTipWidth)
}

// endLeadsTo says where an end of a phase or step leads ("Then: Allied
// defensive fire [11], Allied decides."), read from a copy of the state
// with the action applied, so the button's hover shows the decision's
// next step before it is clicked. Only in systems without hidden
// information: there the copy shows nothing the viewer may not see.
func (s *Session) endLeadsTo(a rules.Action) string {
	if a.Kind != "end" {
		return ""
	}
	if s.System.ID == "" || s.System.Hidden {
		return ""
	}
	key := fmt.Sprintf("%d|%s", s.version, a.Key())
	if endMemo.s == s && endMemo.key == key {
		return endMemo.out
	}
	endMemo.s, endMemo.key, endMemo.out = s, key, ""
	c := s.Game.State.Clone()
	if _, err := c.Apply(a); err != nil {
		return ""
	}
	if r := c.Result(); r.Over {
		endMemo.out = "Then the game ends."
		return endMemo.out
	}
	st := c.Status()
	next := "Then: " + st.Phase
	if st.PhaseRule != "" {
		next += " [" + st.PhaseRule + "]"
	}
	switch {
	case st.Decider == rules.Chance:
		next += "; the dice are rolled."
	case st.Decider >= 0:
		next += ", " + s.SideName(st.Decider) + " decides."
	default:
		next += "."
	}
	endMemo.out = next
	return next
}

// endMemo keeps the last answer of endLeadsTo: the hover asks every frame.
var endMemo struct {
	s        *Session
	key, out string
}
