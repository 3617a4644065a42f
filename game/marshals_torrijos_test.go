package game

import (
	"testing"

	"grognard/rules"
)

// torrijosForceQuestion is the Talavera game of seed 1 brought by the
// session (seat taken, hand-overs passed) to the forced-passage question
// at Torrijos [5.3.3]: the Allied army at Bargas is activated and marched
// into the French at Torrijos, its Retraite marker placed and its fatigue
// markers kept. Shared by the melee tests (the loss allotment, the
// forced-passage odds).
func torrijosForceQuestion(t *testing.T) *Session {
	t.Helper()
	g := marshalsTalaveraFirstOp(t, 1)
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	_, _ = s.Do(legalWhere(t, s, "activate Bargas", func(a rules.Action) bool { return a.Kind == "order" && a.To == "bargas" }))
	_, _ = s.Do(legalWhere(t, s, "confirm", func(a rules.Action) bool { return a.Choice == "confirm" }))
	if _, err := s.ClickLoc("torrijos"); err != nil || s.Menu == nil {
		t.Fatalf("no move to Torrijos: %v", err)
	}
	if err := s.Choose(marchChoice(s.Menu)); err != nil {
		t.Fatal(err)
	}
	passSeat(s)
	_, _ = s.Do(legalWhere(t, s, "place the Retraite marker", func(a rules.Action) bool { return a.Rule == "5.3.1" }))
	passSeat(s)
	for s.Game.State.Status().SubPhase == "return a fatigue marker? [5.3.2]" {
		_, _ = s.Do(legalWhere(t, s, "keep the marker", func(a rules.Action) bool { return a.Choice == "keep" }))
	}
	return s
}
