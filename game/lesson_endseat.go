package game

// endSeat: a finished lesson shows the board as the side that began it sees
// it (the side of its first step), so the book's result stands on that
// side's own counters, not on the other side's view of them as hidden
// fronts (a hidden-information system hands the seat to the next decider
// after the last step: in a Marshals lesson the book's result would then be
// a row of "?" blocks). One person plays both sides of a lesson, and each
// side sees only its own View [#19] [7.6].
func (ls *lessonScene) endSeat(s *Session) {
	d := ls.run.TryItYourself().Status().Decider
	if d < 0 || s.Viewer == d && !s.Cover && !s.Handover {
		return
	}
	s.Cover, s.Handover, s.Public = false, false, false
	s.Viewer, s.Holder, s.Seat = d, d, d
	s.Selected = ""
	s.view = nil
}
