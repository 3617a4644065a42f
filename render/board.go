package render

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	"grognard/rules/hex"
	"grognard/rules/zone"
)

// Map geometry in map units (pixels at zoom 1).
const (
	HexSize     = 40.0  // hex centre to corner
	CounterSide = 50.0  // side of a one-hex counter
	ZoneRadius  = 58.0  // radius of a zone's disc on a zone map
	ZoneMapW    = 1300. // extent of a zone map whose positions are 0..1
	ZoneMapH    = 960.
	mapMargin   = 24.0
	fanStep     = 4.0 // offset between counters of a stack
)

// Board renders one rules.Board. It caches the painted terrain (in tiles
// per zoom bucket), and keeps scratch buffers so Draw allocates nothing
// after warm-up. A Board is not safe for concurrent use.
type Board struct {
	rb   *rules.Board
	hm   *hex.Map
	zg   *zone.Graph
	ox   float64 // map units added to hex.Layout centres
	oy   float64
	w, h float64
	zpos map[string]pt // zone centres
	zr   float64       // radius of a zone's symbol (ZoneRadius unless the map sets its scale)
	zm   *zoneMapInfo  // an operational map's extras (zonepaint.go), nil for a plain zone graph
	us   float64       // unit scale: counters are CounterSide*us map units

	tiles map[tileKey]*tile
	// spareTiles are the textures of dropped tiles, painted over for new ones
	spareTiles []*ebiten.Image
	cv         *canvas // the CPU canvas tiles are painted on (tiles.go)
	tick       uint64
	open       string // OpenStack of the last Draw, used by PickUnit
	clips      [2]clipSlot
	clipNext   int

	names      []placeName   // place names, once per place (placeNames)
	overview   *ebiten.Image // the whole map painted small (minimap)
	overviewS  float64
	stampCache map[int]*boardStamps
	longRings  map[[2]int]*ebiten.Image
	op         ebiten.DrawImageOptions

	// per-frame scratch
	keeps      []keepOut // what chips and labels keep clear of (clearance.go)
	placed     []placed
	order      []int
	chipAt     map[groupKey][2]float64
	counts     map[groupKey]int
	seen       map[groupKey]int
	chipGroups []chipGroup       // drawChips' scratch, kept between frames
	chipRects  []image.Rectangle // where the chips (markers) were drawn last frame (tests read it)
	badgeRects []image.Rectangle // where the stacks' count badges were drawn last frame
	labelRects []image.Rectangle // where the lit places' labels ("2 MP back") were drawn last frame
	sel        selChips          // the selection's ring and facing arrows, for the chips (selchips.go)
}

type clipSlot struct {
	dst, img *ebiten.Image
	r        image.Rectangle
}

type groupKey struct {
	loc  string
	side rules.Side // only on zone maps, where each side's stack sits apart
}

// placed is where one unit's counter is drawn this frame.
type placed struct {
	idx       int // index in View.Units
	cx, cy    float64
	rot       float64
	w, h      float64
	level, n  int
	open      bool
	long      bool
	portrait  bool // a long counter within 30° of upright: printed standing, its print upright
	hasFacing bool
	front     float64 // angle of the facing: the front marker points this way
}

// NewBoard prepares a renderer for b. It creates no images (Warm or the first
// Draw does), so geometry can be used without a display.
func NewBoard(b *rules.Board) *Board {
	r := &Board{rb: b, us: 1, tiles: map[tileKey]*tile{}, counts: map[groupKey]int{}, seen: map[groupKey]int{}}
	switch {
	case b != nil && b.Hex != nil:
		r.hm = b.Hex
		minX, minY := math.Inf(1), math.Inf(1)
		maxX, maxY := math.Inf(-1), math.Inf(-1)
		for c := range b.Hex.Cells {
			x, y := b.Hex.Layout.Center(c, HexSize)
			minX, minY = math.Min(minX, x), math.Min(minY, y)
			maxX, maxY = math.Max(maxX, x), math.Max(maxY, y)
		}
		if len(b.Hex.Cells) == 0 {
			minX, minY, maxX, maxY = 0, 0, 0, 0
		}
		r.ox = mapMargin + HexSize - minX
		r.oy = mapMargin + HexSize - minY
		r.w = maxX - minX + 2*(HexSize+mapMargin)
		r.h = maxY - minY + 2*(HexSize+mapMargin)
	case b != nil && b.Zones != nil:
		r.zg = b.Zones
		r.zpos = map[string]pt{}
		r.us = 1.3 // zones are far apart: bigger counters read better
		// an operational map with its own extent (zonepaint.go)
		if r.setupZoneMap() {
			break
		}
		norm := true
		for _, z := range b.Zones.Zones {
			if z.X < 0 || z.X > 1 || z.Y < 0 || z.Y > 1 {
				norm = false
			}
		}
		pad := ZoneRadius + 70
		r.w, r.h = ZoneMapW, ZoneMapH
		for _, z := range b.Zones.Zones {
			p := pt{z.X, z.Y}
			if norm {
				p = pt{pad + z.X*(ZoneMapW-2*pad), pad + z.Y*(ZoneMapH-2*pad)}
			} else {
				r.w = math.Max(r.w, z.X+pad)
				r.h = math.Max(r.h, z.Y+pad)
			}
			r.zpos[z.ID] = p
		}
	default:
		r.w, r.h = 800, 600
	}
	return r
}

// Size is the extent of the map in map units (pixels at zoom 1).
func (b *Board) Size() (w, h float64) { return b.w, b.h }

// Fit returns a camera showing the whole map centred in r.
func (b *Board) Fit(r image.Rectangle) Camera {
	z := 1.0
	if b.w > 0 && b.h > 0 && r.Dx() > 0 && r.Dy() > 0 {
		z = math.Min(float64(r.Dx())/b.w, float64(r.Dy())/b.h)
	}
	z = clamp(z, MinZoom, MaxZoom)
	c := Camera{Zoom: z, Rect: r}
	c.X = b.w/2 - float64(r.Dx())/2/z
	c.Y = b.h/2 - float64(r.Dy())/2/z
	return c
}

// hexCenter is the map-unit centre of hex c.
func (b *Board) hexCenter(c hex.Coord) (float64, float64) {
	x, y := b.hm.Layout.Center(c, HexSize)
	return x + b.ox, y + b.oy
}

// Pick returns the location under the screen point: a hex number on hex
// maps, a zone id on zone maps (within the zone's disc or its name plate).
func (b *Board) Pick(cam Camera, sx, sy float64) (string, bool) {
	mx, my := cam.ToMap(sx, sy)
	return b.pickMap(mx, my)
}

func (b *Board) pickMap(mx, my float64) (string, bool) {
	switch {
	case b.hm != nil:
		c := b.hm.Layout.FromPixel(mx-b.ox, my-b.oy, HexSize)
		if !b.hm.On(c) {
			return "", false
		}
		return b.hm.Num(c), true
	case b.zg != nil:
		best, bd := "", math.Inf(1)
		for id, p := range b.zpos {
			d := math.Hypot(mx-p.X, my-p.Y)
			inPlate := b.zm == nil && math.Abs(mx-p.X) < ZoneRadius*1.6 && my > p.Y && my < p.Y+ZoneRadius+26
			if (d <= b.zoneR()*1.1 || inPlate) && (d < bd || d == bd && id < best) && b.pickable(id) {
				best, bd = id, d
			}
		}
		return best, best != ""
	}
	return "", false
}

// Center returns the map-unit centre of a hex number or zone id.
func (b *Board) Center(loc string) (float64, float64, bool) {
	switch {
	case b.hm != nil:
		c, err := b.hm.ParseOn(loc)
		if err != nil {
			return 0, 0, false
		}
		x, y := b.hexCenter(c)
		return x, y, true
	case b.zg != nil:
		p, ok := b.zpos[loc]
		return p.X, p.Y, ok
	}
	return 0, 0, false
}

// UnitsAt returns the units standing at loc (At or At2), bottom of the stack
// first (the order of View.Units), eliminated units excluded.
func (b *Board) UnitsAt(v *rules.View, loc string) []rules.UnitView {
	if v == nil || loc == "" {
		return nil
	}
	var out []rules.UnitView
	for _, u := range v.Units {
		if !u.Eliminated && (u.At == loc || u.At2 == loc) {
			out = append(out, u)
		}
	}
	return out
}

func (b *Board) groupOf(u *rules.UnitView) groupKey {
	if b.zg != nil {
		return groupKey{u.At, u.Side}
	}
	return groupKey{u.At, 0}
}

// layout computes where every unit of v is drawn, into b.placed.
func (b *Board) layout(v *rules.View, open string) {
	b.placed = b.placed[:0]
	if v == nil {
		return
	}
	clear(b.counts)
	clear(b.seen)
	sidesAt := b.seen // reused below after counting; first pass counts sides per zone
	for i := range v.Units {
		u := &v.Units[i]
		if u.Eliminated || u.At == "" {
			continue
		}
		if _, _, ok := b.Center(u.At); !ok {
			continue
		}
		k := b.groupOf(u)
		if b.counts[k] == 0 && b.zg != nil {
			sidesAt[groupKey{u.At, -99}]++
		}
		b.counts[k]++
	}
	// With blocks, leaders go first, under the units they stand with: the
	// unit's block (its type, strength, markers) is what the stack must
	// show. Counter games keep the view's order (a leader on top).
	b.order = b.order[:0]
	for pass := range 2 {
		for i := range v.Units {
			if v.Style != "block" || isLeader(v.Units[i].Type) == (pass == 0) {
				b.order = append(b.order, i)
			}
		}
		if v.Style != "block" {
			break
		}
	}
	for _, i := range b.order {
		u := &v.Units[i]
		if u.Eliminated || u.At == "" {
			continue
		}
		cx, cy, ok := b.Center(u.At)
		if !ok {
			continue
		}
		k := b.groupOf(u)
		n := b.counts[k]
		lvlKey := groupKey{k.loc, k.side + 1000}
		level := b.seen[lvlKey]
		b.seen[lvlKey] = level + 1
		cs := CounterSide * b.us
		p := placed{idx: i, level: level, n: n, w: cs, h: cs}
		if b.zg != nil && sidesAt[groupKey{u.At, -99}] > 1 {
			if u.Side == 0 {
				cx -= cs * 0.56
			} else {
				cx += cs * 0.56
			}
		}
		if u.At2 != "" && b.hm != nil {
			if x2, y2, ok := b.Center(u.At2); ok {
				p.long = true
				ax, ay := x2-cx, y2-cy
				p.w = math.Hypot(ax, ay) + CounterSide*0.9
				cx, cy = (cx+x2)/2, (cy+y2)/2
				a := math.Atan2(ay, ax)
				// the counter lies along its two hexes, its print upright
				// (never upside down); the front marker says which long
				// edge is its front
				if a > math.Pi/2+1e-9 || a <= -math.Pi/2+1e-9 {
					a += math.Pi
					if a > math.Pi {
						a -= 2 * math.Pi
					}
				}
				if u.Facing >= 0 {
					fx, fy := b.hm.Layout.Corner(u.Facing, 1)
					nx, ny := math.Cos(a-math.Pi/2), math.Sin(a-math.Pi/2)
					p.front = a - math.Pi/2
					if fx*nx+fy*ny < 0 {
						p.front = a + math.Pi/2
					}
					p.hasFacing = true
				}
				p.rot = a
				// a long counter lying within 30° of upright is printed
				// standing, so that its name and values read upright [#12]
				p.portrait = math.Abs(a) > math.Pi/3
			}
		} else if u.Facing >= 0 && b.hm != nil {
			// upright; the front marker points at the facing corner
			fx, fy := b.hm.Layout.Corner(u.Facing, 1)
			p.front = math.Atan2(fy, fx)
			p.hasFacing = true
		}
		if open != "" && u.At == open {
			p.open = true
		} else {
			step := fanStep * b.us
			if n > 1 && float64(n-1)*step > 24*b.us {
				step = 24 * b.us / float64(n-1)
			}
			off := (float64(level) - float64(n-1)/2) * step
			p.cx, p.cy = cx+off, cy-off
		}
		b.placed = append(b.placed, p)
	}
	b.layoutOpen(open)
}

// openPos lays an open stack out in a grid of up to four columns centred on
// the location, counters far enough apart to be picked one by one.
func (b *Board) openPos(p *placed, cx, cy float64, i, n int) {
	// i counts per group; with two sides in a zone, recount over the stack.
	cols := min(n, 4)
	rows := (n + cols - 1) / cols
	gap := CounterSide * 1.5 * b.us
	col, row := i%cols, i/cols
	p.cx = cx + (float64(col)-float64(cols-1)/2)*gap
	p.cy = cy + (float64(row)-float64(rows-1)/2)*gap
	p.n = n
}

// PickUnit returns the topmost unit drawn under the screen point, as laid
// out by the last Draw (an open stack, if any, lies on top).
func (b *Board) PickUnit(cam Camera, v *rules.View, sx, sy float64) (string, bool) {
	return b.PickUnitOpen(cam, v, b.open, sx, sy)
}

// PickUnitOpen is PickUnit with the open stack given explicitly.
func (b *Board) PickUnitOpen(cam Camera, v *rules.View, open string, sx, sy float64) (string, bool) {
	if v == nil {
		return "", false
	}
	b.layout(v, open)
	mx, my := cam.ToMap(sx, sy)
	for pass := 0; pass < 2; pass++ {
		for i := len(b.placed) - 1; i >= 0; i-- {
			p := &b.placed[i]
			if p.open != (pass == 0) {
				continue
			}
			if hitRect(mx, my, p.cx, p.cy, p.w, p.h, p.rot) {
				return v.Units[p.idx].ID, true
			}
		}
	}
	return "", false
}

// layoutOpen spreads the open stack, numbered over the whole location (both
// sides on zone maps).
func (b *Board) layoutOpen(open string) {
	if open == "" {
		return
	}
	n, k := 0, 0
	for i := range b.placed {
		if b.placed[i].open {
			n++
		}
	}
	for i := range b.placed {
		p := &b.placed[i]
		if !p.open {
			continue
		}
		cx, cy, _ := b.Center(open)
		b.openPos(p, cx, cy, k, n)
		k++
	}
}

func hitRect(mx, my, cx, cy, w, h, rot float64) bool {
	dx, dy := mx-cx, my-cy
	if rot != 0 {
		s, c := math.Sincos(-rot)
		dx, dy = dx*c-dy*s, dx*s+dy*c
	}
	return math.Abs(dx) <= w/2 && math.Abs(dy) <= h/2
}

// facingArrow returns the map-unit centre of the arrow for facing f around
// loc, and its angle.
func (b *Board) facingArrow(cx, cy float64, f int) (x, y, ang float64) {
	fx, fy := b.hm.Layout.Corner(f, 1)
	r := HexSize * 1.02
	return cx + fx*r, cy + fy*r, math.Atan2(fy, fx)
}

// PickFacing returns the facing arrow (0-5) under the screen point around
// loc. All six arrow positions are tested; the caller checks the facing is
// among its legal choices (Overlay.Facings).
func (b *Board) PickFacing(cam Camera, loc string, sx, sy float64) (int, bool) {
	if b.hm == nil {
		return 0, false
	}
	cx, cy, ok := b.Center(loc)
	if !ok {
		return 0, false
	}
	mx, my := cam.ToMap(sx, sy)
	rad := math.Max(HexSize*0.3, 9/cam.zoom())
	best, bd := -1, math.Inf(1)
	for f := range 6 {
		x, y, _ := b.facingArrow(cx, cy, f)
		if d := math.Hypot(mx-x, my-y); d <= rad && d < bd {
			best, bd = f, d
		}
	}
	return best, best >= 0
}
