package scenarios

import (
	"math"
	"slices"
	"strings"
	"testing"

	"grognard/rules/zone"
)

func loadMarshalsMap(t *testing.T) *ZoneMap {
	t.Helper()
	m, err := LoadZoneMapFile("marshals/map.txt")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestMarshalsMapCounts: spec §6.1 — 89 on-map zones, 12 exits, 148
// connections (69 road, 69 route less three, 9 path, 4 ford), the extent.
func TestMarshalsMapCounts(t *testing.T) {
	m := loadMarshalsMap(t)
	g := m.Graph
	on, off := 0, 0
	for _, z := range g.Zones {
		if m.Offmap[z.ID] {
			off++
			if z.Terrain != "offmap" {
				t.Errorf("exit %s terrain %q", z.ID, z.Terrain)
			}
		} else {
			on++
			if z.Terrain != zone.TerrainClear && z.Terrain != zone.TerrainDefensive && z.Terrain != zone.TerrainTown {
				t.Errorf("zone %s terrain %q", z.ID, z.Terrain)
			}
			if z.X < 0 || z.X > m.Width || z.Y < 0 || z.Y > m.Height {
				t.Errorf("zone %s at %v,%v outside %vx%v", z.ID, z.X, z.Y, m.Width, m.Height)
			}
		}
	}
	if on != 89 || off != 12 {
		t.Errorf("%d on-map zones and %d exits, want 89 and 12", on, off)
	}
	kinds := map[zone.ConnKind]int{}
	for _, c := range g.Conns {
		kinds[c.Kind]++
	}
	if len(g.Conns) != 148 || kinds[zone.Road] != 69 || kinds[zone.Route] != 66 || kinds[zone.Path] != 9 || kinds[zone.Ford] != 4 {
		t.Errorf("connections %d by kind %v, want 148: 69 road, 66 route, 9 path, 4 ford", len(g.Conns), kinds)
	}
	if m.Width != 2400 || m.Height != 2050 || m.Authored == "" {
		t.Errorf("extent %vx%v authored %q", m.Width, m.Height, m.Authored)
	}
	// §6.1.4 bridges: 6 major, 15 minor + the authored fixes (Escorial and
	// San Fernando bridges) = 17; 4 fords.
	major, minor := 0, 0
	for _, c := range g.Conns {
		switch c.Bridge {
		case zone.Major:
			major++
		case zone.Minor:
			minor++
		}
	}
	if major != 6 || minor != 17 {
		t.Errorf("bridges: %d major %d minor", major, minor)
	}
}

// TestMarshalsMapExitsDepotsEntries: §6.1.3 and [CR2] [CR7] [S2.3].
func TestMarshalsMapExitsDepotsEntries(t *testing.T) {
	m := loadMarshalsMap(t)
	g := m.Graph
	for id := range m.Offmap {
		n := len(g.Neighbors(id))
		want := 1
		if id == "x-fuentiduena" {
			want = 2 // [CR7] the two linked Fuentidueña exits
		}
		if n != want {
			t.Errorf("exit %s has %d connections, want %d", id, n, want)
		}
	}
	entries := map[string]string{}
	for _, z := range g.Entries() {
		entries[z.Entry] = z.ID
	}
	if entries["A"] != "x-salamanca" || len(entries) != 5 || entries["E"] != "x-avila-e" {
		t.Errorf("entries %v", entries)
	}
	if z, _ := g.Zone("x-badajoz"); !z.Offmap || !z.IsOffmap() || !z.DepotOf("british") || !z.DepotOf("spanish") || z.DepotOf("french") {
		t.Errorf("Badajoz %+v", z)
	}
	for i, c := range g.Conns {
		if c.RiverName != m.RiverOf[i] {
			t.Errorf("%s: RiverName %q, file says %q", c, c.RiverName, m.RiverOf[i])
		}
	}
	if d := m.Depots["x-badajoz"]; !slices.Equal(d, []string{"spanish", "british"}) {
		t.Errorf("Badajoz depot armies %v [CR2]", d)
	}
	if d := m.Depots["ciudad-real"]; !slices.Equal(d, []string{"spanish"}) {
		t.Errorf("Ciudad Real depot armies %v [CR2]", d)
	}
	if _, ok := m.Depots["madrid"]; ok {
		t.Error("Madrid is not a French depot [CR2]")
	}
	// From every on-map zone a line to a depot of each army exists, through
	// on-map zones only (a line of communication ends at an exit, never
	// passes through one).
	for _, army := range []string{"french", "spanish", "british"} {
		isDepot := func(id string) bool { return slices.Contains(m.Depots[id], army) }
		for _, z := range g.Zones {
			if m.Offmap[z.ID] {
				continue
			}
			free := func(id string) bool { return !m.Offmap[id] || isDepot(id) }
			if _, ok := g.LineOfCommunication(z.ID, isDepot, free, -1); !ok {
				t.Errorf("%s: no line to a %s depot", z.ID, army)
			}
		}
	}
}

// bfs counts connections, fords excluded, between two zones.
func bfs(g *zone.Graph, from, to string) int {
	dist := map[string]int{from: 0}
	q := []string{from}
	for len(q) > 0 {
		z := q[0]
		q = q[1:]
		for _, e := range g.Neighbors(z) {
			if e.Conn.Kind == zone.Ford {
				continue
			}
			if _, ok := dist[e.To]; !ok {
				dist[e.To] = dist[z] + 1
				q = append(q, e.To)
			}
		}
	}
	if d, ok := dist[to]; ok {
		return d
	}
	return -1
}

// TestMarshalsMapDistances: the playability checks of spec §6.1.5, distances
// the book's set-ups imply (Talavera and Santa Olalla close, Béjar three
// stages from Plasencia).
func TestMarshalsMapDistances(t *testing.T) {
	g := loadMarshalsMap(t).Graph
	for _, c := range []struct {
		a, b string
		n    int
	}{
		{"talavera", "santa-olalla", 2}, {"plasencia", "talavera", 6}, {"madrid", "talavera", 6},
		{"madrid", "aranjuez", 3}, {"daimiel", "aranjuez", 6}, {"bejar", "plasencia", 3}, {"bargas", "talavera", 4},
	} {
		if got := bfs(g, c.a, c.b); got != c.n {
			t.Errorf("%s-%s: %d connections, want %d", c.a, c.b, got, c.n)
		}
	}
}

func segCross(p, q, r, s [2]float64) bool {
	cr := func(o, a, b [2]float64) float64 { return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0]) }
	return cr(r, s, p)*cr(r, s, q) < 0 && cr(p, q, r)*cr(p, q, s) < 0
}

// TestMarshalsMapRiversMatchCrossings: [7.7] the drawn rivers agree with the
// data the rules use: a connection marked river=NAME crosses that river's
// drawn course and no connection crosses a course it does not name; no zone
// symbol sits on a river.
func TestMarshalsMapRiversMatchCrossings(t *testing.T) {
	m := loadMarshalsMap(t)
	g := m.Graph
	pos := func(id string) [2]float64 { z, _ := g.Zone(id); return [2]float64{z.X, z.Y} }
	for i, c := range g.Conns {
		for _, r := range m.Rivers {
			hit := false
			for k := 0; k+1 < len(r.Course); k++ {
				if segCross(pos(c.A), pos(c.B), r.Course[k], r.Course[k+1]) {
					hit = true
				}
			}
			if named := m.RiverOf[i] == r.ID; hit != named {
				t.Errorf("%s: river=%q but crosses %s: %v", c, m.RiverOf[i], r.ID, hit)
			}
		}
	}
	tagus := m.Crossings("tagus")
	if len(tagus) != 12 {
		t.Errorf("Tagus crossings %d, want 12", len(tagus))
	}
	for _, r := range m.Rivers {
		for _, z := range g.Zones {
			for k := 0; k+1 < len(r.Course); k++ {
				a, b := r.Course[k], r.Course[k+1]
				dx, dy := b[0]-a[0], b[1]-a[1]
				u := math.Max(0, math.Min(1, ((z.X-a[0])*dx+(z.Y-a[1])*dy)/(dx*dx+dy*dy)))
				if d := math.Hypot(a[0]+u*dx-z.X, a[1]+u*dy-z.Y); d < 28 {
					t.Errorf("river %s passes %0.f units from %s", r.ID, d, z.ID)
				}
			}
		}
	}
}

// TestMarshalsMapZonesApart: every two zone symbols are at least 55 map units
// apart (no overlapping symbols on the painted map).
func TestMarshalsMapZonesApart(t *testing.T) {
	g := loadMarshalsMap(t).Graph
	for i, a := range g.Zones {
		for _, b := range g.Zones[i+1:] {
			if d := math.Hypot(a.X-b.X, a.Y-b.Y); d < 55 {
				t.Errorf("%s and %s are %.0f units apart", a.ID, b.ID, d)
			}
		}
	}
}

func TestZoneMapFileErrorsNameFileAndLine(t *testing.T) {
	head := "zonemap name=x width=1000 height=800\nzone a x=0.1 y=0.1\nzone b x=0.2 y=0.2\nconn a b kind=road\n"
	cases := []struct{ body, want string }{
		{"zone c x=0.5 y=0.5\n", "bad.txt:5: zone c: the map is not connected: c cannot be reached from a"},
		{"zone x name=Exit terrain=offmap offmap=yes x=0.9 y=0.9\n", "bad.txt:5: zone x: an exit with no connection"},
		{"zone x offmap=yes x=0.9 y=0.9\nzone y offmap=yes x=0.9 y=0.8\nconn x y kind=road\n", "bad.txt:7: conn: x and y are both off the map"},
		{"zone x terrain=offmap x=0.9 y=0.9\n", "bad.txt:5: zone: terrain=offmap needs offmap=yes"},
		{"zone x terrain=town offmap=yes x=0.9 y=0.9\n", "bad.txt:5: zone: an off-map zone has terrain=offmap"},
		{"zone x offmap=yes x=0.9 y=0.9\nconn x a kind=road river=tagus\n", "bad.txt:6: conn: an exit connection crosses no river"},
		{"conn a b kind=ford river=tagus\nriver ebro course=\"0.1,0.2 0.3,0.1\"\n", "bad.txt:5: conn: river=tagus: no river record declares it"},
		{"river tagus course=\"0.1,0.2\"\n", "bad.txt:5: river: a course needs at least two points"},
		{"river tagus course=\"0.1,0.2 2,3\"\n", "bad.txt:5: river: course point \"2,3\""},
		{"river tagus course=\"0.1,0.2 0.2,0.3\"\nriver tagus course=\"0.1,0.2 0.2,0.3\"\n", "bad.txt:6: river tagus declared twice"},
		{"zone c x=0.3 y=0.3 depot=french,french\nconn c a kind=road\n", "bad.txt:5: zone: depot=french,french"},
		{"zone c x=0.3 y=0.3 side=french\n", "bad.txt:5: zone: side=french without depot=yes"},
		{"conn a q kind=road\n", "bad.txt:5: conn: unknown zone \"q\""},
	}
	for _, c := range cases {
		recs, err := Parse("bad.txt", []byte(head+c.body))
		if err != nil {
			t.Fatal(err)
		}
		_, err = ParseZoneMapFile(recs)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want prefix %q", c.body, err, c.want)
		}
	}
	recs, _ := Parse("bad.txt", []byte("zonemap name=x width=1000\nzone a x=0.1 y=0.1\n"))
	if _, err := ParseZoneMapFile(recs); err == nil || !strings.Contains(err.Error(), "bad.txt:1: zonemap: give both width and height") {
		t.Errorf("width without height: %v", err)
	}
}

func TestZoneMapFileScalesAndNamesRivers(t *testing.T) {
	src := "zonemap name=x width=1000 height=800\nzone a x=0.1 y=0.5 depot=french,spanish\nzone b x=0.5 y=0.5\nzone x offmap=yes x=1 y=0.5 entry=A\n" +
		"conn a b kind=road river=tagus bridge=major\nconn a b kind=ford river=tagus\nconn b x kind=route\nriver tagus course=\"0.3,0 0.3,1\"\n"
	recs, err := Parse("ok.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseZoneMapFile(recs)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := m.Graph.Zone("a")
	x, _ := m.Graph.Zone("x")
	if a.X != 100 || a.Y != 400 || !a.Depot || a.DepotSide != "french,spanish" || x.Terrain != "offmap" || !m.Offmap["x"] || x.Entry != "A" {
		t.Errorf("a=%+v x=%+v", a, x)
	}
	if !slices.Equal(m.RiverOf, []string{"tagus", "tagus", ""}) || !slices.Equal(m.Crossings("tagus"), []int{0, 1}) {
		t.Errorf("rivers %v", m.RiverOf)
	}
	if m.Rivers[0].Course[1] != [2]float64{300, 800} {
		t.Errorf("course %v", m.Rivers[0].Course)
	}
	if ZoneMapOf(m.Graph) != m {
		t.Error("ZoneMapOf does not find the loaded map")
	}
}
