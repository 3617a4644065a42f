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
	// record, when set, collects the rectangle of every draw (the board
	// repairs them at the next frame).
	record *[]image.Rectangle
	// made counts the images allocated, for tests.
	made int
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
		c.made++
		f(img, image.Rect(cachePad, cachePad, cachePad+r.Dx(), cachePad+r.Dy()))
		e = &cacheEntry{img: img}
		c.m[key] = e
	}
	e.used = c.tick
	if c.record != nil {
		*c.record = append(*c.record, r.Inset(-cachePad))
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(r.Min.X-cachePad), float64(r.Min.Y-cachePad))
	dst.DrawImage(e.img, op)
}

// cacheBudget is the pixels the cache may hold (about 40 MB of RGBA):
// enough for every tooltip, card and panel state a player meets in a
// while, so moving the cursor around re-renders nothing.
const cacheBudget = 10 << 20

// frame ends a frame: past the budget, the entries unused for longest are
// freed (never those of this frame).
func (c *widgetCache) frame() {
	c.tick++
	total := 0
	for _, e := range c.m {
		b := e.img.Bounds()
		total += b.Dx() * b.Dy()
	}
	for total > cacheBudget {
		oldK, old := "", c.tick
		for k, e := range c.m {
			if e.used < old {
				oldK, old = k, e.used
			}
		}
		if oldK == "" || old >= c.tick-1 {
			return
		}
		e := c.m[oldK]
		b := e.img.Bounds()
		total -= b.Dx() * b.Dy()
		e.img.Deallocate()
		delete(c.m, oldK)
	}
}

// clear frees everything.
func (c *widgetCache) clear() {
	for k, e := range c.m {
		e.img.Deallocate()
		delete(c.m, k)
	}
}
