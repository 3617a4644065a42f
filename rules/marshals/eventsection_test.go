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
