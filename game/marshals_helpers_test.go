package game

import (
	"testing"

	"grognard/rules"
)

// The set-ups the Marshals window tests share: The Battle of Talavera at
// the French army's first operation [5.0] (marshalsTalaveraFirstOp), in a
// session with the seat taken, then Bargas activated [5.2], its stack
// confirmed [5.1], and its march to Torrijos [5.3] (the Allied Retraite
// marker [5.3.1] and the forced passage [5.3.3] follow:
// talaveraForcedPassage).

// marshalsSeated opens Talavera (seed) at the French first operation in
// a session whose seat is taken (no display needed).
func marshalsSeated(t *testing.T, seed uint64) *Session {
	t.Helper()
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s, err := SessionFor(marshalsTalaveraFirstOp(t, seed))
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	return s
}

// marshalsPanelAt is marshalsSeated laid out in the window's scene at
// 1280x720 with its side panel built.
func marshalsPanelAt(t *testing.T, seed uint64) (*Session, *BoardScene) {
	t.Helper()
	s := marshalsSeated(t, seed)
	a, b := scriptedApp(t, s)
	b.layoutPanel(a)
	return s, b
}

// bargasActivated is marshalsSeated with the stack at Bargas activated
// [5.2], and confirmed as formed [5.1] when confirm is set.
func bargasActivated(t *testing.T, seed uint64, confirm bool) *Session {
	t.Helper()
	s := marshalsSeated(t, seed)
	if _, err := s.Do(legalWhere(t, s, "activate Bargas", func(a rules.Action) bool { return a.Kind == "order" && a.To == "bargas" })); err != nil {
		t.Fatal(err)
	}
	if confirm {
		if _, err := s.Do(legalWhere(t, s, "confirm", func(a rules.Action) bool { return a.Choice == "confirm" })); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// marchedToTorrijos is bargasActivated (confirmed) with the stack's march
// (not in battle order) into the Spanish army's zone at Torrijos [5.3]
// clicked on the map: the Allied player places his Retraite marker next.
func marchedToTorrijos(t *testing.T, seed uint64) *Session {
	t.Helper()
	s := bargasActivated(t, seed, true)
	if _, err := s.ClickLoc("torrijos"); err != nil {
		t.Fatal(err)
	}
	if err := s.Choose(marchChoice(s.Menu)); err != nil {
		t.Fatal(err)
	}
	return s
}
