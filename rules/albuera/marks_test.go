package albuera

import (
	"flag"
	"os"
	"testing"
)

// TestMain turns on checkMarks for the tests (every refresh of the
// occupancy index by marks also compares all units and fails on a change
// nobody marked), and leaves it off for benchmarks.
func TestMain(m *testing.M) {
	flag.Parse()
	checkMarks = flag.Lookup("test.bench").Value.String() == ""
	os.Exit(m.Run())
}
