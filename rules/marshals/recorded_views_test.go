package marshals

import (
	"os"
	"path/filepath"
	"testing"

	"grognard/rules/rulestest"
)

// TestRecordedGamesReplayViews: one game of each scenario recorded from the
// engine before the speed work of session 20 [issue 20] with the core's
// recorder (rulestest.RecordGame: chance outcomes from the game's own
// generator, applied through Game.ApplyOne), which also hashes both sides'
// Views and every Status before every step (TestRecordedGamesReplay does
// not hash the views). A replay must show the same statuses, legal lists
// with their labels, chances, views, events and final snapshot.
// GROGNARD_RECORD=1 re-records them (only when the rules change on purpose).
func TestRecordedGamesReplayViews(t *testing.T) {
	dir := filepath.Join("testdata", "views")
	if os.Getenv("GROGNARD_RECORD") != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, d := range ScenarioList {
			rec, err := rulestest.RecordGame(d.ID, 1, nil, 2500)
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.Create(filepath.Join(dir, rulestest.RecordedFileName(d.ID, 1)))
			if err != nil {
				t.Fatal(err)
			}
			if err := rulestest.EncodeRecorded(f, rec); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d steps, over %v", d.ID, rec.Digest.Steps, rec.Digest.Over)
		}
	}
	rulestest.CheckRecordedFiles(t, os.DirFS(dir))
}
