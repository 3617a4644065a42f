package game

import (
	"strings"
	"testing"

	"grognard/rules/almansa"
)

// TestSelectedIdleUnitSaysWhy: a unit with no action shows the real
// reason with its rule in the status line and the card, never a complaint
// about an empty hex number; a unit of the other side says it is not
// the player's.
func TestSelectedIdleUnitSaysWhy(t *testing.T) {
	s := almSetUp(t)
	s.Select("btrain")
	if got := s.SelectionHint(); got != "supply trains never move [13]" {
		t.Fatalf("Bourbon train at the Bourbon movement: %q", got)
	}
	if st := s.SelectionStatus(); strings.Contains(st, "hex number") || !strings.Contains(st, "[13]") {
		t.Fatalf("status line %q", st)
	}
	s.Select("galway")
	if got := s.SelectionHint(); got != "an Allied unit, not yours: you play the Bourbon" {
		t.Fatalf("an Allied leader selected by the Bourbon player: %q", got)
	}
	u, _ := s.Unit("galway")
	var next string
	for _, c := range []string{"1807", "1808", "2010"} {
		if c != u.At {
			next = c
			break
		}
	}
	if w := s.WhyNot(next); !strings.Contains(w, "not yours") {
		t.Fatalf("hover of a hex with an enemy unit selected: %q", w)
	}
	// A unit that has moved all it may: the system's reason.
	for _, u := range s.View().Units {
		if u.Side != almansa.Bourbon || u.At == "" || s.hasActions(u.ID) {
			continue
		}
		s.Select(u.ID)
		if h := s.SelectionHint(); h == "" || strings.Contains(h, "hex number") || !strings.Contains(h, "[") {
			t.Errorf("%s: %q", u.ID, h)
		}
	}
}
