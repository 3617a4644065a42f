package game

import (
	"image"
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"grognard/render"
	"grognard/rules/hex"
)

// activeColour outlines the units that may act now (an activated Albuera
// command, the units a card ordered): white over a dark edge, apart from
// the gold command radius.
var (
	activeColour = color.RGBA{0xff, 0xff, 0xff, 0xf0}
	activeEdge   = color.RGBA{0x20, 0x30, 0x80, 0xd0}
)

// activeHexes are the hexes of the viewer's units that may act now when
// they are fewer than half of them (Session.ActorMarks): an activated
// command [Albuera 4.5], the units a card ordered. Empty on a zone map, on
// the other side's decision and when most units may act (an outline
// around nearly everything would say nothing).
func (b *BoardScene) activeHexes() []string {
	v := b.S.View()
	if b.S.Cover || !b.S.CanAct() || v.Board == nil || v.Board.Hex == nil {
		return nil
	}
	marks := b.S.ActorMarks()
	out := make([]string, 0, len(marks))
	for _, m := range marks {
		out = append(out, m.At)
	}
	return out
}

// outlineHexes strokes the outline of each area (the edges between a hex
// inside and one outside) in col over a darker edge, returning the screen
// rectangle drawn over.
func (b *BoardScene) outlineHexes(dst *ebiten.Image, areas [][]string, col, edge color.Color, width float64) image.Rectangle {
	v := b.S.View()
	if v.Board == nil || v.Board.Hex == nil {
		return image.Rectangle{}
	}
	m := v.Board.Hex
	var drawn image.Rectangle
	// Never over the overview (session 20: a brigade's squadrons under
	// the overview drew their outline over its picture, a gold hex
	// among the other side's units there).
	// Nor over a stack fanned open for picking: its counters' values
	// and names read whole (openstack.go).
	// Nor across a marker chip ("ACT" read "AC|T").
	cuts := append([]image.Rectangle{b.RB.MinimapBox(b.Cam, b.minimapHidden), b.RB.OpenStackRect(b.Cam)}, b.screenChipRects()...)
	rects := clearOf(b.Cam.Rect, cuts...)
	clips := make([]*ebiten.Image, len(rects))
	for i, q := range rects {
		clips[i] = dst.SubImage(q).(*ebiten.Image)
	}
	w := float32(math.Max(2, width*b.Cam.Zoom))
	for _, area := range areas {
		in := map[hex.Coord]bool{}
		for _, h := range area {
			if c, err := m.ParseOn(h); err == nil {
				in[c] = true
			}
		}
		for c := range in {
			cx, cy, ok := b.RB.Center(m.Num(c))
			if !ok {
				continue
			}
			for d := 0; d < 6; d++ {
				if in[c.Neighbor(d)] {
					continue
				}
				x0, y0 := m.Layout.Corner(d-1, render.HexSize)
				x1, y1 := m.Layout.Corner(d, render.HexSize)
				sx0, sy0 := b.Cam.ToScreen(cx+x0, cy+y0)
				sx1, sy1 := b.Cam.ToScreen(cx+x1, cy+y1)
				pad := float64(w) + 2
				seg := image.Rect(int(math.Min(sx0, sx1)-pad), int(math.Min(sy0, sy1)-pad), int(math.Max(sx0, sx1)+pad+1), int(math.Max(sy0, sy1)+pad+1))
				for i, clip := range clips {
					if !rects[i].Overlaps(seg) {
						continue
					}
					if edge != nil {
						vector.StrokeLine(clip, float32(sx0), float32(sy0), float32(sx1), float32(sy1), w+2, edge, true)
					}
					vector.StrokeLine(clip, float32(sx0), float32(sy0), float32(sx1), float32(sy1), w, col, true)
				}
				r := image.Rect(int(math.Min(sx0, sx1))-5, int(math.Min(sy0, sy1))-5, int(math.Max(sx0, sx1))+6, int(math.Max(sy0, sy1))+6)
				drawn = drawn.Union(r)
			}
		}
	}
	return drawn.Intersect(b.Cam.Rect)
}

// screenChipRects are the screen rectangles of the marker chips, the
// stacks' count badges and the lit places' labels the board drew last. The board is mostly drawn into its layer, at a margin, and
// the layer copied at an offset: the chips' rectangles are then in the
// layer's pixels, not the screen's (a Venta "ORD×2" chip beside an ordered
// stack was crossed by the outline, which avoided a rectangle elsewhere).
func (b *BoardScene) screenChipRects() []image.Rectangle {
	rs := append(append(b.RB.ChipRects(), b.RB.BadgeRects()...), b.RB.LabelRects()...)
	for i := range rs {
		rs[i] = rs[i].Add(b.chipShift)
	}
	return rs
}

// drawActive outlines the units that may act now (newcomer issue #18
// point 3: after choosing which brigade a commander activates, nothing
// showed where it was).
func (b *BoardScene) drawActive(dst *ebiten.Image) image.Rectangle {
	hs := b.activeHexes()
	if len(hs) == 0 {
		return image.Rectangle{}
	}
	return b.outlineHexes(dst, [][]string{hs}, activeColour, activeEdge, 3.5)
}

// followActive brings a new set of units that may act into view once (an
// activation, a card's orders), zooming out as far as needed for all of
// them to show, and drops a selection that can no longer act (the
// commander whose chit activated the brigade).
func (b *BoardScene) followActive(a *App) {
	hs := b.activeHexes()
	key := strings.Join(sortedCopy(hs), ",")
	if key == b.activeSeen {
		return
	}
	b.activeSeen = key
	if len(hs) == 0 {
		return
	}
	if b.S.Selected != "" && !b.S.hasActions(b.S.Selected) {
		b.S.Selected = ""
		b.S.changed()
	}
	if b.showHexes(a, b.mainCluster(hs), true) {
		a.Redraw()
	}
}

// mainCluster is the largest group of the places lying within four hexes
// of one another (an activated brigade, apart from the batteries that may
// move in any activation), or all of them when they fit on the board at a
// legible zoom.
func (b *BoardScene) mainCluster(places []string) []string {
	type pt struct{ x, y float64 }
	var ps []pt
	var names []string
	for _, p := range places {
		if x, y, ok := b.RB.Center(p); ok {
			ps = append(ps, pt{x, y})
			names = append(names, p)
		}
	}
	if len(ps) < 2 {
		return names
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range ps {
		minX, minY, maxX, maxY = math.Min(minX, p.x), math.Min(minY, p.y), math.Max(maxX, p.x), math.Max(maxY, p.y)
	}
	z := math.Min(b.Cam.Zoom, math.Max(legibleZoom, b.RB.Fit(b.Cam.Rect).Zoom))
	if (maxX-minX+3*render.HexSize)*z < float64(b.Cam.Rect.Dx())*0.75 && (maxY-minY+3*render.HexSize)*z < float64(b.Cam.Rect.Dy())*0.75 {
		return names
	}
	group := make([]int, len(ps))
	for i := range group {
		group[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for group[i] != i {
			i = group[i]
		}
		return i
	}
	near := 4 * 2 * render.HexSize
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			if math.Hypot(ps[i].x-ps[j].x, ps[i].y-ps[j].y) <= near {
				group[find(i)] = find(j)
			}
		}
	}
	count := map[int]int{}
	best := -1
	for i := range ps {
		r := find(i)
		count[r]++
		if best < 0 || count[r] > count[best] {
			best = r
		}
	}
	var out []string
	for i := range ps {
		if find(i) == best {
			out = append(out, names[i])
		}
	}
	return out
}

// showLit brings the selected unit and its lit hexes into view (Tab, a
// selection the session made), zooming out as far as needed.
func (b *BoardScene) showLit(a *App) bool {
	if b.S.Selected == "" {
		return false
	}
	u, ok := b.S.Unit(b.S.Selected)
	if !ok {
		return false
	}
	var hs []string
	if u.At != "" {
		hs = append(hs, u.At)
	} // a unit still to be set up shows only the places it may take [4]
	for _, h := range b.S.Highlights() {
		hs = append(hs, h.At)
	}
	return b.showHexes(a, hs, false)
}

// showHexes pans (and, with mayZoom, if it must, zooms out, never below
// the zoom that fits the whole map) so every one of the places is on the
// board clear of its edges and the overview; it reports whether the camera
// moved. Places already in view leave the camera alone. Without mayZoom
// (Tab: the player's zoom stays) places too far apart are centred.
func (b *BoardScene) showHexes(a *App, places []string, mayZoom bool) bool {
	br := b.BoardRect(a)
	if br.Empty() || len(places) == 0 {
		return false
	}
	b.Cam.Rect = br
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	n := 0
	for _, p := range places {
		x, y, ok := b.RB.Center(p)
		if !ok {
			continue
		}
		n++
		minX, minY, maxX, maxY = math.Min(minX, x), math.Min(minY, y), math.Max(maxX, x), math.Max(maxY, y)
	}
	if n == 0 {
		return false
	}
	pad := render.HexSize * 1.1 // the whole hex and its counter
	minX, minY, maxX, maxY = minX-pad, minY-pad, maxX+pad, maxY+pad
	// The room: the board less a margin, the hint strip along the bottom
	// and the overview's column on the right.
	room := br.Inset(12)
	room.Max.Y -= 44
	if mm := b.RB.MinimapBox(b.Cam, b.minimapHidden); !mm.Empty() {
		room.Max.X = min(room.Max.X, mm.Min.X-8)
	}
	if room.Dx() < 60 || room.Dy() < 60 {
		return false
	}
	inView := func() bool {
		x0, y0 := b.Cam.ToScreen(minX, minY)
		x1, y1 := b.Cam.ToScreen(maxX, maxY)
		return x0 >= float64(room.Min.X) && y0 >= float64(room.Min.Y) && x1 <= float64(room.Max.X) && y1 <= float64(room.Max.Y)
	}
	if inView() {
		return false
	}
	was := b.Cam
	z := b.Cam.Zoom
	if need := math.Min(float64(room.Dx())/(maxX-minX), float64(room.Dy())/(maxY-minY)); need < z && mayZoom {
		// Zoom out to fit them, but never below the whole map's fit nor
		// below legibleZoom (counters of 30 px: their print reads), so
		// activations one after another do not zoom out and out; the
		// middle of the places is shown then.
		fit := b.RB.Fit(br).Zoom
		z = math.Max(need, math.Min(z, math.Max(fit, legibleZoom)))
	}
	z = math.Max(render.MinZoom, math.Min(render.MaxZoom, z))
	cx, cy := (minX+maxX)/2, (minY+maxY)/2
	rc := room.Min.Add(room.Max).Div(2)
	b.Cam.Zoom = z
	b.Cam.X = cx - float64(rc.X-br.Min.X)/z
	b.Cam.Y = cy - float64(rc.Y-br.Min.Y)/z
	b.clampCamShowing(minX, minY, maxX, maxY, room) // polish_view.go: on the map
	return b.Cam != was
}

// legibleZoom is the least zoom the board zooms out to by itself.
const legibleZoom = 0.6

// sortedCopy is a sorted copy of ss.
func sortedCopy(ss []string) []string {
	out := append([]string(nil), ss...)
	sort.Strings(out)
	return out
}
