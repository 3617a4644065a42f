package napoleonics

import (
	"strings"
	"testing"
)

func row(t *testing.T, s *State, id string) string {
	t.Helper()
	n := at(t, s, id)
	return n[len(n)-2:]
}

// Command card: Short Supply (authored reading, cards.txt: supply=2): the
// player moves an enemy unit back 2 hexes toward its own edge along retreat
// paths, its attached leader with it, then orders 1 unit.
func TestCard_ShortSupply_EnemyFallsBackTwoThenOrderOne(t *testing.T) {
	s := board(t, 1, PhCommand, "", map[string]string{"f-66": "0705", "maucune": "0705", "b-kgl1": "0406", "b-kgl2": "0906"})
	s.Card, s.Eff = "", ""
	s.Hands[1] = []string{"short-supply"}
	s.Pile["short-supply"]--
	do(t, s, "play", "", "", "short-supply")
	if legalHas(s, "order", "b-kgl1", "") {
		t.Fatal("the enemy unit falls back before any order")
	}
	if legalHas(s, "supply", "maucune", "0705") || legalHas(s, "supply", "b-kgl1", "0406") {
		t.Fatal("only an enemy unit, never a leader, is named")
	}
	do(t, s, "supply", "f-66", "0705")
	for step := 0; step < 2; step++ {
		opts := s.retreatOptions(s.unit("f-66"))
		if len(opts) == 0 {
			t.Fatal("a retreat hex is open")
		}
		evs := do(t, s, "retreat", "f-66", s.num(opts[0]))
		if !strings.Contains(evs[0].Rule, "Command card: Short Supply") {
			t.Fatalf("the fall back cites the card: %q", evs[0].Rule)
		}
	}
	if got := row(t, s, "f-66"); got != "03" {
		t.Fatalf("f-66 is on row %s, want 03 (two hexes toward the French edge)", got)
	}
	if at(t, s, "maucune") != at(t, s, "f-66") {
		t.Fatal("the attached leader falls back with its unit")
	}
	if s.Moved["f-66"] != 0 || s.Ordered["f-66"] {
		t.Fatal("the enemy unit is not ordered for its own side")
	}
	do(t, s, "order", "b-kgl1", "")
	if legalHas(s, "order", "b-kgl2", "") {
		t.Fatal("Short Supply then orders 1 unit only")
	}
}

func TestCard_ShortSupply_StopsWithoutLossAtTheEdge(t *testing.T) {
	s := board(t, 1, PhCommand, "", map[string]string{"f-66": "0702", "b-kgl1": "0406"})
	s.Card, s.Eff = "", ""
	s.Hands[1] = []string{"short-supply"}
	s.Pile["short-supply"]--
	do(t, s, "play", "", "", "short-supply")
	do(t, s, "supply", "f-66", "0702")
	opts := s.retreatOptions(s.unit("f-66"))
	do(t, s, "retreat", "f-66", s.num(opts[0]))
	if row(t, s, "f-66") != "01" || s.unit("f-66").Blocks != 4 || s.SupplyLeft != 0 {
		t.Fatalf("f-66 at %s with %d blocks, %d hexes left: it stops on its edge, losing nothing", at(t, s, "f-66"), s.unit("f-66").Blocks, s.SupplyLeft)
	}
	do(t, s, "order", "b-kgl1", "")
}
