package hex

import (
	"reflect"
	"slices"
	"testing"
)

// allLines returns a line counter for every facing at a few places.
func allLines() []Line2 {
	var out []Line2
	for _, a := range []Coord{{0, 0}, {3, -1}, {-2, 5}} {
		for f := range 6 {
			out = append(out, LineAt(a, f))
		}
	}
	return out
}

func TestLine2Construction(t *testing.T) {
	for _, l := range allLines() {
		if !l.Valid() {
			t.Fatalf("LineAt gives an invalid counter %+v", l)
		}
		// Either order of the hexes gives the same counter.
		for _, pair := range [][2]Coord{{l.A, l.B}, {l.B, l.A}} {
			got, err := NewLine2(pair[0], pair[1], l.Facing+6)
			if err != nil || got != l {
				t.Fatalf("NewLine2(%v,%v,%d)=%+v,%v want %+v", pair[0], pair[1], l.Facing, got, err, l)
			}
		}
		// The two hexes are in each other's flank.
		if a, _ := ArcOf(l.A, l.Facing, l.B); a != Flank {
			t.Fatalf("B is not in A's flank")
		}
		if a, _ := ArcOf(l.B, l.Facing, l.A); a != Flank {
			t.Fatalf("A is not in B's flank")
		}
		// A hex pair along the facing cannot be a line counter.
		if _, err := NewLine2(l.A, l.A.Neighbor(l.Facing), l.Facing); err == nil {
			t.Fatalf("hexes one behind the other accepted")
		}
		if _, err := NewLine2(l.A, l.A.Add(Coord{2, 0}), l.Facing); err == nil {
			t.Fatalf("non-adjacent hexes accepted")
		}
		if (Line2{A: l.B, B: l.A, Facing: l.Facing}).Valid() {
			t.Fatalf("swapped counter reported valid")
		}
	}
}

func TestLine2ArcsCoverTheEightNeighbours(t *testing.T) {
	for _, l := range allLines() {
		around := map[Coord]bool{}
		for _, c := range []Coord{l.A, l.B} {
			for _, n := range c.Neighbors() {
				if !l.Covers(n) {
					around[n] = true
				}
			}
		}
		if len(around) != 8 {
			t.Fatalf("two adjacent hexes have %d neighbours", len(around))
		}
		count := map[Coord]int{}
		arcs := map[Arc]int{}
		for _, n := range l.Neighbors() {
			count[n]++
			a, ok := l.ArcOf(n)
			if !ok {
				t.Fatalf("ArcOf(%v) not ok", n)
			}
			arcs[a]++
		}
		for n := range around {
			if count[n] != 1 {
				t.Fatalf("%+v: %v counted %d times", l, n, count[n])
			}
		}
		if arcs[Front] != 3 || arcs[Rear] != 3 || arcs[Flank] != 2 {
			t.Fatalf("%+v: arcs %v", l, arcs)
		}
		// The front hexes are exactly the union of the front hexes of two
		// one-hex counters in A and B with the same facing; likewise rear
		// and flank (less the counter's own hexes).
		union := func(f func(Coord, int) [2]Coord) map[Coord]bool {
			m := map[Coord]bool{}
			for _, c := range []Coord{l.A, l.B} {
				for _, h := range f(c, l.Facing) {
					if !l.Covers(h) {
						m[h] = true
					}
				}
			}
			return m
		}
		toSet := func(cs []Coord) map[Coord]bool {
			m := map[Coord]bool{}
			for _, c := range cs {
				m[c] = true
			}
			return m
		}
		fr, re, fl := l.FrontHexes(), l.RearHexes(), l.FlankHexes()
		if !reflect.DeepEqual(union(FrontHexes), toSet(fr[:])) ||
			!reflect.DeepEqual(union(RearHexes), toSet(re[:])) ||
			!reflect.DeepEqual(union(FlankHexes), toSet(fl[:])) {
			t.Fatalf("%+v: arcs differ from the two one-hex counters", l)
		}
		// The centre front hex touches both hexes; the wing ones one each.
		if Distance(fr[1], l.A) != 1 || Distance(fr[1], l.B) != 1 || Distance(fr[0], l.B) != 2 || Distance(fr[2], l.A) != 2 {
			t.Fatalf("%+v: front hexes not left, centre, right: %v", l, fr)
		}
		if _, ok := l.ArcOf(l.A); ok {
			t.Fatalf("own hex has an arc")
		}
	}
}

// Albuera 6.3.1: forward the counter enters two of its three front hexes,
// backward two of its three rear hexes, keeping facing.
func TestRule6_3_1_LineMovesIntoTwoOfThreeFrontHexes(t *testing.T) {
	for _, l := range allLines() {
		fr, re := l.FrontHexes(), l.RearHexes()
		for i, m := range l.Forward() {
			if !m.Valid() || m.Facing != l.Facing {
				t.Fatalf("forward %d invalid: %+v", i, m)
			}
			if m.A != fr[i] || m.B != fr[i+1] {
				t.Fatalf("forward %d of %+v is %+v, want front hexes %v,%v", i, l, m, fr[i], fr[i+1])
			}
			if !slices.Contains(backSlice(m.Backward()), l) {
				t.Fatalf("backward from forward %d does not return", i)
			}
		}
		for i, m := range l.Backward() {
			if !m.Valid() || m.Facing != l.Facing || m.A != re[i] || m.B != re[i+1] {
				t.Fatalf("backward %d of %+v is %+v, want rear hexes %v", i, l, m, re)
			}
			if !slices.Contains(backSlice(m.Forward()), l) {
				t.Fatalf("forward from backward %d does not return", i)
			}
		}
	}
}

// Albuera 6.3.3: a line changes facing by wheeling about one of its hexes;
// the other end enters the centre front hex (forward) or the centre rear
// hex (backward, paying for a rear move as 12.6 says).
func TestRule6_3_3_LineWheels(t *testing.T) {
	for _, l := range allLines() {
		fr, re := l.FrontHexes(), l.RearHexes()
		for i, w := range l.Wheels() {
			to := w.To
			if !to.Valid() {
				t.Fatalf("wheel %d gives an invalid counter %+v", i, to)
			}
			if !to.Covers(w.Pivot) || !to.Covers(w.Enter) || !l.Covers(w.Pivot) {
				t.Fatalf("wheel %d: %+v does not cover pivot and entered hex", i, w)
			}
			if w.Backward && w.Enter != re[1] || !w.Backward && w.Enter != fr[1] {
				t.Fatalf("wheel %d enters %v", i, w.Enter)
			}
			turn := 1
			if !w.Clockwise {
				turn = -1
			}
			if to.Facing != Rotate(l.Facing, turn) {
				t.Fatalf("wheel %d: facing %d -> %d, clockwise=%v", i, l.Facing, to.Facing, w.Clockwise)
			}
			// The counter really turned about the pivot: each hex of the
			// new counter is the old one rotated 60 degrees about it.
			for _, h := range l.Hexes() {
				moved := w.Pivot.Add(RotateCoord(h.Sub(w.Pivot), turn))
				if !to.Covers(moved) {
					t.Fatalf("wheel %d is not a rotation about the pivot", i)
				}
			}
			// Wheeling back the other way about the same pivot undoes it.
			undone := false
			for _, back := range to.Wheels() {
				if back.Pivot == w.Pivot && back.To == l {
					undone = true
					if back.Backward == w.Backward {
						t.Fatalf("undoing a forward wheel must be a backward one")
					}
				}
			}
			if !undone {
				t.Fatalf("wheel %d cannot be undone", i)
			}
		}
		// Six forward wheels about the left hex bring the counter back.
		x := l
		for range 6 {
			x = x.Wheels()[0].To
		}
		if x != l {
			t.Fatalf("six wheels about A: %+v", x)
		}
	}
}

// Albuera 14.2.1: the line counter's sight starts at the middle of the
// hexside between its hexes. Straight ahead (facing 0) from (0,0)-(1,0) it
// passes through the centre front hex, grazes the hexside between (1,-2) and
// (2,-2), and reaches (2,-3).
func TestRule14_2_1_LineSightFromHexsideMiddle(t *testing.T) {
	l := LineAt(Coord{0, 0}, 0)
	got := l.Sight(Coord{2, -3})
	want := []LineStep{
		{Hex: Coord{1, -1}, Alt: Coord{1, -1}},
		{Hex: Coord{1, -2}, Alt: Coord{2, -2}, Graze: true},
		{Hex: Coord{2, -3}, Alt: Coord{2, -3}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
	// Every target in front: the first step is one of the three front hexes
	// and the last is the target; the counter's own hexes never appear.
	fr := l.FrontHexes()
	for _, target := range Within(Coord{1, -4}, 2) {
		s := l.Sight(target)
		if len(s) == 0 || s[len(s)-1] != (LineStep{Hex: target, Alt: target}) {
			t.Fatalf("sight to %v ends wrongly: %v", target, s)
		}
		for _, h := range s[0].Hexes() {
			if !slices.Contains(fr[:], h) {
				t.Fatalf("sight to %v leaves through %v, not a front hex", target, h)
			}
		}
		for _, st := range s {
			if l.Covers(st.Hex) || l.Covers(st.Alt) {
				t.Fatalf("own hex in sight line %v", s)
			}
		}
	}
}

func backSlice(a [2]Line2) []Line2 { return a[:] }

// albueraLine prices line-counter steps in half MPs: 3 (1.5 MP) for clear,
// 5 (2.5 MP) for olive grove; a step into rear hexes costs 2 (1 MP) more.
func albueraLine(olive map[Coord]bool) func(LineMove) (int, bool) {
	return func(mv LineMove) (int, bool) {
		c := 0
		for _, h := range mv.Enter {
			k := 3
			if olive[h] {
				k = 5
			}
			c = max(c, k) // 6.3.2: the dearer of the hexes entered
		}
		if mv.Kind == StepBackward || mv.Kind == WheelBackward {
			c += 2 // 12.6
		}
		return c, true
	}
}

// Albuera 6.3.2 and 6.3.3's example: with an olive grove in the centre front
// hex, moving forward or wheeling forward costs 2.5 MP; wheeling back into a
// clear rear hex costs 1.5 + 1 = 2.5 MP.
func TestRule6_3_2_LineSearchCosts(t *testing.T) {
	m := axialMap(12, false)
	l := LineAt(Coord{5, 5}, 0)
	olive := map[Coord]bool{l.FrontHexes()[1]: true}
	reach := LineSearch{Map: m, Cost: albueraLine(olive), Budget: 8}.Reachable(l)
	for _, mv := range l.Steps() {
		r, ok := reach[mv.To]
		if !ok {
			t.Fatalf("%v not reached", mv.Kind)
		}
		want := map[LineStepKind]int{StepForward: 5, WheelForward: 5, StepBackward: 5, WheelBackward: 5}[mv.Kind]
		if r.Cost != want || r.Steps != 1 || r.Last.Kind != mv.Kind || r.Last.Cost != want {
			t.Fatalf("%v: %+v want cost %d", mv.Kind, r, want)
		}
	}
	// Two steps forward: 2.5 MP through the grove then 1.5 in clear is the
	// whole 4 MP; a third step is out of reach.
	two := l.Forward()[0].Forward()[0]
	if r, ok := reach[two]; !ok || r.Cost != 8 || r.Steps != 2 {
		t.Fatalf("two steps forward: %+v %v", r, ok)
	}
	if _, ok := reach[two.Forward()[0]]; ok {
		t.Fatalf("three steps forward fit in 4 MP")
	}
	// Without the grove: 3 + 3 = 6 fits, and the moves rebuild.
	reach = LineSearch{Map: m, Cost: albueraLine(nil), Budget: 8}.Reachable(l)
	r, ok := reach[two]
	if !ok || r.Cost != 6 {
		t.Fatalf("two forward in clear: %+v %v", r, ok)
	}
	moves, ok := LineMoves(reach, two)
	if !ok || len(moves) != 2 || moves[0].From != l || moves[1].To != two || moves[0].To != moves[1].From || moves[0].Cost+moves[1].Cost != 6 {
		t.Fatalf("moves %+v", moves)
	}
	for pos, r := range reach {
		if !pos.Valid() || !m.On(pos.A) || !m.On(pos.B) || r.Cost > 8 {
			t.Fatalf("bad position %+v %+v", pos, r)
		}
	}
	if _, ok := LineMoves(reach, LineAt(Coord{0, 0}, 3)); ok {
		t.Fatalf("moves to an unreached position")
	}
	// A position that stops the move is reached but not left.
	stop := l.Forward()[1]
	reach = LineSearch{Map: m, Cost: albueraLine(nil), Budget: 20, Stop: func(p Line2) bool { return p == stop }}.Reachable(l)
	if _, ok := reach[stop]; !ok {
		t.Fatalf("stop position not reached")
	}
	for pos, r := range reach {
		if r.Steps > 0 && r.Last.From == stop && pos != stop {
			t.Fatalf("moved on from a stop position to %+v", pos)
		}
	}
}
