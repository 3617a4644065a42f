package game

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/almansa"
)

// TestReplayWindowStepsBackAcrossACombat drives the real window: an
// Almansa game (seed 3, so every die is the game's own) is played to just
// after a Bourbon shock [13] (the resolve clicked in the window); R opens
// the replay, whose banner shows on the screen; the shock's roll is found
// in the replay's log and clicked, showing the roll's step with its die
// face drawn; Left steps back across the combat, and the counters of both
// units at their hexes look as they did before the roll (pixels) and
// stand where they stood (positions); Esc returns to the live game,
// byte-identical, drawn as before.
func TestReplayWindowStepsBackAcrossACombat(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	sh := &almShots{t: t, win: win, dir: t.TempDir()}
	s := almContact(t, "Bourbon shock combat")
	var b *BoardScene
	declN := -1
	type place struct {
		at    string
		steps int
	}
	beforePos := map[string]place{}
	winApp.Do(func() {
		s.Select("av4")
		for _, a := range s.TargetActions("1907") {
			if a.Kind == "shock" {
				if _, err := s.Do(a); err != nil {
					t.Error(err)
				}
			}
		}
		s.Select("")
		declN = len(s.Game.Steps)
		b = winApp.OpenSession(s)
		if s.Waiting() {
			s.TakeSeat()
		}
		// Both hexes of the combat in the middle of the board, zoomed.
		b.Cam.Zoom = 1.6
		x, y, _ := b.ScreenOf("1807")
		x2, y2, _ := b.ScreenOf("1907")
		br := b.BoardRect(winApp)
		b.pan((x+x2)/2-float64(br.Min.X+br.Dx()/2), (y+y2)/2-float64(br.Min.Y+br.Dy()/2))
		for _, u := range s.View().Units {
			beforePos[u.ID] = place{u.At, u.Strength}
		}
	})
	if t.Failed() {
		return
	}
	almPark(t, win)
	settle(t)
	before := sh.grab("replay-1-before-the-roll")
	var rx, ry float64
	rx, ry, _ = almPanelButton(t, b, func(a rules.Action) bool { return a.Kind == "shock" && a.Choice == "resolve" })
	logAt := 0
	winApp.Do(func() { logAt = len(s.Game.Log) })
	xclick(t, win, rx, ry)
	waitFor(t, "the shock resolved", func() bool { return s.Game.State.(*almansa.State).Decl == nil && len(s.Game.Log) > logAt })
	ev, ok := almCombatEvent(s, logAt, "13")
	if !ok || len(ev.Dice) != 1 {
		t.Fatal("no shock roll in the log")
	}
	rollLine := ev.TextFor(almansa.Bourbon)
	xconfirm(t) // the Allies take the keyboard
	almPark(t, win)
	settle(t)
	after := sh.grab("replay-2-after-the-roll")
	var live []byte
	var rollN int
	var centres map[string][2]float64
	var radius float64
	winApp.Do(func() {
		live = liveBytes(t, s.Game)
		for i, st := range s.Game.Steps {
			if i >= declN && st.By == rules.Chance && rollN == 0 {
				rollN = i + 1
			}
		}
		centres = map[string][2]float64{}
		for _, loc := range []string{"1807", "1907"} {
			x, y, _ := b.ScreenOf(loc)
			centres[loc] = [2]float64{x, y}
		}
		radius = render.HexSize * b.Cam.Zoom
	})
	if rollN == 0 {
		t.Fatal("no die step after the declaration")
	}
	// The combat changed the defender's counter on the screen (it lost a
	// step; whether the attacker loses one too depends on the die).
	if c := centres["1907"]; true {
		if ch, n := changedRing(before, after, c[0], c[1], 0, 0.8*radius); ch*100 < n {
			t.Fatalf("the shock did not change 1907 on the screen (%d of %d pixels): nothing to find in the replay", ch, n)
		}
	}

	// R: the replay at its last step, its banner on the screen.
	xkey(t, "r")
	var rs *replayScene
	waitFor(t, "the replay", func() bool { rs, _ = winApp.scene.(*replayScene); return rs != nil })
	almPark(t, win)
	settle(t)
	shot := sh.grab("replay-3-opened")
	var banner image.Rectangle
	winApp.Do(func() { banner = rs.bannerRect(winApp) })
	if n := countColor(shot, banner, replayBanner); n*100 < banner.Dx()*banner.Dy()*40 {
		t.Errorf("the REPLAY banner is not on the screen (%d pixels of its colour)", n)
	}
	if n := countColor(shot, banner, replayGold); n < 200 {
		t.Errorf("the banner's words are not on the screen (%d gold pixels)", n)
	}

	// The roll in the replay's log: click its line.
	var lx, ly int
	winApp.Do(func() {
		lr := rs.replayLogRect(winApp)
		lines, texts := rs.R.LogLines(), rs.logTexts()
		for y := lr.Max.Y - 10; y > lr.Min.Y+10; y -= 3 {
			if i := logLineAt(lr, texts, 0, y); i >= 0 && texts[i] == rollLine && lines[i].Step == rollN {
				lx, ly = lr.Min.X+60, y
				return
			}
		}
	})
	if ly == 0 {
		t.Fatalf("the roll %q is not in the replay's log", rollLine)
	}
	xclick(t, win, float64(lx), float64(ly))
	waitFor(t, "the roll's step", func() bool { return rs.R.N == rollN })
	almPark(t, win)
	settle(t)
	shot = sh.grab("replay-4-the-roll")
	var info StepInfo
	var side image.Rectangle
	winApp.Do(func() { info, side = rs.R.Info(), rs.sideRect(winApp) })
	if len(info.Dice) != 1 || info.Dice[0] != ev.Dice[0] || len(info.Odds) == 0 {
		t.Fatalf("the roll's step says dice %v odds %v, want the die %d and the shock's odds", info.Dice, info.Odds, ev.Dice[0])
	}
	// The die face is drawn in the side panel: a block of its ivory.
	if n := countColor(shot, side, color.RGBA{0xf4, 0xee, 0xe0, 0xff}); n < 200 {
		t.Errorf("no die face drawn in the side panel (%d ivory pixels)", n)
	}

	// Left steps back across the combat, to the moment of the first
	// screenshot: the counters look as then, not as after the roll.
	for i := 0; i < rollN-declN; i++ {
		xkey(t, "Left")
	}
	waitFor(t, "the step before the combat", func() bool { return rs.R.N == declN })
	almPark(t, win)
	settle(t)
	back := sh.grab("replay-5-back-across-the-combat")
	for loc, c := range centres {
		same, n := changedRing(before, back, c[0], c[1], 0, 0.8*radius)
		diff, _ := changedRing(after, back, c[0], c[1], 0, 0.8*radius)
		t.Logf("%s: %d of %d pixels differ from before the roll, %d from after it", loc, same, n, diff)
		// a counter the roll changed must look as before it, not as
		// after; one it left as it was must simply look as before
		rolled, _ := changedRing(before, after, c[0], c[1], 0, 0.8*radius)
		if same*200 > n || (rolled*100 >= n && (diff*100 < n || diff < 4*same)) {
			t.Errorf("%s in the replay does not look as before the roll (%d of %d differ from it, %d from after)", loc, same, n, diff)
		}
	}
	winApp.Do(func() {
		for _, u := range rs.View().Units {
			if p, ok := beforePos[u.ID]; ok && (p.at != u.At || p.steps != u.Strength) {
				t.Errorf("in the replay %s is at %s with %d steps, before the roll at %s with %d", u.ID, u.At, u.Strength, p.at, p.steps)
			}
		}
	})

	// Esc: the live game, untouched, drawn as it was.
	xkey(t, "Escape")
	waitFor(t, "the live board", func() bool { return winApp.scene == b })
	almPark(t, win)
	settle(t)
	again := sh.grab("replay-6-live-again")
	winApp.Do(func() {
		if !bytes.Equal(live, liveBytes(t, s.Game)) {
			t.Error("the live game changed after the replay")
		}
	})
	br := image.Rect(0, 0, winW, winH)
	if d := almRectDiff(after, again, br); d*1000 > br.Dx()*br.Dy() {
		t.Errorf("the live board looks different after the replay (%d pixels)", d)
	}
}

// countColor counts the pixels of r in img close to c.
func countColor(img *image.RGBA, r image.Rectangle, c color.RGBA) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := img.PixOffset(x, y)
			d := abs(int(img.Pix[i])-int(c.R)) + abs(int(img.Pix[i+1])-int(c.G)) + abs(int(img.Pix[i+2])-int(c.B))
			if d < 30 {
				n++
			}
		}
	}
	return n
}

// almRectDiff counts the pixels of r that differ between two shots.
func almRectDiff(a, b *image.RGBA, r image.Rectangle) int {
	c, _ := almRectChanged(a, b, r)
	return c
}

// TestReplayWindowVentaBehindTheCover: in the real window, R on an
// unfinished Venta del Pozo game opens the replay behind the hand-over
// screen, which hides the board and the hand (the pixels where they were
// are the cover's ground); Enter shows the seat's side only: its hand in
// the side panel and no card of the other hand in anything drawn.
func TestReplayWindowVentaBehindTheCover(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	sh := &almShots{t: t, win: win, dir: t.TempDir()}
	var s *Session
	winApp.Do(func() {
		g, _ := playRandom(t, "venta-del-pozo", 5, 150)
		var err error
		if s, err = SessionFor(g); err != nil {
			t.Error(err)
			return
		}
		winApp.OpenSession(s)
		s.TakeSeat()
	})
	if t.Failed() {
		return
	}
	almPark(t, win)
	settle(t)
	live := sh.grab("venta-1-live")
	xkey(t, "r")
	var rs *replayScene
	waitFor(t, "the replay", func() bool { rs, _ = winApp.scene.(*replayScene); return rs != nil })
	almPark(t, win)
	settle(t)
	cover := sh.grab("venta-2-cover")
	ground := color.RGBA{0x1e, 0x1b, 0x18, 0xff}
	var board, side image.Rectangle
	winApp.Do(func() {
		br := rs.b.BoardRect(winApp)
		// The quarter of the board and the top of the side panel, away
		// from the cover's words in the middle.
		board = image.Rect(br.Min.X, br.Min.Y, br.Min.X+br.Dx()/3, br.Min.Y+br.Dy()/3)
		sr := rs.sideRect(winApp)
		side = image.Rect(sr.Min.X, sr.Min.Y, sr.Max.X, sr.Min.Y+sr.Dy()/3)
	})
	for name, r := range map[string]image.Rectangle{"board": board, "side panel": side} {
		n := countColor(cover, r, ground)
		if n*100 < r.Dx()*r.Dy()*90 {
			t.Errorf("the hand-over screen does not hide the %s: %d of %d pixels are its ground", name, n, r.Dx()*r.Dy())
		}
		if c, tot := almRectChanged(live, cover, r); name == "board" && c*100 < tot*50 {
			t.Errorf("the %s looks as in the live game behind the cover (%d of %d pixels changed)", name, c, tot)
		}
	}
	xkey(t, "Return")
	waitFor(t, "the seat taken", func() bool { return !rs.cover })
	almPark(t, win)
	settle(t)
	shown := sh.grab("venta-3-replay")
	var drawn string
	var mine, theirs []rules.Card
	winApp.Do(func() {
		drawn = strings.Join(rs.Texts(winApp), "\n")
		st, _ := rs.R.TL.StateAt(rs.R.N)
		mine, theirs = st.View(rs.R.Viewer).Hand, st.View(1-rs.R.Viewer).Hand
	})
	if len(mine) == 0 || !strings.Contains(drawn, mine[0].Name) {
		t.Errorf("the replay does not show the seat's own hand (%v)", mine)
	}
	own := map[string]bool{}
	for _, c := range mine {
		own[c.Name] = true
	}
	for _, c := range theirs {
		if !own[c.Name] && strings.Contains(drawn, c.Name) && !publicName(rs.R, rs.R.N, c.Name) {
			t.Errorf("the other side's card %q is drawn", c.Name)
		}
	}
	if c, tot := almRectChanged(cover, shown, board); c*100 < tot*30 {
		t.Errorf("after Enter the board is still hidden (%d of %d pixels changed)", c, tot)
	}
	xkey(t, "Escape")
	waitFor(t, "the live board", func() bool { return winApp.Board() != nil && winApp.Board().S == s })
}
