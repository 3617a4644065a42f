package render

import "image"

// Zoom limits of a Camera.
const (
	MinZoom = 0.25
	MaxZoom = 4.0
)

// Camera maps map units to screen pixels: the map point (X, Y) is shown at
// Rect.Min and one map unit is Zoom pixels. Rect is the board viewport on the
// screen; drawing is clipped to it.
type Camera struct {
	X, Y, Zoom float64
	Rect       image.Rectangle
}

func (c Camera) zoom() float64 {
	if c.Zoom <= 0 {
		return 1
	}
	return c.Zoom
}

// ToScreen converts a map point to screen pixels.
func (c Camera) ToScreen(mx, my float64) (float64, float64) {
	z := c.zoom()
	return float64(c.Rect.Min.X) + (mx-c.X)*z, float64(c.Rect.Min.Y) + (my-c.Y)*z
}

// ToMap converts a screen point to map units.
func (c Camera) ToMap(sx, sy float64) (float64, float64) {
	z := c.zoom()
	return c.X + (sx-float64(c.Rect.Min.X))/z, c.Y + (sy-float64(c.Rect.Min.Y))/z
}

// ZoomAt multiplies the zoom by factor (clamped to MinZoom..MaxZoom) keeping
// the map point under the screen point (sx, sy) where it is.
func (c *Camera) ZoomAt(sx, sy, factor float64) {
	mx, my := c.ToMap(sx, sy)
	z := clamp(c.zoom()*factor, MinZoom, MaxZoom)
	c.Zoom = z
	c.X = mx - (sx-float64(c.Rect.Min.X))/z
	c.Y = my - (sy-float64(c.Rect.Min.Y))/z
}

func clamp(v, lo, hi float64) float64 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}
