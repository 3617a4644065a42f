package game

import (
	"image"
	"math"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// deployGreen counts the pixels near the deploy highlight's green (render's
// HLDeploy colour 1e9e55) in the ring between r0 and r1 around a centre.
func deployGreen(img *image.RGBA, cx, cy, r0, r1 float64) (n, total int) {
	for y := int(cy - r1); y <= int(cy+r1); y++ {
		for x := int(cx - r1); x <= int(cx+r1); x++ {
			d := math.Hypot(float64(x)-cx, float64(y)-cy)
			if d < r0 || d > r1 || !image.Pt(x, y).In(img.Bounds()) {
				continue
			}
			total++
			c := img.RGBAAt(x, y)
			if int(c.G) > int(c.R)+60 && int(c.G) > int(c.B)+40 {
				n++
			}
		}
	}
	return n, total
}

// TestWindowMarshalsTalaveraDecoysOnTheOperationalMap opens The Battle of
// Talavera in the real window as GROGNARD_OPEN does and plays the French
// set-up with the mouse: the hand-over cover hides the French stack at
// Bargas; once the French take the seat the board shows it, and the zones
// where a starting decoy may go [7.5] are lit in the screenshot's pixels —
// every legal zone on screen and no other; clicking a lit zone puts a decoy
// there.
func TestWindowMarshalsTalaveraDecoysOnTheOperationalMap(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	t.Setenv(EnvOpen, "marshals-talavera")
	t.Setenv(EnvSeed, "1")
	var b *BoardScene
	var s *Session
	winApp.Do(func() {
		if err := winApp.openFromEnv(); err != nil {
			panic(err)
		}
		b = winApp.Board()
		s = b.S
	})
	if !s.Cover {
		t.Fatal("The Marshals hides information: the game opens on the hand-over screen")
	}
	// Look at the Toledo-Talavera country at zoom 1.
	look := func() {
		winApp.Do(func() {
			mx, my, _ := b.RB.Center("bargas")
			b.Cam.Zoom = 1
			r := b.Cam.Rect
			b.Cam.X = mx - float64(r.Dx())/2
			b.Cam.Y = my - float64(r.Dy())/2
		})
	}
	look()
	pos := func(loc string) (float64, float64) {
		var x, y float64
		var ok bool
		winApp.Do(func() { x, y, ok = b.ScreenOf(loc) })
		if !ok {
			t.Fatalf("no screen position for %s", loc)
		}
		return x, y
	}
	bx, by := pos("bargas")
	blue := func(img *image.RGBA) int {
		n := 0
		for y := int(by - 30); y <= int(by+30); y++ {
			for x := int(bx - 45); x <= int(bx+45); x++ {
				if !image.Pt(x, y).In(img.Bounds()) {
					continue
				}
				c := img.RGBAAt(x, y)
				if int(c.B) > int(c.R)+60 && int(c.B) > int(c.G)+30 && c.R < 90 {
					n++
				}
			}
		}
		return n
	}
	xmove(t, win, winW-20, winH-20)
	settle(t)
	covered := grab(t, win, "marshals-1-cover")
	if n := blue(covered); n > 0 {
		t.Errorf("the hand-over screen shows %d pixels of French blue at Bargas", n)
	}
	xclick(t, win, float64(winW/2), float64(winH/2))
	waitFor(t, "the French to take the seat", func() bool { return !s.Cover })
	// Taking the seat selects the first decoy to place and brings its
	// places into view; look at Bargas again.
	look()
	xmove(t, win, winW-20, winH-20)
	settle(t)
	board := grab(t, win, "marshals-2-decoys")
	if n := blue(board); n < 20 {
		t.Fatalf("the board shows %d pixels of French blue at Bargas: the cover check proves nothing", n)
	}
	// The lit zones are exactly the legal places of a starting decoy.
	legal := map[string]rules.Action{}
	var zones []string
	var zr float64
	winApp.Do(func() {
		for _, a := range s.Legal() {
			if a.To != "" {
				legal[a.To] = a
			}
		}
		for _, z := range s.View().Board.Zones.Zones {
			if z.Terrain != "offmap" {
				zones = append(zones, z.ID)
			}
		}
		zr = 22 * b.Cam.Zoom
	})
	if len(legal) < 10 {
		t.Fatalf("%d places for a French decoy", len(legal))
	}
	litOn, darkOn := 0, 0
	pick := ""
	for _, z := range zones {
		x, y := pos(z)
		var under bool
		winApp.Do(func() { under = b.RB.MinimapAt(b.Cam, x, y) || b.RB.MinimapAt(b.Cam, x-zr*1.6, y-zr*1.6) })
		if under || x < 40 || y < 40 || x > float64(winW)-300 || y > float64(winH)-40 {
			continue // off the map view, under the side panel or the overview
		}
		n, tot := deployGreen(board, x, y, zr*0.9, zr*1.6)
		share := float64(n) / float64(max(tot, 1))
		var here int
		winApp.Do(func() { here = len(b.RB.UnitsAt(s.View(), z)) })
		if _, ok := legal[z]; ok && here > 0 {
			continue // its own counters cover the ring
		}
		switch _, ok := legal[z]; {
		case ok && share < 0.04:
			t.Errorf("legal decoy zone %s is not lit (%.1f%% green)", z, 100*share)
		case !ok && share > 0.02:
			t.Errorf("zone %s is no legal place but %.1f%% of its ring is green", z, 100*share)
		}
		if _, ok := legal[z]; ok {
			litOn++
			if pick == "" && z != "bargas" {
				pick = z
			}
		} else {
			darkOn++
		}
	}
	if litOn < 3 || darkOn < 1 {
		t.Fatalf("on screen: %d legal zones and %d others; the check proves nothing", litOn, darkOn)
	}
	t.Logf("%d lit and %d unlit zones checked; placing a decoy at %s", litOn, darkOn, pick)
	// French units at pick (called on the app's thread: waitFor runs it there).
	frenchAt := func() int {
		v := s.Game.State.View(0)
		return len(render.NewBoard(v.Board).UnitsAt(v, pick))
	}
	var before int
	winApp.Do(func() { before = frenchAt() })
	x, y := pos(pick)
	xclick(t, win, x, y)
	waitFor(t, "a decoy at "+pick, func() bool {
		return frenchAt() > before
	})
	xmove(t, win, winW-20, winH-20)
	settle(t)
	grab(t, win, "marshals-3-placed")
}
