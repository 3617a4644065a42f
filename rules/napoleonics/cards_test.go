package napoleonics

import (
	"testing"

	"grognard/rules"
)

func TestDraw_ReshuffleDiscardsWhenPileRunsOut(t *testing.T) {
	s := board(t, 1, PhCombat, "probe-left", map[string]string{"b-kgl1": "0209"})
	s.Pile = map[string]int{"probe-right": 1}
	s.Discard = map[string]int{"attack-left": 3}
	do(t, s, "end", "", "")
	evs, err := s.Apply(rules.Action{Kind: "draw", Choice: "probe-right"})
	if err != nil {
		t.Fatal(err)
	}
	if s.Pile["attack-left"] != 3 || len(s.Discard) != 0 {
		t.Fatalf("pile %v discard %v", s.Pile, s.Discard)
	}
	found := false
	for _, e := range evs {
		found = found || e.Kind == "reshuffle"
	}
	if !found {
		t.Fatal("the reshuffle is logged")
	}
}

func TestCommandCard_LeadershipOrdersLeadersWithTheirUnits(t *testing.T) {
	s := board(t, 1, PhOrder, "leadership", map[string]string{"b-kgl1": "0407", "halkett": "0407", "cotton": "0708", "b-kd1": "0708", "anson": "1108", "b-kgl2": "0209"})
	if legalHas(s, "order", "b-kgl2", "") {
		t.Fatal("Leadership orders leaders only")
	}
	do(t, s, "order", "halkett", "")
	do(t, s, "order", "cotton", "")
	do(t, s, "order", "anson", "")
	if !s.Ordered["b-kgl1"] || !s.Ordered["b-kd1"] {
		t.Fatal("each leader brings the unit it is attached to")
	}
}

func TestCommandCard_ForceMarchExtraHexNoBattle(t *testing.T) {
	s := board(t, 1, PhMove, "force-march", map[string]string{"b-kgl1": "0209", "f-66": "0106"}, "b-kgl1")
	if !legalHas(s, "move", "b-kgl1", "0206") {
		t.Fatal("Force March: infantry moves 3 hexes")
	}
	do(t, s, "move", "b-kgl1", "0207")
	do(t, s, "end", "", "")
	if legalHas(s, "melee", "b-kgl1", "0106") {
		t.Fatal("Force March: no battle")
	}
}

func TestTerrain_FordableRiverStopsButAllowsBattle(t *testing.T) {
	s := board(t, 1, PhMove, "attack-left", map[string]string{"b-ld11": "0206", "f-66": "0104"}, "b-ld11")
	do(t, s, "move", "b-ld11", "0105")
	do(t, s, "end", "", "")
	if !legalHas(s, "melee", "b-ld11", "0104") {
		t.Fatal("a unit may battle the turn it enters a fordable river")
	}
	if n, _ := s.meleeDice(s.unit("b-ld11"), s.unit("f-66").At, true); n != 3 {
		t.Fatalf("battling out of the river costs a die: %d, want 3", n)
	}
}
