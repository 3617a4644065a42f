package game

import "grognard/rules"

// albueraWhatHere is albueraWhat with what only the position tells: a
// whole stack moved into a hex the enemy holds [12.13] starts a Clash
// there (a Clash Hex [11.10]), which its option said nothing about
// (newcomer issue #18: "Stack of 1/3 and 1 more to 0607 [12.13]" read as
// a plain move). The texts are the book's: one more MP to enter [11.10];
// all the units in the hex fight, Manpower added [15.1], in the Clash
// subphase [15.4]; the defeated take two Losses and rout, the victors one
// Loss [15.8].
func (s *Session) albueraWhatHere(a rules.Action) string {
	if w := albueraWhat(a); w != "" {
		return w
	}
	if a.Kind != "move" || len(a.Units) == 0 || a.To == "" {
		return ""
	}
	mover, ok := s.Unit(a.Unit)
	if !ok {
		return ""
	}
	for _, u := range s.View().Units {
		if u.At == a.To && u.Side >= 0 && u.Side != mover.Side && !u.Eliminated {
			return "starts a Clash [15.1]: +1 MP to enter [11.10]; in subphase 2.4 the loser takes 2 Losses and routs, the winner 1 Loss [15.8]"
		}
	}
	return ""
}
