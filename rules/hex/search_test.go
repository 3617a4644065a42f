package hex

import (
	"reflect"
	"testing"
)

// rectMap is a flat, odd-shoved map of cols x rows printed hexes (from 1).
func rectMap(cols, rows int) *Map {
	l := Layout{Flat: true, ShoveOdd: true}
	m := NewMap("test", l)
	for col := 1; col <= cols; col++ {
		for row := 1; row <= rows; row++ {
			m.Set(l.FromOffset(col, row), &Cell{Terrain: "clear"})
		}
	}
	return m
}

// axialMap holds the axial parallelogram 0<=q<n, 0<=r<n (easy to reason on).
func axialMap(n int, reverse bool) *Map {
	m := NewMap("axial", Layout{Flat: true, ShoveOdd: true})
	for i := range n * n {
		if reverse {
			i = n*n - 1 - i
		}
		m.Set(Coord{i / n, i % n}, &Cell{Terrain: "clear"})
	}
	return m
}

func one(from, to Coord, dir int) (int, bool) { return 1, true }

func TestReachableUniformCostIsDistance(t *testing.T) {
	m := axialMap(12, false)
	from := Coord{6, 5}
	s := Search{Map: m, Cost: one, Budget: 4}
	reach := s.Reachable(from)
	if len(reach) != len(Within(from, 4)) {
		t.Fatalf("%d hexes reached, want %d", len(reach), len(Within(from, 4)))
	}
	for _, c := range Within(from, 4) {
		r, ok := reach[c]
		if !ok || r.Cost != Distance(from, c) || r.Steps != Distance(from, c) {
			t.Fatalf("%v: %+v ok=%v", c, r, ok)
		}
		if c != from && (Distance(r.Prev, c) != 1 || reach[r.Prev].Cost != r.Cost-1) {
			t.Fatalf("%v: bad predecessor %v", c, r.Prev)
		}
	}
	if reach[from] != (Reach{Prev: from}) {
		t.Fatalf("start: %+v", reach[from])
	}
	// Off the map is never entered.
	corner := Coord{0, 0}
	for c := range s.Reachable(corner) {
		if !m.On(c) {
			t.Fatalf("reached %v off the map", c)
		}
	}
	// No budget limit: the whole map.
	if got := (Search{Map: m, Cost: one, Budget: -1}).Reachable(corner); len(got) != 144 {
		t.Fatalf("unlimited search reached %d hexes", len(got))
	}
}

// A river along the hexsides between q=4 and q=5, with a bridge between
// (4,5) and (5,5).
func riverMap() *Map {
	m := axialMap(10, false)
	for r := range 10 {
		_ = m.AddSide(Coord{4, r}, Coord{5, r}, River)
		if r > 0 {
			_ = m.AddSide(Coord{4, r}, Coord{5, r - 1}, River)
		}
	}
	_ = m.AddSide(Coord{4, 5}, Coord{5, 5}, Bridge)
	return m
}

func riverCost(m *Map, crossing int) StepCost {
	return func(from, to Coord, dir int) (int, bool) {
		if m.SideHas(from, to, River) && !m.SideHas(from, to, Bridge) {
			if crossing < 0 {
				return 0, false
			}
			return crossing, true
		}
		return 1, true
	}
}

func TestPathWithRiverCosts(t *testing.T) {
	m := riverMap()
	from, to := Coord{4, 0}, Coord{5, 0}
	// Impassable river: the way round by the bridge, 5 + 1 + 5 steps.
	s := Search{Map: m, Cost: riverCost(m, -1), Budget: -1}
	path, cost, ok := s.Path(from, to)
	if !ok || cost != 11 || len(path) != 12 {
		t.Fatalf("impassable river: path %v cost %d ok %v", path, cost, ok)
	}
	crossed := false
	for i := 1; i < len(path); i++ {
		if Distance(path[i-1], path[i]) != 1 {
			t.Fatalf("path jumps: %v", path)
		}
		if m.SideHas(path[i-1], path[i], River) {
			if !m.SideHas(path[i-1], path[i], Bridge) {
				t.Fatalf("path fords the river: %v", path)
			}
			crossed = true
		}
	}
	if !crossed || path[0] != from || path[len(path)-1] != to {
		t.Fatalf("path %v", path)
	}
	// Fording for 4: straight across is cheaper than the bridge.
	s.Cost = riverCost(m, 4)
	path, cost, ok = s.Path(from, to)
	if !ok || cost != 4 || !reflect.DeepEqual(path, []Coord{from, to}) {
		t.Fatalf("ford: path %v cost %d", path, cost)
	}
	// Fording for 12: the bridge again.
	s.Cost = riverCost(m, 12)
	if _, cost, _ = s.Path(from, to); cost != 11 {
		t.Fatalf("dear ford: cost %d", cost)
	}
	// With a budget of 10 the far bank is out of reach.
	s = Search{Map: m, Cost: riverCost(m, -1), Budget: 10}
	if _, _, ok := s.Path(from, to); ok {
		t.Fatalf("reached beyond the budget")
	}
	if _, _, ok := s.Path(from, Coord{40, 40}); ok {
		t.Fatalf("reached a hex off the map")
	}
}

func TestStopHexCanBeEnteredNotLeft(t *testing.T) {
	m := axialMap(10, false)
	from, zoc, beyond := Coord{2, 2}, Coord{3, 2}, Coord{4, 2}
	s := Search{Map: m, Cost: one, Budget: 3, Stop: func(c Coord) bool { return c == zoc || c == from }}
	reach := s.Reachable(from)
	if r := reach[zoc]; r.Cost != 1 || r.Prev != from {
		t.Fatalf("the stop hex is entered at cost 1: %+v", r)
	}
	r, ok := reach[beyond]
	if !ok || r.Cost != 3 || r.Prev == zoc {
		t.Fatalf("the hex beyond must be reached round the stop hex: %+v %v", r, ok)
	}
	for c, r := range reach {
		if r.Prev == zoc && c != zoc {
			t.Fatalf("%v reached through the stop hex", c)
		}
	}
	// Equal-cost routes round it: the predecessor is the lower hex number.
	// (3,3) prints as 0304 and (4,1) as 0403, so (3,3) wins.
	if r.Prev != (Coord{3, 3}) {
		t.Fatalf("tie broken towards %v (%s)", r.Prev, m.Num(r.Prev))
	}
	// The starting hex being a stop hex does not pin the unit.
	if len(reach) < 10 {
		t.Fatalf("stop on the start hex held the unit: %d hexes", len(reach))
	}
}

func TestSearchIsDeterministic(t *testing.T) {
	cost := func(from, to Coord, dir int) (int, bool) { return 1 + (to.Q*7+to.R*3)%2, true }
	a := Search{Map: axialMap(10, false), Cost: cost, Budget: 7}.Reachable(Coord{5, 5})
	for range 5 {
		b := Search{Map: axialMap(10, true), Cost: cost, Budget: 7}.Reachable(Coord{5, 5})
		if !reflect.DeepEqual(a, b) {
			t.Fatal("Reachable depends on how the map was built")
		}
	}
}

// Reachable agrees with a brute-force relaxation on a map of varied costs
// and forbidden steps.
func TestReachableMatchesBruteForce(t *testing.T) {
	m := axialMap(9, false)
	cost := func(from, to Coord, dir int) (int, bool) {
		h := uint32(to.Q*73856093^to.R*19349663^from.Q*83492791^from.R*2654435761) % 11
		if h == 0 {
			return 0, false
		}
		return 1 + int(h%4), true
	}
	for _, budget := range []int{0, 3, 8, 20} {
		from := Coord{4, 4}
		got := Search{Map: m, Cost: cost, Budget: budget}.Reachable(from)
		best := map[Coord]int{from: 0}
		for changed := true; changed; {
			changed = false
			for c, bc := range best {
				for d := range 6 {
					n := c.Neighbor(d)
					k, ok := cost(c, n, d)
					if !ok || !m.On(n) || bc+k > budget {
						continue
					}
					if old, seen := best[n]; !seen || bc+k < old {
						best[n] = bc + k
						changed = true
					}
				}
			}
		}
		if len(got) != len(best) {
			t.Fatalf("budget %d: %d reached, brute force %d", budget, len(got), len(best))
		}
		for c, r := range got {
			if best[c] != r.Cost {
				t.Fatalf("budget %d: %v cost %d, brute force %d", budget, c, r.Cost, best[c])
			}
			if c == from {
				continue
			}
			k, _ := cost(r.Prev, c, r.Prev.DirTo(c))
			if got[r.Prev].Cost+k != r.Cost || got[r.Prev].Steps+1 != r.Steps {
				t.Fatalf("%v: predecessor does not add up", c)
			}
		}
	}
}

// Albuera 12.5: a unit may always move one hex, even when it costs more than
// its allowance; the move ends there.
func TestRule12_5_MinimalMove(t *testing.T) {
	m := axialMap(8, false)
	dear := func(from, to Coord, dir int) (int, bool) {
		if to == (Coord{4, 3}) {
			return 9, true
		}
		return 1, true
	}
	from := Coord{3, 3}
	s := Search{Map: m, Cost: dear, Budget: 4}
	if _, ok := s.Reachable(from)[Coord{4, 3}]; ok {
		t.Fatalf("without the minimal move the dear hex is out of reach")
	}
	s.MinimalMove = true
	reach := s.Reachable(from)
	r, ok := reach[Coord{4, 3}]
	if !ok || !r.Over || r.Cost != 9 {
		t.Fatalf("minimal move: %+v %v", r, ok)
	}
	for c, x := range reach {
		if x.Prev == (Coord{4, 3}) && c != x.Prev {
			t.Fatalf("moved on after a minimal move")
		}
		if c != (Coord{4, 3}) && x.Over {
			t.Fatalf("only the first step may go over the budget")
		}
	}
}

// Almansa in half points: a move into a front hex costs 2 (one MP), a
// turn of one hexside costs 1 (half an MP, rule 7), and units move only
// into their front hexes (rule 10).
func almansa(m *Map, budget int) FacingSearch {
	return FacingSearch{
		Map:  m,
		Turn: func(from, to int) int { return 1 },
		Step: func(from Coord, f int, to Coord) (int, bool) {
			a, ok := ArcOf(from, f, to)
			return 2, ok && a == Front
		},
		Budget: budget,
	}
}

func TestRule7_FacingSearchChargesHalfMPPerHexside(t *testing.T) {
	m := axialMap(11, false)
	from := Coord{5, 5}
	res := almansa(m, 8).Reachable(from, 0)
	for _, tc := range []struct {
		dir, cost int
		turns     int
	}{
		{0, 2, 0}, {1, 2, 0}, // front hexes: straight in
		{2, 3, 1}, {5, 3, 1}, // flank: one hexside turned
		{3, 4, 2}, {4, 4, 2}, // rear: two hexsides turned
	} {
		n := from.Neighbor(tc.dir)
		st, fr, ok := res.Best(n)
		if !ok || fr.Cost != tc.cost {
			t.Fatalf("direction %d: %+v %+v ok=%v, want cost %d", tc.dir, st, fr, ok, tc.cost)
		}
		moves, ok := res.Moves(st)
		if !ok || len(moves) != tc.turns+1 {
			t.Fatalf("direction %d: moves %+v", tc.dir, moves)
		}
		sum := 0
		for i, mv := range moves {
			sum += mv.Cost
			if mv.Turn != (i < tc.turns) {
				t.Fatalf("direction %d: turns must come first: %+v", tc.dir, moves)
			}
			if mv.Turn && (mv.From.C != mv.To.C || TurnSteps(mv.From.Facing, mv.To.Facing) != 1 || mv.Cost != 1) {
				t.Fatalf("bad turn %+v", mv)
			}
			if !mv.Turn && (Distance(mv.From.C, mv.To.C) != 1 || mv.From.Facing != mv.To.Facing || mv.Cost != 2) {
				t.Fatalf("bad move %+v", mv)
			}
			if i > 0 && moves[i-1].To != mv.From {
				t.Fatalf("moves do not chain")
			}
		}
		if sum != tc.cost || moves[0].From != (State{from, 0}) || moves[len(moves)-1].To != st {
			t.Fatalf("direction %d: moves %+v", tc.dir, moves)
		}
	}
	// Turning round in place: three hexsides either way, 3 half points.
	if fr := res.States[State{from, 3}]; fr.Cost != 3 || fr.Steps != 3 {
		t.Fatalf("about face: %+v", fr)
	}
	// Four MP straight ahead: four hexes.
	if _, ok := res.States[State{from.Add(Dirs[0].Scale(4)), 0}]; !ok {
		t.Fatalf("four hexes straight ahead not reached")
	}
	if _, ok := res.States[State{from.Add(Dirs[0].Scale(5)), 0}]; ok {
		t.Fatalf("five hexes reached on four MP")
	}
	// Every reached state adds up.
	for st, fr := range res.States {
		if st == res.From {
			continue
		}
		if fr.Cost > 8 || res.States[fr.Prev].Steps+1 != fr.Steps {
			t.Fatalf("%+v: %+v", st, fr)
		}
	}
	if got := res.Hexes()[from.Neighbor(3)]; got != 4 {
		t.Fatalf("Hexes: %d", got)
	}
	if _, ok := res.Moves(State{Coord{50, 50}, 0}); ok {
		t.Fatalf("moves to an unreached state")
	}
}

// Almansa 9: entering an enemy zone of control ends movement.
func TestRule9_FacingSearchStopsInZOC(t *testing.T) {
	m := axialMap(11, false)
	from := Coord{5, 5}
	zoc := from.Neighbor(0)
	s := almansa(m, 12)
	s.Stop = func(c Coord) bool { return c == zoc }
	res := s.Reachable(from, 0)
	if fr, ok := res.States[State{zoc, 0}]; !ok || fr.Cost != 2 {
		t.Fatalf("zoc hex must be enterable: %+v", fr)
	}
	for st, fr := range res.States {
		if fr.Prev.C == zoc && st != fr.Prev {
			t.Fatalf("left the zoc: %+v from %+v", st, fr.Prev)
		}
	}
	for st, fr := range res.States {
		if st.C == zoc && fr.Prev.C == zoc {
			t.Fatalf("turned in the zoc after stopping: %+v", st)
		}
	}
	s.TurnInStop = true
	res = s.Reachable(from, 0)
	if fr, ok := res.States[State{zoc, 1}]; !ok || fr.Cost != 3 || fr.Prev != (State{zoc, 0}) {
		t.Fatalf("TurnInStop: %+v", fr)
	}
	for st, fr := range res.States {
		if fr.Prev.C == zoc && st.C != zoc {
			t.Fatalf("TurnInStop: moved on from the zoc to %+v", st)
		}
	}
}

func BenchmarkReachable(b *testing.B) {
	m := rectMap(40, 30)
	for i, c := range m.Coords() {
		if i%5 == 0 {
			m.Cell(c).Terrain = "woods"
		}
	}
	cost := func(from, to Coord, dir int) (int, bool) {
		if m.Cell(to).Terrain == "woods" {
			return 4, true
		}
		return 2, true
	}
	from := m.Layout.FromOffset(20, 15)
	s := Search{Map: m, Cost: cost, Budget: 16}
	for b.Loop() {
		_ = s.Reachable(from)
	}
}

func BenchmarkReachableWholeMap(b *testing.B) {
	m := rectMap(40, 30)
	s := Search{Map: m, Cost: one, Budget: -1}
	from := m.Layout.FromOffset(1, 1)
	for b.Loop() {
		_ = s.Reachable(from)
	}
}

func BenchmarkFacingReachable(b *testing.B) {
	m := rectMap(40, 30)
	s := almansa(m, 10)
	from := m.Layout.FromOffset(20, 15)
	for b.Loop() {
		_ = s.Reachable(from, 0)
	}
}

func TestSearchWithoutMapIsBounded(t *testing.T) {
	free := func(from, to Coord, dir int) (int, bool) { return 0, true }
	reach := Search{Cost: free, Budget: -1}.Reachable(Coord{3, 3})
	if len(reach) != len(Within(Coord{3, 3}, Unbounded)) {
		t.Fatalf("%d hexes", len(reach))
	}
	res := FacingSearch{
		Turn:   func(int, int) int { return 0 },
		Step:   func(Coord, int, Coord) (int, bool) { return 0, true },
		Budget: -1,
	}.Reachable(Coord{}, 0)
	if len(res.States) != 6*len(Within(Coord{}, Unbounded)) {
		t.Fatalf("%d states", len(res.States))
	}
}
