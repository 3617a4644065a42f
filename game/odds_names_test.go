package game

import (
	"strings"
	"testing"

	"grognard/rules"
)

// TestClashOddsRowsShowWhole (newcomer issue #18, Albuera [15.8]: the
// Charge's odds rows read "A+1: attacker loses, back i..." cut by the
// panel): the detail every row shares ("(column -2) [15.8]") is said once
// in the title, so each row keeps what differs; rows of different details,
// or short rows, are left as they are.
func TestClashOddsRowsShowWhole(t *testing.T) {
	lines := []rules.OddsLine{
		{Result: "A+1: attacker loses, back in 1 turns (column -2) [15.8]", Num: 3, Den: 10},
		{Result: "D+1: defender loses, back in 1 turns (column -2) [15.8]", Num: 3, Den: 10},
	}
	title, got := compactOdds("3DGa charges 0607 (3 MP) [9.2]", lines)
	if got[0].Result != "A+1: attacker loses, back in 1 turns" || got[1].Result != "D+1: defender loses, back in 1 turns" {
		t.Errorf("rows: %q, %q", got[0].Result, got[1].Result)
	}
	if !strings.Contains(title, "[15.8]") || !strings.Contains(title, "(column -2)") {
		t.Errorf("title: %q", title)
	}
	if lines[0].Result == got[0].Result {
		t.Error("the caller's rows were changed in place")
	}
	mixed := []rules.OddsLine{{Result: "3DGa passes its Morale Check at last (MC +3 vs 5)"}, {Result: "3DGa fails: eliminated and gone for good [3.4]"}}
	if _, out := compactOdds("t", mixed); out[0].Result != mixed[0].Result || out[1].Result != mixed[1].Result {
		t.Errorf("rows of different details were changed: %v", out)
	}
	short := []rules.OddsLine{{Result: "hit (x) [1]"}, {Result: "miss (x) [1]"}}
	if _, out := compactOdds("t", short); out[0].Result != "hit (x) [1]" {
		t.Errorf("short rows were changed: %v", out)
	}
}
