package render

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
)

// TestRule5_3_1_LegendRetraiteAndNations: the legend of a Marshals view
// explains the coloured Retraite chip of the map [5.3.1] and the BRI/SPA
// chips of the Allied blocks' fronts [1.1.1], and still fits its panel;
// the samples are drawn (pixels of both side colours in the Retraite box).
func TestRule5_3_1_LegendRetraiteAndNations(t *testing.T) {
	needLoop(t)
	v := scenarioView(t, "marshals-talavera")
	if v.Side != 0 {
		t.Fatalf("the view is side %d's, the French are wanted", v.Side)
	}
	var at, to string
	for _, z := range v.Board.Zones.Zones {
		for _, c := range v.Board.Zones.Conns {
			if c.A == z.ID {
				at, to = c.A, c.B
			}
		}
		if at != "" {
			break
		}
	}
	v.Markers = append(v.Markers, rules.Marker{At: at, Kind: "retreat", Text: "French Retraite toward X [5.3.1]", To: to})
	items := legendItems(v)
	idx := map[string]int{}
	for i, it := range items {
		idx[it.label] = i
	}
	ret, ok1 := idx["Retraite: axis of retreat"]
	b, ok2 := idx["British"]
	sp, ok3 := idx["Spanish"]
	ok2 = ok2 && ok3 && items[b].section == "Nation on an enemy block's front" && items[sp].section == items[b].section
	if !ok1 || !ok2 {
		var l []string
		for _, it := range items {
			l = append(l, it.label)
		}
		t.Fatalf("Retraite %v, nations %v in the legend %q", ok1, ok2, strings.Join(l, "|"))
	}
	if _, ok := idx["Retreat"]; ok {
		t.Errorf("the plain Retreat chip is still listed")
	}
	r := image.Rect(10, 74, 10+LegendWidth, 710)
	if bottom := legendBottom(items, r); bottom > float64(r.Max.Y) {
		t.Errorf("the legend's last row ends at %.0f, below its panel's %d", bottom, r.Max.Y)
	}
	// the Retraite sample alone, on a clear box: both side colours show
	box := ebiten.NewImage(26, 26)
	items[ret].draw(box, 0, 0)
	colours := []colorT{sideColorFor(v, 0), sideColorFor(v, 1)}
	seen := make([]int, 2)
	for y := 0; y < 26; y++ {
		for x := 0; x < 26; x++ {
			c := box.At(x, y)
			r, g, b, _ := c.RGBA()
			for i, k := range colours {
				kr, kg, kb, _ := k.RGBA()
				if near(r, kr) && near(g, kg) && near(b, kb) {
					seen[i]++
				}
			}
		}
	}
	if seen[0] < 20 || seen[1] < 20 {
		t.Errorf("the Retraite sample shows %d French and %d Allied pixels", seen[0], seen[1])
	}
	img := ebiten.NewImage(1280, 720)
	DrawLegendView(img, r, v)
	savePNG(t, img, "legend_marshals_retraite.png")
}

func near(a, b uint32) bool {
	d := int(a>>8) - int(b>>8)
	return d > -12 && d < 12
}
