package zone

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// kindCost is the terrain table used throughout the tests [5.3].
var kindCost = KindCosts(map[ConnKind]int{Road: 1, Route: 2, Path: 3, Ford: 4})

// rain makes fords impassable (event "Pluie"); other kinds cost as kindCost.
func rain(from, to string, c Connection) (int, bool) {
	if c.Kind == Ford {
		return 0, false
	}
	return kindCost(from, to, c)
}

func frenchDepot(g *Graph) func(string) bool {
	return func(id string) bool {
		z, _ := g.Zone(id)
		return z.Depot && z.DepotSide == "French"
	}
}

func alliedDepot(g *Graph) func(string) bool {
	return func(id string) bool {
		z, _ := g.Zone(id)
		return z.Depot && z.DepotSide == "Allied"
	}
}

func enemyAt(ids ...string) func(string) bool {
	return func(id string) bool { return !slices.Contains(ids, id) }
}

func zoneIDs(zs []Zone) []string {
	out := make([]string, len(zs))
	for i, z := range zs {
		out[i] = z.ID
	}
	return out
}

// --- validation -----------------------------------------------------------

func TestNewRejectsEachBadInputAndNamesTheCulprit(t *testing.T) {
	zs := []Zone{{ID: "a"}, {ID: "b"}, {ID: "c"}}
	cases := []struct {
		name  string
		zones []Zone
		conns []Connection
		want  error
		named string
	}{
		{"empty zone ID", []Zone{{ID: "a"}, {ID: "", Name: "Sin Nombre"}}, nil, ErrEmptyID, "Sin Nombre"},
		{"duplicate zone ID", []Zone{{ID: "a"}, {ID: "b"}, {ID: "a"}}, nil, ErrDuplicateZone, `"a"`},
		{"unknown zone", zs, []Connection{{A: "a", B: "zz", Kind: Road}}, ErrUnknownZone, `"zz"`},
		{"self loop", zs, []Connection{{A: "b", B: "b", Kind: Road}}, ErrSelfLoop, "b-b"},
		{"duplicate same kind", zs, []Connection{
			{A: "a", B: "b", Kind: Road},
			{A: "b", B: "a", Kind: Road},
		}, ErrDuplicateConn, "conns[1] b-a road"},
		{"unknown kind", zs, []Connection{{A: "a", B: "b", Kind: "canal"}}, ErrBadKind, "canal"},
		{"empty kind", zs, []Connection{{A: "a", B: "c"}}, ErrBadKind, "a-c"},
		{"unknown bridge", zs, []Connection{{A: "a", B: "b", Kind: Road, River: true, Bridge: "rope"}}, ErrBadBridge, "rope"},
		{"ford without river", zs, []Connection{{A: "a", B: "c", Kind: Ford}}, ErrFordWithoutRiver, "a-c ford"},
		{"ford with bridge", zs, []Connection{{A: "a", B: "c", Kind: Ford, River: true, Bridge: Minor}}, ErrFordWithBridge, "a-c ford"},
		{"minor bridge without river", zs, []Connection{{A: "a", B: "b", Kind: Road, Bridge: Minor}}, ErrBridgeNoRiver, "a-b road"},
		{"major bridge without river", zs, []Connection{{A: "c", B: "b", Kind: Route, Bridge: Major}}, ErrBridgeNoRiver, "c-b route"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, err := New(tc.zones, tc.conns)
			if err == nil {
				t.Fatalf("New accepted bad input, graph %v", g)
			}
			if g != nil {
				t.Errorf("New returned a graph with an error")
			}
			if !errors.Is(err, tc.want) {
				t.Errorf("error %q is not %v", err, tc.want)
			}
			if !strings.Contains(err.Error(), tc.named) {
				t.Errorf("error %q does not name %q", err, tc.named)
			}
		})
	}
}

func TestNewAcceptsParallelConnectionsOfDifferentKinds(t *testing.T) {
	g, err := New([]Zone{{ID: "a"}, {ID: "b"}}, []Connection{
		{A: "a", B: "b", Kind: Path},
		{A: "b", B: "a", Kind: Road},
		{A: "a", B: "b", Kind: Ford, River: true},
		{A: "a", B: "b", Kind: Route, River: true, Bridge: Major},
	})
	if err != nil {
		t.Fatal(err)
	}
	var kinds []ConnKind
	for _, c := range g.Connected("b", "a") {
		kinds = append(kinds, c.Kind)
	}
	if want := []ConnKind{Road, Route, Path, Ford}; !slices.Equal(kinds, want) {
		t.Errorf("Connected kinds = %v, want %v", kinds, want)
	}
}

func TestNewReportsEveryProblemJoined(t *testing.T) {
	_, err := New([]Zone{{ID: "a"}, {ID: "a"}, {ID: "b"}}, []Connection{
		{A: "a", B: "x", Kind: Road},
		{A: "a", B: "b", Kind: Ford},
	})
	for _, want := range []error{ErrDuplicateZone, ErrUnknownZone, ErrFordWithoutRiver} {
		if !errors.Is(err, want) {
			t.Errorf("joined error %q lacks %v", err, want)
		}
	}
}

func TestNewCopiesItsInput(t *testing.T) {
	zs, cs := fixtureZones(), fixtureConns()
	g, err := New(zs, cs)
	if err != nil {
		t.Fatal(err)
	}
	zs[0].Name = "changed"
	cs[0].Kind = Ford
	if z, _ := g.Zone("sanbenito"); z.Name != "San Benito del Campo" {
		t.Errorf("zone changed through caller's slice: %q", z.Name)
	}
	if g.Conns[0].Kind != Road {
		t.Errorf("connection changed through caller's slice: %v", g.Conns[0])
	}
}

// --- fixture and queries ----------------------------------------------------

func TestFixtureHasEveryFeatureTheAppDraws(t *testing.T) {
	g := Fixture()
	if n := len(g.Zones); n < 8 || n > 12 {
		t.Errorf("fixture has %d zones, want 8..12", n)
	}
	for _, z := range g.Zones {
		if z.Name == "" || z.Terrain == "" || z.X < 0 || z.X > 1 || z.Y < 0 || z.Y > 1 {
			t.Errorf("zone %+v lacks a name/terrain or has X,Y outside 0..1", z)
		}
	}
	kinds := map[ConnKind]bool{}
	var ford, minor, major bool
	for _, c := range g.Conns {
		kinds[c.Kind] = true
		ford = ford || (c.Kind == Ford && c.River)
		minor = minor || (c.Bridge == Minor && c.River)
		major = major || (c.Bridge == Major && c.River)
	}
	for _, k := range []ConnKind{Road, Route, Path, Ford} {
		if !kinds[k] {
			t.Errorf("fixture has no %s connection", k)
		}
	}
	if !ford || !minor || !major {
		t.Errorf("fixture river crossings: ford %v minor %v major %v", ford, minor, major)
	}
	if got := zoneIDs(g.MapExits()); !slices.Equal(got, []string{"castromar", "sanbenito"}) {
		t.Errorf("MapExits = %v", got)
	}
	if got := zoneIDs(g.Depots()); !slices.Equal(got, []string{"castromar", "sanbenito"}) {
		t.Errorf("Depots = %v", got)
	}
	if got := zoneIDs(g.DepotsOf("French")); !slices.Equal(got, []string{"castromar"}) {
		t.Errorf("DepotsOf(French) = %v", got)
	}
	if got := zoneIDs(g.Entries()); !slices.Equal(got, []string{"castromar", "sanbenito"}) {
		t.Errorf("Entries = %v", got)
	}
}

func TestZoneLooksUpByID(t *testing.T) {
	g := Fixture()
	z, ok := g.Zone("castromar")
	if !ok || z.Name != "Castromar" || !z.Depot || z.DepotSide != "French" || z.Exit != "Madrid" || z.Entry != "B" {
		t.Errorf("Zone(castromar) = %+v, %v", z, ok)
	}
	if _, ok := g.Zone("nowhere"); ok {
		t.Error("Zone(nowhere) found")
	}
	if !g.Has("vadillo") || g.Has("") {
		t.Error("Has wrong")
	}
	if ids := g.IDs(); !slices.IsSorted(ids) || len(ids) != len(g.Zones) {
		t.Errorf("IDs = %v", ids)
	}
}

func TestNeighborsSortedByZoneIDThenKind(t *testing.T) {
	g := Fixture()
	var got []string
	for _, e := range g.Neighbors("montalbo") {
		if g.Conns[e.Index] != e.Conn || e.Conn.Other("montalbo") != e.To {
			t.Errorf("edge %+v inconsistent", e)
		}
		got = append(got, e.To+":"+string(e.Conn.Kind))
	}
	want := []string{"castromar:route", "castromar:path", "ermita:path", "puenteviejo:route", "villafranca:road"}
	if !slices.Equal(got, want) {
		t.Errorf("Neighbors(montalbo) = %v, want %v", got, want)
	}
	if g.Neighbors("nowhere") != nil {
		t.Error("unknown zone has neighbours")
	}
}

func TestConnectedListsBothDirectionsAndNothingForNonAdjacent(t *testing.T) {
	g := Fixture()
	ab, ba := g.Connected("montalbo", "castromar"), g.Connected("castromar", "montalbo")
	if len(ab) != 2 || !slices.Equal(ab, ba) || ab[0].Kind != Route || ab[1].Kind != Path {
		t.Errorf("Connected(montalbo, castromar) = %v / %v", ab, ba)
	}
	c := g.Connected("navalcan", "villafranca")
	if len(c) != 1 || !c[0].River || c[0].Bridge != Major || c[0].Kind != Road {
		t.Errorf("major bridge = %v", c)
	}
	if got := g.Connected("sanbenito", "castromar"); got != nil {
		t.Errorf("non-adjacent zones connected: %v", got)
	}
}

// --- least-cost paths ---------------------------------------------------------

func TestRule5_3_PathChargesByKindAndTakesTheRoads(t *testing.T) {
	g := Fixture()
	path, total, ok := g.Path("sanbenito", "castromar", kindCost)
	want := []string{"sanbenito", "navalcan", "villafranca", "castromar"}
	if !ok || total != 3 || !slices.Equal(path, want) {
		t.Errorf("Path = %v %d %v, want %v 3", path, total, ok, want)
	}
	path, total, ok = g.Path("vadillo", "vadillo", kindCost)
	if !ok || total != 0 || !slices.Equal(path, []string{"vadillo"}) {
		t.Errorf("Path to self = %v %d %v", path, total, ok)
	}
	if _, _, ok := g.Path("sanbenito", "atlantis", kindCost); ok {
		t.Error("path to unknown zone")
	}
}

func TestRule7_7_PathUsesFordUnlessRainClosesIt(t *testing.T) {
	g := Fixture()
	path, total, _ := g.Path("torrejon", "vadillo", kindCost)
	if total != 4 || !slices.Equal(path, []string{"torrejon", "vadillo"}) {
		t.Errorf("ford path = %v %d, want direct ford at 4", path, total)
	}
	path, total, _ = g.Path("torrejon", "vadillo", rain)
	want := []string{"torrejon", "navalcan", "villafranca", "vadillo"}
	if total != 7 || !slices.Equal(path, want) {
		t.Errorf("rain path = %v %d, want %v 7", path, total, want)
	}
}

func TestRule5_3_PathWithStopZoneEntersButDoesNotPassThrough(t *testing.T) {
	g := Fixture()
	stop := func(id string) bool { return id == "villafranca" } // enemy stack [5.3]
	path, total, ok := g.PathStop("sanbenito", "castromar", kindCost, stop)
	want := []string{"sanbenito", "almoraz", "puenteviejo", "montalbo", "castromar"}
	if !ok || total != 7 || !slices.Equal(path, want) {
		t.Errorf("PathStop = %v %d %v, want %v 7", path, total, ok, want)
	}
	path, total, ok = g.PathStop("sanbenito", "villafranca", kindCost, stop)
	if !ok || total != 2 || !slices.Equal(path, []string{"sanbenito", "navalcan", "villafranca"}) {
		t.Errorf("stop zone as destination = %v %d %v", path, total, ok)
	}
	// The origin is never stopped: a stack may leave a contested zone.
	if _, total, ok := g.PathStop("villafranca", "castromar", kindCost, stop); !ok || total != 1 {
		t.Errorf("leaving a stop origin = %d %v", total, ok)
	}
}

func TestPathAroundBlockedZone(t *testing.T) {
	g := Fixture()
	blocked := func(from, to string, c Connection) (int, bool) {
		if to == "villafranca" {
			return 0, false
		}
		return kindCost(from, to, c)
	}
	path, total, _ := g.Path("sanbenito", "castromar", blocked)
	want := []string{"sanbenito", "almoraz", "puenteviejo", "montalbo", "castromar"}
	if total != 7 || !slices.Equal(path, want) {
		t.Errorf("Path around block = %v %d, want %v 7", path, total, want)
	}
	if _, _, ok := g.Path("sanbenito", "villafranca", blocked); ok {
		t.Error("blocked zone reached")
	}
}

func TestRule7_7_DestroyedBridgesCostTwoMoreOrCloseTheCrossing(t *testing.T) {
	g := Fixture()
	all := func(Connection) bool { return true }
	cost := WithDestroyedBridges(kindCost, all)
	// [7.7] minor bridge destroyed: 2 + 2 MP, still the best crossing.
	if path, total, _ := g.Path("almoraz", "puenteviejo", cost); total != 4 || len(path) != 2 {
		t.Errorf("destroyed minor bridge = %v %d, want direct at 4", path, total)
	}
	// [7.7] major bridge destroyed: the road crossing is closed.
	path, total, _ := g.Path("sanbenito", "castromar", cost)
	want := []string{"sanbenito", "almoraz", "puenteviejo", "montalbo", "castromar"}
	if total != 9 || !slices.Equal(path, want) {
		t.Errorf("both bridges destroyed = %v %d, want %v 9", path, total, want)
	}
	majorOnly := WithDestroyedBridges(kindCost, func(c Connection) bool { return c.Bridge == Major })
	if _, total, _ := g.Path("sanbenito", "castromar", majorOnly); total != 7 {
		t.Errorf("major bridge destroyed = %d, want 7", total)
	}
}

func TestRule5_3_ReachableBudgetsGrowTheSet(t *testing.T) {
	g := Fixture()
	cases := []struct {
		budget int
		want   map[string]int
	}{
		{0, map[string]int{"sanbenito": 0}},
		{2, map[string]int{"sanbenito": 0, "almoraz": 1, "navalcan": 1, "torrejon": 2, "villafranca": 2}},
		{3, map[string]int{"sanbenito": 0, "almoraz": 1, "navalcan": 1, "torrejon": 2, "villafranca": 2,
			"puenteviejo": 3, "castromar": 3, "montalbo": 3}},
		{5, map[string]int{"sanbenito": 0, "almoraz": 1, "navalcan": 1, "torrejon": 2, "villafranca": 2,
			"puenteviejo": 3, "castromar": 3, "montalbo": 3, "vadillo": 5, "penaflor": 5}},
		{-1, map[string]int{"sanbenito": 0, "almoraz": 1, "navalcan": 1, "torrejon": 2, "villafranca": 2,
			"puenteviejo": 3, "castromar": 3, "montalbo": 3, "vadillo": 5, "penaflor": 5, "ermita": 6}},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprint("budget", tc.budget), func(t *testing.T) {
			r := g.Reachable("sanbenito", tc.budget, kindCost)
			got := map[string]int{}
			for id, re := range r {
				got[id] = re.Cost
			}
			if !maps.Equal(got, tc.want) {
				t.Errorf("Reachable = %v, want %v", got, tc.want)
			}
		})
	}
	r := g.Reachable("sanbenito", 5, kindCost)
	if o := r["sanbenito"]; o.Prev != "" || o.Via != -1 {
		t.Errorf("origin reach = %+v", o)
	}
	// Vadillo at 5 comes over the path from Villafranca, not the ford (6).
	v := r["vadillo"]
	if v.Prev != "villafranca" || !g.Conns[v.Via].Joins("vadillo", "villafranca") || g.Conns[v.Via].Kind != Path {
		t.Errorf("vadillo reach = %+v", v)
	}
	if got := Trace(r, "penaflor"); !slices.Equal(got, []string{"sanbenito", "navalcan", "villafranca", "castromar", "penaflor"}) {
		t.Errorf("Trace(penaflor) = %v", got)
	}
	if Trace(r, "ermita") != nil {
		t.Error("Trace of unreached zone")
	}
	if len(g.Reachable("atlantis", 5, kindCost)) != 0 {
		t.Error("unknown origin reaches zones")
	}
}

func TestRule5_3_ReachableStopZoneIsEnteredButNotLeft(t *testing.T) {
	g := Fixture()
	stop := func(id string) bool { return id == "villafranca" }
	r := g.ReachableStop("sanbenito", 5, kindCost, stop)
	got := map[string]int{}
	for id, re := range r {
		got[id] = re.Cost
	}
	// Without the stop, Castromar costs 3 and Montalbo 3 through Villafranca.
	want := map[string]int{"sanbenito": 0, "almoraz": 1, "navalcan": 1, "torrejon": 2,
		"villafranca": 2, "puenteviejo": 3, "montalbo": 5}
	if !maps.Equal(got, want) {
		t.Errorf("ReachableStop = %v, want %v", got, want)
	}
}

func TestNilCostChargesOnePerConnection(t *testing.T) {
	g := Fixture()
	if _, total, _ := g.Path("sanbenito", "ermita", nil); total != 3 {
		t.Errorf("nil cost to ermita = %d, want 3", total)
	}
}

func TestPathCostIsSymmetricForSymmetricCosts(t *testing.T) {
	g := Fixture()
	for _, cost := range []CostFunc{kindCost, rain, UnitCost} {
		for _, a := range g.IDs() {
			for _, b := range g.IDs() {
				pab, ab, ok1 := g.Path(a, b, cost)
				pba, ba, ok2 := g.Path(b, a, cost)
				if ok1 != ok2 || ab != ba {
					t.Errorf("%s->%s = %d %v but %s->%s = %d %v", a, b, ab, ok1, b, a, ba, ok2)
				}
				if len(pab) == 0 || pab[0] != a || pab[len(pab)-1] != b || pba[0] != b {
					t.Errorf("path ends wrong: %v / %v", pab, pba)
				}
			}
		}
	}
}

func TestPathAgreesWithReachableTrace(t *testing.T) {
	g := Fixture()
	for _, a := range g.IDs() {
		r := g.Reachable(a, -1, kindCost)
		for _, b := range g.IDs() {
			path, total, _ := g.Path(a, b, kindCost)
			if total != r[b].Cost || !slices.Equal(path, Trace(r, b)) {
				t.Errorf("%s->%s: Path %v %d, Reachable %v %d", a, b, path, total, Trace(r, b), r[b].Cost)
			}
		}
	}
}

// shuffledFixture builds the fixture from reversed zones and connections with
// every connection's ends swapped.
func shuffledFixture(t *testing.T) *Graph {
	zs, cs := fixtureZones(), fixtureConns()
	slices.Reverse(zs)
	slices.Reverse(cs)
	for i := range cs {
		cs[i].A, cs[i].B = cs[i].B, cs[i].A
	}
	g, err := New(zs, cs)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestTiesBreakDeterministicallyWhateverTheInputOrder(t *testing.T) {
	g, h := Fixture(), shuffledFixture(t)
	// Two unit-cost routes of 3 exist (via Almoraz and via Navalcán); the
	// zone settled first in (cost, ID) order wins.
	want := []string{"sanbenito", "almoraz", "puenteviejo", "montalbo"}
	for i := 0; i < 20; i++ {
		for _, gr := range []*Graph{g, h} {
			if path, total, _ := gr.Path("sanbenito", "montalbo", UnitCost); total != 3 || !slices.Equal(path, want) {
				t.Fatalf("tie path = %v %d, want %v", path, total, want)
			}
		}
	}
	for _, cost := range []CostFunc{kindCost, rain, UnitCost} {
		for _, a := range g.IDs() {
			for _, b := range g.IDs() {
				p1, c1, _ := g.Path(a, b, cost)
				p2, c2, _ := h.Path(a, b, cost)
				if c1 != c2 || !slices.Equal(p1, p2) {
					t.Errorf("%s->%s differs with input order: %v %d vs %v %d", a, b, p1, c1, p2, c2)
				}
			}
			r1, r2 := g.Reachable(a, 6, cost), h.Reachable(a, 6, cost)
			if len(r1) != len(r2) {
				t.Errorf("Reachable(%s) sizes differ", a)
			}
			for id, x := range r1 {
				if y := r2[id]; x.Cost != y.Cost || x.Prev != y.Prev {
					t.Errorf("Reachable(%s)[%s] = %+v vs %+v", a, id, x, y)
				}
			}
			n1, n2 := g.Neighbors(a), h.Neighbors(a)
			for i := range n1 {
				if n1[i].To != n2[i].To || n1[i].Conn.Kind != n2[i].Conn.Kind {
					t.Errorf("Neighbors(%s) order differs: %v vs %v", a, n1, n2)
				}
			}
			l1, _ := g.LineOfCommunication(a, nil, enemyAt("villafranca"), -1)
			l2, _ := h.LineOfCommunication(a, nil, enemyAt("villafranca"), -1)
			if !slices.Equal(l1, l2) {
				t.Errorf("LOC(%s) differs: %v vs %v", a, l1, l2)
			}
		}
	}
}

// --- lines of communication ---------------------------------------------------

func TestRule1_5_LineOfCommunicationTakesShortestChainToDepot(t *testing.T) {
	g := Fixture()
	path, ok := g.LineOfCommunication("vadillo", frenchDepot(g), nil, -1)
	if want := []string{"vadillo", "penaflor", "castromar"}; !ok || !slices.Equal(path, want) {
		t.Errorf("LOC = %v %v, want %v", path, ok, want)
	}
	path, ok = g.LineOfCommunication("castromar", frenchDepot(g), nil, 0)
	if !ok || !slices.Equal(path, []string{"castromar"}) {
		t.Errorf("LOC from depot = %v %v", path, ok)
	}
	if _, ok := g.LineOfCommunication("atlantis", frenchDepot(g), nil, -1); ok {
		t.Error("LOC from unknown zone")
	}
}

func TestRule1_5_LineOfCommunicationBlockedByEnemyIsFoundAroundIt(t *testing.T) {
	g := Fixture()
	path, ok := g.LineOfCommunication("vadillo", frenchDepot(g), enemyAt("penaflor"), -1)
	if want := []string{"vadillo", "villafranca", "castromar"}; !ok || !slices.Equal(path, want) {
		t.Errorf("around Peñaflor = %v %v, want %v", path, ok, want)
	}
	free := enemyAt("penaflor", "villafranca")
	want := []string{"vadillo", "torrejon", "navalcan", "almoraz", "puenteviejo", "montalbo", "castromar"}
	path, ok = g.LineOfCommunication("vadillo", frenchDepot(g), free, -1)
	if !ok || !slices.Equal(path, want) {
		t.Errorf("long way round = %v %v, want %v", path, ok, want)
	}
	if path, ok := g.LineOfCommunication("vadillo", frenchDepot(g), free, 6); !ok || len(path) != 7 {
		t.Errorf("maxLen 6 = %v %v, want the 6-connection line", path, ok)
	}
	if path, ok := g.LineOfCommunication("vadillo", frenchDepot(g), free, 5); ok {
		t.Errorf("maxLen 5 found %v", path)
	}
	// Enemy also on Montalbo: Castromar is cut off from Vadillo.
	if path, ok := g.LineOfCommunication("vadillo", frenchDepot(g), enemyAt("penaflor", "villafranca", "montalbo"), -1); ok {
		t.Errorf("cut-off line found: %v", path)
	}
}

func TestRule1_5_LineOfCommunicationSkipsEnemyHeldDepot(t *testing.T) {
	g := Fixture()
	path, ok := g.LineOfCommunication("villafranca", nil, nil, -1)
	if !ok || !slices.Equal(path, []string{"villafranca", "castromar"}) {
		t.Errorf("nearest depot = %v %v", path, ok)
	}
	path, ok = g.LineOfCommunication("villafranca", nil, enemyAt("castromar"), -1)
	if want := []string{"villafranca", "navalcan", "sanbenito"}; !ok || !slices.Equal(path, want) {
		t.Errorf("with Castromar held = %v %v, want %v", path, ok, want)
	}
}

func TestRule7_7_DestroyedMajorBridgeCutsLinesButMinorDoesNot(t *testing.T) {
	g := Fixture()
	cross := CrossableForLines(func(Connection) bool { return true }) // both destroyed
	path, ok := g.LineOfCommunicationVia("villafranca", alliedDepot(g), nil, cross, -1)
	if want := []string{"villafranca", "vadillo", "torrejon", "sanbenito"}; !ok || !slices.Equal(path, want) {
		t.Errorf("major bridge down = %v %v, want %v", path, ok, want)
	}
	path, ok = g.LineOfCommunicationVia("puenteviejo", alliedDepot(g), nil, cross, -1)
	if want := []string{"puenteviejo", "almoraz", "sanbenito"}; !ok || !slices.Equal(path, want) {
		t.Errorf("minor bridge down = %v %v, want %v", path, ok, want)
	}
	path, ok = g.LineOfCommunicationVia("villafranca", alliedDepot(g), nil, CrossableForLines(nil), -1)
	if want := []string{"villafranca", "navalcan", "sanbenito"}; !ok || !slices.Equal(path, want) {
		t.Errorf("bridges intact = %v %v, want %v", path, ok, want)
	}
}

// --- benchmark ------------------------------------------------------------------

// benchGraph is a 20x10 grid of 200 zones with mixed connection kinds, a
// river down the middle column crossed by fords and bridges, and diagonal
// paths, generated deterministically.
func benchGraph(b *testing.B) *Graph {
	const w, h = 20, 10
	id := func(x, y int) string { return fmt.Sprintf("z%02d_%02d", x, y) }
	var zs []Zone
	var cs []Connection
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			zs = append(zs, Zone{ID: id(x, y), Terrain: TerrainClear, X: float64(x) / w, Y: float64(y) / h})
			kinds := []ConnKind{Road, Route, Path}
			if x+1 < w {
				c := Connection{A: id(x, y), B: id(x+1, y), Kind: kinds[(x*7+y*3)%3]}
				if x == w/2-1 {
					c.River = true
					switch y % 3 {
					case 0:
						c.Kind = Ford
					case 1:
						c.Bridge = Minor
					default:
						c.Bridge = Major
					}
				}
				cs = append(cs, c)
			}
			if y+1 < h {
				cs = append(cs, Connection{A: id(x, y), B: id(x, y+1), Kind: kinds[(x+y*5)%3]})
			}
			if x+1 < w && y+1 < h && (x+y)%4 == 0 && x != w/2-1 {
				cs = append(cs, Connection{A: id(x, y), B: id(x+1, y+1), Kind: Path})
			}
		}
	}
	g, err := New(zs, cs)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

func BenchmarkReachable(b *testing.B) {
	g := benchGraph(b)
	stop := func(id string) bool { return strings.HasSuffix(id, "_07") }
	for b.Loop() {
		if r := g.ReachableStop("z00_00", 12, kindCost, stop); len(r) < 2 {
			b.Fatal("nothing reached")
		}
		if r := g.Reachable("z10_05", -1, kindCost); len(r) != 200 {
			b.Fatalf("unbounded reach = %d zones, want 200", len(r))
		}
	}
}
