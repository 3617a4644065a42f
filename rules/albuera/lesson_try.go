package albuera

import (
	"fmt"

	"grognard/rules"
	"grognard/rules/hex"
	"grognard/rules/lesson"
)

// Try it yourself from a lesson (issue #19). A lesson's bare position has
// only the units that matter and no commander, so the Activation Pool of
// every later turn is empty [3.3], [4.10]: the first End would run the
// Turn track to turn 16 at once. For an ordinary game from the lesson's
// position each listed unit's own commander [4.1], and his superiors up
// to the first with a chit [4.5], come onto the map beside the unit (in
// command range [4.2], on an empty hex away from the enemy, never in a
// Clash Hex) and that chit goes into the pool:
// the turns then go draw by draw and the units act when their commander's
// chit is drawn. The historical set-up is a game already.
func init() { lesson.RegisterOpener(SystemID, tryOpener) }

func tryOpener(st rules.State, p lesson.Position) (rules.State, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("not an Albuera state")
	}
	if p.Set["start"] == "historical" {
		return s, nil
	}
	for _, pl := range p.Units {
		i := s.idx(pl.Unit)
		if i < 0 || s.kind(i) == KCdr || s.U[i].Where != OnMap {
			continue
		}
		// The unit's commander and his superiors up to the first with a
		// chit (brigades are activated through their division's chit [4.5]).
		at, ok := s.tryCommandHex(i)
		if !ok {
			continue
		}
		for c, n := s.idx(s.def(i).Cmd), 0; c >= 0 && s.kind(c) == KCdr && n < 4; c, n = s.idx(s.def(c).Cmd), n+1 {
			if s.U[c].Where == Gone {
				s.U[c].Where, s.U[c].At, s.U[c].Facing = OnMap, at, -1
			}
			if s.U[c].Where != OnMap {
				break
			}
			if s.def(c).Chit {
				if id := s.id(c); !contains(s.Pool, id) && !contains(s.Aside, id) && !contains(s.Out, id) && s.Chit != id {
					s.Pool = append(s.Pool, id)
				}
				break
			}
		}
	}
	s.ver++
	s.cache = nil
	if err := s.CheckInvariants(); err != nil {
		return nil, err
	}
	return s, nil
}

// tryCommandHex is where unit i's commanders stand for Try it yourself: an
// empty hex at most two from it, as far as can be from the enemy's units.
func (s *State) tryCommandHex(i int) (hex.Coord, bool) {
	u := &s.U[i]
	side := s.side(i)
	var best hex.Coord
	bestD := -1
	for _, c := range s.sc.Map.Coords() {
		if d := hex.Distance(c, u.At); d < 1 || d > 2 || len(s.occ(c)) > 0 || len(s.cdrsAt(c)) > 0 {
			continue
		}
		near := 1 << 30
		for j := range s.U {
			if s.U[j].Where == OnMap && s.kind(j) != KCdr && s.side(j) != side {
				near = min(near, hex.Distance(c, s.U[j].At))
			}
		}
		if near > bestD {
			best, bestD = c, near
		}
	}
	return best, bestD >= 0
}
