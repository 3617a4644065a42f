package game

import (
	"testing"

	"grognard/rules"
)

// talaveraAtForceQuestion is the Talavera game of seed brought by the
// session (seat taken, hand-overs passed) to the forced-passage question
// at Torrijos [5.3.3]: the stack at Bargas marched into the enemy at
// Torrijos (marchedToTorrijos), the defender's Retraite marker placed and
// the fatigue markers kept. Shared by the melee tests (the loss allotment,
// the forced-passage odds, the head units: talaveraForcedPassage).
func talaveraAtForceQuestion(t *testing.T, seed uint64) *Session {
	t.Helper()
	s := marchedToTorrijos(t, seed)
	passSeat(s)
	_, _ = s.Do(legalWhere(t, s, "place the Retraite marker", func(a rules.Action) bool { return a.Rule == "5.3.1" }))
	passSeat(s)
	for s.Game.State.Status().SubPhase == "return a fatigue marker? [5.3.2]" {
		_, _ = s.Do(legalWhere(t, s, "keep the marker", func(a rules.Action) bool { return a.Choice == "keep" }))
	}
	return s
}
