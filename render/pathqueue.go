package render

import (
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
// pixels: TestPathBatchFitsStencilSamePixels).
const pathsPerRun = 48

// boundQueue counts a path queued on dst (the original image, key its
// weak pointer; with pathBatch.mu held) and, every pathsPerRun paths,
// renders the paths queued on dst and runs the command queue.
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
	pathBatch.queued[key] = append(q[:0], last)
	flushGPU(white())
	pathBatch.runs++
}
