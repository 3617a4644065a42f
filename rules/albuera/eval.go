package albuera

import (
	"math"

	"grognard/rules"
	"grognard/rules/hex"
)

// Knowledge for the computer player (rules/ai): an evaluation of a
// position and a priority for move ordering and playouts. Albuera has no
// hidden information, so the computer needs no determinizer.

// Evaluate scores the position for side in 0..1: the net victory points
// [16.1] [16.3] (the French win on points with a lead above 0) and the
// Manpower each army keeps [3.4].
func (s *State) Evaluate(side rules.Side) float64 {
	var mp [2]float64
	var full [2]float64
	for i := range s.U {
		d := s.def(i)
		if d.Kind == KCdr || d.N <= 0 {
			continue
		}
		full[d.Side] += float64(d.N)
		if s.U[i].Where != Gone && !s.U[i].Captured {
			mp[d.Side] += float64(s.U[i].MP)
		}
	}
	m := 0.0
	if full[0] > 0 && full[1] > 0 {
		m = mp[French]/full[French] - mp[Allied]/full[Allied]
	}
	x := float64(s.VP)/3 + 2*m - 0.3
	f := 1 / (1 + math.Exp(-x))
	if side == French {
		return f
	}
	return 1 - f
}

// Priority orders actions: fire and clashes first, then moves that close
// on the enemy, facing changes and the end of an activation last.
func (s *State) Priority(a rules.Action) float64 {
	switch a.Kind {
	case "fire", "charge", "clash", "shock":
		return 3
	case "move":
		i := s.idx(a.Unit)
		to, err := s.sc.Map.ParseOn(a.To)
		if i < 0 || err != nil {
			return 1
		}
		if s.kind(i) == KCdr {
			// A commander keeps near his troops [3.3]: he moves only to
			// come closer to them, after them, never ahead.
			before, after := s.aiNearestFriend(i, s.U[i].At), s.aiNearestFriend(i, to)
			if after >= before {
				return -0.5
			}
			return 0.6 + 0.05*float64(before-after)
		}
		return 1 + 0.5*float64(s.aiNearestEnemy(i, s.U[i].At)-s.aiNearestEnemy(i, to))
	case "end", "pass":
		return 0
	case "face":
		// Turning in place is worth it only to face the nearest enemy
		// [12.7]; else it ranks below the end, never turned round and round.
		i := s.idx(a.Unit)
		if i < 0 || s.U[i].Two {
			return 0.5
		}
		if e, ok := s.aiNearestEnemyAt(i); ok && aiFacesToward(s.U[i].At, a.Facing, e) && !aiFacesToward(s.U[i].At, s.U[i].Facing, e) {
			return 0.9
		}
		return -0.5
	}
	return 0.8
}

// aiNearestEnemy is the distance from c to the nearest enemy of unit i.
func (s *State) aiNearestEnemy(i int, c hex.Coord) int {
	best := 99
	for j := range s.U {
		if s.side(j) != s.side(i) && s.U[j].Where == OnMap && !s.U[j].Captured && s.kind(j) != KCdr {
			if d := hex.Distance(c, s.U[j].At); d < best {
				best = d
			}
		}
	}
	return best
}

// aiNearestFriend is the distance from c to the nearest friendly unit of
// unit i (commanders aside), at most 10.
func (s *State) aiNearestFriend(i int, c hex.Coord) int {
	best := 10
	for j := range s.U {
		if j != i && s.side(j) == s.side(i) && s.U[j].Where == OnMap && !s.U[j].Captured && s.kind(j) != KCdr {
			best = min(best, hex.Distance(c, s.U[j].At))
		}
	}
	return best
}

// aiNearestEnemyAt is where the nearest enemy unit of unit i stands.
func (s *State) aiNearestEnemyAt(i int) (hex.Coord, bool) {
	best, at, ok := 1<<30, hex.Coord{}, false
	for j := range s.U {
		if s.side(j) != s.side(i) && s.U[j].Where == OnMap && !s.U[j].Captured && s.kind(j) != KCdr {
			if d := hex.Distance(s.U[i].At, s.U[j].At); d < best {
				best, at, ok = d, s.U[j].At, true
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
