package game

import "testing"

// TestMenuContinueNamesTheScenario (session 21): the Continue button's
// second line read "Pozo, 23 October 1812, turn 1", the scenario's title
// cut from its start. A title too long drops its date first.
func TestMenuContinueNamesTheScenario(t *testing.T) {
	title := "Bloody Ambush at Venta del Pozo, 23 October 1812, turn 1"
	fits := func(n int) func(string) bool { return func(s string) bool { return len(s) <= n } }
	for n, want := range map[int]string{
		60: title,
		40: "Bloody Ambush at Venta del Pozo, turn 1",
		30: "Venta del Pozo, turn 1",
	} {
		if got := firstFitting(fits(n), title); got != want {
			t.Errorf("in %d characters: %q, want %q", n, got, want)
		}
	}
}
