package marshals

import (
	"fmt"
	"strings"
)

// The administrative phase's log lines [7.8] [7.9]. Each division's test
// is its own die; the opponent reads what the side tests, not which
// division nor its die (the division's losses and morale are its side's
// own). The window folds identical lines that follow one another into one
// ("... [7.9] (×3)", game/marshals_turn_log.go): playing Ocaña by clicks,
// "French tests recovery [7.9]" came once per division, three identical
// lines that said neither what was tested nor why.

// recoverPublic is the public line of a recovery test [7.9].
func recoverPublic(side int) string {
	return sideNames[side] + " tests the recovery of a division with losses (a die not above its morale recovers one loss)"
}

// recoverPrivate is the owner's line of a recovery test [7.9].
func recoverPrivate(name string, die, morale int, ok bool) string {
	if ok {
		return fmt.Sprintf("Recovery of %s: die %d, not above morale %d: one loss recovered", name, die, morale)
	}
	return fmt.Sprintf("Recovery of %s: die %d, above morale %d: no loss recovered", name, die, morale)
}

// rallyPublic is the public line of a rally test [7.8].
func rallyPublic(side int) string {
	return sideNames[side] + " tests the rally of a demoralised unit (a die not above its morale rallies it)"
}

// rallyPrivate is the owner's line of a rally test [7.8].
func rallyPrivate(name string, die, morale int, ok bool) string {
	if ok {
		return fmt.Sprintf("Rally of %s: die %d, not above morale %d: rallied", name, die, morale)
	}
	return fmt.Sprintf("Rally of %s: die %d, above morale %d: still demoralised", name, die, morale)
}

// noCounterLossesText is the line of the losses no counter is left to
// take [5.4.3] ("1 more loss falls", "2 more losses fall": it read "1 more
// loss(es) fall" playing Ocaña by clicks).
func noCounterLossesText(side, n int) string {
	if n == 1 {
		return sideNames[side] + ": 1 more loss falls on no counter, none is left to take it"
	}
	return fmt.Sprintf("%s: %d more losses fall on no counter, none is left to take them", sideNames[side], n)
}

// combatEndsText names the zone where the combat was fought [5.4.6]: after
// a pursuit the combat's zone had moved to where the loser's stack stood,
// and playing Ocaña by clicks the log read "The combat at Añover de Tajo
// ends" for a combat fought at Ocaña.
func (s *State) combatEndsText(k *CombatState) string {
	fought := k.Zone
	if len(k.Path) > 0 {
		fought = k.Path[0]
	}
	text := "The combat at " + s.zoneOf(fought).Name + " ends"
	if fought != k.Zone {
		text += " (the loser retreated to " + s.zoneOf(k.Zone).Name + ")"
	}
	return text
}

// anArm is the arm with its article ("an infantry", "a cavalry"): the
// detachment's button read "Valence creates a infantry detachment"
// playing Ocaña by clicks [7.4].
func anArm(arm string) string {
	if arm != "" && strings.ContainsRune("aeiouAEIOU", rune(arm[0])) {
		return "an " + arm
	}
	return "a " + arm
}

// commandDieText says what the Allied command die decided [CR6]: it read
// "Allied command die: 1", which said nothing to a newcomer (seen playing
// the Advance by clicks).
func (s *State) commandDieText(die int) string {
	_, d := s.unit(s.CinC[Allied])
	name := "the chosen commander"
	if d != nil {
		name = d.Name
	}
	if die == 6 {
		return fmt.Sprintf("Allied command die: %d: the roles are reversed", die)
	}
	return fmt.Sprintf("Allied command die: %d, not a 6: %s stays commander in chief this turn", die, name)
}
