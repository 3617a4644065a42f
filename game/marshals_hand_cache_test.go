package game

import (
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/marshals"
)

// legalCounter is a Marshals state that counts every call that computes
// the legal actions: Legal, View (the decider's view holds them) and
// WhyNotPlay (which asks Legal itself).
type legalCounter struct {
	*marshals.State
	n int
}

func (c *legalCounter) Legal() []rules.Action         { c.n++; return c.State.Legal() }
func (c *legalCounter) View(v rules.Side) *rules.View { c.n++; return c.State.View(v) }
func (c *legalCounter) WhyNotPlay(card string) string { c.n++; return c.State.WhyNotPlay(card) }

// TestRule4_0_HeldHandRedrawAsksLegalOnce: the held events [4.0] greyed in
// the side panel with their moment cost the rules nothing on a redraw
// with nothing changed, and one computation of the legal actions (the
// view's) after a change, however many cards are held and however often
// the panel is laid out; the greyed cards and their reasons are those the
// rules give (WhyNotPlay), the playable ones those with a legal play.
func TestRule4_0_HeldHandRedrawAsksLegalOnce(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := marshalsTurn8(t)
	st := s.Game.State.(*marshals.State)
	c := &legalCounter{State: st}
	s.Game.State = c
	s.changed()
	a, b := scriptedApp(t, s)
	redraw := func() {
		b.layoutPanel(a)
		_ = b.logRect(a)
	}
	redraw()
	cards, _ := panelHand(b)
	greyed := 0
	for _, pb := range cards {
		want := st.WhyNotPlay(pb.card.ID)
		if pb.b.Enabled != (want == "") {
			t.Errorf("%s: enabled %v, the rules say %q", pb.card.ID, pb.b.Enabled, want)
		}
		if want != "" {
			greyed++
			if !strings.Contains(pb.look.Why, want) {
				t.Errorf("%s greyed with %q, the rules say %q", pb.card.ID, pb.look.Why, want)
			}
		}
	}
	if greyed == 0 {
		t.Fatalf("no greyed event among %d held: the test proves nothing", len(cards))
	}
	c.n = 0
	for range 5 {
		redraw()
	}
	if c.n != 0 {
		t.Errorf("five redraws with nothing changed computed the legal actions %d times, want 0", c.n)
	}
	s.changed()
	c.n = 0
	redraw()
	redraw()
	if c.n > 1 {
		t.Errorf("two redraws after a change computed the legal actions %d times, want at most 1", c.n)
	}
}
