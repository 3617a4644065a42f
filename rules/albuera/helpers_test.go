package albuera

import (
	"os"
	"path/filepath"
	"testing"

	"grognard/scenarios"
)

// fixture loads the small test scenario in testdata.
func fixture(t testing.TB) *Scenario {
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
	sc, err := BuildScenario("fixture", sets...)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}
