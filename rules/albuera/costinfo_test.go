package albuera

import "testing"

// TestRule7_1_ArrayChangeCostSaidInMP: an array change's Info said
// "cost=8" on the panel (newcomer issue #18 point 4); it says "4 MP" and
// reads back as 8 half MPs, and an older save's "cost=8" still does.
func TestRule7_1_ArrayChangeCostSaidInMP(t *testing.T) {
	for halves, want := range map[int]string{8: "4 MP", 3: "1.5 MP", 2: "1 MP"} {
		if got := costInfo(halves); got != want {
			t.Errorf("costInfo(%d) = %q, want %q", halves, got, want)
		}
		if back := costOfInfo(costInfo(halves), -1); back != halves {
			t.Errorf("costOfInfo(%q) = %d, want %d", costInfo(halves), back, halves)
		}
	}
	if got := costOfInfo("cost=8", -1); got != 8 {
		t.Errorf("an older save's cost=8 reads %d", got)
	}
	if got := costOfInfo("", 2); got != 2 {
		t.Errorf("no cost reads %d, want the default 2", got)
	}
}
