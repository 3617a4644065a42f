package scenarios

import (
	"strings"
	"testing"

	"grognard/rules/zone"
)

func TestLoadZoneMapFixture(t *testing.T) {
	g, err := LoadZoneMap("testdata/zones.txt")
	if err != nil {
		t.Fatal(err)
	}
	v, ok := g.Zone("villa")
	if !ok || v.Name != "Villa" || !v.Depot || v.DepotSide != "north" || v.Exit != "To the north" || v.Entry != "A" || v.X != 0.2 {
		t.Fatalf("villa = %+v", v)
	}
	cs := g.Connected("villa", "vado")
	if len(cs) != 1 || cs[0].Kind != zone.Route || !cs[0].River || cs[0].Bridge != zone.Major {
		t.Fatalf("villa-vado = %+v", cs)
	}
	if cs := g.Connected("vado", "campo"); len(cs) != 1 || cs[0].Kind != zone.Ford {
		t.Fatalf("campo-vado = %+v", cs)
	}
	if len(g.Depots()) != 1 || len(g.MapExits()) != 1 {
		t.Fatalf("depots %v exits %v", g.Depots(), g.MapExits())
	}
}

func TestLoadZoneMapErrorsNameFileAndLine(t *testing.T) {
	head := "zonemap name=x\nzone a x=0.1 y=0.1\nzone b x=0.2 y=0.2\n"
	cases := []struct{ body, want string }{
		{"conn a c kind=road\n", "bad.txt:4: conn: unknown zone \"c\""},
		{"zone a x=0.5 y=0.5\n", "bad.txt:4: zone a declared twice (first at line 2)"},
		{"conn a b kind=highway\n", "bad.txt:4: conn: kind=\"highway\""},
		{"conn a b kind=road bridge=huge river=yes\n", "bad.txt:4: conn: bridge=\"huge\""},
		{"conn a b kind=ford\n", "bad.txt:4: conn: a ford must cross a river"},
		{"conn a b kind=road bridge=minor\n", "bad.txt:4: conn: a bridge needs a river crossing"},
		{"conn a b kind=road\nconn b a kind=road\n", "bad.txt:5: conn: road connection between a and b given twice (first at line 4)"},
		{"conn a a kind=road\n", "bad.txt:4: conn: a zone cannot connect to itself"},
		{"zone c x=1.5 y=0\n", "bad.txt:4: zone: x=1.5: want a number from 0 to 1"},
		{"zone c x=0.5 y=0.5 colour=red\n", "bad.txt:4: zone: unknown field colour="},
		{"hex 0101\n", "bad.txt:4: unknown record \"hex\" in a zone map file"},
	}
	for _, c := range cases {
		recs, err := Parse("bad.txt", []byte(head+c.body))
		if err != nil {
			t.Fatal(err)
		}
		_, err = ParseZoneMap(recs)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want prefix %q", c.body, err, c.want)
		}
	}
}
