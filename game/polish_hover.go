package game

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
