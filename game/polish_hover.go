package game

import "image"

// The hover card stays near the pointer (newcomer issue #18): placeHover
// tried the places beside the thing hovered, then the board's edges and
// corners, and stopped at the first clean one of those, so when every
// place beside a counter touched another counter's values, a clean corner
// across the board won although a clean spot lay just off the diagonal
// (above-right, below-left: no candidate there). A clean place farther
// than nearEnough now goes on to the grid of places over the room, where
// a nearer clean spot costs less (nearCost a pixel of distance) and wins.

// nearEnough is the distance (pixels) from the thing hovered within which
// a clean place among the candidates is taken without looking further.
const nearEnough = 2 * gridStep

// selectedCardInPanel reports whether the unit id hovered is the selected
// one and the side panel shows its card whole (Almansa, Venta del Pozo):
// its hover card on the board would repeat the panel's and cover the lit
// places the player is choosing among (an Almansa cavalry's card hid a
// dozen of its lit hexes). Albuera's cardInPanel does the same.
func (b *BoardScene) selectedCardInPanel(id string) bool {
	if id == "" || id != b.S.Selected || b.cardRect.Dy() < 96 {
		return false
	}
	switch b.S.System.ID {
	case "almansa", "napoleonics":
		return true
	}
	return false
}

// unitCardInPanel moves the hover card of a unit from its board place r
// into the side panel's room for the selected unit's card when nothing is
// selected (the room then holds a line of guidance) and r covers another
// counter (Almansa, Venta del Pozo: at the whole-board
// view no place beside a counter is clear; the card hid the values of
// the counters around the one hovered).
func (b *BoardScene) unitCardInPanel(r image.Rectangle) (image.Rectangle, bool) {
	if b.S.Selected != "" || r.Empty() || b.RB == nil {
		return r, false
	}
	switch b.S.System.ID {
	case "almansa", "napoleonics":
	default:
		return r, false
	}
	p := b.cardRect
	if p.Dx() < r.Dx() || p.Dy() < r.Dy() || !b.coversValues(r) {
		return r, false
	}
	return image.Rect(p.Min.X, p.Min.Y, p.Min.X+r.Dx(), p.Min.Y+r.Dy()), true
}

// coversValues reports whether the screen box r covers another counter
// (more than its outline: its name, its values) or its facing marker (not
// those of the hovered unit's place).
func (b *BoardScene) coversValues(r image.Rectangle) bool {
	for _, c := range b.RB.CounterBoxes(b.Cam, b.S.View(), b.openStack) {
		if c.ID == b.hoverUnit || c.At == b.hoverLoc && b.hoverLoc != "" {
			continue
		}
		if c.Body.Overlaps(b.Cam.Rect) && (c.Body.Inset(2).Overlaps(r) || c.Front.Overlaps(r)) {
			return true
		}
	}
	return false
}
