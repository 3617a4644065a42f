package ai

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"grognard/rules"
)

// ruleRef is a rule number or a rules section in brackets: [13], [12.7],
// [Ranged Combat], [5.3].
var ruleRef = regexp.MustCompile(`\[[^\]]+\]`)

// TestReasonsInWordsPerSystem: in each system the computer's move comes
// with a reason in words from the system's Reasoner, naming the rule: a
// combat's odds, what a move or a card is for.
func TestReasonsInWordsPerSystem(t *testing.T) {
	cases := []struct {
		scenario string
		kind     string // the kind of action to find a reason for
		want     string // words the reason must hold
	}{
		{"almansa-1707", "fire", "to destroy a step [1"},
		{"almansa-1707", "move", "hex"},
		{"albuera-1811", "fire", "to inflict a Loss ["},
		{"albuera-1811", "move", "hex(es)"},
		{"venta-del-pozo", "play", "plays "},
		{"venta-del-pozo", "fire", "hits expected"},
		{"marshals-talavera", "move", "marches "},
	}
	for _, c := range cases {
		g, err := rules.NewGame(c.scenario, 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		rs, ok := g.State.(Reasoner)
		if !ok {
			t.Fatalf("%s: no Reasoner", c.scenario)
		}
		p, _ := NewPlayer("random")
		found := ""
		for i := 0; i < 3000 && found == "" && !g.State.Result().Over; i++ {
			if g.State.Status().Decider >= 0 {
				for _, a := range g.State.Legal() {
					if a.Kind == c.kind {
						found = rs.ReasonFor(a)
						if !strings.Contains(found, c.want) || !ruleRef.MatchString(found) {
							t.Fatalf("%s: %s: reason %q, want %q and a rule", c.scenario, a.Key(), found, c.want)
						}
						break
					}
				}
			}
			d, _ := p.Choose(context.Background(), g.State, g.State.Status().Decider, uint64(i))
			if _, err := g.Apply(d.Action); err != nil {
				t.Fatal(err)
			}
		}
		if found == "" {
			t.Fatalf("%s: no %s action met in a random game", c.scenario, c.kind)
		}
		t.Logf("%s %s: %s", c.scenario, c.kind, found)
	}
}

// TestDecisionReasonNamesTheRoute: a route's decision says where the unit
// goes and why in the system's words, with the search's summary.
func TestDecisionReasonNamesTheRoute(t *testing.T) {
	g := almansaAtMovement(t)
	d, err := Decide(context.Background(), g.State, g.State.Status().Decider, routeCfg, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Plan) == 0 || !strings.Contains(d.Reason, "a route of") || !strings.Contains(d.Reason, "[5]") {
		t.Fatalf("route decision %s: reason %q", d.Action.Key(), d.Reason)
	}
}
