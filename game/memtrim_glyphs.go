package game

import (
	"runtime"
	"time"

	"grognard/render"
)

// releaseGameImages collects the Go heap at the first frame on the menu
// after a game, before the menu draws (#22 item 8), and has Ebitengine
// free the textures of the images found unreachable at once: the glyph
// images of the font sources dropped on leaving (render.ReleaseFonts) sat
// on atlas pages with the game's faces and labels; freed before the menu
// draws its own glyphs, those pages are freed whole, and the menu's glyphs
// go on a page of a fresh app's size.
//
// An image's texture is freed by a cleanup the collector queues and
// Ebitengine runs at its next read of pixels: wait (at most 100 ms) for a
// cleanup queued after them, then read one pixel.
func releaseGameImages() {
	done := make(chan struct{})
	sentinel := new([16]byte)
	runtime.AddCleanup(sentinel, func(ch chan struct{}) { close(ch) }, done)
	sentinel = nil
	runtime.GC()
	select {
	case <-done:
	case <-time.After(100 * time.Millisecond):
	}
	// let the other cleanups of that collection run
	for range 4 {
		runtime.Gosched()
	}
	render.FlushDeferredImages()
}
