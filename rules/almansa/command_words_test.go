package almansa

import (
	"strings"
	"testing"
)

// TestRule6_OutOfCommandLineNamesTheUnits (session 21): the log read "1
// Bourbon unit(s) beyond their leader's radius", naming nobody. It counts
// one and many in words and names the units [6] [14].
func TestRule6_OutOfCommandLineNamesTheUnits(t *testing.T) {
	s := fresh(t, nil)
	ids := []string{}
	for i := range s.Units {
		if s.def(i).Combat() && len(ids) < 5 {
			ids = append(ids, s.def(i).ID)
		}
	}
	if got := s.namesOf(ids[:1]); got != s.name(s.idx(ids[0])) {
		t.Errorf("one unit: %q", got)
	}
	if got := s.namesOf(ids); !strings.HasSuffix(got, ", 2 more") || strings.Count(got, ",") != 3 {
		t.Errorf("five units: %q", got)
	}
	if countOf(1, "Bourbon unit", "Bourbon units") != "1 Bourbon unit" || countOf(3, "unit", "units") != "3 units" {
		t.Error("countOf")
	}
	if pickWord(1, "its", "their") != "its" || pickWord(2, "its", "their") != "their" {
		t.Error("pickWord")
	}
}
