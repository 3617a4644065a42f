package render

import (
	"math"

	"grognard/rules/zone"
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

// paintZones paints a zone map: connections by kind, river crossings,
// bridges, zone discs with names, depots, exits and entries.
func (b *Board) paintZones(p *painter) {
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
	switch name {
	case "French", "France", "Bourbon", "Franco-Spanish":
		return rgb(0x2f, 0x4f, 0x9a)
	case "Allied", "Allies", "British", "English", "Anglo-Portuguese":
		return rgb(0xb0, 0x2e, 0x24)
	case "Spanish", "Spain":
		return rgb(0xd0, 0xa0, 0x20)
	case "Portuguese":
		return rgb(0x2e, 0x7a, 0x3a)
	}
	return colLabel
}
