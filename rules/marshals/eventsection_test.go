package marshals

import (
	"strings"
	"testing"
)

// TestRule4_0_EventsSectionCitesEveryMarker: the reference's event
// markers section [4.0] (built in the window until now, provided here)
// has a heading with its citation for each marker of events.txt, with
// who holds it and what it does.
func TestRule4_0_EventsSectionCitesEveryMarker(t *testing.T) {
	got := EventsSection()
	if !strings.HasPrefix(got, "\n\n## The event markers [4.0]") {
		t.Fatalf("the section begins %q", got[:min(60, len(got))])
	}
	n := strings.Count(got, "\n### ")
	if n < 20 {
		t.Errorf("%d markers in the section", n)
	}
	for _, want := range []string{"[EV Chargez]", "[EV Guerilla]", "[EV Initiative]", "Held by "} {
		if !strings.Contains(got, want) {
			t.Errorf("the section lacks %q", want)
		}
	}
}

// TestRule4_0_DrawnEventSaysInTheEventsPhase: the drawn Orage read
// "Played events phase, as soon as drawn"; the note and the Keep answer
// now say "in the events phase".
func TestRule4_0_DrawnEventSaysInTheEventsPhase(t *testing.T) {
	if got := drawnNote("orage"); !strings.Contains(got, "Played in the events phase, as soon as drawn") {
		t.Errorf("the note says %q", got)
	}
	for _, e := range []string{"orage", "chargez", "mitraille"} {
		if got := drawnInfo(e, "keep"); strings.Contains(got, "play it events") || strings.Contains(drawnNote(e), "Played events") {
			t.Errorf("%s: %q", e, got)
		}
	}
}
