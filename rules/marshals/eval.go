package marshals

import (
	"math"

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
	x := float64(vp[me]-vp[op])/6 + 0.08*(str[me]-str[op])
	return 1 / (1 + math.Exp(-x))
}

// Priority orders actions: cards and orders first, then moves and
// choices, passing and the end of a step last.
func (s *State) Priority(a rules.Action) float64 {
	if a.Choice == "box-open" || a.Choice == "box-close" || a.Choice == "leave" {
		// Showing or hiding a stack [1.3], taking a counter back out of
		// the stack being formed [5.1]: no score changes, so below
		// passing, and the computer never toggles them back and forth.
		return -1
	}
	switch a.Kind {
	case "play", "order":
		return 2
	case "move":
		// A march on a zone worth victory points first [8.0].
		return 1 + 0.2*float64(min(s.sc.VP[a.To], 5))
	case "deploy":
		return 1
	case "pass", "end":
		return 0
	}
	return 0.8
}
