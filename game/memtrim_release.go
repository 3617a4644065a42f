package game

import (
	"runtime/debug"

	"grognard/render"
)

// afterGameFrames counts down the frames after a game was left for the
// menu until what the board held is given back (releaseFrame).
var afterGameFrames int

// releaseAfterGame gives back what the board just left held (#22 item 8):
// the cached counter faces and labels are disposed of at once (the board's
// tiles, layer and stamps were, by releaseScene), and a few frames later
// the rest is returned to the system (releaseFrame). A long evening of
// game after game then comes back to the menu near a fresh app's level
// (docs/PERFORMANCE.md).
func releaseAfterGame() {
	render.FlushImageCache()
	// new font sources: the old ones' glyph images and shaping caches go
	// with the board (render/fontrelease.go)
	render.ReleaseFonts()
	afterGameFrames = 7
}

// releaseFrame runs at every frame (App.Draw, whether or not it draws).
// Counted in frames, not in time, as a loaded machine may take a second
// over one: at the first frame after the game was left, before the menu
// draws, what the game left unreachable is collected and its textures
// freed (releaseGameImages); at the fourth, the menu has
// drawn and Ebitengine has disposed of the textures the board let go, and
// the Go heap is collected and its free pages returned (Ebitengine's idle
// command queues are trimmed first, at the first frame and here:
// memtrim_queues.go) (what was only
// unreachable, the session and images nobody disposed of, goes then: their
// textures are disposed of at the next frame); at the sixth, glibc's free
// memory is trimmed, Mesa having freed those textures' storage.
func releaseFrame() {
	// the vector package's buffer keeps its page to itself (render/pathbatch.go)
	render.MarkPathPage()
	if afterGameFrames == 0 {
		return
	}
	afterGameFrames--
	switch afterGameFrames {
	case 6:
		// the first frame on the menu, before it draws: what the game
		// left unreachable (the old glyph images above all) is collected
		// and its textures freed now, so that the menu's glyphs go on a
		// page of their own rather than keep the game's pages alive
		releaseGameImages()
		trimCommandQueues()
	case 3:
		// the queues in use at the first frame are idle by now
		trimCommandQueues()
		debug.FreeOSMemory()
	case 0:
		// Ebitengine runs the previous frame's commands on its render
		// thread while this frame is being drawn: wait for them (one pixel
		// read) so that glibc trims its heaps while Mesa is idle. glibc's
		// locks make a concurrent trim safe by contract; this takes the
		// trim out of the suspects of the crash seen once on leaving a game
		// (docs/PERFORMANCE.md)
		render.FlushDeferredImages()
		trimNative()
	}
}
