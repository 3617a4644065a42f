package game

import (
	"image"
	"math"
)

// Bringing places into view stays on the map (newcomer issue #18): the
// board frames a hint, an activated command or a unit's lit hexes by
// moving the camera, and that move keeps the map filling the board where
// the map is larger than it (no empty band past the map's edge); a place
// at the map's edge is shown at the board's edge. clampCam's looser bound
// (half a view past the edge) is for the player's own panning.

// clampCamShowing clamps the camera to the map on each axis (the map
// covers the board, or lies wholly on it when smaller), then moves it only
// as far as needed to keep the box of map points (minX, minY)-(maxX, maxY)
// inside room (or from the board's top or left edge when the box reaches
// the map's), within clampCam's bound.
func (b *BoardScene) clampCamShowing(minX, minY, maxX, maxY float64, room image.Rectangle) {
	w, h := b.RB.Size()
	z := b.Cam.Zoom
	if z <= 0 {
		z = 1
	}
	br := b.Cam.Rect
	vw, vh := float64(br.Dx())/z, float64(br.Dy())/z
	axis := func(c, size, view, lo, hi float64, rmin, rmax, bmin int) float64 {
		c = math.Max(math.Min(0, size-view), math.Min(c, math.Max(0, size-view)))
		if lo <= 0 { // the box reaches the map's first edge: the board's edge shows it
			lo, rmin = 0, bmin
		}
		// the box must lie within [rmin, rmax] on the screen:
		// c <= lo - (rmin-bmin)/z and c >= hi - (rmax-bmin)/z
		most := lo - float64(rmin-bmin)/z
		least := hi - float64(rmax-bmin)/z
		if least <= most {
			c = math.Max(least, math.Min(c, most))
		}
		return c
	}
	b.Cam.X = axis(b.Cam.X, w, vw, minX, maxX, room.Min.X, room.Max.X, br.Min.X)
	b.Cam.Y = axis(b.Cam.Y, h, vh, minY, maxY, room.Min.Y, room.Max.Y, br.Min.Y)
	b.clampCam()
}
