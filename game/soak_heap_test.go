//go:build memheap

package game

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
)

// A probe of the Go heap for TestSoakEvening (#22 item 8), built only with
// the tag memheap (no patched Ebitengine needed, unlike soak_probe_test.go):
// on the menu after each game it writes the heap's profile to
// GROGNARD_PROBE_HEAP/heap-N-ID.pprof (and the fresh menu's to
// heap-0-fresh.pprof), for
//
//	go tool pprof -sample_index=inuse_space -top -base heap-0-fresh.pprof heap-3-albuera-1811.pprof
//
//	GROGNARD_PROBE_HEAP=/tmp/heap GROGNARD_SOAK_EVENING=6m xvfb-run -a -s "-screen 0 1280x800x24" \
//	  go test -tags memheap -count=1 -run 'TestSoakEvening$' ./game/
func init() {
	n := 0
	eveningProbe = func(at string) {
		dir := os.Getenv("GROGNARD_PROBE_HEAP")
		if dir == "" || !strings.HasSuffix(at, "on the menu") {
			return
		}
		runtime.GC()
		name := "fresh"
		if !strings.HasPrefix(at, "fresh") {
			n++
			name = strings.Fields(at)[0]
			name = strings.TrimSuffix(name, ",")
		}
		if f, err := os.Create(fmt.Sprintf("%s/heap-%d-%s.pprof", dir, n, name)); err == nil {
			_ = pprof.WriteHeapProfile(f)
			f.Close()
		}
	}
}
