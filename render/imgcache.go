package render

import (
	"container/list"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
)

// imageBudget is the bytes of RGBA the small images drawn over the map
// (counter faces, marker chips, count badges, front markers, highlight
// labels) may hold together, over every zoom bucket visited (#11 item 15).
// Only the counters in view are drawn: at the largest zoom a dozen faces
// of 0.17 MB; at the fit zoom all of Albuera's 192 units, at 0.01 MB.
// 16 MB keeps every face of several zoom buckets.
const imageBudget = 16 << 20

// images is the one cache, with a byte budget, of the faces, chips,
// badges, front markers and labels: past the budget the images used
// longest ago are disposed of (Deallocate frees their texture memory, so
// the atlas space is reused rather than grown), never one used in the
// frame being drawn.
var images = imgCache{budget: imageBudget}

// frameTick counts Board.Draw calls: an image used in the current one is
// never evicted.
var frameTick uint64

type imgCache struct {
	mu     sync.Mutex
	m      map[any]*list.Element
	lru    list.List // front: most recently used
	bytes  int
	budget int
	// evicted counts the images disposed of, for tests and benchmarks.
	evicted int
}

type imgEntry struct {
	key  any
	img  *ebiten.Image
	n    int
	used uint64
}

// get returns the image cached for k, marking it used in this frame.
func (c *imgCache) get(k any) (*ebiten.Image, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.m[k]
	if !ok {
		return nil, false
	}
	e := el.Value.(*imgEntry)
	e.used = frameTick
	c.lru.MoveToFront(el)
	return e.img, true
}

// put caches img for k and disposes of the least recently used images
// while the cache is over its budget.
func (c *imgCache) put(k any, img *ebiten.Image) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[any]*list.Element{}
	}
	e := &imgEntry{key: k, img: img, n: textureBytes(img), used: frameTick}
	c.m[k] = c.lru.PushFront(e)
	c.bytes += e.n
	for c.bytes > c.budget {
		el := c.lru.Back()
		old := el.Value.(*imgEntry)
		if old.used >= frameTick {
			return
		}
		c.lru.Remove(el)
		delete(c.m, old.key)
		c.bytes -= old.n
		old.img.Deallocate()
		c.evicted++
	}
}

// textureBytes is the memory an image of the cache takes: one with a
// texture of its own (sheet.image) is allocated at powers of two.
func textureBytes(img *ebiten.Image) int {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w*h >= ownTexture {
		return 4 * TexturePixels(w, h)
	}
	return 4 * w * h
}

// TexturePixels is the pixels of the texture Ebitengine allocates for an
// image of its own of w x h: each side rounded up to a power of two.
func TexturePixels(w, h int) int {
	pow2 := func(n int) int {
		p := 1
		for p < n {
			p *= 2
		}
		return p
	}
	return pow2(w) * pow2(h)
}

// stats returns the images cached, their bytes and the images evicted so far.
func (c *imgCache) stats() (n, bytes, evicted int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m), c.bytes, c.evicted
}

// ImageCacheStats reports the images cached for drawing counters and
// labels, their bytes and how many were evicted so far (benchmarks report
// them).
func ImageCacheStats() (n, bytes, evicted int) { return images.stats() }

type (
	badgeKey [2]int
	frontKey int
	pillOf   struct {
		b *Board
		k pillKey
	}
)
