package albuera

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"grognard/scenarios"
)

func TestRule2_FixtureLoads(t *testing.T) {
	sc := fixture(t)
	if len(sc.Units) < 10 || len(sc.Setup) < 10 {
		t.Fatalf("units %d setup %d", len(sc.Units), len(sc.Setup))
	}
}

func TestRule2_ScenarioLoads(t *testing.T) {
	sc, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(sc); err != nil {
		t.Fatal(err)
	}
}

// [11.2] The loader refuses a set-up that breaks stacking, naming file:line.
func TestRule11_SetupStackingChecked(t *testing.T) {
	var sets [][]scenarios.Record
	for _, f := range []string{"map.txt", "tables.txt", "oob.txt", "setup.txt"} {
		b, err := os.ReadFile(filepath.Join("testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		if f == "setup.txt" {
			b = append(b, []byte("place\t2H 1003 facing=4\n")...) // cavalry on infantry (I/16L)
			b = []byte(strings.Replace(string(b), "place 2H 1201 facing=4\n", "", 1))
		}
		recs, err := scenarios.Parse(f, b)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, recs)
	}
	_, err := BuildScenario("bad", sets...)
	if err == nil || !strings.Contains(err.Error(), "setup.txt:") || !strings.Contains(err.Error(), "11.1") {
		t.Fatalf("err %v", err)
	}
}

// The loader names file and line of a bad record.
func TestRule2_LoaderErrorsNameFileLine(t *testing.T) {
	cases := map[string]string{
		"oob.txt":    "unit X side=french nation=french commander=nobody mp=3 morale=5\n",
		"tables.txt": "param nothing 3\n",
		"setup.txt":  "place nobody 0101\n",
	}
	for file, bad := range cases {
		var sets [][]scenarios.Record
		for _, f := range []string{"map.txt", "tables.txt", "oob.txt", "setup.txt"} {
			b, _ := os.ReadFile(filepath.Join("testdata", f))
			if f == file {
				b = append(b, []byte(bad)...)
			}
			recs, err := scenarios.Parse(f, b)
			if err != nil {
				t.Fatal(err)
			}
			sets = append(sets, recs)
		}
		_, err := BuildScenario("bad", sets...)
		if err == nil || !strings.Contains(err.Error(), file+":") {
			t.Errorf("%s: err %v", file, err)
		}
	}
}

// TestRule3_LoaderReadsEveryParamAndTable: every param and table of the data
// is one the rules read, and each is read in the code (no dead data).
func TestRule3_LoaderReadsEveryParamAndTable(t *testing.T) {
	sc, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Params) != len(requiredParams) {
		t.Errorf("data has %d params, the rules read %d", len(sc.Params), len(requiredParams))
	}
	for n := range requiredTables {
		if sc.Tables[n] == nil {
			t.Errorf("table %s missing from the data", n)
		}
	}
	var src strings.Builder
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src.Write(b)
	}
	code := src.String()
	for _, p := range requiredParams {
		if !strings.Contains(code, `P("`+p+`")`) {
			t.Errorf("param %s is never read (no P(%q) in the code)", p, p)
		}
	}
	for _, r := range actionRows {
		if !strings.Contains(code, `act("`+r+`"`) {
			t.Errorf("table actions row %s is never read", r)
		}
	}
	for _, r := range moraleRows {
		if !strings.Contains(code, `mmod("`+r+`"`) {
			t.Errorf("table morale_mods row %s is never read", r)
		}
	}
	for n := range requiredTables {
		loop := (n == "cover" || n == "artillery_target") && strings.Contains(code, `range []string{"cover", "artillery_target"}`)
		if !strings.Contains(code, `tabs["`+n+`"]`) && !strings.Contains(code, `Tables["`+n+`"]`) && !loop {
			t.Errorf("table %s is never read", n)
		}
	}
	// The losses ladder and the stars come from the tables.
	if sc.Back[9] != 4 || sc.Back[1] != 0 {
		t.Errorf("table losses: back of 9 = %d, of 1 = %d; want 4 and 0", sc.Back[9], sc.Back[1])
	}
	if st, ok := sc.starsFor(6); !ok || st != 2 {
		t.Errorf("table stars: 6 guns give %d stars, want 2", st)
	}
}

// TestRule3_LoaderRefusesUnreadData: a param or table the rules do not read
// is refused with its file and line.
func TestRule3_LoaderRefusesUnreadData(t *testing.T) {
	for _, extra := range []string{"param artillery_wedge 0 authored=\"x\"", "table wedge\ncols a\nrow x 1"} {
		recs, err := scenarios.Parse("extra.txt", []byte(extra))
		if err != nil {
			t.Fatal(err)
		}
		sets := loadSets(t)
		sets = append(sets, recs)
		_, err = BuildScenario("fixture", sets...)
		if err == nil || !strings.Contains(err.Error(), "extra.txt:") || !strings.Contains(err.Error(), "not read") {
			t.Errorf("%q: err = %v, want a file:line refusal", extra, err)
		}
	}
}

// loadSets parses the fixture's files (testdata).
func loadSets(t *testing.T) [][]scenarios.Record {
	t.Helper()
	var sets [][]scenarios.Record
	for _, f := range []string{"map.txt", "tables.txt", "oob.txt", "setup.txt"} {
		b, err := os.ReadFile(filepath.Join("testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		recs, err := scenarios.Parse(f, b)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, recs)
	}
	return sets
}
