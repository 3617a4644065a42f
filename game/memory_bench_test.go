//go:build unix

package game

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// BenchmarkScreenshotMemory builds the grognard binary and runs
// `grognard screenshot SCENARIO` under the current display, reporting the
// child's peak resident memory (maxrss-MB): drawing the board must not make
// llvmpipe or Ebitengine's command queue hold gigabytes.
//
//	xvfb-run -a -s "-screen 0 1280x800x24" go test -run XXX -bench ScreenshotMemory -benchtime 1x ./game/
func BenchmarkScreenshotMemory(b *testing.B) {
	if os.Getenv("DISPLAY") == "" {
		b.Skip("no display (run under xvfb-run)")
	}
	dir := b.TempDir()
	bin := filepath.Join(dir, "grognard")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	for _, sc := range []string{"almansa-1707", "albuera-1811"} {
		b.Run(sc, func(b *testing.B) {
			var peak int64
			for i := 0; i < b.N; i++ {
				cmd := exec.Command(bin, "screenshot", sc, "--out", filepath.Join(dir, sc+".png"))
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("screenshot %s: %v\n%s", sc, err, out)
				}
				if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
					peak = max(peak, ru.Maxrss) // kB on Linux
				}
			}
			b.ReportMetric(float64(peak)/1024, "maxrss-MB")
		})
	}
}
