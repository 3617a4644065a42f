package scenarios

import (
	"reflect"
	"strings"
	"testing"

	"grognard/rules/hex"
)

func TestLoadHexMapFixture(t *testing.T) {
	m, err := LoadHexMap("testdata/map.txt")
	if err != nil {
		t.Fatal(err)
	}
	if m.Name != "Fixture" || m.Layout != (hex.Layout{Flat: true, ShoveOdd: true}) {
		t.Fatalf("map %q layout %+v", m.Name, m.Layout)
	}
	// 6 x 5 hexes less the one declared off.
	if len(m.Cells) != 29 || len(m.Coords()) != 29 {
		t.Fatalf("%d cells", len(m.Cells))
	}
	at := func(s string) hex.Coord {
		t.Helper()
		c, err := m.Layout.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	if m.On(at("0605")) || m.Cell(at("0605")) != nil {
		t.Fatalf("0605 is declared off the map")
	}
	if !m.On(at("0604")) || !m.On(at("0105")) || m.On(at("0701")) || m.On(at("0106")) {
		t.Fatalf("map bounds wrong")
	}
	for _, tc := range []struct{ hex, terrain string }{{"0202", "woods"}, {"0203", "woods"}, {"0404", "hill"}, {"0101", "clear"}, {"0204", "clear"}} {
		if got := m.Cell(at(tc.hex)).Terrain; got != tc.terrain {
			t.Errorf("%s terrain %s want %s", tc.hex, got, tc.terrain)
		}
	}
	hill := m.Cell(at("0404"))
	if hill.Level != 2 || hill.Name != "Cerro" || hill.Label != "A" {
		t.Fatalf("0404: %+v", hill)
	}
	if m.Cell(at("0101")).Level != 0 {
		t.Fatalf("default level is 0")
	}
	if !reflect.DeepEqual(m.Terrains, map[string]string{"clear": "Clear", "woods": "Woods", "hill": "Hill"}) {
		t.Fatalf("terrains %v", m.Terrains)
	}
	// Sides, either way round.
	if !m.SideHas(at("0102"), at("0101"), hex.River) || m.SideHas(at("0101"), at("0102"), hex.Bridge) {
		t.Fatalf("0101-0102: %v", m.SideFeatures(at("0101"), at("0102")))
	}
	if got := m.SideFeatures(at("0302"), at("0301")); !reflect.DeepEqual(got, []string{hex.River, hex.Bridge}) {
		t.Fatalf("0301-0302: %v", got)
	}
	// The road path puts road on each hexside along the chain, and nowhere else.
	if !m.SideHas(at("0101"), at("0201"), hex.Road) || !m.SideHas(at("0301"), at("0201"), hex.Road) {
		t.Fatalf("road path missing")
	}
	if m.SideHas(at("0201"), at("0202"), hex.Road) {
		t.Fatalf("road off its path")
	}
	roads := 0
	for _, fs := range m.Sides {
		for _, f := range fs {
			if f == hex.Road {
				roads++
			}
		}
	}
	if roads != 2 || len(m.Sides) != 4 {
		t.Fatalf("%d road hexsides, %d hexsides with features", roads, len(m.Sides))
	}
	// edge west col=1: the five hexes of column 1, in map order.
	var west []string
	for _, c := range m.Edges["west"] {
		west = append(west, m.Num(c))
	}
	if !reflect.DeepEqual(west, []string{"0101", "0102", "0103", "0104", "0105"}) {
		t.Fatalf("west edge %v", west)
	}
	// In-hex features, sections, names.
	for _, h := range []string{"0505", "0504"} {
		c := m.Cell(at(h))
		if !reflect.DeepEqual(c.Feature, []string{"road", "castle"}) || !reflect.DeepEqual(c.Section, []string{"centre"}) || c.Name != "Las Casas" {
			t.Fatalf("%s: %+v", h, c)
		}
		if !m.HasFeature(at(h), "castle") {
			t.Fatalf("HasFeature %s", h)
		}
	}
	for _, c := range m.Coords() {
		col, _ := m.Layout.ToOffset(c)
		inLeft := false
		for _, s := range m.Cell(c).Section {
			inLeft = inLeft || s == "left"
		}
		if inLeft != (col <= 2) {
			t.Fatalf("%s section %v", m.Num(c), m.Cell(c).Section)
		}
	}
}

// mapErr parses src as a map file named bad.txt and returns the error.
func mapErr(t *testing.T, src string) error {
	t.Helper()
	recs, err := Parse("bad.txt", []byte(src))
	if err != nil {
		return err
	}
	_, err = ParseHexMap(recs)
	return err
}

const head = "map name=Bad layout=flat shove=odd cols=1-4 rows=1-4 default=clear\nterrain clear\n"

func wantErr(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %q", want)
	}
	if err.Error() != want {
		t.Fatalf("error %q\nwant  %q", err, want)
	}
}

func TestHexMapUnknownTerrain(t *testing.T) {
	wantErr(t, mapErr(t, head+"# woods not declared\nhexes 0101 0102 terrain=woods\n"),
		`bad.txt:4: unknown terrain "woods" (declare it with a 'terrain' record)`)
}

func TestHexMapHexOffTheMap(t *testing.T) {
	wantErr(t, mapErr(t, head+"hex 0505 terrain=clear\n"), "bad.txt:3: hex 0505 is not on the map")
	wantErr(t, mapErr(t, head+"off 0404\nside 0404 0403 river\n"), "bad.txt:4: hex 0404 is not on the map")
	wantErr(t, mapErr(t, head+"hex 01x1\n"), `bad.txt:3: hex number "01x1": want four digits, column then row`)
}

func TestHexMapNonAdjacentSide(t *testing.T) {
	wantErr(t, mapErr(t, head+"\n\nside 0101 0103 river\n"), "bad.txt:5: hexes 0101 and 0103 are not adjacent")
	wantErr(t, mapErr(t, head+"path 0101 0102 0104 feature=road\n"), "bad.txt:3: hexes 0102 and 0104 are not adjacent")
}

func TestHexMapUnknownFeature(t *testing.T) {
	wantErr(t, mapErr(t, head+"side 0101 0102 river,lava\n"), `bad.txt:3: unknown hexside feature "lava"`)
}

func TestHexMapUnknownRecord(t *testing.T) {
	wantErr(t, mapErr(t, head+"hex 0101 terrain=clear\nunit a1 side=x\n"), `bad.txt:4: unknown record "unit" in a map file`)
}

func TestHexMapBadLayout(t *testing.T) {
	wantErr(t, mapErr(t, "map layout=square cols=1-4 rows=1-4\nterrain clear\n"), "bad.txt:1: layout=square: want flat or pointy")
	wantErr(t, mapErr(t, "# header\nmap shove=left cols=1-4 rows=1-4\nterrain clear\n"), "bad.txt:2: shove=left: want odd or even")
	wantErr(t, mapErr(t, "map cols=4-1 rows=1-4\nterrain clear\n"), "bad.txt:1: cols=4-1: want a range like 1-30")
	wantErr(t, mapErr(t, "map cols=1-4\nterrain clear\n"), "bad.txt:1: map: missing field rows=")
}

func TestHexMapOtherErrors(t *testing.T) {
	wantErr(t, mapErr(t, "terrain clear\nmap cols=1-2 rows=1-2\n"), "bad.txt:1: the first record of a map file must be 'map'")
	wantErr(t, mapErr(t, "map cols=1-2 rows=1-2 default=grass\nterrain clear\n"), `bad.txt:1: default terrain "grass" is not declared by a 'terrain' record`)
	wantErr(t, mapErr(t, "map cols=1-2 rows=1-2 colour=red\nterrain clear\n"), "bad.txt:1: map: unknown field colour=")
	wantErr(t, mapErr(t, head+"hex 0101 terain=clear\n"), "bad.txt:3: hex: unknown field terain=")
	wantErr(t, mapErr(t, head+"hex 0101 0102 terrain=clear\n"), "bad.txt:3: hex: one hex number per 'hex' record (use 'hexes' for several)")
	wantErr(t, mapErr(t, head+"hex 0101 level=high\n"), `bad.txt:3: hex: field level="high" is not a whole number`)
	wantErr(t, mapErr(t, head+"side 0101 0102\n"), "bad.txt:3: side: want two adjacent hex numbers and features (side 0101 0102 river,bridge)")
	wantErr(t, mapErr(t, head+"path 0101 feature=road\n"), "bad.txt:3: path: want at least two hexes")
	wantErr(t, mapErr(t, head+"edge west\n"), "bad.txt:3: edge west names no hex")
	wantErr(t, mapErr(t, head+"section left\n"), "bad.txt:3: section: missing field cols=")
	wantErr(t, mapErr(t, ""), "map: empty map file")
	// A map file that fails to load names the embedded path.
	_, err := LoadHexMap("testdata/nothing.txt")
	wantErr(t, err, "testdata/nothing.txt: missing data file")
}

// A good pointy, even-shoved map loads with its own numbering.
func TestHexMapPointyEven(t *testing.T) {
	recs, err := Parse("p.txt", []byte("map name=P layout=pointy shove=even cols=0-3 rows=0-2\nterrain clear\nterrain sea name=\"Open sea\"\nhexes 0000 0302 terrain=sea\nedge north row=0\n"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseHexMap(recs)
	if err != nil {
		t.Fatal(err)
	}
	if m.Layout.Flat || m.Layout.ShoveOdd || len(m.Cells) != 12 {
		t.Fatalf("layout %+v cells %d", m.Layout, len(m.Cells))
	}
	c, _ := m.ParseOn("0302")
	if m.Cell(c).Terrain != "sea" || m.Terrains["sea"] != "Open sea" || len(m.Edges["north"]) != 4 {
		t.Fatalf("pointy map: %+v %v", m.Cell(c), m.Edges)
	}
	for _, e := range m.Edges["north"] {
		if _, row := m.Layout.ToOffset(e); row != 0 || !strings.HasSuffix(m.Num(e), "00") {
			t.Fatalf("north edge has %s", m.Num(e))
		}
	}
}

// A bad col= or row= on an edge record is an error, not silently ignored
// (it used to be dropped, leaving only the listed hexes on the edge).
func TestHexMapEdgeBadColumn(t *testing.T) {
	wantErr(t, mapErr(t, head+"edge west 0101 col=one\n"), `bad.txt:3: edge: field col="one" is not a whole number`)
	wantErr(t, mapErr(t, head+"edge north row=x\n"), `bad.txt:3: edge: field row="x" is not a whole number`)
}
