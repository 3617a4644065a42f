package marshals

// The end of the game in the computer's evaluation (#21). The French may
// play the Madrid event marker (it goes into their container when they
// lose the town [S2 SR 8]): the scenario then ends at the end of the
// turn [EV Madrid]. The evaluation counted the turns of the scenario
// only, so the French computer, behind in VP, ended the Retreat and
// Almonacid games at once (Almonacid: "62% to win", lost 7.5 to 9.5 VP):
// the nearness to the VP zones still counted as if turns were left.

// turnsLeft is the turns of the game after this one: none once the
// Madrid marker is played [EV Madrid].
func (s *State) turnsLeft() int {
	if s.EndTurn {
		return 0
	}
	return s.sc.Turns - s.Turn
}

// endSharpness scales the VP lead when the game ends with this turn: what
// is held now is nearly what the game will give [8.0]; the strength left
// no longer counts (Almonacid: the French, stronger but 3 VP behind,
// still played the marker at "64% to win" while their SS counted).
func (s *State) endSharpness() float64 {
	if s.turnsLeft() == 0 {
		return 3
	}
	return 1
}
