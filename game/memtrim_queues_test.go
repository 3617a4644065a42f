package game

import (
	"image/color"
	"os"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestTrimCommandQueuesVersion: the mirrors of Ebitengine's command queues
// (memtrim_queues.go) copy the layout of one Ebitengine version; when
// go.mod moves to another, this fails until the mirrors are checked
// against the new internal/graphicscommand and ebitenQueueVersion updated
// (until then trimCommandQueues does nothing).
func TestTrimCommandQueuesVersion(t *testing.T) {
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if want := "github.com/hajimehoshi/ebiten/v2 " + ebitenQueueVersion + "\n"; !strings.Contains(string(mod), want) {
		t.Fatalf("go.mod does not require Ebitengine %s: check the mirrors of game/memtrim_queues.go against its internal/graphicscommand", ebitenQueueVersion)
	}
	if strings.Contains(string(mod), "replace github.com/hajimehoshi/ebiten") {
		t.Fatalf("go.mod replaces Ebitengine: the mirrors of game/memtrim_queues.go may not match it")
	}
	if !ebitenQueuesKnown() {
		t.Fatalf("the trim of Ebitengine's command queues is off in this binary")
	}
}

// TestTrimCommandQueuesFreesAndDrawsOn: after a frame of 20,000 quads
// (about 4 MB of vertex floats in one queue), trimming the idle queues
// over the next frames lets go at least that much, and Ebitengine draws on
// as before: a pixel drawn afterwards reads back.
func TestTrimCommandQueuesFreesAndDrawsOn(t *testing.T) {
	if os.Getenv("DISPLAY") == "" || winApp == nil {
		t.Skip("no DISPLAY: run under xvfb-run")
	}
	a := winApp
	dot := ebiten.NewImage(1, 1)
	dot.Fill(color.White)
	dst := ebiten.NewImage(256, 256)
	a.Do(func() {
		for i := range 20000 {
			var op ebiten.DrawImageOptions
			op.GeoM.Translate(float64(i%256), float64(i/256%256))
			op.ColorScale.Scale(1, float32(i%7)/7, 1, 1)
			dst.DrawImage(dot, &op)
		}
	})
	freed := 0
	for range 4 {
		nextFrame(a)
		a.Do(func() { freed += trimCommandQueues() })
	}
	if min := 20000 * 4 * 12 * 4; freed < min {
		t.Errorf("trimming the idle queues after a frame of 20,000 quads let go of %d bytes, want at least %d", freed, min)
	}
	var got color.Color
	a.Do(func() {
		dst.Clear()
		var op ebiten.DrawImageOptions
		op.GeoM.Translate(5, 7)
		op.ColorScale.Scale(1, 0, 0, 1)
		dst.DrawImage(dot, &op)
		got = dst.At(5, 7)
	})
	if r, g, b, al := got.RGBA(); r != 0xffff || g != 0 || b != 0 || al != 0xffff {
		t.Errorf("after the trim a red pixel drawn reads back as %v", got)
	}
}
