package game

import (
	"testing"

	"grognard/rules"
)

// TestHandOverShowsTheOutcome: the hand-over screen after a decision
// carries what that decision brought about (its dice included), in public
// words only: the side that decided sees it before the seat passes, and
// the side taking the seat learns nothing private.
func TestHandOverShowsTheOutcome(t *testing.T) {
	s := newHexSession(t, 3)
	for i := 0; i < 4 && !s.Cover; i++ {
		n := len(s.Game.Log)
		for _, a := range s.PanelActions() {
			if a.Kind == "end" {
				if _, err := s.Do(a); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
		if s.Cover {
			evs := s.Game.Log[n:]
			if len(s.LastPublic) != len(evs) || len(evs) == 0 {
				t.Fatalf("cover notes %q for %d events", s.LastPublic, len(evs))
			}
			for i, e := range evs {
				if s.LastPublic[i] != e.TextFor(rules.NoSide) {
					t.Fatalf("note %q, want the public %q", s.LastPublic[i], e.TextFor(rules.NoSide))
				}
				if e.Private != "" && s.LastPublic[i] == e.TextFor(e.Owner) && e.Private != e.Text {
					t.Fatalf("a private text on the cover: %q", s.LastPublic[i])
				}
			}
			return
		}
	}
	t.Fatal("no hand-over")
}
