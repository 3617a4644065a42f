package game

import (
	"math"
	"strings"
	"testing"

	"grognard/render"
)

// TestEventChoiceShowsWhatItDoesBeforeTheClick: at a drawn Marshals event
// [4.0] the panel shows the event's window and effect (the note above the
// buttons), each answer's button carries what it does, and its hover
// explains it whole in a box beside the panel, left of the button, never
// over it; the status strip sends the player to the panel, not to the
// counters.
func TestEventChoiceShowsWhatItDoesBeforeTheClick(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s, err := NewSession("marshals-talavera", 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	for n := 0; n < 40 && !strings.Contains(s.View().Status.SubPhase, "event drawn"); n++ {
		if s.Waiting() {
			s.TakeSeat()
			continue
		}
		if _, err := s.Do(s.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	v := s.View()
	if !strings.Contains(v.Status.SubPhase, "event drawn") {
		t.Fatalf("no event drawn: %s", v.Status.SubPhase)
	}
	note := strings.Join(v.Notes, " ")
	if !strings.Contains(note, "Event drawn:") || !strings.Contains(note, "Played ") {
		t.Fatalf("the note %q says nothing of the event", note)
	}
	a, b := scriptedApp(t, s)
	b.layoutPanel(a)
	seen := 0
	for _, pb := range b.panel {
		if pb.act == nil || pb.isCard {
			continue
		}
		lines := choiceLines(*pb.act)
		if len(lines) < 2 {
			t.Errorf("%q: no explanation on hover", pb.act.Label)
			continue
		}
		seen++
		w := 0.0
		for _, l := range lines {
			lw, _ := render.Measure(l, render.Face(12.5))
			w = math.Max(w, lw)
		}
		// the box b.tooltip draws: from x+14, 20 px wider than the text
		left := float64(pb.b.Rect.Min.X-choiceTipWidth-40) + 14
		if left+w+20 > float64(pb.b.Rect.Min.X) {
			t.Errorf("%q: the hover box (%.0f..%.0f) covers the button at %d", pb.act.Label, left, left+w+20, pb.b.Rect.Min.X)
		}
		if !strings.Contains(pb.b.Sub, pb.act.Info[:20]) {
			t.Errorf("%q: the button's second line %q does not begin what it does", pb.act.Label, pb.b.Sub)
		}
	}
	if seen < 2 {
		t.Errorf("%d answers explained, want both", seen)
	}
	if !b.S.panelDecision() {
		t.Error("the event choice should be the panel's, with no counter marked")
	}
}
