package game

import (
	"math"
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// TestRule7_FacingArrowsSayWhereAndTurn: the hover of a facing arrow says
// "Face <compass>: 1/2 MP [7]" (not a move), its target reaches well
// beyond the arrow drawn, and a click there turns the unit.
func TestRule7_FacingArrowsSayWhereAndTurn(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := almSetUp(t)
	a, b := scriptedApp(t, s)
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
	b.Fit(a) // the whole map: at the opening zoom the unit may sit under the overview
	s.Select(face.Unit)
	u, _ := s.Unit(face.Unit)
	cx, cy, _ := b.RB.Center(u.At)
	lay := s.View().Board.Hex.Layout
	fx, fy := lay.Corner(face.Facing, 1)
	ax, ay := b.Cam.ToScreen(cx+fx*render.HexSize*1.02, cy+fy*render.HexSize*1.02)
	// 14 px off the arrow's centre, outward, still picks it.
	ox, oy := ax+fx*14, ay+fy*14
	got, ok := b.facingUnder(ox, oy)
	if !ok || got.Facing != face.Facing {
		t.Fatalf("14 px from the arrow: %v %v", got, ok)
	}
	h := b.faceHover(got)
	word := render.FacingWord(lay, face.Facing)
	if h != "Face "+word+": 1/2 MP [7]" {
		t.Fatalf("hover %q", h)
	}
	step(t, a, Click(int(math.Round(ox)), int(math.Round(oy)))...)
	if u2, _ := s.Unit(face.Unit); u2.Facing != face.Facing {
		t.Fatalf("the click did not turn %s: facing %d, want %d (message %q)", face.Unit, u2.Facing, face.Facing, s.Message)
	}
	// Words for a player: eight compass points, no corner numbers.
	seen := map[string]bool{}
	for f := range 6 {
		w := render.FacingWord(lay, f)
		if strings.Contains(w, "corner") || seen[w] {
			t.Fatalf("facing %d: %q", f, w)
		}
		seen[w] = true
	}
}

// TestRule7_ArrowsNeverTakeANeighboursCentre: zoomed out, where 16 px
// reach beyond the selected unit's hex, a click at the centre of any
// neighbouring hex is a click on that hex (a move [10]), never a turn.
func TestRule7_ArrowsNeverTakeANeighboursCentre(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := almSetUp(t)
	a, b := scriptedApp(t, s)
	var face rules.Action
	for _, act := range s.Legal() {
		if act.Kind == "face" {
			face = act
			break
		}
	}
	b.Fit(a)
	if render.HexSize*b.Cam.Zoom*0.6 > 16 {
		t.Skipf("the fitted map is zoomed in (hex %.0f px): the arrows' reach stays in the hex", render.HexSize*b.Cam.Zoom)
	}
	s.Select(face.Unit)
	u, _ := s.Unit(face.Unit)
	hm := s.View().Board.Hex
	c, err := hm.ParseOn(u.At)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, n := range c.Neighbors() {
		if !hm.On(n) {
			continue
		}
		x, y, ok := b.ScreenOf(hm.Num(n))
		if !ok {
			continue
		}
		if got, ok := b.facingUnder(x, y); ok {
			t.Errorf("the centre of %s picks the facing arrow %d", hm.Num(n), got.Facing)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no neighbour checked")
	}
}
