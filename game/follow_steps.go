package game

import (
	"image"

	"grognard/render"
)

// A unit going on with its move keeps the camera still (newcomer issue
// #18: each step of the dragoons' run re-centred the map on their whole
// reach, so the next click, aimed at the ringed hex ahead, landed on a
// facing arrow). When the session selects again the unit it selected last
// and the unit and every place it may step to next are in view, the camera
// stays; otherwise followSelection brings the lit hexes into view as
// before.

// followSameUnit reports that the selection repeats the last one followed
// and its next steps are in view (and records the unit followed).
func (b *BoardScene) followSameUnit(a *App) bool {
	id := b.S.Selected
	same := id != "" && id == b.choiceMemo.followed
	b.choiceMemo.followed = id
	return same && b.nextStepsInView(a, id)
}

// nextStepsInView reports whether the unit and the places of its legal
// actions (its next steps, not its whole reach) are on the board clear of
// its edges, the hint strip and the overview.
func (b *BoardScene) nextStepsInView(a *App, id string) bool {
	u, ok := b.S.Unit(id)
	if !ok || u.At == "" {
		return false
	}
	places := []string{u.At}
	for _, act := range b.S.Legal() {
		if act.To != "" && involves(act, id) {
			places = append(places, act.To)
		}
	}
	room := b.aboveHint(b.BoardRect(a)).Inset(int(0.8 * render.HexSize * b.Cam.Zoom))
	mm := b.RB.MinimapBox(b.Cam, b.minimapHidden)
	for _, p := range places {
		x, y, ok := b.ScreenOf(p)
		q := image.Pt(int(x), int(y))
		if !ok || !q.In(room) || q.In(mm) || q.In(b.coverRect) {
			return false
		}
	}
	return true
}
