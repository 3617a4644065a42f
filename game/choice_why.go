package game

import (
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
	w, ok := s.Game.State.(choiceWhyer)
	if !ok {
		return nil
	}
	why := w.ChoiceWhy(a)
	if why == "" {
		return nil
	}
	return render.Wrap(why, render.Face(12.5), choiceTipWidth)
}
