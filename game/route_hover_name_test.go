package game

import (
	"strings"
	"testing"
)

// TestRule5_3_RouteHoverNamesTheZone: the hover of a place a stack reaches
// in several steps names the zone ("Move to Santa Cruz del Retamar in 2
// steps"), not its id ("santa-cruz-retamar"), as seen playing the Retreat
// by clicks.
func TestRule5_3_RouteHoverNamesTheZone(t *testing.T) {
	s := bargasActivated(t, 1, true)
	if s.Selected == "" {
		t.Fatal("nothing selected after the activation")
	}
	routes := 0
	for loc, r := range s.Routes() {
		if len(r.Steps) < 2 || len(s.TargetActions(loc)) > 0 {
			continue
		}
		lines := s.HoverText(loc)
		if len(lines) == 0 {
			t.Fatalf("%s: no hover", loc)
		}
		name := s.placeName(loc)
		if name == loc {
			t.Fatalf("%s has no zone name", loc)
		}
		if !strings.Contains(lines[0], "Move to "+name+" in ") {
			t.Errorf("%s: hover %q does not name the zone %q", loc, lines[0], name)
		}
		routes++
	}
	if routes == 0 {
		t.Fatal("no place reached in several steps: the test needs one")
	}
}
