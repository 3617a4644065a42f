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

// TestRule11_EvaluationCountsTheVolleyInPlace: the evaluation counts the
// next Bourbon volley's expected steps, for every Allied unit of the hex
// fired at [11], only from Bourbon infantry that has the hex in a front
// hex [7]; an Allied army under such fire scores worse for the Allies.
func TestRule11_EvaluationCountsTheVolleyInPlace(t *testing.T) {
	s := board(t, nil, phaseAMove)
	s.put("lb1", "0414", 1) // facing 1: 0514 is a front hex
	s.put("v1", "0514", 4)
	one := s.aiThreat()
	if one <= 0 {
		t.Fatalf("an Allied unit in front of Bourbon infantry: threat %v", one)
	}
	s.put("v6", "0514", 4)
	if two := s.aiThreat(); two < 2*one-1e-9 {
		t.Errorf("a stack of two under the same fire: %v, want twice %v", two, one)
	}
	stacked := s.Evaluate(Allied)
	s.put("v6", "0816", 4) // out of reach
	if alone := s.Evaluate(Allied); alone <= stacked {
		t.Errorf("the Allies score %v with a stack under fire, %v without: want better without", stacked, alone)
	}
	s.put("lb1", "0414", 4) // facing away: 0514 is behind it
	if th := s.aiThreat(); th != 0 {
		t.Errorf("infantry fires only at its front hexes [11]: threat %v", th)
	}
}

// TestRule6_MoveReasonSaysTheLeaderMustFollow: a Bourbon move that ends
// beyond the formation leader's command radius says that he must follow
// before the phase ends, or the unit is out of command next turn [6]: a
// learner following the hint (troops first) must know it.
func TestRule6_MoveReasonSaysTheLeaderMustFollow(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("lb1", "0314", 1)
	s.put("v1", "1014", 4)
	l := s.sc.Form(s.Units[s.idx("lb1")].Form).Leader
	s.put(l, "0314", 1)
	near := s.ReasonFor(rules.Action{Kind: "move", Unit: "lb1", To: "0414"})
	if strings.Contains(near, "must follow") {
		t.Errorf("within the radius: %q", near)
	}
	far := s.ReasonFor(rules.Action{Kind: "move", Unit: "lb1", To: "0914"})
	if !strings.Contains(far, "must follow") || !strings.Contains(far, "[6]") {
		t.Errorf("beyond the radius: %q", far)
	}
}
