package game

import (
	"fmt"
	"strings"

	"grognard/render"
	"grognard/rules"
)

// idleCardLines is what the side panel's free room says when no unit is
// selected. When the decision is the panel's alone (the event draw, the
// initiative, a drawn event, the commander in chief) it names the button
// to click rather than "Select a unit ... Tab", which led a newcomer to
// look for a counter where there was none (issue #18, Session 20); when
// the decision is a choice among counters listed as buttons (the head
// unit of a Marshals combat [5.4.3]) it says so.
func (b *BoardScene) idleCardLines() []string {
	if b.S.panelDecision() || b.S.unitChoicesInPanel() {
		var labels []string
		for _, pb := range b.panel {
			if pb.act != nil && !pb.isCard {
				labels = append(labels, pb.act.Label)
			}
		}
		var s string
		switch len(labels) {
		case 0:
			return nil
		case 1:
			s = fmt.Sprintf("Nothing to select on the map: click the button \"%s\" above", labels[0])
			for _, pb := range b.panel {
				if pb.act != nil && pb.act.Kind == "end" {
					s += " (or press Space)"
				}
			}
			s += "."
		default:
			s = fmt.Sprintf("Nothing to select on the map: click one of the %d buttons above (point at one to read what it does).", len(labels))
		}
		s = playableCardsFirst(b.panel, s) // marshals_strip.go
		return render.Wrap(s, render.Face(12.5), float64(sideWidth-28))
	}
	if ids, _ := b.S.toDeploy(); len(ids) > 0 { // deploy_list.go
		return render.Wrap(deployHint(len(ids)), render.Face(12.5), float64(sideWidth-28))
	}
	if s := b.composeLine(); s != "" {
		return render.Wrap(s, render.Face(12.5), float64(sideWidth-28))
	}
	return []string{"Select a unit: its card and what it may do", "show here. Tab selects the next one that may act."}
}

// composeLine is what forming a Marshals stack asks [5.1]: the button
// that activates it with every unit, or a unit of the stack to leave
// behind ("" at any other decision). "Select a unit ... Tab" said nothing
// of what the step was for (Session 20, Almonacid).
func (b *BoardScene) composeLine() string {
	if b.S.System.ID != "marshals" || !b.S.CanAct() {
		return ""
	}
	end := ""
	leave := false
	for _, a := range b.S.Legal() {
		switch {
		case a.Kind == "end" && a.Choice == "confirm":
			end = a.Label
		case a.Kind == "choose" && (a.Choice == "leave" || a.Choice == "add") && a.Rule == "5.1":
			leave = true
		}
	}
	if end == "" || !leave {
		return ""
	}
	return fmt.Sprintf("Click \"%s\" above (or press Space) to go with every unit of the stack, or click the stack on the map, then a unit, to leave it behind [5.1].", end)
}

// unitChoicesInPanel reports a Marshals decision that is a choice among
// counters of one stack with no place to click (the head unit [5.4.3],
// a loss to allot [5.4.3]): every legal action is a "choose" naming its
// unit in its label. The stack holds up to 24 counters under markers, so
// these choices are buttons in the side panel (PanelActions), each named.
func (s *Session) unitChoicesInPanel() bool {
	if s.System.ID != "marshals" || !s.CanAct() {
		return false
	}
	acts := s.Legal()
	if len(acts) == 0 {
		return false
	}
	for _, a := range acts {
		if a.Kind == "choose" && a.Choice == "loss-rest" {
			continue // the losses left as proposed (marshals_losses_panel.go)
		}
		if a.Kind != "choose" || a.Unit == "" || a.To != "" || len(a.Units) > 0 {
			return false
		}
		u, ok := s.Unit(a.Unit)
		if !ok || u.Name == "" || !strings.Contains(a.Label, u.Name) {
			return false
		}
	}
	return true
}

// stackPlaceName is the name of a place for the player: a zone's name
// ("Bargas"), not its id ("bargas"); a hex keeps its number.
func stackPlaceName(v *rules.View, at string) string {
	if v != nil && v.Board != nil && v.Board.Zones != nil {
		if z, ok := v.Board.Zones.Zone(at); ok && z.Name != "" {
			return z.Name
		}
	}
	return at
}

// composing reports a Marshals "end" (activate the stack formed [5.1],
// end the move [5.3], go on to the melee [5.4.1], no more combat events
// [4.0]): none of them leaves a unit idle in the sense of the question
// "N units that may still act have not acted". The units of a stack
// confirmed act with it, those left out stay free for a later operation,
// and the other actions offered beside the end are options (an event
// played on a counter, a unit dropped on the way). The question read as
// if the 19 units of the stack just activated would stay idle, and before
// the melee it named the enemy's divisions Panique could strike (issue
// #18, Session 20), so the Marshals never ask it.
func (s *Session) composing(end rules.Action) bool {
	return s.System.ID == "marshals" && end.Kind == "end"
}

// wrapsSub reports a Marshals panel button whose second line (what the
// choice does: "You hold no Initiative marker, so this is your only
// answer ...", the commander's strategic value, the event's effect) does
// not fit on one line of a button w wide in the faces of a button base
// high: it is wrapped over up to render.SubWrapMax lines rather than cut
// with "…" (issue #18: the initiative question's second line was cut).
func (b *BoardScene) wrapsSub(sub string, w, base int) bool {
	return b.S.System.ID == "marshals" && sub != "" && !render.ButtonSubFits(sub, w, base)
}

// panelButtonHeight is the height of a panel button: render.ButtonHeight,
// or taller to hold a wrapped second line (wrapsSub).
func (b *BoardScene) panelButtonHeight(label, sub string, w, base int) int {
	if b.wrapsSub(sub, w, base) {
		return max(render.ButtonHeight(label, sub, w, base), render.ButtonHeightSubWrapped(label, sub, w, base))
	}
	return render.ButtonHeight(label, sub, w, base)
}

// selectionCardRoom is the room kept for the selected unit's card under
// the panel's entries (board.go draws it only from 96 px up).
const selectionCardRoom = 170

// selectionRoom is the room the held hand leaves for the selected unit's
// card in the Marshals: with two or three event markers held, the cards
// took the whole panel and the card of the unit selected (the Allied
// starting decoy to place [7.5], the stack's leader during a move [5.3])
// was not drawn at all (Session 20); the markers that cannot be played
// now are drawn tight or as headings instead (panelItems' three steps).
func (b *BoardScene) selectionRoom() int {
	if b.S.System.ID != "marshals" || b.S.Selected == "" {
		return 0
	}
	if _, ok := b.S.Unit(b.S.Selected); !ok {
		return 0
	}
	return selectionCardRoom
}

// unitPlayInPanel reports a Marshals event play that names a counter and
// no place: Panique on one Spanish division of the enemy stack [EV
// Panique], Redoute on a Spanish infantry division [EV Redoute]. The card
// said "playable now: select the unit it names on the map", but the unit
// is in a stack of up to 24 counters (or the enemy's, revealed only in the
// combat) and nothing showed which; each play is now a button of the side
// panel under the card, named ("choose how with the buttons below").
func (s *Session) unitPlayInPanel(a rules.Action) bool {
	return a.Kind == "play" && a.Unit != "" && a.To == "" && len(a.Units) == 0 && s.System.ID == "marshals"
}

// selectedFirst puts the actions of the selected counter first (in their
// order), then the others: with every head unit or loss of a stack listed
// [5.4.3], the counter the player clicked on the map has its choices at
// the top of the panel, never in the "N more actions" row.
func selectedFirst(acts []rules.Action, sel string) []rules.Action {
	if sel == "" {
		return acts
	}
	out := make([]rules.Action, 0, len(acts))
	for _, a := range acts {
		if a.Unit == sel {
			out = append(out, a)
		}
	}
	if len(out) == 0 || len(out) == len(acts) {
		return acts
	}
	for _, a := range acts {
		if a.Unit != sel {
			out = append(out, a)
		}
	}
	return out
}
