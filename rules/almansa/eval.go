package almansa

import (
	"math"

	"grognard/rules"
)

// Knowledge for the computer player (rules/ai): an evaluation of a
// position and a priority for move ordering and playouts. Almansa has no
// hidden information, so the computer needs no determinizer.

// Evaluate scores the position for side in 0..1 from the victory
// condition [5]: the Bourbons win when enough Allied victory steps are
// destroyed by the end; Bourbon losses count against them (half weight)
// and the turns left give the Allies time.
func (s *State) Evaluate(side rules.Side) float64 {
	need := float64(s.sc.P("victory_steps"))
	if need <= 0 {
		need = 1
	}
	x := float64(s.Lost[Allied])/need - 0.5*float64(s.Lost[Bourbon])/need
	left := 0.0
	if t := s.sc.P("turns"); t > 0 {
		left = math.Max(0, float64(t-s.Turn)) / float64(t)
	}
	// Even when half the steps are down with half the game to play.
	b := 1 / (1 + math.Exp(-6*(x-0.5*(1-left)-0.25)))
	if side == Bourbon {
		return b
	}
	return 1 - b
}

// Priority orders actions: combats first, then moves that close on the
// enemy [8] [12] [13], facing changes and the end of a phase last.
func (s *State) Priority(a rules.Action) float64 {
	switch a.Kind {
	case "choose":
		if a.Choice == "historical" {
			return 100 // rules/ai.Obvious: the book's set-up [4], no search
		}
	case "fire", "shock", "charge":
		return 3
	case "move":
		i := s.idx(a.Unit)
		to, err := s.sc.Map.ParseOn(a.To)
		if i < 0 || err != nil {
			return 1
		}
		side := s.def(i).Side
		before := min(s.nearestEnemy(s.Units[i].At, side), 30)
		after := min(s.nearestEnemy(to, side), 30)
		return 1 + 0.5*float64(before-after)
	case "end":
		return 0
	case "face":
		return 0.5
	}
	return 0.8
}
