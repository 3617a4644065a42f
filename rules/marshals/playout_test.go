package marshals

import (
	"flag"
	"testing"

	"grognard/rules"
)

// long runs the long soaks: ten random games of each scenario, and the
// fog of war checked in every state of three games each.
var long = flag.Bool("long", false, "run the long soaks (10 random games per scenario, fog in every state)")

// TestPlayoutAllScenarios plays random games of the six scenarios to the
// end with the harness: invariants after every action, views, replay (one
// game each; ten with -long).
func TestPlayoutAllScenarios(t *testing.T) {
	games := 1
	if *long {
		games = 10
	}
	for _, d := range ScenarioList {
		t.Run(d.ID, func(t *testing.T) {
			st, err := rules.Playout(d.ID, rules.PlayoutConfig{Games: games, Seed: 11, MaxActions: 60000})
			if err != nil {
				t.Fatal(err)
			}
			if st.Games != games {
				t.Fatalf("%d of %d games ended", st.Games, games)
			}
			t.Logf("%s: %d games, %d actions, wins %v, draws %d", d.ID, st.Games, st.Actions, st.Wins, st.Draws)
		})
	}
}

// TestPlayoutDeepAllScenarios (with -long): one random game of each
// scenario with the harness's deep checks after every action (Clone, the
// snapshot round trip, the views) [issue 20: the speed work keeps them].
func TestPlayoutDeepAllScenarios(t *testing.T) {
	if !*long {
		t.Skip("with -long")
	}
	for _, d := range ScenarioList {
		t.Run(d.ID, func(t *testing.T) {
			st, err := rules.Playout(d.ID, rules.PlayoutConfig{Games: 1, Seed: 5, MaxActions: 60000, Deep: true})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d actions, deep checks after each", d.ID, st.Actions)
		})
	}
}
