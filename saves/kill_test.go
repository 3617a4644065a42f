package saves

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// killChildEnv makes the test binary a writer that autosaves in a loop
// until it is killed (TestKilledWritersLeaveNoStaleFiles).
const killChildEnv = "GROGNARD_TEST_AUTOSAVE_LOOP"

func TestMain(m *testing.M) {
	if dir := os.Getenv(killChildEnv); dir != "" {
		t := &testing.T{}
		g := newToy(t, 1)
		for {
			AutosaveIn(dir, g)
		}
	}
	os.Exit(m.Run())
}

// TestKilledWritersLeaveNoStaleFiles kills an autosaving process (SIGKILL,
// as kill -9) again and again; the temporary files it leaves are removed
// by the next process once they are stale, and the autosave still loads.
func TestKilledWritersLeaveNoStaleFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for i := range 12 {
		cmd := exec.Command(exe, "-test.run=^$")
		cmd.Env = append(os.Environ(), killChildEnv+"="+dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(60+15*i) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
	}
	temps := func() []string {
		ents, _ := os.ReadDir(dir)
		var out []string
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".tmp") {
				out = append(out, e.Name())
			}
		}
		return out
	}
	left := temps()
	t.Logf("%d temporary files left by 12 kills", len(left))
	// A minute later (the files are made old), the next process's first
	// autosave into the folder removes them.
	old := time.Now().Add(-2 * StaleAge)
	for _, n := range left {
		os.Chtimes(filepath.Join(dir, n), old, old)
	}
	cleaned.Delete(filepath.Clean(dir)) // this process has not written there yet
	if err := AutosaveIn(dir, newToy(t, 2)); err != nil {
		t.Fatal(err)
	}
	if l := temps(); len(l) != 0 {
		t.Errorf("stale temporary files kept: %v", l)
	}
	if _, err := LoadAutosaveFrom(dir); err != nil {
		t.Errorf("the autosave does not load after the kills: %v", err)
	}
}
