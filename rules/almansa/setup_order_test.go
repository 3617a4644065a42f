package almansa

import (
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule6_AttachTheReserveThenTakeTheHistoricalSetUp: attaching the
// cavalry reserve to a formation [6] does not give up the historical
// set-up [4]: it is still offered, places every Bourbon unit at its
// historical hex, and keeps the reserve with the formation chosen. Taken
// the other way round the historical set-up attaches the reserve as in
// 1707 (and may be undone to attach it first).
func TestRule6_AttachTheReserveThenTakeTheHistoricalSetUp(t *testing.T) {
	s := fresh(t, nil)
	var attach []string
	for _, a := range s.Legal() {
		if strings.HasPrefix(a.Choice, "attach:") {
			attach = append(attach, a.Choice)
		}
	}
	if len(attach) == 0 {
		t.Fatal("no attachment of the reserve offered [6]")
	}
	taken := 0
	for _, choice := range attach {
		s := fresh(t, nil)
		apply(t, s, rules_choose(choice))
		form := strings.TrimPrefix(choice, "attach:")
		hist := false
		for _, a := range s.Legal() {
			hist = hist || a.Choice == "historical"
		}
		if !hist {
			// Only when the reserve, attached there, could not stand at
			// its historical hexes; then the reason is the system's.
			t.Logf("%s: historical set-up not offered: %s", choice, s.historicalProblem(Bourbon))
			continue
		}
		taken++
		apply(t, s, rules_choose("historical"))
		moved := form != s.def(s.idx(s.reserveIDs()[0])).Attach
		for i := range s.Units {
			d := s.def(i)
			if d.Side != Bourbon {
				continue
			}
			if d.Reserve && s.Units[i].Form != form {
				t.Fatalf("%s: the reserve %s went back to %s", choice, d.ID, s.Units[i].Form)
			}
			if d.Reserve && moved {
				continue
			}
			if !s.Units[i].On || s.Units[i].At != s.historicalHex(i) {
				t.Fatalf("%s: %s not at its historical hex", choice, d.ID)
			}
		}
		// The reserve, attached elsewhere, deploys on its new formation's
		// hexes [4]; then the Allied set-up begins.
		for n := 0; moved && n < 4 && s.Phase == phaseSetupB; n++ {
			var dep *rules.Action
			for _, a := range s.Legal() {
				if a.Kind == "deploy" {
					a := a
					dep = &a
					break
				}
			}
			if dep == nil {
				t.Fatalf("%s: nothing to deploy; legal %v", choice, s.Legal())
			}
			apply(t, s, *dep)
		}
		if s.Phase == phaseSetupB {
			t.Fatalf("%s: the Bourbon set-up did not end", choice)
		}
	}
	if taken != len(attach) {
		t.Fatalf("the historical set-up follows only %d of %d attachments", taken, len(attach))
	}
	// The historical set-up alone attaches the reserve as in 1707.
	s = fresh(t, nil)
	apply(t, s, rules_choose("historical"))
	for i := range s.Units {
		if d := s.def(i); d.Reserve && s.Units[i].Form != d.Attach {
			t.Fatalf("the historical set-up left %s with %q, want %q", d.ID, s.Units[i].Form, d.Attach)
		}
	}
}
