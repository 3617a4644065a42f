package game

import (
	"strings"
	"testing"
)

// TestDecoySetupShowsNextStep: after the first starting decoy is placed
// [7.5] the next decoy to place is selected at once (not the placed one,
// whose hint said "no move is under way [5.3]"), its lit zones are the
// highlights, and the prompt counts "1 of N placed"; the same after each
// one until the French decoys are all placed.
func TestDecoySetupShowsNextStep(t *testing.T) {
	s, err := NewSession("marshals-talavera", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	first := s.Selected
	if first == "" || len(s.Highlights()) == 0 {
		t.Fatalf("the opening decoy: selected %q, %d lit zones", first, len(s.Highlights()))
	}
	for placed := 1; placed <= 2; placed++ {
		hs := s.Highlights()
		if _, err := s.ClickLoc(hs[0].At); err != nil {
			t.Fatal(err)
		}
		if s.Selected == "" || s.Selected == first {
			t.Fatalf("after %d placed the selection is %q (the placed decoy %q)", placed, s.Selected, first)
		}
		if len(s.Highlights()) == 0 {
			t.Fatalf("after %d placed no zone is lit", placed)
		}
		if strings.Contains(s.SelectionStatus(), "no move is under way") {
			t.Errorf("after %d placed the hint says %q", placed, s.SelectionStatus())
		}
		if p := s.View().Status.Prompt; !strings.Contains(p, "placed") {
			t.Errorf("prompt %q does not count the decoys placed", p)
		}
		first = s.Selected
	}
}

// TestLastDecoyPlacedLeavesNoStaleSelection: once the last starting decoy
// is placed and the next decision is a panel choice (the Allied commander
// in chief [CR6]), no counter stays selected.
func TestLastDecoyPlacedLeavesNoStaleSelection(t *testing.T) {
	s, err := NewSession("marshals-talavera", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	for n := 0; n < 30 && strings.Contains(s.View().Status.SubPhase, "decoy"); n++ {
		if s.Waiting() {
			s.TakeSeat()
			continue
		}
		if _, err := s.ClickLoc(s.Highlights()[0].At); err != nil {
			t.Fatal(err)
		}
	}
	if strings.Contains(s.View().Status.SubPhase, "decoy") || s.Waiting() {
		t.Fatalf("still at %s (waiting %v)", s.View().Status.SubPhase, s.Waiting())
	}
	if s.Selected != "" {
		t.Errorf("after the last decoy %q stays selected at %s", s.Selected, s.View().Status.SubPhase)
	}
}
