package marshals

import (
	"context"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/ai"
)

// retreatTurn1 is the Retreat, seed 1, to the French activation of
// Victor's stack at Torrejón on turn 1 (as in 'grognard duel
// marshals-retreat --a ai:normal --b greedy --seed 1': the game's dice
// come from its seed).
var retreatTurn1 = []string{
	"deploy u=french-decoy-1 to=jaraicejo", "deploy u=french-decoy-2 to=anover",
	"deploy u=british-decoy-1 to=arganda", "deploy u=british-decoy-2 to=ciudad-real",
	"deploy u=spanish-decoy-1 to=azutan", "deploy u=spanish-decoy-2 to=banos",
	"deploy u=spanish-decoy-3 to=banos", "deploy u=spanish-decoy-4 to=fuente-el-fresno",
	"choose c=al-cuesta", "end c=no", "play c=renfort", "end c=draw", "choose c=keep",
	"end c=draw", "choose c=keep", "choose to=bejar c=combat", "end c=confirm", "end c=no",
	"end c=no", "choose u=fr-gazan c=head", "choose u=spanish-det-infantry-2 c=head",
	"play c=elan", "end c=no", "end c=no", "choose u=spanish-det-infantry-2 c=loss",
	"choose u=spanish-det-infantry-1 c=loss", "play to=bargas c=guerilla",
	"play u=sp-castejon c=redoute", "order to=arganda", "end c=confirm",
	"move u=british-decoy-1 to=alcala c=92", "end c=stop", "order to=torrejon", "end c=confirm",
}

// replay plays the actions by their keys from a new game of scenario.
func replay(t *testing.T, scenario string, seed uint64, ks []string) *rules.Game {
	t.Helper()
	g, err := rules.NewGame(scenario, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	for n, k := range ks {
		found := false
		for _, a := range g.State.Legal() {
			if a.Key() == k {
				if _, err := g.Apply(a); err != nil {
					t.Fatalf("action %d %s: %v", n, k, err)
				}
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("action %d %s is not legal; legal: %v", n, k, keys(g.State.Legal()))
		}
	}
	return g
}

// TestRule5_3_3_NoForcedPassageIntoTheWholeArmy: a stack that moves into
// a zone the enemy holds forces a passage, a melee at -2 for the mover
// [5.3.3] [5.4.3]. On turn 1 of the Retreat the French computer marched
// Victor's stack (demoralised, its back to the Tajo) from Torrejón into
// Talavera, where nineteen Allied blocks stand, and lost 14 SS (then the
// town again with a lone artillery detachment), because its evaluation
// counted the VP held and the SS kept, never the melee about to be
// fought (#21). The evaluation now weighs the expected melee in a zone
// both sides hold (eval_battle.go); the greedy French (the best action
// one move ahead by the evaluation) no longer goes into Talavera, with
// any of several samples of the hidden Allied counters.
func TestRule5_3_3_NoForcedPassageIntoTheWholeArmy(t *testing.T) {
	g := replay(t, "marshals-retreat", 1, retreatTurn1)
	s := g.State.(*State)
	if s.Move == nil || s.Move.Side != French || s.Move.Zone != "torrejon" {
		t.Fatalf("want the French stack at Torrejón moving, have %+v (%s)", s.Move, s.Sub)
	}
	into := false
	for _, a := range s.Legal() {
		into = into || (a.Kind == "move" && a.To == "talavera")
	}
	if !into {
		t.Fatal("the move into Talavera is not legal here: the test needs it")
	}
	for seed := uint64(1); seed <= 3; seed++ {
		d, err := ai.Decide(context.Background(), s, French, ai.Config{Name: "greedy", Greedy: true}, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		if d.Action.Kind == "move" && (d.Action.To == "talavera" || strings.Contains(d.Action.Key(), "talavera")) {
			t.Errorf("sample %d: the French march into Talavera (%s: %s)", seed, d.Action.Key(), d.Reason)
		}
		for _, a := range d.Plan {
			if a.To == "talavera" {
				t.Errorf("sample %d: the French route goes into Talavera (%s)", seed, d.Action.Key())
			}
		}
	}
}
