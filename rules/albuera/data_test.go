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
