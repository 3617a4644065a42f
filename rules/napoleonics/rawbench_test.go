package napoleonics

import (
	"testing"
	"time"

	"grognard/rules/rulestest"
)

// BenchmarkRawPlayout is issue #20's measure: random legal play with no
// checks (go test -run X -bench RawPlayout -benchtime 20000x).
func BenchmarkRawPlayout(b *testing.B) {
	t0 := time.Now()
	rulestest.BenchmarkRaw(b, ScenarioID, func() int64 { return int64(time.Since(t0)) })
}
