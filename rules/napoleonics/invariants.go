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
	// By hex index (session 20): the unit and the leader there (unit
	// index + 1) and the side standing there (+ 1); 0 is nobody.
	fm := s.fast()
	nh := len(fm.coords)
	occ := make([]int32, 3*nh)
	units, leaders, sides := occ[:nh], occ[nh:2*nh], occ[2*nh:]
	elim := [2]int{}
	exited := [2]int{}
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
		h := fm.idx(u.At)
		if h < 0 {
			return fmt.Errorf("%s is off the map at %v", u.ID, u.At)
		}
		at := units
		if isLeader(u) {
			at = leaders
		}
		if o := at[h]; o != 0 {
			return fmt.Errorf("%s and %s share hex %s", s.Units[o-1].ID, u.ID, fm.num[h])
		}
		at[h] = int32(i + 1)
		if side := sides[h]; side != 0 && int(side-1) != u.Side {
			return fmt.Errorf("enemies share hex %s (%s) [Units and Leaders]", fm.num[h], u.ID)
		}
		sides[h] = int32(u.Side + 1)
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
