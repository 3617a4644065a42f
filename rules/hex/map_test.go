package hex

import (
	"reflect"
	"testing"
)

func TestEdgeCanonicalisation(t *testing.T) {
	seen := map[Edge][2]Coord{}
	for _, c := range around(4) {
		for d := range 6 {
			n := c.Neighbor(d)
			e := EdgeOf(c, d)
			if e.Dir < 0 || e.Dir > 2 {
				t.Fatalf("EdgeOf(%v,%d)=%+v: Dir out of 0-2", c, d, e)
			}
			if back := EdgeOf(n, d+3); back != e {
				t.Fatalf("EdgeOf(%v,%d)=%+v but from the other side %+v", c, d, e, back)
			}
			if EdgeOf(c, d+6) != e || EdgeOf(c, d-6) != e {
				t.Fatalf("EdgeOf does not take d modulo 6")
			}
			if b, ok := EdgeBetween(n, c); !ok || b != e {
				t.Fatalf("EdgeBetween(%v,%v)=%+v", n, c, b)
			}
			if e.C.Neighbor(e.Dir) != c && e.C.Neighbor(e.Dir) != n {
				t.Fatalf("edge %+v does not join %v and %v", e, c, n)
			}
			// Distinct hexsides get distinct edges.
			pair := [2]Coord{c, n}
			if Less(n, c) {
				pair = [2]Coord{n, c}
			}
			if old, ok := seen[e]; ok && old != pair {
				t.Fatalf("edge %+v names both %v and %v", e, old, pair)
			}
			seen[e] = pair
		}
	}
	// Known cases.
	for _, tc := range []struct {
		c    Coord
		d    int
		want Edge
	}{
		{Coord{0, 0}, 0, Edge{Coord{0, 0}, 0}},
		{Coord{0, 0}, 2, Edge{Coord{0, 0}, 2}},
		{Coord{0, 0}, 3, Edge{Coord{0, 1}, 0}},
		{Coord{0, 0}, 4, Edge{Coord{-1, 1}, 1}},
		{Coord{0, 0}, 5, Edge{Coord{-1, 0}, 2}},
	} {
		if got := EdgeOf(tc.c, tc.d); got != tc.want {
			t.Errorf("EdgeOf(%v,%d)=%+v want %+v", tc.c, tc.d, got, tc.want)
		}
	}
	if _, ok := EdgeBetween(Coord{0, 0}, Coord{2, 0}); ok {
		t.Errorf("EdgeBetween of non-adjacent hexes")
	}
}

func TestMapSidesAndFeatures(t *testing.T) {
	m := rectMap(4, 4)
	a, _ := m.ParseOn("0101")
	b, _ := m.ParseOn("0102")
	if err := m.AddSide(a, b, River); err != nil {
		t.Fatal(err)
	}
	if err := m.AddSide(b, a, River); err != nil {
		t.Fatal(err)
	}
	if err := m.AddSide(b, a, Bridge); err != nil {
		t.Fatal(err)
	}
	if !m.SideHas(a, b, River) || !m.SideHas(b, a, Bridge) || m.SideHas(a, b, Road) {
		t.Fatalf("side features: %v", m.SideFeatures(a, b))
	}
	if got := m.SideFeatures(b, a); !reflect.DeepEqual(got, []string{River, Bridge}) {
		t.Fatalf("a feature added twice is kept once: %v", got)
	}
	c, _ := m.ParseOn("0303")
	if err := m.AddSide(a, c, River); err == nil || err.Error() != "hexes 0101 and 0303 are not adjacent" {
		t.Fatalf("non-adjacent side: %v", err)
	}
	if m.SideHas(a, c, River) || m.SideFeatures(a, c) != nil {
		t.Fatalf("features between non-adjacent hexes")
	}
	m.Cell(c).Feature = []string{Road}
	if !m.HasFeature(c, Road) || m.HasFeature(a, Road) || m.HasFeature(Coord{99, 99}, Road) {
		t.Fatalf("HasFeature")
	}
	if _, err := m.ParseOn("0505"); err == nil {
		t.Fatalf("0505 is off a 4x4 map")
	}
	if _, err := m.ParseOn("05x5"); err == nil {
		t.Fatalf("bad number accepted")
	}
	// Coords: column then row, and a new cell resets the cached order.
	var nums []string
	for _, c := range m.Coords() {
		nums = append(nums, m.Num(c))
	}
	if len(nums) != 16 || nums[0] != "0101" || nums[1] != "0102" || nums[4] != "0201" || nums[15] != "0404" {
		t.Fatalf("order %v", nums)
	}
	m.Set(m.Layout.FromOffset(0, 2), &Cell{Terrain: "clear"})
	if got := m.Num(m.Coords()[0]); got != "0002" || len(m.Coords()) != 17 {
		t.Fatalf("order not refreshed: first %s", got)
	}
}
