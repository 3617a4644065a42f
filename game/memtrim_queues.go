package game

import (
	"runtime/debug"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Ebitengine's command queues keep, for the life of the process, the
// largest buffers any frame needed: each queue's vertex floats, indices,
// uniform words and a pool of up to 1,024 draw commands (which hold slices
// of those buffers). Two or three queues take turns; after a long game
// they held 20-25 MB of the Go heap on the menu against 5 fresh (heap
// profile, docs/PERFORMANCE.md "Session 23: memory"). Ebitengine has no
// call to give them back, so trimCommandQueues drops the buffers of the
// queues that are idle (flushed and back in Ebitengine's pool): the next
// frame that uses such a queue allocates buffers of its own size (the
// menu's are small). It reads Ebitengine's unexported queue manager
// through the layout of Ebitengine v2.10.4 (internal/graphicscommand,
// commandqueue.go and command.go), so it does nothing with any other
// version (ebitenQueuesKnown; TestTrimCommandQueuesVersion fails when the
// version changes, to have the layout checked again).

// ebitenQueueVersion is the Ebitengine whose layout the mirrors below copy.
const ebitenQueueVersion = "v2.10.4"

// ebitenQueueManager mirrors graphicscommand.commandQueueManager.
type ebitenQueueManager struct {
	pool struct {
		cache []*ebitenCommandQueue // commandQueuePool.cache
		m     sync.Mutex            // commandQueuePool.m
	}
	current *ebitenCommandQueue
}

// ebitenCommandQueue mirrors graphicscommand.commandQueue.
type ebitenCommandQueue struct {
	commands           []any // []command, an interface: two words an element, as any
	vertices           []float32
	indices            []uint32
	tmpNumVertexFloats int
	commandPool        []unsafe.Pointer // drawTrianglesCommandPool.pool: []*drawTrianglesCommand
	uniforms           []uint32         // uint32sBuffer.buf
	finalizers         []func()
	err                atomic.Value
}

//go:linkname ebitenQueues github.com/hajimehoshi/ebiten/v2/internal/graphicscommand.theCommandQueueManager
var ebitenQueues ebitenQueueManager

// ebitenQueuesKnown reports whether the linked Ebitengine is the version
// whose layout the mirrors copy, by the binary's build information. A test
// binary records no dependencies (an app binary built from this module
// always does): there go.mod is checked instead
// (TestTrimCommandQueuesVersion).
var ebitenQueuesKnown = sync.OnceValue(func() bool {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, m := range bi.Deps {
		if m.Path == "github.com/hajimehoshi/ebiten/v2" {
			return m.Version == ebitenQueueVersion && m.Replace == nil
		}
	}
	return len(bi.Deps) == 0
})

// trimCommandQueues drops the buffers of Ebitengine's idle command queues
// (those in its pool, under the pool's lock; the queue being filled this
// frame and one being run on the render thread are not in the pool and
// are left alone). A queue is touched only when it is empty as an idle
// queue is (no command, no vertex pending), and keeps its error, if any.
// It must run on the game's goroutine (App.Draw). It returns the bytes
// let go.
func trimCommandQueues() int {
	if !ebitenQueuesKnown() {
		return 0
	}
	p := &ebitenQueues.pool
	p.m.Lock()
	defer p.m.Unlock()
	if len(p.cache) > 64 {
		return 0 // not the layout expected: leave it
	}
	freed := 0
	for _, q := range p.cache {
		if q == nil || len(q.commands) != 0 || len(q.vertices) != 0 || len(q.indices) != 0 || q.tmpNumVertexFloats != 0 ||
			len(q.commandPool) > 1024 || len(q.finalizers) != 0 {
			continue
		}
		freed += 4 * (cap(q.vertices) + cap(q.indices) + cap(q.uniforms))
		q.vertices, q.indices, q.uniforms = nil, nil, nil
		clear(q.commandPool)
		q.commandPool = nil
	}
	return freed
}
