package game

import (
	"fmt"
	"image"
	"sort"
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// TestWindowAlbueraLineToTheBridge: the window part (see the file comment).
//
// It used to be opt-in: before the render memory fix (terrain tiles painted
// on the CPU) the 40 x 29 map passed 7 GB under Xvfb's software GL. Measured
// on branch s16-albuera2 (25 Nov): 0.74 GB maximum resident, 32 s.
//
// What it checks: open Albuera, select I/16 L in Line, the hexes of its
// legal actions light in the pixels (and no other), click over the bridge
// into 2KGL's front, the Allies hold the board with 2KGL selected and the
// status naming both units, the panel's fire option shows its odds, a click
// on "holds" decides the reaction [13.1]. With nothing selected the free
// card area shows the Activation Pool; last, I/51 forms line on 1809-1808
// and its counter covers both hexes (albuera-7-rectangle.png).
func TestWindowAlbueraLineToTheBridge(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	t.Setenv(EnvOpen, "albuera-1811")
	t.Setenv(EnvSeed, "3")
	var b *BoardScene
	var s *Session
	winApp.Do(func() {
		if err := winApp.openFromEnv(); err != nil {
			panic(err)
		}
		b = winApp.Board()
		s = b.S
		// Close in on the bridge before the first frame: the whole
		// 40 x 29 map at once is slow to paint under software GL.
		b.resized(winApp)
		if x, y, ok := b.ScreenOf(albLine); ok {
			b.Cam.ZoomAt(x, y, 1.1/b.Cam.Zoom)
			mx, my := b.Cam.ToMap(x, y)
			b.Cam.X = mx - float64(b.Cam.Rect.Dx())/2/b.Cam.Zoom
			b.Cam.Y = my - float64(b.Cam.Rect.Dy())/2/b.Cam.Zoom
		}
	})
	ok := false
	var err error
	winApp.Do(func() {
		ok, err = albueraDrive(s.Game)
		s.afterChange()
	})
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		t.Fatalf("the driver did not bring %s to %s in Line", albUnit, albLine)
	}
	pos := func(loc string) (float64, float64) {
		var x, y float64
		var ok bool
		winApp.Do(func() { x, y, ok = b.ScreenOf(loc) })
		if !ok {
			t.Fatalf("no screen position for %s", loc)
		}
		return x, y
	}
	var radius float64
	var board image.Rectangle
	winApp.Do(func() { radius, board = render.HexSize*b.Cam.Zoom, b.Cam.Rect })
	// Only hexes whose ring is on the open board count: not under the side
	// panel, the status tip along the bottom or the overview map in the
	// bottom right corner (their contents change with the selection).
	onBoard := func(x, y, r float64) bool {
		box := image.Rect(int(x-r), int(y-r), int(x+r)+1, int(y+r)+1)
		open := image.Rect(board.Min.X, board.Min.Y, board.Max.X, board.Max.Y-60)
		mini := image.Rect(board.Max.X-210, board.Max.Y-185, board.Max.X, board.Max.Y)
		return box.In(open) && !box.Overlaps(mini)
	}
	xkey(t, "Escape")
	waitFor(t, "no selection", func() bool { return s.Selected == "" })
	xmove(t, win, winW-20, winH-20)
	settle(t)
	before := grab(t, win, "albuera-1-board")
	// With nothing selected the free card area shows the Activation Pool,
	// the chits set aside and drawn and the turn track [3.3] [15.11]: its
	// light text is in the pixels.
	var card image.Rectangle
	winApp.Do(func() { card = b.cardRect })
	bright := 0
	for y := card.Min.Y + 50; y < card.Max.Y && y < card.Min.Y+170; y++ {
		for x := card.Min.X; x < card.Max.X; x++ {
			c := before.RGBAAt(x, y)
			if c.R > 0xd0 && c.G > 0xc8 && c.B > 0xa8 {
				bright++
			}
		}
	}
	if bright < 300 {
		t.Errorf("the Activation Pool is not drawn in the free card area (%d text pixels)", bright)
	}

	// 1. Select the battalion: its legal destinations light, no other hex.
	ux, uy := pos(albLine)
	xclick(t, win, ux, uy)
	waitFor(t, "I/16 L to be selected", func() bool { return s.Selected == albUnit })
	xmove(t, win, winW-20, winH-20)
	settle(t)
	after := grab(t, win, "albuera-2-selected")
	var moves, hexes []string
	occupied := map[string]bool{}
	winApp.Do(func() {
		for _, u := range s.View().Units {
			occupied[u.At], occupied[u.At2] = true, true
		}
		// Every action of the battalion with a target hex lights it
		// (moves, and fire at the village if the KGL are in sight).
		for _, a := range s.Legal() {
			if a.Unit == albUnit && a.To != "" && a.To != albLine {
				moves = append(moves, a.To)
			}
		}
		m := s.View().Board.Hex
		for _, c := range m.Coords() {
			hexes = append(hexes, m.Num(c))
		}
	})
	sort.Strings(moves)
	lit := map[string]bool{}
	for _, m := range moves {
		lit[m] = true
	}
	if !lit[albBridge] {
		t.Fatalf("no legal move to %s: %v", albBridge, moves)
	}
	for _, h := range hexes {
		if h == albLine {
			continue // the selection ring
		}
		hx, hy := pos(h)
		// A hex with counters on it (a fire target) shows its light
		// around them, near its edge.
		r0, r1, need := 0.45*radius, 0.78*radius, 0.5
		if occupied[h] {
			r0, r1, need = 0.84*radius, 0.97*radius, 0.3
		}
		if !onBoard(hx, hy, r1) {
			continue
		}
		c, n := changedRing(before, after, hx, hy, r0, r1)
		share := float64(c) / float64(n)
		switch {
		case lit[h] && share < need:
			t.Errorf("legal destination %s: only %.1f%% of its ring changed; not lit", h, 100*share)
		case !lit[h] && share > 0.1: // a lit neighbour's edge may touch its ring
			t.Errorf("hex %s is no legal destination but %.1f%% of its ring changed", h, 100*share)
		}
	}

	// 2. Click over the bridge: the KGL must react; the prompt is the Allies'.
	bx, by := pos(albBridge)
	xclick(t, win, bx, by)
	waitFor(t, "the Allied reaction [13.1]", func() bool { return s.Decider() == 1 })
	// The French may still take the move back: the Allies take the
	// keyboard at the hand-over banner.
	xmove(t, win, winW-20, winH-20)
	settle(t)
	grab(t, win, "albuera-3-handover")
	waitFor(t, "the hand-over banner", func() bool { return s.Handover })
	xkey(t, "Return")
	waitFor(t, "the Allies at the keyboard", func() bool { return !s.Handover && s.Viewer == 1 })
	var u rules.UnitView
	winApp.Do(func() { u, _ = s.Unit(albUnit) })
	if u.At != albBridge {
		t.Fatalf("%s is at %s, want %s", albUnit, u.At, albBridge)
	}
	xmove(t, win, winW-20, winH-20)
	settle(t)
	grab(t, win, "albuera-4-reaction")
	var prompt, selected string
	var viewer rules.Side
	winApp.Do(func() {
		prompt = s.View().Status.Prompt + " " + s.View().Status.SubPhase
		selected, viewer = s.Selected, s.Viewer
	})
	kgl, _ := albUnitView(s.Game.State, albKGL)
	mover, _ := albUnitView(s.Game.State, albUnit)
	if !strings.Contains(prompt, "Allied") || !strings.Contains(prompt, kgl.Name) || !strings.Contains(prompt, mover.Name) {
		t.Errorf("the status should say the Allies decide %s's reaction to %s: %q", kgl.Name, mover.Name, prompt)
	}
	// The board is the Allies' and the reacting unit is selected at once.
	if viewer != 1 || selected != albKGL {
		t.Errorf("viewer %d, selected %q: want the Allies with %s selected", viewer, selected, albKGL)
	}

	// 3. Decide it in the side panel, where each option shows its odds:
	// the KGL hold.
	var r image.Rectangle
	odds := 0
	winApp.Do(func() {
		b.layoutPanel(winApp)
		for _, pb := range b.panel {
			if pb.act != nil && pb.act.Unit == albKGL && pb.act.Choice == "react:none" {
				r = pb.b.Rect
			}
			if pb.act != nil && pb.act.Choice == "react:fire" && strings.Contains(pb.act.Info, "in 10") {
				odds++
			}
		}
	})
	if r.Empty() {
		t.Fatal("no 'holds' button for 2KGL in the side panel")
	}
	if odds == 0 {
		t.Error("the fire option in the panel shows no odds [13.1]")
	}
	xclick(t, win, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2)
	waitFor(t, "the reaction to be decided", func() bool {
		for _, a := range s.Legal() {
			if a.Unit == albKGL && strings.HasPrefix(a.Choice, "react:") {
				return false
			}
		}
		return true
	})
	xmove(t, win, winW-20, winH-20)
	settle(t)
	grab(t, win, "albuera-5-decided")
	var logged bool
	winApp.Do(func() {
		for _, l := range s.LogLines() {
			if strings.Contains(l, "King's German Legion holds") {
				logged = true
			}
		}
	})
	if !logged {
		t.Errorf("the log does not tell the KGL's decision [13.1]")
	}

	// 4. A rectangle [6.3]: the French finish I/16 L's move, the Allies
	// pass their fire window, I/51 steps out of its stack to 1809 (through
	// the engine); then the French take the keyboard and I/51 forms line
	// on 1809-1808 (through the session): one long counter over both hexes.
	var stepErr error
	winApp.Do(func() {
		if stepErr = applyFirst(s.Game, func(a rules.Action) bool { return a.Kind == "end" && a.Unit == albUnit }); stepErr != nil {
			return
		}
		for s.Game.State.Status().Decider == 1 && stepErr == nil {
			stepErr = applyFirst(s.Game, func(a rules.Action) bool { return a.Kind == "pass" })
		}
		if stepErr == nil {
			stepErr = applyFirst(s.Game, func(a rules.Action) bool {
				return a.Unit == "I/51" && a.To == "1809" && len(a.Units) == 0 && a.Kind == "move"
			})
		}
		s.afterChange()
	})
	if stepErr != nil {
		t.Fatal(stepErr)
	}
	if s.Handover {
		xkey(t, "Return")
	}
	waitFor(t, "the French at the keyboard", func() bool { return !s.Handover && s.Viewer == 0 })
	xkey(t, "Escape")
	xmove(t, win, winW-20, winH-20)
	settle(t)
	col := grab(t, win, "albuera-6-column")
	var form rules.Action
	winApp.Do(func() {
		for _, a := range s.Legal() {
			if a.Unit == "I/51" && a.Choice == "array:line" && a.To == "1809-1808" {
				form = a
			}
		}
	})
	if form.Kind == "" {
		t.Fatal("I/51 cannot form line on 1809-1808")
	}
	// (the forming is a lit place of two hexes on the map; done through
	// the session here: this step checks the drawing)
	var doErr error
	winApp.Do(func() { _, doErr = s.Do(form) })
	if doErr != nil {
		t.Fatal(doErr)
	}
	waitFor(t, "I/51 in Line on two hexes", func() bool {
		u, _ := albUnitView(s.Game.State, "I/51")
		return u.At2 != ""
	})
	xkey(t, "Escape")
	xmove(t, win, winW-20, winH-20)
	settle(t)
	line := grab(t, win, "albuera-7-rectangle")
	// From the hexside to 1808's centre the map gave way to the counter:
	// one long counter, not a counter on 1809 alone.
	ax, ay := pos("1809")
	bx2, by2 := pos("1808")
	changed, n := 0, 0
	for k := 0; k <= 20; k++ {
		f := 0.5 + 0.4*float64(k)/20
		x, y := int(ax+(bx2-ax)*f), int(ay+(by2-ay)*f)
		n++
		c1, c2 := col.RGBAAt(x, y), line.RGBAAt(x, y)
		d := absDiff(c1.R, c2.R) + absDiff(c1.G, c2.G) + absDiff(c1.B, c2.B)
		if d > 40 {
			changed++
		}
	}
	if changed < n*3/4 {
		t.Errorf("the rectangle does not cover 1808: %d of %d pixels from the hexside changed", changed, n)
	}
}

// applyFirst applies the first legal action f accepts.
func applyFirst(g *rules.Game, f func(rules.Action) bool) error {
	for _, a := range g.State.Legal() {
		if f(a) {
			_, err := g.Apply(a)
			return err
		}
	}
	return fmt.Errorf("no legal action fits (decider %d: %s)", g.State.Status().Decider, g.State.Status().Prompt)
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
