package napoleonics

import (
	"strings"
	"testing"

	"grognard/rules"
)

// TestBattleDiceFacesForPictures: the battle die the screen draws has six
// faces (two infantry, cavalry, artillery, flag, sabre) [Battle dice], and
// infantry attacking infantry in melee hits on infantry and sabres [Melee
// Combat], what the odds summary rings in gold.
func TestBattleDiceFacesForPictures(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208"}, "b-kgl1")
	if got := strings.Join(s.DieFaces(), ","); got != "infantry,infantry,cavalry,artillery,flag,sabre" {
		t.Errorf("die faces %s", got)
	}
	if got := strings.Join(s.DieSymbols(), ","); got != "infantry,cavalry,artillery,flag,sabre" {
		t.Errorf("die symbols %s", got)
	}
	var melee *rules.Action
	for _, a := range s.Legal() {
		if a.Kind == "melee" && a.Unit == "b-kgl1" {
			a := a
			melee = &a
		}
	}
	if melee == nil {
		t.Fatal("no melee of b-kgl1 on f-66")
	}
	if got := s.HitSymbols(*melee); len(got) != 2 || got[0] != SInf || got[1] != SSabre {
		t.Errorf("hits on %v, want infantry and sabre", got)
	}
	if s.HitSymbols(rules.Action{Kind: "end"}) != nil {
		t.Error("an end action has hitting symbols")
	}
}
