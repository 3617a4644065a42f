package game

import (
	"strings"
)

// closeAsk is the question asked before a unit's move closes the
// formation that was moving [10]. It read "Formations move one after
// another: once this unit moves, the other may move no more this phase"
// with the buttons "Move" and "Keep moving it": "it" and "the other" left
// the player guessing which unit and which formation were meant (issue
// #18, Almansa played by clicks). The question now names both: "Move
// Navarre (Enter)", "Keep moving Labadie (Esc)".
func (b *BoardScene) closeAsk(w string) (title, text, yes, no string) {
	unit := "this unit"
	if u, ok := b.S.Unit(b.S.Selected); ok && u.Name != "" {
		unit = u.Name
	}
	form := closingFormation(w)
	title = "Close formation " + form + "?"
	if form == "" {
		form, title = "the formation that was moving", "Close the formation?"
	}
	text = w + ". Formations move one after another: once " + unit + " moves, " + form + " may move no more this phase."
	yes = "Move " + unit + " (Enter)"
	no = "Keep moving " + form + " (Esc)"
	if form == "the formation that was moving" {
		no = "Not now (Esc)"
	}
	return title, text, yes, no
}

// closingFormation is the formation's name in Session.Closing's words
// ("Closes formation Labadie with 6 units unmoved [10]", "Closes formation
// Labadie: it may move no more [10]"), "" when it names none.
func closingFormation(w string) string {
	rest, ok := strings.CutPrefix(w, "Closes formation ")
	if !ok {
		return ""
	}
	for _, end := range []string{" with ", ": "} {
		if i := strings.Index(rest, end); i > 0 {
			return rest[:i]
		}
	}
	return ""
}
