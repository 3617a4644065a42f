package game

// nextStep shows a multi-step decision's next step: when the unit that was
// selected has nothing left to do after an action and exactly one unit
// may act now (the next starting decoy to place [7.5], the next unit of a
// set-up), that unit is selected for the player, so its lit places show
// at once and the board brings it into view (Session.autoSels). With
// several units able to act the selection stays (its card keeps showing
// what was done); when no counter may act and the decision is the panel's
// (the commander in chief after the last decoy), the selection is cleared
// so the counter done with says nothing misleading ("no move is under
// way") and the status strip points at the panel.
func (s *Session) nextStep() {
	prev := s.Selected
	if prev == "" || !s.CanAct() || s.hasActions(prev) {
		return
	}
	s.Selected = ""
	s.autoSelect()
	if s.Selected == "" && s.nextToDeploy(prev) { // the next unit to deploy [4] (deploy_list.go)
		return
	}
	if _, still := s.Unit(prev); s.Selected == "" && !s.panelDecision() && still {
		s.Selected = prev // (a counter destroyed is not: its status read "no such zone")
		return
	}
	s.changed()
}

// panelDecision reports a decision that names no counter (a drawn event, the
// commander in chief, the initiative): every legal action is the panel's.
func (s *Session) panelDecision() bool {
	if !s.CanAct() {
		return false
	}
	acts := s.Legal()
	for _, a := range acts {
		if a.Unit != "" || len(a.Units) > 0 {
			return false
		}
	}
	return len(acts) > 0 && len(s.PanelActions()) > 0
}
