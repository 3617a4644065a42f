package render

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
)

// tightCardLayout is cardLayout for CardLook.Tight: the section on the
// left and the citation on the right of the top row, the name, then the
// whole text in an 11.5 face; every word of the card still shows.
func tightCardLayout(dst *ebiten.Image, x, y, w float64, c rules.Card, look CardLook) float64 {
	pad := 9.0
	cy := y + pad - 1
	ink := colInk
	cite := ""
	if c.Rule != "" {
		cite = "[" + c.Rule + "]"
	}
	cw, _ := Measure(cite, Face(10.5))
	if c.Section != "" || cite != "" {
		if dst != nil {
			if c.Section != "" {
				DrawText(dst, fitText(strings.ToUpper(c.Section), Bold(10), w-2*pad-cw-8), Bold(10), x+pad, cy, colLabel)
			}
			if cite != "" {
				DrawText(dst, cite, Face(10.5), x+w-pad-cw, cy-1, colCardRule)
			}
		}
		cy += 13
	}
	for _, l := range Wrap(c.Name, Bold(13.5), w-2*pad) {
		if dst != nil {
			DrawText(dst, l, Bold(13.5), x+pad, cy, ink)
		}
		cy += lineHeight(Bold(13.5))
	}
	if c.Text != "" {
		f := Face(11.5)
		for _, l := range Wrap(c.Text, f, w-2*pad) {
			if dst != nil {
				DrawText(dst, l, f, x+pad, cy, ink)
			}
			cy += lineHeight(f) - 1
		}
	}
	if look.Why != "" {
		f := Bold(11)
		for _, l := range Wrap(WhyLine(look.Why), f, w-2*pad) {
			if dst != nil {
				DrawText(dst, l, f, x+pad, cy+1, colLabel)
			}
			cy += lineHeight(f)
		}
	}
	return cy + pad - y
}
