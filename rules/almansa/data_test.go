package almansa

import (
	"fmt"
	"strings"
	"testing"

	"grognard/scenarios"
)

func records(t *testing.T, path string) []scenarios.Record {
	t.Helper()
	r, err := scenarios.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestDataLoaderErrors: every broken fixture is refused with file:line.
func TestDataLoaderErrors(t *testing.T) {
	const dir = "almansa/almansa-1707/"
	tab := records(t, "almansa/tables.txt")
	mp := records(t, dir+"map.txt")
	oob := records(t, dir+"oob.txt")
	set := records(t, dir+"setup.txt")
	cases := []struct {
		name, file string
		swap       func(r []scenarios.Record) (a, b, c, d []scenarios.Record)
		want       string
	}{
		{"unknown hex", "setup_unknown_hex.txt", func(r []scenarios.Record) ([]scenarios.Record, []scenarios.Record, []scenarios.Record, []scenarios.Record) {
			return tab, mp, oob, r
		}, "setup_unknown_hex.txt:3: place av2: hex 9950 is not on the map"},
		{"unit placed twice", "setup_twice.txt", func(r []scenarios.Record) ([]scenarios.Record, []scenarios.Record, []scenarios.Record, []scenarios.Record) {
			return tab, mp, oob, r
		}, "setup_twice.txt:4: place: unit av1 placed twice"},
		{"stacking broken at set-up", "setup_overstack.txt", func(r []scenarios.Record) ([]scenarios.Record, []scenarios.Record, []scenarios.Record, []scenarios.Record) {
			return tab, mp, oob, r
		}, "setup_overstack.txt:21: place lb6 1207: more than 4 steps of infantry and cavalry in one hex [8]"},
		{"table with a hole", "tables_hole.txt", func(r []scenarios.Record) ([]scenarios.Record, []scenarios.Record, []scenarios.Record, []scenarios.Record) {
			return r, mp, oob, set
		}, "tables_hole.txt:6: table fire: row 2 has 7 cells for 8 columns (a hole in the table)"},
		{"unknown terrain", "map_unknown_terrain.txt", func(r []scenarios.Record) ([]scenarios.Record, []scenarios.Record, []scenarios.Record, []scenarios.Record) {
			return tab, r, oob, set
		}, "map_unknown_terrain.txt:4: unknown terrain \"swamp\""},
		{"terrain without a cost", "map_uncosted_terrain.txt", func(r []scenarios.Record) ([]scenarios.Record, []scenarios.Record, []scenarios.Record, []scenarios.Record) {
			return tab, r, oob, set
		}, "map_uncosted_terrain.txt:4: terrain marsh has no row in the Terrain Costs Chart"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := records(t, "almansa/testdata/"+c.file)
			a, b, cc, d := c.swap(r)
			_, err := BuildScenario("fixture", a, b, cc, d)
			if err == nil {
				t.Fatal("broken data accepted")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q, want %q", err, c.want)
			}
		})
	}
}

// TestDataAuthoredMarked: every table and number the book lacks says so.
func TestDataAuthoredMarked(t *testing.T) {
	sc, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"terrain", "fire", "fire_mods", "shock"} {
		if sc.Tables[n].Authored == "" {
			t.Errorf("table %s is authored but not marked", n)
		}
	}
	for _, n := range []string{"ooc", "shock_shifts"} {
		if sc.Tables[n].Authored != "" {
			t.Errorf("table %s is the book's", n)
		}
	}
	for _, r := range records(t, "almansa/almansa-1707/oob.txt") {
		if r.Kind == "unit" && (r.Has("cf") || r.Has("rating")) && !r.Has("authored") {
			t.Errorf("%s:%d: unit %s has numbers the book lacks but no authored=", r.File, r.Line, r.Args[0])
		}
		// A reason, not a label: "rating" alone does not say why.
		if r.Kind == "unit" && r.Has("rating") && len(strings.Fields(r.Opt("authored", ""))) < 4 {
			t.Errorf("%s:%d: leader %s: authored=%q does not say why", r.File, r.Line, r.Args[0], r.Opt("authored", ""))
		}
		if r.Kind == "side" && r.Has("facing") && !r.Has("authored") {
			t.Errorf("%s:%d: side %s: the set-up facing is authored but not marked", r.File, r.Line, r.Args[0])
		}
	}
	// Every formation's set-up hexes hold all its units, even with the
	// cavalry reserve attached (no dead end in deployment).
	for _, f := range sc.Forms {
		n, h := 0, 0
		if f.Side == Bourbon {
			n = 2 // Mahony and Rosellon Nuevo may be attached [6]
		}
		for _, u := range sc.Units {
			if u.Formation == f.ID && u.Combat() {
				n++
			}
		}
		for c := range sc.Labels {
			if sc.HasLabel(c, f.ID) {
				h++
			}
		}
		if h < n {
			t.Errorf("formation %s: %d set-up hexes for up to %d units", f.ID, h, n)
		}
	}
}

// TestRule4_GoldenHistoricalSetup: the one-click historical set-up puts
// every unit where the golden file says, facing the enemy.
func TestRule4_GoldenHistoricalSetup(t *testing.T) {
	s := started(t, nil)
	var b strings.Builder
	for i := range s.Units {
		fmt.Fprintf(&b, "%s %s %d %s\n", s.def(i).ID, s.num(s.Units[i].At), s.Units[i].Facing, s.Units[i].Form)
	}
	want, err := scenarios.Text("almansa/testdata/setup.golden")
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if b.String() != want {
		t.Fatalf("set-up differs from the golden file:\n%s", b.String())
	}
	if s.Phase != phaseBMove || s.Turn != 1 {
		t.Fatalf("after both set-ups the game is in turn 1, %s", s.Phase)
	}
}

func TestRule4_DeploymentConstraints(t *testing.T) {
	s := fresh(t, nil)
	acts := s.Legal()
	if len(acts) != 8 || acts[0].Choice != "historical" {
		t.Fatalf("first the Bourbon player attaches the cavalry reserve or takes the historical set-up [4, 6]: %d actions", len(acts))
	}
	apply(t, s, rules_choose("attach:Av"))
	for _, a := range s.Legal() {
		if a.Kind == "choose" && a.Choice == "historical" {
			continue
		}
		if a.Kind != "deploy" {
			t.Fatalf("unexpected %s", a.Key())
		}
		i := s.idx(a.Unit)
		if !s.sc.HasLabel(coord(s, a.To), s.Units[i].Form) {
			t.Fatalf("%s offered on %s, not a hex of its formation", a.Unit, a.To)
		}
		if s.deployClass(i) != 0 {
			t.Fatal("infantry and cavalry deploy first")
		}
	}
	if !legal(s, rules_deploy("mahony", "1202")) {
		t.Fatal("Mahony attached to d'Avaray deploys on Av hexes")
	}
	// Artillery on an A hex stacked with a friend; leaders next to their
	// units; trains within 4 of their commander in chief [4].
	b := board(t, nil, phaseSetupB)
	b.Phase = phaseSetupB
	if why := b.setupProblem(b.idx("ba1"), coord(b, "1207"), true); !strings.Contains(why, "[4]") {
		t.Fatalf("artillery alone: %q", why)
	}
	b.put("lb1", "1207", 1)
	if why := b.setupProblem(b.idx("ba1"), coord(b, "1207"), true); why != "" {
		t.Fatalf("artillery with a friend on an A hex: %q", why)
	}
	if why := b.setupProblem(b.idx("ba1"), coord(b, "1210"), true); !strings.Contains(why, "[4]") {
		t.Fatalf("artillery off the A hexes: %q", why)
	}
	if why := b.setupProblem(b.idx("labadie"), coord(b, "1407"), true); !strings.Contains(why, "[4]") {
		t.Fatalf("leader far from his units: %q", why)
	}
	if why := b.setupProblem(b.idx("labadie"), coord(b, "1307"), true); why != "" {
		t.Fatalf("leader next to a unit: %q", why)
	}
	b.put("berwick", "1010", 1)
	if why := b.setupProblem(b.idx("btrain"), coord(b, "0510"), true); !strings.Contains(why, "[4]") {
		t.Fatalf("train 5 hexes from Berwick: %q", why)
	}
}
