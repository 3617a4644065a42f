package almansa

import (
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule5_ComputerReasonsReadWell: the computer's log lines give a
// reason in words with its rule: the end of a phase says why by side and
// phase [5], a move into contact says so (never "1 hex(es)"), a shock
// gives the attacker's own risks apart [13].
func TestRule5_ComputerReasonsReadWell(t *testing.T) {
	s := board(t, nil, phaseAMove)
	if r := s.ReasonFor(rules.Action{Kind: "end"}); !strings.Contains(r, "keeping their steps") || !strings.Contains(r, "[5]") {
		t.Errorf("Allied end of movement: %q", r)
	}
	s = board(t, nil, phaseBShock)
	if r := s.ReasonFor(rules.Action{Kind: "end"}); !strings.Contains(r, "[13]") || strings.Contains(r, "nothing better") {
		t.Errorf("Bourbon end of shock: %q", r)
	}
	s.put("lb1", "0414", 1)
	s.put("v1", "0514", 4)
	sh, ok := rules.FindLegal(s, rules.Action{Kind: "shock", Unit: "lb1", To: "0514"})
	if !ok {
		t.Fatal("no shock")
	}
	if r := s.ReasonFor(sh); !strings.Contains(r, "column") || !strings.Contains(r, "we lose one") || !strings.Contains(r, "our morale check") {
		t.Errorf("shock: %q", r)
	}
	s = board(t, nil, phaseBMove)
	s.put("lb1", "0314", 1)
	s.put("v1", "0514", 4)
	if r := s.ReasonFor(rules.Action{Kind: "move", Unit: "lb1", To: "0414"}); !strings.Contains(r, "next to the Allies") || strings.Contains(r, "hex(es)") {
		t.Errorf("move into contact: %q", r)
	}
}
