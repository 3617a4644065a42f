package game

import (
	"strings"
	"testing"

	"grognard/rules"
)

// TestForcedPassageButtonShowsOddsBeforeTheClick: in the window's panel
// the forced-passage button carries what the dice decide and with what
// chance (its second line, its hover in full: choiceLines), as Venta's
// odds summary does (newcomer issue #18 point 3; it read "fight now at -2
// CP" and nothing more) [5.3.3]; "Stop here" carries no odds.
func TestForcedPassageButtonShowsOddsBeforeTheClick(t *testing.T) {
	s := talaveraAtForceQuestion(t, 1)
	var force, stop *rules.Action
	acts := s.PanelActions()
	for i := range acts {
		switch acts[i].Choice {
		case "force":
			force = &acts[i]
		case "stop":
			stop = &acts[i]
		}
	}
	if force == nil || stop == nil {
		t.Fatalf("no forced-passage question in the panel: %+v", acts)
	}
	tip := strings.Join(choiceLines(*force), " ")
	for _, want := range []string{"in 36", "-2 forced passage", "hidden"} {
		if !strings.Contains(tip, want) {
			t.Errorf("the forced passage's hover lacks %q: %s", want, tip)
		}
	}
	if strings.Contains(stop.Info, "in 36") || len(choiceLines(*stop)) == 0 {
		t.Errorf("Stop here should say what it does (no odds) on its hover: %q", stop.Info)
	}
}

// TestOperationsNotPushedOutOfThePanelByGuerillaPlays: holding Guerilla,
// the Allied player saw "Play Guerilla at <zone>" for ninety zones and the
// activations under "93 more actions"; the plays aimed at places now come
// after the operations (their own order kept), a few plays stay in place.
func TestOperationsNotPushedOutOfThePanelByGuerillaPlays(t *testing.T) {
	acts := []rules.Action{{Kind: "pass", Label: "Pass"}}
	for _, z := range []string{"a", "b", "c", "d", "e", "f"} {
		acts = append(acts, rules.Action{Kind: "play", Choice: "guerilla", To: z})
	}
	acts = append(acts, rules.Action{Kind: "order", To: "x"}, rules.Action{Kind: "choose", Choice: "combat", To: "y"})
	got := placePlaysLast(acts)
	if len(got) != len(acts) || got[0].Kind != "pass" || got[1].Kind != "order" || got[2].Choice != "combat" || got[3].To != "a" || got[8].To != "f" {
		var ks []string
		for _, a := range got {
			ks = append(ks, a.Kind+":"+a.To)
		}
		t.Errorf("the panel's order: %v", ks)
	}
	few := []rules.Action{{Kind: "play", To: "a"}, {Kind: "order", To: "x"}}
	if got := placePlaysLast(few); got[0].Kind != "play" {
		t.Errorf("a few plays moved: %v", got)
	}
}
