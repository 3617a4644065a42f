package game

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestEndPhaseQuestionSaysWhatComesNext: Almansa's Bourbon movement with
// every unit unmoved, Space asks "End the movement phase?" naming the
// units that have not moved and, before the question, what the end leads
// to (the next phase with its rule and who decides), as the button's
// hover does.
func TestEndPhaseQuestionSaysWhatComesNext(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := almSetUp(t)
	a, b := scriptedApp(t, s)
	var end string
	for _, act := range s.Legal() {
		if act.Kind == "end" {
			end = s.endLeadsTo(act)
		}
	}
	if !strings.HasPrefix(end, "Then: ") {
		t.Fatalf("no end of the phase or nothing after it: %q", end)
	}
	step(t, a, Key(ebiten.KeySpace, false))
	if b.dialog == nil {
		t.Fatal("Space with unmoved units did not ask")
	}
	txt := b.dialog.text
	i, j := strings.Index(txt, end), strings.LastIndex(txt, "?")
	if i < 0 || i > j {
		t.Errorf("the question %q does not say %q before asking", txt, end)
	}
}

// TestSelectionHintCostOnlyWhenEveryLitPlaceShowsIt: an Almansa unit
// selected in the movement phase lights the ends of its routes (labelled
// "2 MP", "5 1/2 MP"...); the hint along the bottom said "click one of 60
// lit places (1 MP)", the cost of a one-hex step only. It names no cost
// now that the lit places' costs differ.
func TestSelectionHintCostOnlyWhenEveryLitPlaceShowsIt(t *testing.T) {
	s := almansaMovement(t)
	var unit string
	for _, act := range s.Legal() {
		if act.Kind == "move" && act.Unit != "" {
			unit = act.Unit
			break
		}
	}
	s.Select(unit)
	if len(s.Highlights()) < 3 {
		t.Fatalf("%s lights %d places only", unit, len(s.Highlights()))
	}
	if h := s.SelectionHint(); strings.Contains(h, "(1 MP)") {
		t.Errorf("the hint %q gives one step's cost for every lit place", h)
	}
}
