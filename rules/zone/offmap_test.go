package zone

import "testing"

// TestSpec1_4_DepotsOffmapRiverNames: the spec §1.4 extensions — depots shared
// by several armies [CR2], off-map exit zones [5.3.5], named rivers [S1.2] and
// connection identity for two connections between the same zones.
func TestSpec1_4_DepotsOffmapRiverNames(t *testing.T) {
	zs := []Zone{
		{ID: "badajoz", Terrain: TerrainOffmap, Depots: []string{"spanish", "british"}},
		{ID: "trujillo", Terrain: TerrainTown},
		{ID: "almaraz", Terrain: TerrainClear, Depot: true, DepotSide: "french, spanish"},
		{ID: "coria", Offmap: true},
	}
	cs := []Connection{
		{A: "badajoz", B: "trujillo", Kind: Road},
		{A: "trujillo", B: "almaraz", Kind: Road, River: true, RiverName: "tagus", Bridge: Major},
		{A: "trujillo", B: "almaraz", Kind: Ford, River: true, RiverName: "tagus"},
		{A: "coria", B: "almaraz", Kind: Route},
	}
	g, err := New(zs, cs)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := g.Zone("badajoz")
	if !b.DepotOf("spanish") || !b.DepotOf("british") || b.DepotOf("french") || !b.IsOffmap() {
		t.Errorf("badajoz: %+v", b)
	}
	a, _ := g.Zone("almaraz")
	if !a.DepotOf("spanish") || !a.DepotOf("french") || a.DepotOf("british") || a.IsOffmap() {
		t.Errorf("almaraz DepotSide list: %+v", a)
	}
	if c, _ := g.Zone("coria"); !c.IsOffmap() || c.DepotOf("british") {
		t.Errorf("coria: %+v", c)
	}
	if i := g.ConnIndex("almaraz", "trujillo", Ford); i != 2 || g.Conns[i].RiverName != "tagus" {
		t.Errorf("ford index %d", i)
	}
	if i := g.ConnIndex("almaraz", "trujillo", Path); i != -1 {
		t.Errorf("no path: got %d", i)
	}
}
