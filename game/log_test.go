package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules/almansa"
)

// TestLogFollowsUnlessScrolledUp: the log follows new lines while at the
// bottom; one wheel notch up holds the lines read while new ones come (the
// scroll grows by the rows added); it never scrolls past the oldest line;
// a click on "newer below" or a hand-over brings back the newest.
func TestLogFollowsUnlessScrolledUp(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := almSetUp(t)
	for i := 0; i < 40; i++ {
		for _, act := range s.Legal() {
			if act.Kind == "move" {
				if _, err := s.Do(act); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	a, b := scriptedApp(t, s)
	lr := b.logRect(a)
	in := lr.Min.Add(lr.Size().Div(2))
	wheel := func(dy float64) { step(t, a, Event{Kind: EvWheel, X: in.X, Y: in.Y, DY: dy}) }
	total, shown := render.LogRows(lr, s.LogLines())
	if total <= shown+3 {
		t.Fatalf("the log should overflow its panel: %d rows for %d", total, shown)
	}
	wheel(1)
	if b.logScroll != 3 {
		t.Fatalf("one notch up: scroll %d", b.logScroll)
	}
	// New lines: the view keeps its lines.
	before := len(s.LogLines())
	moved := 0
	for _, act := range s.Legal() {
		if act.Kind == "move" && moved < 2 {
			if _, err := s.Do(act); err != nil {
				t.Fatal(err)
			}
			moved++
			break
		}
	}
	step(t, a)
	lines := s.LogLines()
	added, _ := render.LogRows(lr, lines[before:])
	if added == 0 || b.logScroll != 3+added {
		t.Fatalf("after %d new rows the scroll is %d, want %d", added, b.logScroll, 3+added)
	}
	// The mark says there are newer lines; a click on it returns.
	m := render.LogMoreRect(lr)
	c := m.Min.Add(m.Size().Div(2))
	step(t, a, Click(c.X, c.Y)...)
	if b.logScroll != 0 {
		t.Fatalf("a click on the newer-lines mark left scroll %d", b.logScroll)
	}
	// At the bottom it follows.
	for _, act := range s.Legal() {
		if act.Kind == "move" {
			if _, err := s.Do(act); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	step(t, a)
	if b.logScroll != 0 {
		t.Fatalf("at the bottom the log should follow: scroll %d", b.logScroll)
	}
	// Never past the oldest line, never below the newest.
	for range 200 {
		wheel(1)
	}
	total, shown = render.LogRows(lr, s.LogLines())
	if b.logScroll != total-shown {
		t.Fatalf("scrolled to the top: %d, want %d", b.logScroll, total-shown)
	}
	for range 400 {
		wheel(-1)
	}
	if b.logScroll != 0 {
		t.Fatalf("scrolled to the bottom: %d", b.logScroll)
	}
	// A hand-over shows the newest lines.
	wheel(1)
	for i := 0; s.Decider() == almansa.Bourbon && i < 8; i++ {
		step(t, a, Key(ebiten.KeySpace, false))
		if b.dialog != nil {
			step(t, a, Key(ebiten.KeyEnter, false))
		}
	}
	if !s.Handover {
		t.Fatal("no hand-over")
	}
	step(t, a, Key(ebiten.KeyEnter, false))
	if b.logScroll != 0 {
		t.Fatalf("after the hand-over the log should show the newest lines: scroll %d", b.logScroll)
	}
}
