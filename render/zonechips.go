package render

import (
	"math"

	"grognard/rules"
)

// chipCrowding is how much a chip column x0..x1, top..bot on screen covers
// what is already on the map besides zone names: the chips drawn before it
// this frame (b.chipRects) and the counters of other zones than at. At the
// fit zoom of a Marshals map the chips keep a readable size (about 13 px)
// while the counters are about 10 px, so the chips of Gamonal, Talavera,
// Torrejón and Santa Olalla fell on one another and on the neighbours'
// counters ("BRI" over the Talavera counter, issue #18, Session 20): the
// column goes where it covers least.
func (b *Board) chipCrowding(cam Camera, v *rules.View, at string, x0, x1, top, bot float64) float64 {
	over := func(ax0, ay0, ax1, ay1 float64) float64 {
		return math.Max(0, math.Min(x1, ax1)-math.Max(x0, ax0)) * math.Max(0, math.Min(bot, ay1)-math.Max(top, ay0))
	}
	score := 0.0
	for _, r := range b.chipRects {
		score += 3 * over(float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y))
	}
	if v == nil {
		return score
	}
	z := cam.zoom()
	for i := range b.placed {
		p := &b.placed[i]
		if p.idx < 0 || p.idx >= len(v.Units) || v.Units[p.idx].At == at || p.open {
			continue
		}
		sx, sy := cam.ToScreen(p.cx, p.cy)
		hw, hh := p.w*z/2, p.h*z/2
		score += 2 * over(sx-hw, sy-hh, sx+hw, sy+hh)
	}
	return score
}
