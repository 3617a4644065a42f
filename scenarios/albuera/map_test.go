package albuera_test

import (
	"testing"

	"grognard/rules/hex"
	"grognard/scenarios"
)

const mapFile = "albuera/albuera-1811/map.txt"

func loadMap(t *testing.T) *hex.Map {
	t.Helper()
	m, err := scenarios.LoadHexMap(mapFile)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func at(t *testing.T, m *hex.Map, s string) hex.Coord {
	t.Helper()
	c, err := m.ParseOn(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestMap_ExtentAndReturnHexes [15.11.4]: the board is 40 columns by 29 rows
// numbered XXYY, and the book's return hexes lie on the edges they imply.
func TestMap_ExtentAndReturnHexes(t *testing.T) {
	m := loadMap(t)
	if n := len(m.Coords()); n != 40*29 {
		t.Fatalf("%d hexes, want 1160", n)
	}
	onEdge := func(edge, h string) {
		t.Helper()
		c := at(t, m, h)
		for _, e := range m.Edges[edge] {
			if e == c {
				if tr := m.Cell(c).Terrain; tr != "clear" {
					t.Errorf("return hex %s is %s, want clear", h, tr)
				}
				return
			}
		}
		t.Errorf("return hex %s is not on the %s edge", h, edge)
	}
	onEdge("east", "4022")
	onEdge("east", "4029")
	onEdge("south", "3029")
	onEdge("south", "2229")
	onEdge("west", "0108")
	onEdge("north", "0701")
}

// TestMap_HistoricalFeatures: the village, the bridge over the Albuera, the
// olive groves, the wood and the heights the set-up and the rules rely on.
func TestMap_HistoricalFeatures(t *testing.T) {
	m := loadMap(t)
	for _, h := range []string{"1307", "1407", "1408"} {
		if tr := m.Cell(at(t, m, h)).Terrain; tr != "village" {
			t.Errorf("%s is %s, want village", h, tr)
		}
	}
	if m.Cell(at(t, m, "1407")).Name != "La Albuera" {
		t.Errorf("1407 is not named La Albuera")
	}
	if !m.SideHas(at(t, m, "1508"), at(t, m, "1608"), hex.Bridge) || !m.SideHas(at(t, m, "1508"), at(t, m, "1608"), hex.River) {
		t.Errorf("no bridge over the river at 1508|1608")
	}
	if !m.SideHas(at(t, m, "1619"), at(t, m, "1719"), hex.Ford) {
		t.Errorf("no ford of the Chicapierna at 1619|1719")
	}
	// The crest hides the reverse slope: the crest is higher than the ridge
	// behind it and than the rise east of the river.
	if m.Cell(at(t, m, "1109")).Level != 2 || m.Cell(at(t, m, "0909")).Level != 1 || m.Cell(at(t, m, "1905")).Level != 1 {
		t.Errorf("crest levels wrong")
	}
	// The southern heights rise toward the south.
	if m.Cell(at(t, m, "1017")).Level != 3 || m.Cell(at(t, m, "1120")).Level != 3 {
		t.Errorf("the two southern high points are not the highest ground")
	}
	counts := map[string]int{}
	for _, c := range m.Coords() {
		counts[m.Cell(c).Terrain]++
	}
	if counts["forest"] < 250 || counts["olive"] != 13 || counts["village"] != 3 {
		t.Errorf("terrain counts %v", counts)
	}
	// Every river hexside is a river (no stray bridge, ford or slope).
	for _, c := range m.Coords() {
		for d := range 6 {
			n := c.Neighbor(d)
			if !m.On(n) {
				continue
			}
			for _, f := range m.SideFeatures(c, n) {
				if f != hex.River && f != hex.Road && !m.SideHas(c, n, hex.River) {
					t.Errorf("%s|%s: %s without a river", m.Layout.Number(c), m.Layout.Number(n), f)
				}
				if f == hex.Slope && (m.SideHas(c, n, hex.Bridge) || m.SideHas(c, n, hex.Ford)) {
					t.Errorf("%s|%s: slope on a crossing", m.Layout.Number(c), m.Layout.Number(n))
				}
			}
		}
	}
}
