package game

import (
	"fmt"
	"image"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
)

// Where the hovers of the board go (newcomer issue #18 points 7 and 9:
// nothing may cover a counter's values or its facing). A unit's card, a
// lit hex's tip, a marker's meaning or a facing arrow's words are placed
// at the candidate place (right, left, below, above the thing hovered, a
// step or two further out, along the panel's side, the board's corners)
// that covers nothing that must stay seen (the hovered counters, the
// selected unit, the odds, the dice tray, a fanned stack, a lesson's
// card), then the fewest lit hexes and counters' values and facings,
// then lies nearest the thing hovered: always on the board above the hint
// strip, never over the panel or the log.

// hoverKeep is a screen box a hover keeps clear of, with its weight.
type hoverKeep struct {
	r image.Rectangle
	w int // hardKeep: never covered where any candidate avoids it
}

// Weights of what a hover covers: a lit hex or a counter's values or
// facing cost a fixed price once touched (a sliver hides a digit) and
// more by the pixel; a counter's name band and a marker chip by the
// pixel only; every pixel of distance from the thing hovered costs
// nearCost, so a place across the board wins only when it spares a
// counter's values or a lit hex.
const (
	hardKeep   = -1 // the hovered counters, the selected unit, the odds, the tray...
	litKeep    = 2  // a lit hex the player is choosing among
	valuesKeep = 4  // a counter's values or its facing
	bodyKeep   = 1  // the rest of a counter (its name band), a marker chip
	touchCost  = 3000
	nearCost   = 4
)

// keepCost is what covering in pixels of keep k costs.
func keepCost(k hoverKeep, in int) int {
	switch k.w {
	case litKeep:
		return touchCost/2 + in*k.w
	case valuesKeep:
		return touchCost + in*k.w
	}
	return in * k.w
}

// hoverKeeps lists what a hover keeps clear of: the counters standing at
// the places in hard (the hovered ones), the selected unit, the boxes
// drawn over the board this frame (odds, tray, a lesson's card, a fanned
// stack) hard; the lit hexes, the other counters' values and facings and
// marker chips by weight.
func (b *BoardScene) hoverKeeps(hard ...string) []hoverKeep {
	var out []hoverKeep
	add := func(r image.Rectangle, w int) {
		if !r.Empty() {
			out = append(out, hoverKeep{r, w})
		}
	}
	add(b.oddsRect, hardKeep)
	add(b.trayRect, hardKeep)
	add(b.coverRect, hardKeep)
	add(b.RB.OpenStackRect(b.Cam), hardKeep) // openstack.go: the counters the player is asked to pick among
	for _, l := range b.litRects() {
		add(l, litKeep)
	}
	for _, c := range b.RB.ChipRects() {
		add(c, bodyKeep)
	}
	for _, c := range b.RB.BadgeRects() {
		add(c, bodyKeep)
	}
	add(b.RB.MinimapBox(b.Cam, b.minimapHidden), bodyKeep) // the overview, where it can be
	isHard := func(at string) bool {
		for _, h := range hard {
			if h != "" && h == at {
				return true
			}
		}
		return false
	}
	for _, c := range b.RB.CounterBoxes(b.Cam, b.S.View(), b.openStack) {
		if !c.Body.Overlaps(b.Cam.Rect) {
			continue
		}
		if c.ID == b.S.Selected || isHard(c.At) || isHard(c.At2) || c.ID == b.hoverUnit {
			add(c.Body.Inset(-3), hardKeep) // with the selection's ring
			add(c.Front, hardKeep)
			continue
		}
		add(c.Values, valuesKeep)
		add(c.Front, valuesKeep)
		top := c.Body
		top.Max.Y = c.Values.Min.Y
		add(top, bodyKeep)
	}
	return out
}

// anchorOf is the screen box of what is hovered at loc: the hex (or the
// zone's middle) and the counters standing there; the cursor's point when
// loc is not on the map.
func (b *BoardScene) anchorOf(loc string) image.Rectangle {
	a := image.Rect(b.mx-2, b.my-2, b.mx+2, b.my+2)
	if loc == "" {
		return a
	}
	if x, y, ok := b.ScreenOf(loc); ok {
		r := render.HexSize * b.Cam.Zoom * 0.87
		a = image.Rect(int(x-r), int(y-r), int(math.Ceil(x+r)), int(math.Ceil(y+r)))
	}
	for _, c := range b.RB.CounterBoxes(b.Cam, b.S.View(), b.openStack) {
		if c.At == loc || c.At2 == loc || c.ID == b.hoverUnit {
			a = a.Union(c.Body.Inset(-3)).Union(c.Front)
		}
	}
	return a
}

// hoverCandidates are the places of a w x h box around the anchor a, in
// the order preferred when they cover alike: right, left, below, above
// (each level with the anchor's top, middle and bottom, or its left,
// middle and right), then a step and two steps further out, then along
// the board's right edge (the panel's side) and left edge at the anchor's
// height, then the corners of room.
func hoverCandidates(room, a image.Rectangle, w, h, step int) []image.Point {
	const gap = 6
	var out []image.Point
	cy, cx := (a.Min.Y+a.Max.Y)/2, (a.Min.X+a.Max.X)/2
	for k := range 3 {
		d := gap + k*step
		ys := []int{a.Min.Y, cy - h/2, a.Max.Y - h}
		xs := []int{a.Min.X, cx - w/2, a.Max.X - w}
		for _, y := range ys {
			out = append(out, image.Pt(a.Max.X+d, y))
		}
		for _, y := range ys {
			out = append(out, image.Pt(a.Min.X-d-w, y))
		}
		for _, x := range xs {
			out = append(out, image.Pt(x, a.Max.Y+d))
		}
		for _, x := range xs {
			out = append(out, image.Pt(x, a.Min.Y-d-h))
		}
	}
	for _, y := range []int{cy - h/2, a.Min.Y - h - gap, a.Max.Y + gap, room.Min.Y, room.Max.Y - h} {
		out = append(out, image.Pt(room.Max.X-w, y), image.Pt(room.Min.X, y))
	}
	return append(out, cornersOf(room, w, h)...)
}

// gridStep is the spacing of the places placeHover tries all over the
// room when none of those it was given is clean.
const gridStep = 24

// placeHover picks the place of a w x h box among places (each kept
// inside room): the one covering the least of the hard keeps, then
// costing least (what it covers of the others, its distance from the
// anchor a), then nearest a. When every place given touches a hard keep,
// a lit hex or a counter's values, places all over the room (a grid, then
// flush beside each counter) are tried too: a gap between two lines of
// counters may be clean.
func placeHover(room, a image.Rectangle, w, h int, places []image.Point, keeps []hoverKeep, grid bool) image.Rectangle {
	var in []hoverKeep // the keeps inside the room
	for _, k := range keeps {
		if k.r.Overlaps(room) {
			in = append(in, k)
		}
	}
	best := image.Rectangle{}
	bh, bs, bd, clean := -1, 0, 0, false
	try := func(p image.Point) {
		x := max(room.Min.X, min(p.X, room.Max.X-w))
		y := max(room.Min.Y, min(p.Y, room.Max.Y-h))
		box := image.Rect(x, y, x+w, y+h)
		d := rectGap(box, a)
		hard, soft, touch := 0, nearCost*d, false
		for _, k := range in {
			if !box.Overlaps(k.r) {
				continue
			}
			i := box.Intersect(k.r)
			if k.w == hardKeep {
				hard += i.Dx() * i.Dy()
				if bh >= 0 && hard > bh {
					return
				}
				touch = true
				continue
			}
			soft += keepCost(k, i.Dx()*i.Dy())
			touch = touch || k.w == litKeep || k.w == valuesKeep
			if bh >= 0 && hard == bh && soft > bs {
				return
			}
		}
		if bh < 0 || hard < bh || hard == bh && (soft < bs || soft == bs && d < bd) {
			best, bh, bs, bd, clean = box, hard, soft, d, !touch
		}
	}
	for _, p := range places {
		try(p)
	}
	// A clean place among those given returns at once only when near: a
	// clean far one (a corner) must not hide a clean spot beside the thing
	// hovered that only the grid finds (polish_hover.go).
	if clean && bd <= nearEnough || !grid || room.Dx() < w || room.Dy() < h {
		return best
	}
	for y := room.Min.Y; y <= room.Max.Y-h+gridStep-1; y += gridStep {
		for x := room.Min.X; x <= room.Max.X-w+gridStep-1; x += gridStep {
			try(image.Pt(x, y))
		}
	}
	if clean {
		return best
	}
	// then flush beside each counter's values (a gap a few pixels wider
	// than the box falls between two grid places)
	seen := map[int]bool{}
	for _, k := range in {
		if k.w != valuesKeep && k.w != hardKeep {
			continue
		}
		for _, x := range []int{k.r.Max.X + 1, k.r.Min.X - w - 1} {
			if seen[x] || x < room.Min.X || x > room.Max.X-w {
				continue
			}
			seen[x] = true
			for y := room.Min.Y; y <= room.Max.Y-h+gridStep-1; y += gridStep {
				try(image.Pt(x, y))
			}
		}
	}
	return best
}

// rectGap is the distance in pixels between two boxes (0 when they meet).
func rectGap(r, s image.Rectangle) int {
	dx := max(0, s.Min.X-r.Max.X, r.Min.X-s.Max.X)
	dy := max(0, s.Min.Y-r.Max.Y, r.Min.Y-s.Max.Y)
	return int(math.Hypot(float64(dx), float64(dy)))
}

// hoverRoom is where hovers go on the board br: inside it (never over the
// panel or the log), above the hint strip.
func (b *BoardScene) hoverRoom(br image.Rectangle) image.Rectangle {
	return b.aboveHint(br).Inset(4)
}

// hoverBox is the place of a w x h hover of the thing at loc (a place, or
// "" for the cursor's point) on the board br, clear of the counters at
// the places in hard besides those at loc.
func (b *BoardScene) hoverBox(br image.Rectangle, loc string, w, h int, hard ...string) image.Rectangle {
	return b.placed(loc == "", fmt.Sprint("hover", br, loc, w, h, hard), func() image.Rectangle {
		room := b.hoverRoom(br)
		a := b.anchorOf(loc)
		step := int(render.HexSize*b.Cam.Zoom*1.5) + 1
		keeps := append(b.hoverKeeps(append(hard, loc)...), hoverKeep{a, hardKeep}) // never over the thing hovered
		return placeHover(room, a, w, h, hoverCandidates(room, a, w, h, step), keeps, true)
	})
}

// tipSize is the box render.DrawTooltip draws for lines, its shadow
// included (tooltipIn's measure).
func tipSize(lines []string) (int, int) {
	f := render.Face(12.5)
	w, lh := 0.0, 0.0
	for _, l := range lines {
		lw, h := render.Measure(l, f)
		w, lh = math.Max(w, lw), math.Max(lh, h)
	}
	return int(w) + 20, int(float64(len(lines))*(lh+2)) + 16
}

// tipAt draws a tooltip of lines in the box r (placed by hoverBox).
func (b *BoardScene) tipAt(dst *ebiten.Image, r image.Rectangle, lines []string) {
	b.cache.draw(dst, "tip|"+strings.Join(lines, "\n"), r, func(img *ebiten.Image, rr image.Rectangle) {
		render.DrawTooltip(img, float64(rr.Min.X)-14, float64(rr.Min.Y)-16, lines)
	})
}

// hexTip draws the hover of the hovered place (what a click there does,
// why not, what its markers mean) beside it on the board br, clear of the
// counters it and the selected unit stand on.
func (b *BoardScene) hexTip(dst *ebiten.Image, br image.Rectangle, lines []string) {
	if len(lines) == 0 {
		return
	}
	w, h := tipSize(lines)
	b.tipAt(dst, b.hoverBox(br, b.hoverLoc, w, h), lines)
}

// faceTip draws the words of the facing arrow under the cursor beside it,
// clear of the selected unit's hex and its ring of arrows.
func (b *BoardScene) faceTip(dst *ebiten.Image, br image.Rectangle, text string) {
	lines := []string{text}
	w, h := tipSize(lines)
	b.tipAt(dst, b.faceTipBox(br, w, h), lines)
}

// faceTipBox is where faceTip draws a w x h tip on the board br.
func (b *BoardScene) faceTipBox(br image.Rectangle, w, h int) image.Rectangle {
	return b.placed(true, fmt.Sprint("face", br, w, h), func() image.Rectangle { return b.faceTipPlace(br, w, h) })
}

// faceTipPlace finds faceTipBox's place.
func (b *BoardScene) faceTipPlace(br image.Rectangle, w, h int) image.Rectangle {
	room := b.hoverRoom(br)
	a := image.Rect(b.mx-6, b.my-6, b.mx+6, b.my+6)
	keeps := append(b.hoverKeeps(), hoverKeep{a, hardKeep})
	if u, ok := b.S.Unit(b.S.Selected); ok {
		if x, y, ok := b.ScreenOf(u.At); ok {
			r := render.HexSize * b.Cam.Zoom * 1.3 // the arrows stand at 1.02 hex
			keeps = append(keeps, hoverKeep{image.Rect(int(x-r), int(y-r), int(math.Ceil(x+r)), int(math.Ceil(y+r))), hardKeep})
		}
	}
	step := int(render.HexSize*b.Cam.Zoom) + 1
	return placeHover(room, a, w, h, hoverCandidates(room, a, w, h, step), keeps, true)
}

// unitCardSize is the box of the card render.DrawUnitCard draws for u,
// its shadow included.
func unitCardSize(u rules.UnitView, board *rules.Board) (int, int) {
	w, h := render.UnitCardSize(u, board)
	return int(math.Ceil(w)) + 3, int(math.Ceil(h)) + 3
}

// unitCardBox is where the card of the hovered unit u goes on the board
// br: beside its stack, clear of it and of the selected unit.
func (b *BoardScene) unitCardBox(br image.Rectangle, u rules.UnitView, board *rules.Board) image.Rectangle {
	w, h := unitCardSize(u, board)
	if u.At2 != "" {
		return b.hoverBox(br, u.At, w, h, u.At2)
	}
	return b.hoverBox(br, u.At, w, h)
}

// sideTipBox is where the hover of something drawn beside the board (a
// panel's choice, a card of the hand, at anchor) goes on the board br:
// at prefer (its old place) when given and clean, else along the panel's
// side at the anchor's height, moved up or down, then further left, clear
// of the counters at the places in hard and of the selected unit. With
// near (a choice's words), it always spans the anchor's middle row, so
// that it reads as the button's; else it may go anywhere on the board. It
// never covers the anchor, which lies outside the board.
func (b *BoardScene) sideTipBox(br, anchor image.Rectangle, w, h int, near bool, prefer []image.Point, hard ...string) image.Rectangle {
	return b.placed(false, fmt.Sprint("side", br, anchor, w, h, near, prefer, hard), func() image.Rectangle {
		return b.sideTipPlace(br, anchor, w, h, near, prefer, hard...)
	})
}

// sideTipPlace finds sideTipBox's place.
func (b *BoardScene) sideTipPlace(br, anchor image.Rectangle, w, h int, near bool, prefer []image.Point, hard ...string) image.Rectangle {
	room := b.hoverRoom(br)
	places := append([]image.Point(nil), prefer...)
	step := int(render.HexSize*b.Cam.Zoom*1.5) + 1
	cy := (anchor.Min.Y + anchor.Max.Y) / 2
	for k := range 3 {
		x := min(room.Max.X, anchor.Min.X-8) - w - k*step
		if near {
			for top := cy - 12; top > cy-h+12; top -= 12 {
				places = append(places, image.Pt(x, top))
			}
			continue
		}
		for dy := 0; dy < room.Dy(); dy += 24 {
			places = append(places, image.Pt(x, anchor.Min.Y+dy))
			if dy > 0 {
				places = append(places, image.Pt(x, anchor.Min.Y-dy))
			}
		}
	}
	if !near {
		places = append(places, cornersOf(room, w, h)...)
	}
	box := placeHover(room, anchor, w, h, places, b.hoverKeeps(hard...), !near)
	if box.Overlaps(anchor) { // a board too narrow: left of the anchor as before
		box = box.Sub(image.Pt(box.Max.X-anchor.Min.X+8, 0))
	}
	return box
}

// menuTipBox is where the words of the popup menu's entry under the
// pointer go: below the menu (the rows menu), else above it, else beside
// it, never over it nor over the counters of the place it is about and
// the selected unit; clear of the other counters' values where it can be.
func (b *BoardScene) menuTipBox(br image.Rectangle, rows []image.Rectangle, w, h int) image.Rectangle {
	if len(rows) == 0 {
		return image.Rectangle{}
	}
	return b.placed(false, fmt.Sprint("menu", br, rows, w, h, b.S.MenuAt), func() image.Rectangle { return b.menuTipPlace(br, rows, w, h) })
}

// menuTipPlace finds menuTipBox's place.
func (b *BoardScene) menuTipPlace(br image.Rectangle, rows []image.Rectangle, w, h int) image.Rectangle {
	menu := rows[0]
	for _, r := range rows[1:] {
		menu = menu.Union(r)
	}
	room := b.hoverRoom(br)
	keeps := append(b.hoverKeeps(b.S.MenuAt), hoverKeep{menu.Inset(-2), hardKeep})
	step := int(render.HexSize*b.Cam.Zoom) + 1
	places := []image.Point{{menu.Min.X, menu.Max.Y + 4}, {menu.Min.X, menu.Min.Y - 4 - h}}
	places = append(places, hoverCandidates(room, menu, w, h, step)...)
	return placeHover(room, menu, w, h, places, keeps, true)
}

// oddsBox is where an odds panel w x h goes in room: a corner (the first
// of cornersOf, as before) or a place along the room's top or bottom edge,
// over none of avoid (the open menu, the hovered place, a lesson's card)
// nor the counters of the hovered place and the selected unit (the
// attacker and the defender), covering the fewest lit hexes and other
// counters' values and facings, those around the fight first.
func (b *BoardScene) oddsBox(room image.Rectangle, w, h int, avoid []image.Rectangle) image.Rectangle {
	return b.placed(false, fmt.Sprint("odds", room, w, h, avoid), func() image.Rectangle { return b.oddsPlaceIn(room, w, h, avoid) })
}

// oddsPlaceIn finds oddsBox's place.
func (b *BoardScene) oddsPlaceIn(room image.Rectangle, w, h int, avoid []image.Rectangle) image.Rectangle {
	keeps := b.hoverKeeps(b.hoverLoc)
	for _, r := range avoid {
		if !r.Empty() {
			keeps = append(keeps, hoverKeep{r, hardKeep})
		}
	}
	// the counters around the fight weigh twice: the player reads them
	// while deciding
	if x, y, ok := b.ScreenOf(b.hoverLoc); ok {
		near := 2.2 * 1.75 * render.HexSize * b.Cam.Zoom
		for _, c := range b.RB.CounterBoxes(b.Cam, b.S.View(), b.openStack) {
			p := c.Body.Min.Add(c.Body.Max).Div(2)
			if math.Hypot(float64(p.X)-x, float64(p.Y)-y) < near {
				keeps = append(keeps, hoverKeep{c.Body, valuesKeep})
			}
		}
	}
	places := cornersOf(room, w, h)
	for x := room.Max.X - w; x >= room.Min.X; x -= 40 {
		places = append(places, image.Pt(x, room.Min.Y), image.Pt(x, room.Max.Y-h))
	}
	for y := room.Min.Y; y+h <= room.Max.Y; y += 40 {
		places = append(places, image.Pt(room.Max.X-w, y), image.Pt(room.Min.X, y))
	}
	return placeHover(room, room, w, h, places, keeps, true)
}

// placeMemo keeps the last place found for a hover: the same hover in the
// same state is placed once, not at every frame the pointer rests (the
// counters' boxes and the candidates cost a fifth of a millisecond).
type placeMemo struct {
	keys [4]placeKey // a frame may place the odds, a card and a tip
	box  [4]image.Rectangle
	next int
}

// placeKey is what a hover's place depends on.
type placeKey struct {
	s                       *Session
	version                 int
	viewer                  rules.Side
	cam                     render.Camera
	open, sel, loc, unit    string
	mx, my                  int
	minimapHidden           bool
	odds, tray, cover, hint image.Rectangle
	what                    string // the kind of hover, its anchor, size and the rest
}

// placed returns the memo's box for the hover described by what (with the
// cursor's position when cursor), else finds it with place and keeps it.
func (b *BoardScene) placed(cursor bool, what string, place func() image.Rectangle) image.Rectangle {
	k := placeKey{s: b.S, version: b.S.Version(), viewer: b.S.Viewer, cam: b.Cam, open: b.openStack,
		sel: b.S.Selected, loc: b.hoverLoc, unit: b.hoverUnit, minimapHidden: b.minimapHidden,
		odds: b.oddsRect, tray: b.trayRect, cover: b.coverRect, hint: b.hintRect, what: what}
	if cursor {
		k.mx, k.my = b.mx, b.my
	}
	m := &b.placeMemo
	for i := range m.keys {
		if m.keys[i] == k && !m.box[i].Empty() {
			return m.box[i]
		}
	}
	box := place()
	m.keys[m.next], m.box[m.next] = k, box
	m.next = (m.next + 1) % len(m.keys)
	return box
}
