package render

import (
	"fmt"
	"image"
	"runtime"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestCommandQueueRunsEveryFewPathsSamePixels: 330 translucent filled
// hexagons (#22 item 8) run Ebitengine's command queue every pathsPerRun
// paths, so that its vertex buffers keep the size of a few dozen paths
// rather than a frame's, and draw the pixels of one batch.
func TestCommandQueueRunsEveryFewPathsSamePixels(t *testing.T) {
	if !inLoop {
		t.Skip("needs the game loop")
	}
	c := rgba(0x40, 0x80, 0xd0, 0x70)
	pathBatch.mu.Lock()
	runs0 := pathBatch.runs
	pathBatch.mu.Unlock()
	drawHexGrid(t, fmt.Sprintf("with the queue run every %d paths", pathsPerRun),
		func(dst *ebiten.Image, pts []pt) { fillPoly(dst, pts, c) },
		func(dst *ebiten.Image, pts []pt) { directFill(dst, pts, c) })
	pathBatch.mu.Lock()
	runs := pathBatch.runs - runs0
	pathBatch.mu.Unlock()
	if want := 330 / pathsPerRun; runs < want {
		t.Errorf("330 paths ran the command queue %d times, want at least %d", runs, want)
	}
}

// TestPathBatchKeepsNoImage: an image a path was drawn on is collected
// once nothing else refers to it (#22 item 8). The batch's count of the
// paths queued on each image held the image itself: every panel, row and
// tooltip a game drew paths on stayed reachable (over a hundred after a
// Marshals game) until 256 were listed, past the game, with the texture
// of any not disposed of.
func TestPathBatchKeepsNoImage(t *testing.T) {
	if !inLoop {
		t.Skip("needs the game loop")
	}
	collected := make(chan struct{})
	func() {
		img := ebiten.NewImage(300, 200)
		fillPoly(img, hexagonAt(100, 100), colGold)
		_ = pixelsOf(img) // the paths rendered
		runtime.AddCleanup(img, func(ch chan struct{}) { close(ch) }, collected)
	}()
	for range 20 {
		runtime.GC()
		select {
		case <-collected:
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Errorf("an image drawn on with a path and then dropped was never collected: something keeps it")
}

// TestQueueRunRendersEveryImagesPaths: when the command queue is run
// (every pathsPerRun paths), the paths queued on other images are rendered
// in that run too, with the same pixels, rather than at those images'
// next use in whatever run is going then (a frame of a million floats,
// #22 item 8); an image deallocated meanwhile is not drawn to (it would
// be given its texture again).
func TestQueueRunRendersEveryImagesPaths(t *testing.T) {
	if !inLoop {
		t.Skip("needs the game loop")
	}
	x := ebiten.NewImage(300, 200)
	want := ebiten.NewImage(300, 200)
	defer x.Deallocate()
	defer want.Deallocate()
	gone := ebiten.NewImageWithOptions(image.Rect(0, 0, 1024, 1024), &ebiten.NewImageOptions{Unmanaged: true})
	c := rgba(0x40, 0x80, 0xd0, 0x70)
	pathBatch.mu.Lock()
	pathBatch.sinceRun = 0
	pathBatch.mu.Unlock()
	for i := range 3 {
		pts := hexagonAt(60+float64(i)*60, 100)
		fillPoly(x, pts, c)
		directFill(want, pts, c)
	}
	fillPoly(gone, hexagonAt(500, 500), c)
	gone.Deallocate()
	if !pathsPending(x) {
		t.Fatalf("three paths drawn on an image: the vector package holds none (pathsPending)")
	}
	y := ebiten.NewImage(1280, 720)
	defer y.Deallocate()
	y.DrawImage(white(), nil) // its texture, before counting
	_ = pixelsOf(y)
	var before ebiten.DebugInfo
	ebiten.ReadDebugInfo(&before)
	for i := range pathsPerRun {
		fillPoly(y, hexagonAt(float64(i%20)*60, float64(i/20)*52), c)
	}
	if pathsPending(x) {
		t.Errorf("after %d paths on another image the queue ran, but the paths queued on the first are still pending", pathsPerRun)
	}
	var after ebiten.DebugInfo
	ebiten.ReadDebugInfo(&after)
	runtime.KeepAlive(gone)
	if grown := after.TotalGPUImageMemoryUsageInBytes - before.TotalGPUImageMemoryUsageInBytes; grown >= 4<<20 {
		t.Errorf("the run gave a deallocated image its texture again: textures grew by %d bytes", grown)
	}
	if n := channelsApart(pixelsOf(x), pixelsOf(want), 1); n > 0 {
		t.Errorf("the paths rendered at the run differ from one batch at %d channels", n)
	}
}
