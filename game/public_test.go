package game

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/napoleonics"
)

// ventaBattleBack is a Venta del Pozo game in the British combat phase
// (Attack Left played) with only the KGL battalion at 0209 and the French
// 66e at 0208 (and the French 15e Léger far off at 0105); each side holds
// cards. The British hold the seat, their
// melee is declared and the dice forced (an infantry symbol, three
// artillery: one hit, no flag), so the French decide whether to battle back.
func ventaBattleBack(t *testing.T) *Session {
	t.Helper()
	s, err := NewSession(napoleonics.ScenarioID, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := s.Game.State.(*napoleonics.State)
	hm := s.View().Board.Hex
	place := map[string]string{"b-kgl1": "0209", "f-66": "0208", "f-15l": "0105"}
	for i := range st.Units {
		u := &st.Units[i]
		h, ok := place[u.ID]
		if !ok {
			u.Gone = "reserve"
			continue
		}
		c, err := hm.ParseOn(h)
		if err != nil {
			t.Fatal(err)
		}
		u.At, u.Gone = c, ""
	}
	st.Draw = nil
	st.Hands = [2][]string{{"probe-centre", "attack-right"}, {"scout-left", "probe-right"}}
	st.Phase, st.Active = napoleonics.PhCombat, 1
	st.Card, st.Eff = "attack-left", "attack-left"
	st.Ordered = map[string]bool{"b-kgl1": true}
	st.Touch() // changed outside Apply: forget the cached legal list
	s, err = SessionFor(s.Game)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	if s.Holder != 1 || !s.CanAct() {
		t.Fatalf("the British should hold the seat and act: holder %v", s.Holder)
	}
	for _, a := range []rules.Action{{Kind: "melee", Unit: "b-kgl1", To: "0208"}, {Kind: "roll", Dice: []int{0, 2, 2, 2}}} {
		if _, err := s.Game.ApplyOne(a); err != nil {
			t.Fatalf("%s: %v", a.Key(), err)
		}
	}
	s.afterChange()
	return s
}

// TestBattleBack_TakenOnThePublicScreen [Battle Back]: after the British
// melee the French decide whether to battle back on a screen with no hand
// and no hand-over; the British still see their dice in the log, and once
// the French have decided the seat is still the British's, without a
// hand-over either.
func TestBattleBack_TakenOnThePublicScreen(t *testing.T) {
	s := ventaBattleBack(t)
	if s.Cover || s.Handover || !s.Public {
		t.Fatalf("battle back is public: cover %v handover %v public %v", s.Cover, s.Handover, s.Public)
	}
	if s.Viewer != 0 || s.Holder != 1 || !s.CanAct() {
		t.Fatalf("the French decide (viewer %v) while the British hold the seat (holder %v)", s.Viewer, s.Holder)
	}
	v := s.View()
	if len(v.Hand) != 0 {
		t.Fatalf("the public screen shows a hand: %v", v.Hand)
	}
	if len(v.HandCounts) != 2 || v.HandCounts[0] != 2 || v.HandCounts[1] != 2 {
		t.Fatalf("the number of cards held stays public: %v", v.HandCounts)
	}
	if !slices.ContainsFunc(v.Legal, func(a rules.Action) bool { return a.Unit == "f-66" && a.To == "0209" }) {
		t.Fatalf("the French battle back is offered: %v", v.Legal)
	}
	log := strings.Join(s.LogLines(), "\n")
	if !strings.Contains(log, "1st KGL Light Battalion rolls infantry, artillery, artillery, artillery: 1 hit") {
		t.Fatalf("the attacker's roll is in the log the public screen shows:\n%s", log)
	}
	for _, l := range s.LogLines() {
		for _, c := range []string{"Scout Left", "Probe Right", "Probe Centre", "Attack Right"} {
			if strings.Contains(l, c) {
				t.Fatalf("the public log names a card held: %q", l)
			}
		}
	}
	if !slices.ContainsFunc(v.Notes, func(n string) bool { return strings.Contains(n, "Public decision") }) {
		t.Fatalf("the screen says the decision is public: %v", v.Notes)
	}
	// The French decline: the British decide again, no hand-over.
	if _, err := s.Do(rules.Action{Kind: "end"}); err != nil {
		t.Fatal(err)
	}
	if s.Cover || s.Handover || s.Public || s.Viewer != 1 || !s.CanAct() {
		t.Fatalf("back to the British at once: cover %v handover %v public %v viewer %v", s.Cover, s.Handover, s.Public, s.Viewer)
	}
	if h := s.View().Hand; len(h) != 2 {
		t.Fatalf("the British see their own hand again: %v", h)
	}
}

// TestPublicDecisionsNeverShowAHand: in random hot-seat games of Venta
// del Pozo and the Marshals, every decision the system marks public (if
// any: the Marshals rarely has one) is
// taken with no cover, no hand and only what the other side sees of the
// decider's units; every other change of decider covers the board.
func TestPublicDecisionsNeverShowAHand(t *testing.T) {
	for _, sc := range []string{napoleonics.ScenarioID, "marshals-advance"} {
		publics := 0
		for seed := uint64(1); seed <= 3 && publics == 0; seed++ {
			s, err := NewSession(sc, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			pick := rand.New(rand.NewPCG(seed, 7))
			for step := 0; step < 3000 && !s.Game.State.Result().Over; step++ {
				if s.Cover {
					s.TakeSeat()
				}
				d := s.Decider()
				if s.Public {
					publics++
					v := s.View()
					if len(v.Hand) != 0 || s.Viewer != d || s.Holder == d {
						t.Fatalf("%s: public decision with a hand %v, viewer %v, holder %v, decider %v", sc, v.Hand, s.Viewer, s.Holder, d)
					}
					other := s.Game.State.View(1 - d)
					for _, u := range v.Units {
						if u.Side == d && !slices.ContainsFunc(other.Units, func(o rules.UnitView) bool { return o.ID == u.ID }) {
							t.Fatalf("%s: the public screen shows %s, which the other side cannot see", sc, u.ID)
						}
					}
				} else if d >= 0 && d != s.Viewer && !s.Cover {
					t.Fatalf("%s: decider %v at viewer %v's screen without a cover", sc, d, s.Viewer)
				}
				legal := s.Legal()
				if len(legal) == 0 {
					break
				}
				if _, err := s.Do(legal[pick.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		// The Marshals marks a decision public only when the decider's own
		// screen shows nothing the other side's does not, which in a
		// campaign (the decider's whole army on his screen) is rare: only
		// Venta del Pozo must meet public decisions here.
		if publics == 0 && sc == napoleonics.ScenarioID {
			t.Fatalf("%s: no public decision met in three random games", sc)
		}
		t.Logf("%s: %d public decisions", sc, publics)
	}
}

// TestNoSaysWhoseDecisionItIs (#11.12): a player never reads "it is the
// French turn" about his own unit when the game waits for him. On the
// public screen the French, deciding a battle back in the British turn,
// are told that only that decision is theirs; the French at their own
// command phase with a British block left selected are told it is not
// theirs.
func TestNoSaysWhoseDecisionItIs(t *testing.T) {
	s := ventaBattleBack(t)
	s.Select("f-15l")
	for _, w := range []string{s.UnitWhy("f-15l"), s.WhyNot("0106")} {
		if strings.Contains(w, "it is the") || !strings.Contains(w, "battle back") {
			t.Errorf("the French deciding a battle back read %q", w)
		}
	}
	s, err := NewSession(napoleonics.ScenarioID, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	if s.Viewer != 0 || !s.CanAct() {
		t.Fatalf("the French should have the seat: viewer %v", s.Viewer)
	}
	var british string
	for _, u := range s.View().Units {
		if u.Side == 1 && u.At != "" {
			british = u.ID
			break
		}
	}
	s.Select(british)
	for _, w := range []string{s.UnitWhy(british), s.WhyNot("0105"), s.SelectionStatus()} {
		if strings.Contains(w, "it is the") {
			t.Errorf("the French with a British block selected read %q", w)
		}
	}
	if w := s.WhyNot("0105"); !strings.Contains(w, "not yours") {
		t.Errorf("the French with a British block selected: %q", w)
	}
}
