package game

import "strings"

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
