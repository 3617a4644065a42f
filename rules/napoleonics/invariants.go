package napoleonics

import (
	"fmt"

	"grognard/rules"
)

// CheckInvariants is the system's own soundness check (rules.Checker), run
// by the playout harness after every action, by `grognard playout --deep`
// and by the tests: one unit and one leader a hex [Units and Leaders],
// enemies never in one hex, hands of the right size between turns, banners
// counted once, blocks never negative nor above the card, cards conserved,
// and the decider always has an action unless the game is over.
func (s *State) CheckInvariants() error {
	units := make(map[string]string, len(s.Units))
	leaders := make(map[string]string, len(s.Units))
	elim := [2]int{}
	exited := [2]int{}
	sides := make(map[string]int, len(s.Units))
	for i := range s.Units {
		u := &s.Units[i]
		if u.Blocks < 0 || (u.Gone == "" && u.Blocks == 0) {
			return fmt.Errorf("%s has %d blocks", u.ID, u.Blocks)
		}
		if u.Blocks > s.card(u).Blocks {
			return fmt.Errorf("%s has %d blocks, more than its card", u.ID, u.Blocks)
		}
		switch u.Gone {
		case "eliminated":
			elim[1-u.Side]++
			continue
		case "exited":
			exited[u.Side]++
			continue
		}
		if !s.sc.Map.On(u.At) {
			return fmt.Errorf("%s is off the map at %v", u.ID, u.At)
		}
		occ := units
		if isLeader(u) {
			occ = leaders
		}
		if o, ok := occ[s.num(u.At)]; ok {
			return fmt.Errorf("%s and %s share hex %s", o, u.ID, s.num(u.At))
		}
		occ[s.num(u.At)] = u.ID
		if side, ok := sides[s.num(u.At)]; ok && side != u.Side {
			return fmt.Errorf("enemies share hex %s (%s) [Units and Leaders]", s.num(u.At), u.ID)
		}
		sides[s.num(u.At)] = u.Side
		if u.Square != (u.SquareCard != "") {
			return fmt.Errorf("%s square marker without its card", u.ID)
		}
	}
	for side := 0; side < 2; side++ {
		if s.Banners[side] != elim[side]+exited[side] {
			return fmt.Errorf("%s has %d banners for %d eliminations and %d exits", s.sideName(side), s.Banners[side], elim[side], exited[side])
		}
	}
	// Hands: between turns (command phase) each side holds its hand size
	// less the cards set aside under squares.
	if s.Phase == PhCommand {
		for side := 0; side < 2; side++ {
			if got, want := len(s.Hands[side])+s.squareCards(side), s.handSize(side); got != want {
				return fmt.Errorf("turn %d: %s holds %d cards (+%d aside), want %d", s.Turn, s.sideName(side), len(s.Hands[side]), s.squareCards(side), want)
			}
		}
	}
	// Every card is somewhere exactly once.
	n := total(s.Pile) + total(s.Discard) + len(s.Hands[0]) + len(s.Hands[1]) + s.squareCards(0) + s.squareCards(1)
	if s.Draw != nil {
		n += len(s.Draw.Drawn)
	}
	want := 0
	for _, c := range s.sys.Cards {
		want += c.Copies
	}
	if n != want {
		return fmt.Errorf("%d cards in play, want %d", n, want)
	}
	if !s.Result().Over && len(s.Legal()) == 0 {
		st := s.Status()
		return fmt.Errorf("the decider (%s) has no legal action (turn %d, %s)", st.Decider, st.Turn, st.Phase)
	}
	return nil
}

var _ rules.Checker = (*State)(nil)
