package game

import (
	"image"
	"math"
	"sort"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
)

// hoverSystems are a scenario of each of the four systems.
var hoverSystems = []string{"almansa-1707", "albuera-1811", "marshals-talavera", "venta-del-pozo"}

// hoverScene opens scenario id played on to a selected unit with map
// targets (frameSceneFor; Talavera's stack at Bargas on the move), the
// camera at zoom 1 on that unit.
func hoverScene(t *testing.T, id string) (*App, *BoardScene) {
	t.Helper()
	var a *App
	var b *BoardScene
	if id == "marshals-talavera" {
		// the stack at Bargas moving [5.3]: nineteen counters in a zone
		s := bargasActivated(t, 1, true)
		a = &App{w: WindowW, h: WindowH, input: noInput{}}
		b = newBoard(a, s)
		a.scene = b
	} else {
		a, b = frameSceneFor(t, id, true)
	}
	u, ok := b.S.Unit(b.S.Selected)
	if !ok || u.At == "" {
		t.Fatalf("%s: no selected unit on the map", id)
	}
	cx, cy, _ := b.RB.Center(u.At)
	b.Cam.Zoom = 1
	b.Cam.X = cx - float64(b.Cam.Rect.Dx())/2
	b.Cam.Y = cy - float64(b.Cam.Rect.Dy())/2
	return a, b
}

// hoverTarget is a unit hovered in a test: where its counter stands, the
// counters it must not cover (its stack's and the selected unit's), and
// its neighbours' (within two and a half hexes).
type hoverTarget struct {
	id         string
	x, y       int
	px, py     float64 // the centre of the place hovered
	hard       []render.CounterBox
	neighbours []render.CounterBox
}

// hoverTargets are the units nearest the place at on the screen (one
// per place, the top counter, at itself left out), up to n.
func hoverTargets(b *BoardScene, at string, n int) []hoverTarget {
	boxes := b.RB.CounterBoxes(b.Cam, b.S.View(), b.openStack)
	sel := struct{ At string }{at}
	var selBox []render.CounterBox
	top := map[string]render.CounterBox{}
	for _, c := range boxes {
		if c.ID == b.S.Selected && c.ID != "" {
			selBox = append(selBox, c)
		}
		if c.At != sel.At && c.Body.In(b.Cam.Rect.Inset(10)) {
			top[c.At] = c // the last drawn is on top
		}
	}
	sx, sy, _ := b.ScreenOf(sel.At)
	var tops []render.CounterBox
	for _, c := range top {
		tops = append(tops, c)
	}
	dist := func(c render.CounterBox) float64 {
		p := c.Body.Min.Add(c.Body.Max).Div(2)
		return math.Hypot(float64(p.X)-sx, float64(p.Y)-sy)
	}
	sort.Slice(tops, func(i, j int) bool {
		if di, dj := dist(tops[i]), dist(tops[j]); di != dj {
			return di < dj
		}
		return tops[i].ID < tops[j].ID
	})
	reach := 2.5 * 1.75 * render.HexSize * b.Cam.Zoom
	var out []hoverTarget
	for _, c := range tops {
		if len(out) == n {
			break
		}
		p := c.Body.Min.Add(c.Body.Max).Div(2)
		ht := hoverTarget{id: c.ID, x: p.X, y: p.Y, hard: append([]render.CounterBox(nil), selBox...)}
		ht.px, ht.py, _ = b.ScreenOf(c.At)
		for _, d := range boxes {
			q := d.Body.Min.Add(d.Body.Max).Div(2)
			switch {
			case d.At == c.At || d.At2 == c.At && c.At != "":
				ht.hard = append(ht.hard, d)
			case d.ID == b.S.Selected:
			case math.Hypot(float64(q.X-p.X), float64(q.Y-p.Y)) < reach:
				ht.neighbours = append(ht.neighbours, d)
			}
		}
		out = append(out, ht)
	}
	return out
}

// coversAny reports whether r covers a values box or a facing of cs.
func coversAny(r image.Rectangle, cs []render.CounterBox) bool {
	for _, c := range cs {
		if r.Overlaps(c.Values) || !c.Front.Empty() && r.Overlaps(c.Front) {
			return true
		}
	}
	return false
}

// freePlace reports whether a w x h box fits somewhere in room (scanned
// every 8 pixels) over none of the hard counters' bodies, the lit hexes
// and the neighbours' values and facings: then the card must find such a
// place.
func freePlace(b *BoardScene, room image.Rectangle, w, h int, tg hoverTarget) bool {
	lit := b.litRects()
	for y := room.Min.Y; y+h <= room.Max.Y; y += 8 {
		for x := room.Min.X; x+w <= room.Max.X; x += 8 {
			r := image.Rect(x, y, x+w, y+h)
			ok := !coversAny(r, tg.neighbours)
			for _, c := range tg.hard {
				ok = ok && !r.Overlaps(c.Body) && !r.Overlaps(c.Front)
			}
			for _, l := range lit {
				ok = ok && !r.Overlaps(l)
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// TestHoverCardNeverCoversCounters (#18 points 7 and 9): a unit's hover
// card covered the hovered counter's neighbours, the selected unit and
// the lit hexes. In a real position of each system, hovering each of the
// six units nearest the selected one, its card lies on the board above
// the hint, covers neither the hovered stack nor the selected unit, and
// covers no neighbour's values or facing where a place exists that
// covers none (nor a lit hex).
func TestHoverCardNeverCoversCounters(t *testing.T) {
	for _, id := range hoverSystems {
		t.Run(id, func(t *testing.T) {
			a, b := hoverScene(t, id)
			br := b.BoardRect(a)
			room := b.hoverRoom(br)
			sel, _ := b.S.Unit(b.S.Selected)
			for _, pass := range []string{"selected", "nothing selected"} {
				if pass != "selected" {
					b.S.Select("")
				}
				tgs := hoverTargets(b, sel.At, 6)
				if len(tgs) < 3 {
					t.Fatalf("only %d units near the selected one", len(tgs))
				}
				for _, tg := range tgs {
					b.handle(a, Event{Kind: EvMove, X: tg.x, Y: tg.y})
					if b.hoverUnit == "" {
						t.Fatalf("no unit under the pointer at %d,%d (%s)", tg.x, tg.y, tg.id)
					}
					u, _ := b.S.Unit(b.hoverUnit)
					card := b.S.withMoveNote(b.S.withTargetNote(u))
					w, h := unitCardSize(card, b.S.View().Board)
					r := b.unitCardBox(br, card, b.S.View().Board)
					if !r.In(room) {
						t.Errorf("%s: the card %v leaves the room for hovers %v", b.hoverUnit, r, room)
					}
					for _, c := range tg.hard {
						if r.Overlaps(c.Body) || r.Overlaps(c.Front) {
							t.Errorf("%s: the card %v covers %s at %v (the hovered stack or the selected unit)", b.hoverUnit, r, c.ID, c.Body)
						}
					}
					if coversAny(r, tg.neighbours) && freePlace(b, room, w, h, tg) {
						for _, c := range tg.neighbours {
							if r.Overlaps(c.Values) || r.Overlaps(c.Front) {
								t.Errorf("%s: the card %v covers the values of %s %v while a free place exists", b.hoverUnit, r, c.ID, c.Values)
							}
						}
					}
					t.Logf("%s: %s at %d,%d: card %v, %d neighbours", pass, b.hoverUnit, tg.x, tg.y, r, len(tg.neighbours))
				}
			}
		})
	}
}

// TestWindowHoverCardLeavesCounterValuesSeen (#18 point 7) in pixels: in
// a real position of each system, the board drawn with the pointer off
// the board and then resting on each of the four units nearest the
// selected one: the card is drawn (many pixels change inside its box),
// and the pixels of the values of the hovered stack, of the selected
// unit and of the neighbours the card could keep clear of are the same
// with the card shown.
func TestWindowHoverCardLeavesCounterValuesSeen(t *testing.T) {
	needLoop(t)
	for _, id := range hoverSystems {
		t.Run(id, func(t *testing.T) {
			a, b := hoverScene(t, id)
			br := b.BoardRect(a)
			room := b.hoverRoom(br)
			sel, _ := b.S.Unit(b.S.Selected)
			for _, pass := range []string{"selected", "nothing selected"} {
				if pass != "selected" {
					b.S.Select("")
				}
				tgs := hoverTargets(b, sel.At, 4)
				winApp.Do(func() {
					img := ebiten.NewImage(WindowW, WindowH)
					defer img.Deallocate()
					b.handle(a, Event{Kind: EvMove, X: br.Min.X + 2, Y: br.Min.Y - 20}) // over the bar: no hover
					b.draw(a, img)
					base := pixels(img)
					for _, tg := range tgs {
						b.handle(a, Event{Kind: EvMove, X: tg.x, Y: tg.y})
						if b.hoverUnit == "" {
							t.Errorf("no unit under the pointer at %d,%d (%s)", tg.x, tg.y, tg.id)
							continue
						}
						b.draw(a, img)
						shown := pixels(img)
						// the hover is drawn last: the card, or what a click
						// and a Shift+click do over a friend on a lit hex
						r := b.damage[len(b.damage)-1].Inset(cachePad)
						w, h := r.Dx(), r.Dy()
						t.Logf("%s: %s at %d,%d: hover %v", pass, b.hoverUnit, tg.x, tg.y, r)
						for _, c := range tg.hard {
							if r.Overlaps(c.Body) || r.Overlaps(c.Front) {
								t.Errorf("%s: the hover %v covers %s at %v (the hovered stack or the selected unit)", b.hoverUnit, r, c.ID, c.Body)
							}
						}
						if n := changedIn(base, shown, r); n < r.Dx()*r.Dy()/4 {
							t.Errorf("%s: only %d pixels changed in the card's box %v: no hover drawn", b.hoverUnit, n, r)
						}
						stripsClear(t, b, r)
						keep := append([]render.CounterBox(nil), tg.hard...)
						if freePlace(b, room, w, h, tg) {
							keep = append(keep, tg.neighbours...)
						}
						for _, c := range keep {
							v := c.Values.Inset(3).Intersect(b.Cam.Rect)
							if v.Empty() {
								continue
							}
							if n := valuesChanged(b, base, shown, v, tg); n > 4 {
								t.Errorf("%s hovered: %d of the %d pixels of %s's values %v changed (the card at %v)", b.hoverUnit, n, v.Dx()*v.Dy(), c.ID, v, r)
								savePNG(t, "hover-"+id+"-"+b.hoverUnit+"-"+pass, shown)
							}
						}
						b.handle(a, Event{Kind: EvMove, X: br.Min.X + 2, Y: br.Min.Y - 20})
						b.draw(a, img)
						base = pixels(img)
					}
				})
			}
		})
	}
}

// stripsClear checks that the hover drawn at r this frame lies on the
// board, clear of the hint strip (#18 point 9), the dice tray and the
// odds.
func stripsClear(t *testing.T, b *BoardScene, r image.Rectangle) {
	t.Helper()
	if !r.In(b.Cam.Rect) {
		t.Errorf("the hover %v leaves the board %v (over the panel or the log)", r, b.Cam.Rect)
	}
	for name, o := range map[string]image.Rectangle{"hint strip": b.hintRect, "dice tray": b.trayRect, "odds": b.oddsRect} {
		if r.Overlaps(o) {
			t.Errorf("the hover %v covers the %s %v", r, name, o)
		}
	}
}

// valuesChanged counts the pixels of v that differ between a and b,
// but for those of the hovered place's outline (drawn over the counters
// on its edges: a ring around its centre).
func valuesChanged(s *BoardScene, a, b *image.RGBA, v image.Rectangle, tg hoverTarget) int {
	r := render.HexSize * s.Cam.Zoom
	if s.S.View().Board.Hex == nil {
		r = render.ZoneRadius * s.Cam.Zoom
	}
	n := 0
	for y := v.Min.Y; y < v.Max.Y; y++ {
		for x := v.Min.X; x < v.Max.X; x++ {
			if d := math.Hypot(float64(x)-tg.px, float64(y)-tg.py); d > 0.75*r && d < 1.2*r {
				continue
			}
			n += changedIn(a, b, image.Rect(x, y, x+1, y+1))
		}
	}
	return n
}

// changedIn counts the pixels of r that differ between a and b by more
// than a few levels.
func changedIn(a, b *image.RGBA, r image.Rectangle) int {
	n := 0
	r = r.Intersect(a.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := a.PixOffset(x, y)
			for k := range 3 {
				if d := int(a.Pix[i+k]) - int(b.Pix[i+k]); d > 6 || d < -6 {
					n++
					break
				}
			}
		}
	}
	return n
}

// litTargets are the places lit for the selected unit (up to n, nearest
// it first), each with the counters a hover of it must not cover (those
// standing there and the selected unit) and the neighbours' (within two
// and a half hexes). With unlit, the empty places not lit that have a
// hover (why a click there does nothing) instead.
func litTargets(b *BoardScene, n int, unlit bool) []hoverTarget {
	boxes := b.RB.CounterBoxes(b.Cam, b.S.View(), b.openStack)
	sel, _ := b.S.Unit(b.S.Selected)
	sx, sy, _ := b.ScreenOf(sel.At)
	reach := 2.5 * 1.75 * render.HexSize * b.Cam.Zoom
	var out []hoverTarget
	seen := map[string]bool{}
	hs := b.S.Highlights()
	if unlit {
		lit := map[string]bool{}
		for _, h := range hs {
			lit[h.At] = true
		}
		for _, c := range boxes {
			lit[c.At], lit[c.At2] = true, true
		}
		hs = nil
		r := b.Cam.Rect.Inset(30)
		for y := r.Min.Y; y < r.Max.Y; y += 20 {
			for x := r.Min.X; x < r.Max.X; x += 20 {
				loc, ok := b.RB.Pick(b.Cam, float64(x), float64(y))
				if ok && !lit[loc] && len(b.S.HoverText(loc)) > 0 {
					lit[loc] = true
					hs = append(hs, render.Highlight{At: loc})
				}
			}
		}
	}
	sort.SliceStable(hs, func(i, j int) bool {
		xi, yi, _ := b.ScreenOf(hs[i].At)
		xj, yj, _ := b.ScreenOf(hs[j].At)
		return math.Hypot(xi-sx, yi-sy) < math.Hypot(xj-sx, yj-sy)
	})
	for _, h := range hs {
		if len(out) == n || seen[h.At] || h.At == sel.At {
			continue
		}
		seen[h.At] = true
		x, y, ok := b.ScreenOf(h.At)
		if !ok || !image.Pt(int(x), int(y)).In(b.Cam.Rect.Inset(30)) {
			continue
		}
		tg := hoverTarget{id: h.At, x: int(x), y: int(y), px: x, py: y}
		for _, d := range boxes {
			q := d.Body.Min.Add(d.Body.Max).Div(2)
			switch {
			case d.At == h.At || d.At2 == h.At || d.ID == b.S.Selected:
				tg.hard = append(tg.hard, d)
			case math.Hypot(float64(q.X)-x, float64(q.Y)-y) < reach:
				tg.neighbours = append(tg.neighbours, d)
			}
		}
		out = append(out, tg)
	}
	return out
}

// TestWindowLitPlaceTipLeavesCounterValuesSeen (#18 points 7 and 9) in
// pixels: with a unit selected in a position of each system, the pointer
// on each of the four lit places nearest it shows what a click there
// does, and on the four empty unlit places nearest it why not, beside the
// place: over neither its counters nor the
// selected unit, nor the neighbours' values where a place exists that
// covers none, and their pixels are the same with the tip shown.
func TestWindowLitPlaceTipLeavesCounterValuesSeen(t *testing.T) {
	needLoop(t)
	for _, id := range hoverSystems {
		t.Run(id, func(t *testing.T) {
			a, b := hoverScene(t, id)
			br := b.BoardRect(a)
			room := b.hoverRoom(br)
			for _, pass := range []string{"lit", "unlit"} {
				tgs := litTargets(b, 4, pass == "unlit")
				if len(tgs) == 0 && pass == "lit" {
					t.Fatalf("no %s place in view", pass)
				}
				winApp.Do(func() {
					img := ebiten.NewImage(WindowW, WindowH)
					defer img.Deallocate()
					off := func() *image.RGBA {
						b.handle(a, Event{Kind: EvMove, X: br.Min.X + 2, Y: br.Min.Y - 20})
						b.draw(a, img)
						return pixels(img)
					}
					for _, tg := range tgs {
						base := off()
						b.handle(a, Event{Kind: EvMove, X: tg.x, Y: tg.y})
						b.draw(a, img)
						shown := pixels(img)
						r := b.damage[len(b.damage)-1].Inset(cachePad)
						t.Logf("%s: %s at %d,%d: tip %v", pass, tg.id, tg.x, tg.y, r)
						if n := changedIn(base, shown, r); n < r.Dx()*r.Dy()/4 {
							t.Errorf("%s: only %d pixels changed in the tip's box %v: no tip drawn", tg.id, n, r)
							continue
						}
						stripsClear(t, b, r)
						hr := 0.6 * render.HexSize * b.Cam.Zoom
						if place := image.Rect(int(tg.px-hr), int(tg.py-hr), int(tg.px+hr), int(tg.py+hr)); r.Overlaps(place) {
							t.Errorf("%s: the tip %v covers the place hovered %v", tg.id, r, place)
						}
						keep := append([]render.CounterBox(nil), tg.hard...)
						for _, c := range tg.hard {
							if r.Overlaps(c.Body) || r.Overlaps(c.Front) {
								t.Errorf("%s: the tip %v covers %s at %v (on the place or selected)", tg.id, r, c.ID, c.Body)
							}
						}
						if freePlace(b, room, r.Dx(), r.Dy(), tg) {
							keep = append(keep, tg.neighbours...)
						}
						for _, c := range keep {
							v := c.Values.Inset(3).Intersect(b.Cam.Rect)
							if v.Empty() {
								continue
							}
							if n := valuesChanged(b, base, shown, v, tg); n > 4 {
								t.Errorf("%s hovered: %d of the %d pixels of %s's values %v changed (the tip at %v)", tg.id, n, v.Dx()*v.Dy(), c.ID, v, r)
								savePNG(t, "tip-"+id+"-"+tg.id, shown)
							}
						}
					}
				})
			}
		})
	}
}

// allCounters are every counter's box in view, as the neighbours a hover
// keeps clear of where it can.
func allCounters(b *BoardScene) []render.CounterBox {
	var out []render.CounterBox
	for _, c := range b.RB.CounterBoxes(b.Cam, b.S.View(), b.openStack) {
		if c.Body.Overlaps(b.Cam.Rect) {
			out = append(out, c)
		}
	}
	return out
}

// TestHandCardHoverClearOfCounters (#18 points 7 and 8): the hover of a
// Venta command card, drawn over the board left of the card, covered the
// counters on the board's right edge (11th Dragoons). Each card's hover
// covers neither its card nor, where a place exists that covers none, a
// counter's values or facing; and it stays on the board above the hint.
func TestHandCardHoverClearOfCounters(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s, err := NewSession("venta-del-pozo", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	a, b := scriptedApp(t, s)
	b.layoutPanel(a)
	room := b.hoverRoom(b.Cam.Rect)
	cards := 0
	for _, pb := range b.panel {
		if !pb.isCard || pb.card == nil {
			continue
		}
		cards++
		lines := []string{pb.card.Name}
		lines = append(lines, render.Wrap(pb.card.Text, render.Face(12.5), 320)...)
		lines = append(lines, "Click to play it: a line about as long as the others [Sequence of Play: command]")
		first := cardHoverRect(image.Rect(0, 0, WindowW, WindowH), pb.b.Rect, lines)
		r := b.sideTipBox(b.Cam.Rect, pb.b.Rect, first.Dx(), first.Dy(), false, []image.Point{first.Min})
		t.Logf("%s: old place %v covers values: %v; new %v", pb.card.Name, first, coversAny(first, allCounters(b)), r)
		if r.Overlaps(pb.b.Rect) {
			t.Errorf("%s: the hover %v covers the card %v", pb.card.Name, r, pb.b.Rect)
		}
		if !r.In(room) {
			t.Errorf("%s: the hover %v leaves the room for hovers %v", pb.card.Name, r, room)
		}
		tg := hoverTarget{neighbours: allCounters(b)}
		if coversAny(r, tg.neighbours) && freePlace(b, room, r.Dx(), r.Dy(), tg) {
			t.Errorf("%s: the hover %v covers a counter's values while a free place exists", pb.card.Name, r)
		}
	}
	if cards == 0 {
		t.Fatal("no card in the hand")
	}
}

// TestRule5_3_MenuTipClearOfTheMenuAndCounters (#18 point 7): the words
// of a Marshals menu entry ("Move to Torrijos by road" or "in battle
// order") went below the menu over whatever stood there. They cover
// neither the menu, nor the counters of the place it is about, nor the
// moving stack, nor (where a free place exists) other counters' values.
func TestRule5_3_MenuTipClearOfTheMenuAndCounters(t *testing.T) {
	s := bargasActivated(t, 1, true)
	a, b := scriptedApp(t, s)
	if _, err := s.ClickLoc("torrijos"); err != nil {
		t.Fatal(err)
	}
	if len(s.Menu) < 2 {
		t.Fatalf("no menu at Torrijos: %v", s.Menu)
	}
	b.layoutMenu(a)
	room := b.hoverRoom(b.Cam.Rect)
	var tg hoverTarget
	for _, c := range allCounters(b) {
		if c.At == "torrijos" || c.ID == s.Selected {
			tg.hard = append(tg.hard, c)
		} else {
			tg.neighbours = append(tg.neighbours, c)
		}
	}
	for i := range s.Menu {
		lines := s.moveWhatLines(s.Menu[i : i+1])
		if len(lines) == 0 {
			t.Fatalf("%s: no words", s.Menu[i].Label)
		}
		w, h := tipSize(lines)
		r := b.menuTipBox(b.Cam.Rect, b.menu, w, h)
		for _, m := range b.menu {
			if r.Overlaps(m) {
				t.Errorf("%s: the words %v cover the menu row %v", s.Menu[i].Label, r, m)
			}
		}
		for _, c := range tg.hard {
			if r.Overlaps(c.Body) {
				t.Errorf("%s: the words %v cover %s %v", s.Menu[i].Label, r, c.ID, c.Body)
			}
		}
		if !r.In(room) {
			t.Errorf("%s: the words %v leave the room for hovers %v", s.Menu[i].Label, r, room)
		}
		free := tg
		for _, m := range b.menu {
			free.hard = append(free.hard, render.CounterBox{Body: m})
		}
		if coversAny(r, tg.neighbours) && freePlace(b, room, w, h, free) {
			t.Errorf("%s: the words %v cover a counter's values while a free place exists", s.Menu[i].Label, r)
		}
	}
}

// TestRule7_FacingTipClearOfTheArrowsAndCounters (#18 point 7): the words
// of a facing arrow ("Face north-east: 1/2 MP [7]") were drawn at the
// cursor, over the unit's other arrows and its neighbours. With an
// Almansa unit selected at zoom 1, the tip of each arrow covers neither
// the unit's hex and ring of arrows nor, where a free place exists, a
// counter's values.
func TestRule7_FacingTipClearOfTheArrowsAndCounters(t *testing.T) {
	s := almSetUp(t)
	var unit string
	for _, act := range s.Legal() {
		if act.Kind == "face" {
			unit = act.Unit
			break
		}
	}
	if unit == "" {
		t.Fatal("no face action")
	}
	a, b := scriptedApp(t, s)
	s.Select(unit)
	u, _ := s.Unit(unit)
	cx, cy, _ := b.RB.Center(u.At)
	b.Cam.Zoom = 1
	b.Cam.X, b.Cam.Y = cx-float64(b.Cam.Rect.Dx())/2, cy-float64(b.Cam.Rect.Dy())/2
	ux, uy, _ := b.ScreenOf(u.At)
	rad := render.HexSize * 1.3
	ring := image.Rect(int(ux-rad), int(uy-rad), int(ux+rad), int(uy+rad))
	room := b.hoverRoom(b.BoardRect(a))
	faces := s.FaceActions()
	if len(faces) == 0 {
		t.Fatal("no facing arrow")
	}
	tg := hoverTarget{hard: []render.CounterBox{{Body: ring}}}
	for _, c := range allCounters(b) {
		if c.At != u.At {
			tg.neighbours = append(tg.neighbours, c)
		}
	}
	for _, f := range faces {
		fx, fy := s.View().Board.Hex.Layout.Corner(f.Facing, 1)
		b.mx, b.my = int(ux+fx*render.HexSize*1.02), int(uy+fy*render.HexSize*1.02)
		act, ok := b.facingUnder(float64(b.mx), float64(b.my))
		if !ok {
			t.Fatalf("no arrow under %d,%d", b.mx, b.my)
		}
		w, h := tipSize([]string{b.faceHover(act)})
		r := b.faceTipBox(b.BoardRect(a), w, h)
		if r.Overlaps(ring) {
			t.Errorf("%s: the tip %v covers the unit's hex and arrows %v", b.faceHover(act), r, ring)
		}
		if !r.In(room) {
			t.Errorf("%s: the tip %v leaves the room for hovers %v", b.faceHover(act), r, room)
		}
		if coversAny(r, tg.neighbours) && freePlace(b, room, w, h, tg) {
			t.Errorf("%s: the tip %v covers a counter's values while a free place exists", b.faceHover(act), r)
		}
	}
}

// TestRule13_OddsPanelClearOfTheFight (#18 points 7 and 8): the odds of
// a combat went to the first free corner of the board whatever counters
// stood there. With an Almansa squadron in contact (av4 at 1807 against
// v1 at 1907) and the pointer on its target, the odds panel covers
// neither the attacker nor the defender, stays on the board above the
// hint, and covers no counter's values where a place exists that covers
// none.
func TestRule13_OddsPanelClearOfTheFight(t *testing.T) {
	s := almContact(t, "Bourbon shock combat")
	a, b := scriptedApp(t, s)
	s.Select("av4")
	u, _ := s.Unit("av4")
	cx, cy, _ := b.RB.Center(u.At)
	b.Cam.Zoom = 1
	b.Cam.X, b.Cam.Y = cx-float64(b.Cam.Rect.Dx())/2, cy-float64(b.Cam.Rect.Dy())/2
	target := ""
	for _, act := range s.Legal() {
		if act.Unit == "av4" && IsCombat(act.Kind) && act.To != "" {
			target = act.To
			break
		}
	}
	if target == "" {
		t.Fatal("av4 has no combat")
	}
	x, y, _ := b.ScreenOf(target)
	b.handle(a, Event{Kind: EvMove, X: int(x), Y: int(y)})
	if b.hoverLoc != target {
		t.Fatalf("the pointer at %s rests on %q", target, b.hoverLoc)
	}
	room := b.aboveHint(b.BoardRect(a)).Inset(10)
	var tg hoverTarget
	for _, c := range allCounters(b) {
		if c.At == target || c.ID == "av4" {
			tg.hard = append(tg.hard, c)
		} else {
			tg.neighbours = append(tg.neighbours, c)
		}
	}
	for _, n := range []int{3, 6} {
		r := b.oddsPlace(a, n)
		for _, c := range tg.hard {
			if r.Overlaps(c.Body) {
				t.Errorf("the odds %v cover %s %v (the attacker or the defender)", r, c.ID, c.Body)
			}
		}
		if !r.In(room) {
			t.Errorf("the odds %v leave the room %v", r, room)
		}
		if coversAny(r, tg.neighbours) && freePlace(b, room, r.Dx(), r.Dy(), tg) {
			t.Errorf("the odds %v cover a counter's values while a free place exists", r)
		}
	}
}

// TestRule5_ChoiceTipBesideItsButtonClearOfTheStack (#18 points 1 and 7):
// the words of a panel choice are drawn over the board beside the button
// (spanning its row, never over it), and over neither the moving stack
// at Bargas nor, where a place beside the button is free, other counters'
// values.
func TestRule5_ChoiceTipBesideItsButtonClearOfTheStack(t *testing.T) {
	s := bargasActivated(t, 1, true)
	a, b := scriptedApp(t, s)
	b.layoutPanel(a)
	room := b.hoverRoom(b.Cam.Rect)
	var stack []render.CounterBox
	for _, c := range allCounters(b) {
		if c.At == "bargas" {
			stack = append(stack, c)
		}
	}
	if len(stack) == 0 {
		t.Fatal("no counter at Bargas in view")
	}
	n := 0
	for _, pb := range b.panel {
		if pb.act == nil || pb.isCard {
			continue
		}
		lines := []string{pb.act.Label, "a line of the words of what it does, about as long as the others", "[5.3]"}
		w, h := tipSize(lines)
		r := b.sideTipBox(b.Cam.Rect, pb.b.Rect, w, h, true, nil, marshalsFocus(s))
		n++
		if r.Overlaps(pb.b.Rect) {
			t.Errorf("%s: the words %v cover the button %v", pb.act.Label, r, pb.b.Rect)
		}
		if cy := (pb.b.Rect.Min.Y + pb.b.Rect.Max.Y) / 2; (cy < r.Min.Y || cy > r.Max.Y) && r.Min.Y > room.Min.Y && r.Max.Y < room.Max.Y {
			t.Errorf("%s: the words %v are not level with the button %v", pb.act.Label, r, pb.b.Rect)
		}
		if !r.In(room) {
			t.Errorf("%s: the words %v leave the room for hovers %v", pb.act.Label, r, room)
		}
		for _, c := range stack {
			if r.Overlaps(c.Body) {
				t.Errorf("%s: the words %v cover %s at Bargas %v", pb.act.Label, r, c.ID, c.Body)
			}
		}
	}
	if n == 0 {
		t.Fatal("no choice in the panel")
	}
}

// TestWindowRule5_3_LitLabelsNeverOverAFannedStack (#18 point 7): with
// Talavera's stack at Bargas fanned open for picking [5.3], the labels of
// the lit zones around it ("2 MP", "3 MP") were drawn over the fanned
// counters' values. The values of every fanned counter are the same in
// pixels with the zones lit (the stack's commander selected) as with
// nothing lit.
func TestWindowRule5_3_LitLabelsNeverOverAFannedStack(t *testing.T) {
	needLoop(t)
	s := bargasActivated(t, 1, true)
	a := &App{w: WindowW, h: WindowH, input: noInput{}}
	b := newBoard(a, s)
	a.scene = b
	sel := s.Selected
	u, _ := s.Unit(sel)
	cx, cy, _ := b.RB.Center(u.At)
	b.Cam.Zoom = 1
	b.Cam.X, b.Cam.Y = cx-float64(b.Cam.Rect.Dx())/2, cy-float64(b.Cam.Rect.Dy())/2
	b.openStack = u.At
	if len(s.Highlights()) == 0 {
		t.Fatal("nothing lit for the stack")
	}
	winApp.Do(func() {
		img := ebiten.NewImage(WindowW, WindowH)
		defer img.Deallocate()
		b.handle(a, Event{Kind: EvMove, X: 2, Y: 2})
		b.draw(a, img)
		lit := pixels(img)
		s.Select("")
		b.openStack = u.At
		b.draw(a, img)
		bare := pixels(img)
		n := 0
		for _, c := range b.RB.CounterBoxes(b.Cam, s.View(), b.openStack) {
			if !c.Open || c.ID == sel {
				continue
			}
			n++
			v := c.Values.Inset(3)
			if d := changedIn(lit, bare, v); d > 4 {
				t.Errorf("%s's values %v: %d pixels differ with the zones lit", c.ID, v, d)
				savePNG(t, "fan-lit", lit)
			}
		}
		if n < 10 {
			t.Errorf("only %d counters fanned at %s", n, u.At)
		}
	})
}
