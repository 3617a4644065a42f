package almansa_test

import (
	"context"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/ai"
)

// almansaTurn1Movement is an Almansa game at the Bourbon movement of turn
// 1, after both historical set-ups [4].
func almansaTurn1Movement(t testing.TB) *rules.Game {
	t.Helper()
	g, err := rules.NewGame("almansa-1707", 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5 && g.State.Status().Turn == 0; i++ {
		if _, err := g.Apply(rules.Action{Kind: "choose", Choice: "historical"}); err != nil {
			t.Fatal(err)
		}
	}
	if st := g.State.Status(); st.Phase != "Bourbon movement" || st.Turn != 1 {
		t.Fatalf("not at the turn-1 Bourbon movement: %+v", g.State.Status())
	}
	return g
}

// TestRule5_NormalComputerClosesInOnTurn1: the normal computer's first
// decision of the Bourbon movement of turn 1 (the first hint a Bourbon
// learner gets) is a move toward the Allies, not the end of the phase:
// the Bourbons win only by destroying Allied steps [5], in contact [11]
// [13]. Several seeds: the search samples.
func TestRule5_NormalComputerClosesInOnTurn1(t *testing.T) {
	g := almansaTurn1Movement(t)
	side := g.State.Status().Decider
	cfg := ai.Levels["normal"]
	for seed := uint64(1); seed <= 3; seed++ {
		d, err := ai.Decide(context.Background(), g.State.Clone(), side, cfg, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		if d.Action.Kind != "move" {
			t.Errorf("seed %d: the normal computer plays %s (%s), want a move", seed, d.Action.String(), d.Reason)
			continue
		}
		if !strings.Contains(d.Reason, "the Allies") || !strings.Contains(d.Reason, "[5]") {
			t.Errorf("seed %d: %s: reason %q", seed, d.Action.String(), d.Reason)
		}
	}
}
