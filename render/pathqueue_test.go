package render

import (
	"fmt"
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
