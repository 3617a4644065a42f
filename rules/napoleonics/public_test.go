package napoleonics

import (
	"strings"
	"testing"

	"grognard/rules"
)

// TestBattleBack_RetreatAndBattleBackArePublicDecisions: the decisions of
// a melee that rest only on the map and the dice (the defender's retreat
// [Retreats], battle back [Battle Back]) are marked public, so the app
// takes them without a hand-over; playing a card is not, nor is forming
// square, which sets a card of the hand aside [Infantry Forming Square].
func TestBattleBack_RetreatAndBattleBackArePublicDecisions(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208"}, "b-kgl1")
	if s.View(1).PublicDecision {
		t.Fatal("choosing a melee in the combat phase is not public (the hand shows)")
	}
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SInf, SArt, SArt, SArt)
	if stage(s) != "battleback" {
		t.Fatalf("stage %q, want battleback", stage(s))
	}
	if !s.View(0).PublicDecision {
		t.Fatal("battle back is a public decision of the French [Battle Back]")
	}
	if s.View(1).PublicDecision {
		t.Fatal("the flag belongs to the decider's view only")
	}

	s = board(t, 1, PhCombat, "attack-left", map[string]string{"b-rha": "0209", "f-66": "0208", "f-15l": "0108"}, "b-rha")
	do(t, s, "melee", "b-rha", "0208")
	roll(t, s, SFlag, SArt, SCav)
	if stage(s) != "retreat" || !s.View(0).PublicDecision {
		t.Fatalf("the retreat is a public decision [Retreats]: stage %q public %v", stage(s), s.View(0).PublicDecision)
	}

	s = board(t, 1, PhCombat, "attack-left", map[string]string{"b-kd1": "0209", "f-66": "0208"}, "b-kd1")
	s.Hands[0] = []string{"probe-left"}
	do(t, s, "melee", "b-kd1", "0208")
	if stage(s) != "square" {
		t.Fatalf("cavalry against infantry with a card in hand: stage %q, want square", stage(s))
	}
	if s.View(0).PublicDecision {
		t.Fatal("forming square sets a card of the hand aside: not public [Infantry Forming Square]")
	}
	do(t, s, "no-square", "f-66", "0208")
	if s.Status().Decider != rules.Chance || s.View(0).PublicDecision || s.View(1).PublicDecision {
		t.Fatal("a roll is no player's decision")
	}
}

// TestSequence_OneDrawOneLogLine [Sequence of Play: draw]: ending the
// combat phase draws the one card the card played allows, and the log
// gains one line for it, naming the phase; the owner reads the card, the
// other side only that a card was drawn.
func TestSequence_OneDrawOneLogLine(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208"})
	evs := do(t, s, "end", "", "")
	for s.Status().Decider == rules.Chance {
		ch := s.Chances()
		more, err := s.Apply(ch[0].Action)
		if err != nil {
			t.Fatal(err)
		}
		evs = append(evs, more...)
	}
	var draws []rules.Event
	for _, e := range evs {
		if strings.Contains(e.TextFor(rules.NoSide), "draws") {
			draws = append(draws, e)
		}
	}
	if len(draws) != 1 {
		var all []string
		for _, e := range evs {
			all = append(all, e.TextFor(1))
		}
		t.Fatalf("one card drawn, %d log lines about it: %q", len(draws), all)
	}
	if got := draws[0].TextFor(0); got != "Draw phase: British draws a card [Sequence of Play: draw]" {
		t.Errorf("the French read %q", got)
	}
	if got := draws[0].TextFor(1); !strings.HasPrefix(got, "Draw phase: British draws ") || strings.HasSuffix(got, "a card") {
		t.Errorf("the British read %q", got)
	}
}
