package game

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/marshals"
)

// marshalsTurn8 plays Three Armies for Madrid at random (the position of
// the mid-game screenshots) to the French operation choice of turn 8,
// where the French hold Génie.
func marshalsTurn8(t *testing.T) *Session {
	t.Helper()
	g, err := rules.NewGame("marshals-three-armies", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 1))
	for n := 0; ; n++ {
		st := g.State.Status()
		if g.State.Result().Over || n > 200000 {
			t.Fatalf("no French operation choice at turn 8 (%+v)", st)
		}
		if st.Turn >= 8 && st.Decider == 0 && strings.HasPrefix(st.SubPhase, "choose an operation") {
			break
		}
		legal := withoutQuickLosses(g.State.Legal()) // the walk of before the quicker losses
		if _, err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	return s
}

// panelHand returns the cards and the notes the side panel shows.
func panelHand(b *BoardScene) (cards []panelButton, notes []string) {
	for _, pb := range b.panel {
		if pb.isCard {
			cards = append(cards, pb)
		}
		if pb.note {
			notes = append(notes, pb.b.Label)
		}
	}
	return cards, notes
}

// TestRule4_0_HeldEventsPrivateHand: the seat's held events [4.0] are a
// private hand in the side panel at all times, not only while one can be
// played: at the French operation choice of turn 8 the French hold Génie,
// shown greyed with its moment and rule; the view's notes (events in
// force, Foy entries) are panel entries too. After the hand-over to the
// Allies the panel shows the Allied hand and never a French event; a
// public decision's view holds no hand.
func TestRule4_0_HeldEventsPrivateHand(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := marshalsTurn8(t)
	st := s.Game.State.(*marshals.State)
	french := append([]string(nil), st.Hands[0]...)
	if s.Viewer != 0 || len(french) == 0 || !s.CanAct() {
		t.Fatalf("viewer %d, French hand %v, can act %v", s.Viewer, french, s.CanAct())
	}
	a, b := scriptedApp(t, s)
	b.layoutPanel(a)
	cards, notes := panelHand(b)
	if len(cards) != len(french) {
		t.Fatalf("the panel shows %d cards of the %d French events held %v", len(cards), len(french), french)
	}
	for i, pb := range cards {
		if pb.card.ID != french[i] {
			t.Errorf("card %d is %q, the hand holds %q", i, pb.card.ID, french[i])
		}
		if pb.card.ID == "genie" {
			if pb.act != nil || pb.b.Enabled {
				t.Errorf("Génie is playable at the operation choice")
			}
			if !strings.Contains(pb.look.Why, "its moment is when a stack with divisional infantry is activated at a bridge [EV Génie]") {
				t.Errorf("Génie greyed with %q", pb.look.Why)
			}
		}
		if pb.b.Rect.Max.Y > b.logRect(a).Min.Y {
			t.Errorf("%s runs into the log", pb.card.Name)
		}
	}
	v := s.View()
	if len(v.Notes) == 0 || len(notes) != len(v.Notes) {
		t.Fatalf("the panel shows notes %q of the view's %q", notes, v.Notes)
	}
	for i, n := range v.Notes {
		if notes[i] != n {
			t.Errorf("note %d: %q, the view says %q", i, notes[i], n)
		}
	}
	if !strings.Contains(strings.Join(notes, "\n"), "Foy entries noted: ") {
		t.Errorf("no Foy entries among the notes %q", notes)
	}
	// Hot-seat: the French play on until the seat passes to the Allies.
	r := rand.New(rand.NewPCG(9, 9))
	for n := 0; !(s.Cover && s.Seat == 1); n++ {
		if n > 5000 || s.Game.State.Result().Over {
			t.Fatal("the seat never passed to the Allies")
		}
		if s.Waiting() {
			s.TakeSeat()
			continue
		}
		legal := s.Legal()
		if _, err := s.Do(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	french = append(french[:0], st.Hands[0]...)
	s.TakeSeat()
	b.layoutPanel(a)
	cards, _ = panelHand(b)
	allied := st.Hands[1]
	if s.Viewer != 1 || len(cards) != len(allied) {
		t.Fatalf("viewer %d: %d cards shown, the Allies hold %v", s.Viewer, len(cards), allied)
	}
	for _, pb := range cards {
		if !slices.Contains(allied, pb.card.ID) {
			t.Errorf("the Allied panel shows %q, not an Allied event (French hand %v)", pb.card.ID, french)
		}
	}
	// A public decision: no hand at all.
	s.Public = true
	s.view = nil
	b.layoutPanel(a)
	if cards, _ := panelHand(b); len(cards) != 0 {
		t.Errorf("a public decision's panel shows %d cards", len(cards))
	}
}
