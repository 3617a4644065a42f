package napoleonics

import (
	"math"

	"grognard/rules"
	"grognard/rules/hex"
)

// Knowledge for the computer player (rules/ai): an evaluation of a
// position and a priority for move ordering and playouts (see also
// determinize.go for the hidden hands).

// Evaluate scores the position for side in 0..1: the banners each side
// holds toward the scenario's target [victory], then the blocks each
// army keeps on the map.
func (s *State) Evaluate(side rules.Side) float64 {
	if side != 0 && side != 1 {
		return 0.5
	}
	me, op := int(side), 1-int(side)
	target := float64(max(s.sc.Banners, 1))
	var blocks [2]float64
	for i := range s.Units {
		u := &s.Units[i]
		if u.Gone == "" && !isLeader(u) {
			blocks[u.Side] += float64(u.Blocks)
		}
	}
	x := 3*float64(s.Banners[me]-s.Banners[op])/target + 0.15*(blocks[me]-blocks[op])
	return 1 / (1 + math.Exp(-x))
}

// Priority orders actions: combats first, then cards and orders, moves
// that close on the enemy, the end of a phase last.
func (s *State) Priority(a rules.Action) float64 {
	switch a.Kind {
	case "fire", "melee", "breakthrough", "advance":
		return 3
	case "play", "order", "rally", "supply", "keep", "square":
		return 2
	case "move":
		u := s.unit(a.Unit)
		to, err := s.sc.Map.ParseOn(a.To)
		if u == nil || err != nil {
			return 1
		}
		return 1 + 0.5*float64(s.aiNearestFoe(u, u.At)-s.aiNearestFoe(u, to))
	case "end":
		return 0
	}
	return 0.8
}

// aiNearestFoe is the distance from c to the nearest enemy unit of u.
func (s *State) aiNearestFoe(u *Unit, c hex.Coord) int {
	best := 30
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side != u.Side && e.Gone == "" && !isLeader(e) {
			best = min(best, hex.Distance(c, e.At))
		}
	}
	return best
}
