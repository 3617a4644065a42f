package game

import (
	"math"

	"grognard/render"
	"grognard/rules"
)

// oddsW is the odds panel's usual width.
const oddsW = 440

// oddsLabelShare is the share of the panel's width a row's words may take
// (render.DrawOdds: the bar and "n/6 xx.x%" take the rest).
const oddsLabelShare = 0.55

// oddsWidth is the width of an odds panel that shows every row's words
// whole: the usual width, or wider (up to most) for a long outcome. The
// Almansa shock odds [13] showed "defender loses 1 step(s), defender ch…",
// cut before the morale check a player weighs (issue #18, Almansa played
// by clicks).
func oddsWidth(lines []rules.OddsLine, most int) int {
	need := 0.0
	for _, l := range lines {
		w, _ := render.Measure(l.Result, render.Face(12.5))
		need = math.Max(need, w+8+6) // DrawOdds: its margin and fitText's
	}
	w := int(math.Ceil(need / oddsLabelShare))
	return max(oddsW, min(w, most))
}
