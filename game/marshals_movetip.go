package game

import (
	"strings"

	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
)

// marshalsMoveWhat is what a Marshals move does beyond its label: the
// fatigue that follows, whether the enemy's zone stops the stack and what
// then. "Move to Torrijos by road (2 MP)" and "Move in battle order into
// Torrijos (2 MP, no fatigue)" were offered side by side with nothing said
// about the combat that follows either (issue #18, Session 20). "" for an
// action that is not a Marshals move.
func (s *Session) marshalsMoveWhat(a rules.Action) string {
	if s.System.ID != "marshals" || a.Kind != "move" {
		return ""
	}
	switch a.Rule {
	case "5.3.4":
		return "Crosses this one connection into the enemy's zone without any fatigue draw; it cannot force a passage: the stack stops there in contact, and either side may declare a combat in a later operation [5.3.4] [5.4]."
	case "EV Gué":
		return "Crosses the ford in battle order: no fatigue draw; the stack stops beyond it [EV Gué] [5.3.4]."
	case "5.3.5":
		return "The units leave the map: toward a friendly depot they are gone without VP, toward an enemy depot they count for the enemy [5.3.5]."
	case "5.3":
		if s.enemyAt(a.To) {
			return "Enters the enemy's zone: the enemy places his Retraite marker [5.3.1] and the stack draws fatigue markers, one more for the enemy's zone [5.3.2]; then it forces a passage (a combat at once, at -2 CP) or stops there in contact [5.3.3]."
		}
		return "After the connection the stack draws fatigue markers: a unit whose total exceeds its morale stops and loses one SS [5.3.2]."
	}
	return ""
}

// enemyAt reports counters of the other side at loc, as the viewer sees them.
func (s *Session) enemyAt(loc string) bool {
	for _, u := range s.View().Units {
		if (u.At == loc || u.At2 == loc) && u.Side != s.Viewer {
			return true
		}
	}
	return false
}

// moveWhatLines are marshalsMoveWhat's words for the actions on one place,
// wrapped for a hover (each explanation once).
func (s *Session) moveWhatLines(acts []rules.Action) []string {
	var out []string
	seen := map[string]bool{}
	for _, a := range acts {
		w := s.marshalsMoveWhat(a)
		if w == "" || seen[w] {
			continue
		}
		seen[w] = true
		if len(acts) > 1 {
			w = a.Label + ": " + w
		}
		out = append(out, render.Wrap(w, render.Face(12.5), choiceTipWidth+40)...)
	}
	return out
}

// menuHover explains the popup menu's entry under the pointer below the
// menu (above it when the board has no room below), never over it.
func (b *BoardScene) menuHover(dst *ebiten.Image) {
	for i, r := range b.menu {
		if i >= len(b.S.Menu) || !image.Pt(b.mx, b.my).In(r) {
			continue
		}
		lines := b.S.moveWhatLines([]rules.Action{b.S.Menu[i]})
		if len(lines) == 0 {
			return
		}
		w, h := tipSize(lines)
		b.tipAt(dst, b.menuTipBox(b.Cam.Rect, b.menu, w, h), lines) // hover_place.go: clear of the menu and the counters
		return
	}
}

// axisWhatLines says what a Marshals Retraite marker is for [5.3.1]
// [5.3.6]: the buttons "Retraite marker toward Santa Olalla" said only
// where it goes (Session 20); and what the system's ChoiceHover says of
// a choice ("Activate a stack at ..." [5.2], the commander's box [1.3]).
func (s *Session) axisWhatLines(a rules.Action) []string {
	if h, ok := s.Game.State.(choiceHoverer); ok && s.System.ID == "marshals" {
		if w := h.ChoiceHover(a); w != "" {
			return render.Wrap(w, render.Face(12.5), choiceTipWidth)
		}
	}
	if s.System.ID != "marshals" || (a.Rule != "5.3.1" && a.Rule != "5.3.6") || !strings.HasPrefix(a.Label, "Retraite marker") {
		return nil
	}
	w := "Your stack's line of retreat from this contested zone: after a lost combat it retreats first along this connection; a stack fighting with no axis has -2 CP [5.3.1] [5.4.4]."
	return render.Wrap(w, render.Face(12.5), choiceTipWidth)
}

// choiceHoverer is a system whose panel choices say on hover what they do
// (rules/marshals: "Activate a stack at ..." [5.2] said nothing; the
// commander's box [1.3]).
type choiceHoverer interface {
	ChoiceHover(a rules.Action) string
}

// withMoveNote adds to the card of an enemy counter under the pointer
// what a click on its zone does when the Marshals stack moving may go
// there: pointing at Bargas to march on it showed only "Unidentified
// unit, At: Bargas" (the counter's card hides the place's tip), and not
// that the march forces a passage or that battle order draws no fatigue
// [5.3.3] [5.3.4].
func (s *Session) withMoveNote(u rules.UnitView) rules.UnitView {
	if s.System.ID != "marshals" || s.Selected == "" || u.At == "" || u.ID == s.Selected || !s.CanAct() {
		return u
	}
	acts := s.TargetActions(u.At)
	if len(acts) == 0 {
		return u
	}
	// each move a paragraph: its label and what follows it
	c := u
	c.Detail = append([]string(nil), u.Detail...)
	seen := map[string]bool{}
	for _, a := range acts {
		w := s.marshalsMoveWhat(a)
		if w == "" || seen[w] {
			continue
		}
		seen[w] = true
		c.Detail = append(c.Detail, "A click here - "+a.Label+": "+w)
	}
	if len(c.Detail) == len(u.Detail) {
		if lines := s.HoverText(u.At); len(lines) > 0 {
			c.Detail = append(c.Detail, "A click here: "+strings.Join(lines, " "))
		}
	}
	return c
}
