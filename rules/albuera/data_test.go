package albuera

import "testing"

func TestRule2_FixtureLoads(t *testing.T) {
	sc := fixture(t)
	if len(sc.Units) < 10 || len(sc.Setup) < 10 {
		t.Fatalf("units %d setup %d", len(sc.Units), len(sc.Setup))
	}
}
