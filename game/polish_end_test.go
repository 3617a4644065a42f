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
