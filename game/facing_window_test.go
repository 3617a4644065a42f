package game

import (
	"math"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// TestWindowRule7_FacingArrowTurnsTheUnit (#11.11) in the real window:
// with an Almansa unit selected (the first that may turn), the mouse 14 px outside a facing
// arrow (a target well beyond the arrow drawn) shows a hover box (many
// pixels away from the unit change) whose words are "Face <compass>: 1/2
// MP [7]"; a click there turns the unit, and its facing mark at the
// counter's edge moves on the screen.
func TestWindowRule7_FacingArrowTurnsTheUnit(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	s := almSetUp(t)
	var face rules.Action
	for _, act := range s.Legal() {
		if act.Kind == "face" {
			face = act
			break
		}
	}
	if face.Unit == "" {
		t.Fatal("no face action")
	}
	var b *BoardScene
	var at string
	var ux, uy, rad float64
	winApp.Do(func() {
		b = winApp.OpenSession(s)
		b.Fit(winApp)
		u, _ := s.Unit(face.Unit)
		at = u.At
		ux, uy, _ = b.ScreenOf(at)
		rad = render.HexSize * b.Cam.Zoom
	})
	xclick(t, win, ux, uy)
	waitFor(t, face.Unit+" selected", func() bool { return s.Selected == face.Unit })
	almPark(t, win)
	settle(t)
	parked := grab(t, win, "facing-1-selected")

	var ax, ay float64
	var hover string
	winApp.Do(func() {
		lay := s.View().Board.Hex.Layout
		cx, cy, _ := b.RB.Center(at)
		fx, fy := lay.Corner(face.Facing, 1)
		x, y := b.Cam.ToScreen(cx+fx*render.HexSize*1.02, cy+fy*render.HexSize*1.02)
		ax, ay = x+fx*14, y+fy*14
		if act, ok := b.facingUnder(ax, ay); ok && act.Facing == face.Facing {
			hover = b.faceHover(act)
		}
	})
	want := "Face " + render.FacingWord(s.View().Board.Hex.Layout, face.Facing) + ": 1/2 MP [7]"
	if hover != want {
		t.Fatalf("14 px outside the arrow the hover says %q, want %q", hover, want)
	}
	xmove(t, win, int(math.Round(ax)), int(math.Round(ay)))
	settle(t)
	hovered := grab(t, win, "facing-2-hover")
	var br = parked.Bounds()
	winApp.Do(func() { br = b.BoardRect(winApp) })
	n := 0
	for y := br.Min.Y; y < br.Max.Y; y++ {
		for x := br.Min.X; x < br.Max.X; x++ {
			if math.Hypot(float64(x)-ux, float64(y)-uy) < 1.5*rad {
				continue
			}
			i := parked.PixOffset(x, y)
			d := 0
			for k := range 3 {
				v := int(parked.Pix[i+k]) - int(hovered.Pix[i+k])
				d += v * v
			}
			if d > 40*40 {
				n++
			}
		}
	}
	t.Logf("the hover box changed %d pixels away from the unit", n)
	if n < 1500 {
		t.Fatalf("no hover box on the screen (%d pixels changed away from the unit)", n)
	}

	xclick(t, win, ax, ay)
	waitFor(t, face.Unit+" turned", func() bool { u, _ := s.Unit(face.Unit); return u.Facing == face.Facing })
	almPark(t, win)
	settle(t)
	turned := grab(t, win, "facing-3-turned")
	if c, n := almChanged(parked, turned, ux, uy, 0.4*rad, 0.85*rad); c*100 < n*5 {
		t.Errorf("the facing mark of %s did not move on the screen (%d of %d pixels changed)", face.Unit, c, n)
	}
}
