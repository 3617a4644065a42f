package render

import (
	"image"
	"math"
)

// OpenStackRect is the screen rectangle the counters of the open stack
// (fanned wide for picking, Overlay.OpenStack) cover as the last Draw laid
// them out, with a margin; empty when no stack is open. A hover card placed
// clear of it never covers the counter the player is asked to click.
func (b *Board) OpenStackRect(cam Camera) image.Rectangle {
	var r image.Rectangle
	for i := range b.placed {
		p := &b.placed[i]
		if !p.open {
			continue
		}
		h := math.Hypot(p.w, p.h) / 2
		x0, y0 := cam.ToScreen(p.cx-h, p.cy-h)
		x1, y1 := cam.ToScreen(p.cx+h, p.cy+h)
		r = r.Union(image.Rect(int(x0)-4, int(y0)-4, int(math.Ceil(x1))+4, int(math.Ceil(y1))+4))
	}
	return r
}

// ChipRects are the screen rectangles of the marker chips the last Draw
// drew (a unit's "ACT", "F1"; a place's markers): outlines drawn over the
// board afterwards keep clear of them so their letters read whole.
func (b *Board) ChipRects() []image.Rectangle {
	return append([]image.Rectangle(nil), b.chipRects...)
}

// BadgeRects are the screen rectangles of the stacks' count badges drawn
// last frame (an outline around the units that may act keeps clear of
// them, as of the chips).
func (b *Board) BadgeRects() []image.Rectangle {
	return append([]image.Rectangle(nil), b.badgeRects...)
}

// LabelRects are the screen rectangles of the lit places' labels drawn
// last frame ("2 MP back"): an outline drawn over the board afterwards
// keeps clear of them, as of the chips (an activated command's outline
// cut "2 MP back" to "2 MP bac" at Albuera, #18 point 7).
func (b *Board) LabelRects() []image.Rectangle {
	return append([]image.Rectangle(nil), b.labelRects...)
}
