package almansa

import (
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
)

// Words of the log and of the action labels that name who does what to
// whom (#18): "Fire Moura at 1510" read as if Moura were the target; the
// labels and lines of a fire or a shock now name the firer first and the
// target by its units and hex ("Moura fires at Castilla in 1510").

// targetWords names the units of the side opposing side in hex c, with
// the hex: "Castilla in 1510", "Castilla and Toledo in 1510"; the hex
// alone when it holds none (a target the rules would refuse anyway).
func (s *State) targetWords(o occ, c hex.Coord, side int) string {
	var names []string
	for _, j := range o.at(c) {
		if s.def(j).Side != side && s.def(j).Combat() {
			names = append(names, s.name(j))
		}
	}
	if len(names) == 0 {
		for _, j := range o.at(c) {
			if s.def(j).Side != side {
				names = append(names, s.name(j))
			}
		}
	}
	switch len(names) {
	case 0:
		return s.num(c)
	case 1:
		return names[0] + " in " + s.num(c)
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " in " + s.num(c)
}

// withoutOwnRule drops from each modifier the rule tag that the event
// already cites ("holds: 5 against 6 (morale +2 second disorganisation
// [14]) [14]" cited [14] twice on one line); a modifier of another rule
// keeps its tag. The modifiers are copied, never changed in place.
func withoutOwnRule(rule string, mods []string) []string {
	if rule == "" || len(mods) == 0 {
		return mods
	}
	var out []string
	for k, m := range mods {
		t := m
		for _, r := range strings.Split(rule, ",") {
			if r = strings.TrimSpace(r); r != "" {
				t = strings.TrimSuffix(t, " ["+r+"]")
			}
		}
		if t != m && out == nil {
			out = append(make([]string, 0, len(mods)), mods[:k]...)
		}
		if out != nil {
			out = append(out, t)
		}
	}
	if out == nil {
		return mods
	}
	return out
}

// withMods sets an event's die and modifiers, each modifier citing only
// a rule the event does not cite already.
func withMods(e rules.Event, die int, mods []string) rules.Event {
	e.Dice, e.Mods = []int{die}, withoutOwnRule(e.Rule, mods)
	return e
}
