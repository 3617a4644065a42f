package game

import (
	"image"
	"math"
	"testing"

	"grognard/rules"
)

// ringChange is the share of pixels in the ring r0..r1 around (cx, cy)
// that differ clearly between two screenshots.
func ringChange(a, b *image.RGBA, cx, cy, r0, r1 float64) float64 {
	n, tot := 0, 0
	for y := int(cy - r1); y <= int(cy+r1); y++ {
		for x := int(cx - r1); x <= int(cx+r1); x++ {
			d := math.Hypot(float64(x)-cx, float64(y)-cy)
			p := image.Pt(x, y)
			if d < r0 || d > r1 || !p.In(a.Bounds()) || !p.In(b.Bounds()) {
				continue
			}
			tot++
			c1, c2 := a.RGBAAt(x, y), b.RGBAAt(x, y)
			if absd(c1.R, c2.R)+absd(c1.G, c2.G)+absd(c1.B, c2.B) > 60 {
				n++
			}
		}
	}
	return float64(n) / float64(max(tot, 1))
}

func absd(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// boxChange is the share of clearly changed pixels in a box.
func boxChange(a, b *image.RGBA, r image.Rectangle) float64 {
	n, tot := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !image.Pt(x, y).In(a.Bounds()) {
				continue
			}
			tot++
			c1, c2 := a.RGBAAt(x, y), b.RGBAAt(x, y)
			if absd(c1.R, c2.R)+absd(c1.G, c2.G)+absd(c1.B, c2.B) > 60 {
				n++
			}
		}
	}
	return float64(n) / float64(max(tot, 1))
}

// TestWindowMarshalsTalaveraMoveAndCombatReveal plays, in the real window,
// the French army of The Battle of Talavera from Bargas into the Spanish at
// Torrijos (the game brought to the first French operation outside the
// window, chance points forced to their first outcome): the hand-over
// cover hides the French; a click takes the seat; a click on Bargas opens
// its stack; the panel button activates it; after the command test the
// zones the stack can reach are lit in the pixels and no other [5.3]; a
// click on Torrijos and on the march in the menu moves it there; the
// Allies place their Retraite marker behind a hand-over [5.3.1]; the
// French force the passage [5.3.3]; the combat shows the French the
// Spanish counters in full [5.4], and once it is over they are one
// anonymous marker again [7.6].
func TestWindowMarshalsTalaveraMoveAndCombatReveal(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	g := marshalsTalaveraFirstOp(t, 1)
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	var b *BoardScene
	winApp.Do(func() {
		winApp.startSession(s)
		b = winApp.Board()
		mx, my, _ := b.RB.Center("bargas")
		b.Cam.Zoom = 1
		r := b.Cam.Rect
		b.Cam.X = mx - float64(r.Dx())/2
		b.Cam.Y = my - float64(r.Dy())/2
	})
	if !s.Cover {
		t.Fatal("the French operation opens behind the hand-over screen")
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
	park := func() { xmove(t, win, winW-20, winH-20); settle(t) }
	bx, by := pos("bargas")
	tx, ty := pos("torrijos")
	frenchBlue := func(img *image.RGBA) int {
		n := 0
		for y := int(by - 30); y <= int(by+30); y++ {
			for x := int(bx - 45); x <= int(bx+45); x++ {
				if !image.Pt(x, y).In(img.Bounds()) {
					continue
				}
				c := img.RGBAAt(x, y)
				if int(c.B) > int(c.R)+60 && int(c.B) > int(c.G)+30 && c.R < 90 {
					n++
				}
			}
		}
		return n
	}
	park()
	if n := frenchBlue(grab(t, win, "marshals-c1-cover")); n > 0 {
		t.Errorf("the hand-over screen shows %d pixels of French blue at Bargas", n)
	}
	xclick(t, win, float64(winW/2), float64(winH/2))
	waitFor(t, "the French to take the seat", func() bool { return !s.Cover })
	park()
	before := grab(t, win, "marshals-c2-seat")
	if n := frenchBlue(before); n < 20 {
		t.Fatalf("the board shows %d pixels of French blue at Bargas: the cover check proves nothing", n)
	}
	// A click on the Bargas stack opens it.
	xclick(t, win, bx, by)
	waitFor(t, "the Bargas stack to open", func() bool { return b.openStack == "bargas" })
	park()
	grab(t, win, "marshals-c3-stack-open")
	xkey(t, "Escape")
	waitFor(t, "the stack to close", func() bool { return b.openStack == "" })
	// The panel button activates the stack [5.2].
	button := func(what string, pred func(rules.Action) bool) {
		t.Helper()
		var r image.Rectangle
		winApp.Do(func() {
			b.layoutPanel(winApp)
			for _, pb := range b.panel {
				if pb.act != nil && pred(*pb.act) {
					r = pb.b.Rect
					return
				}
			}
		})
		if r.Empty() {
			t.Fatalf("no panel button to %s", what)
		}
		xclick(t, win, float64(r.Min.X+r.Dx()/2), float64(r.Min.Y+r.Dy()/2))
	}
	button("activate the stack at Bargas", func(a rules.Action) bool { return a.Kind == "order" && a.To == "bargas" })
	waitFor(t, "the stack to be formed", func() bool { return s.Game.State.Status().SubPhase == "form the stack [5.1]" })
	button("confirm the stack", func(a rules.Action) bool { return a.Choice == "confirm" })
	xconfirm(t)
	waitFor(t, "the stack to move", func() bool { return s.Game.State.Status().SubPhase == "move the stack [5.3]" && s.Selected != "" })
	park()
	lit := grab(t, win, "marshals-c4-reachable")
	// The reachable zones are lit; the others are as they were.
	var routes map[string]rules.Route
	var zones []string
	var zr float64
	winApp.Do(func() {
		routes = s.Routes()
		for _, z := range s.View().Board.Zones.Zones {
			if z.Terrain != "offmap" {
				zones = append(zones, z.ID)
			}
		}
		zr = 22 * b.Cam.Zoom
	})
	if _, ok := routes["torrijos"]; !ok || len(routes) < 3 {
		t.Fatalf("routes %v: Torrijos and more are in reach", routes)
	}
	litOn, darkOn := 0, 0
	for _, z := range zones {
		x, y := pos(z)
		var under bool
		winApp.Do(func() { under = b.RB.MinimapAt(b.Cam, x, y) || b.RB.MinimapAt(b.Cam, x-zr*1.6, y-zr*1.6) })
		if under || x < 40 || y < 80 || x > float64(winW)-380 || y > float64(winH)-80 || z == "bargas" {
			continue // off the map view, under the panel or the overview, or the stack's own zone
		}
		ch := ringChange(before, lit, x, y, zr*0.9, zr*1.6)
		_, reach := routes[z]
		switch {
		case reach && ch < 0.05:
			t.Errorf("reachable zone %s is not lit (%.1f%% of its ring changed)", z, 100*ch)
		case !reach && ch > 0.05:
			t.Errorf("zone %s is out of reach but %.1f%% of its ring changed", z, 100*ch)
		}
		if reach {
			litOn++
		} else {
			darkOn++
		}
	}
	if litOn < 2 || darkOn < 3 {
		t.Fatalf("on screen: %d reachable zones and %d others; the check proves nothing", litOn, darkOn)
	}
	t.Logf("%d lit and %d unlit zones checked", litOn, darkOn)
	// Torrijos: a road march or a move in battle order; the march.
	xclick(t, win, tx, ty)
	waitFor(t, "the move menu", func() bool { return len(s.Menu) == 2 })
	var item image.Rectangle
	winApp.Do(func() {
		b.layoutMenu(winApp)
		if i := marchChoice(s.Menu); i >= 0 && i < len(b.menu) {
			item = b.menu[i]
		}
	})
	if item.Empty() {
		t.Fatal("no menu item for the march")
	}
	xclick(t, win, float64(item.Min.X+item.Dx()/2), float64(item.Min.Y+item.Dy()/2))
	waitFor(t, "the Allied hand-over", func() bool { return s.Cover && s.Decider() == 1 })
	park()
	if n := frenchBlue(grab(t, win, "marshals-c5-allied-cover")); n > 0 {
		t.Errorf("the Allied hand-over shows %d pixels of French blue", n)
	}
	xclick(t, win, float64(winW/2), float64(winH/2))
	waitFor(t, "the Allies to take the seat", func() bool { return !s.Cover })
	var hidden, full int
	var placed bool
	winApp.Do(func() {
		full, hidden = frenchSeesSpanish(s, "torrijos")
		if a, ok := firstWhere(s, func(a rules.Action) bool { return a.Rule == "5.3.1" }); ok {
			_, err := s.Do(a)
			placed = err == nil
		}
	})
	if !placed {
		t.Fatal("the Allies could not place their Retraite marker")
	}
	if full != 0 || hidden != 1 {
		t.Fatalf("before the combat the French see %d Spanish counters and %d markers at Torrijos", full, hidden)
	}
	waitFor(t, "the French hand-over", func() bool { return s.Cover && s.Decider() == 0 })
	xclick(t, win, float64(winW/2), float64(winH/2))
	waitFor(t, "the French to take the seat", func() bool { return !s.Cover })
	park()
	moved := grab(t, win, "marshals-c6-moved")
	winApp.Do(func() {
		for s.Game.State.Status().SubPhase == "return a fatigue marker? [5.3.2]" {
			a, ok := firstWhere(s, func(a rules.Action) bool { return a.Choice == "keep" })
			if !ok {
				return
			}
			_, _ = s.Do(a)
		}
	})
	button("force the passage", func(a rules.Action) bool { return a.Choice == "force" })
	xconfirm(t)
	waitFor(t, "the combat", func() bool {
		full, _ := frenchSeesSpanish(s, "torrijos")
		return full > 0
	})
	// The reveal, on the French screen: the Allied answers of the
	// combat's first steps given until the French decide.
	for n := 0; ; n++ {
		var me bool
		var err error
		winApp.Do(func() {
			passSeat(s)
			if me = s.Decider() == 0; !me {
				_, err = combatStep(s)
			}
		})
		if err != nil || n > 20 {
			t.Fatalf("to the French decision in the combat: %v %+v", err, s.Game.State.Status())
		}
		if me {
			break
		}
	}
	park()
	var revealed int
	winApp.Do(func() { revealed, _ = frenchSeesSpanish(s, "torrijos") })
	shown := grab(t, win, "marshals-c7-revealed")
	area := image.Rect(int(tx-60), int(ty-60), int(tx+60), int(ty+40))
	if revealed < 3 {
		t.Errorf("the combat shows the French %d Spanish counters", revealed)
	}
	if ch := boxChange(moved, shown, area); ch < 0.03 {
		t.Errorf("the reveal changes %.1f%% of the Torrijos area: the Spanish counters are not drawn", 100*ch)
	}
	// The combat to its end, every decision its first answer; then the
	// Allies pass and the French take the seat for their operation.
	for n := 0; ; n++ {
		var done bool
		var err error
		winApp.Do(func() { done, err = combatStep(s) })
		if err != nil || n > 60 {
			t.Fatalf("the combat: %v %+v", err, s.Game.State.Status())
		}
		if done {
			break
		}
	}
	winApp.Do(func() {
		if s.Decider() == 1 {
			passSeat(s)
			if a, ok := firstWhere(s, func(a rules.Action) bool { return a.Kind == "pass" }); ok {
				_, _ = s.Do(a)
			}
		}
	})
	waitFor(t, "the French seat after the combat", func() bool { return s.Decider() == 0 })
	xclick(t, win, float64(winW/2), float64(winH/2))
	waitFor(t, "the French to take the seat", func() bool { return !s.Waiting() })
	park()
	after := grab(t, win, "marshals-c8-hidden-again")
	winApp.Do(func() {
		for _, u := range s.Game.State.View(0).Units {
			if u.Side == 1 && !u.Hidden {
				t.Errorf("after the combat the French still see %s in full", u.ID)
			}
		}
	})
	if ch := boxChange(shown, after, area); ch < 0.03 {
		t.Errorf("after the combat the Torrijos area changed %.1f%%: the revealed counters are still drawn", 100*ch)
	}
}
