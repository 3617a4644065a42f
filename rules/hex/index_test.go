package hex

import "testing"

// TestIndexAgreesWithTheMap: every hex's index, number and neighbours, and
// every hexside's feature flag, as the map answers them; off the map -1.
func TestIndexAgreesWithTheMap(t *testing.T) {
	for _, l := range layouts {
		m := NewMap("test", l)
		for col := 1; col <= 5; col++ {
			for row := 1; row <= 4; row++ {
				m.Set(l.FromOffset(col, row), &Cell{Terrain: "clear"})
			}
		}
		a, errA := m.ParseOn("0202")
		b, errB := m.ParseOn("0203")
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if err := m.AddSide(a, b, Road); err != nil {
			t.Fatal(err)
		}
		x := NewIndex(m)
		if x.Len() != len(m.Cells) {
			t.Fatalf("%d hexes indexed of %d", x.Len(), len(m.Cells))
		}
		road := x.SideFlags(m, Road)
		roads := 0
		for i, c := range m.Coords() {
			if x.Idx(c) != i || x.Coords[i] != c || x.Num[i] != m.Num(c) {
				t.Fatalf("%v: index %d, coord %v, number %q", c, x.Idx(c), x.Coords[i], x.Num[i])
			}
			for d, n := range c.Neighbors() {
				want := -1
				if m.On(n) {
					want = x.Idx(n)
					if x.Coords[want] != n {
						t.Fatalf("%v: neighbour %d at index %d is %v", c, d, want, x.Coords[want])
					}
				}
				if int(x.Nb[i][d]) != want {
					t.Fatalf("%v: neighbour %d index %d, want %d", c, d, x.Nb[i][d], want)
				}
				if road[i][d] != m.SideHas(c, n, Road) {
					t.Fatalf("%v: road flag %d wrong", c, d)
				}
				if road[i][d] {
					roads++
				}
			}
			for _, off := range []Coord{{Q: c.Q + 40, R: c.R}, {Q: c.Q, R: c.R - 40}} {
				if x.Idx(off) != -1 {
					t.Fatalf("%v off the map has index %d", off, x.Idx(off))
				}
			}
		}
		if roads != 2 {
			t.Fatalf("road seen from %d sides, want 2", roads)
		}
	}
}
