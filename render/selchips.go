package render

import "math"

// The chips beside the selected unit's stack (newcomer issue #18, Albuera:
// a battalion stacked with its activated brigade commander, once selected,
// showed "ACT" with its "A" under the selection ring and the facing arrow
// of the hex's upper right corner drawn over the chip). The chip column of
// the selected unit's stack stands clear of the ring (shifted out by the
// ring's margin) and of the six facing arrows, which count as keep-outs
// no chip column skips (chipPlace then takes the counter's middle or its
// other side).

// ringMargin is how far the selection ring (renderRing) reaches beyond
// the counter's edge, in map units at unit scale 1.
const ringMargin = 6.0

// selChips is what drawChips needs to know of the selection this frame.
type selChips struct {
	on     bool
	group  groupKey // the selected unit's chip group (closed stack)
	open   groupKey // its group when its stack is fanned open
	loc    string
	arrows bool // the facing arrows are drawn around its hex
}

// ringShift is how far the chip column of group g moves out from the
// counter's edge: the ring's margin for the selected unit's stack, else 0.
func (b *Board) ringShift(g groupKey, z float64) float64 {
	if !b.sel.on || g != b.sel.group && g != b.sel.open {
		return 0
	}
	return ringMargin * b.us * z
}

// arrowKeeps are the keep-outs of the facing arrows drawn around the
// selected unit's hex (all six are drawn, lit or not), in screen pixels.
func (b *Board) arrowKeeps(cam Camera, keeps []keepOut) []keepOut {
	if !b.sel.on || !b.sel.arrows || b.hm == nil {
		return keeps
	}
	cx, cy, ok := b.Center(b.sel.loc)
	if !ok {
		return keeps
	}
	z := cam.zoom()
	r := (9 + 2) * z // renderArrow's radius and its outline
	for f := range 6 {
		x, y, _ := b.facingArrow(cx, cy, f)
		sx, sy := cam.ToScreen(x, y)
		keeps = append(keeps, keepOut{sx - r, sy - r, sx + r, sy + r, 8, groupKey{b.sel.loc, frontSide}})
	}
	return keeps
}

// arrowClear reports whether a box (screen pixels) is clear of the facing
// arrows around the selected unit's hex.
func (b *Board) arrowClear(cam Camera, x0, y0, x1, y1 float64) bool {
	for _, k := range b.arrowKeeps(cam, nil) {
		if math.Min(x1, k.x1) > math.Max(x0, k.x0) && math.Min(y1, k.y1) > math.Max(y0, k.y0) {
			return false
		}
	}
	return true
}

// chipGroupKeep marks the keep-outs of the marker chips drawn this frame.
var chipGroupKeep = groupKey{"", -11}

// chipKeeps adds the marker chips drawn this frame (chipRects) to the
// keep-outs the lit places' labels are placed clear of (newcomer issue
// #18, Albuera 2.3: the "1 MP" of the hex beside Penne Villemur covered
// his "ACT" chip).
func (b *Board) chipKeeps(keeps []keepOut) []keepOut {
	for _, r := range b.chipRects {
		keeps = append(keeps, keepOut{float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y), 6, chipGroupKeep})
	}
	return keeps
}

// ownValuesCovered is the weighted area of its own stack's values bands
// (the keep-outs of weight 4 of group own) that a chip box covers: a chip
// column may lie along its stack's name band, never over its values
// (newcomer issue #18: Godinot's "ACT" chip in I/55's stack covered the
// "2" of its 6-6-2).
func ownValuesCovered(keeps []keepOut, x0, y0, x1, y1 float64, own groupKey) float64 {
	return coveredIf(keeps, x0, y0, x1, y1, func(k keepOut) bool { return k.group == own && k.weight >= 4 })
}
