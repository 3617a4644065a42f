package game

import (
	"strings"
	"testing"
)

// TestCardClickSaysHowWhenPlayableNow: a click on a held card playable
// now but by the buttons below (Guerilla, one button per zone [EV
// Guerilla]) says how, not "cannot be played now: playable now".
func TestCardClickSaysHowWhenPlayableNow(t *testing.T) {
	if got := cardClickWhy("Guerilla", "playable now: choose how with the buttons below"); strings.Contains(got, "cannot") || !strings.HasPrefix(got, "Guerilla: playable now") {
		t.Fatalf("%q", got)
	}
	if got := cardClickWhy("Gué", "its moment is at the start of your operation [5.2]"); got != "Gué cannot be played now: its moment is at the start of your operation [5.2]" {
		t.Fatalf("%q", got)
	}
}
