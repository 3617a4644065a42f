package game

import (
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
)

// TestRule10_MoveThatClosesAFormationSaysSoAndAsks: once a formation has
// begun moving, the hover of a move of another formation's unit says it
// closes the first with N units unmoved [10]; the first such click asks,
// Esc keeps everything, Enter moves; later ones in the phase do not ask.
func TestRule10_MoveThatClosesAFormationSaysSoAndAsks(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s, first, other := almansaSecondFormation(t)
	w := s.Closing(other.Unit)
	if !strings.HasPrefix(w, "Closes formation ") || !strings.Contains(w, "units unmoved [10]") {
		t.Fatalf("closing: %q", w)
	}
	if s.Closing(first.Unit) != "" {
		t.Fatalf("moving the formation that moves closes nothing: %q", s.Closing(first.Unit))
	}
	a, b := scriptedApp(t, s)
	s.Select(other.Unit)
	hover := strings.Join(s.HoverText(other.To), "\n")
	if !strings.Contains(hover, w) {
		t.Fatalf("the hover of the move should say %q: %q", w, hover)
	}
	x, y, _ := b.ScreenOf(other.To)
	n := len(s.Game.Steps)
	step(t, a, Click(int(math.Round(x)), int(math.Round(y)))...)
	if b.dialog == nil || len(s.Game.Steps) != n {
		t.Fatal("the first move closing a formation should ask")
	}
	step(t, a, Key(ebiten.KeyEscape, false))
	if len(s.Game.Steps) != n {
		t.Fatal("Esc moved the unit")
	}
	step(t, a, Click(int(math.Round(x)), int(math.Round(y)))...)
	step(t, a, Key(ebiten.KeyEnter, false))
	if len(s.Game.Steps) <= n {
		t.Fatal("Enter should move the unit")
	}
	// A later formation change in the same phase does not ask again.
	if w := s.NeedsCloseConfirm(first.Unit); w != "" {
		t.Fatalf("asked twice in a phase: %q", w)
	}
}

// almansaSecondFormation sets Almansa up, moves a unit of one formation
// and returns that move and a legal move of another formation's unit
// (which would close the first [10]).
func almansaSecondFormation(t *testing.T) (s *Session, first, other rules.Action) {
	t.Helper()
	s = almSetUp(t)
	for _, a := range s.Legal() {
		if u, ok := s.Unit(a.Unit); a.Kind == "move" && ok && u.Formation != "" {
			first = a
			break
		}
	}
	f1, _ := s.Unit(first.Unit)
	if _, err := s.Do(first); err != nil {
		t.Fatal(err)
	}
	for _, a := range s.Legal() {
		if u, ok := s.Unit(a.Unit); a.Kind == "move" && ok && u.Formation != "" && u.Formation != f1.Formation {
			other = a
			break
		}
	}
	if other.Unit == "" {
		t.Fatal("no unit of another formation may move")
	}
	return s, first, other
}
