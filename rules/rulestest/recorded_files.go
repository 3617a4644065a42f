package rulestest

import (
	"fmt"
	"io/fs"
	"testing"
)

// RecordedFileName is the name of the record of scenario's game from seed
// in a system's testdata directory.
func RecordedFileName(scenario string, seed uint64) string {
	return fmt.Sprintf("recorded-%s-seed%d.json.gz", scenario, seed)
}

// CheckRecordedFiles replays every recorded game (testdata/recorded-*.json.gz
// of fsys, e.g. os.DirFS("testdata")) and fails the test on any difference.
// It fails when there is none: a system that has records must keep them.
func CheckRecordedFiles(t *testing.T, fsys fs.FS) {
	t.Helper()
	names, err := fs.Glob(fsys, "recorded-*.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("no recorded game in testdata")
	}
	for _, name := range names {
		f, err := fsys.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := DecodeRecorded(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(rec.Steps) == 0 {
			t.Errorf("%s: no steps", name)
		}
		if err := ReplayRecorded(rec); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
