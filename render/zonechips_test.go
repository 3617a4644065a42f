package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestZoneChipsClearAtFitZoomAroundTalavera: at the fit zoom (F) of The
// Battle of Talavera the Allied stacks' nationality chips ("BRI", "BRI×2",
// "SPA") of Gamonal, Talavera, Torrejón, Santa Olalla, Torrijos and
// Cebolla stand a few pixels apart; they fell on one another and on the
// neighbouring zones' counters (Session 20). Each column now goes where
// it covers least: no chip covers another chip or a counter of another
// zone.
func TestZoneChipsClearAtFitZoomAroundTalavera(t *testing.T) {
	needLoop(t)
	v := scenarioView(t, "marshals-talavera")
	b := NewBoard(v.Board)
	img := ebiten.NewImage(1280, 720)
	img.Fill(colTable)
	cam := b.Fit(appBoardRect)
	b.Draw(img, cam, v, Overlay{Minimap: true})
	if len(b.chipRects) < 6 {
		t.Fatalf("%d chips drawn, want the Allied stacks' several", len(b.chipRects))
	}
	for i, r := range b.chipRects {
		for _, q := range b.chipRects[i+1:] {
			if in := r.Intersect(q); in.Dx() > 1 && in.Dy() > 1 {
				t.Errorf("chip %v covers chip %v", r, q)
			}
		}
	}
	z := cam.zoom()
	for _, r := range b.chipRects {
		for i := range b.placed {
			p := &b.placed[i]
			sx, sy := cam.ToScreen(p.cx, p.cy)
			c := image.Rect(int(sx-p.w*z/2)+1, int(sy-p.h*z/2)+1, int(sx+p.w*z/2)-1, int(sy+p.h*z/2)-1)
			// more than a 3-px sliver (a stack's own chips touch its
			// shifted counters' edge)
			if in := r.Intersect(c); in.Dx() > 3 && in.Dy() > 3 {
				t.Errorf("chip %v covers the counter of %s at %v", r, v.Units[p.idx].At, c)
			}
		}
	}
}
