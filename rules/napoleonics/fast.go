package napoleonics

import (
	"strconv"

	"grognard/rules"
	"grognard/rules/hex"
)

// Flat, integer-indexed tables of a scenario's board, built once with the
// scenario (#20): a dense index of its hexes (hex.Index: a grid over the
// axial bounding box, in map order: column then row, which is also the
// order of the printed numbers; each hex's number and neighbours), each
// hex's terrain card, and the field-works hexsides. They answer what hex.Map and terrain answer.
type fastMap struct {
	hx     *hex.Index // the board's index of hexes (coords, num and nb are its)
	coords []hex.Coord
	num    []string
	terr   []*TerrainCard
	nb     [][6]int16 // neighbour index by direction, -1 off the board
	works  [][6]bool  // field works on the hexside in direction d
}

func buildFast(sys *System, m *hex.Map) *fastMap {
	x := hex.NewIndex(m)
	fm := &fastMap{hx: x, coords: x.Coords, num: x.Num, nb: x.Nb, works: x.SideFlags(m, hex.FieldWorks)}
	fm.terr = make([]*TerrainCard, len(x.Coords))
	for i, c := range x.Coords {
		fm.terr[i] = terrainOf(sys, m, c)
	}
	return fm
}

// terrainOf is the terrain card of hex c (field works override the hex's
// terrain), nil off the board.
func terrainOf(sys *System, m *hex.Map, c hex.Coord) *TerrainCard {
	cell := m.Cell(c)
	if cell == nil {
		return nil
	}
	for _, f := range cell.Feature {
		if f == "works" {
			return sys.Terrain["works"]
		}
	}
	return sys.Terrain[cell.Terrain]
}

// idx is hex c's index, or -1 off the board.
func (fm *fastMap) idx(c hex.Coord) int { return fm.hx.Idx(c) }

// fast returns the board's flat tables (made with the scenario; a
// Scenario made some other way gets them on first use).
func (s *State) fast() *fastMap {
	if s.sc.fast == nil {
		s.sc.fast = buildFast(s.sys, s.sc.Map)
	}
	return s.sc.fast
}

// reachBuf is the scratch of a reach search, kept by the state.
type reachBuf struct {
	seen     []uint32 // == gen: reached in this search
	dist     []int16
	stop     []bool
	end      []bool // the unit may end its move there
	gen      uint32
	frontier []int16
	next     []int16
	// acts is the scratch of the legal list (actBuf), in use while
	// actsBusy; unit and leader the occupancy by hex index while a legal
	// list is built (session 20).
	acts         []rules.Action
	actsBusy     bool
	unit, leader []*Unit
}

// reachIdx is reach by hex index: it calls f(h, d) for every hex u can end
// its move on, in map order (the order of the printed numbers), with the
// fewest hexes moved to get there. The search is reach's, step for step.
func (s *State) reachIdx(u *Unit, f func(h, d int)) {
	maxd := s.maxMove(u)
	if maxd <= 0 {
		return
	}
	fm := s.fast()
	start := fm.idx(u.At)
	if start < 0 {
		// Off the board: the search over the map (never in play).
		for c, d := range s.reachMap(u) {
			if h := fm.idx(c); h >= 0 {
				f(h, d)
			}
		}
		return
	}
	b := s.rbuf
	if b == nil {
		b = &reachBuf{}
		s.rbuf = b
	}
	if len(b.seen) != len(fm.coords) {
		n := len(fm.coords)
		b.seen, b.dist, b.stop, b.end, b.gen = make([]uint32, n), make([]int16, n), make([]bool, n), make([]bool, n), 0
	}
	b.gen++
	if b.gen == 0 {
		clear(b.seen)
		b.gen = 1
	}
	gen := b.gen
	brings := s.leaderGoes(u) != nil
	oc := s.occupancy()
	cls, leader := s.class(u), isLeader(u)
	b.seen[start], b.dist[start], b.stop[start], b.end[start] = gen, 0, false, false
	frontier := append(b.frontier[:0], int16(start))
	next := b.next[:0]
	lo, hi := start, start
	for d := 1; d <= maxd && len(frontier) > 0; d++ {
		next = next[:0]
		for _, p := range frontier {
			if b.stop[p] {
				continue
			}
			for dir, n := range fm.nb[p] {
				if n < 0 || b.seen[n] == gen {
					continue
				}
				// canPassO and canEndO by hex index, with u's class and
				// kind found once (session 20).
				t := fm.terr[n]
				if t == nil || t.Impassable == "all" || t.Impassable == cls {
					continue
				}
				o, l := oc.unit[n], oc.leader[n]
				if (l != nil && l.Side != u.Side) || (o != nil && (o.Side != u.Side || !leader)) {
					continue
				}
				b.seen[n], b.dist[n] = gen, int16(d)
				// A unit joining a lone friendly leader ends its move there.
				b.stop[n] = t.Stop || fm.works[p][dir] || (!leader && l != nil)
				next = append(next, n)
				b.end[n] = l == nil || (!leader && !brings)
				lo, hi = min(lo, int(n)), max(hi, int(n))
			}
		}
		frontier, next = next, frontier
	}
	b.frontier, b.next = frontier[:0], next[:0]
	for h := lo; h <= hi; h++ {
		if b.seen[h] == gen && h != start && b.end[h] {
			f(h, int(b.dist[h]))
		}
	}
}

var hexesText = func() []string {
	t := make([]string, 32)
	for n := range t {
		if n == 1 {
			t[n] = "1 hex"
		} else {
			t[n] = strconv.Itoa(n) + " hexes"
		}
	}
	return t
}()

// plural is "n one" or "n many".
func plural(n int, one, many string) string {
	if one == "hex" && many == "hexes" && n >= 0 && n < len(hexesText) {
		return hexesText[n]
	}
	if n == 1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}
