package almansa

import (
	"strings"
	"testing"

	"grognard/rules"
)

// legalLabel is the label of the legal action matching a's key.
func legalLabel(t *testing.T, s *State, a rules.Action) string {
	t.Helper()
	l, ok := rules.FindLegal(s, a)
	if !ok {
		t.Fatalf("%s is not legal", a.Key())
	}
	return l.String()
}

// TestRule11_FireLabelNamesTheFirerThenTheTarget: the fire action read
// "Fire Moura at 1510", as if Moura were the target (#18); it names the
// firer first and the target by its units and hex, with the rule, and so
// does the joining fire, the resolution and the log [11].
func TestRule11_FireLabelNamesTheFirerThenTheTarget(t *testing.T) {
	s := board(t, nil, phaseBFire)
	s.put("lb1", "0414", 1)
	s.put("lb2", "0415", 1)
	s.put("v1", "0514", 4)
	s.put("v6", "0514", 4)
	first := legalLabel(t, s, rules.Action{Kind: "fire", Unit: "lb1", To: "0514"})
	want := s.name(s.idx("lb1")) + " fires at " + s.name(s.idx("v1")) + " and " + s.name(s.idx("v6")) + " in 0514"
	if !strings.HasPrefix(first, want) || !strings.HasSuffix(first, "[11]") {
		t.Errorf("fire label %q, want it to begin %q and cite [11]", first, want)
	}
	if strings.HasPrefix(first, "Fire ") {
		t.Errorf("the label still reads as if the firer were the target: %q", first)
	}
	evs := apply(t, s, rules.Action{Kind: "fire", Unit: "lb1", To: "0514"})
	if len(evs) == 0 || !strings.Contains(evs[len(evs)-1].Text, want) {
		t.Errorf("declaration line %v, want %q", evs, want)
	}
	join := legalLabel(t, s, rules.Action{Kind: "fire", Unit: "lb2", To: "0514"})
	if !strings.HasPrefix(join, s.name(s.idx("lb2"))+" joins the fire at "+s.name(s.idx("v1"))) {
		t.Errorf("joining label %q", join)
	}
	apply(t, s, rules.Action{Kind: "fire", Unit: "lb2", To: "0514"})
	res := legalLabel(t, s, rules.Action{Kind: "fire", Choice: "resolve", To: "0514"})
	if !strings.Contains(res, "Resolve the fire at "+s.name(s.idx("v1"))) {
		t.Errorf("resolution label %q", res)
	}
	apply(t, s, rules.Action{Kind: "fire", Choice: "resolve", To: "0514"})
	evs = roll(t, s, 4)
	if !strings.Contains(evs[0].TextFor(0), "8 CF fire at "+s.name(s.idx("v1"))) {
		t.Errorf("fire line %q", evs[0].TextFor(0))
	}
}

// TestRule13_ShockLabelNamesTheTarget: a shock or a charge names the
// attacker, then the defenders and their hex [13].
func TestRule13_ShockLabelNamesTheTarget(t *testing.T) {
	s := board(t, nil, phaseBShock)
	s.put("lb1", "0414", 1)
	s.put("v1", "0514", 4)
	l := legalLabel(t, s, rules.Action{Kind: "shock", Unit: "lb1", To: "0514"})
	if want := "Shock: " + s.name(s.idx("lb1")) + " attacks " + s.name(s.idx("v1")) + " in 0514"; !strings.HasPrefix(l, want) {
		t.Errorf("shock label %q, want %q", l, want)
	}
}

// citesOnce fails when the line cites tag more than once or not at all.
func citesOnce(t *testing.T, line, tag string) {
	t.Helper()
	if n := strings.Count(line, tag); n != 1 {
		t.Errorf("%q cites %s %d times, want once", line, tag, n)
	}
}

// TestRule14_RoutCheckLineCitesItsRuleOnce: "Guardias Espanolas holds: 5
// against 6 (morale +2 second disorganisation [14]) [14]" cited [14] twice
// on one line; the modifier keeps its words, the line cites [14] once and
// says which check it was [14].
func TestRule14_RoutCheckLineCitesItsRuleOnce(t *testing.T) {
	s := board(t, nil, phaseBFire)
	s.put("v1", "0514", 4) // morale 3
	s.unit("v1").DSG = true
	tk, _ := s.mcTask(s.idx("v1"), 0, nil, "fire", "11")
	s.push(tk)
	s.touch()
	evs := roll(t, s, 6) // fails: disorganised again, a rout check
	if s.Tasks[0].Kind != "routcheck" {
		t.Fatalf("a second disorganisation calls a rout check: %+v", s.Tasks)
	}
	evs = roll(t, s, 5) // 5 <= 3+2: holds
	line := evs[0].TextFor(0)
	citesOnce(t, line, "[14]")
	if !strings.Contains(line, "passes its rout check") || !strings.Contains(line, "second disorganisation") {
		t.Errorf("rout check line %q", line)
	}
}

// TestRule11_ModifierOfAnotherRuleKeepsItsTag: a modifier whose rule the
// line does not cite keeps its tag; one the line cites loses it.
func TestRule11_ModifierOfAnotherRuleKeepsItsTag(t *testing.T) {
	mods := []string{"+1 fire into the target's flank or rear [11]", "morale +1 Villaverde stacked [6]"}
	got := withoutOwnRule("11", mods)
	if got[0] != "+1 fire into the target's flank or rear" || got[1] != mods[1] {
		t.Errorf("withoutOwnRule: %q", got)
	}
	if mods[0] != "+1 fire into the target's flank or rear [11]" {
		t.Error("the modifiers were changed in place")
	}
	if got := withoutOwnRule("11, 12", []string{"-1 artillery at long range [12]"}); got[0] != "-1 artillery at long range" {
		t.Errorf("a rule of the list: %q", got)
	}
}

// TestRule5_VictoryLineCitesItsRuleOnce: the end of the game read
// "Bourbon victory: 26 Allied steps destroyed (20 needed) [5] [5]" [5].
func TestRule5_VictoryLineCitesItsRuleOnce(t *testing.T) {
	s := board(t, nil, phaseBFire)
	s.Lost[Allied] = 26
	evs := s.endGame()
	citesOnce(t, evs[0].TextFor(0), "[5]")
	if !strings.Contains(s.Result().Reason, "[5]") {
		t.Errorf("the result's reason keeps its rule: %q", s.Result().Reason)
	}
}
