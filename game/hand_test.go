package game

import (
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules/napoleonics"
)

// ventaWithCounter finds a seed whose opening French hand holds a
// Counter-attack, unplayable before the British have played a card.
func ventaWithCounter(t *testing.T) *Session {
	t.Helper()
	for seed := uint64(1); seed < 400; seed++ {
		s, err := NewSession(napoleonics.ScenarioID, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		s.TakeSeat()
		for _, c := range s.View().Hand {
			if c.ID == "counter-attack" && s.CanAct() {
				t.Logf("seed %d", seed)
				return s
			}
		}
	}
	t.Skip("no seed under 400 deals the French a Counter-attack")
	return nil
}

// TestHandShowsEveryCardHeld: the panel shows every card of the hand, the
// Counter-attack greyed with the reason and its rule; a click on it says
// why and plays nothing; every card shows its whole text or, when the
// hand does not fit, its heading only (the hover shows the text): never
// a text cut short.
func TestHandShowsEveryCardHeld(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := ventaWithCounter(t)
	a, b := scriptedApp(t, s)
	b.layoutPanel(a)
	hand := s.View().Hand
	var cards []panelButton
	for _, pb := range b.panel {
		if pb.isCard {
			cards = append(cards, pb)
		}
	}
	if len(cards) != len(hand) {
		t.Fatalf("the panel shows %d cards of the %d held", len(cards), len(hand))
	}
	grey := 0
	for _, pb := range cards {
		if pb.b.Rect.Dy() != render.CardHeight(*pb.card, pb.b.Rect.Dx(), pb.look) {
			t.Errorf("%s: %d px high, needs %d", pb.card.Name, pb.b.Rect.Dy(), render.CardHeight(*pb.card, pb.b.Rect.Dx(), pb.look))
		}
		if pb.b.Rect.Max.Y > b.logRect(a).Min.Y {
			t.Errorf("%s runs into the log", pb.card.Name)
		}
		if pb.card.ID == "counter-attack" {
			grey++
			if pb.act != nil || !strings.Contains(pb.look.Why, "played none yet") {
				t.Fatalf("Counter-attack: act %v why %q", pb.act, pb.look.Why)
			}
			n := len(s.Game.Steps)
			c := pb.b.Rect.Min.Add(pb.b.Rect.Size().Div(2))
			step(t, a, Click(c.X, c.Y)...)
			if len(s.Game.Steps) != n || !strings.Contains(s.Message, "cannot be played now") {
				t.Fatalf("a click on the greyed card: steps %d -> %d, message %q", n, len(s.Game.Steps), s.Message)
			}
		} else if pb.act == nil {
			t.Errorf("%s is playable but has no action", pb.card.Name)
		}
	}
	if grey == 0 {
		t.Fatal("the Counter-attack is missing")
	}
}
