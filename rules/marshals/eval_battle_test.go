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

// TestRule5_4_3_WeakGarrisonDoesNotAttack: the melee's potential is the
// head unit's morale, the commander, the artillery hits and the strength
// ratio, one die each [5.4.3]; the loser loses SS by the melee table and
// retreats. In a Retreat duel the French garrison of Madrid (three 1-SS
// detachments) attacked Venegas' 10 SS that had marched into the town,
// lost 2 SS and the town (CP 4 against 12, #21). Here Venegas, Vigodet
// and Girón stand in Madrid with the garrison at a French operation of
// turn 1: the greedy French does not declare the combat at Madrid, and
// its evaluation ranks the declaration below passing.
func TestRule5_4_3_WeakGarrisonDoesNotAttack(t *testing.T) {
	g := replay(t, "marshals-retreat", 1, retreatTurn1[:len(retreatTurn1)-2])
	s := g.State.(*State)
	if s.Sub != SubOp || s.Status().Decider != French {
		t.Fatalf("want a French operation, have %s by %s", s.Sub, s.Status().Decider)
	}
	for _, id := range []string{"al-venegas", "sp-vigodet", "sp-giron"} {
		i := s.idx(id)
		if i < 0 || !s.onMap(i) {
			t.Fatalf("%s is not on the map", id)
		}
		s.Units[i].At = "madrid"
	}
	var combat rules.Action
	for _, a := range s.Legal() {
		if a.Choice == "combat" && a.To == "madrid" {
			combat = a
		}
	}
	if combat.Kind == "" {
		t.Fatalf("no combat at Madrid to declare: %v", keys(s.Legal()))
	}
	c := s.clone()
	if _, err := c.Apply(combat); err != nil {
		t.Fatal(err)
	}
	if c.Evaluate(French) >= s.Evaluate(French) {
		t.Errorf("declaring the combat at Madrid %.3f, not declaring it %.3f: a garrison of 3 SS against 10", c.Evaluate(French), s.Evaluate(French))
	}
	for seed := uint64(1); seed <= 3; seed++ {
		d, err := ai.Decide(context.Background(), s, French, ai.Config{Name: "greedy", Greedy: true}, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		if d.Action.Key() == combat.Key() {
			t.Errorf("sample %d: the French garrison attacks at Madrid (%s)", seed, d.Reason)
		}
	}
}

// TestRule5_3_3_EvaluationSeesAThreatToMadrid: a stack may move into a zone
// the enemy holds by forcing a passage [5.3.3], and Madrid is worth 5 VP to
// whoever holds it [S2 VC]. The Retreat's French normal left Madrid to
// three detachments while a Spanish division marched up from Aranjuez,
// and lost the town (#21): its evaluation saw only who held the zone now.
// The same Spanish stack at Getafe (one move from Madrid) is worth less
// to the French than at Ciudad Real (several moves away), though the VP
// the game would give now are the same; and less with the garrison
// alone than with a French division beside it.
func TestRule5_3_3_EvaluationSeesAThreatToMadrid(t *testing.T) {
	s := loadedState(t, "marshals-retreat")
	put := func(z string, ids ...string) { placeUnits(t, s, z, ids...) }
	spanish := []string{"sp-zerain", "sp-march", "sp-osono"}
	put("ciudad-real", spanish...)
	farVP, _ := s.FinalVP()
	far, farB := s.Evaluate(French), s.battleTerm()
	put("getafe", spanish...)
	nearVP, _ := s.FinalVP()
	near, nearB := s.Evaluate(French), s.battleTerm()
	if nearB >= farB {
		t.Errorf("the battles in sight for the French with the Spanish at Getafe %.3f, at Ciudad Real %.3f", nearB, farB)
	}
	if farVP != nearVP {
		t.Fatalf("the VP differ (%v, %v): the test wants a march that changes none", farVP, nearVP)
	}
	if near >= far {
		t.Errorf("French evaluation with the Spanish at Getafe %.3f, at Ciudad Real %.3f: the threat to Madrid is not seen", near, far)
	}
	put("madrid", "fr-milhaud", "fr-sebastiani-div")
	helped := s.Evaluate(French)
	if helped <= near {
		t.Errorf("French evaluation with Madrid reinforced %.3f, with its garrison alone %.3f", helped, near)
	}
}

// TestRule5_4_3_LossesOwedCountBeforeTheyAreAllotted: once the melee is
// resolved the loser's SS losses are allotted one by one [5.4.3]; a
// playout cut in the middle of the allotment must not see them as
// avoided (the computer's garrison of Madrid attacked a stronger stack,
// #21: a short playout stopped inside the combat looked better than
// waiting). On turn 1 of the Retreat the French win at Béjar and the
// Allies owe their losses: the French evaluation already counts them
// before the first is allotted (not lower than once all are taken).
func TestRule5_4_3_LossesOwedCountBeforeTheyAreAllotted(t *testing.T) {
	g := replay(t, "marshals-retreat", 1, retreatTurn1[:24])
	s := g.State.(*State)
	if s.Combat == nil || s.Sub != SubLoss || s.Combat.Loss[Allied] == 0 {
		t.Fatalf("want the Allied losses at Béjar to allot, have %s %+v", s.Sub, s.Combat)
	}
	owed := s.Evaluate(French)
	g = replay(t, "marshals-retreat", 1, retreatTurn1[:26])
	s = g.State.(*State)
	if s.Combat != nil {
		t.Fatalf("the combat at Béjar should be over, %s", s.Sub)
	}
	taken := s.Evaluate(French)
	if owed < taken-0.01 {
		t.Errorf("French evaluation %.4f with the Allied losses owed, %.4f once taken: the owed losses are not counted", owed, taken)
	}
}

// TestRule5_3_3_LosingPassageRanksAfterEveryOtherMove: with its searches
// cut short by their deadline (a loaded machine) the computer plays the
// best by priority of the few actions it scanned; a march into a zone the
// enemy holds is a forced passage at -2 CP [5.3.3]. On turn 1 of the
// Retreat, Victor's stack at Torrejón: the march into Talavera (the whole
// Allied army) ranks below every other move, and a cut search (as in a
// loaded duel) does not play it.
func TestRule5_3_3_LosingPassageRanksAfterEveryOtherMove(t *testing.T) {
	g := replay(t, "marshals-retreat", 1, retreatTurn1)
	s := g.State.(*State)
	into, other := -1.0, 99.0
	for _, a := range s.Legal() {
		if a.Kind != "move" {
			continue
		}
		if a.To == "talavera" {
			into = s.Priority(a)
		} else {
			other = min(other, s.Priority(a))
		}
	}
	if into < 0 || other == 99 || into >= other {
		t.Errorf("the march into Talavera ranks %.2f, the lowest other move %.2f", into, other)
	}
	cut, cancel := context.WithCancel(context.Background())
	cancel()
	for seed := uint64(1); seed <= 3; seed++ {
		d, err := ai.Decide(cut, s, French, ai.Levels["normal"], seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		if d.Action.Kind == "move" && d.Action.To == "talavera" {
			t.Errorf("sample %d: a cut search marches into Talavera (%s)", seed, d.Reason)
		}
	}
}
