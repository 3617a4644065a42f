package render

import "github.com/hajimehoshi/ebiten/v2"

// Release frees the GPU textures the board painted for itself (its map
// tiles and their spares, the minimap's overview, the highlight stamps
// and long rings) and its CPU canvas, at once rather than whenever the
// collector finds the board unreachable, for when the game it shows is
// left (#22 item 8): a tile's texture is 1 MB and a board holds up to
// 28 of them. The board stays usable: whatever it draws next is painted
// again.
func (b *Board) Release() {
	if b == nil {
		return
	}
	for k, t := range b.tiles {
		t.img.Deallocate()
		delete(b.tiles, k)
	}
	for _, img := range b.spareTiles {
		img.Deallocate()
	}
	b.spareTiles = nil
	if b.overview != nil {
		b.overview.Deallocate()
		b.overview, b.overviewS = nil, 0
	}
	for _, st := range b.stampCache {
		for _, img := range st.hl {
			deallocate(img)
		}
		for _, img := range []*ebiten.Image{st.hover, st.arrowOn, st.arrowOff, st.dot, st.dotEnd, st.ring, st.openShade} {
			deallocate(img)
		}
	}
	for _, img := range b.longRings {
		deallocate(img)
	}
	b.stampCache, b.longRings = nil, nil
	b.cv = nil
}

// deallocate frees img's texture, if there is one.
func deallocate(img *ebiten.Image) {
	if img != nil {
		img.Deallocate()
	}
}
