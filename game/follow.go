package game

import "grognard/render"

// selectedSpot is the map point of the selected unit's hex or zone (ok
// false when nothing is selected or the unit is not on the map: a decoy
// still to be placed, a unit eliminated).
func (b *BoardScene) selectedSpot() (float64, float64, bool) {
	id := b.S.Selected
	if id == "" {
		return 0, 0, false
	}
	for _, u := range b.S.View().Units {
		if u.ID == id && !u.Eliminated && u.At != "" {
			return b.RB.Center(u.At)
		}
	}
	return 0, 0, false
}

// showSelected pans the camera, at its zoom, so the selected unit is on
// the screen: its centre at least two hexes (and never less than 80
// pixels) inside the board viewport, so the hexes around it and its stack
// show too and the status line at the bottom does not cover it, clear of
// the overview in its
// corner. A unit already there leaves the camera alone; one outside is
// brought just inside the edge it was beyond, so the rest of the view
// stays; one under the overview is brought to the middle. It reports
// whether the camera moved. The board calls it when the session selected
// a unit for the player (the opening chit's commander [4.5], a reaction,
// the stack of an activation, after a hand-over) and on Tab: units the
// player did not pick on the screen.
func (b *BoardScene) showSelected(a *App) bool {
	mx, my, ok := b.selectedSpot()
	if !ok {
		return false
	}
	r := b.BoardRect(a)
	m := max(80, int(2*render.HexSize*b.Cam.Zoom))
	in := r.Inset(m)
	sx, sy := b.Cam.ToScreen(mx, my)
	dx, dy := past(sx, in.Min.X, in.Max.X), past(sy, in.Min.Y, in.Max.Y)
	if in.Empty() || b.underMinimap(sx-dx, sy-dy, float64(m)/2) {
		c := r.Min.Add(r.Max).Div(2)
		dx, dy = sx-float64(c.X), sy-float64(c.Y)
	}
	if dx == 0 && dy == 0 {
		return false
	}
	was := b.Cam
	b.pan(dx, dy)
	return b.Cam != was
}

// past is how far v lies beyond [lo, hi] (negative below lo), 0 inside.
func past(v float64, lo, hi int) float64 {
	switch {
	case v < float64(lo):
		return v - float64(lo)
	case v > float64(hi):
		return v - float64(hi)
	}
	return 0
}

// underMinimap reports whether any part of a counter of half-size h at
// the screen point (x, y) would be under the overview.
func (b *BoardScene) underMinimap(x, y, h float64) bool {
	for _, p := range [][2]float64{{x, y}, {x - h, y - h}, {x + h, y - h}, {x - h, y + h}, {x + h, y + h}} {
		if b.RB.MinimapAt(b.Cam, p[0], p[1]) {
			return true
		}
	}
	return false
}

// followSelection brings the unit the session selected for the player
// into view once per such selection (Session.autoSels).
func (b *BoardScene) followSelection(a *App) {
	if b.S.autoSels == b.autoSeen {
		return
	}
	b.autoSeen = b.S.autoSels
	if b.followSameUnit(a) { // follow_steps.go: a unit going on stays put
		return
	}
	lit := b.showLit(a) // with its lit hexes (activated.go)
	if b.showSelected(a) || lit {
		a.Redraw()
	}
}
