package marshals

import "fmt"

// Words of a melee's result [5.4.3] [5.4.4] (issue #18: "French wins by 3;
// losses 1/4, retreat 2" said neither whose losses were whose nor what
// they meant; the window rewrote it with a regular expression). The
// engine says it whole: "French wins by 3: the French (victors) lose 1
// SS, the Allied lose 4 SS and retreat 2 zones [5.4.4]" (the event's rule, [5.4.3], follows).

// ssWords is "1 SS", "nothing".
func ssWords(n int) string {
	if n <= 0 {
		return "nothing"
	}
	return fmt.Sprintf("%d SS", n)
}

// zoneWords is "1 zone", "2 zones".
func zoneWords(n int) string {
	if n == 1 {
		return "1 zone"
	}
	return fmt.Sprintf("%d zones", n)
}

// meleeWinWords follows the CP of a melee won by winner: the losses of
// both sides and the loser's retreat; ratio says the winner's losses were
// cancelled by a strength ratio above 6 [5.4.3].
func meleeWinWords(winner, diff, w, l, retreat int, ratio bool) string {
	win := ssWords(w)
	if ratio {
		win = "nothing (strength ratio above 6)"
	}
	back := "retreat " + zoneWords(retreat) + " [5.4.4]"
	if retreat <= 0 {
		back = "do not retreat"
	}
	return fmt.Sprintf(": %s wins by %d: the %s (victors) lose %s, the %s lose %s and %s",
		sideNames[winner], diff, sideNames[winner], win, sideNames[1-winner], ssWords(l), back)
}

// meleeDrawWords follows the CP of a drawn melee: both lose the same, no
// retreat, no pursuit [5.4.3].
func meleeDrawWords(n int) string {
	return fmt.Sprintf(": difference 0, a draw: each side loses %s, no retreat and no pursuit", ssWords(n))
}

// meleeOddsWords is one line of a melee's odds [5.4.3]: "French win: the
// French lose 1 SS, the Allied lose 4 SS and retreat 2 zones".
func meleeOddsWords(winner, w, l, retreat int) string {
	back := "retreat " + zoneWords(retreat)
	if retreat <= 0 {
		back = "do not retreat"
	}
	return fmt.Sprintf("%s win: the %s lose %s, the %s lose %s and %s", sideNames[winner], sideNames[winner], ssWords(w), sideNames[1-winner], ssWords(l), back)
}

// meleeDrawOddsWords is the odds line of a drawn melee.
func meleeDrawOddsWords(n int) string {
	return fmt.Sprintf("Drawn melee: each side loses %s, no retreat", ssWords(n))
}
