package game

import (
	"image"
	"testing"

	"grognard/render"
)

// panelRect finds a side-panel button of the board in the window.
func panelRect(t *testing.T, b *BoardScene, what string, match func(pb panelButton) bool) image.Rectangle {
	t.Helper()
	var r image.Rectangle
	winApp.Do(func() {
		b.layoutPanel(winApp)
		for _, pb := range b.panel {
			if match(pb) {
				r = pb.b.Rect
				return
			}
		}
	})
	if r.Empty() {
		t.Fatalf("no %s in the side panel", what)
	}
	return r
}

// changedShare is the share of the pixels of r that differ between two
// screenshots.
func changedShare(a, b *image.RGBA, r image.Rectangle) float64 {
	r = r.Intersect(a.Bounds()).Intersect(b.Bounds())
	if r.Empty() {
		return 0
	}
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i, j := a.PixOffset(x, y), b.PixOffset(x, y)
			if a.Pix[i] != b.Pix[j] || a.Pix[i+1] != b.Pix[j+1] || a.Pix[i+2] != b.Pix[j+2] {
				n++
			}
		}
	}
	return float64(n) / float64(r.Dx()*r.Dy())
}

// TestWindowBattleBackWithoutHandover [Battle Back] (#11.10): in the real
// window, after the British melee the French decide whether to battle
// back on the board itself: no hand-over screen (the French 66e shows on
// the map), no hand in the view or the panel; a click on the panel's "Do
// not battle back" gives the British their board back at once (the top
// bar changes, the map still shows), again without a hand-over.
func TestWindowBattleBackWithoutHandover(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	s := ventaBattleBack(t)
	var b *BoardScene
	var radius float64
	winApp.Do(func() {
		b = winApp.OpenSession(s)
		radius = render.HexSize * b.Cam.Zoom
	})
	var fx, fy float64
	var ok bool
	winApp.Do(func() { fx, fy, ok = b.ScreenOf("0208") })
	if !ok {
		t.Fatal("0208 is not on the screen")
	}
	xmove(t, win, winW-20, winH-20)
	settle(t)
	public := grab(t, win, "public-1-battleback")
	if s.Cover || !s.Public {
		t.Fatalf("battle back is taken on the public screen: cover %v public %v", s.Cover, s.Public)
	}
	if n := counterPixels(public, fx, fy, radius*0.5, frenchBlue); n < 30 {
		t.Fatalf("the board is hidden: only %d pixels of French blue at 0208", n)
	}
	var cards int
	winApp.Do(func() {
		b.layoutPanel(winApp)
		for _, pb := range b.panel {
			if pb.isCard {
				cards++
			}
		}
	})
	if cards != 0 {
		t.Fatalf("the public screen lays out %d cards of a hand", cards)
	}
	r := panelRect(t, b, "decline button", func(pb panelButton) bool { return pb.act != nil && pb.act.Kind == "end" })
	xclick(t, win, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2)
	xconfirm(t)
	waitFor(t, "the British to decide again", func() bool { return !s.Public && s.Viewer == 1 })
	if s.Cover || s.Handover {
		t.Fatalf("the British held the seat: no hand-over (cover %v, handover %v)", s.Cover, s.Handover)
	}
	xmove(t, win, winW-20, winH-20)
	settle(t)
	own := grab(t, win, "public-2-british")
	if h := s.View().Hand; len(h) != 2 {
		t.Fatalf("the British hold their hand again: %v", h)
	}
	if sh := changedShare(public, own, image.Rect(0, 0, winW, 60)); sh < 0.005 {
		t.Errorf("the top bar still names the French as deciding (%.1f%% of its pixels changed)", sh*100)
	}
	if n := counterPixels(own, fx, fy, radius*0.5, frenchBlue); n < 30 {
		t.Fatalf("the board is hidden after the battle back: %d pixels of French blue", n)
	}
}
