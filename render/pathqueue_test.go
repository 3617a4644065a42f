package render

import (
	"testing"

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
	a := ebiten.NewImage(1280, 720)
	b := ebiten.NewImage(1280, 720)
	defer a.Deallocate()
	defer b.Deallocate()
	c := rgba(0x40, 0x80, 0xd0, 0x70)
	pathBatch.mu.Lock()
	runs0 := pathBatch.runs
	pathBatch.mu.Unlock()
	for row := range 15 {
		for col := range 22 {
			pts := hexagonAt(float64(col)*60, float64(row)*52+float64(col%2)*26)
			fillPoly(a, pts, c)
			directFill(b, pts, c)
		}
	}
	pathBatch.mu.Lock()
	runs := pathBatch.runs - runs0
	pathBatch.mu.Unlock()
	if want := 330 / pathsPerRun; runs < want {
		t.Errorf("330 paths ran the command queue %d times, want at least %d", runs, want)
	}
	pa, pb := pixelsOf(a), pixelsOf(b)
	if n := channelsApart(pa, pb, 1); n > 0 {
		t.Errorf("the hexagons drawn with the queue run every %d paths differ from one batch at %d channels", pathsPerRun, n)
	}
	if channelsApart(pa, make([]byte, len(pa)), 0) < 10000 {
		t.Errorf("the hexagons drew almost nothing")
	}
}
