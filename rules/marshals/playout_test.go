package marshals

import (
	"testing"

	"grognard/rules"
)

// TestPlayoutAllScenarios plays random games of the six scenarios to the
// end with the harness: invariants after every action, views, replay.
func TestPlayoutAllScenarios(t *testing.T) {
	for _, d := range ScenarioList {
		t.Run(d.ID, func(t *testing.T) {
			st, err := rules.Playout(d.ID, rules.PlayoutConfig{Games: 1, Seed: 11, MaxActions: 60000})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d games, %d actions, wins %v, draws %d", d.ID, st.Games, st.Actions, st.Wins, st.Draws)
		})
	}
}
