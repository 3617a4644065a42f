package game

import (
	"fmt"
	"strings"
)

// composeStrip is the status strip's advice while a Marshals stack is
// formed [5.1]: the strip said "form the stack [5.1]. Click a unit to see
// what it may do (Tab: next unit)" while the side panel, too short under
// the held markers for its own advice, showed only "Activate this stack"
// - a newcomer did not know that the step was to leave units behind or
// go. It now says what the panel's advice says (composeLine), pointing to
// the right; "" at any other decision.
func (b *BoardScene) composeStrip() string {
	c := b.composeLine() // panel_guide.go
	if c == "" {
		return ""
	}
	return strings.Replace(c, " above", " on the right", 1)
}

// playableCardsFirst puts the held markers playable now before the
// panel's advice: in the combat events window [EV Mitraille] the French
// read "Nothing to select on the map: click the button "No (more) combat
// events" above" while the Mitraille card above it could be clicked to
// play it, and nothing said so.
func playableCardsFirst(panel []panelButton, advice string) string {
	var names []string
	for _, pb := range panel {
		if pb.isCard && pb.act != nil && pb.card != nil {
			names = append(names, "\""+pb.card.Name+"\"")
		}
	}
	switch len(names) {
	case 0:
		return advice
	case 1:
		return fmt.Sprintf("Click the card %s to play it now. %s", names[0], advice)
	}
	return fmt.Sprintf("Click one of the cards %s to play it now. %s", strings.Join(names, ", "), advice)
}
