package game

import (
	"image"
	"strings"
	"testing"

	"grognard/rules"
)

// TestWindowRule10_SecondFormationAsksFirst (#11.3) in the real window:
// once one Almansa formation has begun moving, selecting a unit of
// another formation and pointing at one of its moves shows a hover box
// saying it closes the first formation with its units unmoved [10]; the
// click opens a question drawn over the board and moves nothing; Esc
// keeps everything; a second click and Enter move the unit.
func TestWindowRule10_SecondFormationAsksFirst(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	s := almSetUp(t)
	var first rules.Action
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
	alone := func(id string) bool {
		u, _ := s.Unit(id)
		n := 0
		for _, v := range s.View().Units {
			if v.At == u.At {
				n++
			}
		}
		return n == 1
	}
	var other rules.Action
	for _, a := range s.Legal() {
		if u, ok := s.Unit(a.Unit); a.Kind == "move" && ok && u.Formation != "" && u.Formation != f1.Formation && alone(a.Unit) {
			other = a
			break
		}
	}
	if other.Unit == "" {
		t.Fatal("no unit of another formation, alone in its hex, may move")
	}
	closing := s.Closing(other.Unit)
	if !strings.HasPrefix(closing, "Closes formation ") || !strings.Contains(closing, "units unmoved [10]") {
		t.Fatalf("closing: %q", closing)
	}
	var b *BoardScene
	var ux, uy, tx, ty float64
	winApp.Do(func() {
		b = winApp.OpenSession(s)
		b.Fit(winApp)
		u, _ := s.Unit(other.Unit)
		ux, uy, _ = b.ScreenOf(u.At)
		tx, ty, _ = b.ScreenOf(other.To)
	})
	xclick(t, win, ux, uy)
	waitFor(t, other.Unit+" selected", func() bool { return s.Selected == other.Unit })
	almPark(t, win)
	settle(t)
	parked := grab(t, win, "formation-1-selected")
	xmove(t, win, int(tx), int(ty))
	settle(t)
	hovered := grab(t, win, "formation-2-hover")
	var hover []string
	var br image.Rectangle
	winApp.Do(func() { hover = s.HoverText(other.To); br = b.BoardRect(winApp) })
	if !strings.Contains(strings.Join(hover, "\n"), closing) {
		t.Fatalf("the hover of the move should say %q: %q", closing, hover)
	}
	if sh := changedShare(parked, hovered, br); sh < 0.004 {
		t.Fatalf("no hover box on the screen (%.2f%% of the board's pixels changed)", sh*100)
	}
	n := len(s.Game.Steps)
	xclick(t, win, tx, ty)
	waitFor(t, "the question", func() bool { return b.dialog != nil })
	almPark(t, win)
	settle(t)
	asked := grab(t, win, "formation-3-asked")
	var dr image.Rectangle
	winApp.Do(func() { dr = b.dialog.rect })
	if sh := changedShare(parked, asked, dr); sh < 0.3 {
		t.Fatalf("the question is not drawn (%.0f%% of its box changed)", sh*100)
	}
	if len(s.Game.Steps) != n {
		t.Fatal("the click moved the unit before the answer")
	}
	xkey(t, "Escape")
	waitFor(t, "the question closed", func() bool { return b.dialog == nil })
	if len(s.Game.Steps) != n {
		t.Fatal("Esc moved the unit")
	}
	if s.Selected != other.Unit {
		xclick(t, win, ux, uy)
		waitFor(t, other.Unit+" selected again", func() bool { return s.Selected == other.Unit })
	}
	xclick(t, win, tx, ty)
	waitFor(t, "the question again", func() bool { return b.dialog != nil })
	xkey(t, "Return")
	waitFor(t, other.Unit+" moved", func() bool { u, _ := s.Unit(other.Unit); return u.At == other.To })
}
