package game

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"grognard/render"
	"grognard/rules/fixture"
)

// needWindow skips a real-window test only when there is no display.
func needWindow(t *testing.T) {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no DISPLAY: run under xvfb-run")
	}
	if winApp == nil {
		t.Fatal("DISPLAY is set but the test window is not running")
	}
	for _, tool := range []string{"xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is needed for the window tests (build.sh installs it): %v", tool, err)
		}
	}
}

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// windowID finds the app's X window.
func windowID(t *testing.T) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		out, err := exec.Command("xdotool", "search", "--name", "^"+WindowTitle+"$").Output()
		if err == nil {
			if ids := strings.Fields(string(out)); len(ids) > 0 {
				return ids[len(ids)-1]
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("the Grognard window did not appear")
	return ""
}

// xclick presses and releases the left button at window coordinates,
// slowly enough for a frame to see each state.
func xclick(t *testing.T, win string, x, y float64) {
	t.Helper()
	idle(t)
	run(t, "xdotool", "mousemove", "--window", win, strconv.Itoa(int(math.Round(x))), strconv.Itoa(int(math.Round(y))))
	time.Sleep(120 * time.Millisecond)
	run(t, "xdotool", "mousedown", "1")
	time.Sleep(120 * time.Millisecond)
	run(t, "xdotool", "mouseup", "1")
	time.Sleep(120 * time.Millisecond)
}

func xmove(t *testing.T, win string, x, y int) {
	t.Helper()
	run(t, "xdotool", "mousemove", "--window", win, strconv.Itoa(x), strconv.Itoa(y))
	time.Sleep(120 * time.Millisecond)
}

// xkey holds modifiers and a key down across frames.
func xkey(t *testing.T, keys ...string) {
	t.Helper()
	idle(t)
	for _, k := range keys {
		run(t, "xdotool", "keydown", k)
		time.Sleep(120 * time.Millisecond)
	}
	for i := len(keys) - 1; i >= 0; i-- {
		run(t, "xdotool", "keyup", keys[i])
		time.Sleep(120 * time.Millisecond)
	}
}

// xconfirm answers an end-of-phase question (Enter) if one is open, and
// takes the keyboard (Enter) at an open hand-over.
func xconfirm(t *testing.T) {
	t.Helper()
	for range 2 {
		idle(t)
		var ask, hand bool
		winApp.Do(func() {
			if b := winApp.Board(); b != nil {
				ask, hand = b.dialog != nil, b.S.Handover
			}
		})
		if !ask && !hand {
			return
		}
		xkey(t, "Return")
	}
}

// waitFor polls cond on the game loop.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		ok := false
		winApp.Do(func() { ok = cond() })
		if ok {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

// idle waits until the app has drawn everything pending, so the next
// input is not lost inside a long frame (software GL under Xvfb is slow).
func idle(t *testing.T) {
	t.Helper()
	waitFor(t, "an idle frame", func() bool { return !winApp.dirty })
	time.Sleep(30 * time.Millisecond)
}

// settle waits until the app has drawn the current state on screen.
func settle(t *testing.T) {
	t.Helper()
	var n int
	winApp.Do(func() { winApp.Redraw(); n = winApp.frames })
	waitFor(t, "a frame", func() bool { return winApp.frames > n && !winApp.dirty })
	time.Sleep(250 * time.Millisecond) // the swap reaches the X server
}

// grab takes a screenshot of the window.
func grab(t *testing.T, win, name string) *image.RGBA {
	t.Helper()
	dir := os.Getenv("GROGNARD_TEST_SHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	p := filepath.Join(dir, name+".png")
	run(t, "import", "-window", win, p)
	return readPNG(t, p)
}

func readPNG(t *testing.T, p string) *image.RGBA {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			rgba.Set(x, y, img.At(x, y))
		}
	}
	return rgba
}

// changedAround counts the pixels that differ between two screenshots in
// the ring between 45% and 95% of a hex's radius around a centre (outside
// the counter, inside the hex).
func changedAround(a, b *image.RGBA, cx, cy, radius float64) (changed, total int) {
	return changedRing(a, b, cx, cy, 0.45*radius, 0.92*radius)
}

// changedRing counts the pixels that differ between two screenshots in the
// ring between r0 and r1 around a centre.
func changedRing(a, b *image.RGBA, cx, cy, r0, r1 float64) (changed, total int) {
	for y := int(cy - r1); y <= int(cy+r1); y++ {
		for x := int(cx - r1); x <= int(cx+r1); x++ {
			d := math.Hypot(float64(x)-cx, float64(y)-cy)
			if d < r0 || d > r1 || !image.Pt(x, y).In(a.Bounds()) || !image.Pt(x, y).In(b.Bounds()) {
				continue
			}
			total++
			i, j := a.PixOffset(x, y), b.PixOffset(x, y)
			diff := 0
			for k := 0; k < 3; k++ {
				d := int(a.Pix[i+k]) - int(b.Pix[j+k])
				if d < 0 {
					d = -d
				}
				diff += d
			}
			if diff > 40 {
				changed++
			}
		}
	}
	return changed, total
}

// TestWindowSelectActSaveLoad drives the real window with xdotool: click a
// unit, check in the screenshot's pixels that its legal targets are lit and
// a hex that is no target is not, click a highlight, save with Ctrl+S, load
// with Ctrl+O (answering the question before leaving a game with a decision
// not saved) and compare.
func TestWindowSelectActSaveLoad(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	var b *BoardScene
	var s *Session
	winApp.Do(func() {
		var err error
		s, err = NewSession(fixture.HexScenario, 11, nil)
		if err != nil {
			panic(err)
		}
		winApp.startSession(s)
		b = winApp.Board()
	})
	// A hidden game opens on the hand-over screen; a click takes the seat.
	settle(t)
	xclick(t, win, 300, 300)
	waitFor(t, "Blue to take the seat", func() bool { return !s.Cover })
	xmove(t, win, winW-20, winH-20) // park the cursor off the board
	settle(t)
	before := grab(t, win, "1-board")

	var ux, uy, radius float64
	winApp.Do(func() {
		ux, uy, _ = b.ScreenOf("0104")
		radius = render.HexSize * b.Cam.Zoom
	})
	xclick(t, win, ux, uy)
	waitFor(t, "the Hussars to be selected", func() bool { return s.Selected == "b2" })
	xmove(t, win, winW-20, winH-20)
	settle(t)
	after := grab(t, win, "2-selected")

	var targets []string
	pos := map[string][2]float64{}
	winApp.Do(func() {
		for _, h := range s.Highlights() {
			targets = append(targets, h.At)
		}
		for _, loc := range append(append([]string(nil), targets...), "0101", "0601", "0501") {
			x, y, _ := b.ScreenOf(loc)
			pos[loc] = [2]float64{x, y}
		}
	})
	if len(targets) < 3 {
		t.Fatalf("targets %v", targets)
	}
	for _, loc := range targets {
		c, n := changedAround(before, after, pos[loc][0], pos[loc][1], radius)
		if n == 0 || c*100 < n*8 {
			t.Errorf("legal target %s: %d of %d pixels changed; the highlight is not visible", loc, c, n)
		}
	}
	for _, loc := range []string{"0101", "0601", "0501"} {
		c, n := changedAround(before, after, pos[loc][0], pos[loc][1], radius)
		if n == 0 || c*100 > n*1 {
			t.Errorf("non-target %s: %d of %d pixels changed", loc, c, n)
		}
	}

	// Act: Shift+click the lit 0205. It holds the second hex of the
	// friendly Grenadier Line, so a plain click there selects the Line
	// (#18 point 6); Shift+click takes the lit action.
	run(t, "xdotool", "keydown", "shift")
	xclick(t, win, pos["0205"][0], pos["0205"][1])
	run(t, "xdotool", "keyup", "shift")
	waitFor(t, "b2 to move to 0205", func() bool { return findUnit(s, "b2").At == "0205" })

	// Save with Ctrl+S (GROGNARD_SAVE_PATH: no dialog), then load with Ctrl+O.
	os.Remove(winSave)
	xkey(t, "ctrl", "s")
	waitFor(t, "the save file", func() bool { _, err := os.Stat(winSave); return err == nil })
	var saved []byte
	winApp.Do(func() { saved = snapshot(t, s) })
	// Change the game, then load: the saved game comes back.
	xkey(t, "space")
	xconfirm(t)
	waitFor(t, "the Fire phase", func() bool { return s.View().Status.Phase == "Fire" })
	xkey(t, "ctrl", "o")
	// The game has a decision no file holds (the end of the movement
	// phase): the app asks before leaving it; Enter loads.
	waitFor(t, "the question before leaving the game", func() bool { return b.dialog != nil })
	xkey(t, "Return")
	waitFor(t, "the loaded game", func() bool { return winApp.Board() != nil && winApp.Board().S != s })
	var loaded []byte
	var cover bool
	winApp.Do(func() {
		loaded = snapshot(t, winApp.Board().S)
		cover = winApp.Board().S.Cover
	})
	if !bytes.Equal(saved, loaded) {
		t.Fatal("the loaded game differs from the saved one")
	}
	if !cover {
		t.Fatal("a loaded hidden game opens on the hand-over screen")
	}
	settle(t)
	shot := grab(t, win, "3-cover")
	// The cover hides the board: no pixel of the map's hexes shows; the
	// screen is nearly uniform where the board was.
	if c, n := changedAround(shot, after, pos["0205"][0], pos["0205"][1], radius); c*100 < n*50 {
		t.Errorf("the hand-over screen should hide the board (%d of %d pixels differ)", c, n)
	}
}

// TestScreenshotCommand runs `grognard screenshot` (the test binary stands
// in for the grognard binary) with and without --select and checks the
// highlights in the PNG.
func TestScreenshotCommand(t *testing.T) {
	needWindow(t)
	dir := t.TempDir()
	shot := func(name string, extra ...string) *image.RGBA {
		p := filepath.Join(dir, name+".png")
		args := append([]string{fixture.HexScenario, "--out", p, "--size", "900x600", "--seed", "3"}, extra...)
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), envTestScreenshot+"="+strings.Join(args, " "))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("screenshot %v: %v\n%s", args, err, out)
		}
		if !strings.Contains(string(out), "900x600") {
			t.Fatalf("screenshot output: %s", out)
		}
		return readPNG(t, p)
	}
	plain := shot("plain")
	sel := shot("select", "--select", "b2")
	if plain.Bounds().Dx() != 900 || plain.Bounds().Dy() != 600 {
		t.Fatalf("size %v", plain.Bounds())
	}
	// The same camera, computed without a window.
	a := &App{w: 900, h: 600}
	s, err := NewSession(fixture.HexScenario, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	b := newBoard(a, s)
	s.Select("b2")
	radius := render.HexSize * b.Cam.Zoom
	for _, h := range s.Highlights() {
		x, y, _ := b.ScreenOf(h.At)
		if c, n := changedAround(plain, sel, x, y, radius); c*100 < n*8 {
			t.Errorf("target %s not lit in the screenshot (%d of %d)", h.At, c, n)
		}
	}
	x, y, _ := b.ScreenOf("0601")
	if c, n := changedAround(plain, sel, x, y, radius); c > n/100 {
		t.Errorf("non-target 0601 changed (%d of %d)", c, n)
	}
	// Errors: unknown unit, bad size.
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envTestScreenshot+"="+fixture.HexScenario+" --out "+filepath.Join(dir, "x.png")+" --select nobody")
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "no unit") {
		t.Fatalf("unknown unit: %v %s", err, out)
	}
	_ = fmt.Sprint()
}
