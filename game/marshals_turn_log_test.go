package game

import (
	"slices"
	"strings"
	"testing"

	"grognard/rules"
)

// TestLogFoldsRepeatedLines: lines that repeat the one before are one
// counted line, the count before the rule cited.
func TestLogFoldsRepeatedLines(t *testing.T) {
	in := []string{"a [1]", "x [7.5]", "x [7.5]", "x [7.5]", "b", "b", "c (d [5.4]) [5.4.4] [5.4.3]", "c (d [5.4]) [5.4.4] [5.4.3]", "x [7.5]"}
	want := []string{"a [1]", "x ×3 [7.5]", "b ×2", "c (d [5.4]) ×2 [5.4.4] [5.4.3]", "x [7.5]"}
	if got := foldRepeats(in); !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if got := foldRepeats(nil); len(got) != 0 {
		t.Errorf("nil: %q", got)
	}
}

// TestRule7_5_DecoyPlacementsReadAsOneLine (seen playing Ocaña by clicks:
// the Allied player read "French places a counter [7.5]" six times, and
// the administration's recovery tests [7.9] likewise): the other side's
// log holds one line with the count; the placing side still reads each
// of its own decoys' zones.
func TestRule7_5_DecoyPlacementsReadAsOneLine(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s, err := NewSession("marshals-ocana", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	for n := 0; n < 6; n++ {
		legal := s.Game.State.Legal()
		if len(legal) == 0 || s.Game.State.Status().Decider != 0 {
			t.Fatalf("placement %d: decider %v", n, s.Game.State.Status().Decider)
		}
		if _, err := s.Game.ApplyOne(legal[n%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	s.Viewer = rules.Side(1)
	lines := s.LogLines()
	if !slices.Contains(lines, "French places a counter ×6 [7.5]") {
		t.Errorf("the Allied log: %q", lines)
	}
	s.Viewer = rules.Side(0)
	own := 0
	for _, l := range s.LogLines() {
		if strings.HasPrefix(l, "Decoy placed at ") {
			own++
		}
	}
	if own != 6 {
		t.Errorf("the French log names %d of its 6 decoys' zones", own)
	}
}
