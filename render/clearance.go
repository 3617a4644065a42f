package render

import (
	"math"

	"grognard/rules"
)

// keepOut is a screen box that marker chips and lit-hex labels must not
// cover (newcomer issue #18 point 7: an "F" chip beside one counter turned
// its neighbour's 4-3-4 into "1-3-4"; "4 MP" labels covered friendly
// values): a counter's print (its values band weighs most) or its front
// marker (the facing).
type keepOut struct {
	x0, y0, x1, y1 float64
	weight         float64
	group          groupKey
}

// keepOuts lists the keep-out boxes of the closed stacks' counters placed
// this frame (Board.layout), in screen pixels.
func (b *Board) keepOuts(cam Camera, v *rules.View) []keepOut {
	b.keeps = b.keeps[:0]
	if v == nil {
		return nil
	}
	z := cam.zoom()
	out := b.keeps
	for i := range b.placed {
		p := &b.placed[i]
		if p.open {
			continue
		}
		g := b.groupOf(&v.Units[p.idx])
		sx, sy := cam.ToScreen(p.cx, p.cy)
		// the bounding box of the (maybe turned) counter
		c, s := math.Abs(math.Cos(p.rot)), math.Abs(math.Sin(p.rot))
		hw := (p.w*c + p.h*s) / 2 * z
		hh := (p.w*s + p.h*c) / 2 * z
		// the name band above, the values band below (they weigh more)
		out = append(out, keepOut{sx - hw, sy - hh, sx + hw, sy, 1, g})
		out = append(out, keepOut{sx - hw, sy, sx + hw, sy + hh, 4, g})
		if p.hasFacing {
			d := p.h/2 + frontDepth*0.5*b.us
			if !p.long {
				d = frontDist(p.front, p.h/2, b.us)
			}
			fx, fy := cam.ToScreen(p.cx+math.Cos(p.front)*d, p.cy+math.Sin(p.front)*d)
			r := frontHalfW * b.us * z
			// a facing is kept clear of its own stack's chips too
			out = append(out, keepOut{fx - r, fy - r, fx + r, fy + r, 4, groupKey{g.loc, frontSide}})
		}
	}
	b.keeps = out
	return out
}

// covered is the weighted area of the keep-outs (other than those of the
// group skip, when skipOwn) that the box covers.
func covered(keeps []keepOut, x0, y0, x1, y1 float64, skip groupKey, skipOwn bool) float64 {
	return coveredIf(keeps, x0, y0, x1, y1, func(k keepOut) bool { return !skipOwn || k.group != skip })
}

// coveredIf is the weighted area of the keep-outs for which count holds
// that the box covers.
func coveredIf(keeps []keepOut, x0, y0, x1, y1 float64, count func(keepOut) bool) float64 {
	sum := 0.0
	for _, k := range keeps {
		if !count(k) {
			continue
		}
		w := math.Min(x1, k.x1) - math.Max(x0, k.x0)
		h := math.Min(y1, k.y1) - math.Max(y0, k.y0)
		if w > 0 && h > 0 {
			sum += w * h * k.weight
		}
	}
	return sum
}

// frontSide marks the keep-outs of front markers: no chip column skips
// them, not even their own stack's.
const frontSide = -5

// pillGroup marks the keep-outs of the labels placed this frame.
var pillGroup = groupKey{"", -9}

// chipPlace picks where a column of marker chips (w x h pixels, the first
// chip h1 tall) beside a closed stack on a hex map goes: beside the top
// counter's right edge level with its top (the usual place), else at its
// middle or bottom, else the same on its left edge; the first that covers
// no other counter's print or facing, else the one covering least. It
// returns the column's x (its near edge), whether it grows leftward, and
// the y of its first chip's centre.
func (b *Board) chipPlace(keeps []keepOut, cg *chipGroup, w, h, h1, leftX float64) (x float64, left bool, y float64) {
	type cand struct {
		left bool
		top  float64
	}
	mid := (cg.top+cg.bot)/2 - h/2
	cands := []cand{{false, cg.y - h1/2}, {false, mid}, {false, cg.bot - h}, {true, cg.y - h1/2}, {true, mid}, {true, cg.bot - h}}
	best, bestScore := 0, math.Inf(1)
	for i, c := range cands {
		x0, x1 := cg.x, cg.x+w
		if c.left {
			x0, x1 = leftX-w, leftX
		}
		score := covered(keeps, x0, c.top, x1, c.top+h, cg.key, true) + ownValuesCovered(keeps, x0, c.top, x1, c.top+h, cg.key) // selchips.go
		if score < bestScore-0.5 {
			best, bestScore = i, score
		}
		if score == 0 {
			break
		}
	}
	c := cands[best]
	if c.left {
		return leftX, true, c.top + h1/2
	}
	return cg.x, false, c.top + h1/2
}

// pillPlace is the screen centre of a lit hex's label (w x h pixels) for
// the hex centred at (sx, sy): low in the hex (the usual place) when that
// covers no counter's print or facing, else just below or above the
// counters standing there, else the least covering of those.
func (b *Board) pillPlace(keeps []keepOut, sx, sy, w, h, z float64) (float64, float64) {
	ys := []float64{sy + HexSize*0.52*z}
	if len(keeps) > 0 {
		// the counters' extent at this hex
		top, bot := sy, sy
		for _, k := range keeps {
			if k.group != pillGroup && k.x1 > sx-2 && k.x0 < sx+2 && k.y1 > sy-HexSize*z && k.y0 < sy+HexSize*z {
				top, bot = math.Min(top, k.y0), math.Max(bot, k.y1)
			}
		}
		ys = append(ys, bot+h/2+1, top-h/2-1)
	}
	best, bestScore := ys[0], math.Inf(1)
	for _, y := range ys {
		score := covered(keeps, sx-w/2, y-h/2, sx+w/2, y+h/2, groupKey{}, false)
		if score < bestScore-0.5 {
			best, bestScore = y, score
		}
		if score == 0 {
			break
		}
	}
	return sx, best
}

// chipColumn places a closed stack's chip column on a hex map (chipPlace
// with the column's size).
func (b *Board) chipColumn(keeps []keepOut, cg *chipGroup, bk int, k float64) (float64, bool, float64) {
	w, h, h1 := 0.0, 0.0, 0.0
	for j := range cg.marks {
		cb := cg.chip(j, bk).Bounds()
		w = math.Max(w, float64(cb.Dx())*k)
		if j == 0 {
			h1 = float64(cb.Dy()) * k
		}
		h += float64(cb.Dy()) * k * 0.92
	}
	return b.chipPlace(keeps, cg, w, h, h1, cg.leftX)
}
