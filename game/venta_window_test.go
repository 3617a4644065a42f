package game

import (
	"image"
	"math"
	"sort"
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// Venta del Pozo in the real window, opened as GROGNARD_OPEN opens it. The
// seed fixes the French hand (Attack Centre, Attack Left, Attack Right,
// Fire and Hold when this was written: ventaPick copes with another).
const (
	ventaSeed  = "3"
	frenchBlue = 0x2a4c9c // the French counters' colour (units.txt)
)

// ventaPick chooses a card of the French hand and a unit it may order,
// alone in its hex (a click on a stack opens it), the 3e Hussards if they
// qualify: it plays each card on a copy of the game.
func ventaPick(s *Session) (card, unit, name string) {
	v := s.Game.State.View(0)
	count := map[string]int{}
	for _, u := range v.Units {
		count[u.At]++
	}
	for _, play := range s.Game.State.Legal() {
		if play.Kind != "play" {
			continue
		}
		g := s.Game.Clone()
		if _, err := g.Apply(play); err != nil {
			continue
		}
		for _, o := range g.State.Legal() {
			if o.Kind != "order" {
				continue
			}
			for _, u := range v.Units {
				if u.ID == o.Unit && count[u.At] == 1 && u.Type != "leader" && (unit == "" || u.ID == "f-h3") {
					card, unit, name = play.Choice, u.ID, u.Name
				}
			}
		}
		if unit == "f-h3" {
			break
		}
	}
	return card, unit, name
}

// counterPixels counts the pixels within a box of half-size r around
// (cx, cy) whose colour is close to rgb.
func counterPixels(img *image.RGBA, cx, cy, r float64, rgb uint32) int {
	want := [3]int{int(rgb >> 16 & 0xff), int(rgb >> 8 & 0xff), int(rgb & 0xff)}
	n := 0
	for y := int(cy - r); y <= int(cy+r); y++ {
		for x := int(cx - r); x <= int(cx+r); x++ {
			if !image.Pt(x, y).In(img.Bounds()) {
				continue
			}
			i := img.PixOffset(x, y)
			d := 0
			for k := range 3 {
				v := int(img.Pix[i+k]) - want[k]
				d += v * v
			}
			if d < 30*30 {
				n++
			}
		}
	}
	return n
}

// TestWindowVentaDelPozoOrdersAndMoves plays the first French steps of
// Venta del Pozo in the real window with xdotool: the hand-over cover hides
// the board, a click takes the seat, a command card is played by clicking
// it in the side panel, a unit of the card's section is selected and
// ordered, the order step ends, and once the unit is selected again the
// screenshot's pixels show its movement highlights exactly at the hexes of
// its legal move actions and at no other hex; clicking one moves it, and
// the log and the view say so.
func TestWindowVentaDelPozoOrdersAndMoves(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	t.Setenv(EnvOpen, "venta-del-pozo")
	t.Setenv(EnvSeed, ventaSeed)
	var b *BoardScene
	var s *Session
	winApp.Do(func() {
		if err := winApp.openFromEnv(); err != nil {
			panic(err)
		}
		b = winApp.Board()
		s = b.S
	})
	if !s.Cover || s.Seat != 0 {
		t.Fatalf("a hidden-hand game opens on the hand-over screen for the French: cover %v seat %v", s.Cover, s.Seat)
	}
	var ventaCard, ventaUnit, unitName string
	winApp.Do(func() { ventaCard, ventaUnit, unitName = ventaPick(s) })
	if ventaUnit == "" {
		t.Fatal("no card of the French hand orders a unit standing alone")
	}
	t.Logf("playing %s to order %s (%s)", ventaCard, unitName, ventaUnit)
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
	winApp.Do(func() { radius = render.HexSize * b.Cam.Zoom })
	unitAt := func() string {
		var at string
		winApp.Do(func() {
			if u, ok := s.Unit(ventaUnit); ok {
				at = u.At
			}
		})
		return at
	}
	start := unitAt()
	if start == "" {
		t.Fatalf("no %s on the map", ventaUnit)
	}
	ux, uy := pos(start)

	// 1. The cover hides the board: no French blue where the Hussars stand.
	xmove(t, win, winW-20, winH-20)
	settle(t)
	covered := grab(t, win, "venta-1-cover")
	if n := counterPixels(covered, ux, uy, radius*0.5, frenchBlue); n > 0 {
		t.Errorf("the hand-over screen shows %d pixels of French counter colour at %s", n, start)
	}
	xclick(t, win, float64(winW/2), float64(winH/2))
	waitFor(t, "the French to take the seat", func() bool { return !s.Cover })
	xmove(t, win, winW-20, winH-20)
	settle(t)
	board := grab(t, win, "venta-2-board")
	if n := counterPixels(board, ux, uy, radius*0.5, frenchBlue); n < 30 {
		t.Fatalf("the board shows only %d pixels of French blue at %s: the cover check proves nothing", n, start)
	}

	// 2. Play the card by clicking it in the side panel.
	inPanel := func(what string, match func(pb panelButton) bool) (float64, float64) {
		var r image.Rectangle
		winApp.Do(func() {
			b.layoutPanel(winApp)
			for _, pb := range b.panel {
				if match(pb) {
					r = pb.b.Rect
					return
				}
			}
		})
		if r.Empty() {
			t.Fatalf("no %s in the side panel", what)
		}
		return float64(r.Min.X+r.Max.X) / 2, float64(r.Min.Y+r.Max.Y) / 2
	}
	x, y := inPanel("card "+ventaCard, func(pb panelButton) bool { return pb.isCard && pb.card.ID == ventaCard })
	xclick(t, win, x, y)
	waitFor(t, "the order step", func() bool { return s.View().Status.Phase == "Order" })

	// 3. Select the Hussars on the map and order them from the panel.
	xclick(t, win, ux, uy)
	waitFor(t, "the Hussars to be selected", func() bool { return s.Selected == ventaUnit })
	x, y = inPanel("order button", func(pb panelButton) bool {
		return pb.act != nil && pb.act.Kind == "order" && pb.act.Unit == ventaUnit
	})
	xclick(t, win, x, y)
	waitFor(t, "the Hussars to be ordered", func() bool {
		for _, a := range s.Legal() {
			if a.Kind == "order" && a.Unit == ventaUnit {
				return false
			}
		}
		return true
	})

	// 4. End the order step (its button), then clear any selection.
	x, y = inPanel("end button", func(pb panelButton) bool { return pb.act != nil && pb.act.Kind == "end" })
	xclick(t, win, x, y)
	xconfirm(t)
	waitFor(t, "the movement step", func() bool { return s.View().Status.Phase == "Movement" && !s.Cover })
	xkey(t, "Escape")
	waitFor(t, "no selection", func() bool { return s.Selected == "" })
	xmove(t, win, winW-20, winH-20)
	settle(t)
	before := grab(t, win, "venta-3-movement")

	// 5. Select the Hussars again: their destinations light.
	xclick(t, win, ux, uy)
	waitFor(t, "the Hussars to be selected again", func() bool { return s.Selected == ventaUnit })
	xmove(t, win, winW-20, winH-20)
	settle(t)
	after := grab(t, win, "venta-4-selected")
	var moves []string
	var hexes []string
	winApp.Do(func() {
		for _, a := range s.Legal() {
			if a.Kind == "move" && a.Unit == ventaUnit {
				moves = append(moves, a.To)
			}
		}
		m := s.View().Board.Hex
		for _, c := range m.Coords() {
			hexes = append(hexes, m.Num(c))
		}
	})
	if len(moves) < 2 {
		t.Fatalf("the Hussars have %d legal moves: %v", len(moves), moves)
	}
	sort.Strings(moves)
	lit := map[string]bool{}
	for _, m := range moves {
		lit[m] = true
	}
	var litShare, darkShare []float64
	for _, h := range hexes {
		if h == start {
			continue // the selection ring
		}
		hx, hy := pos(h)
		// Inside the hex's edges: a lit neighbour's outline runs along
		// the shared edge.
		c, n := changedRing(before, after, hx, hy, 0.45*radius, 0.78*radius)
		if n == 0 {
			continue // off the window
		}
		share := float64(c) / float64(n)
		switch {
		case lit[h] && share < 0.5:
			t.Errorf("legal destination %s: only %.1f%% of its ring changed; not lit", h, 100*share)
		case !lit[h] && share > 0.02:
			t.Errorf("hex %s is no legal destination but %.1f%% of its ring changed", h, 100*share)
		}
		if lit[h] {
			litShare = append(litShare, share)
		} else {
			darkShare = append(darkShare, share)
		}
	}
	if len(litShare) != len(moves) {
		t.Errorf("checked %d lit hexes of %d legal moves %v", len(litShare), len(moves), moves)
	}
	sort.Float64s(litShare)
	sort.Float64s(darkShare)
	t.Logf("moves %v; least lit share %.3f, most changed unlit share %.3f", moves, litShare[0], darkShare[len(darkShare)-1])

	// 6. Click the farthest destination: the Hussars move there.
	dest := moves[0]
	best := -1.0
	for _, m := range moves {
		mx, my := pos(m)
		if d := math.Hypot(mx-ux, my-uy); d > best {
			dest, best = m, d
		}
	}
	dx, dy := pos(dest)
	xclick(t, win, dx, dy)
	waitFor(t, "the Hussars to reach "+dest, func() bool {
		u, _ := s.Unit(ventaUnit)
		return u.At == dest
	})
	var logged bool
	var last []string
	winApp.Do(func() {
		lines := s.LogLines()
		last = lines[max(0, len(lines)-3):]
		for _, l := range lines {
			if strings.Contains(l, unitName) && strings.Contains(l, dest) {
				logged = true
			}
		}
	})
	if !logged {
		t.Errorf("the log does not tell the move to %s: %q", dest, last)
	}
	var u rules.UnitView
	winApp.Do(func() { u, _ = s.Unit(ventaUnit) })
	if u.At != dest {
		t.Errorf("the view has the Hussars at %s, want %s", u.At, dest)
	}
}
