package game

import (
	"fmt"
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
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
		img := newCacheImage(r.Dx()+2*cachePad, r.Dy()+2*cachePad)
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

// cacheBudget is the pixels the cache may hold (24 MB of RGBA): the
// panels, cards and tooltips of the last few hundred frames, so moving the
// cursor back and forth re-renders nothing.
const cacheBudget = 6 << 20

// ownCacheTexture is the pixels from which a cached widget has a texture
// of its own.
const ownCacheTexture = 128 * 128

// cachePixels is the pixels an image of the cache takes: a texture of its
// own is allocated at powers of two.
func cachePixels(img *ebiten.Image) int {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w*h < ownCacheTexture {
		return w * h
	}
	return render.TexturePixels(w, h)
}

// newCacheImage makes a cached widget's image. One of a panel's size gets
// a texture of its own, freed when it is dropped: on Ebitengine's shared
// atlas the churn of panels and tooltips, each state a new image, grew the
// atlas pages (which never shrink) by hundreds of MB over a soak (#11
// item 15). Small ones (buttons, chips) share the atlas, drawn in batches.
func newCacheImage(w, h int) *ebiten.Image {
	if w*h < ownCacheTexture {
		return ebiten.NewImage(w, h)
	}
	return ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
}

// frame ends a frame: past the budget, the entries unused for longest are
// freed (never those of this frame).
func (c *widgetCache) frame() {
	c.tick++
	total := 0
	for _, e := range c.m {
		total += cachePixels(e.img)
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
		total -= cachePixels(e.img)
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
