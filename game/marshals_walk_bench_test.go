package game

import (
	"os"
	"testing"
)

// BenchmarkFrameMarshals is BenchmarkFrame on The Marshals' zone map (the
// walkthroughs of marshals_walk_test.go draw one such frame a step).
func BenchmarkFrameMarshals(b *testing.B) {
	if os.Getenv("DISPLAY") == "" || winApp == nil {
		b.Skip("no DISPLAY: run under xvfb-run")
	}
	benchFrame(b, "marshals-talavera")
}
