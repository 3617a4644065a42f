package render

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	"grognard/rules/zone"
	"grognard/scenarios"
)

func zoneColor(t string) colorT {
	switch t {
	case zone.TerrainTown:
		return rgb(0xe3, 0xc9, 0xa4)
	case zone.TerrainDefensive:
		return rgb(0xb9, 0xc9, 0x92)
	case zone.TerrainClear:
		return rgb(0xf3, 0xea, 0xd2)
	}
	return terrainBase(t, 0)
}

// zoneR is the radius of a zone's symbol in map units.
func (b *Board) zoneR() float64 {
	if b.zr > 0 {
		return b.zr
	}
	return ZoneRadius
}

// pickable reports whether a zone can be picked on the map: an off-map exit
// is drawn as an arrow and holds nothing [5.3.5].
func (b *Board) pickable(id string) bool {
	return b.zm == nil || !b.zm.m.Offmap[id]
}

// zoneMapInfo is what an operational map (a zone map file with its own
// extent, scenarios.ZoneMap) adds to the board: river courses, exits,
// depots, and the place-name layout per zoom bucket.
type zoneMapInfo struct {
	m      *scenarios.ZoneMap
	labels map[int][]zoneLabel // per tile bucket
	cross  map[int]pt          // connection index -> where it crosses its river's drawn course
}

// zoneLabel is a zone's name placed clear of every symbol and other name at
// one zoom bucket (map units; x, y the centre of the text).
type zoneLabel struct {
	id, text string
	x, y     float64
	w, h     float64
	size     float64 // font size in pixels at the bucket's scale
}

const zoneMapMargin = 70.0

// setupZoneMap prepares a board for an operational map loaded with an extent
// (width/height on its zonemap record): positions are map units, the symbol
// radius and the counters scale with the closest pair of zones. It reports
// false for a plain zone graph (the fixture), drawn the older way.
func (b *Board) setupZoneMap() bool {
	m := scenarios.ZoneMapOf(b.zg)
	if m == nil || m.Width <= 0 || m.Height <= 0 {
		return false
	}
	b.zm = &zoneMapInfo{m: m, labels: map[int][]zoneLabel{}, cross: map[int]pt{}}
	b.w, b.h = m.Width+2*zoneMapMargin, m.Height+2*zoneMapMargin
	for _, z := range b.zg.Zones {
		b.zpos[z.ID] = pt{z.X + zoneMapMargin, z.Y + zoneMapMargin}
	}
	// The symbol takes 40% of the closest distance between two on-map zones.
	dmin := math.Inf(1)
	for i, a := range b.zg.Zones {
		for _, c := range b.zg.Zones[i+1:] {
			if m.Offmap[a.ID] || m.Offmap[c.ID] {
				continue
			}
			dmin = math.Min(dmin, math.Hypot(a.X-c.X, a.Y-c.Y))
		}
	}
	if math.IsInf(dmin, 1) {
		dmin = 2 * ZoneRadius
	}
	b.zr = clamp(dmin*0.38, 14, ZoneRadius)
	b.us = clamp(b.zr*1.5/CounterSide, 0.5, 1.3)
	// Where each river crossing meets its river's course: the bridge symbol.
	for i, c := range b.zg.Conns {
		name := m.RiverOf[i]
		if name == "" {
			continue
		}
		a, e := b.zpos[c.A], b.zpos[c.B]
		for _, r := range m.Rivers {
			if r.ID != name {
				continue
			}
			for k := 0; k+1 < len(r.Course); k++ {
				p0 := pt{r.Course[k][0] + zoneMapMargin, r.Course[k][1] + zoneMapMargin}
				p1 := pt{r.Course[k+1][0] + zoneMapMargin, r.Course[k+1][1] + zoneMapMargin}
				if q, ok := segIntersect(a, e, p0, p1); ok {
					b.zm.cross[i] = q
				}
			}
		}
	}
	return true
}

// segIntersect returns where segments ab and cd cross.
func segIntersect(a, b, c, d pt) (pt, bool) {
	rx, ry := b.X-a.X, b.Y-a.Y
	sx, sy := d.X-c.X, d.Y-c.Y
	den := rx*sy - ry*sx
	if den == 0 {
		return pt{}, false
	}
	t := ((c.X-a.X)*sy - (c.Y-a.Y)*sx) / den
	u := ((c.X-a.X)*ry - (c.Y-a.Y)*rx) / den
	if t < 0 || t > 1 || u < 0 || u > 1 {
		return pt{}, false
	}
	return pt{a.X + t*rx, a.Y + t*ry}, true
}

// paintZones paints a zone map: connections by kind, river crossings,
// bridges, zone discs with names, depots, exits and entries.
func (b *Board) paintZones(p *painter) {
	if b.zm != nil {
		b.paintZoneMap(p)
		return
	}
	p.fillRect(0, 0, b.w, b.h, colPaper)
	// a faint printed frame
	p.strokePoly([]pt{{8, 8}, {b.w - 8, 8}, {b.w - 8, b.h - 8}, {8, b.h - 8}}, true, 2.5, colInk)
	p.strokePoly([]pt{{14, 14}, {b.w - 14, 14}, {b.w - 14, b.h - 14}, {14, b.h - 14}}, true, 0.8, colInk)
	g := b.zg
	// Connections: count per pair to offset parallel ones.
	type pairK struct{ a, b string }
	seen := map[pairK]int{}
	total := map[pairK]int{}
	key := func(c zone.Connection) pairK {
		if c.A < c.B {
			return pairK{c.A, c.B}
		}
		return pairK{c.B, c.A}
	}
	for _, c := range g.Conns {
		total[key(c)]++
	}
	for _, c := range g.Conns {
		k := key(c)
		i := seen[k]
		seen[k]++
		a, e := b.zpos[k.a], b.zpos[k.b]
		dx, dy := e.X-a.X, e.Y-a.Y
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		ux, uy := dx/l, dy/l
		nx, ny := -uy, ux
		off := (float64(i) - float64(total[k]-1)/2) * 12
		a = pt{a.X + nx*off + ux*ZoneRadius*0.9, a.Y + ny*off + uy*ZoneRadius*0.9}
		e = pt{e.X + nx*off - ux*ZoneRadius*0.9, e.Y + ny*off - uy*ZoneRadius*0.9}
		if !p.visible((a.X+e.X)/2, (a.Y+e.Y)/2, l/2+20) {
			continue
		}
		switch c.Kind {
		case zone.Road:
			p.roundLine(a.X, a.Y, e.X, e.Y, 9, colRoad)
			p.roundLine(a.X, a.Y, e.X, e.Y, 3.5, colRoadCore)
		case zone.Route:
			p.roundLine(a.X, a.Y, e.X, e.Y, 4, colRoad)
		case zone.Path:
			p.dash(a.X, a.Y, e.X, e.Y, 3, 12, 8, colRoad)
		case zone.Ford:
			p.dash(a.X, a.Y, e.X, e.Y, 4, 12, 8, colWaterInk)
		default:
			p.line(a.X, a.Y, e.X, e.Y, 2, colInk)
		}
		if c.River {
			mx, my := (a.X+e.X)/2, (a.Y+e.Y)/2
			// the river: a short blue stretch across the connection
			var pts []pt
			for t := -1.0; t <= 1.001; t += 0.25 {
				w := math.Sin(t*3) * 5
				pts = append(pts, pt{mx + nx*t*34 + ux*w, my + ny*t*34 + uy*w})
			}
			p.strokeRound(pts, false, 7, colWaterInk)
			p.strokeRound(pts, false, 2.5, rgb(0x9f, 0xc9, 0xe8))
			switch c.Bridge {
			case zone.Minor:
				plank(p, mx, my, math.Atan2(uy, ux), 30, 9)
			case zone.Major:
				plank(p, mx-nx*6, my-ny*6, math.Atan2(uy, ux), 32, 8)
				plank(p, mx+nx*6, my+ny*6, math.Atan2(uy, ux), 32, 8)
			}
		}
	}
	for _, z := range g.Zones {
		q := b.zpos[z.ID]
		if !p.visible(q.X, q.Y, ZoneRadius*3) {
			continue
		}
		b.paintZone(p, z, q)
	}
}

func (b *Board) paintZone(p *painter, z zone.Zone, q pt) {
	R := ZoneRadius
	if z.Exit != "" {
		// arrow toward the nearest map edge, with the exit's name
		dirs := []struct{ d, dx, dy float64 }{{q.X, -1, 0}, {b.w - q.X, 1, 0}, {q.Y, 0, -1}, {b.h - q.Y, 0, 1}}
		best := dirs[0]
		for _, d := range dirs[1:] {
			if d.d < best.d {
				best = d
			}
		}
		sx, sy := q.X+best.dx*(R+4), q.Y+best.dy*(R+4)
		ex, ey := q.X+best.dx*(best.d-22), q.Y+best.dy*(best.d-22)
		p.roundLine(sx, sy, ex, ey, 6, colRoad)
		nx, ny := -best.dy, best.dx
		head := []pt{{ex + best.dx*16, ey + best.dy*16}, {ex + nx*12, ey + ny*12}, {ex - nx*12, ey - ny*12}}
		p.fillPoly(head, colInk)
		lx, ly := (sx+ex)/2-nx*0, (sy+ey)/2
		if best.dx != 0 {
			ly -= 16
		} else {
			lx += 40
		}
		pp := p.P(lx, ly)
		p.later(func() {
			haloText(p.dst, "to "+z.Exit, Italic(15*p.s), pp.X, pp.Y, colInk, withAlpha(colPaper, 0xe0), p.s)
		})
	}
	col := zoneColor(z.Terrain)
	p.circle(q.X+3, q.Y+4, R, withAlpha(colInk, 0x50))
	p.circle(q.X, q.Y, R, col)
	switch z.Terrain {
	case zone.TerrainDefensive:
		for i := range 5 {
			a := float64(i)*1.3 + 0.4
			tree(p, q.X+math.Cos(a)*R*0.55, q.Y+math.Sin(a)*R*0.55, 7, colTree, colTreeDark)
		}
	case zone.TerrainTown:
		for i := range 6 {
			a := float64(i) * math.Pi / 3
			building(p, q.X+math.Cos(a)*R*0.58, q.Y+math.Sin(a)*R*0.58, 12, 9, colRoof)
		}
	}
	p.ring(q.X, q.Y, R, 2.5, colInk)
	p.ring(q.X, q.Y, R-5, 0.8, withAlpha(colInk, 0x90))
	// name plate under the disc
	f := Italic(17 * p.s)
	w, _ := Measure(z.Name, f)
	pw := w/p.s + 16
	p.roundRect(q.X-pw/2, q.Y+R-6, pw, 26, 6, rgba(0xfb, 0xf6, 0xe6, 0xf0))
	p.strokeRoundRect(q.X-pw/2, q.Y+R-6, pw, 26, 6, 1.2, colInk)
	pp := p.P(q.X, q.Y+R+7)
	p.later(func() { drawTextCentered(p.dst, z.Name, f, pp.X, pp.Y, colInk) })
	if z.Depot {
		c := colLabel
		if z.DepotSide != "" {
			c = sideColorByName(z.DepotSide)
		}
		flag(p, q.X-R*0.78, q.Y-R*0.55, 30, c)
		pp := p.P(q.X-R*0.78+12, q.Y-R*0.55-38)
		p.later(func() { DrawText(p.dst, "depot", Italic(11*p.s), pp.X, pp.Y, colInk) })
	}
	if z.Entry != "" {
		ex, ey := q.X+R*0.8, q.Y-R*0.8
		p.circle(ex, ey, 13, rgb(0xfb, 0xf6, 0xe6))
		p.ring(ex, ey, 13, 2, colLabel)
		pp := p.P(ex, ey)
		p.later(func() { drawTextCentered(p.dst, z.Entry, Bold(15*p.s), pp.X, pp.Y, colLabel) })
	}
}

// sideColorByName picks a conventional colour for an army name.
func sideColorByName(name string) colorT {
	switch strings.ToLower(name) {
	case "french", "france", "bourbon", "franco-spanish":
		return rgb(0x2f, 0x4f, 0x9a)
	case "allied", "allies", "british", "english", "anglo-portuguese":
		return rgb(0xb0, 0x2e, 0x24)
	case "spanish", "spain":
		return rgb(0xd0, 0xa0, 0x20)
	case "portuguese":
		return rgb(0x2e, 0x7a, 0x3a)
	}
	return colLabel
}

// Colours of the operational map.
var (
	colRiver      = rgb(0x4f, 0x86, 0xbd)
	colRiverLight = rgb(0xa9, 0xcd, 0xea)
	colRoadRed    = rgb(0x9b, 0x2d, 0x20) // a royal road, as on period maps
	colRouteBrown = rgb(0x8a, 0x5f, 0x35)
	colPathBrown  = rgb(0x7a, 0x5a, 0x3a)
	colTownFill   = rgb(0xc9, 0x6f, 0x4f)
	colDefFill    = rgb(0x8f, 0xa4, 0x5e)
	colClearFill  = rgb(0xfa, 0xf3, 0xdf)
	colExitInk    = rgb(0x4a, 0x3a, 0x2a)
)

// px is a width of n screen pixels at least, in map units, for painter p.
func px(p *painter, mapUnits, minPixels float64) float64 {
	return math.Max(mapUnits, minPixels/p.s)
}

// paintZoneMap paints an operational map (The Marshals): a paper ground,
// rivers along their courses, connections styled by kind (road a red
// double line, route a brown line, path a dashed line, ford a blue dotted
// line), minor and major bridges where a connection meets its river, zone
// symbols by type (clear a round plain, town a red square, defensive a
// green hill), map exits as arrows with their destination, depots as flags
// in the armies' colours, entries A-E as lettered badges, and the names,
// laid out clear of each other at every zoom.
func (b *Board) paintZoneMap(p *painter) {
	m := b.zm.m
	g := b.zg
	p.fillRect(0, 0, b.w, b.h, colMargin)
	p.fillRect(zoneMapMargin/2, zoneMapMargin/2, b.w-zoneMapMargin, b.h-zoneMapMargin, colPaper)
	p.strokePoly([]pt{{zoneMapMargin / 2, zoneMapMargin / 2}, {b.w - zoneMapMargin/2, zoneMapMargin / 2},
		{b.w - zoneMapMargin/2, b.h - zoneMapMargin/2}, {zoneMapMargin / 2, b.h - zoneMapMargin/2}}, true, px(p, 3, 1.5), colInk)
	R := b.zr
	// Rivers first: everything else lies on them.
	for _, r := range m.Rivers {
		pts := make([]pt, len(r.Course))
		for i, c := range r.Course {
			pts[i] = pt{c[0] + zoneMapMargin, c[1] + zoneMapMargin}
		}
		w := 7.0
		if r.ID == "tagus" {
			w = 11
		}
		p.strokeRound(smooth(pts), false, px(p, w, 2.5), colRiver)
		p.strokeRound(smooth(pts), false, px(p, w*0.45, 1), colRiverLight)
	}
	// Connections, parallel ones side by side.
	type pairK struct{ a, b string }
	seen := map[pairK]int{}
	total := map[pairK]int{}
	key := func(c zone.Connection) pairK {
		if c.A < c.B {
			return pairK{c.A, c.B}
		}
		return pairK{c.B, c.A}
	}
	for _, c := range g.Conns {
		total[key(c)]++
	}
	for i, c := range g.Conns {
		k := key(c)
		n := seen[k]
		seen[k]++
		a, e := b.zpos[k.a], b.zpos[k.b]
		l := math.Hypot(e.X-a.X, e.Y-a.Y)
		if l == 0 || !p.visible((a.X+e.X)/2, (a.Y+e.Y)/2, l/2+R*2) {
			continue
		}
		ux, uy := (e.X-a.X)/l, (e.Y-a.Y)/l
		nx, ny := -uy, ux
		off := (float64(n) - float64(total[k]-1)/2) * px(p, R*0.45, 6)
		a = pt{a.X + nx*off, a.Y + ny*off}
		e = pt{e.X + nx*off, e.Y + ny*off}
		b.paintConn(p, c, a, e)
		if c.River && c.Kind != zone.Ford {
			q, ok := b.zm.cross[i]
			if !ok {
				q = pt{(a.X + e.X) / 2, (a.Y + e.Y) / 2}
			} else {
				q = pt{q.X + nx*off, q.Y + ny*off}
			}
			ang := math.Atan2(uy, ux)
			switch c.Bridge {
			case zone.Minor:
				plank(p, q.X, q.Y, ang, px(p, R*0.9, 10), px(p, R*0.38, 4.5))
			case zone.Major:
				bridgeMajor(p, q, ang, px(p, R*1.1, 13), px(p, R*0.62, 7))
			}
		}
	}
	// Exits, then zones.
	for _, z := range g.Zones {
		q := b.zpos[z.ID]
		if m.Offmap[z.ID] && p.visible(q.X, q.Y, R*6) {
			b.paintExit(p, z, q)
		}
	}
	for _, z := range g.Zones {
		q := b.zpos[z.ID]
		if !m.Offmap[z.ID] && p.visible(q.X, q.Y, R*2) {
			b.paintZoneSymbol(p, z, q)
		}
	}
	// Names, laid out for this zoom.
	for _, lb := range b.zoneLabels(p.s) {
		if !p.visible(lb.x, lb.y, lb.w) {
			continue
		}
		lb := lb
		q := p.P(lb.x, lb.y)
		p.later(func() {
			f := Italic(lb.size)
			if t, ok := g.Zone(lb.id); ok && t.Terrain == zone.TerrainTown {
				f = Bold(lb.size)
			}
			haloText(p.dst, lb.text, f, q.X, q.Y, colInk, withAlpha(colPaper, 0xe8), 1)
		})
	}
}

// paintConn draws one connection by kind.
func (b *Board) paintConn(p *painter, c zone.Connection, a, e pt) {
	switch c.Kind {
	case zone.Road:
		p.roundLine(a.X, a.Y, e.X, e.Y, px(p, 7, 3.2), colRoadRed)
		p.roundLine(a.X, a.Y, e.X, e.Y, px(p, 2.6, 1.2), colRoadCore)
	case zone.Route:
		p.roundLine(a.X, a.Y, e.X, e.Y, px(p, 4, 2), colRouteBrown)
	case zone.Path:
		p.dash(a.X, a.Y, e.X, e.Y, px(p, 3, 1.6), px(p, 9, 5), px(p, 7, 4), colPathBrown)
	case zone.Ford:
		p.dash(a.X, a.Y, e.X, e.Y, px(p, 4, 2.2), px(p, 4, 2.5), px(p, 5, 3), colRiver)
	}
}

// bridgeMajor draws a stone bridge: a grey deck with two dark parapets.
func bridgeMajor(p *painter, q pt, ang, length, width float64) {
	s, c := math.Sincos(ang)
	corner := func(l, w float64) pt { return pt{q.X + c*l - s*w, q.Y + s*l + c*w} }
	deck := []pt{corner(-length/2, -width/2), corner(length/2, -width/2), corner(length/2, width/2), corner(-length/2, width/2)}
	p.fillPoly(deck, rgb(0xc9, 0xc2, 0xb4))
	p.strokePoly(deck, true, px(p, 1.6, 1), colInk)
	for _, w := range []float64{-width / 2, width / 2} {
		a, e := corner(-length/2-width*0.3, w), corner(length/2+width*0.3, w)
		p.line(a.X, a.Y, e.X, e.Y, px(p, 2.4, 1.4), colInk)
	}
}

// paintZoneSymbol draws a zone by type: clear a round plain, town a red
// square with a white core, defensive a green hill with hachures.
func (b *Board) paintZoneSymbol(p *painter, z zone.Zone, q pt) {
	R := math.Max(b.zr, 5/p.s)
	lw := px(p, 2, 1.2)
	switch z.Terrain {
	case zone.TerrainTown:
		s := R * 0.92
		p.fillRect(q.X-s+R*0.12, q.Y-s+R*0.15, 2*s, 2*s, withAlpha(colInk, 0x50))
		p.fillRect(q.X-s, q.Y-s, 2*s, 2*s, colTownFill)
		p.strokePoly([]pt{{q.X - s, q.Y - s}, {q.X + s, q.Y - s}, {q.X + s, q.Y + s}, {q.X - s, q.Y + s}}, true, lw, colInk)
		for _, d := range [][2]float64{{-0.4, -0.4}, {0.4, -0.4}, {-0.4, 0.4}, {0.4, 0.4}} {
			building(p, q.X+d[0]*s, q.Y+d[1]*s, s*0.55, s*0.45, rgb(0xf4, 0xe4, 0xc8))
		}
	case zone.TerrainDefensive:
		hill := []pt{{q.X - R*1.1, q.Y + R*0.75}, {q.X - R*0.35, q.Y - R*0.85}, {q.X, q.Y - R*0.45},
			{q.X + R*0.4, q.Y - R}, {q.X + R*1.1, q.Y + R*0.75}}
		shadow := make([]pt, len(hill))
		for i, h := range hill {
			shadow[i] = pt{h.X + R*0.12, h.Y + R*0.15}
		}
		p.fillPoly(shadow, withAlpha(colInk, 0x50))
		p.fillPoly(hill, colDefFill)
		p.strokePoly(hill, true, lw, colInk)
		for i := 0; i < 4; i++ {
			x := q.X - R*0.55 + float64(i)*R*0.36
			p.line(x, q.Y+R*0.6, x+R*0.16, q.Y-R*0.05, px(p, 1, 0.7), colTreeDark)
		}
	default:
		p.circle(q.X+R*0.12, q.Y+R*0.15, R*0.85, withAlpha(colInk, 0x50))
		p.circle(q.X, q.Y, R*0.85, colClearFill)
		p.ring(q.X, q.Y, R*0.85, lw, colInk)
		p.circle(q.X, q.Y, R*0.22, colInk)
	}
	if z.Depot {
		b.depotFlags(p, z, pt{q.X + R*0.9, q.Y - R*0.9})
	}
}

// depotFlags draws one small flag per army using the depot [CR2].
func (b *Board) depotFlags(p *painter, z zone.Zone, at pt) {
	armies := z.Depots
	if len(armies) == 0 && z.DepotSide != "" {
		armies = strings.Split(z.DepotSide, ",")
	}
	h := px(p, b.zr*1.3, 14)
	for i, a := range armies {
		flag(p, at.X+float64(i)*h*0.55, at.Y, h, sideColorByName(a))
	}
}

// paintExit draws a map exit [5.3.5]: an arrowhead at the off-map point
// pointing away from the zone it leaves from, its destination, the entry
// letter and the depots it leads to.
func (b *Board) paintExit(p *painter, z zone.Zone, q pt) {
	nb := b.zg.Neighbors(z.ID)
	if len(nb) == 0 {
		return
	}
	var dx, dy float64
	for _, e := range nb {
		o := b.zpos[e.To]
		l := math.Hypot(q.X-o.X, q.Y-o.Y)
		if l > 0 {
			dx, dy = dx+(q.X-o.X)/l, dy+(q.Y-o.Y)/l
		}
	}
	l := math.Hypot(dx, dy)
	if l == 0 {
		dx, dy = 1, 0
	} else {
		dx, dy = dx/l, dy/l
	}
	nx, ny := -dy, dx
	s := px(p, b.zr*1.1, 10)
	head := []pt{{q.X + dx*s, q.Y + dy*s}, {q.X - dx*s*0.4 + nx*s*0.75, q.Y - dy*s*0.4 + ny*s*0.75}, {q.X - dx*s*0.4 - nx*s*0.75, q.Y - dy*s*0.4 - ny*s*0.75}}
	p.fillPoly(head, colExitInk)
	p.strokePoly(head, true, px(p, 1.2, 1), colPaper)
	if z.Entry != "" {
		r := px(p, b.zr*0.7, 8)
		c := pt{q.X - nx*s*1.5, q.Y - ny*s*1.5}
		p.circle(c.X, c.Y, r, rgb(0xfb, 0xf6, 0xe6))
		p.ring(c.X, c.Y, r, px(p, 2, 1.3), colLabel)
		pp := p.P(c.X, c.Y)
		letter := z.Entry
		fs := math.Max(r*1.3*p.s, 10)
		p.later(func() { drawTextCentered(p.dst, letter, Bold(fs), pp.X, pp.Y, colLabel) })
	}
	if z.Depot {
		b.depotFlags(p, z, pt{q.X + nx*s*1.3, q.Y + ny*s*1.3 - s*0.3})
	}
}

// smooth rounds a polyline with one Chaikin pass (rivers look drawn, not ruled).
func smooth(pts []pt) []pt {
	if len(pts) < 3 {
		return pts
	}
	out := []pt{pts[0]}
	for i := 0; i+1 < len(pts); i++ {
		a, c := pts[i], pts[i+1]
		out = append(out, pt{a.X*0.75 + c.X*0.25, a.Y*0.75 + c.Y*0.25}, pt{a.X*0.25 + c.X*0.75, a.Y*0.25 + c.Y*0.75})
	}
	return append(out, pts[len(pts)-1])
}

// zoneLabelSize is the font size in pixels of the zone names at scale s:
// they grow with the zoom but never fall below 10 px, so what is written
// can be read; names that would overlap at this size are left out until
// the player zooms in.
func zoneLabelSize(s float64) float64 { return clamp(15*s, 10.5, 19) }

// exitLabel is the text of a map exit's name: "to Badajoz".
func exitLabel(name string) string {
	name = strings.TrimPrefix(name, "toward ")
	if i := strings.Index(name, " ("); i > 0 {
		name = name[:i]
	}
	if i := strings.Index(name, " by "); i > 0 {
		name = name[:i]
	}
	return "to " + name
}

// zoneLabels lays the names out at scale s (cached per tile bucket): towns
// first, then defensive zones, then clear ones, then exits; each name takes
// the first of eight places around its symbol that overlaps no symbol and
// no name already placed, or is left out at this zoom.
func (b *Board) zoneLabels(s float64) []zoneLabel {
	bk := bucketFor(s)
	if l, ok := b.zm.labels[bk]; ok {
		return l
	}
	m := b.zm.m
	size := zoneLabelSize(s)
	R := math.Max(b.zr, 5/s)
	type box struct{ x0, y0, x1, y1 float64 }
	var taken []box
	for _, z := range b.zg.Zones {
		q := b.zpos[z.ID]
		r := R
		if m.Offmap[z.ID] {
			r = math.Max(b.zr*1.1, 10/s)
		}
		taken = append(taken, box{q.X - r, q.Y - r, q.X + r, q.Y + r})
	}
	overlaps := func(a box) bool {
		if a.x0 < zoneMapMargin/2 || a.y0 < zoneMapMargin/2 || a.x1 > b.w-zoneMapMargin/2 || a.y1 > b.h-zoneMapMargin/2 {
			return true
		}
		for _, t := range taken {
			if a.x0 < t.x1 && a.x1 > t.x0 && a.y0 < t.y1 && a.y1 > t.y0 {
				return true
			}
		}
		return false
	}
	rank := func(z zone.Zone) int {
		switch {
		case m.Offmap[z.ID]:
			return 3
		case z.Terrain == zone.TerrainTown:
			return 0
		case z.Terrain == zone.TerrainDefensive:
			return 1
		}
		return 2
	}
	zs := slices.Clone(b.zg.Zones)
	sort.SliceStable(zs, func(i, j int) bool {
		if rank(zs[i]) != rank(zs[j]) {
			return rank(zs[i]) < rank(zs[j])
		}
		return zs[i].ID < zs[j].ID
	})
	var out []zoneLabel
	for _, z := range zs {
		text := z.Name
		if m.Offmap[z.ID] {
			text = exitLabel(z.Name)
		}
		f := Italic(size)
		if z.Terrain == zone.TerrainTown {
			f = Bold(size)
		}
		q := b.zpos[z.ID]
		g := 2 / s
		r := R
		if m.Offmap[z.ID] {
			r = math.Max(b.zr*1.1, 10/s)
		}
		// The full name first; where it fits nowhere, its short form
		// ("Talavera" for Talavera de la Reina) before leaving it out.
		texts := []string{text}
		if short := shortZoneName(text); short != text && !m.Offmap[z.ID] {
			texts = append(texts, short)
		}
	place:
		for _, text := range texts {
			tw, th := Measure(text, f)
			w, h := (tw+6)/s, (th+2)/s
			var cands []pt
			for _, far := range []float64{0, r * 0.6, r * 1.3} {
				rr := r + far + g
				cands = append(cands,
					pt{q.X, q.Y + rr + h/2}, pt{q.X, q.Y - rr - h/2},
					pt{q.X + rr + w/2, q.Y}, pt{q.X - rr - w/2, q.Y},
					pt{q.X + rr*0.75 + w/2, q.Y + rr*0.75 + h/2}, pt{q.X - rr*0.75 - w/2, q.Y + rr*0.75 + h/2},
					pt{q.X + rr*0.75 + w/2, q.Y - rr*0.75 - h/2}, pt{q.X - rr*0.75 - w/2, q.Y - rr*0.75 - h/2})
			}
			for _, c := range cands {
				bx := box{c.X - w/2, c.Y - h/2, c.X + w/2, c.Y + h/2}
				if overlaps(bx) {
					continue
				}
				taken = append(taken, bx)
				out = append(out, zoneLabel{id: z.ID, text: text, x: c.X, y: c.Y, w: w, h: h, size: size})
				break place
			}
		}
	}
	b.zm.labels[bk] = out
	return out
}

// shortZoneName is a place name without its qualifier, for a crowded map:
// "Talavera de la Reina" -> "Talavera", "Azután (south bank)" -> "Azután";
// a name whose head alone says nothing ("Puerto de Baños", "San Martín
// de Valdeiglesias") is kept whole.
func shortZoneName(name string) string {
	if i := strings.Index(name, " ("); i > 0 {
		return name[:i]
	}
	for _, sep := range []string{" de la ", " de los ", " del ", " de "} {
		i := strings.Index(name, sep)
		if i <= 0 {
			continue
		}
		head := name[:i]
		if strings.Contains(head, " ") || len([]rune(head)) < 5 {
			return name
		}
		switch head {
		case "Puerto", "Villa", "Santa", "Arroyo", "Fuente", "Casas", "Torre":
			return name
		}
		return head
	}
	return name
}

// drawZoneMarker draws a zone map's marker. A Retraite marker [5.3.1]
// (Marker.To) is a chip in its side's colour naming the zone of retreat
// ("Retraite → Gamonal"); a marker of the zone itself (the battle [5.4])
// is its ordinary chip. They stand in a short column beside the stacks of
// their zone, above them unless names are in the way (the connections of
// the map are often shorter than the two sides' stacks are wide: on the
// line it would lie under the counters or on the neighbour), a Retraite
// with an arrowhead on the connection where it leaves the stacks when
// there is room; a destroyed bridge [7.7] is a chip on the crossing.
// Nothing covers them and they are read whole, at a readable size however
// far the map is zoomed out (zoneChipMinZoom). It reports false for any
// other marker (drawn the ordinary way).
func (b *Board) drawZoneMarker(t *ebiten.Image, cam Camera, v *rules.View, m rules.Marker, bk int, k float64) bool {
	column := func(o rules.Marker) bool {
		return (o.Kind == "retreat" && o.To != "") || (o.To == "" && o.Kind != "bridge-destroyed")
	}
	if b.zg == nil || !(column(m) || (m.Kind == "bridge-destroyed" && m.To != "")) {
		return false
	}
	ax, ay, ok1 := b.Center(m.At)
	if !ok1 {
		return false
	}
	ux, uy, l := 0.0, 0.0, 0.0
	if m.To != "" {
		ex, ey, ok2 := b.Center(m.To)
		l = math.Hypot(ex-ax, ey-ay)
		if !ok2 || l == 0 {
			return false
		}
		ux, uy = (ex-ax)/l, (ey-ay)/l
	}
	// the chip keeps a readable size however far the map is zoomed out
	// (as the chips beside the stacks): s is then its image's pixels per
	// map unit on screen
	fk, fbk := k, bk // the arrowhead follows the map
	z := cam.zoom()
	if z < zoneChipMinZoom {
		bk = bucketFor(zoneChipMinZoom)
		k = zoneChipMinZoom / bucketScales[bk]
	}
	s := z / k
	if m.Kind == "bridge-destroyed" {
		q := pt{ax + ux*l/2, ay + uy*l/2}
		for i, c := range b.zg.Conns {
			if (c.A == m.At && c.B == m.To) || (c.B == m.At && c.A == m.To) {
				if x, ok := b.zm.cross[i]; ok {
					q = x
				}
			}
		}
		chip := zoneMarkerChip("Bridge destroyed", rgb(0x8a, 0x1c, 0x1c), bk)
		// on the crossing, else just beside it: where it covers the
		// fewest names and zone symbols
		cw, ch := float64(chip.Bounds().Dx())/s, float64(chip.Bounds().Dy())/s
		best, bestScore := q, math.Inf(1)
		for _, c := range []pt{q, {q.X, q.Y - ch*0.7}, {q.X, q.Y + ch*0.7}, {q.X - cw*0.45, q.Y}, {q.X + cw*0.45, q.Y},
			{q.X - cw*0.45, q.Y - ch*0.7}, {q.X + cw*0.45, q.Y - ch*0.7}, {q.X - cw*0.45, q.Y + ch*0.7}, {q.X + cw*0.45, q.Y + ch*0.7}} {
			if score := b.zoneCover(cam, c.X-cw/2, c.Y-ch/2, c.X+cw/2, c.Y+ch/2, ""); score < bestScore-1 {
				best, bestScore = c, score
			}
		}
		q = best
		sx, sy := cam.ToScreen(q.X, q.Y)
		b.drawAt(t, chip, sx, sy, k, 0)
		b.noteChip(chip, sx, sy, k)
		return true
	}
	label := func(o rules.Marker) string {
		if o.To == "" {
			return mapChipLabel(o.Kind, o.Text)
		}
		if z, ok := b.zg.Zone(o.To); ok {
			return "Retraite → " + shortZoneName(z.Name)
		}
		return "Retraite → " + o.To
	}
	var chip *ebiten.Image
	if m.To == "" {
		chip = mapChipImage(m.Kind, m.Text, bk)
	} else {
		side := -1
		for i, name := range v.Sides {
			if strings.HasPrefix(m.Text, name+" ") {
				side = i
			}
		}
		col := colInk
		if side >= 0 {
			col = sideColorFor(v, rules.Side(side))
		}
		chip = zoneMarkerChip(label(m), col, bk)
	}
	ch := float64(chip.Bounds().Dy()) / s // map units
	// the box the zone's stacks take: the two sides side by side, fanned,
	// the count badges on their top corners
	cs := CounterSide * b.us
	hw, hh := cs*1.06+12*b.us, cs*0.5+12*b.us
	nth, all := 0.0, 0.0
	for _, o := range v.Markers {
		if o == m {
			nth = all
		}
		if o.At == m.At && column(o) {
			all++
		}
	}
	// The column goes above the stacks, else below them, else above to
	// one side, else right or left of them: the first place that covers the fewest names and zone symbols
	// (every marker of the zone weighs the same places, so they stay one
	// column).
	cw := 0.0
	for _, o := range v.Markers {
		if o.At == m.At && column(o) {
			w, _ := Measure(label(o), Bold(8.5))
			cw = math.Max(cw, (w+8)*math.Max(1, zoneChipMinZoom/z))
		}
	}
	cw = math.Max(cw, float64(chip.Bounds().Dx())/s)
	hgt := ch * all
	tops := []pt{
		{ax, ay - hh - 7*b.us - hgt},
		{ax, ay + hh + 3*b.us},
		{ax + cw/2 - hw*0.5, ay - hh - 7*b.us - hgt},
		{ax - cw/2 + hw*0.5, ay - hh - 7*b.us - hgt},
		{ax + hw + 30*b.us + cw/2, ay - hgt/2}, // past the chips beside the stacks
		{ax - hw - 30*b.us - cw/2, ay - hgt/2},
	}
	best, bestScore := tops[0], math.Inf(1)
	for _, c := range tops {
		if score := b.zoneCover(cam, c.X-cw/2, c.Y, c.X+cw/2, c.Y+hgt, m.At); score < bestScore-1 {
			best, bestScore = c, score
		}
	}
	sx, sy := cam.ToScreen(best.X, best.Y+ch*(nth+0.5))
	// the arrowhead on the connection, out of the stacks' box, when it
	// falls short of the neighbour's symbol
	d := math.Min(hw/math.Max(math.Abs(ux), 1e-9), hh/math.Max(math.Abs(uy), 1e-9)) + frontDepth*1.2*b.us
	if m.To != "" && d < l-b.zoneR()*1.2 {
		hx, hy := cam.ToScreen(ax+ux*d, ay+uy*d)
		b.drawAt(t, frontImage(fbk), hx, hy, fk*b.us, math.Atan2(uy, ux))
	}
	b.drawAt(t, chip, sx, sy, k, 0)
	b.noteChip(chip, sx, sy, k)
	return true
}

// zoneCover is how much of the zone names and zone symbols (but the
// symbol of zone except) the box x0,y0-x1,y1 (map units) covers.
func (b *Board) zoneCover(cam Camera, x0, y0, x1, y1 float64, except string) float64 {
	overlap := func(a0, b0, a1, b1 float64) float64 {
		return math.Max(0, math.Min(x1, a1)-math.Max(x0, a0)) * math.Max(0, math.Min(y1, b1)-math.Max(y0, b0))
	}
	score := 0.0
	for _, lb := range b.zoneLabels(cam.zoom()) {
		score += overlap(lb.x-lb.w/2, lb.y-lb.h/2, lb.x+lb.w/2, lb.y+lb.h/2)
	}
	r := b.zoneR()
	for _, z := range b.zg.Zones {
		if q := b.zpos[z.ID]; z.ID != except {
			score += overlap(q.X-r, q.Y-r, q.X+r, q.Y+r)
		}
	}
	return score
}

// zoneMarkerChip is the chip of a marker on a connection: label on col.
func zoneMarkerChip(label string, col colorT, bucket int) *ebiten.Image {
	chipMu.Lock()
	defer chipMu.Unlock()
	key := chipKey{fmt.Sprintf("zone:%s:%v", label, col), bucket}
	if img, ok := images.get(key); ok {
		return img
	}
	img := renderChip(label, col, bucket)
	images.put(key, img)
	return img
}
