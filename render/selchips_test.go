package render

import (
	"fmt"
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
)

// TestRule4_4_ActivatedChipClearOfSelectionRingAndFacingArrows (newcomer
// issue #18, Albuera): a battalion stacked with its activated brigade
// commander [4.4], once selected, showed the commander's "ACT" chip with
// its "A" under the selection ring, and the facing arrow of the hex's
// upper right corner drawn over it. On a flat and on a pointy map, the
// battalion selected with all six facings offered: no yellow pixel of the
// ring or of an arrow lies inside the chip, which is drawn whole.
func TestRule4_4_ActivatedChipClearOfSelectionRingAndFacingArrows(t *testing.T) {
	needLoop(t)
	for _, tc := range []struct {
		name string
		rb   *rules.Board
	}{{"flat", fixtureHex(t)}, {"pointy", pointyBoard()}} {
		units := []rules.UnitView{
			{ID: "bn", Name: "1st Bn", Short: "1/3", Side: 1, Type: "infantry", Color: "#b03a2e", At: "0303", Facing: 0, Values: "7-8-3", Strength: 8, MaxStr: 8},
			{ID: "cdr", Name: "Colborne", Short: "colborne", Side: 1, Type: "commander", Color: "#b03a2e", At: "0303", Facing: -1, Values: "brigade", Markers: []string{"activated"}},
		}
		v := &rules.View{Sides: []string{"French", "Allied"}, Board: tc.rb, Style: "counter", Units: units}
		b := NewBoard(tc.rb)
		img := ebiten.NewImage(900, 760)
		cam := Camera{Zoom: 1.6, Rect: img.Bounds()}
		b.Draw(img, cam, v, Overlay{Selected: "bn", Facings: []int{0, 1, 2, 3, 4, 5}})
		savePNG(t, img, "selchips-"+tc.name+".png")
		chips := b.ChipRects()
		if len(chips) != 1 {
			t.Fatalf("%s: %d chips drawn, want the commander's one", tc.name, len(chips))
		}
		r := chips[0].Inset(1)
		yellow, green := 0, 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				p := pix(img, float64(x), float64(y))
				switch {
				case p.R > 220 && p.G > 180 && p.B < 90: // ring 0xffd830, arrow 0xffd23c
					yellow++
				case p.G > p.R+40 && p.G > p.B+40: // the chip's green 0x2e8a3e
					green++
				}
			}
		}
		if yellow > 0 {
			t.Errorf("%s: %d yellow pixels of the ring or an arrow inside the ACT chip at %v", tc.name, yellow, chips[0])
		}
		if green < r.Dx()*r.Dy()/3 {
			t.Errorf("%s: the ACT chip at %v is not drawn whole (%d green pixels of %d)", tc.name, chips[0], green, r.Dx()*r.Dy())
		}
		// and it stays beside its stack, not in the next hex
		cx, cy, _ := b.Center("0303")
		sx, sy := cam.ToScreen(cx, cy)
		if d := image.Pt(int(sx), int(sy)); !r.Inset(-int(HexSize * 1.3 * cam.Zoom)).Overlaps(image.Rectangle{d, d.Add(image.Pt(1, 1))}) {
			t.Errorf("%s: the chip at %v is far from its stack at %v", tc.name, r, d)
		}
	}
}

// TestRule3_3_LitLabelsClearOfTheActivatedChip (newcomer issue #18,
// Albuera 2.3): the selected Penne Villemur's "ACT" chip was covered by
// the "1 MP" label of the hex beside him. With every hex around lit and
// labelled, on a flat and a pointy map, no label overlaps the chip.
func TestRule3_3_LitLabelsClearOfTheActivatedChip(t *testing.T) {
	needLoop(t)
	for _, tc := range []struct {
		name string
		rb   *rules.Board
	}{{"flat", fixtureHex(t)}, {"pointy", pointyBoard()}} {
		units := []rules.UnitView{
			{ID: "pv", Name: "Penne Villemur", Short: "pennevillemur", Side: 1, Type: "leader", Color: "#b03a2e", At: "0303", Facing: -1, Values: "brigade", Markers: []string{"activated"}},
		}
		v := &rules.View{Sides: []string{"French", "Allied"}, Board: tc.rb, Style: "counter", Units: units}
		var hl []Highlight
		for col := 1; col <= 5; col++ {
			for row := 1; row <= 5; row++ {
				if at := fmt.Sprintf("%02d%02d", col, row); at != "0303" {
					hl = append(hl, Highlight{At: at, Kind: HLMove, Text: "1 MP"})
				}
			}
		}
		b := NewBoard(tc.rb)
		img := ebiten.NewImage(900, 760)
		cam := Camera{Zoom: 1.6, Rect: img.Bounds()}
		b.Draw(img, cam, v, Overlay{Selected: "pv", Highlights: hl})
		savePNG(t, img, "chiplabels-"+tc.name+".png")
		chips := b.ChipRects()
		if len(chips) != 1 || len(b.LabelRects()) < 10 {
			t.Fatalf("%s: %d chips, %d labels drawn", tc.name, len(chips), len(b.LabelRects()))
		}
		for _, l := range b.LabelRects() {
			if l.Overlaps(chips[0]) {
				t.Errorf("%s: a label at %v covers the ACT chip at %v", tc.name, l, chips[0])
			}
		}
	}
}

// TestRule4_4_ChipNeverCoversItsOwnStacksValues (newcomer issue #18):
// Godinot's "ACT" chip, in the stack of I/55 whose top counter stood a
// little right of the column's edge, covered the "2" of its 6-6-2. The
// column goes where it covers no values of its own stack either.
func TestRule4_4_ChipNeverCoversItsOwnStacksValues(t *testing.T) {
	b := &Board{}
	own := groupKey{"1806", 0}
	keeps := []keepOut{
		// the stack's counters, the top one 6 px right of the others
		{75, 75, 125, 100, 1, own}, {75, 100, 125, 125, 4, own},
		{81, 75, 131, 100, 1, own}, {81, 100, 131, 125, 4, own},
	}
	cg := &chipGroup{x: 126.5, y: 81, top: 75, bot: 125, key: own, leftX: 73.5}
	// every place on the right edge but level with the top crosses the
	// top counter's values; the usual place lies on its name band only
	x, left, y := b.chipPlace(keeps, cg, 18, 12, 12, cg.leftX)
	x0, x1 := x, x+18
	if left {
		x0, x1 = x-18, x
	}
	if c := ownValuesCovered(keeps, x0, y-6, x1, y+6, own); c != 0 {
		t.Errorf("the chip at x %.1f-%.1f, y %.1f covers its own stack's values (%.0f)", x0, x1, y, c)
	}
	// with a neighbour's print at the usual place, it still keeps off
	// its own values (before, the bottom right corner won: own counters
	// did not count)
	keeps = append(keeps, keepOut{126, 70, 176, 95, 1, groupKey{"1906", 0}})
	x, left, y = b.chipPlace(keeps, cg, 18, 12, 12, cg.leftX)
	x0, x1 = x, x+18
	if left {
		x0, x1 = x-18, x
	}
	if c := ownValuesCovered(keeps, x0, y-6, x1, y+6, own); c != 0 {
		t.Errorf("beside a neighbour the chip at x %.1f-%.1f, y %.1f covers its own stack's values (%.0f)", x0, x1, y, c)
	}
}
