package napoleonics

import (
	"grognard/rules/hex"
)

// Movement (Sequence of Play: movement; unit and terrain cards).

// maxMove is how far an ordered unit or leader may move this turn.
func (s *State) maxMove(u *Unit) int {
	c := s.card(u)
	n := c.Move
	if e := s.effFor(u); e != nil && !isLeader(u) {
		if e.NoMove {
			return 0
		}
		if len(e.MoveTypes) == 0 || has(e.MoveTypes, u.Type) {
			n += e.MoveBonus
		}
	}
	return n
}

// battleMove is the most hexes u may move this turn and still battle (unit
// cards; a one-block horse battery moves or battles; command cards such as
// Bayonet Charge and Cavalry Charge add to it).
func (s *State) battleMove(u *Unit) int {
	c := s.card(u)
	bm := c.BattleMove
	if u.Blocks == 1 && c.OneBlockMoveOrBattle {
		return 0
	}
	if e := s.effFor(u); e != nil && e.BattleMoveBonus > 0 && (len(e.MoveTypes) == 0 || has(e.MoveTypes, u.Type)) {
		bm = min(bm+e.BattleMoveBonus, s.maxMove(u))
	}
	return bm
}

// passable reports whether unit u may enter hex c at all (terrain cards:
// rugged hill for all, sand quarry for artillery).
func (s *State) passable(u *Unit, c hex.Coord) bool {
	t := s.terrain(c)
	if t == nil {
		return false
	}
	return !(t.Impassable == "all" || t.Impassable == s.class(u))
}

// stopsIn reports whether entering c from p ends the move (town, forest,
// fordable river, sand quarry; a field-works hexside).
func (s *State) stopsIn(p, c hex.Coord) bool {
	if s.terrain(c).Stop {
		return true
	}
	return s.sc.Map.SideHas(p, c, hex.FieldWorks)
}

// canPass reports whether u may enter hex c on its way. Two units never
// share a hex, so a unit enters no unit's hex; it may enter a hex held by a
// friendly leader alone but must end its move there (reach stops it; the
// family's rule). A leader may pass through friendly units. Nobody passes an
// enemy.
func (s *State) canPass(u *Unit, c hex.Coord) bool {
	return s.canPassO(s.occupancy(), u, c)
}

// occ is a snapshot of who stands where, for searches.
type occ struct {
	fm           *fastMap
	unit, leader []*Unit // by hex index
}

func (s *State) occupancy() occ {
	if s.building {
		// The legal list is being built: nothing moves meanwhile.
		if !s.occOK {
			s.occMemo, s.occOK = s.buildOccupancyIn(true), true
		}
		return s.occMemo
	}
	return s.buildOccupancyIn(false)
}

// buildOccupancy indexes the units and leaders by hex index (session 20:
// two arrays instead of two maps); with scratch, in arrays the state keeps
// (the memo of a legal list being built: nothing else holds them then).
func (s *State) buildOccupancyIn(scratch bool) occ {
	fm := s.fast()
	n := len(fm.coords)
	o := occ{fm: fm}
	if b := s.rbuf; scratch && b != nil && len(b.unit) == n {
		clear(b.unit)
		clear(b.leader)
		o.unit, o.leader = b.unit, b.leader
	} else {
		o.unit, o.leader = make([]*Unit, n), make([]*Unit, n)
		if scratch {
			if s.rbuf == nil {
				s.rbuf = &reachBuf{}
			}
			s.rbuf.unit, s.rbuf.leader = o.unit, o.leader
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Gone != "" {
			continue
		}
		h := fm.idx(u.At)
		if h < 0 {
			continue
		}
		if isLeader(u) {
			o.leader[h] = u
		} else {
			o.unit[h] = u
		}
	}
	return o
}

// unitOn and leaderOn are the unit and the leader on hex c, or nil.
func (o occ) unitOn(c hex.Coord) *Unit {
	if h := o.fm.idx(c); h >= 0 {
		return o.unit[h]
	}
	return nil
}

func (o occ) leaderOn(c hex.Coord) *Unit {
	if h := o.fm.idx(c); h >= 0 {
		return o.leader[h]
	}
	return nil
}

func (s *State) canPassO(oc occ, u *Unit, c hex.Coord) bool {
	if !s.passable(u, c) {
		return false
	}
	o := oc.unitOn(c)
	l := oc.leaderOn(c)
	if l != nil && l.Side != u.Side {
		return false
	}
	if o != nil && (o.Side != u.Side || !isLeader(u)) {
		return false
	}
	return true
}

// canEnd reports whether u (with its attached leader, if it brings one) may
// end a move on c: one unit and one leader a hex.
func (s *State) canEnd(u *Unit, c hex.Coord, bringsLeader bool) bool {
	return s.canEndO(s.occupancy(), u, c, bringsLeader)
}

func (s *State) canEndO(oc occ, u *Unit, c hex.Coord, bringsLeader bool) bool {
	if !s.canPassO(oc, u, c) {
		return false
	}
	l := oc.leaderOn(c)
	if isLeader(u) {
		return l == nil
	}
	return l == nil || !bringsLeader
}

// leaderGoes reports whether u's attached leader moves with it: it does if
// it was ordered with the unit (ordering the unit orders it) and has not
// moved yet. A leader ordered in his own right is detaching: he moves on
// his own and stays when the unit leaves (Units and Leaders).
func (s *State) leaderGoes(u *Unit) *Unit {
	l := s.attached(u)
	if l == nil || !s.Ordered[l.ID] || s.explicitOrder(l.ID) {
		return nil
	}
	if _, moved := s.Moved[l.ID]; moved {
		return nil
	}
	return l
}

// reach returns every hex u can end its move on with the fewest hexes
// moved to get there. A hex that stops movement is entered but not left.
func (s *State) reach(u *Unit) map[hex.Coord]int {
	out := map[hex.Coord]int{}
	fm := s.fast()
	s.reachIdx(u, func(h, d int) { out[fm.coords[h]] = d })
	return out
}

// reachMap is reach searched over the map (the code before #20; reachIdx
// uses it off the board, TestReachAgreesWithTheMapSearch compares them).
func (s *State) reachMap(u *Unit) map[hex.Coord]int {
	max := s.maxMove(u)
	out := map[hex.Coord]int{}
	if max <= 0 {
		return out
	}
	brings := s.leaderGoes(u) != nil
	oc := s.occupancy()
	dist := map[hex.Coord]int{u.At: 0}
	stop := map[hex.Coord]bool{}
	frontier := []hex.Coord{u.At}
	for d := 1; d <= max && len(frontier) > 0; d++ {
		var next []hex.Coord
		for _, p := range frontier {
			if stop[p] {
				continue
			}
			for _, c := range p.Neighbors() {
				if _, seen := dist[c]; seen || !s.sc.Map.On(c) || !s.canPassO(oc, u, c) {
					continue
				}
				dist[c] = d
				// A unit joining a lone friendly leader ends its move there.
				stop[c] = s.stopsIn(p, c) || (!isLeader(u) && oc.leaderOn(c) != nil)
				next = append(next, c)
				if s.canEndO(oc, u, c, brings) {
					out[c] = d
				}
			}
		}
		frontier = next
	}
	return out
}

// --- line of sight and range (Ranged Combat) ---

// blocksLOS reports whether hex c obstructs a line of sight: blocking
// terrain, or a unit standing in it (a leader alone does not).
func (s *State) blocksLOS(c hex.Coord) bool {
	if t := s.terrain(c); t != nil && t.BlocksLOS {
		return true
	}
	return s.unitAt(c) != nil
}

// los reports whether a and b see each other: only hexes strictly between
// them can block; a line along a hexside is blocked only if both hexes
// beside it block.
func (s *State) los(a, b hex.Coord) bool {
	return !hex.Blocked(a, b, s.blocksLOS, hex.GrazeBoth)
}
