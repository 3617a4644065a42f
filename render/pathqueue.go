package render

import (
	"reflect"
	"weak"

	"github.com/hajimehoshi/ebiten/v2"
)

// pathsPerRun is how many antialiased paths are queued between two runs
// of Ebitengine's command queue (#22 item 8).
//
// Why: the vector package renders a path as a few thousand vertices (its
// stencil and cover passes, with offsets for antialiasing: about 15,000
// floats for a button's rounded rectangle), and Ebitengine's command queue
// holds every vertex drawn until it runs, at the end of the frame. Its
// buffer (in the Go heap, one per queue, two or three queues) and the
// OpenGL vertex buffer (native memory, the next power of two) keep the
// size of the largest frame for the life of the process: the menu drew
// 930,000 floats a frame (3.7 MB), a Marshals board with its hand-over
// cover (three hundred stroked hexagons) and panels more, and after a
// game the menu held 9 MB more Go heap and 6-14 MB more native memory
// than a fresh app for that alone (heap profiles: docs/PERFORMANCE.md).
// Running the queue every pathsPerRun paths bounds them; the paths drawn
// are the same, in the same order (a batch cut short renders the same
// pixels: TestPathBatchFitsStencilSamePixels). 24 since a run renders
// the paths queued on every image (boundQueue): the menu's frames went
// from 605,000 floats to 445,000, a game's largest from 1,000,000 to
// 645,000.
const pathsPerRun = 24

// boundQueue counts a path queued on dst (the original image, key its
// weak pointer; with pathBatch.mu held) and, every pathsPerRun paths,
// renders the paths queued on every image and runs the command queue.
//
// Every image: the paths queued on another image go into the command
// queue when that image is next used (a panel's image drawn on the
// screen), in whatever run is going then, so a run that rendered only
// dst's paths could still take hundreds of others (a frame of 1,000,000
// floats in a game, 600,000 on the menu: each run's buffer kept for good,
// #22 item 8).
func boundQueue(dst *ebiten.Image, key weak.Pointer[ebiten.Image]) {
	pathBatch.sinceRun++
	if pathBatch.sinceRun < pathsPerRun {
		return
	}
	pathBatch.sinceRun = 0
	// the path being queued is not drawn yet: it stays queued alone
	q := pathBatch.queued[key]
	last := q[len(q)-1]
	flushPaths(dst)
	for k := range pathBatch.queued {
		if img := k.Value(); k != key && img != nil && pathsPending(img) {
			flushPaths(img)
		}
	}
	clear(pathBatch.queued)
	pathBatch.queued[key] = append(q[:0], last)
	flushGPU(white())
	pathBatch.runs++
}

// pathsPending reports whether the vector package holds paths queued on
// img (an original image): it then has a usage callback on img, which
// renders them at img's next use. An image without one is not drawn to
// here: one deallocated (a widget the cache evicted) would be given its
// texture again. Ebitengine does not export the callbacks; read their
// field, and flush nothing if that ever changes.
func pathsPending(img *ebiten.Image) bool {
	f := reflect.ValueOf(img).Elem().FieldByName("usageCallbacks")
	return f.IsValid() && f.Kind() == reflect.Map && f.Len() > 0
}
