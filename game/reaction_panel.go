package game

// soleChooser is the unit a decision is about when every legal action is a
// choice of that one unit with no place (an Albuera reaction [13.1], a
// square attempt [7.2]) and the selected unit has no action of its own:
// the panel keeps showing that unit's options (newcomer issue #18: a
// second click on the hex the mover had just entered selected the mover,
// an enemy unit, and the reaction's options vanished from the panel).
func (s *Session) soleChooser() string {
	sole := ""
	for _, a := range s.Legal() {
		if a.Kind != "choose" || a.Unit == "" || a.To != "" || len(a.Units) > 0 || sole != "" && a.Unit != sole {
			return ""
		}
		sole = a.Unit
	}
	if sole == "" || sole == s.Selected || s.hasActions(s.Selected) {
		return ""
	}
	return sole
}
