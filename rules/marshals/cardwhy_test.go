package marshals

import (
	"strings"
	"testing"
)

// TestRule4_0_WhyNotPlayHeldEvent: a held event [4.0] that cannot be
// played now says the moment it waits for, with its rule; at its moment
// (Renfort before the draw) the reason is empty; an event the side does
// not hold says so.
func TestRule4_0_WhyNotPlayHeldEvent(t *testing.T) {
	s := opsState(t, French)
	s.Hands[French] = []string{"renfort", "genie"}
	if w := s.WhyNotPlay("genie"); w != "its moment is when a stack with divisional infantry is activated at a bridge [EV Génie]" {
		t.Errorf("Génie at the operation choice: %q", w)
	}
	if w := s.WhyNotPlay("renfort"); !strings.Contains(w, "its moment is before the draw [EV Renfort]") {
		t.Errorf("Renfort at the operation choice: %q", w)
	}
	if w := s.WhyNotPlay("elan"); !strings.Contains(w, "does not hold it [4.0]") {
		t.Errorf("an event not held: %q", w)
	}
	s.Phase, s.Sub, s.Cur = PhEvents, SubBefore, French
	if w := s.WhyNotPlay("renfort"); w != "" {
		t.Errorf("Renfort before the draw: %q, want playable", w)
	}
}
