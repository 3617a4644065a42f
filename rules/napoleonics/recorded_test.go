package napoleonics

import (
	"os"
	"path/filepath"
	"testing"

	"grognard/rules/rulestest"
)

// Games recorded from the engine before the speed work of issue #20 (random
// legal play, chance from the game's generator): a replay must show the same
// statuses, legal lists with their labels, chances, views, events and final
// snapshot. GROGNARD_RECORD=1 re-records them (only when the rules change on
// purpose).
func TestRecordedGamesReplayIdentically(t *testing.T) {
	if os.Getenv("GROGNARD_RECORD") != "" {
		for _, seed := range []uint64{1, 2, 3} {
			rec, err := rulestest.RecordGame(ScenarioID, seed, nil, 3000)
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.Create(filepath.Join("testdata", rulestest.RecordedFileName(ScenarioID, seed)))
			if err != nil {
				t.Fatal(err)
			}
			if err := rulestest.EncodeRecorded(f, rec); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			t.Logf("seed %d: %d steps, over %v", seed, rec.Digest.Steps, rec.Digest.Over)
		}
	}
	rulestest.CheckRecordedFiles(t, os.DirFS("testdata"))
}
