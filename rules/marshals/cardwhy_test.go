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

// TestRule4_0_WhyNotPlayInAgrees: WhyNotPlayIn, given the decider's legal
// actions (the app passes its view's), says exactly what WhyNotPlay says
// for every event, held or not, at the operation choice and before the
// draw [4.0].
func TestRule4_0_WhyNotPlayInAgrees(t *testing.T) {
	s := opsState(t, French)
	s.Hands[French] = []string{"renfort", "genie"}
	for _, moment := range []string{"operation choice", "before the draw"} {
		if moment == "before the draw" {
			s.Phase, s.Sub, s.Cur = PhEvents, SubBefore, French
		}
		legal := s.Legal()
		playable := 0
		for card := range Events {
			want := s.WhyNotPlay(card)
			if got := s.WhyNotPlayIn(card, legal); got != want {
				t.Errorf("%s, %s: WhyNotPlayIn %q, WhyNotPlay %q", moment, card, got, want)
			}
			if want == "" {
				playable++
			}
		}
		if moment == "before the draw" && playable == 0 {
			t.Error("Renfort is not playable before the draw: the comparison proves little")
		}
	}
}
