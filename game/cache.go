package game

import (
	"fmt"
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// widgetCache keeps the app's panels, buttons, cards and tooltips drawn in
// offscreen images keyed by their content, so a frame redraws only what
// changed and blits the rest (vector shapes and text are the costly part of
// a frame). Images unused for a while are freed.
type widgetCache struct {
	m    map[string]*cacheEntry
	tick int
}

type cacheEntry struct {
	img  *ebiten.Image
	used int
}

// cachePad leaves room for shadows drawn outside a widget's rectangle.
const cachePad = 10

// draw blits the widget for key at r, drawing it with f (at r translated
// to the cache image) the first time.
func (c *widgetCache) draw(dst *ebiten.Image, key string, r image.Rectangle, f func(img *ebiten.Image, r image.Rectangle)) {
	if r.Dx() <= 0 || r.Dy() <= 0 {
		return
	}
	if c.m == nil {
		c.m = map[string]*cacheEntry{}
	}
	key = fmt.Sprintf("%s|%dx%d", key, r.Dx(), r.Dy())
	e := c.m[key]
	if e == nil {
		img := ebiten.NewImage(r.Dx()+2*cachePad, r.Dy()+2*cachePad)
		f(img, image.Rect(cachePad, cachePad, cachePad+r.Dx(), cachePad+r.Dy()))
		e = &cacheEntry{img: img}
		c.m[key] = e
	}
	e.used = c.tick
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(r.Min.X-cachePad), float64(r.Min.Y-cachePad))
	dst.DrawImage(e.img, op)
}

// frame ends a frame: entries unused for the last 30 frames are freed.
func (c *widgetCache) frame() {
	c.tick++
	for k, e := range c.m {
		if c.tick-e.used > 30 {
			e.img.Deallocate()
			delete(c.m, k)
		}
	}
}

// clear frees everything.
func (c *widgetCache) clear() {
	for k, e := range c.m {
		e.img.Deallocate()
		delete(c.m, k)
	}
}
