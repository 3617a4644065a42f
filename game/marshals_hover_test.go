package game

import (
	"strings"
	"testing"
)

// TestRule5_2_ActivateAStackHoverSaysWhatFollows: at the first choice of
// an operation [5.0] the status strip said "point at a button to read
// what it does", but pointing at "Activate a stack at Bargas" showed
// nothing. Its hover now says the steps that follow (leave units behind
// [5.1], the command test [5.2], the move [5.3], the forced passage
// [5.3.3]), and its button keeps one line, so the activations still fill
// the panel.
func TestRule5_2_ActivateAStackHoverSaysWhatFollows(t *testing.T) {
	s, b := marshalsPanelAt(t, 1)
	n := 0
	for _, pb := range b.panel {
		if pb.act == nil || pb.act.Kind != "order" {
			continue
		}
		n++
		got := strings.Join(s.axisWhatLines(*pb.act), " ")
		for _, want := range []string{"[5.1]", "command test", "[5.3.3]"} {
			if !strings.Contains(got, want) {
				t.Errorf("%q: the hover says %q, want %q", pb.act.Label, got, want)
			}
		}
		if pb.b.Sub != "[5.2]" {
			t.Errorf("%q: the button's second line is %q", pb.act.Label, pb.b.Sub)
		}
	}
	if n == 0 {
		t.Fatal("no activation laid out")
	}
}
