package hex

import (
	"reflect"
	"slices"
	"testing"
)

func TestRingAndWithin(t *testing.T) {
	c := Coord{3, -2}
	if got := Ring(c, 0); !reflect.DeepEqual(got, []Coord{c}) {
		t.Fatalf("Ring r=0: %v", got)
	}
	if Ring(c, -1) != nil || Within(c, -1) != nil {
		t.Fatalf("negative radius must give nothing")
	}
	for r := 1; r <= 7; r++ {
		ring := Ring(c, r)
		if len(ring) != 6*r {
			t.Fatalf("Ring r=%d has %d hexes", r, len(ring))
		}
		seen := map[Coord]bool{}
		for i, h := range ring {
			if Distance(c, h) != r {
				t.Fatalf("Ring r=%d: %v at distance %d", r, h, Distance(c, h))
			}
			if seen[h] {
				t.Fatalf("Ring r=%d repeats %v", r, h)
			}
			seen[h] = true
			// Consecutive ring hexes are adjacent, round the ring.
			if Distance(h, ring[(i+1)%len(ring)]) != 1 {
				t.Fatalf("Ring r=%d is not a closed chain at %d", r, i)
			}
		}
		if ring[0] != c.Add(Dirs[0].Scale(r)) {
			t.Fatalf("Ring must start in direction 0")
		}
	}
	for r := 0; r <= 6; r++ {
		w := Within(c, r)
		if len(w) != 1+3*r*(r+1) {
			t.Fatalf("Within r=%d has %d hexes", r, len(w))
		}
		want := map[Coord]bool{}
		for _, d := range around(r) {
			want[c.Add(d)] = true
		}
		got := map[Coord]bool{}
		for i, h := range w {
			got[h] = true
			if i > 0 && Distance(c, w[i-1]) > Distance(c, h) {
				t.Fatalf("Within is not nearest first")
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Within r=%d covers the wrong hexes", r)
		}
		if !reflect.DeepEqual(w, Within(c, r)) {
			t.Fatalf("Within order changes between calls")
		}
	}
}

func TestInArcShape(t *testing.T) {
	c := Coord{1, 4}
	for f := range 6 {
		// Range 1: exactly the two front hexes.
		var one []Coord
		for _, n := range c.Neighbors() {
			if InArc(c, f, n) {
				one = append(one, n)
			}
		}
		fh := FrontHexes(c, f)
		if len(one) != 2 || !slices.Contains(one, fh[0]) || !slices.Contains(one, fh[1]) {
			t.Fatalf("facing %d: arc at range 1 is %v, want the front hexes %v", f, one, fh)
		}
		for r := 1; r <= 6; r++ {
			n := 0
			for _, h := range Ring(c, r) {
				if InArc(c, f, h) {
					n++
					// Rotating the target with the facing keeps it in arc.
					rot := c.Add(RotateCoord(h.Sub(c), 1))
					if !InArc(c, f+1, rot) {
						t.Fatalf("arc not rotation invariant")
					}
					// Straight on through a front hex: the first step of
					// some shortest path is a front hex.
					if !InArc(c, f, Line(c, h)[1]) && Distance(c, h) > 1 {
						t.Fatalf("facing %d: %v in arc but its line leaves through %v", f, h, Line(c, h)[1])
					}
				}
			}
			if n != r+1 {
				t.Fatalf("facing %d range %d: %d hexes in arc, want %d", f, r, n, r+1)
			}
		}
		if InArc(c, f, c) {
			t.Fatalf("own hex in arc")
		}
	}
}

// Almansa 12: artillery fires at 1 to 3 hexes, only in the direction of its
// two front hexes: 2 + 3 + 4 target hexes.
func TestRule12_ArtilleryArcAtOneToThreeHexes(t *testing.T) {
	c := Coord{0, 0}
	targets := ArcHexes(c, 0, 1, 3)
	if len(targets) != 9 {
		t.Fatalf("%d targets: %v", len(targets), targets)
	}
	want := []Coord{{0, -1}, {1, -1}, {0, -2}, {1, -2}, {2, -2}, {0, -3}, {1, -3}, {2, -3}, {3, -3}}
	for _, w := range want {
		if !slices.Contains(targets, w) {
			t.Errorf("missing %v", w)
		}
	}
	// A hex straight out of the flank (direction 5 or 2) is never in arc,
	// nor is the hex between a front and a flank direction.
	for _, h := range []Coord{{-1, 0}, {-2, 0}, {1, 0}, {2, 0}, {-1, -1}, {2, -1}} {
		if InArc(c, 0, h) {
			t.Errorf("%v is not in the front arc of facing 0", h)
		}
	}
	if !InRange(c, Coord{3, -3}, 1, 3) || InRange(c, Coord{4, -4}, 1, 3) || InRange(c, c, 1, 3) {
		t.Errorf("InRange")
	}
}
