//go:build memprobe

package game

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// A probe of Ebitengine's atlas pages for TestSoakEvening (#22 item 8),
// built only with the tag memprobe against a patched Ebitengine that
// lists every page's images, grouped by the caller that allocated them,
// and logs each page's growth (testdata/ebiten-atlas-probe.patch, for
// v2.10.4). The patched copy is used through a go.mod of its own, never
// committed:
//
//	cp -r $(go env GOMODCACHE)/github.com/hajimehoshi/ebiten/v2@v2.10.4 /tmp/ebiten && chmod -R u+w /tmp/ebiten
//	(cd /tmp/ebiten && patch -p1 < $OLDPWD/game/testdata/ebiten-atlas-probe.patch)
//	cp go.mod /tmp/probe.mod && cp go.sum /tmp/probe.sum
//	echo 'replace github.com/hajimehoshi/ebiten/v2 => /tmp/ebiten' >> /tmp/probe.mod
//	GROGNARD_SOAK_EVENING=8m GROGNARD_SOAK_SCENARIOS=marshals-three-armies GROGNARD_SOAK_GAMES=1 \
//	  xvfb-run -a -s "-screen 0 1280x800x24" go test -tags memprobe -modfile=/tmp/probe.mod \
//	  -count=1 -run 'TestSoakEvening$' ./game/
func init() {
	eveningProbe = func(at string) {
		fmt.Fprintf(os.Stderr, "=== probe %s\n%s\n", at, ebiten.ProbeAtlas())
		// and the Go heap left on the menu: go tool pprof -sample_index=inuse_space
		if dir := os.Getenv("GROGNARD_PROBE_HEAP"); dir != "" && strings.HasSuffix(at, "on the menu") {
			runtime.GC()
			if f, err := os.Create(fmt.Sprintf("%s/heap-%s.pprof", dir, strings.Fields(at)[0])); err == nil {
				_ = pprof.WriteHeapProfile(f)
				f.Close()
			}
		}
	}
}
