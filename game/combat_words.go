package game

import (
	"fmt"
	"regexp"
	"strings"

	"grognard/rules"
)

// Words for a combat's outcome (newcomer issue #18, left over in
// docs/NOTES.md): the Marshals melee result read "French wins by 3;
// losses 1/4, retreat 2", not saying whose losses are whose nor what they mean; a loss
// allotment said "allot a loss" with no word of how many remain. The
// engines' texts stay as they are (they are pinned by the recorded games
// of rules/marshals); the screen says them whole. (The Albuera Clash
// result says each side's Losses in its own event text, rules/albuera
// clashOutcome.)

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
			taken++
		}
	}
	return side, left, left + taken, true
}

// combatResult reports the event that gives a combat's losses: the
// Marshals melee [5.4.3], the Albuera Clash [15.8] (or an attack on a
// lone battery [10.10]).
func combatResult(e rules.Event) bool {
	return strings.HasPrefix(e.Text, "Melee at ") || strings.HasPrefix(e.Text, "Clash at ") || strings.HasPrefix(e.Text, "The attack on the battery")
}

// takenLoss reports an event that records one loss taken by a unit the
// player chose: "French loses 1 SS from ..." [5.4.3], "... suffers a Loss
// (Manpower 3)" or "... is eliminated" [15.8], [3.4].
func takenLoss(e rules.Event) bool {
	return e.Kind == "loss" || strings.Contains(e.Text, " suffers a Loss") || strings.HasSuffix(e.Text, " is eliminated")
}

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
	// "French wins by 3; losses 1/4, retreat 2" (rules/marshals combat.go)
	meleeLosses = regexp.MustCompile(`(\S+) wins by (\d+); losses (\d+)/(\d+), retreat (\d+)`)
	// "French wins: losses 1/4, retreat 2" (rules/marshals preview.go)
	meleeOddsLosses = regexp.MustCompile(`^(\S+) wins: losses (\d+)/(\d+), retreat (\d+)`)
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

// ssWord is "1 SS" or "nothing".
func ssWord(n string) string {
	if n == "0" {
		return "nothing"
	}
	return n + " SS"
}

// meleeWords says whose losses a Marshals melee result gives: "French
// wins by 3: the French lose 1 SS, the Allied 4 SS and retreat 2 zones
// [5.4.3], [5.4.4]".
func (s *Session) meleeWords(t string) string {
	return meleeLosses.ReplaceAllStringFunc(t, func(m string) string {
		p := meleeLosses.FindStringSubmatch(m)
		win, lose := p[1], s.otherSide(p[1])
		if lose == "" {
			lose = "the loser"
		}
		retreat := "retreat " + zones(p[5])
		if p[5] == "0" {
			retreat = "do not retreat"
		}
		return fmt.Sprintf("%s wins by %s: the %s (victors) lose %s, the %s lose %s and %s [5.4.3], [5.4.4]",
			win, p[2], win, ssWord(p[3]), lose, ssWord(p[4]), retreat)
	})
}

// zones is "1 zone", "2 zones", "0 zones" said as "no zone".
func zones(n string) string {
	switch n {
	case "0":
		return "no zone"
	case "1":
		return "1 zone"
	}
	return n + " zones"
}

// meleeOddsWords is a Marshals melee odds line with whose losses are
// whose: "French win: French lose 1 SS, Allied 4 SS, retreat 2 zones".
func (s *Session) meleeOddsWords(r string) string {
	p := meleeOddsLosses.FindStringSubmatch(r)
	if p == nil {
		return r
	}
	lose := s.otherSide(p[1])
	if lose == "" {
		lose = "loser"
	}
	return fmt.Sprintf("%s win: %s lose %s, %s lose %s and retreat %s", p[1], p[1], ssWord(p[2]), lose, ssWord(p[3]), zones(p[4])) + r[len(p[0]):]
}

// combatWords is an event text with its combat result said whole (other
// texts unchanged).
func (s *Session) combatWords(t string) string {
	switch s.System.ID {
	case "marshals":
		if strings.Contains(t, "; losses ") {
			return s.meleeWords(t)
		}
	}
	return t
}

// oddsWords is a combat's odds lines with the Marshals melee results
// saying whose losses are whose (a copy; other systems unchanged).
func (s *Session) oddsWords(lines []rules.OddsLine) []rules.OddsLine {
	if s.System.ID != "marshals" {
		return lines
	}
	out := make([]rules.OddsLine, len(lines))
	for i, l := range lines {
		l.Result = s.meleeOddsWords(l.Result)
		out[i] = l
	}
	return out
}
