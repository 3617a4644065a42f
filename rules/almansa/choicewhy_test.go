package almansa

import (
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule6_ChoiceWhySaysWhatEachSetupChoiceDoes: every choice of the
// Bourbon set-up says, before it is clicked, what it does: the historical
// set-up [4], ending it with the reserve where it stands [4] [6], and for
// each formation the reserve may join, the formation, its leader's
// leadership and command radius [6]. Other actions have no text of it.
func TestRule6_ChoiceWhySaysWhatEachSetupChoiceDoes(t *testing.T) {
	s := fresh(t, nil)
	check := func(stage string) {
		t.Helper()
		for _, a := range s.Legal() {
			why := s.ChoiceWhy(a)
			if a.Kind != "choose" {
				if why != "" {
					t.Fatalf("%s: %s has a choice text %q", stage, a.Key(), why)
				}
				continue
			}
			if why == "" {
				t.Fatalf("%s: choice %q says nothing", stage, a.Label)
			}
			if !strings.Contains(why, "[") {
				t.Fatalf("%s: %q cites no rule", stage, why)
			}
			if f, ok := strings.CutPrefix(a.Choice, "attach:"); ok {
				form := s.sc.Form(f)
				l := s.sc.Unit(form.Leader)
				if !strings.Contains(why, form.Name) || !strings.Contains(why, "command radius") ||
					!strings.Contains(why, "Mahony") || (l != nil && !strings.Contains(why, l.Name)) {
					t.Fatalf("%s: %q does not name the formation, its leader and radius", stage, why)
				}
			}
		}
	}
	check("before the set-up")
	apply(t, s, rules.Action{Kind: "choose", Choice: "historical"})
	check("after the historical set-up")
	if why := s.ChoiceWhy(rules.Action{Kind: "choose", Choice: "historical"}); !strings.Contains(why, "Ends the Bourbon set-up") {
		t.Fatalf("Done says %q", why)
	}
	if why := s.ChoiceWhy(rules.Action{Kind: "choose", Choice: "attach:nowhere"}); why != "" {
		t.Fatalf("an unknown formation says %q", why)
	}
	var nilState *State
	if nilState.ChoiceWhy(rules.Action{Kind: "choose"}) != "" {
		t.Fatal("a nil state explains")
	}
}
