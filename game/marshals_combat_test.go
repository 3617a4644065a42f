package game

import (
	"fmt"
	"strings"
	"testing"

	"grognard/rules"
	_ "grognard/rules/marshals"
)

// marshalsTalaveraFirstOp starts The Battle of Talavera with seed and
// plays it, outside any window, to the French player's first operation:
// decoys on the first legal zone, the first outcome of every chance point
// (dice forced, not sampled), every other decision the first legal one,
// an Allied operation passed. Bargas (the French army) is one road from
// Torrijos (Albuquerque's Spanish army): a combat is one move away.
func marshalsTalaveraFirstOp(t *testing.T, seed uint64) *rules.Game {
	t.Helper()
	g, err := rules.NewGame("marshals-talavera", seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	playFirstUntil(t, g, "French operation", func(st rules.Status, legal []rules.Action) (*rules.Action, bool) {
		if !strings.HasPrefix(st.SubPhase, "choose an operation") {
			return nil, false
		}
		if st.Decider == 0 {
			return nil, true
		}
		if legal[0].Kind != "pass" {
			t.Fatalf("first operation action %s", legal[0].Key())
		}
		return &legal[0], false
	})
	return g
}

// playFirstUntil plays g on: the first chance outcome, and for a player
// the action step gives (the first legal action when it gives none),
// until step says done; what names the position sought in the failure
// after 500 steps.
func playFirstUntil(t *testing.T, g *rules.Game, what string, step func(st rules.Status, legal []rules.Action) (a *rules.Action, done bool)) {
	t.Helper()
	for n := 0; ; n++ {
		if n > 500 {
			t.Fatalf("no %s after %d steps: %+v", what, n, g.State.Status())
		}
		st := g.State.Status()
		if st.Decider == rules.Chance {
			if _, err := g.ApplyOne(g.State.Chances()[0].Action); err != nil {
				t.Fatal(err)
			}
			continue
		}
		legal := g.State.Legal()
		a, done := step(st, legal)
		if done {
			return
		}
		if a == nil {
			a = &legal[0]
		}
		if _, err := g.ApplyOne(*a); err != nil {
			t.Fatal(err)
		}
	}
}

// legalWhere finds the decider's legal action matching pred.
func legalWhere(t *testing.T, s *Session, what string, pred func(rules.Action) bool) rules.Action {
	t.Helper()
	for _, a := range s.Legal() {
		if pred(a) {
			return a
		}
	}
	var ks []string
	for _, a := range s.Legal() {
		ks = append(ks, a.Key())
	}
	t.Fatalf("no legal action to %s among %v (%+v)", what, ks, s.Game.State.Status())
	return rules.Action{}
}

// marchChoice is the ordinary march in a menu of moves (not the move in
// battle order [5.3.4]).
func marchChoice(menu []rules.Action) int {
	for i, a := range menu {
		if !strings.HasPrefix(a.Choice, "bo:") {
			return i
		}
	}
	return -1
}

// frenchSeesSpanish counts the Allied counters the French view shows in
// full, and the anonymous Allied markers, at zone z.
func frenchSeesSpanish(s *Session, z string) (full, markers int) {
	for _, u := range s.Game.State.View(0).Units {
		if u.Side != 1 || u.At != z {
			continue
		}
		if u.Hidden {
			markers++
		} else {
			full++
		}
	}
	return
}

// passSeat lifts a hand-over cover the way the window test does without
// the mouse (the first hand-over is clicked).
func passSeat(s *Session) {
	if s.Waiting() {
		s.TakeSeat()
	}
}

// combatStep answers the next decision of the combat with its first
// legal action ("no" where offered: no event played); done once the
// operation is over. It never stops the test (it runs on the app's
// thread in the window test).
func combatStep(s *Session) (done bool, err error) {
	st := s.Game.State.Status()
	if st.Phase != "C - Operations" || strings.HasPrefix(st.SubPhase, "choose an operation") {
		return true, nil
	}
	passSeat(s)
	legal := s.Legal()
	if len(legal) == 0 {
		return false, fmt.Errorf("no legal action at %+v", st)
	}
	a := legal[0]
	for _, b := range legal {
		if b.Choice == "no" {
			a = b
		}
	}
	_, err = s.Do(a)
	return false, err
}

// fightOut plays the combat to its end; during sees each state.
func fightOut(t *testing.T, s *Session, during func()) {
	t.Helper()
	for n := 0; ; n++ {
		if n > 60 {
			t.Fatalf("the combat does not end: %+v", s.Game.State.Status())
		}
		during()
		done, err := combatStep(s)
		if err != nil {
			t.Fatal(err)
		}
		if done {
			return
		}
	}
}

// firstWhere is the first legal action matching pred (ok false if none).
func firstWhere(s *Session, pred func(rules.Action) bool) (rules.Action, bool) {
	for _, a := range s.Legal() {
		if pred(a) {
			return a, true
		}
	}
	return rules.Action{}, false
}

// TestMarshalsTalaveraScriptHeadless plays, on the session as the window
// does, the French army from Bargas into Torrijos and a forced passage
// there [5.3] [5.3.1] [5.3.3]: the Spanish stack is one anonymous marker
// for the French until the combat reveals it [5.4] [7.6], in full during
// the combat, and a marker again once it is over.
func TestMarshalsTalaveraScriptHeadless(t *testing.T) {
	for _, seed := range []uint64{1} {
		g := marshalsTalaveraFirstOp(t, seed)
		s, err := SessionFor(g)
		if err != nil {
			t.Fatal(err)
		}
		s.TakeSeat()
		_, _ = s.Do(legalWhere(t, s, "activate Bargas", func(a rules.Action) bool { return a.Kind == "order" && a.To == "bargas" }))
		_, _ = s.Do(legalWhere(t, s, "confirm", func(a rules.Action) bool { return a.Choice == "confirm" }))
		if st := g.State.Status(); st.SubPhase != "move the stack [5.3]" || s.Selected == "" {
			t.Fatalf("after the activation (Joseph's command test): %+v, selected %q", st, s.Selected)
		}
		if full, markers := frenchSeesSpanish(s, "torrijos"); full != 0 || markers != 1 {
			t.Fatalf("before the move the French see %d Spanish counters and %d markers at Torrijos", full, markers)
		}
		if _, ok := s.Routes()["torrijos"]; !ok {
			t.Fatalf("Torrijos is not reachable: %v", s.Routes())
		}
		acts, err := s.ClickLoc("torrijos")
		if err != nil {
			t.Fatal(err)
		}
		if len(acts) != 2 || s.Menu == nil {
			t.Fatalf("a road move and a move in battle order: %v", acts)
		}
		if err := s.Choose(marchChoice(s.Menu)); err != nil {
			t.Fatal(err)
		}
		if !s.Waiting() || s.Decider() != 1 {
			t.Fatalf("the Allies place their Retraite marker behind a hand-over: %+v", s.Game.State.Status())
		}
		passSeat(s)
		_, _ = s.Do(legalWhere(t, s, "place the Retraite marker", func(a rules.Action) bool { return a.Rule == "5.3.1" }))
		passSeat(s)
		for s.Game.State.Status().SubPhase == "return a fatigue marker? [5.3.2]" {
			_, _ = s.Do(legalWhere(t, s, "keep the marker", func(a rules.Action) bool { return a.Choice == "keep" }))
		}
		_, _ = s.Do(legalWhere(t, s, "force the passage", func(a rules.Action) bool { return a.Choice == "force" }))
		revealed := 0
		fightOut(t, s, func() {
			if full, _ := frenchSeesSpanish(s, "torrijos"); full > revealed {
				revealed = full
			}
		})
		if revealed < 3 {
			t.Errorf("the combat showed the French %d Spanish counters at Torrijos", revealed)
		}
		for _, u := range s.Game.State.View(0).Units {
			if u.Side == 1 && !u.Hidden {
				t.Errorf("after the combat the French still see %s in full", u.ID)
			}
		}
		t.Logf("seed %d: %d Spanish counters revealed; then %+v", seed, revealed, s.Game.State.Status())
	}
}
