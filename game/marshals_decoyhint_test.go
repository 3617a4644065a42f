package game

import (
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
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

// TestRule7_5_AlliedDecoyHintNotCutUnderTheHand: the Allied player
// holding Génie and Guerilla saw his sixth decoy's card end "... with a
// line of communication to one of your depots [7.5]. 6": the hint had a
// third line the room under the held markers could not hold. It now
// says the decoys left first and fits two lines of the card; a paragraph
// the card still cannot hold ends with "…" (render.DrawSelectionCard).
func TestRule7_5_AlliedDecoyHintNotCutUnderTheHand(t *testing.T) {
	g := marshalsTo(t, "marshals-talavera", func(st rules.Status) bool {
		return strings.HasPrefix(st.SubPhase, "place a starting decoy") && st.Decider == 1
	})
	s, b := marshalsPanel(t, g)
	u, ok := s.Unit(s.Selected)
	if !ok || len(u.Detail) == 0 {
		t.Fatalf("no decoy card: %q", s.Selected)
	}
	hint := u.Detail[len(u.Detail)-1]
	if !strings.HasPrefix(hint, "6 decoys left to place [7.5]") {
		t.Errorf("the hint begins %q", hint)
	}
	if n := len(render.Wrap(hint, render.Face(12), float64(b.cardRect.Dx()-20))); n > 2 {
		t.Errorf("the hint takes %d lines of the card: %q", n, hint)
	}
}
