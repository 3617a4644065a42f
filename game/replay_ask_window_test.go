package game

import (
	"image"
	"testing"

	"grognard/rules/almansa"
)

// TestWindowReplayPlayFromHereAsks drives the real window: in the replay
// of the live game, P draws the question over the replay (pixels in its
// rectangle change) and starts nothing; Esc takes the question away and
// the replay is drawn as before it, at the same step.
func TestWindowReplayPlayFromHereAsks(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	g, _ := playRandom(t, almansa.ScenarioID, 13, 60)
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	winApp.Do(func() {
		winApp.startSession(s)
		if s.Waiting() {
			s.TakeSeat()
		}
	})
	xkey(t, "r")
	waitFor(t, "the replay", func() bool { _, ok := winApp.scene.(*replayScene); return ok })
	var rs *replayScene
	winApp.Do(func() { rs = winApp.scene.(*replayScene) })
	xmove(t, win, 5, winH-5)
	settle(t)
	before := grab(t, win, "replay-ask-0-before")
	xkey(t, "p")
	waitFor(t, "the question", func() bool { return rs.b.dialog != nil })
	settle(t)
	asked := grab(t, win, "replay-ask-1-asked")
	var dr image.Rectangle
	winApp.Do(func() { rs.b.layoutDialog(winApp); dr = rs.b.dialog.rect })
	if c, n := almRectChanged(before, asked, dr.Inset(4)); c*100 < n*50 {
		t.Errorf("the question is not drawn: %d of %d pixels changed", c, n)
	}
	xkey(t, "Escape")
	waitFor(t, "the question closed", func() bool { return rs.b.dialog == nil })
	settle(t)
	after := grab(t, win, "replay-ask-2-stayed")
	var still bool
	winApp.Do(func() { still = winApp.scene == rs && rs.R.N == len(g.Steps) })
	if !still {
		t.Fatal("Esc did not leave the replay as it was")
	}
	if c, n := almRectChanged(before, after, dr); c*100 > n*2 {
		t.Errorf("the replay is not drawn as before the question: %d of %d pixels changed", c, n)
	}
	xkey(t, "Escape") // back to the live game
	waitFor(t, "the live board", func() bool { return winApp.Board() != nil })
}
