package napoleonics

import "fmt"

// WhyNotPlay says why the side to act cannot play a card it holds now, with
// the rule ("" when a play of it is legal). The app greys such a card in
// the hand and shows this reason, rather than hiding the card.
func (s *State) WhyNotPlay(card string) string {
	c := s.sys.CardByID[card]
	if c == nil {
		return "no such card"
	}
	if s.Result().Over {
		return "the game is over"
	}
	held := false
	for _, id := range s.Hands[s.Active] {
		if id == card {
			held = true
		}
	}
	switch {
	case !held:
		return fmt.Sprintf("the %s side does not hold it", s.sideName(s.Active))
	case s.Phase != PhCommand:
		return "cards are played in the command phase only [" + rCommand + "]"
	}
	for _, a := range s.playActions() {
		if a.Kind == "play" && a.Choice == card {
			return ""
		}
	}
	if c.Counter && s.sys.CardByID[s.Last[1-s.Active]] == nil {
		return "it copies the card the enemy played last, and the enemy has played none yet [" + rDeckCard(c) + "] (authored)"
	}
	return "not playable now [" + rCommand + "]"
}
