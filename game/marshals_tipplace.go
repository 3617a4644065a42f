package game

import (
	"image"
	"math"

	"grognard/render"
	"grognard/rules/marshals"
)

// tipClearOfFocus moves the hover tip of a panel choice (drawn left of
// the panel at the button's height) off the zone of the selected Marshals
// stack: the tip of "Keep the fatigue marker" [5.3.2] covered Bargas,
// where the stack that draws it stands with its Retraite markers, and the
// tip of "Activate a stack at Torrijos" covered Torrijos. It returns the
// y to draw the tip at (tooltip's own y), below the zone when the window
// has room there, else above it; y unchanged when nothing is covered.
func (b *BoardScene) tipClearOfFocus(x, y float64, lines []string, screen image.Rectangle) float64 {
	if b.S.System.ID != "marshals" || len(lines) == 0 {
		return y
	}
	at := marshalsFocus(b.S)
	if at == "" {
		return y
	}
	fx, fy, ok := b.ScreenOf(at)
	if !ok {
		return y
	}
	f := render.Face(12.5)
	w, lh := 0.0, 0.0
	for _, l := range lines {
		lw, h := render.Measure(l, f)
		w, lh = math.Max(w, lw), math.Max(lh, h)
	}
	bw, bh := int(w)+20, int(float64(len(lines))*(lh+2))+16
	r := func(y float64) image.Rectangle { // as tooltip places it
		tx, ty := x+14, y+16
		return image.Rect(int(tx), int(ty), int(tx)+bw, int(ty)+bh)
	}
	zone := image.Rect(int(fx)-40, int(fy)-40, int(fx)+40, int(fy)+40)
	// the places lit for the selected counter stay in view too (helper
	// marshals-ui: a tip of a button left under the pointer by the last
	// click covered a decoy's lit places in the Ocaña walkthrough)
	var lit []image.Rectangle
	for _, h := range b.S.Highlights() {
		if hx, hy, ok := b.ScreenOf(h.At); ok {
			lit = append(lit, image.Rect(int(hx)-30, int(hy)-30, int(hx)+30, int(hy)+30))
		}
	}
	clear := func(y float64) bool {
		if r(y).Overlaps(zone) {
			return false
		}
		for _, z := range lit {
			if r(y).Overlaps(z) {
				return false
			}
		}
		return true
	}
	if clear(y) {
		return y
	}
	fits := func(y float64) bool {
		return int(y)+16+bh <= screen.Max.Y-4 && y+16 >= float64(screen.Min.Y+4)
	}
	below := float64(zone.Max.Y) - 16 + 4
	above := float64(zone.Min.Y-bh) - 16 - 4
	for _, c := range []float64{below, above} {
		if fits(c) && clear(c) {
			return c
		}
	}
	for c := float64(screen.Min.Y); int(c)+16+bh <= screen.Max.Y-4; c += 12 {
		if fits(c) && clear(c) {
			return c
		}
	}
	if !r(y).Overlaps(zone) {
		return y
	}
	if fits(below) {
		return below
	}
	if fits(above) {
		return above
	}
	return y
}

// marshalsFocus is the zone a Marshals decision is about: the selected
// counter's, else the moving stack's (public: it stands on the map) while
// its fatigue is drawn or its passage forced [5.3.2] [5.3.3], the
// combat's zone [5.4]; "" if none.
func marshalsFocus(s *Session) string {
	if u, ok := s.Unit(s.Selected); ok && u.At != "" {
		return u.At
	}
	if st, ok := s.Game.State.(*marshals.State); ok {
		switch {
		case st.Move != nil:
			return st.Move.Zone
		case st.Combat != nil:
			return st.Combat.Zone
		}
	}
	return ""
}
