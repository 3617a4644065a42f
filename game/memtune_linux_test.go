//go:build linux && cgo

package game

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMemTuneApplied proves the malloc knobs of memtune_linux.go are in
// force in this process (#11 item 15): however many threads allocate, the
// process has at most memArenaMax arenas, and a 1 MiB block is still
// mmapped (so it goes back to the system when freed) after an 8 MiB block
// was freed, which under glibc's dynamic threshold would have raised the
// threshold past it. With GROGNARD_MEMTUNE=0 (a child process, below) the
// same checks see glibc's defaults, so this test can fail.
func TestMemTuneApplied(t *testing.T) {
	if os.Getenv("MALLOC_ARENA_MAX") != "" || os.Getenv("MALLOC_MMAP_THRESHOLD_") != "" {
		t.Skip("MALLOC_* set by the user: the app leaves them alone")
	}
	off := os.Getenv(EnvMemTune) == "0"
	if off {
		if memTuned.arenaMax || memTuned.mmapThreshold {
			t.Fatalf("%s=0 but knobs applied: %+v", EnvMemTune, memTuned)
		}
	} else if !memTuned.arenaMax || !memTuned.mmapThreshold {
		t.Fatalf("knobs not applied: %+v", memTuned)
	}
	if os.Getenv("GROGNARD_MEMTUNE_CHILD") == "" {
		// The measurements run in fresh children, with the knobs and
		// without: in this process, after the other tests, the arena may
		// hold a free chunk of 1 MiB already, which malloc serves before
		// it ever asks the mmap threshold (CI failed on that).
		for _, env := range []string{"", EnvMemTune + "=0"} {
			cmd := exec.Command(os.Args[0], "-test.run", "^TestMemTuneApplied$", "-test.v", "-test.count=1")
			// Without DISPLAY, so that TestMain opens no window in the child.
			for _, kv := range os.Environ() {
				if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, EnvMemTune+"=") {
					cmd.Env = append(cmd.Env, kv)
				}
			}
			cmd.Env = append(cmd.Env, "GROGNARD_MEMTUNE_CHILD=1")
			if env != "" {
				cmd.Env = append(cmd.Env, env)
			}
			out, err := cmd.CombinedOutput()
			if err != nil || !strings.Contains(string(out), "--- PASS: TestMemTuneApplied") {
				t.Fatalf("child with %q: %v\n%s", env, err, out)
			}
			t.Logf("child with %q:\n%s", env, out)
		}
		return
	}
	n := mallocArenas(8)
	mm := mmappedAfterBigFree()
	t.Logf("%s=%q: %d arenas after 8 threads, 1 MiB mmapped after an 8 MiB free: %v", EnvMemTune, os.Getenv(EnvMemTune), n, mm)
	if off {
		// glibc's defaults: a new arena per thread (up to 8 per core), and
		// the dynamic threshold serves the 1 MiB block from the heap.
		if n <= memArenaMax || mm {
			t.Fatalf("defaults expected with %s=0: %d arenas, mmapped %v", EnvMemTune, n, mm)
		}
		return
	}
	if n > memArenaMax {
		t.Errorf("%d malloc arenas, want at most %d (M_ARENA_MAX)", n, memArenaMax)
	}
	if !mm {
		t.Errorf("a 1 MiB block came from the heap after an 8 MiB free: M_MMAP_THRESHOLD is not fixed")
	}
}
