package game

import (
	"grognard/rules"
)

// friendUnder is the unit of the deciding side whose counter is under the
// screen point (fx, fy) on a hex map, other than the selected one ("" if
// none). A plain click on it selects it even where its hex is lit for the
// selected unit; Shift+click does the lit action there (newcomer issue #18
// point 6: a click meant to select a friend moved the selected unit onto
// it). Zone maps keep their clicks: a zone is wide and its counters fill
// it.
func (b *BoardScene) friendUnder(v *rules.View, fx, fy float64) string {
	if v == nil || v.Board == nil || v.Board.Kind != "hex" || !b.S.CanAct() {
		return ""
	}
	id, ok := b.RB.PickUnit(b.Cam, v, fx, fy)
	if !ok || id == b.S.Selected {
		return ""
	}
	u, ok := b.S.Unit(id)
	if !ok || u.Side != b.S.Decider() || u.Eliminated {
		return ""
	}
	return id
}

// friendHover is what the hover says over a friend's counter on a hex
// lit for the selected unit: a click selects the friend, Shift+click does
// the lit action. nil when that is not the case.
func (b *BoardScene) friendHover() []string {
	if b.S.Selected == "" || b.hoverLoc == "" || b.hoverUnit == "" {
		return nil
	}
	id := b.friendUnder(b.S.View(), float64(b.mx), float64(b.my))
	if id == "" {
		return nil
	}
	lines := b.S.HoverText(b.hoverLoc)
	_, route := b.S.Routes()[b.hoverLoc]
	if len(lines) == 0 || len(b.S.TargetActions(b.hoverLoc)) == 0 && !route {
		return nil
	}
	u, _ := b.S.Unit(id)
	name := u.Name
	if name == "" {
		name = id
	}
	out := []string{"Click: select " + name, "Shift+click: " + lines[0]}
	return append(out, lines[1:]...)
}
