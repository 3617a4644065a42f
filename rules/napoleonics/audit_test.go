package napoleonics

import (
	"testing"

	"grognard/rules"
)

// Tests from an audit of the implementation against the beginner's text
// and, where it is silent, the family's rules.

// Units and Leaders (family: a unit may enter a hex held only by a friendly
// leader but must end its move there; it never moves through it).
func TestMovement_UnitEnteringFriendlyLeaderHexStops(t *testing.T) {
	s := board(t, 1, PhMove, "attack-left", map[string]string{"b-ld11": "0209", "cotton": "0208", "b-kgl2": "0108"}, "b-ld11")
	if !legalHas(s, "move", "b-ld11", "0208") {
		t.Fatal("the cavalry may join the lone leader")
	}
	if legalHas(s, "move", "b-ld11", "0207") || legalHas(s, "move", "b-ld11", "0206") {
		t.Fatal("a unit may not move on through a hex held by a friendly leader")
	}
}

// Units and Leaders / Sequence of Play: ordering a unit orders its attached
// leader to move with it; to move apart the leader must itself be ordered.
func TestUnitsAndLeaders_AttachedLeaderDetachesOnlyIfOrdered(t *testing.T) {
	s := board(t, 1, PhOrder, "probe-left", map[string]string{"b-kgl1": "0407", "halkett": "0407"})
	do(t, s, "order", "b-kgl1", "")
	do(t, s, "end", "", "")
	for _, a := range s.Legal() {
		if a.Unit == "halkett" {
			t.Fatalf("a leader ordered only with its unit may not move off alone: %s", a.Key())
		}
	}
	do(t, s, "move", "b-kgl1", "0307")
	if at(t, s, "halkett") != "0307" {
		t.Fatal("it moves with the unit")
	}
	// Ordered in its own right (a second order), it may detach.
	s = board(t, 1, PhOrder, "probe-left", map[string]string{"b-kgl1": "0407", "halkett": "0407"})
	do(t, s, "order", "b-kgl1", "")
	do(t, s, "order", "halkett", "")
	do(t, s, "end", "", "")
	if !legalHas(s, "move", "halkett", "0208") {
		t.Fatalf("an ordered leader may detach; legal %v", keys(s.Legal()))
	}
}

// Melee Combat / terrain cards (family: terrain may cut a weak unit's dice
// to nothing, and then it may not battle).
func TestMelee_NoBattleWhenTerrainLeavesNoDice(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-centre", map[string]string{"b-kgl1": "0907", "f-66": "0807"}, "b-kgl1")
	s.unit("b-kgl1").Blocks = 1
	if legalHas(s, "melee", "b-kgl1", "0807") {
		t.Fatal("1 block attacking into buildings (-2) has no dice: no melee")
	}
	if !legalHas(s, "fire", "b-kgl1", "0807") {
		t.Fatal("its fire (1 die a block +1, no town penalty for infantry fire) is still allowed")
	}
}

func TestBattleBack_NotWhenTerrainLeavesNoDice(t *testing.T) {
	// The KGL battalion attacks out of the bushy bank (forest) into the
	// brook; the French line of 1 block would battle back into the forest
	// (-1) from the river (-1): no dice, no battle back.
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0406", "f-66": "0405"}, "b-kgl1")
	s.unit("f-66").Blocks = 1
	do(t, s, "melee", "b-kgl1", "0405")
	roll(t, s, SArt, SArt, SArt, SCav)
	if s.Pend != nil {
		t.Fatalf("no battle back with no dice, stage %q", stage(s))
	}
}

var _ = rules.Chance
