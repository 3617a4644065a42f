package game

// nextStep shows a multi-step decision's next step: when the unit that was
// selected has nothing left to do after an action and exactly one unit
// may act now (the next starting decoy to place [7.5], the next unit of a
// set-up), that unit is selected for the player, so its lit places show
// at once and the board brings it into view (Session.autoSels). With
// several units able to act the selection stays (its card keeps showing
// what was done).
func (s *Session) nextStep() {
	prev := s.Selected
	if prev == "" || !s.CanAct() || s.hasActions(prev) {
		return
	}
	s.Selected = ""
	s.autoSelect()
	if s.Selected == "" {
		s.Selected = prev
		return
	}
	s.changed()
}
