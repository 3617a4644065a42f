package game

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"grognard/rules"
)

// Words for a combat's outcome (newcomer issue #18, left over in
// docs/NOTES.md): the Marshals melee result read "French wins by 3;
// losses 1/4, retreat 2", not saying whose losses are whose nor what they mean; a loss
// allotment said "allot a loss" with no word of how many remain. The
// Albuera Clash result and the Marshals melee result are said whole by
// their engines (rules/albuera clashOutcome, rules/marshals
// melee_words.go).

// lossAllotter is a system whose pending decision may be the allotment of
// a combat's losses: the side choosing and how many are still to allot,
// this choice included (rules/albuera, rules/marshals LossesToAllot).
type lossAllotter interface {
	LossesToAllot() (side, left int)
}

// lossesLeft is the side allotting losses now, how many are still to
// allot (this choice included) and how many the combat gave that side in
// all: those left and those it has taken since the combat's result in the
// log. ok is false when no loss waits.
func (s *Session) lossesLeft() (side, left, total int, ok bool) {
	la, is := s.Game.State.(lossAllotter)
	if !is {
		return -1, 0, 0, false
	}
	side, left = la.LossesToAllot()
	if left <= 0 || side < 0 {
		return -1, 0, 0, false
	}
	taken := 0
	for i := len(s.Game.Log) - 1; i >= 0; i-- {
		e := s.Game.Log[i]
		if combatResult(e) {
			break
		}
		if int(e.Side) == side && takenLoss(e) {
			taken += lossesIn(e)
		}
	}
	return side, left, left + taken, true
}

// combatResult reports the event that gives a combat's losses: the
// Marshals melee [5.4.3], the Albuera Clash [15.8] (or an attack on a
// lone battery [10.10]).
func combatResult(e rules.Event) bool {
	return strings.HasPrefix(e.Text, "Melee at ") || strings.HasPrefix(e.Text, "Clash at ") || strings.HasPrefix(e.Text, "The attack on the battery") ||
		marshalsMoreLosses(e)
}

// marshalsMoreLosses reports a Marshals event that gives a side losses
// after the melee's: the river crossed in retreat [7.7], a blocked retreat
// [5.4.4], the pursuit [5.4.6]. Their count starts anew ("1 loss to
// allot", not "1 of 14": seen in a Talavera game played by clicks).
func marshalsMoreLosses(e rules.Event) bool {
	return strings.HasSuffix(e.Text, " SS crossing the river in retreat") || strings.Contains(e.Text, " cannot retreat: ") ||
		strings.HasPrefix(e.Text, "Pursuit") && strings.Contains(e.Text, " more SS lost")
}

// takenLoss reports an event that records one loss taken by a unit the
// player chose: "French loses 1 SS from ..." [5.4.3], "... suffers a Loss
// (Manpower 3)" or "... is eliminated" [15.8], [3.4].
func takenLoss(e rules.Event) bool {
	return e.Kind == "loss" || strings.Contains(e.Text, " suffers a Loss") || strings.HasSuffix(e.Text, " is eliminated")
}

// lossesIn is the number of losses a taken-loss event records: "French
// loses 4 SS from Ruffin" (a unit's losses allotted at once, rules/marshals
// losses_bulk.go) is 4, any other 1.
func lossesIn(e rules.Event) int {
	if m := manyLosses.FindStringSubmatch(e.Text); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil && n > 0 {
			return n
		}
	}
	return 1
}

var manyLosses = regexp.MustCompile(`^\S+ loses (\d+) SS from `)

// lossesLeftText is "2 of 3 losses still to allot" (lossesWords) while a combat's
// losses are being allotted ("" otherwise).
func (s *Session) lossesLeftText() string {
	_, left, total, ok := s.lossesLeft()
	if !ok {
		return ""
	}
	word := "losses"
	if s.System.ID == "albuera" {
		word = "Losses" // the book's capital [3.4]
	}
	return lossesWords(left, total, word)
}

// lossesWords is "1 loss to allot", "3 losses to allot" (none allotted
// yet), "2 of 3 losses still to allot".
func lossesWords(left, total int, word string) string {
	switch {
	case total == 1:
		return "1 " + strings.TrimSuffix(word, "es") + " to allot"
	case left == total:
		return fmt.Sprintf("%d %s to allot", left, word)
	}
	return fmt.Sprintf("%d of %d %s still to allot", left, total, word)
}

// promptWords is the decision's prompt as the status strip shows it: with
// the losses still to allot when a combat's losses are being allotted.
func (s *Session) promptWords(p string) string {
	if p == "" {
		return p
	}
	if l := s.lossesLeftText(); l != "" {
		return p + " (" + l + ")"
	}
	return p
}
