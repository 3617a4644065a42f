package render

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
)

// CounterBox is where one counter of the board stands on the screen: what
// a hover card must not cover (newcomer issue #18 point 7: nothing may
// cover a counter's values or its facing).
type CounterBox struct {
	ID, At, At2 string
	// Body is the screen bounding box of the (maybe turned) counter.
	Body image.Rectangle
	// Values is the lower half of Body, where the values are printed.
	Values image.Rectangle
	// Front is the box of the front marker (the facing); empty without.
	Front image.Rectangle
	// Open: the counter is part of a stack fanned open for picking.
	Open bool
}

// CounterBoxes lays the units of v out as Draw does (open is the stack
// fanned open, Overlay.OpenStack) and returns where each counter stands on
// the screen through cam, in drawing order (the top counter last).
func (b *Board) CounterBoxes(cam Camera, v *rules.View, open string) []CounterBox {
	if v == nil {
		return nil
	}
	b.layout(v, open)
	z := cam.zoom()
	out := make([]CounterBox, 0, len(b.placed))
	for i := range b.placed {
		p := &b.placed[i]
		u := &v.Units[p.idx]
		sx, sy := cam.ToScreen(p.cx, p.cy)
		c, s := math.Abs(math.Cos(p.rot)), math.Abs(math.Sin(p.rot))
		hw := (p.w*c + p.h*s) / 2 * z
		hh := (p.w*s + p.h*c) / 2 * z
		body := image.Rect(int(math.Floor(sx-hw)), int(math.Floor(sy-hh)), int(math.Ceil(sx+hw)), int(math.Ceil(sy+hh)))
		vals := body
		vals.Min.Y = int(math.Floor(sy))
		cb := CounterBox{ID: u.ID, At: u.At, At2: u.At2, Body: body, Values: vals, Open: p.open}
		if p.hasFacing {
			d := p.h/2 + frontDepth*0.5*b.us
			if !p.long {
				d = frontDist(p.front, p.h/2, b.us)
			}
			fx, fy := cam.ToScreen(p.cx+math.Cos(p.front)*d, p.cy+math.Sin(p.front)*d)
			r := (frontHalfW + frontDepth/2) * b.us * z
			cb.Front = image.Rect(int(math.Floor(fx-r)), int(math.Floor(fy-r)), int(math.Ceil(fx+r)), int(math.Ceil(fy+r)))
		}
		out = append(out, cb)
	}
	return out
}

// UnitCardSize is the size in pixels of the card DrawUnitCard draws for u
// (its layout, measured as it draws it), so a card can be placed before
// it is drawn.
func UnitCardSize(u rules.UnitView, board *rules.Board) (w, h float64) {
	l := layoutUnitCard(u, board)
	return l.w, l.h
}

// pillUnderFan reports whether the label pill drawn centred at (sx, sy)
// at scale k would cover the stack fanned open (fan, its rectangle in the
// same drawing): it is then not drawn, so that the counters the player is
// picking among read whole.
func (b *Board) pillUnderFan(fan image.Rectangle, pill *ebiten.Image, sx, sy, k float64) bool {
	pb := pill.Bounds()
	pw, ph := float64(pb.Dx())*k/2, float64(pb.Dy())*k/2
	r := image.Rect(int(math.Floor(sx-pw)), int(math.Floor(sy-ph)), int(math.Ceil(sx+pw)), int(math.Ceil(sy+ph)))
	return !fan.Empty() && r.Overlaps(fan)
}
