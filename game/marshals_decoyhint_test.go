package game

import (
	"strings"
	"testing"
)

// TestRule7_5_DecoySetupPanelCard: at the start of a Marshals game the
// French place their starting decoys [7.5]: the decoy to place is
// selected and found in the view, so the side panel draws its card with
// what to do, how many are left and the rule, and the status line says it
// too (the panel was empty before).
func TestRule7_5_DecoySetupPanelCard(t *testing.T) {
	s, err := NewSession("marshals-talavera", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	u, ok := s.Unit(s.Selected)
	if s.Selected == "" || !ok {
		t.Fatalf("selected %q, in the view %v: the panel's card is empty", s.Selected, ok)
	}
	d := strings.Join(u.Detail, " ")
	if !strings.Contains(d, "[7.5]") || !strings.Contains(d, "left to place") {
		t.Errorf("the card says %q", d)
	}
	if h := s.SelectionStatus(); !strings.Contains(h, "lit places") || !strings.Contains(h, "[7.5]") {
		t.Errorf("status line %q", h)
	}
}
