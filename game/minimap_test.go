package game

import (
	"image"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestMinimapHidesSoItsUnitsCanBeClicked: at Albuera's opening zoom the
// overview covers the view's bottom-right corner. A click on a unit under
// it centres the view (the overview takes it); the overview's "Hide map"
// tab, or M, hides it, and then the same click selects the unit; the
// "Show map" tab brings it back.
func TestMinimapHidesSoItsUnitsCanBeClicked(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := historicalSession(t, "albuera-1811")
	a, b := scriptedApp(t, s)
	// a lone unit of the decider, the view moved so it lies under the
	// overview (40 px inside the view's bottom-right corner)
	var unit string
	for _, u := range s.View().Units {
		if u.At != "" && u.Side == s.View().Status.Decider && len(b.RB.UnitsAt(s.View(), u.At)) == 1 {
			unit = u.ID
			break
		}
	}
	if unit == "" {
		t.Fatal("no lone unit of the decider on the map")
	}
	u, _ := s.Unit(unit)
	mx, my, _ := b.RB.Center(u.At)
	br := b.BoardRect(a)
	ux, uy := float64(br.Max.X-50), float64(br.Max.Y-50)
	b.Cam.X = mx - (ux-float64(br.Min.X))/b.Cam.Zoom
	b.Cam.Y = my - (uy-float64(br.Min.Y))/b.Cam.Zoom
	if !b.RB.MinimapAt(b.Cam, ux, uy) {
		t.Fatalf("the overview is not at %v,%v", ux, uy)
	}
	if got, ok := b.RB.PickUnit(b.Cam, s.View(), ux, uy); !ok || got != unit {
		t.Fatalf("the counter under the overview is %q, want %s", got, unit)
	}
	cam := b.Cam
	step(t, a, Click(int(math.Round(ux)), int(math.Round(uy)))...)
	if s.Selected == unit {
		t.Fatalf("a click on the overview selected %s under it", unit)
	}
	if b.Cam == cam {
		t.Fatal("a click on the overview did not move the view")
	}
	b.Cam = cam
	// the Hide map tab sits above the overview
	tab, found := image.Point{}, false
	for y := br.Max.Y - 1; y > br.Min.Y && !found; y-- {
		for x := br.Max.X - 1; x > br.Max.X-300; x-- {
			if b.RB.MinimapTabAt(b.Cam, true, float64(x), float64(y)) {
				tab, found = image.Pt(x, y), true
				break
			}
		}
	}
	if !found {
		t.Fatal("no Hide map tab")
	}
	step(t, a, Click(tab.X, tab.Y)...)
	if !b.minimapHidden || b.Cam != cam {
		t.Fatalf("the Hide map tab: hidden %v, view moved %v", b.minimapHidden, b.Cam != cam)
	}
	step(t, a, Click(int(math.Round(ux)), int(math.Round(uy)))...)
	if s.Selected != unit {
		t.Fatalf("with the overview hidden, a click on %s selected %q", unit, s.Selected)
	}
	// M shows it again, and hides it
	step(t, a, Key(ebiten.KeyM, false))
	if b.minimapHidden {
		t.Fatal("M did not show the overview")
	}
	step(t, a, Key(ebiten.KeyM, false))
	if !b.minimapHidden {
		t.Fatal("M did not hide the overview")
	}
}
