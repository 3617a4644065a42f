package render

import (
	"image"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"grognard/rules"
)

// HighlightKind says what a highlighted location offers; each kind has its
// own colour and pattern so the board reads without relying on hue.
type HighlightKind int

const (
	HLMove   HighlightKind = iota // dashed outline and dots
	HLFire                        // diagonal hatching
	HLShock                       // cross-hatching
	HLDeploy                      // thick double outline
	HLOrder                       // corner brackets
	HLOther                       // thin dark outline
)

// Highlight marks a location with a kind and an optional label ("2 MP").
type Highlight struct {
	At   string
	Kind HighlightKind
	Text string
}

// Overlay is the interaction state drawn over the map.
type Overlay struct {
	Selected   string      // selected unit id: a thick ring around its counter
	Highlights []Highlight // legal targets
	Hover      string      // hovered location: thin outline
	Facings    []int       // facing choices: arrows around the selected unit's hex
	Path       []string    // a planned path: a line of dots
	OpenStack  string      // location whose stack is fanned wide for picking
	Numbers    bool        // hex numbers (also shown when zoom >= 1.2)
	// Minimap: an overview of the whole map in the view's bottom-right
	// corner whenever the view does not show all of it (Board.MinimapClick
	// centres the view on a point clicked there), with a tab to hide it
	// (Board.MinimapTabAt).
	Minimap bool
	// MinimapHidden: the overview is hidden by the player; only its "Show
	// map" tab is drawn in the corner (when the view does not show the
	// whole map).
	MinimapHidden bool
}

// clipped returns dst limited to r, reusing the sub-image across frames.
func (b *Board) clipped(dst *ebiten.Image, r image.Rectangle) *ebiten.Image {
	if r.Empty() {
		return dst
	}
	// Two slots: the app draws the board into its own layer and the
	// cursor's overlay onto the screen in the same frame.
	for i := range b.clips {
		if c := &b.clips[i]; c.img != nil && c.dst == dst && c.r == r {
			return c.img
		}
	}
	b.clipNext = (b.clipNext + 1) % len(b.clips)
	c := &b.clips[b.clipNext]
	c.dst, c.r = dst, r
	c.img = dst.SubImage(r).(*ebiten.Image)
	return c.img
}

func (b *Board) drawAt(dst, img *ebiten.Image, x, y, k, rot float64) {
	bd := img.Bounds()
	b.op = ebiten.DrawImageOptions{}
	b.op.GeoM.Translate(-float64(bd.Dx())/2, -float64(bd.Dy())/2)
	b.op.GeoM.Scale(k, k)
	if rot != 0 {
		b.op.GeoM.Rotate(rot)
	}
	b.op.GeoM.Translate(x, y)
	b.op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, &b.op)
}

// fillTable paints the table colour where the map does not cover cam.Rect
// (the terrain tiles are opaque over the map: painting under them too
// would cost a whole viewport of fill on a software renderer).
func (b *Board) fillTable(t *ebiten.Image, cam Camera) {
	r := cam.Rect
	x0, y0 := cam.ToScreen(0, 0)
	x1, y1 := cam.ToScreen(b.w, b.h)
	// one pixel of overlap under the map's antialiased edge
	x0, y0, x1, y1 = math.Ceil(x0)+1, math.Ceil(y0)+1, math.Floor(x1)-1, math.Floor(y1)-1
	rx0, ry0, rx1, ry1 := float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y)
	if x0 >= x1 || y0 >= y1 || x1 <= rx0 || x0 >= rx1 || y1 <= ry0 || y0 >= ry1 {
		fillRect32(t, rx0, ry0, rx1, ry1)
		return
	}
	fillRect32(t, rx0, ry0, rx1, math.Max(ry0, y0))                             // above
	fillRect32(t, rx0, math.Min(ry1, y1), rx1, ry1)                             // below
	fillRect32(t, rx0, math.Max(ry0, y0), math.Max(rx0, x0), math.Min(ry1, y1)) // left
	fillRect32(t, math.Min(rx1, x1), math.Max(ry0, y0), rx1, math.Min(ry1, y1)) // right
}

func fillRect32(t *ebiten.Image, x0, y0, x1, y1 float64) {
	if x1 <= x0 || y1 <= y0 {
		return
	}
	vector.DrawFilledRect(t, float32(x0), float32(y0), float32(x1-x0), float32(y1-y0), colTable, false)
}

func (b *Board) drawHover(t *ebiten.Image, cam Camera, loc string, st *boardStamps, k float64) {
	if mx, my, ok := b.Center(loc); ok {
		sx, sy := cam.ToScreen(mx, my)
		b.drawAt(t, st.hover, sx, sy, k, 0)
	}
}

// DrawTop draws only the parts of o that follow the cursor, the hover
// outline and the planned path, over a board already drawn by Draw with
// neither (the app keeps that drawing while only the cursor moves).
func (b *Board) DrawTop(dst *ebiten.Image, cam Camera, o Overlay) {
	if cam.Rect.Empty() {
		cam.Rect = dst.Bounds()
	}
	if o.Hover == "" && len(o.Path) < 2 {
		return
	}
	t := b.clipped(dst, cam.Rect)
	z := cam.zoom()
	bk := bucketFor(z)
	k := z / bucketScales[bk]
	st := b.stamps(bk)
	if o.Hover != "" {
		b.drawHover(t, cam, o.Hover, st, k)
	}
	if len(o.Path) > 1 {
		b.drawPath(t, cam, o.Path, st, k)
	}
}

// Draw draws the map, the units of v and the overlay into cam.Rect of dst.
func (b *Board) Draw(dst *ebiten.Image, cam Camera, v *rules.View, o Overlay) {
	b.tick++
	frameTick++
	b.open = o.OpenStack
	if v != nil {
		sideNames = v.Sides
	}
	if cam.Rect.Empty() {
		cam.Rect = dst.Bounds()
	}
	t := b.clipped(dst, cam.Rect)
	r := cam.Rect
	b.fillTable(t, cam)
	z := cam.zoom()
	b.drawTerrain(t, cam, o.Numbers || z >= 1.2)
	bk := bucketFor(z)
	k := z / bucketScales[bk]
	st := b.stamps(bk)
	onScreen := func(x, y, rad float64) bool {
		return x+rad >= float64(r.Min.X) && x-rad <= float64(r.Max.X) && y+rad >= float64(r.Min.Y) && y-rad <= float64(r.Max.Y)
	}
	reach := (HexSize + b.zoneR()) * z
	// highlights under the counters
	for _, h := range o.Highlights {
		mx, my, ok := b.Center(h.At)
		if !ok || h.Kind < HLMove || h.Kind > HLOther {
			continue
		}
		sx, sy := cam.ToScreen(mx, my)
		if onScreen(sx, sy, reach) {
			b.drawAt(t, st.hl[h.Kind], sx, sy, k, 0)
		}
	}
	if o.Hover != "" {
		b.drawHover(t, cam, o.Hover, st, k)
	}
	// markers standing on locations
	b.chipRects = b.chipRects[:0]
	b.badgeRects = b.badgeRects[:0]
	b.labelRects = b.labelRects[:0]
	if v != nil {
		clear(b.seen)
		for _, m := range v.Markers {
			mx, my, ok := b.Center(m.At)
			if !ok || b.drawZoneMarker(t, cam, v, m, bk, k) {
				continue
			}
			chip := mapChipImage(m.Kind, m.Text, bk)
			// Low in the hex, clear of the counter's middle; in the top
			// of a named hex, whose name is written low; several on one
			// place stack.
			nth := float64(b.seen[groupKey{m.At, -1}])
			b.seen[groupKey{m.At, -1}]++
			ch := float64(chip.Bounds().Dy()) / bucketScales[bk]
			sx, sy := cam.ToScreen(mx-HexSize*0.5, my+HexSize*0.45-nth*ch)
			if b.hasName(m.At) {
				sx, sy = cam.ToScreen(mx, my-HexSize*0.6+nth*ch)
			}
			if b.zg != nil {
				sx, sy = cam.ToScreen(mx-b.zoneR()*0.9, my+b.zoneR()*0.75-nth*ch)
			}
			if onScreen(sx, sy, reach) {
				b.drawAt(t, chip, sx, sy, k, 0)
				b.noteChip(chip, sx, sy, k)
			}
		}
	}
	// units
	b.layout(v, o.OpenStack)
	style := ""
	if v != nil {
		style = v.Style
	}
	var sel *placed
	for i := range b.placed {
		p := &b.placed[i]
		if p.open {
			continue
		}
		b.drawPlaced(t, cam, v, p, style, bk, k, onScreen)
		if v.Units[p.idx].ID == o.Selected {
			sel = p
		}
	}
	b.sel = selChips{}
	if sel != nil { // the chips keep clear of its ring and facing arrows (selchips.go)
		u := &v.Units[sel.idx]
		b.sel = selChips{on: true, group: b.groupOf(u), open: groupKey{u.ID, -2}, loc: u.At, arrows: b.hm != nil && len(o.Facings) > 0}
	} else if o.Selected != "" {
		for i := range b.placed {
			if p := &b.placed[i]; p.open && v.Units[p.idx].ID == o.Selected {
				b.sel = selChips{on: true, group: groupKey{o.Selected, -3}, open: groupKey{o.Selected, -2}}
			}
		}
	}
	b.drawChips(t, cam, v, false, bk, k, onScreen)
	if sel != nil {
		b.drawRing(t, cam, sel, bk, k, st)
	}
	// count badges on stacks
	for i := range b.placed {
		p := &b.placed[i]
		if p.open || p.n < 2 || p.level != p.n-1 {
			continue
		}
		sx, sy := cam.ToScreen(p.cx-p.h*0.5, p.cy-p.h*0.5)
		if onScreen(sx, sy, 20) {
			img := badgeImage(p.n, bk)
			b.drawAt(t, img, sx, sy, k*b.us, 0)
			hw, hh := float64(img.Bounds().Dx())*k*b.us/2, float64(img.Bounds().Dy())*k*b.us/2
			b.badgeRects = append(b.badgeRects, image.Rect(int(sx-hw), int(sy-hh), int(math.Ceil(sx+hw)), int(math.Ceil(sy+hh))))
		}
	}
	// the path
	if len(o.Path) > 1 {
		b.drawPath(t, cam, o.Path, st, k)
	}
	// the open stack on top
	if o.OpenStack != "" {
		if mx, my, ok := b.Center(o.OpenStack); ok {
			n := 0
			for i := range b.placed {
				if b.placed[i].open {
					n++
				}
			}
			cols := min(max(n, 1), 4)
			rows := (n + cols - 1) / cols
			rad := (math.Hypot(float64(cols), float64(rows))*CounterSide*0.75 + CounterSide*0.4) * b.us
			sx, sy := cam.ToScreen(mx, my)
			b.drawAt(t, st.openShade, sx, sy, k*st.openShadeK*rad/(CounterSide*3.6), 0)
		}
		for i := range b.placed {
			p := &b.placed[i]
			if !p.open {
				continue
			}
			b.drawPlaced(t, cam, v, p, style, bk, k, onScreen)
			if v.Units[p.idx].ID == o.Selected {
				b.drawRing(t, cam, p, bk, k, st)
			}
		}
		b.drawChips(t, cam, v, true, bk, k, onScreen)
	}
	// facing arrows around the selected unit's hex
	if sel != nil && b.hm != nil && len(o.Facings) > 0 {
		u := &v.Units[sel.idx]
		if cx, cy, ok := b.Center(u.At); ok {
			for f := range 6 {
				on := false
				for _, g := range o.Facings {
					if g == f {
						on = true
					}
				}
				x, y, a := b.facingArrow(cx, cy, f)
				sx, sy := cam.ToScreen(x, y)
				img := st.arrowOff
				if on {
					img = st.arrowOn
				}
				b.drawAt(t, img, sx, sy, k, a)
			}
		}
	}
	// labels of highlights on top of everything but a fanned stack, whose
	// counters' values they covered ("2 MP" over a Marshals stack opened
	// at Bargas, #18 point 7; counterboxes.go)
	fan := b.OpenStackRect(cam)
	if b.zg == nil {
		b.keeps = b.chipKeeps(b.keeps) // nor over a marker chip (selchips.go)
	}
	for _, h := range o.Highlights {
		if h.Text == "" {
			continue
		}
		mx, my, ok := b.Center(h.At)
		if !ok {
			continue
		}
		off := HexSize * 0.52
		if b.zg != nil {
			off = -b.zoneR() * 0.75
		}
		sx, sy := cam.ToScreen(mx, my+off)
		pill := b.pill(h.Text, h.Kind, bk)
		if b.zg == nil {
			// clear of the counters' print and facing (clearance.go)
			cx, cy := cam.ToScreen(mx, my)
			pb := pill.Bounds()
			pw, ph := float64(pb.Dx())*k, float64(pb.Dy())*k
			sx, sy = b.pillPlace(b.keeps, cx, cy, pw, ph, z)
			// the next labels keep clear of this one too
			b.keeps = append(b.keeps, keepOut{sx - pw/2, sy - ph/2, sx + pw/2, sy + ph/2, 2, pillGroup})
		}
		if b.pillUnderFan(fan, pill, sx, sy, k) {
			continue
		}
		if onScreen(sx, sy, 60) {
			b.drawAt(t, pill, sx, sy, k, 0)
			pb := pill.Bounds()
			hw, hh := float64(pb.Dx())*k/2, float64(pb.Dy())*k/2
			b.labelRects = append(b.labelRects, image.Rect(int(sx-hw), int(sy-hh), int(math.Ceil(sx+hw)), int(math.Ceil(sy+hh))))
		}
	}
	if o.Minimap && !o.MinimapHidden {
		b.drawMinimap(t, cam, v)
	} else if o.Minimap {
		b.drawMinimapTab(t, cam, false)
	}
}

// printRot is the angle the counter's face is drawn at: its axis for a
// long counter lying near level, a quarter less for one painted standing,
// so that its print is never more than 30° from upright.
func (p *placed) printRot() float64 {
	if !p.portrait {
		return p.rot
	}
	if p.rot > 0 {
		return p.rot - math.Pi/2
	}
	return p.rot + math.Pi/2
}

func (b *Board) drawPlaced(t *ebiten.Image, cam Camera, v *rules.View, p *placed, style string, bk int, k float64, onScreen func(x, y, r float64) bool) {
	u := &v.Units[p.idx]
	sx, sy := cam.ToScreen(p.cx, p.cy)
	if !onScreen(sx, sy, p.w*cam.zoom()) {
		return
	}
	lenU := 0
	if p.long {
		lenU = int(math.Round(p.w))
	}
	z0 := cam.zoom()
	if b.us != 1 {
		// counters at their own scale: pick the face bucket for it
		bk = bucketFor(z0 * b.us)
		k = z0 * b.us / bucketScales[bk]
	}
	key := keyOf(u, v.Sides, style == "block", lenU, bk)
	key.portrait = p.portrait
	rot := p.printRot()
	img := faceImage(key)
	b.drawShadow(t, img, sx+1.8*z0, sy+2.4*z0, k, rot)
	b.drawAt(t, img, sx, sy, k, rot)
	if p.hasFacing {
		b.drawFront(t, cam, p, bk, k)
	}
}

// frontDist is how far from a square counter's centre (half its side
// given) the front marker's centre sits at angle a: its whole arrowhead
// clear of the counter, so the print is never covered.
func frontDist(a, half, us float64) float64 {
	c, s := math.Cos(a), math.Sin(a)
	hw, dp := frontHalfW*us, frontDepth*us
	d := half / math.Max(math.Abs(c), math.Abs(s))
	for range 40 {
		// the base corners of the arrowhead
		bx, by := c*d, s*d
		out := func(x, y float64) bool { return math.Max(math.Abs(x), math.Abs(y)) >= half+0.8*us }
		if out(bx-s*hw, by+c*hw) && out(bx+s*hw, by-c*hw) {
			break
		}
		d += 0.5 * us
	}
	return d + dp/2
}

// drawFront draws a faced unit's front marker: a dark arrowhead with a
// light rim on the counter's edge, pointing where the unit faces. The
// counter itself stays upright.
func (b *Board) drawFront(t *ebiten.Image, cam Camera, p *placed, bk int, k float64) {
	c, s := math.Cos(p.front), math.Sin(p.front)
	d := p.h/2 + frontDepth*0.5*b.us
	if !p.long {
		d = frontDist(p.front, p.h/2, b.us)
	}
	sx, sy := cam.ToScreen(p.cx+c*d, p.cy+s*d)
	b.drawAt(t, frontImage(bk), sx, sy, k*b.us, p.front)
}

// drawChips draws the marker chips of the placed counters, upright, beside
// each stack: after every counter, so that no counter of the stack hides
// them. A closed stack shows each kind of marker once, with how many of its
// counters carry it ("ACT×3"), top unit's markers first, in a short column
// from the top counter's right edge (its left edge for the left stack of a
// contested zone, so that the chips lie on neither side's stack): a stack of forty counters takes as
// little room as one, and the zone names around it stay readable. Each
// counter of an open stack shows its own markers.
func (b *Board) drawChips(t *ebiten.Image, cam Camera, v *rules.View, open bool, bk int, k float64, onScreen func(x, y, r float64) bool) {
	if b.chipAt == nil {
		b.chipAt = map[groupKey][2]float64{}
	}
	clear(b.chipAt)
	z := cam.zoom()
	if b.us != 1 {
		bk = bucketFor(z * b.us)
		k = z * b.us / bucketScales[bk]
	}
	// On a zone map the fit zoom is small (a Marshals map opens at about
	// half scale): the chips keep a readable size on screen however far
	// the map is zoomed out, their text at least 9 px tall. They stand
	// beside the stack, outward, so a larger chip stays clear of it.
	if zc := z * b.us; b.zg != nil && zc < zoneChipMinZoom {
		bk = bucketFor(zoneChipMinZoom)
		k = zoneChipMinZoom / bucketScales[bk]
	}
	// the groups (and their slices) are kept from frame to frame: a frame
	// allocates nothing for its chips
	groups := b.chipGroups[:0]
	defer func() { b.chipGroups = groups }()
	for i := len(b.placed) - 1; i >= 0; i-- {
		p := &b.placed[i]
		u := &v.Units[p.idx]
		if p.open != open || len(u.Markers) == 0 {
			continue
		}
		g := b.groupOf(u)
		if open {
			g = groupKey{u.ID, -2} // spread wide: each counter its own column
		}
		at, ok := b.chipAt[g]
		if !ok {
			// the first (top) counter of the stack met places the column
			sx, sy := cam.ToScreen(p.cx, p.cy)
			half := p.h * 0.5
			x := sx + half*z + 1.5
			if p.long {
				x = sx + p.w*0.5*z + 1.5
			}
			if len(groups) < cap(groups) {
				groups = groups[:len(groups)+1]
			} else {
				groups = append(groups, chipGroup{})
			}
			cg := &groups[len(groups)-1]
			cg.x, cg.y, cg.left, cg.key = x, sy-half*z+6*z*b.us, false, g
			cg.leftX = sx - half*z - 1.5
			if p.long {
				cg.leftX = sx - p.w*0.5*z - 1.5
			}
			cg.x, cg.leftX = cg.x+b.ringShift(g, z), cg.leftX-b.ringShift(g, z) // clear of the selection ring (selchips.go)
			cg.top, cg.bot, cg.at = sy-half*z, sy+half*z, u.At
			cg.marks, cg.count = cg.marks[:0], cg.count[:0]
			// on a zone map the stack left of its zone's centre (the other
			// side's stands to its right) takes its chips on its left
			if zx, _, ok := b.Center(u.At); ok && b.zg != nil && !open && !p.long && p.cx < zx-1 {
				cg.x, cg.left = sx-half*z-1.5, true
			}
			if !onScreen(sx, sy, p.w*z) {
				groups[len(groups)-1].x = math.Inf(1) // counted, not drawn
			}
			at = [2]float64{float64(len(groups) - 1), 0} // the group's index in groups
			b.chipAt[g] = at
		}
		cg := &groups[int(at[0])]
	marks:
		for _, m := range u.Markers {
			for j, have := range cg.marks {
				if have == m {
					cg.count[j]++
					continue marks
				}
			}
			cg.marks = append(cg.marks, m)
			cg.count = append(cg.count, 1)
		}
	}
	var keeps []keepOut
	if b.zg == nil && !open {
		keeps = b.keepOuts(cam, v)       // clearance.go: no chip over another counter's print
		keeps = b.arrowKeeps(cam, keeps) // nor under the selected unit's facing arrows (selchips.go)
	}
	for _, cg := range groups {
		if math.IsInf(cg.x, 1) {
			continue
		}
		y := cg.y
		if b.zg != nil {
			y = b.zoneChipColumn(cam, v, &cg, bk, k)
		} else if !open {
			cg.x, cg.left, y = b.chipColumn(keeps, &cg, bk, k)
		}
		for j := range cg.marks {
			chip := cg.chip(j, bk)
			cb := chip.Bounds()
			cx := cg.x + float64(cb.Dx())*k/2
			if cg.left {
				cx = cg.x - float64(cb.Dx())*k/2
			}
			b.drawAt(t, chip, cx, y, k, 0)
			b.noteChip(chip, cx, y, k)
			y += float64(cb.Dy()) * k * 0.92
		}
	}
}

// chip is the image of the group's jth chip.
func (cg *chipGroup) chip(j, bk int) *ebiten.Image {
	if n := cg.count[j]; n > 1 {
		return countChipImage(cg.marks[j], n, bk)
	}
	return chipImage(cg.marks[j], bk)
}

// zoneChipColumn is the screen y of the centre of the first chip of a
// column beside a stack on a zone map: level with the counter's top, else
// astride it, else above it, else level with its bottom; the first that
// covers the fewest zone names (the names are laid out clear of the
// stacks, not of their chips).
func (b *Board) zoneChipColumn(cam Camera, v *rules.View, cg *chipGroup, bk int, k float64) float64 {
	w, hgt, h1 := 0.0, 0.0, 0.0
	for j := range cg.marks {
		cb := cg.chip(j, bk).Bounds()
		w = math.Max(w, float64(cb.Dx())*k)
		if j == 0 {
			h1 = float64(cb.Dy()) * k
		}
		hgt += float64(cb.Dy()) * k * 0.92
	}
	z := cam.zoom()
	best, bestScore := cg.top, math.Inf(1)
	// right of the stack, or left of it when that covers less (the chips
	// of neighbouring zones and their counters count too: zonechips.go);
	// the left stack of a contested zone keeps its chips on its left
	sides := []bool{cg.left}
	if !cg.left {
		sides = append(sides, true)
	}
	bestLeft, rightX := cg.left, cg.x
	for _, left := range sides {
		x0, x1 := rightX, rightX+w
		if left {
			x0, x1 = cg.leftX-w, cg.leftX
			if cg.left {
				x0, x1 = cg.x-w, cg.x
			}
		}
		for _, top := range []float64{cg.top, cg.top - h1/2, cg.top - hgt - 2, cg.bot - hgt} {
			score := 0.0
			for _, lb := range b.zoneLabels(z) {
				lx, ly := cam.ToScreen(lb.x-lb.w/2, lb.y-lb.h/2)
				lw, lh := lb.w*z, lb.h*z
				score += math.Max(0, math.Min(x1, lx+lw)-math.Max(x0, lx)) * math.Max(0, math.Min(top+hgt, ly+lh)-math.Max(top, ly))
			}
			score += b.chipCrowding(cam, v, cg.at, x0, x1, top, top+hgt)
			if score < bestScore-1 {
				best, bestScore, bestLeft = top, score, left
			}
		}
	}
	if bestLeft && !cg.left {
		cg.x, cg.left = cg.leftX, true
	}
	return best + h1/2
}

// noteChip notes where a chip drawn centred at (x, y) at scale k lies on
// screen (b.chipRects).
func (b *Board) noteChip(chip *ebiten.Image, x, y, k float64) {
	hw, hh := float64(chip.Bounds().Dx())*k/2, float64(chip.Bounds().Dy())*k/2
	b.chipRects = append(b.chipRects, image.Rect(int(x-hw), int(y-hh), int(math.Ceil(x+hw)), int(math.Ceil(y+hh))))
}

// zoneChipMinZoom is the smallest scale a marker chip beside a stack is
// drawn at on a zone map: its 8.5-unit bold text is then about 13 px, its
// capitals at least 9 px tall (TestZoneChipsReadableAtFitZoom).
const zoneChipMinZoom = 1.5

// chipGroup is the column of marker chips beside one stack.
type chipGroup struct {
	x, y     float64
	top, bot float64 // the screen y of the counter's top and bottom edges
	left     bool    // the column is drawn leftward (the left stack of a contested zone)
	key      groupKey
	leftX    float64 // the screen x of the counter's left edge, less the gap
	at       string  // the stack's place (zonechips.go)
	marks    []string
	count    []int
}

// countChipKey names the chip of a marker n counters carry.
type countChipKey struct {
	marker string
	n      int
	bucket int
}

// countChipImage is the chip of a marker that n counters of one stack carry:
// its abbreviation and the count, "ACT×3", in the marker's colour (cached
// with the other chips).
func countChipImage(marker string, n, bucket int) *ebiten.Image {
	chipMu.Lock()
	defer chipMu.Unlock()
	key := countChipKey{marker, n, bucket}
	if img, ok := images.get(key); ok {
		return img
	}
	ab, col := markerInfo(marker)
	img := renderChip(ab+"×"+strconv.Itoa(n), col, bucket)
	images.put(key, img)
	return img
}

// drawShadow draws img as a soft dark silhouette (a counter's shadow).
func (b *Board) drawShadow(dst, img *ebiten.Image, x, y, k, rot float64) {
	bd := img.Bounds()
	b.op = ebiten.DrawImageOptions{}
	b.op.GeoM.Translate(-float64(bd.Dx())/2, -float64(bd.Dy())/2)
	b.op.GeoM.Scale(k, k)
	if rot != 0 {
		b.op.GeoM.Rotate(rot)
	}
	b.op.GeoM.Translate(x, y)
	b.op.Filter = ebiten.FilterLinear
	b.op.ColorScale.Scale(0, 0, 0, 0.32)
	dst.DrawImage(img, &b.op)
}

func (b *Board) drawRing(t *ebiten.Image, cam Camera, p *placed, bk int, k float64, st *boardStamps) {
	sx, sy := cam.ToScreen(p.cx, p.cy)
	img := st.ring
	if p.long {
		img = b.longRing(int(math.Round(p.w)), bk)
	}
	b.drawAt(t, img, sx, sy, k*b.us, p.rot)
}

func (b *Board) drawPath(t *ebiten.Image, cam Camera, path []string, st *boardStamps, k float64) {
	px, py, ok := b.Center(path[0])
	if !ok {
		return
	}
	for i := 1; i < len(path); i++ {
		nx, ny, ok := b.Center(path[i])
		if !ok {
			return
		}
		l := math.Hypot(nx-px, ny-py)
		n := max(1, int(l/(HexSize*0.3)))
		for j := 1; j <= n; j++ {
			f := float64(j) / float64(n)
			img := st.dot
			if i == len(path)-1 && j == n {
				img = st.dotEnd
			}
			sx, sy := cam.ToScreen(px+(nx-px)*f, py+(ny-py)*f)
			b.drawAt(t, img, sx, sy, k, 0)
		}
		px, py = nx, ny
	}
}

// TopBounds is the screen rectangle DrawTop draws into for o (empty when
// it draws nothing), clipped to cam.Rect.
func (b *Board) TopBounds(cam Camera, o Overlay) image.Rectangle {
	if cam.Rect.Empty() {
		return image.Rectangle{}
	}
	z := cam.zoom()
	var r image.Rectangle
	add := func(loc string, rad float64) {
		mx, my, ok := b.Center(loc)
		if !ok {
			return
		}
		sx, sy := cam.ToScreen(mx, my)
		d := rad*z + 3
		q := image.Rect(int(math.Floor(sx-d)), int(math.Floor(sy-d)), int(math.Ceil(sx+d)), int(math.Ceil(sy+d)))
		if r.Empty() {
			r = q
		} else {
			r = r.Union(q)
		}
	}
	if o.Hover != "" {
		add(o.Hover, b.stampExtent())
	}
	if len(o.Path) > 1 {
		for _, p := range o.Path {
			add(p, 9)
		}
	}
	return r.Intersect(cam.Rect)
}

// hasName reports whether the hex at loc has a place name written on it.
func (b *Board) hasName(loc string) bool {
	if b.hm == nil {
		return false
	}
	c, err := b.hm.ParseOn(loc)
	if err != nil {
		return false
	}
	cell := b.hm.Cell(c)
	return cell != nil && cell.Name != ""
}
