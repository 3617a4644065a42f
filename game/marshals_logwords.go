package game

import (
	"fmt"
	"regexp"
	"strconv"
)

// meleeResult is the end of the melee's log line [5.4.3]: "French wins by
// 13; losses 4/13, retreat 3" - a newcomer could not tell whose losses
// were 4 and whose 13, nor in what.
var meleeResult = regexp.MustCompile(`\b(French|Allied) wins by (\d+); losses (\d+)/(\d+), retreat (\d+)`)

// marshalsLogWords is a Marshals event text as the log and the hand-over
// screen show it: the melee's result in words ("French wins by 13: the
// French lose 4 SS, the Allies 13 SS and retreat 3 zones"). The engine's
// text stays (the recorded replays hash it).
func marshalsLogWords(t string) string {
	return meleeResult.ReplaceAllStringFunc(t, func(m string) string {
		p := meleeResult.FindStringSubmatch(m)
		win, lose := "the French", "the Allies"
		if p[1] == "Allied" {
			win, lose = lose, win
		}
		w, _ := strconv.Atoi(p[3])
		l, _ := strconv.Atoi(p[4])
		r, _ := strconv.Atoi(p[5])
		retreat := "do not retreat"
		switch {
		case r == 1:
			retreat = "retreat 1 zone"
		case r > 1:
			retreat = fmt.Sprintf("retreat %d zones", r)
		}
		return fmt.Sprintf("%s wins by %s: %s lose %s, %s %s and %s", p[1], p[2], win, ssWords(w), lose, ssWords(l), retreat)
	})
}

// ssWords counts strength steps for one and many.
func ssWords(n int) string {
	if n == 0 {
		return "nothing"
	}
	return fmt.Sprintf("%d SS", n)
}
