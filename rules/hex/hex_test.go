package hex

import (
	"fmt"
	"math"
	"testing"
)

var layouts = []Layout{{Flat: true, ShoveOdd: true}, {Flat: true}, {ShoveOdd: true}, {}}

// around returns every hex within r of the origin.
func around(r int) []Coord {
	var out []Coord
	for q := -r; q <= r; q++ {
		for rr := -r; rr <= r; rr++ {
			c := Coord{q, rr}
			if Distance(Coord{}, c) <= r {
				out = append(out, c)
			}
		}
	}
	return out
}

func TestNeighborsAtDistanceOne(t *testing.T) {
	for _, c := range around(6) {
		seen := map[Coord]bool{}
		for d, n := range c.Neighbors() {
			if Distance(c, n) != 1 {
				t.Fatalf("neighbour %d of %v at distance %d", d, c, Distance(c, n))
			}
			if c.DirTo(n) != d || n.DirTo(c) != Mod6(d+3) {
				t.Fatalf("DirTo(%v,%v)=%d want %d", c, n, c.DirTo(n), d)
			}
			if c.Neighbor(d+6) != n || c.Neighbor(d-6) != n {
				t.Fatalf("Neighbor does not take d modulo 6")
			}
			seen[n] = true
		}
		if len(seen) != 6 {
			t.Fatalf("%v has %d distinct neighbours", c, len(seen))
		}
		if c.DirTo(c) != -1 || c.DirTo(c.Add(Coord{2, 0})) != -1 {
			t.Fatalf("DirTo of a non-neighbour must be -1")
		}
	}
}

func TestKnownDistances(t *testing.T) {
	for _, tc := range []struct {
		a, b Coord
		want int
	}{
		{Coord{0, 0}, Coord{0, 0}, 0},
		{Coord{0, 0}, Coord{3, 0}, 3},
		{Coord{0, 0}, Coord{3, -3}, 3},
		{Coord{0, 0}, Coord{2, 1}, 3},
		{Coord{0, 0}, Coord{-2, -1}, 3},
		{Coord{1, -2}, Coord{-3, 4}, 6},
		{Coord{5, 5}, Coord{-5, -5}, 20},
		{Coord{0, 0}, Coord{4, -2}, 4},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%v,%v)=%d want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance not symmetric for %v,%v", tc.a, tc.b)
		}
	}
	// Printed numbers: on the Almansa-style layout (flat, odd columns
	// shoved down) 0101 to 0105 is 4, 0101 to 0501 is 4, 0101 to 0402 is 3.
	l := Layout{Flat: true, ShoveOdd: true}
	for _, tc := range []struct {
		a, b string
		want int
	}{{"0101", "0105", 4}, {"0101", "0501", 4}, {"0101", "0402", 3}, {"0101", "0201", 1}, {"0101", "0202", 1}, {"0201", "0101", 1}, {"0201", "0102", 2}} {
		a, _ := l.Parse(tc.a)
		b, _ := l.Parse(tc.b)
		if got := Distance(a, b); got != tc.want {
			t.Errorf("Distance(%s,%s)=%d want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestPrintedNeighboursFlatOdd(t *testing.T) {
	// Odd columns are shoved half a hex down: 0101's north-east neighbour
	// is 0201 and its south-east neighbour 0202; 0201's are 0300 and 0301.
	l := Layout{Flat: true, ShoveOdd: true}
	c := l.FromOffset(1, 1)
	want := map[int]string{0: "0100", 1: "0201", 2: "0202", 3: "0102", 4: "0002", 5: "0001"}
	for d, n := range want {
		if got := l.Number(c.Neighbor(d)); got != n {
			t.Errorf("0101 direction %d: %s want %s", d, got, n)
		}
	}
	c = l.FromOffset(2, 1)
	want = map[int]string{0: "0200", 1: "0300", 2: "0301", 3: "0202", 4: "0101", 5: "0100"}
	for d, n := range want {
		if got := l.Number(c.Neighbor(d)); got != n {
			t.Errorf("0201 direction %d: %s want %s", d, got, n)
		}
	}
}

func TestSixRotationsAreIdentity(t *testing.T) {
	for _, c := range around(5) {
		if got := RotateCoord(c, 6); got != c {
			t.Fatalf("RotateCoord(%v,6)=%v", c, got)
		}
		x := c
		for range 6 {
			x = RotateCoord(x, 1)
			if Distance(Coord{}, x) != Distance(Coord{}, c) {
				t.Fatalf("rotation changed distance")
			}
		}
		if x != c {
			t.Fatalf("six single rotations of %v give %v", c, x)
		}
		if RotateCoord(RotateCoord(c, 1), -1) != c {
			t.Fatalf("rotate and back of %v", c)
		}
	}
	for d := range 6 {
		if RotateCoord(Dirs[d], 1) != Dirs[Mod6(d+1)] {
			t.Errorf("a clockwise rotation must take direction %d to %d", d, d+1)
		}
	}
	for f := range 6 {
		if Rotate(f, 6) != f || Rotate(f, -6) != f || Rotate(Rotate(f, 2), -2) != f {
			t.Errorf("Rotate is not modular at %d", f)
		}
		for g := range 6 {
			steps := TurnSteps(f, g)
			if steps < 0 || steps > 3 || (Rotate(f, steps) != g && Rotate(f, -steps) != g) {
				t.Errorf("TurnSteps(%d,%d)=%d", f, g, steps)
			}
		}
	}
}

func TestFacingArcsCoverNeighboursOnce(t *testing.T) {
	c := Coord{2, -1}
	for f := -6; f < 12; f++ {
		count := map[Coord]int{}
		arcs := map[Arc]int{}
		for _, set := range [][2]Coord{FrontHexes(c, f), FlankHexes(c, f), RearHexes(c, f)} {
			for _, h := range set {
				count[h]++
			}
		}
		for _, n := range c.Neighbors() {
			if count[n] != 1 {
				t.Fatalf("facing %d: neighbour %v counted %d times", f, n, count[n])
			}
			a, ok := ArcOf(c, f, n)
			if !ok {
				t.Fatalf("ArcOf a neighbour not ok")
			}
			arcs[a]++
		}
		if arcs[Front] != 2 || arcs[Flank] != 2 || arcs[Rear] != 2 {
			t.Fatalf("facing %d: arcs %v", f, arcs)
		}
		for _, h := range FrontHexes(c, f) {
			if a, _ := ArcOf(c, f, h); a != Front {
				t.Fatalf("front hex classed %v", a)
			}
		}
		for _, h := range RearHexes(c, f) {
			if a, _ := ArcOf(c, f, h); a != Rear {
				t.Fatalf("rear hex classed %v", a)
			}
		}
		if _, ok := ArcOf(c, f, c.Add(Coord{2, 0})); ok {
			t.Fatalf("ArcOf of a far hex must not be ok")
		}
	}
}

func TestCornerLiesBetweenItsDirections(t *testing.T) {
	for _, l := range layouts {
		for i := range 6 {
			x, y := l.Corner(i, 1)
			a := math.Atan2(y, x)
			want := l.DirAngle(i) + math.Pi/6 // half way to direction i+1
			if d := math.Remainder(l.DirAngle(i+1)-l.DirAngle(i), 2*math.Pi); math.Abs(d-math.Pi/3) > 1e-9 {
				t.Errorf("direction %d is not 60 degrees clockwise of %d", i+1, i)
			}
			if d := math.Remainder(a-want, 2*math.Pi); math.Abs(d) > 1e-9 {
				t.Errorf("layout %+v corner %d at %.3f want %.3f", l, i, a, want)
			}
			// The direction vector drawn with Center points the same way.
			cx, cy := l.Center(Dirs[i], 1)
			if d := math.Remainder(math.Atan2(cy, cx)-l.DirAngle(i), 2*math.Pi); math.Abs(d) > 1e-9 {
				t.Errorf("layout %+v direction %d drawn at %.3f want %.3f", l, i, math.Atan2(cy, cx), l.DirAngle(i))
			}
		}
	}
}

func TestFromPixelInvertsCenter(t *testing.T) {
	for _, l := range layouts {
		for _, c := range around(12) {
			x, y := l.Center(c, 37)
			if got := l.FromPixel(x, y, 37); got != c {
				t.Fatalf("layout %+v: FromPixel(Center(%v))=%v", l, c, got)
			}
			// Points well inside the hex (less than the inner radius away).
			for k := range 12 {
				a := float64(k) * math.Pi / 6
				px, py := x+0.8*37*math.Sqrt(3)/2*math.Cos(a), y+0.8*37*math.Sqrt(3)/2*math.Sin(a)
				if got := l.FromPixel(px, py, 37); got != c {
					t.Fatalf("layout %+v: point near %v went to %v", l, c, got)
				}
			}
		}
	}
}

func TestOffsetRoundTripAllLayouts(t *testing.T) {
	for _, l := range layouts {
		seen := map[Coord]bool{}
		for col := -2; col < 40; col++ {
			for row := -2; row < 40; row++ {
				c := l.FromOffset(col, row)
				if seen[c] {
					t.Fatalf("layout %+v: two offsets give %v", l, c)
				}
				seen[c] = true
				if cc, rr := l.ToOffset(c); cc != col || rr != row {
					t.Fatalf("layout %+v: (%d,%d) -> %v -> (%d,%d)", l, col, row, c, cc, rr)
				}
				// Vertical neighbours in a column (flat) or horizontal ones
				// in a row (pointy) are adjacent.
				var n Coord
				if l.Flat {
					n = l.FromOffset(col, row+1)
				} else {
					n = l.FromOffset(col+1, row)
				}
				if Distance(c, n) != 1 {
					t.Fatalf("layout %+v: (%d,%d) and its next are not adjacent", l, col, row)
				}
			}
		}
	}
}

func TestParseNumberRoundTrip(t *testing.T) {
	for _, l := range layouts {
		for col := range 100 {
			for row := range 100 {
				s := fmt.Sprintf("%02d%02d", col, row)
				c, err := l.Parse(s)
				if err != nil {
					t.Fatalf("Parse(%s): %v", s, err)
				}
				if got := l.Number(c); got != s {
					t.Fatalf("layout %+v: Number(Parse(%s))=%s", l, s, got)
				}
			}
		}
	}
	l := Layout{Flat: true, ShoveOdd: true}
	for _, bad := range []string{"", "12", "12345", "ab12", "+102", "-101", "01-1", "1 02", "0x01"} {
		if _, err := l.Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}
