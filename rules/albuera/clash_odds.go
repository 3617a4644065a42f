package albuera

import (
	"fmt"
	"strings"

	"grognard/rules"
)

// ChoiceOdds is the second row of a Clash subphase button (game's
// choiceOddser): "Clash at 1705: column -3 [15.7]" did not say whether -3
// is good or bad for the side choosing it (newcomer issue #18, turn 2 of
// the scenario played by clicks). The row gives the attacker's chance to
// win from the Clash Table [15.8] (Preview) and what losing costs: two
// Losses and a rout to the Turn track [15.8] (the victors' one Loss is in
// the hover's outcomes and the log; the row has room for one).
// "" for every other action.
func (s *State) ChoiceOdds(a rules.Action) string {
	if a.Kind != "melee" || a.Unit != "" || a.To == "" {
		return ""
	}
	win, den := 0, 0
	for _, l := range s.Preview(a) {
		if strings.HasPrefix(l.Result, "D") || strings.HasPrefix(l.Result, "guns captured") {
			win += l.Num
		}
		den = l.Den
	}
	if den == 0 || s.Side < 0 || s.Side > 1 {
		return ""
	}
	return fmt.Sprintf("%s win %d in %d; loser: 2 Losses, rout [15.8]", sideNames[s.Side], win, den)
}
