package rulestest

import (
	"testing"

	"grognard/rules"
)

// BenchmarkRaw measures rules.RawPlayout of scenario over b.N actions and
// reports actions/s, allocs/action, B/action and the mean Legal, Apply and
// Clone times (issue #20). now is the test's clock in nanoseconds, e.g.
//
//	t0 := time.Now()
//	rulestest.BenchmarkRaw(b, ScenarioID, func() int64 { return int64(time.Since(t0)) })
func BenchmarkRaw(b *testing.B, scenario string, now func() int64) {
	b.ReportAllocs()
	b.ResetTimer()
	r, err := rules.RawPlayout(scenario, 1, nil, b.N, now)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(r.PerSecond(), "actions/s")
	b.ReportMetric(r.AllocsPerAction(), "allocs/action")
	b.ReportMetric(r.BytesPerAction(), "B/action")
	b.ReportMetric(r.LegalMean(), "legal-ns")
	b.ReportMetric(r.ApplyMean(), "apply-ns")
	b.ReportMetric(r.CloneMean(), "clone-ns")
}
