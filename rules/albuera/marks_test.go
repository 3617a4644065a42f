package albuera

import "testing"

// The package's tests run with checkMarks on: every refresh of the
// occupancy index by marks also compares all units and fails on a change
// nobody marked (index.go). Benchmarks turn it off (noMarkChecks).
func init() { checkMarks = true }

// noMarkChecks turns checkMarks off for a benchmark and back on after it.
func noMarkChecks(b *testing.B) {
	checkMarks = false
	b.Cleanup(func() { checkMarks = true })
}
