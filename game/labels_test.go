package game

import (
	"testing"

	"grognard/render"
)

// TestLitHexLabelsNeverCut: a label too long for its hex is left off the
// map (the hover says it whole); short ones stay.
func TestLitHexLabelsNeverCut(t *testing.T) {
	hs := dropLongLabels([]render.Highlight{
		{At: "0101", Text: "1 MP"},
		{At: "0102", Text: "may still be ordered by the card played this turn"},
	})
	if hs[0].Text != "1 MP" || hs[1].Text != "" {
		t.Fatalf("labels %q %q", hs[0].Text, hs[1].Text)
	}
	s := almSetUp(t)
	for _, a := range s.Legal() {
		if a.Kind == "move" {
			s.Select(a.Unit)
			break
		}
	}
	for _, h := range s.Highlights() {
		if w, _ := render.Measure(h.Text, render.Bold(10)); w > pillWidth {
			t.Errorf("%s: %q would be cut", h.At, h.Text)
		}
	}
}
