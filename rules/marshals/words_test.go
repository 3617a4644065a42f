package marshals

import (
	"strings"
	"testing"

	"grognard/rules"
)

// TestRuleS_1_FirstTurnInitiativeCitesItsScenario: the initiative of the
// first turn is rule 1 of each scenario's special rules ("The initiative
// automatically goes to ... on the first turn"): scenario n cites [Sn.1]
// (all six cited [S1.1]). Played by random legal actions to the first
// initiative event of each scenario.
func TestRuleS_1_FirstTurnInitiativeCitesItsScenario(t *testing.T) {
	want := map[string]string{"marshals-advance": "S1.1", "marshals-retreat": "S2.1", "marshals-three-armies": "S3.1",
		"marshals-talavera": "S4.1", "marshals-almonacid": "S5.1", "marshals-ocana": "S6.1"}
	for id, rule := range want {
		st, err := rules.NewState(id, nil)
		if err != nil {
			t.Fatal(err)
		}
		found := ""
		for n := 0; n < 400 && found == ""; n++ {
			var a rules.Action
			if st.Status().Decider == rules.Chance {
				a = st.Chances()[0].Action
			} else {
				a = st.Legal()[0]
			}
			evs, err := st.Apply(a)
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			for _, e := range evs {
				if e.Kind == "initiative" && strings.Contains(e.Text, "first turn") {
					found = e.Rule
				}
			}
		}
		if found != rule {
			t.Errorf("%s: the first turn's initiative cites [%s], want [%s]", id, found, rule)
		}
	}
}

// TestEventTextsNameASideWithItsArticle: the public log lines that name
// a side read "An Allied stack", "A French counter" (they read "A Allied");
// an exit toward a zone named "toward ..." does not double the word [5.3.5].
func TestEventTextsNameASideWithItsArticle(t *testing.T) {
	if got := aSide(Allied); got != "An Allied" {
		t.Errorf("aSide(Allied) = %q", got)
	}
	if got := aSide(French); got != "A French" {
		t.Errorf("aSide(French) = %q", got)
	}
	if got := aSide(7); got != "A" {
		t.Errorf("aSide(7) = %q", got)
	}
	if got := towardName("toward Salamanca (Béjar road)"); got != "toward Salamanca (Béjar road)" {
		t.Errorf("towardName = %q", got)
	}
	if got := towardName("Madrid"); got != "toward Madrid" {
		t.Errorf("towardName = %q", got)
	}
	// Over random games of two scenarios no event or label says "A Allied"
	// or "toward toward".
	for _, id := range []string{"marshals-talavera", "marshals-ocana"} {
		st, err := rules.NewState(id, nil)
		if err != nil {
			t.Fatal(err)
		}
		randomGame(t, st, 3, 20000, func(s rules.State, evs []rules.Event) {
			for _, e := range evs {
				if strings.Contains(e.Text, "A Allied") || strings.Contains(e.Text, "toward toward") {
					t.Fatalf("%s: %q", id, e.Text)
				}
			}
			if s.Status().Decider >= 0 {
				for _, a := range s.Legal() {
					if strings.Contains(a.Label, "toward toward") {
						t.Fatalf("%s: %q", id, a.Label)
					}
				}
			}
		})
	}
}
