package game

import (
	"image"
	"image/color"
	"math"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// The zone a Marshals decision is about, ringed on the map and brought
// into view (newcomer issue #18: "a multi-step decision always shows its
// next step"). Playing Ocaña by clicks: after "Activate a stack at La
// Guardia" the panel said "click the stack on the map, then a unit, to
// leave it behind [5.1]" while La Guardia was off the screen; and the
// buttons "Activate a stack at Tembleque", "Retreat to Valdemoro",
// "Retraite marker toward Aranjuez" named zones the player had to look
// for. The hovered button's zone is ringed and brought into view, and the
// zone of the stack a new decision is about is brought into view. The
// hex maps have their own (activated.go, choice_units.go).

// zoneFocusMemo is what was last brought into view.
type zoneFocusMemo struct {
	hover, stack string
	// lastAt: where the pointer was at the last update. A button that
	// comes under a pointer left where it clicked (a new decision, a page
	// of the panel turned) does not move the map: playing Ocaña, the
	// click on a Retraite button left the pointer on "Activate a stack at
	// La Calzada de Oropesa" of the next decision, and the map jumped
	// there. Only a move of the pointer onto a button does.
	lastAt image.Point
}

// focusRing is the ring's colour: white over a dark edge, as the
// activated units' outline of the hex maps.
var (
	focusRing     = color.RGBA{0xff, 0xff, 0xff, 0xf0}
	focusRingEdge = color.RGBA{0x20, 0x30, 0x80, 0xd0}
)

// onZoneMap reports whether the board is a zone map the viewer decides on.
func (b *BoardScene) onZoneMap() bool {
	v := b.S.View()
	return v.Board != nil && v.Board.Hex == nil && v.Board.Zones != nil && !b.S.Cover && b.S.CanAct()
}

// hoveredZone is the zone the hovered panel choice names (its To, else
// its From), if that is a zone of the map.
func (b *BoardScene) hoveredZone() string {
	for _, pb := range b.panel {
		if pb.act == nil || pb.isCard || !pb.b.Hot {
			continue
		}
		for _, z := range []string{pb.act.To, pb.act.From} {
			if _, _, ok := b.RB.Center(z); z != "" && ok {
				return z
			}
		}
	}
	return ""
}

// stackZone is the one zone where every unit the legal actions name
// stands (the stack being formed [5.1], the head unit's stack [5.4.3],
// the losses to allot): "" when they stand in several zones or none.
func (b *BoardScene) stackZone() string {
	zones := map[string]bool{}
	for _, a := range b.S.Legal() {
		for _, id := range append([]string{a.Unit}, a.Units...) {
			if id == "" {
				continue
			}
			if u, ok := b.S.Unit(id); ok && u.At != "" && !u.Eliminated {
				zones[u.At] = true
			}
		}
	}
	if len(zones) != 1 {
		return ""
	}
	for z := range zones {
		if _, _, ok := b.RB.Center(z); ok {
			return z
		}
	}
	return ""
}

// focusZone is the zone ringed now: the hovered choice's (the stack a
// decision is about is only brought into view: the window already marks
// the counters that may act, and a ring kept there would cross the zone's
// name for the whole decision).
func (b *BoardScene) focusZone() string {
	if !b.onZoneMap() {
		return ""
	}
	return b.hoveredZone()
}

// followZoneFocus brings a newly hovered choice's zone into view, and the
// zone of the stack a new decision is about (once each: the player's own
// panning stays until the next one).
func (b *BoardScene) followZoneFocus(a *App) {
	at := image.Pt(b.mx, b.my)
	if !b.onZoneMap() {
		// the pointer's place is kept: a hand-over clicked away leaves it
		// resting where the next decision's buttons come
		b.zoneFocus = zoneFocusMemo{lastAt: at}
		return
	}
	moved := at != b.zoneFocus.lastAt
	b.zoneFocus.lastAt = at
	if moved {
		b.layoutPanel(a) // the buttons under the pointer now, not at the last draw
	}
	hz := b.hoveredZone()
	if hz != b.zoneFocus.hover && (hz == "" || moved) {
		b.zoneFocus.hover = hz
		if hz != "" && b.showHexes(a, []string{hz}, false) {
			a.Redraw()
		}
	}
	if hz != "" {
		return
	}
	st := b.S.Game.State.Status()
	sz := b.stackZone()
	key := ""
	if sz != "" {
		key = sz + "|" + st.Phase + "|" + st.SubPhase
	}
	if key != b.zoneFocus.stack {
		b.zoneFocus.stack = key
		if sz != "" {
			places := []string{sz}
			for _, h := range b.S.Highlights() {
				places = append(places, h.At)
			}
			sort.Strings(places[1:])
			if b.showHexes(a, places, true) {
				a.Redraw()
			}
		}
	}
}

// focusRingR is the ring's radius on the screen: just outside the zone's
// disc.
func (b *BoardScene) focusRingR() float64 {
	return math.Max(b.RB.ZoneR()*1.45*b.Cam.Zoom, 22)
}

// focusGap is the half-angle of the ring's opening at the bottom, where
// the zone's name is printed (a whole ring crossed "La Guardia").
const focusGap = 0.7

// drawZoneFocus rings the focus zone, open below over its name, clear of
// the overview, returning the screen rectangle drawn over.
func (b *BoardScene) drawZoneFocus(dst *ebiten.Image) image.Rectangle {
	z := b.focusZone()
	if z == "" {
		return image.Rectangle{}
	}
	mx, my, ok := b.RB.Center(z)
	if !ok {
		return image.Rectangle{}
	}
	x, y := b.Cam.ToScreen(mx, my)
	r := b.focusRingR()
	box := image.Rect(int(x-r)-6, int(y-r)-6, int(x+r)+7, int(y+r)+7)
	var p vector.Path
	p.Arc(float32(x), float32(y), float32(r), math.Pi/2+focusGap, math.Pi/2-focusGap+2*math.Pi, vector.Clockwise)
	drawn := image.Rectangle{}
	// Never over a counter (its values read whole: newcomer issue #18
	// point 7): the ring is broken where a stack stands.
	cuts := []image.Rectangle{b.RB.MinimapBox(b.Cam, b.minimapHidden)}
	for _, c := range b.RB.CounterBoxes(b.Cam, b.S.View(), b.openStack) {
		if c.Body.Inset(-3).Overlaps(box) {
			cuts = append(cuts, c.Body.Inset(-3))
		}
	}
	for _, q := range clearOf(b.Cam.Rect, cuts...) {
		if !q.Overlaps(box) {
			continue
		}
		clip := dst.SubImage(q).(*ebiten.Image)
		for _, st := range []struct {
			w float32
			c color.Color
		}{{5.5, focusRingEdge}, {3, focusRing}} {
			var op vector.DrawPathOptions
			op.AntiAlias = true
			op.ColorScale.ScaleWithColor(st.c)
			vector.StrokePath(clip, &p, &vector.StrokeOptions{Width: st.w, LineCap: vector.LineCapRound}, &op)
		}
		drawn = drawn.Union(box.Intersect(q))
	}
	return drawn
}
