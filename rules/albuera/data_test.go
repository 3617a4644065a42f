package albuera

import "testing"

func TestRule2_FixtureLoads(t *testing.T) {
	sc := fixture(t)
	if len(sc.Units) < 10 || len(sc.Setup) < 10 {
		t.Fatalf("units %d setup %d", len(sc.Units), len(sc.Setup))
	}
}

func TestRule2_ScenarioLoads(t *testing.T) {
	sc, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(sc); err != nil {
		t.Fatal(err)
	}
}
