package hex

import (
	"reflect"
	"slices"
	"testing"
)

func reversed[T any](s []T) []T {
	out := make([]T, len(s))
	for i, x := range s {
		out[len(s)-1-i] = x
	}
	return out
}

func TestLineLengthAdjacencyAndSymmetry(t *testing.T) {
	starts := []Coord{{0, 0}, {3, -7}, {-4, 2}}
	for _, a := range starts {
		for _, d := range around(10) {
			b := a.Add(d)
			l := Line(a, b)
			if len(l) != Distance(a, b)+1 {
				t.Fatalf("Line(%v,%v) has %d hexes for distance %d", a, b, len(l), Distance(a, b))
			}
			if l[0] != a || l[len(l)-1] != b {
				t.Fatalf("Line(%v,%v) ends are %v..%v", a, b, l[0], l[len(l)-1])
			}
			for i := 1; i < len(l); i++ {
				if Distance(l[i-1], l[i]) != 1 {
					t.Fatalf("Line(%v,%v): %v then %v are not adjacent", a, b, l[i-1], l[i])
				}
			}
			if back := Line(b, a); !reflect.DeepEqual(back, reversed(l)) {
				t.Fatalf("Line(%v,%v)=%v but Line back=%v", a, b, l, back)
			}
			tr := Trace(a, b)
			if back := Trace(b, a); !reflect.DeepEqual(back, reversed(tr)) {
				t.Fatalf("Trace not symmetric for %v,%v", a, b)
			}
			dq, dr, ds := d.Q, d.R, d.S()
			cornerDir := d != (Coord{}) && (dq == dr || dr == ds || dq == ds)
			grazes := false
			for _, s := range tr {
				grazes = grazes || s.Graze
				if s.Graze && (Distance(s.Hex, s.Alt) != 1 || !Less(s.Hex, s.Alt)) {
					t.Fatalf("grazed pair %+v not adjacent or not canonical", s)
				}
			}
			// Only lines in a corner direction run along hexsides, and
			// they always do.
			if grazes != (cornerDir && Distance(a, b) >= 2) {
				t.Fatalf("Trace(%v,%v): grazes=%v but corner direction=%v", a, b, grazes, cornerDir)
			}
		}
	}
}

// Every hex of the interpolated line is in the exact trace, in the same
// order; the exact trace may hold more (hexes whose corner the segment clips).
func TestLineWithinTrace(t *testing.T) {
	extra := 0
	for _, d := range around(11) {
		a := Coord{2, -1}
		b := a.Add(d)
		tr := Trace(a, b)
		last := -1
		for _, c := range Line(a, b) {
			found := false
			for i := last + 1; i < len(tr); i++ {
				if tr[i].Has(c) {
					last, found = i, true
					break
				}
			}
			if !found {
				t.Fatalf("Line(%v,%v) hex %v not in order in Trace %v", a, b, c, tr)
			}
		}
		if tr[0] != (LineStep{Hex: a, Alt: a}) || tr[len(tr)-1] != (LineStep{Hex: b, Alt: b}) {
			t.Fatalf("Trace(%v,%v) must start at a and end at b: %v", a, b, tr)
		}
		n := 0
		for _, s := range tr {
			n += len(s.Hexes())
		}
		extra += n - len(Line(a, b))
	}
	if extra == 0 {
		t.Fatalf("expected some lines to clip corners the thin line steps past")
	}
}

// The segment from (2,-1) to (-9,0) clips the corners of (-3,0) and (-4,-1)
// (it passes 0.854 hex-sizes from their centres, inside the 0.866 apothem):
// Trace has them, the thin Line does not.
func TestTraceCatchesCornerClips(t *testing.T) {
	a, b := Coord{2, -1}, Coord{-9, 0}
	tr := Trace(a, b)
	for _, c := range []Coord{{-3, 0}, {-4, -1}} {
		if !stepsHave(tr, c) {
			t.Errorf("Trace misses %v", c)
		}
		if slices.Contains(Line(a, b), c) {
			t.Errorf("Line has %v", c)
		}
	}
	if len(Line(a, b)) != 12 || len(tr) != 14 {
		t.Errorf("lengths %d and %d", len(Line(a, b)), len(tr))
	}
}

// From (2,-1) to (-8,0) the line crosses the hexside between (-3,-1) and
// (-3,0) right at its middle, which is also an interpolation sample: it
// passes through both hexes and grazes nothing.
func TestCrossingAtASampleIsNotAGraze(t *testing.T) {
	tr := Trace(Coord{2, -1}, Coord{-8, 0})
	for _, s := range tr {
		if s.Graze {
			t.Fatalf("graze reported on a transversal crossing: %v", tr)
		}
	}
	strict, _ := LineHexes(Coord{2, -1}, Coord{-8, 0})
	if !slices.Contains(strict, Coord{-3, -1}) || !slices.Contains(strict, Coord{-3, 0}) {
		t.Fatalf("both hexes are crossed: %v", strict)
	}
}

func stepsHave(steps []LineStep, c Coord) bool {
	for _, s := range steps {
		if s.Has(c) {
			return true
		}
	}
	return false
}

func TestKnownLines(t *testing.T) {
	for _, tc := range []struct {
		a, b Coord
		want []Coord
	}{
		{Coord{0, 0}, Coord{3, 0}, []Coord{{0, 0}, {1, 0}, {2, 0}, {3, 0}}},
		{Coord{0, 0}, Coord{0, -3}, []Coord{{0, 0}, {0, -1}, {0, -2}, {0, -3}}},
		{Coord{0, 0}, Coord{3, -1}, []Coord{{0, 0}, {1, 0}, {2, -1}, {3, -1}}},
		{Coord{1, 1}, Coord{1, 1}, []Coord{{1, 1}}},
	} {
		if got := Line(tc.a, tc.b); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Line(%v,%v)=%v want %v", tc.a, tc.b, got, tc.want)
		}
		strict, alt := LineHexes(tc.a, tc.b)
		if !reflect.DeepEqual(strict, tc.want) || alt != nil {
			t.Errorf("LineHexes(%v,%v)=%v,%v: a clean line has no alternatives", tc.a, tc.b, strict, alt)
		}
	}
}

// A line drawn in a corner direction runs along hexsides: from (0,0) to
// (4,-2) it passes the hexside between (1,-1) and (1,0), the centre of
// (2,-1), then the hexside between (3,-2) and (3,-1).
func TestLineAlongHexside(t *testing.T) {
	a, b := Coord{0, 0}, Coord{4, -2}
	want := []LineStep{
		{Hex: a, Alt: a},
		{Hex: Coord{1, -1}, Alt: Coord{1, 0}, Graze: true},
		{Hex: Coord{2, -1}, Alt: Coord{2, -1}},
		{Hex: Coord{3, -2}, Alt: Coord{3, -1}, Graze: true},
		{Hex: b, Alt: b},
	}
	if got := Trace(a, b); !reflect.DeepEqual(got, want) {
		t.Fatalf("Trace=%v want %v", got, want)
	}
	strict, alt := LineHexes(a, b)
	if !reflect.DeepEqual(strict, []Coord{a, {2, -1}, b}) {
		t.Errorf("strict=%v", strict)
	}
	if !reflect.DeepEqual(alt, [][2]Coord{{{1, -1}, {1, 0}}, {{3, -2}, {3, -1}}}) {
		t.Errorf("alternatives=%v", alt)
	}
	// Every corner direction grazes at every other step.
	for f := range 6 {
		v := Dirs[f].Add(Dirs[Mod6(f+1)]) // two steps in corner direction f
		for k := 1; k <= 4; k++ {
			tr := Trace(Coord{}, v.Scale(k))
			for i, s := range tr {
				if s.Graze != (i%2 == 1) {
					t.Fatalf("corner %d length %d: step %d graze=%v", f, k, i, s.Graze)
				}
			}
		}
	}
}

func TestBlockedGrazeRules(t *testing.T) {
	a, b := Coord{0, 0}, Coord{4, -2}
	set := func(cs ...Coord) func(Coord) bool {
		m := map[Coord]bool{}
		for _, c := range cs {
			m[c] = true
		}
		return func(c Coord) bool { return m[c] }
	}
	for _, tc := range []struct {
		name          string
		blocks        func(Coord) bool
		either, both  bool
		symmetricOnly bool
	}{
		{"nothing", set(), false, false, false},
		{"ends never block", set(a, b), false, false, false},
		{"strict hex", set(Coord{2, -1}), true, true, false},
		{"one side of a grazed hexside", set(Coord{1, -1}), true, false, false},
		{"other side", set(Coord{3, -1}), true, false, false},
		{"both sides", set(Coord{3, -2}, Coord{3, -1}), true, true, false},
		{"one side of each hexside", set(Coord{1, 0}, Coord{3, -2}), true, false, false},
		{"off the line", set(Coord{0, -1}, Coord{2, 0}), false, false, false},
	} {
		if got := Blocked(a, b, tc.blocks, GrazeEither); got != tc.either {
			t.Errorf("%s: GrazeEither blocked=%v want %v", tc.name, got, tc.either)
		}
		if got := Blocked(a, b, tc.blocks, GrazeBoth); got != tc.both {
			t.Errorf("%s: GrazeBoth blocked=%v want %v", tc.name, got, tc.both)
		}
		if Blocked(b, a, tc.blocks, GrazeEither) != tc.either || Blocked(b, a, tc.blocks, GrazeBoth) != tc.both {
			t.Errorf("%s: blocking depends on the direction of the line", tc.name)
		}
	}
	if Blocked(a, a.Neighbor(2), func(Coord) bool { return true }, GrazeEither) {
		t.Errorf("adjacent hexes always see each other")
	}
}

// Albuera 14.1: a hexside of a blocking hex also blocks, so a line grazing a
// forest hex is blocked (GrazeEither).
func TestRule14_1_HexsideOfBlockingHexBlocks(t *testing.T) {
	forest := Coord{1, 0}
	if !Blocked(Coord{0, 0}, Coord{2, -1}, func(c Coord) bool { return c == forest }, GrazeEither) {
		t.Fatal("a line along the hexside of a forest hex must be blocked")
	}
}

func TestTraceSegmentFromHexsideMidpoint(t *testing.T) {
	// From the middle of the hexside between (0,0) and (1,0) straight out
	// along corner direction 0: it first runs along that hexside, then
	// through the centre of (1,-1), then along the hexside between (1,-2)
	// and (2,-2), then through the centre of (2,-3).
	got := TraceSegment(Mid(Coord{0, 0}, Coord{1, 0}), Centre(Coord{2, -3}))
	want := []LineStep{
		{Hex: Coord{0, 0}, Alt: Coord{1, 0}, Graze: true},
		{Hex: Coord{1, -1}, Alt: Coord{1, -1}},
		{Hex: Coord{1, -2}, Alt: Coord{2, -2}, Graze: true},
		{Hex: Coord{2, -3}, Alt: Coord{2, -3}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
	back := TraceSegment(Centre(Coord{2, -3}), Mid(Coord{0, 0}, Coord{1, 0}))
	if !reflect.DeepEqual(back, reversed(got)) {
		t.Fatalf("TraceSegment is not symmetric: %v", back)
	}
	if p := TraceSegment(Centre(Coord{1, 1}), Centre(Coord{1, 1})); len(p) != 1 || p[0].Hex != (Coord{1, 1}) {
		t.Fatalf("a point traces to its own hex: %v", p)
	}
}

func BenchmarkLine(b *testing.B) {
	a, c := Coord{0, 0}, Coord{17, -9}
	for b.Loop() {
		_ = Line(a, c)
	}
}

func BenchmarkBlocked(b *testing.B) {
	a, c := Coord{0, 0}, Coord{16, -8}
	blocks := func(c Coord) bool { return c == Coord{30, 30} }
	for b.Loop() {
		_ = Blocked(a, c, blocks, GrazeBoth)
	}
}
