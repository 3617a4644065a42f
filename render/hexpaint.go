package render

import (
	"math"
	"slices"

	"grognard/rules/hex"
)

// hash01 is a deterministic pseudo-random value in [0,1) for a hex and a
// salt, so decorations look hand-placed but never move.
func hash01(c hex.Coord, salt int) float64 {
	h := uint32(c.Q*73856093) ^ uint32(c.R*19349663) ^ uint32(salt*83492791)
	h ^= h >> 13
	h *= 0x5bd1e995
	h ^= h >> 15
	return float64(h&0xffffff) / float64(0x1000000)
}

func (b *Board) hexCorners(cx, cy, r float64) []pt {
	out := make([]pt, 6)
	for i := range 6 {
		x, y := b.hm.Layout.Corner(i, r)
		out[i] = pt{cx + x, cy + y}
	}
	return out
}

// edgeEnds returns the end points of the edge of hex c toward direction d:
// it runs between corners d-1 and d.
func (b *Board) edgeEnds(c hex.Coord, d int) (pt, pt) {
	cx, cy := b.hexCenter(c)
	x0, y0 := b.hm.Layout.Corner(d-1, HexSize)
	x1, y1 := b.hm.Layout.Corner(d, HexSize)
	return pt{cx + x0, cy + y0}, pt{cx + x1, cy + y1}
}

func hasAny(list []string, names ...string) bool {
	for _, n := range names {
		if slices.Contains(list, n) {
			return true
		}
	}
	return false
}

// paintHex paints every hex touching the tile, layer by layer.
func (b *Board) paintHex(p *painter, numbers bool) {
	m := b.hm
	p.fillRect(0, 0, b.w, b.h, colMargin)
	var cs []hex.Coord
	for _, c := range m.Coords() {
		x, y := b.hexCenter(c)
		if p.visible(x, y, HexSize*2.2) {
			cs = append(cs, c)
		}
	}
	// 1. ground
	for _, c := range cs {
		cell := m.Cell(c)
		x, y := b.hexCenter(c)
		p.fillPoly(b.hexCorners(x, y, HexSize+0.35), terrainBase(cell.Terrain, cell.Level))
	}
	// 2. terrain decoration, over a faint paper grain
	for _, c := range cs {
		x, y := b.hexCenter(c)
		for i, q := range scatter(c, x, y, 4, HexSize*0.75, 31) {
			p.circle(q.X, q.Y, 0.5+0.4*hash01(c, 40+i), rgba(0x8a, 0x70, 0x48, 0x30))
		}
	}
	for _, c := range cs {
		if cell := m.Cell(c); cell.Terrain == "clear" || cell.Terrain == "" {
			b.paintCultivation(p, c)
		}
	}
	for _, c := range cs {
		b.paintTerrainGlyphs(p, c, m.Cell(c))
	}
	// 3. hill contours: where the level drops across an edge
	for _, c := range cs {
		cell := m.Cell(c)
		if cell.Level <= 0 {
			continue
		}
		for d := range 6 {
			n := m.Cell(c.Neighbor(d))
			if n != nil && n.Level >= cell.Level {
				continue
			}
			a, e := b.edgeEnds(c, d)
			cx, cy := b.hexCenter(c)
			// pull the contour a little inside the higher hex
			in := func(q pt) pt { return pt{q.X + (cx-q.X)*0.06, q.Y + (cy-q.Y)*0.06} }
			a, e = in(a), in(e)
			// a soft shaded rim inside the higher ground, then the contour
			for k, al := range []uint8{0x26, 0x1a, 0x10} {
				f := 0.1 + 0.1*float64(k)
				a2 := pt{a.X + (cx-a.X)*f, a.Y + (cy-a.Y)*f}
				e2 := pt{e.X + (cx-e.X)*f, e.Y + (cy-e.Y)*f}
				p.line(a2.X, a2.Y, e2.X, e2.Y, HexSize*0.1, rgba(0x8a, 0x62, 0x34, al))
			}
			p.roundLine(a.X, a.Y, e.X, e.Y, 1.8, rgb(0x8a, 0x60, 0x34))
			// hachures down the slope from the contour, as engraved maps
			// shade a rise
			for k := 1; k < 9; k++ {
				t := float64(k) / 9
				q := pt{a.X + (e.X-a.X)*t, a.Y + (e.Y-a.Y)*t}
				l := 0.13 + 0.05*float64(k%2)
				p.line(q.X, q.Y, q.X+(cx-q.X)*l, q.Y+(cy-q.Y)*l, 0.8, rgb(0xa8, 0x84, 0x58))
			}
			if n != nil && cell.Level-n.Level > 1 {
				a2, e2 := pt{a.X + (cx-a.X)*0.1, a.Y + (cy-a.Y)*0.1}, pt{e.X + (cx-e.X)*0.1, e.Y + (cy-e.Y)*0.1}
				p.roundLine(a2.X, a2.Y, e2.X, e2.Y, 1.1, rgb(0x9a, 0x72, 0x44))
			}
		}
	}
	// 4. grid
	for _, c := range cs {
		for d := range 6 {
			n := c.Neighbor(d)
			if d >= 3 && m.On(n) {
				continue // drawn from the other side
			}
			a, e := b.edgeEnds(c, d)
			if !m.On(n) {
				p.roundLine(a.X, a.Y, e.X, e.Y, 1.8, colInk)
				continue
			}
			p.line(a.X, a.Y, e.X, e.Y, 0.9, colGrid)
		}
	}
	// 5. sections: dotted where section membership changes
	for _, c := range cs {
		for d := range 3 {
			n := c.Neighbor(d)
			nc := m.Cell(n)
			if nc == nil {
				continue
			}
			if slices.Equal(m.Cell(c).Section, nc.Section) && !slices.Contains(m.Sides[hex.EdgeOf(c, d)], "section") {
				continue
			}
			a, e := b.edgeEnds(c, d)
			dotted(p, a, e, rgb(0x6a, 0x2a, 0x6a))
		}
	}
	// 6. hexside features
	for _, c := range cs {
		for d := range 3 {
			feats := m.Sides[hex.EdgeOf(c, d)]
			if len(feats) > 0 {
				b.paintSide(p, c, d, feats)
			}
		}
	}
	// 7. roads (centre to centre) over everything but bridges
	b.paintRoads(p, cs)
	for _, c := range cs {
		for d := range 3 {
			feats := m.Sides[hex.EdgeOf(c, d)]
			if slices.Contains(feats, hex.Bridge) {
				b.paintBridge(p, c, d)
			}
		}
	}
	// 8. in-hex features that sit on top
	for _, c := range cs {
		b.paintFeatures(p, c, m.Cell(c))
	}
	// 9. text
	if p.overview {
		return
	}
	for _, c := range cs {
		cell := m.Cell(c)
		x, y := b.hexCenter(c)
		top := y - HexSize*0.866
		if !m.Layout.Flat {
			top = y - HexSize*0.8
		}
		if numbers {
			q, num := p.P(x, top+1.5), m.Num(c)
			p.later(func() {
				drawTextCentered(p.dst, num, Mono(8.5*p.s), q.X, q.Y+4.5*p.s, rgba(0x3b, 0x2f, 0x24, 0xc0))
			})
		}
		if cell.Label != "" {
			q := p.P(x, top+HexSize*0.5)
			if numbers {
				q = p.P(x, top+HexSize*0.62)
			}
			label := cell.Label
			p.later(func() {
				haloText(p.dst, label, Bold(11*p.s), q.X, q.Y, colLabel, withAlpha(colPaper, 0xb0), p.s)
			})
		}
	}
	for _, n := range b.placeNames() {
		if !p.visible(n.X, n.Y, HexSize*3) {
			continue
		}
		q, name := p.P(n.X, n.Y), n.name
		p.later(func() {
			haloText(p.dst, name, Italic(12.5*p.s), q.X, q.Y, colInk, withAlpha(colPaper, 0xd0), p.s)
		})
	}
}

// placeName is where a place's name is written on the map.
type placeName struct {
	name string
	pt
}

// placeNames returns the map's place names, one per place: neighbouring
// hexes of one name (a town over two hexes) are named once, across their
// shared middle, a lone hex low in the hex. Computed once per board.
func (b *Board) placeNames() []placeName {
	if b.names != nil || b.hm == nil {
		return b.names
	}
	m := b.hm
	b.names = []placeName{}
	roads := b.roadSegments()
	done := map[hex.Coord]bool{}
	for _, c := range m.Coords() {
		cell := m.Cell(c)
		if cell.Name == "" || done[c] {
			continue
		}
		// the connected hexes of this name
		group := []hex.Coord{c}
		done[c] = true
		for i := 0; i < len(group); i++ {
			for d := range 6 {
				n := group[i].Neighbor(d)
				if nc := m.Cell(n); nc != nil && !done[n] && nc.Name == cell.Name {
					done[n] = true
					group = append(group, n)
				}
			}
		}
		var sx, sy float64
		for _, g := range group {
			x, y := b.hexCenter(g)
			sx, sy = sx+x, sy+y
		}
		k := float64(len(group))
		at := pt{sx / k, sy / k}
		if len(group) == 1 {
			at.Y += HexSize * 0.55
		}
		b.names = append(b.names, placeName{cell.Name, b.clearOfRoads(cell.Name, at, roads)})
	}
	return b.names
}

// roadSegments are the map's roads as segments from hex centres to the
// middle of their road hexsides (as paintRoads draws them, less the curve).
func (b *Board) roadSegments() [][2]pt {
	m := b.hm
	anySideRoad := false
	for _, f := range m.Sides {
		if slices.Contains(f, hex.Road) {
			anySideRoad = true
			break
		}
	}
	var out [][2]pt
	for _, c := range m.Coords() {
		x, y := b.hexCenter(c)
		for d := range 6 {
			n := c.Neighbor(d)
			if !m.On(n) {
				continue
			}
			if m.SideHas(c, n, hex.Road) || m.SideHas(c, n, "trail") || !anySideRoad && m.HasFeature(c, "road") && m.HasFeature(n, "road") {
				nx, ny := b.hexCenter(n)
				out = append(out, [2]pt{{x, y}, {(x + nx) / 2, (y + ny) / 2}})
			}
		}
	}
	return out
}

// clearOfRoads moves a name's place off the roads: the first of a few
// spots around at (at itself first, then below, above, beside) where no
// road crosses the written name.
func (b *Board) clearOfRoads(name string, at pt, roads [][2]pt) pt {
	w, h := Measure(name, Italic(12.5))
	w, h = w/2+3, h/2+2
	hits := func(q pt) bool {
		for _, s := range roads {
			l := math.Hypot(s[1].X-s[0].X, s[1].Y-s[0].Y)
			n := max(1, int(l/2))
			for i := 0; i <= n; i++ {
				t := float64(i) / float64(n)
				x, y := s[0].X+(s[1].X-s[0].X)*t, s[0].Y+(s[1].Y-s[0].Y)*t
				if math.Abs(x-q.X) < w+HexSize*0.09 && math.Abs(y-q.Y) < h+HexSize*0.09 {
					return true
				}
			}
		}
		return false
	}
	H := HexSize
	for _, d := range []pt{{0, 0}, {0, H * 0.3}, {0, -H * 0.3}, {0, H * 0.55}, {0, -H * 0.55}, {H * 0.5, H * 0.3}, {-H * 0.5, H * 0.3},
		{H * 0.5, -H * 0.3}, {-H * 0.5, -H * 0.3}, {0, H * 0.8}, {0, -H * 0.8}} {
		q := pt{at.X + d.X, at.Y + d.Y}
		if !hits(q) {
			return q
		}
	}
	return at
}

// haloText draws s centred on (x, y) with a soft halo so it reads on any
// ground.
func haloText(dst imageT, s string, f faceT, x, y float64, c, halo colorT, scale float64) {
	w, h := Measure(s, f)
	x, y = x-w/2, y-h/2
	o := math.Max(1, 1.2*scale)
	for _, d := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-0.7, -0.7}, {0.7, 0.7}, {-0.7, 0.7}, {0.7, -0.7}} {
		DrawText(dst, s, f, x+d[0]*o, y+d[1]*o, halo)
	}
	DrawText(dst, s, f, x, y, c)
}

func dotted(p *painter, a, e pt, c colorT) {
	l := math.Hypot(e.X-a.X, e.Y-a.Y)
	n := int(l / 5)
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(max(n, 1))
		p.circle(a.X+(e.X-a.X)*t, a.Y+(e.Y-a.Y)*t, 1.1, c)
	}
}

// inHex returns a point at polar offset inside the hex.
func polar(cx, cy, r, a float64) pt { return pt{cx + r*math.Cos(a), cy + r*math.Sin(a)} }

// scatter returns n deterministic points within radius rmax of the centre.
func scatter(c hex.Coord, cx, cy float64, n int, rmax float64, salt int) []pt {
	out := make([]pt, 0, n)
	// sunflower spiral with jitter: even coverage, organic look
	for i := range n {
		t := (float64(i) + 0.5) / float64(n)
		r := rmax * math.Sqrt(t)
		a := float64(i)*2.39996 + hash01(c, salt)*6.283
		r += (hash01(c, salt+i*7+1) - 0.5) * rmax * 0.12
		a += (hash01(c, salt+i*7+2) - 0.5) * 0.4
		out = append(out, polar(cx, cy, r, a))
	}
	return out
}

func tree(p *painter, x, y, r float64, fill, dark colorT) {
	p.circle(x+r*0.25, y+r*0.3, r, withAlpha(dark, 0x70)) // shadow
	p.circle(x, y, r, fill)
	p.ring(x, y, r, 0.7, dark)
	p.circle(x-r*0.3, y-r*0.3, r*0.35, withAlpha(shade(fill, 0.35), 0xc0))
}

func conifer(p *painter, x, y, r float64, fill, dark colorT) {
	pts := []pt{{x, y - r*1.2}, {x + r*0.8, y + r*0.7}, {x - r*0.8, y + r*0.7}}
	p.fillPoly(pts, fill)
	p.strokePoly(pts, true, 0.7, dark)
}

func building(p *painter, x, y, w, h float64, roof colorT) {
	p.fillRect(x-w/2+0.8, y-h/2+0.8, w, h, withAlpha(colInk, 0x60))
	p.fillRect(x-w/2, y-h/2, w, h, roof)
	p.strokePoly([]pt{{x - w/2, y - h/2}, {x + w/2, y - h/2}, {x + w/2, y + h/2}, {x - w/2, y + h/2}}, true, 0.6, shade(roof, -0.45))
	p.line(x-w/2, y, x+w/2, y, 0.5, shade(roof, -0.25))
}

func (b *Board) paintTerrainGlyphs(p *painter, c hex.Coord, cell *hex.Cell) {
	x, y := b.hexCenter(c)
	H := HexSize
	switch cell.Terrain {
	case "woods":
		for _, q := range scatter(c, x, y, 7, H*0.56, 1) {
			tree(p, q.X, q.Y, H*0.15, colTree, colTreeDark)
		}
	case "forest":
		for i, q := range scatter(c, x, y, 12, H*0.6, 2) {
			if i%3 == 0 {
				conifer(p, q.X, q.Y, H*0.13, colTreeDark, rgb(0x2a, 0x40, 0x22))
			} else {
				tree(p, q.X, q.Y, H*0.13, rgb(0x4c, 0x6e, 0x3a), rgb(0x2a, 0x40, 0x22))
			}
		}
	case "olive":
		for row := -3; row <= 3; row++ {
			yy := y + float64(row)*H*0.2
			off := 0.0
			if row%2 != 0 {
				off = H * 0.09
			}
			for col := -4; col <= 4; col++ {
				xx := x + float64(col)*H*0.18 + off
				if math.Hypot(xx-x, yy-y) < H*0.68 {
					p.circle(xx, yy, H*0.045, rgb(0x7b, 0x86, 0x4c))
				}
			}
		}
	case "orchard":
		for row := -2; row <= 2; row++ {
			for col := -2; col <= 2; col++ {
				xx, yy := x+float64(col)*H*0.28, y+float64(row)*H*0.28
				if math.Hypot(xx-x, yy-y) < H*0.66 {
					tree(p, xx, yy, H*0.08, rgb(0x7d, 0x9c, 0x52), colTreeDark)
				}
			}
		}
	case "fields":
		a := hash01(c, 3) * math.Pi
		dx, dy := math.Cos(a), math.Sin(a)
		for k := -4; k <= 4; k++ {
			o := float64(k) * H * 0.16
			ox, oy := x-dy*o, y+dx*o
			if s, e, ok := clipToRadius(ox, oy, dx, dy, x, y, H*0.7); ok {
				p.line(s.X, s.Y, e.X, e.Y, 0.7, rgb(0xc4, 0xa8, 0x64))
			}
		}
	case "village":
		for i, q := range scatter(c, x, y, 4, H*0.42, 4) {
			building(p, q.X, q.Y, H*(0.2+0.06*float64(i%2)), H*0.15, colRoof)
		}
	case "town", "buildings", "walls":
		n := 8
		if cell.Terrain == "buildings" {
			n = 6
		}
		for i, q := range scatter(c, x, y, n, H*0.5, 5) {
			roof := colRoof
			if i%3 == 1 {
				roof = rgb(0x8a, 0x80, 0x76)
			}
			building(p, q.X, q.Y, H*(0.18+0.05*float64(i%3)), H*(0.14+0.03*float64(i%2)), roof)
		}
		if cell.Terrain == "walls" {
			b.crenellated(p, x, y, H*0.78)
		}
	case "castle":
		castle(p, x, y, H*0.5)
	case "redoubt":
		starFort(p, x, y, H*0.6)
	case "ravine":
		b.ravine(p, c, x, y)
	case "marsh":
		for _, q := range scatter(c, x, y, 8, H*0.55, 6) {
			p.line(q.X-H*0.12, q.Y, q.X+H*0.12, q.Y, 0.9, rgb(0x4f, 0x86, 0xa8))
			p.line(q.X-H*0.07, q.Y-H*0.02, q.X-H*0.04, q.Y-H*0.14, 0.8, rgb(0x4a, 0x74, 0x3e))
			p.line(q.X, q.Y-H*0.02, q.X, q.Y-H*0.16, 0.8, rgb(0x4a, 0x74, 0x3e))
			p.line(q.X+H*0.07, q.Y-H*0.02, q.X+H*0.04, q.Y-H*0.14, 0.8, rgb(0x4a, 0x74, 0x3e))
		}
	case "quarry":
		var pts []pt
		for i := range 10 {
			a := float64(i) / 10 * 2 * math.Pi
			r := H * (0.42 + 0.1*hash01(c, 20+i))
			pts = append(pts, polar(x, y, r, a))
		}
		p.fillPoly(pts, rgb(0xd8, 0xbc, 0x84))
		p.strokePoly(pts, true, 1.2, colEarth)
		for i := range 20 {
			a := float64(i) / 20 * 2 * math.Pi
			q := polar(x, y, H*0.42, a)
			e := polar(x, y, H*0.32, a)
			p.line(q.X, q.Y, e.X, e.Y, 0.7, colEarth)
		}
	case "rugged":
		for _, q := range scatter(c, x, y, 6, H*0.5, 7) {
			s := H * 0.13
			pts := []pt{{q.X - s, q.Y + s*0.6}, {q.X - s*0.2, q.Y - s*0.8}, {q.X + s*0.3, q.Y - s*0.2}, {q.X + s, q.Y + s*0.6}}
			p.fillPoly(pts, rgb(0xbd, 0xa5, 0x80))
			p.strokePoly(pts, true, 0.7, rgb(0x6e, 0x58, 0x3e))
		}
	case "river", "water", "bridge":
		for k := -2; k <= 2; k++ {
			yy := y + float64(k)*H*0.25
			var pts []pt
			for i := 0; i <= 8; i++ {
				xx := x - H*0.45 + float64(i)*H*0.1125
				pts = append(pts, pt{xx, yy + math.Sin(float64(i)*1.6+float64(k))*H*0.035})
			}
			p.strokeRound(pts, false, 0.8, rgb(0xd2, 0xe6, 0xf2))
		}
		if cell.Terrain == "bridge" {
			a := b.hm.Layout.DirAngle(1) // along a hex axis
			if !b.hm.Layout.Flat {
				a = 0
			}
			plank(p, x, y, a, H*1.5, H*0.32)
		}
	}
	if cell.Level > 0 && cell.Terrain != "hill" && cell.Terrain != "rugged" {
		// raised ground under other terrain: a faint stipple
		for _, q := range scatter(c, x, y, 5, H*0.6, 9) {
			p.circle(q.X, q.Y, 0.7, rgb(0x9a, 0x72, 0x44))
		}
	}
}

// paintCultivation lays the open plain out the way printed maps show it:
// patches of ploughed or sown fields in soft tints with their furrows,
// and here and there a lone bush, placed per hex but not following the
// grid, so the plain reads as farmland and not as empty paper.
func (b *Board) paintCultivation(p *painter, c hex.Coord) {
	x, y := b.hexCenter(c)
	H := HexSize
	if v := hash01(c, 51); v < 0.55 {
		tints := []colorT{rgb(0xe6, 0xd3, 0x98), rgb(0xd9, 0xdb, 0xa6), rgb(0xe9, 0xcf, 0xa8), rgb(0xdc, 0xd2, 0x9c)}
		tint := tints[int(hash01(c, 52)*float64(len(tints)))%len(tints)]
		a := hash01(c, 53) * math.Pi
		dx, dy := math.Cos(a), math.Sin(a)
		nx, ny := -dy, dx
		ox, oy := x+(hash01(c, 54)-0.5)*H*0.5, y+(hash01(c, 55)-0.5)*H*0.5
		l, w := H*(0.55+0.3*hash01(c, 56)), H*(0.35+0.2*hash01(c, 57))
		quad := []pt{{ox - dx*l - nx*w, oy - dy*l - ny*w}, {ox + dx*l - nx*w, oy + dy*l - ny*w},
			{ox + dx*l + nx*w, oy + dy*l + ny*w}, {ox - dx*l + nx*w, oy - dy*l + ny*w}}
		// opaque tints: translucent fills come out darker than their colour
		tint = mixColor(colPaper, tint, 0.7)
		p.fillPoly(quad, tint)
		for k := -3; k <= 3; k++ {
			o := float64(k) / 3.5 * w
			p.line(ox-dx*l*0.92+nx*o, oy-dy*l*0.92+ny*o, ox+dx*l*0.92+nx*o, oy+dy*l*0.92+ny*o, 0.6, shade(tint, -0.1))
		}
		p.strokePoly(quad, true, 0.5, shade(tint, -0.16))
	}
	if hash01(c, 58) < 0.3 {
		q := polar(x, y, H*0.5, hash01(c, 59)*2*math.Pi)
		p.circle(q.X, q.Y, H*0.06, mixColor(colPaper, colTree, 0.8))
		p.circle(q.X+H*0.07, q.Y+H*0.03, H*0.05, mixColor(colPaper, colTreeDark, 0.7))
	}
}

// clipToRadius clips the infinite line through (ox,oy) along (dx,dy) to the
// disc of radius r at (cx,cy).
func clipToRadius(ox, oy, dx, dy, cx, cy, r float64) (pt, pt, bool) {
	fx, fy := ox-cx, oy-cy
	bq := fx*dx + fy*dy
	cq := fx*fx + fy*fy - r*r
	disc := bq*bq - cq
	if disc <= 0 {
		return pt{}, pt{}, false
	}
	s := math.Sqrt(disc)
	t0, t1 := -bq-s, -bq+s
	return pt{ox + dx*t0, oy + dy*t0}, pt{ox + dx*t1, oy + dy*t1}, true
}

func (b *Board) crenellated(p *painter, x, y, r float64) {
	cs := b.hexCorners(x, y, r)
	p.strokePoly(cs, true, 3, colStone)
	for i := range 6 {
		a, e := cs[i], cs[(i+1)%6]
		for k := 1; k < 5; k++ {
			t := float64(k) / 5
			mx, my := a.X+(e.X-a.X)*t, a.Y+(e.Y-a.Y)*t
			ox, oy := (mx-x)*0.1, (my-y)*0.1
			p.line(mx, my, mx+ox, my+oy, 3.2, colStone)
		}
	}
	p.strokePoly(cs, true, 0.8, rgb(0xb8, 0xb0, 0xa4))
}

func castle(p *painter, x, y, s float64) {
	h := s / 2
	body := []pt{{x - h, y - h}, {x + h, y - h}, {x + h, y + h}, {x - h, y + h}}
	p.fillPoly(body, rgb(0xa8, 0xa0, 0x94))
	p.strokePoly(body, true, 1.2, rgb(0x4a, 0x44, 0x3e))
	t := s * 0.3
	for _, c := range body {
		sq := []pt{{c.X - t/2, c.Y - t/2}, {c.X + t/2, c.Y - t/2}, {c.X + t/2, c.Y + t/2}, {c.X - t/2, c.Y + t/2}}
		p.fillPoly(sq, rgb(0x8e, 0x86, 0x7a))
		p.strokePoly(sq, true, 1, rgb(0x4a, 0x44, 0x3e))
	}
	p.fillRect(x-s*0.12, y-s*0.12, s*0.24, s*0.24, rgb(0x5a, 0x52, 0x48))
}

func starFort(p *painter, x, y, r float64) {
	var pts []pt
	for i := range 10 {
		rr := r
		if i%2 == 1 {
			rr = r * 0.55
		}
		pts = append(pts, polar(x, y, rr, -math.Pi/2+float64(i)*math.Pi/5))
	}
	p.fillPoly(pts, rgb(0xcf, 0xb8, 0x8a))
	p.strokePoly(pts, true, 1.8, colEarth)
	var in []pt
	for _, q := range pts {
		in = append(in, pt{x + (q.X-x)*0.78, y + (q.Y-y)*0.78})
	}
	p.strokePoly(in, true, 0.7, colEarth)
}

func (b *Board) ravine(p *painter, c hex.Coord, x, y float64) {
	a := hash01(c, 11) * math.Pi
	dx, dy := math.Cos(a), math.Sin(a)
	var pts []pt
	n := 9
	for i := 0; i <= n; i++ {
		t := (float64(i)/float64(n) - 0.5) * HexSize * 1.5
		j := (float64(i%2)*2 - 1) * HexSize * 0.08
		pts = append(pts, pt{x + dx*t - dy*j, y + dy*t + dx*j})
	}
	p.strokeRound(pts, false, 2.6, rgb(0x6e, 0x4a, 0x28))
	p.strokeRound(pts, false, 0.8, rgb(0xc9, 0xa8, 0x78))
}

// plank draws a bridge deck centred on (x,y) along angle a.
func plank(p *painter, x, y, a, l, w float64) {
	dx, dy := math.Cos(a), math.Sin(a)
	nx, ny := -dy, dx
	pts := []pt{
		{x - dx*l/2 + nx*w/2, y - dy*l/2 + ny*w/2}, {x + dx*l/2 + nx*w/2, y + dy*l/2 + ny*w/2},
		{x + dx*l/2 - nx*w/2, y + dy*l/2 - ny*w/2}, {x - dx*l/2 - nx*w/2, y - dy*l/2 - ny*w/2},
	}
	p.fillPoly(pts, rgb(0xa8, 0x78, 0x48))
	p.strokePoly(pts, true, 1.1, rgb(0x4e, 0x32, 0x18))
	for k := 1; k < 6; k++ {
		t := float64(k)/6 - 0.5
		p.line(x+dx*l*t+nx*w/2, y+dy*l*t+ny*w/2, x+dx*l*t-nx*w/2, y+dy*l*t-ny*w/2, 0.5, rgb(0x6e, 0x4a, 0x28))
	}
}

func (b *Board) paintSide(p *painter, c hex.Coord, d int, feats []string) {
	a, e := b.edgeEnds(c, d)
	mx, my := (a.X+e.X)/2, (a.Y+e.Y)/2
	n := c.Neighbor(d)
	for _, f := range feats {
		switch f {
		case hex.River:
			p.roundLine(a.X, a.Y, e.X, e.Y, HexSize*0.34, colBank)
			p.roundLine(a.X, a.Y, e.X, e.Y, HexSize*0.2, colWaterInk)
			p.roundLine(a.X, a.Y, e.X, e.Y, HexSize*0.1, rgb(0x7f, 0xae, 0xd6))
		case hex.Stream:
			p.roundLine(a.X, a.Y, e.X, e.Y, HexSize*0.2, colBank)
			p.roundLine(a.X, a.Y, e.X, e.Y, HexSize*0.1, colWaterInk)
			p.roundLine(a.X, a.Y, e.X, e.Y, HexSize*0.05, colStream)
		case hex.Ford:
			cx, cy := b.hexCenter(c)
			nx, ny := b.hexCenter(n)
			ux, uy := (nx-cx)/math.Hypot(nx-cx, ny-cy), (ny-cy)/math.Hypot(nx-cx, ny-cy)
			l := HexSize * 0.32
			px, py := -uy, ux
			for _, o := range []float64{-HexSize * 0.12, 0, HexSize * 0.12} {
				p.dash(mx-ux*l+px*o, my-uy*l+py*o, mx+ux*l+px*o, my+uy*l+py*o, 1.6, 3, 2.5, rgb(0xf4, 0xfa, 0xff))
			}
		case hex.FieldWorks:
			zigzag(p, a, e, 2, colEarth, 1.8)
		case hex.Slope:
			b.hachures(p, c, d, a, e)
		case hex.Wall:
			p.roundLine(a.X, a.Y, e.X, e.Y, HexSize*0.13, colStone)
			p.line(a.X, a.Y, e.X, e.Y, HexSize*0.04, rgb(0xc0, 0xb8, 0xac))
		case "ravine":
			zigzag(p, a, e, 3.2, rgb(0x6e, 0x4a, 0x28), 2.2)
		}
	}
}

func zigzag(p *painter, a, e pt, amp float64, c colorT, w float64) {
	l := math.Hypot(e.X-a.X, e.Y-a.Y)
	ux, uy := (e.X-a.X)/l, (e.Y-a.Y)/l
	nx, ny := -uy, ux
	n := 8
	var pts []pt
	for i := 0; i <= n; i++ {
		t := l * float64(i) / float64(n)
		o := 0.0
		if i%2 == 1 {
			o = amp
		} else if i != 0 && i != n {
			o = -amp
		}
		pts = append(pts, pt{a.X + ux*t + nx*o, a.Y + uy*t + ny*o})
	}
	p.strokeRound(pts, false, w, c)
}

// hachures draws slope ticks from the edge into the lower of the two hexes.
func (b *Board) hachures(p *painter, c hex.Coord, d int, a, e pt) {
	n := c.Neighbor(d)
	lo := n
	if nc, cc := b.hm.Cell(n), b.hm.Cell(c); nc != nil && cc != nil && cc.Level < nc.Level {
		lo = c
	}
	lx, ly := b.hexCenter(lo)
	mx, my := (a.X+e.X)/2, (a.Y+e.Y)/2
	dx, dy := lx-mx, ly-my
	l := math.Hypot(dx, dy)
	dx, dy = dx/l, dy/l
	p.line(a.X, a.Y, e.X, e.Y, 1.2, colEarth)
	for k := 1; k < 8; k++ {
		t := float64(k) / 8
		x, y := a.X+(e.X-a.X)*t, a.Y+(e.Y-a.Y)*t
		ln := HexSize * (0.12 + 0.06*float64(k%2))
		p.line(x, y, x+dx*ln, y+dy*ln, 0.9, colEarth)
	}
}

func (b *Board) paintBridge(p *painter, c hex.Coord, d int) {
	a, e := b.edgeEnds(c, d)
	mx, my := (a.X+e.X)/2, (a.Y+e.Y)/2
	cx, cy := b.hexCenter(c)
	ang := math.Atan2(my-cy, mx-cx) // across the edge
	plank(p, mx, my, ang, HexSize*0.62, HexSize*0.24)
}

// paintRoads draws roads and trails through hex centres: in each hex the
// road runs from the centre to the midpoint of each road hexside, and a hex
// with exactly two road hexsides gets one smooth curve through its centre.
func (b *Board) paintRoads(p *painter, cs []hex.Coord) {
	m := b.hm
	anySideRoad := false
	for _, f := range m.Sides {
		if slices.Contains(f, hex.Road) {
			anySideRoad = true
			break
		}
	}
	isRoad := func(c, n hex.Coord) bool {
		if !m.On(n) {
			return false
		}
		return m.SideHas(c, n, hex.Road) || !anySideRoad && m.HasFeature(c, "road") && m.HasFeature(n, "road")
	}
	var paths [][]pt
	var trails [][2]pt
	for _, c := range cs {
		x, y := b.hexCenter(c)
		var mids []pt
		for d := range 6 {
			n := c.Neighbor(d)
			nx, ny := b.hexCenter(n)
			mid := pt{(x + nx) / 2, (y + ny) / 2}
			if isRoad(c, n) {
				mids = append(mids, mid)
			} else if m.On(n) && m.SideHas(c, n, "trail") {
				trails = append(trails, [2]pt{{x, y}, mid})
			}
		}
		switch len(mids) {
		case 0:
		case 2:
			var path []pt
			for i := 0; i <= 10; i++ {
				t := float64(i) / 10
				a, e := mids[0], mids[1]
				path = append(path, pt{
					(1-t)*(1-t)*a.X + 2*(1-t)*t*x + t*t*e.X,
					(1-t)*(1-t)*a.Y + 2*(1-t)*t*y + t*t*e.Y})
			}
			paths = append(paths, path)
		default:
			for _, mid := range mids {
				paths = append(paths, []pt{{x, y}, mid})
			}
		}
	}
	for _, s := range trails {
		p.dash(s[0].X, s[0].Y, s[1].X, s[1].Y, 1.4, 4, 3, colRoad)
	}
	for _, path := range paths {
		p.strokeRound(path, false, HexSize*0.17, colRoad)
	}
	for _, path := range paths {
		p.strokeRound(path, false, HexSize*0.1, colRoadCore)
	}
}

func (b *Board) paintFeatures(p *painter, c hex.Coord, cell *hex.Cell) {
	x, y := b.hexCenter(c)
	for _, f := range cell.Feature {
		switch f {
		case "castle":
			if cell.Terrain != "castle" {
				castle(p, x+HexSize*0.2, y-HexSize*0.15, HexSize*0.36)
			}
		case "redoubt":
			if cell.Terrain != "redoubt" {
				starFort(p, x, y, HexSize*0.5)
			}
		case "works":
			a, e := pt{x - HexSize*0.5, y + HexSize*0.3}, pt{x + HexSize*0.5, y + HexSize*0.3}
			zigzag(p, a, e, 2, colEarth, 1.6)
		case "banner":
			flag(p, x-HexSize*0.45, y+HexSize*0.35, HexSize*0.4, colLabel)
		case "depot":
			for i := range 3 {
				bx := x + HexSize*0.28 + float64(i%2)*HexSize*0.14
				by := y + HexSize*0.28 - float64(i/2)*HexSize*0.12
				building(p, bx, by, HexSize*0.13, HexSize*0.11, rgb(0xb8, 0x96, 0x5a))
			}
		}
	}
}

// flag draws a pennant on a pole whose foot is (x, y).
func flag(p *painter, x, y, h float64, c colorT) {
	p.line(x, y, x, y-h, 1.2, colInk)
	pts := []pt{{x, y - h}, {x + h*0.6, y - h*0.8}, {x, y - h*0.6}}
	p.fillPoly(pts, c)
	p.strokePoly(pts, true, 0.6, colInk)
}
