package render

import (
	"image"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	"grognard/rules/hex"
)

// LegendWidth is the width DrawLegendView is laid out for (three columns).
const LegendWidth = 450

// legendItem is one entry of the legend: a sample and its words.
type legendItem struct {
	section string
	label   string
	draw    func(dst *ebiten.Image, x, y float64) // sample in a 26x26 box
}

// DrawLegendView draws the key to everything the board of v shows: the
// sides' counter colours, how a counter reads (band, front marker,
// strength), the unit types and every marker on the map now, the terrain
// and hexsides of the map, and the highlights. Entries are laid out in as
// many columns as r holds and shrink to fit: none is cut off.
func DrawLegendView(dst *ebiten.Image, r image.Rectangle, v *rules.View) {
	DrawPanel(dst, r)
	if v == nil {
		return
	}
	items := legendItems(v)
	x, y, w, _ := rectF(r)
	pad := 10.0
	DrawText(dst, "Legend", Bold(15), x+pad, y+pad, colGold)
	top := y + pad + 22
	cols, colW := legendCols(w)
	rowH, titleH, _ := legendFit(items, r)
	sw := math.Min(26, rowH-4)
	cy, n, sec := top, 0, ""
	for _, it := range items {
		if it.section != sec {
			if n%cols != 0 {
				cy += rowH
			}
			n = 0
			sec = it.section
			DrawText(dst, sec, Bold(12.5), x+pad, cy, colTextDim)
			cy += titleH
		}
		ix := x + pad + float64(n%cols)*colW
		iy := cy
		n++
		if n%cols == 0 {
			cy += rowH
		}
		sub := dst.SubImage(image.Rect(int(ix), int(iy), int(ix+sw+2), int(iy+sw+2))).(*ebiten.Image)
		it.draw(sub, ix, iy)
		_ = sub
		legendLabel(dst, it.label, ix+sw+6, iy, colW-sw-10, sw)
	}
}

func legendCols(w float64) (int, float64) {
	cols := max(1, int((w-20)/140))
	return cols, (w - 20) / float64(cols)
}

// legendFit picks the row and title heights that fit the items in r
// (rows shrink from 32 to 20 px) and returns where the last row ends.
func legendFit(items []legendItem, r image.Rectangle) (rowH, titleH, bottom float64) {
	x, y, w, h := rectF(r)
	_ = x
	cols, _ := legendCols(w)
	top := y + 10 + 22
	layout := func(rowH, titleH float64) float64 {
		cy, n, sec := 0.0, 0, ""
		for _, it := range items {
			if it.section != sec {
				if n%cols != 0 {
					cy += rowH
				}
				n = 0
				sec = it.section
				cy += titleH
			}
			if n%cols == 0 {
				cy += rowH
			}
			n++
		}
		return top + cy
	}
	rowH, titleH = 32.0, 18.0
	for rowH > 20 && layout(rowH, titleH) > y+h-10 {
		rowH--
	}
	if layout(rowH, titleH) > y+h-10 {
		titleH = 14
	}
	return rowH, titleH, layout(rowH, titleH)
}

// legendBottom is where the legend's last row ends in r.
func legendBottom(items []legendItem, r image.Rectangle) float64 {
	_, _, b := legendFit(items, r)
	return b
}

// legendLabel writes a label in the box, on two lines or smaller when it
// does not fit on one: never cut.
func legendLabel(dst *ebiten.Image, s string, x, y, w, h float64) {
	for size := 12.5; size >= 9; size -= 0.5 {
		f := Face(size)
		if tw, th := Measure(s, f); tw <= w {
			DrawText(dst, s, f, x, y+(h-th)/2, colText)
			return
		}
		lines := wrapWords(s, f, w)
		lh := lineHeight(f)
		if len(lines) <= 2 && float64(len(lines))*lh <= h+6 {
			ly := y + (h-float64(len(lines))*lh)/2
			for _, l := range lines {
				DrawText(dst, l, f, x, ly, colText)
				ly += lh
			}
			return
		}
	}
	DrawText(dst, s, Face(9), x, y, colText)
}

// wrapWords splits s into lines no wider than w (a word longer than w is a
// line of its own).
func wrapWords(s string, f faceT, w float64) []string {
	var out []string
	cur := ""
	for _, word := range strings.Fields(s) {
		try := word
		if cur != "" {
			try = cur + " " + word
		}
		if tw, _ := Measure(try, f); tw <= w || cur == "" {
			cur = try
			continue
		}
		out = append(out, cur)
		cur = word
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// MarkerName is the full name of a unit or map marker, for the legend.
func MarkerName(m string) string {
	if n := markerLegend(m); n != "" { // markermeaning.go
		return n
	}
	switch {
	case strings.HasPrefix(m, "fired") && len(m) > 5:
		return "Fired (" + m[5:] + ")"
	case strings.HasPrefix(m, "fatigue") && len(m) > 7:
		return "Fatigue " + m[7:]
	case strings.HasPrefix(m, "loss") && len(m) > 4:
		return "Steps lost: " + m[4:]
	case m == "ammo-out":
		return "Out of ammunition"
	case m == "attached":
		return "Leader attached"
	}
	s := strings.ReplaceAll(m, "-", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func typeName(t string) string {
	switch t {
	case "light-infantry":
		return "Light infantry"
	case "light-cavalry":
		return "Light cavalry"
	case "heavy-cavalry":
		return "Heavy cavalry"
	case "horse-artillery":
		return "Horse artillery"
	}
	return MarkerName(t)
}

func legendItems(v *rules.View) []legendItem {
	var items []legendItem
	add := func(sec, label string, draw func(dst *ebiten.Image, x, y float64)) {
		items = append(items, legendItem{sec, label, draw})
	}
	block := v.Style == "block"
	// sides
	for i, name := range v.Sides {
		c := sideBaseOf(v.Sides, i)
		add("Sides", name, func(dst *ebiten.Image, x, y float64) {
			fillRoundRect(dst, x+1, y+1, 24, 24, 3, shade(c, -0.55))
			fillRoundRect(dst, x+1, y+1, 23, 23, 3, c)
		})
	}
	// how a counter reads
	if !block {
		add("Counters", "Band: formation, name", func(dst *ebiten.Image, x, y float64) {
			fillRoundRect(dst, x+1, y+1, 24, 24, 3, shade(ColBourbon, -0.55))
			fillRoundRect(dst, x+1, y+1, 23, 23, 3, ColBourbon)
			fillRect(dst, x+2, y+2, 21, 7, rgb(0x2e, 0x7d, 0x32))
		})
		add("Counters", "Values (the unit card names them)", func(dst *ebiten.Image, x, y float64) {
			drawTextCentered(dst, "4-3", Bold(13), x+13, y+13, colText)
		})
		faced := false
		for _, u := range v.Units {
			faced = faced || u.Facing >= 0 && u.At != ""
		}
		if faced {
			add("Counters", "Front: the way it faces", func(dst *ebiten.Image, x, y float64) {
				fillRoundRect(dst, x+1, y+4, 16, 18, 2, ColBourbon)
				drawImageCentered(dst, frontImage(2), x+21, y+13, 1, 0)
			})
		}
	}
	add("Counters", "Squares: steps left", func(dst *ebiten.Image, x, y float64) {
		fillRect(dst, x+3, y+9, 8, 8, colText)
		strokeRect(dst, x+15, y+9, 8, 8, 1.3, colText)
	})
	add("Counters", "Number: units in stack", func(dst *ebiten.Image, x, y float64) {
		drawImageCentered(dst, badgeImage(2, 4), x+13, y+13, 1, 0)
	})
	// unit types and markers present
	var types, marks, nations []string
	for _, u := range v.Units {
		if u.Hidden && v.Board != nil && v.Board.Zones != nil {
			// an enemy block's front shows its nation (The Marshals
			// [1.1.1]): the BRI and SPA chips
			for _, m := range u.Markers {
				if (m == "british" || m == "spanish") && !slices.Contains(nations, m) {
					nations = append(nations, m)
				}
			}
		}
		if u.Eliminated || u.Hidden {
			continue
		}
		if u.Type != "" && !slices.Contains(types, u.Type) {
			types = append(types, u.Type)
		}
		for _, m := range u.Markers {
			if !slices.Contains(marks, m) {
				marks = append(marks, m)
			}
		}
	}
	for _, m := range v.Markers {
		if !slices.Contains(marks, m.Kind) {
			marks = append(marks, m.Kind)
		}
	}
	slices.Sort(types)
	slices.Sort(marks)
	for _, t := range types {
		add("Unit types", typeName(t), func(dst *ebiten.Image, x, y float64) {
			natoSymbol(gpu{dst}, t, x+11, y+13, 18, 12, colText, rgb(0x60, 0x58, 0x48), 0.5)
		})
	}
	slices.Sort(nations)
	for _, m := range nations {
		add("Nation on an enemy block's front", MarkerName(m), func(dst *ebiten.Image, x, y float64) {
			chip := chipImage(m, 4)
			cw := float64(chip.Bounds().Dx())
			drawImageCentered(dst, chip, x+13, y+13, math.Min(1.2, 26/cw), 0)
		})
	}
	for _, m := range marks {
		if m == "retreat" && v.Board != nil && v.Board.Zones != nil {
			// the Retraite chip of a zone map [5.3.1]: the side's colour,
			// the zone of retreat (see drawZoneMarker)
			add("Markers", "Retraite: axis of retreat", func(dst *ebiten.Image, x, y float64) {
				for i := range min(2, len(v.Sides)) {
					chip := zoneMarkerChip("R →", sideColorFor(v, rules.Side(i)), 4)
					cw := float64(chip.Bounds().Dx())
					drawImageCentered(dst, chip, x+13, y+6+float64(i)*14, math.Min(1, 26/cw), 0)
				}
			})
			continue
		}
		add("Markers", MarkerName(m), func(dst *ebiten.Image, x, y float64) {
			chip := chipImage(m, 4)
			cw := float64(chip.Bounds().Dx())
			drawImageCentered(dst, chip, x+13, y+13, math.Min(1.2, 26/cw), 0)
		})
	}
	b := v.Board
	if b != nil && b.Hex != nil {
		ids := make([]string, 0, len(b.Hex.Terrains))
		for id := range b.Hex.Terrains {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		levels := map[string]int{}
		for _, c := range b.Hex.Cells {
			if c.Level > levels[c.Terrain] {
				levels[c.Terrain] = c.Level
			}
		}
		for _, id := range ids {
			sw := terrainSwatch(id, min(levels[id], 1), b.Hex.Layout.Flat)
			add("Terrain", b.Hex.Terrains[id], func(dst *ebiten.Image, x, y float64) {
				drawImageAt(dst, sw, x-1, y-1, 28/float64(sw.Bounds().Dx()))
			})
		}
		have := map[string]bool{}
		for _, fs := range b.Hex.Sides {
			for _, f := range fs {
				have[f] = true
			}
		}
		for _, c := range b.Hex.Cells {
			for _, f := range c.Feature {
				have[f] = true
			}
		}
		for _, f := range []struct{ id, name string }{{hex.River, "River"}, {hex.Stream, "Stream"}, {hex.Bridge, "Bridge"},
			{hex.Ford, "Ford"}, {hex.Road, "Road"}, {"trail", "Trail"}, {hex.FieldWorks, "Field works"},
			{hex.Slope, "Slope"}, {hex.Wall, "Wall"}, {"ravine", "Ravine"}} {
			if !have[f.id] {
				continue
			}
			id := f.id
			add("Hexsides and roads", f.name, func(dst *ebiten.Image, x, y float64) { sideSample(dst, id, x, y+13) })
		}
	}
	for k := HLMove; k <= HLOther; k++ {
		add("Highlights", hlName(k), func(dst *ebiten.Image, x, y float64) {
			hlSample(dst, k, x-2, y-2)
		})
	}
	return items
}

// LegendKey names what DrawLegendView shows for v (its entries): equal
// keys draw the same legend, so a cached drawing may be reused.
func LegendKey(v *rules.View) string {
	if v == nil {
		return ""
	}
	var sb strings.Builder
	for _, it := range legendItems(v) {
		sb.WriteString(it.label)
		sb.WriteByte('|')
	}
	return sb.String()
}
