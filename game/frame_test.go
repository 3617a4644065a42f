package game

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules/fixture"
)

// needLoop skips a test that draws when there is no display; it draws on
// the test window's game loop (winApp.Do).
func needLoop(t testing.TB) {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no DISPLAY: run under xvfb-run")
	}
	if winApp == nil {
		t.Fatal("DISPLAY is set but the test window is not running")
	}
}

func pixels(img *ebiten.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	img.ReadPixels(out.Pix)
	return out
}

// diffPixels counts the pixels whose colours differ by more than tol in
// some channel, and returns the first one.
func diffPixels(a, b *image.RGBA, tol int) (n int, first image.Point) {
	for i := 0; i+3 < len(a.Pix) && i+3 < len(b.Pix); i += 4 {
		for k := range 3 {
			d := int(a.Pix[i+k]) - int(b.Pix[i+k])
			if d > tol || d < -tol {
				if n == 0 {
					w := a.Bounds().Dx()
					first = image.Pt((i/4)%w, (i/4)/w)
				}
				n++
				break
			}
		}
	}
	return n, first
}

// TestIncrementalFramesMatchFullRepaint plays a sequence of frames on one
// screen, each repainting only what changed (tooltips, hover, lit buttons,
// the board while panning, the layer after a selection), and checks after
// every step that the screen equals a full repaint of the same state on a
// fresh screen.
func TestIncrementalFramesMatchFullRepaint(t *testing.T) {
	needLoop(t)
	s, err := NewSession(fixture.HexScenario, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	a := &App{w: WindowW, h: WindowH, input: noInput{}}
	b := newBoard(a, s)
	a.scene = b
	var steps []struct {
		name string
		do   func()
	}
	add := func(name string, do func()) {
		steps = append(steps, struct {
			name string
			do   func()
		}{name, do})
	}
	// (called on the game loop: an error, never a Fatal there)
	at := func(loc string) (int, int) {
		x, y, ok := b.ScreenOf(loc)
		if !ok {
			t.Errorf("no position for %s", loc)
		}
		return int(x), int(y)
	}
	move := func(loc string) func() {
		return func() {
			x, y := at(loc)
			b.handle(a, Event{Kind: EvMove, X: x, Y: y})
		}
	}
	add("first", func() {})
	add("hover a hex", move("0303"))
	add("hover another hex", move("0502"))
	add("hover a unit (its card)", move("0104"))
	add("hover a button", func() {
		r := b.sideRect(a)
		b.handle(a, Event{Kind: EvMove, X: r.Min.X + 40, Y: r.Min.Y + 20})
	})
	add("select the Hussars", func() {
		x, y := at("0104")
		for _, e := range Click(x, y) {
			b.handle(a, e)
		}
	})
	add("hover a lit hex", move("0205"))
	add("hover an unlit hex (why not)", move("0601"))
	add("pan", func() { b.pan(7, 3) })
	add("pan again", func() { b.pan(-2, 5) })
	add("stop and hover", move("0303"))
	add("legend", func() { b.legend = true })
	add("legend off, hover", func() { b.legend = false; move("0502")() })
	add("zoom", func() { b.Cam.ZoomAt(300, 300, 1.3) })
	add("hover after zoom", move("0303"))

	// ref repaints the same state in full on a fresh screen each step.
	ref := newBoard(a, s)
	winApp.Do(func() {
		inc := ebiten.NewImage(WindowW, WindowH)
		defer inc.Deallocate()
		for i, st := range steps {
			st.do()
			b.draw(a, inc)
			got := pixels(inc)
			ref.Cam, ref.mx, ref.my, ref.hoverLoc, ref.hoverUnit = b.Cam, b.mx, b.my, b.hoverLoc, b.hoverUnit
			ref.legend, ref.numbers, ref.openStack, ref.logScroll = b.legend, b.numbers, b.openStack, b.logScroll
			full := ebiten.NewImage(WindowW, WindowH)
			full.Fill(color.RGBA{0xff, 0, 0xff, 0xff}) // every pixel must be painted over
			ref.invalidate()
			ref.draw(a, full)
			want := pixels(full)
			full.Deallocate()
			// Sub-pixel rotations and scales may round a few edge pixels
			// differently when the board is drawn straight to the screen
			// rather than through its layer; a repaint that missed
			// something differs over whole rectangles.
			if n, p := diffPixels(got, want, 2); n > 300 {
				t.Errorf("step %d (%s): %d pixels differ from a full repaint, first at %v", i, st.name, n, p)
				savePNG(t, fmt.Sprintf("incremental-%d", i), got)
				savePNG(t, fmt.Sprintf("full-%d", i), want)
			}
		}
	})
	if b.boardPaints == 0 {
		t.Error("no frame repainted only the board (panning should)")
	}
}

// savePNG keeps a picture for a failed test (in GROGNARD_TEST_SHOTS when
// set).
func savePNG(t testing.TB, name string, img image.Image) {
	dir := os.Getenv("GROGNARD_TEST_SHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	p := filepath.Join(dir, name+".png")
	f, err := os.Create(p)
	if err != nil {
		t.Log(err)
		return
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Log(err)
	}
	t.Logf("saved %s", p)
}

// TestFramesAllocateNoImagesAfterWarmUp: once the cursor has toured the
// board (its tooltips, cards and lit buttons drawn once), touring it again,
// panning back and forth and redrawing the same state make no new images
// in the app's widget cache or its board layer (the renderer's own caches
// have render.TestDrawAllocatesNoImagesAfterWarmUp).
func TestFramesAllocateNoImagesAfterWarmUp(t *testing.T) {
	needLoop(t)
	s, err := NewSession(fixture.HexScenario, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	a := &App{w: WindowW, h: WindowH, input: noInput{}}
	b := newBoard(a, s)
	a.scene = b
	s.Select("b2")
	pts := hoverPoints(a, b)
	side := b.sideRect(a)
	for y := side.Min.Y + 10; y < side.Min.Y+300; y += 20 {
		pts = append(pts, [2]int{side.Min.X + 60, y})
	}
	made := func() int { return b.cache.made + b.layersMade }
	winApp.Do(func() {
		dst := ebiten.NewImage(WindowW, WindowH)
		defer dst.Deallocate()
		tour := func() {
			for _, p := range pts {
				b.handle(a, Event{Kind: EvMove, X: p[0], Y: p[1]})
				b.draw(a, dst)
			}
			for i := range 6 {
				b.pan(float64(3-6*(i%2)), 0)
				b.draw(a, dst)
			}
		}
		tour()
		_ = dst.At(0, 0)
		before := made()
		if before == 0 {
			t.Error("the warm-up made no images: the count is not wired")
			return
		}
		tour()
		tour()
		for range 20 {
			b.draw(a, dst)
		}
		_ = dst.At(0, 0)
		if after := made(); after != before {
			t.Errorf("frames after the warm-up made %d new images", after-before)
		}
	})
}

// TestPannedFrameMatchesFreshDraw (#11 item 16): while the view pans, the
// board is copied from its layer (drawn with a margin around the view) at
// an offset; after every pan, small or fractional or leaving the margin,
// the board on the screen equals the board drawn afresh, straight to an
// image, for the same camera, on Almansa with a unit selected.
func TestPannedFrameMatchesFreshDraw(t *testing.T) {
	needLoop(t)
	a, b := frameSceneFor(t, "almansa-1707", true)
	pans := [][2]float64{{40, 25}, {-13, 7}, {1.5, 0.25}, {150, -90}, {-420, 310}, {0.3, 0.7}, {-60, -60}}
	winApp.Do(func() {
		scr := ebiten.NewImage(WindowW, WindowH)
		ref := ebiten.NewImage(WindowW, WindowH)
		defer scr.Deallocate()
		defer ref.Deallocate()
		b.draw(a, scr)
		copies := 0
		for i, p := range pans {
			b.pan(p[0], p[1])
			draws := b.layerDraws
			b.draw(a, scr)
			if b.layerDraws == draws {
				copies++
			}
			// The board's viewport, less what the app draws over it: the
			// HUD's shadow along its top, the status line along its foot.
			br := b.Cam.Rect
			br.Min.Y += cachePad
			br.Max.Y -= 45
			ref.Fill(color.RGBA{0xff, 0, 0xff, 0xff})
			o := boardOverlay(b.Overlay())
			b.RB.Draw(ref, b.Cam, b.S.View(), o)
			got := pixels(scr.SubImage(br).(*ebiten.Image))
			want := pixels(ref.SubImage(br).(*ebiten.Image))
			if n, q := diffPixels(got, want, 2); n > 50 {
				t.Errorf("pan %d %v: %d pixels differ from a fresh draw, first at %v", i, p, n, q)
				savePNG(t, fmt.Sprintf("panned-%d", i), got)
				savePNG(t, fmt.Sprintf("fresh-%d", i), want)
			}
		}
		if copies < len(pans)-2 {
			t.Errorf("only %d of %d pans copied the layer (the others redrew it)", copies, len(pans))
		}
	})
}
