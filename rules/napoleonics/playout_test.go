package napoleonics

import (
	"testing"

	"grognard/rules"
)

// checkInvariants is the system's own check (product code, CheckInvariants).
func checkInvariants(st rules.State) error { return st.(*State).CheckInvariants() }

func TestPlayout_VentaDelPozo(t *testing.T) {
	n := 12 // deep checks on
	if testing.Short() {
		n = 5
	}
	st, err := rules.Playout(ScenarioID, rules.PlayoutConfig{Games: n, Seed: 1, Check: checkInvariants, Deep: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games, %d actions, wins %v, draws %d", st.Games, st.Actions, st.Wins, st.Draws)
}

func TestPlayout_DeepChecks(t *testing.T) {
	if _, err := rules.Playout(ScenarioID, rules.PlayoutConfig{Games: 2, Seed: 101, Check: checkInvariants, Deep: true}); err != nil {
		t.Fatal(err)
	}
}
