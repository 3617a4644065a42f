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
// losses 1/4, retreat 2", the Albuera Clash result "D+1 - French lose",
// neither saying whose losses are whose nor what they mean; a loss
// allotment said "allot a loss" with no word of how many remain. The
// Albuera engine's texts stay as they are (they are pinned by its recorded
// games); the screen says them whole. The Marshals engine says its melee
// result whole itself (rules/marshals melee_words.go).

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

var (
	// "Clash at 0605, column -1, die 5: D+1 - French lose" (rules/albuera clash.go)
	clashLoser = regexp.MustCompile(`: ([AD])\+(\d+) - (\S+) lose\b`)
)

// otherSide is the name of the side that is not name among the view's
// sides ("" when there are not two).
func (s *Session) otherSide(name string) string {
	v := s.View()
	if v == nil || len(v.Sides) != 2 {
		return ""
	}
	if strings.EqualFold(v.Sides[0], name) {
		return v.Sides[1]
	}
	if strings.EqualFold(v.Sides[1], name) {
		return v.Sides[0]
	}
	return ""
}

// clashWords says what an Albuera Clash result means for each side: "D+1
// - French lose (shifts) [15.8]" is followed by "; the French: 2 Losses
// and rout to the Turn track, back in 1 turn; the Allied victors: 1 Loss
// [15.8]" (no Loss against companies in Skirmish Order [8.10], a lone
// one-step victor checks Morale instead [15.9]: the log's next lines say
// so).
func (s *Session) clashWords(t string) string {
	p := clashLoser.FindStringSubmatch(t)
	if p == nil {
		return t
	}
	win := s.otherSide(p[3])
	if win == "" {
		win = "other"
	}
	return t + fmt.Sprintf("; the %s lose the Clash: 2 Losses and rout to the Turn track, back in %s; the %s victors take 1 Loss [15.8]",
		p[3], turnWord(p[2]), win)
}

// turnWord is "1 turn", "2 turns".
func turnWord(n string) string {
	if n == "1" {
		return "1 turn"
	}
	return n + " turns"
}

// combatWords is an event text with its combat result said whole (other
// texts unchanged).
func (s *Session) combatWords(t string) string {
	// (the Marshals melee result is said whole by rules/marshals itself,
	// melee_words.go)
	switch s.System.ID {
	case "albuera":
		if strings.HasPrefix(t, "Clash at ") {
			return s.clashWords(t)
		}
	}
	return t
}
