package napoleonics

import (
	"strings"
	"testing"

	"grognard/rules"
)

// Command card: Rally (authored reading, cards.txt): dice as the cards
// held, this one included; troop symbols restore a block to a unit of that
// class, sabres to any, flags nothing; never above the unit card; units
// restored are ordered and move as usual.
func TestCard_Rally_RestoresBlocksBySymbolAndOrdersThoseUnits(t *testing.T) {
	s := board(t, 1, PhCommand, "", map[string]string{"b-kgl1": "0406", "b-ld11": "0604", "b-kgl2": "0906", "f-66": "0301"})
	s.Card, s.Eff = "", ""
	s.Hands[1] = []string{"attack-left", "probe-left", "rally"}
	s.Pile["rally"]--
	s.unit("b-kgl1").Blocks = 3 // lost 1
	s.unit("b-ld11").Blocks = 1 // lost 2
	// b-kgl2 is at full strength.
	do(t, s, "play", "", "", "rally")
	if st := s.Status(); st.Decider != rules.Chance || s.RallyDice != 3 {
		t.Fatalf("Rally rolls 3 dice (2 cards held + itself): decider %v, dice %d", st.Decider, s.RallyDice)
	}
	if legalHas(s, "order", "b-kgl2", "") {
		t.Fatal("Rally orders no unit before its roll")
	}
	roll(t, s, SInf, SFlag, SSabre)
	if got := len(s.Rally); got != 2 {
		t.Fatalf("the flag restores nothing: %d symbols to use, want 2", got)
	}
	for _, a := range s.Legal() {
		if a.Kind == "rally" && a.Unit == "b-kgl2" {
			t.Fatal("a unit at full strength regains no block")
		}
		if a.Kind == "rally" && a.Unit == "b-ld11" && a.Choice == "infantry" {
			t.Fatal("an infantry symbol does not restore cavalry")
		}
		if a.Kind == "order" {
			t.Fatalf("Rally orders only the units it restores: %s", a.Key())
		}
	}
	do(t, s, "rally", "b-kgl1", "", "infantry")
	if s.unit("b-kgl1").Blocks != 4 || !s.Ordered["b-kgl1"] {
		t.Fatalf("b-kgl1: %d blocks, ordered %v; want 4 and ordered", s.unit("b-kgl1").Blocks, s.Ordered["b-kgl1"])
	}
	if _, ok := rules.FindLegal(s, rules.Action{Kind: "rally", Unit: "b-kgl1", Choice: "sabre"}); ok {
		t.Fatal("no unit goes above its starting blocks")
	}
	do(t, s, "rally", "b-ld11", "", "sabre")
	if s.unit("b-ld11").Blocks != 2 || !s.Ordered["b-ld11"] || s.Ordered["b-kgl2"] {
		t.Fatal("the sabre restores the cavalry and orders it; the full unit stays unordered")
	}
	do(t, s, "end", "", "")
	if s.Phase != PhMove || !legalHas(s, "move", "b-ld11", "0603") {
		t.Fatalf("the rallied cavalry moves as usual: phase %s, legal %v", s.Phase, keys(s.Legal()))
	}
}

func TestCard_Rally_PlayIsPublicAndCitesTheCard(t *testing.T) {
	s := board(t, 1, PhCommand, "", map[string]string{"b-kgl1": "0406"})
	s.Card, s.Eff = "", ""
	s.Hands[1] = []string{"rally"}
	s.Pile["rally"]--
	s.unit("b-kgl1").Blocks = 2
	do(t, s, "play", "", "", "rally")
	evs := roll(t, s, SCav)
	if len(evs) == 0 || !strings.Contains(evs[0].Rule, "Command card: Rally") || evs[0].Private != "" {
		t.Fatalf("the Rally roll is public and cites the card: %+v", evs)
	}
	if len(s.Rally) != 1 || len(s.rallyActions()) != 0 {
		t.Fatal("a cavalry symbol with no cavalry to restore gives nothing back")
	}
	do(t, s, "end", "", "")
	if s.unit("b-kgl1").Blocks != 2 || len(s.Rally) != 0 {
		t.Fatal("ending the order phase forfeits the unused symbols")
	}
}
