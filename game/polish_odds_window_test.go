package game

import (
	"image"
	"strings"
	"testing"

	"grognard/rules"
)

// ventaMeleeReady is Venta del Pozo (seed 3) at the French combat phase
// of turn 1 with an ordered unit next to a British one: a card played,
// its orders given, the first moves found that bring an ordered unit into
// melee (a search over the legal moves, the state played through the
// rules). It returns the session and the melee action.
func ventaMeleeReady(t *testing.T) (*Session, rules.Action) {
	t.Helper()
	s := newcomerSession(t, "venta-del-pozo", 3)
	phase := func(st rules.State) string { return strings.ToLower(st.Status().Phase) }
	for i := 0; i < 30 && !strings.Contains(phase(s.Game.State), "movement"); i++ {
		l := s.Game.State.Legal()
		pick := l[0]
		for _, act := range l {
			if act.Kind == "play" || act.Kind == "order" {
				pick = act
				break
			}
		}
		if _, err := s.Game.Apply(pick); err != nil {
			t.Fatal(err)
		}
	}
	// the moves (up to three steps) after which the combat phase offers a melee
	var path []rules.Action
	var melee rules.Action
	var search func(st rules.State, depth int) bool
	search = func(st rules.State, depth int) bool {
		c := st.Clone()
		for i := 0; i < 5 && strings.Contains(phase(c), "movement"); i++ {
			var end *rules.Action
			for _, act := range c.Legal() {
				if act.Kind == "end" {
					act := act
					end = &act
				}
			}
			if end == nil {
				break
			}
			if _, err := c.Apply(*end); err != nil {
				break
			}
		}
		for _, act := range c.Legal() {
			if IsCombat(act.Kind) && act.To != "" {
				melee = act
				return true
			}
		}
		if depth == 0 {
			return false
		}
		for _, act := range st.Legal() {
			if act.Kind != "move" {
				continue
			}
			n := st.Clone()
			if _, err := n.Apply(act); err != nil {
				continue
			}
			path = append(path, act)
			if search(n, depth-1) {
				return true
			}
			path = path[:len(path)-1]
		}
		return false
	}
	if !search(s.Game.State, 3) {
		t.Skip("no melee within three moves of the first card's orders")
	}
	for _, act := range path {
		if _, err := s.Game.Apply(act); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 5 && strings.Contains(phase(s.Game.State), "movement"); i++ {
		for _, act := range s.Game.State.Legal() {
			if act.Kind == "end" {
				if _, err := s.Game.Apply(act); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	s.afterChange()
	s.TakeSeat()
	return s, melee
}

// TestWindowVentaOddsDrawnInThePanelAtTheFitView: in the real window,
// Venta's whole board (F), an ordered unit selected and the pointer on
// the enemy it may melee: the odds are drawn in the side panel (its gold
// title in the pixels there), and the box they are drawn in covers no
// counter of the board.
func TestWindowVentaOddsDrawnInThePanelAtTheFitView(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	s, melee := ventaMeleeReady(t)
	var b *BoardScene
	winApp.Do(func() {
		b = winApp.OpenSession(s)
		b.Fit(winApp)
		s.Select(melee.Unit)
	})
	settle(t)
	var x, y float64
	var ok bool
	winApp.Do(func() { x, y, ok = b.ScreenOf(melee.To) })
	if !ok {
		t.Fatalf("no screen place for %s", melee.To)
	}
	xmove(t, win, int(x), int(y))
	settle(t)
	img := grab(t, win, "venta-odds-fit")
	var odds, side, board = b.oddsRect, b.sideRect(winApp), b.BoardRect(winApp)
	var covers bool
	winApp.Do(func() {
		odds, side, board = b.oddsRect, b.sideRect(winApp), b.BoardRect(winApp)
		covers = b.oddsTouchesCounters(odds)
	})
	if odds.Empty() {
		t.Fatalf("no odds drawn for %s on %s", melee.Unit, melee.To)
	}
	if covers {
		t.Errorf("the odds %v cover a counter of the board", odds)
	}
	if odds.Overlaps(board) {
		if !covers {
			return // a clean place on the board: nothing more to check
		}
		t.Fatalf("the odds %v are on the board %v over counters", odds, board)
	}
	if !odds.In(side) {
		t.Errorf("the odds %v leave the side panel %v", odds, side)
	}
	title := image.Rect(odds.Min.X, odds.Min.Y, odds.Max.X, odds.Min.Y+50)
	if n := goldPixels(img, title); n < 40 {
		t.Errorf("the odds' gold title is not drawn in the panel at %v: %d gold pixels", title, n)
	}
}

// goldPixels counts the pixels of r close to the titles' gold.
func goldPixels(img *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !image.Pt(x, y).In(img.Bounds()) {
				continue
			}
			i := img.PixOffset(x, y)
			dr, dg, db := int(img.Pix[i])-int(gold.R), int(img.Pix[i+1])-int(gold.G), int(img.Pix[i+2])-int(gold.B)
			if dr*dr+dg*dg+db*db < 40*40 {
				n++
			}
		}
	}
	return n
}
