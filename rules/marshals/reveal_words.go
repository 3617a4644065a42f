package marshals

import (
	"fmt"
	"strings"
)

// Words of a reveal [5.4] (issue #18: a stack of nineteen counters made a
// reveal line of twenty wrapped lines in the log). One line per event says
// what a player decides the combat on: each stack's strength in SS (its
// artillery, which fires [5.4.3], and cavalry, which covers a retreat [EV
// Arrière-garde]), its best morale (the head unit [5.4.3]), its best
// commander [5.4.3], and the amplitude [AID melee]. A stack of at most
// revealListMax counters is listed whole; a bigger one is summed up (its
// counters are on the map, revealed, with their values).

// revealListMax is the number of counters listed one by one.
const revealListMax = 3

// shortUnit is "Ruffin inf 6 SS (1 art) m4", "Victor SV 2", "baggage".
func (s *State) shortUnit(i int) string {
	d := s.def(i)
	switch d.Kind {
	case KCmd:
		return fmt.Sprintf("%s SV %d", d.Name, d.SV)
	case KBaggage:
		return d.Name
	case KDecoy:
		return "decoy"
	}
	arm := d.Arm
	switch arm {
	case Infantry:
		arm = "inf"
	case Cavalry:
		arm = "cav"
	case ArtArm:
		arm = "art"
	case HorseArt:
		arm = "horse art"
	}
	name := d.Name
	if d.Kind == KDet {
		name = "detachment" // "French infantry detachment 2" said once: "inf detachment 1 SS m3"
		t := fmt.Sprintf("%s %s %d SS m%d", arm, name, s.SS(i), s.Morale(i))
		if s.Units[i].Demoral {
			t += " demoralised"
		}
		return t
	}
	t := fmt.Sprintf("%s %s %d SS", name, arm, s.SS(i))
	if d.Kind == KDiv && s.ArtSS(i) > 0 {
		t += fmt.Sprintf(" (%d art)", s.ArtSS(i))
	}
	t += fmt.Sprintf(" m%d", s.Morale(i))
	if s.Units[i].Demoral {
		t += " demoralised"
	}
	return t
}

// stackWords is one side's stack in a reveal: "French attacker 17 SS:
// Ruffin inf 6 SS (1 art) m4, ..." or, for a big stack, "French defender
// 72 SS (9 art, 17 cav) in 16 counters, best morale 5 (Garde Royale),
// commander SV 2 (Marshal Victor), baggage".
func (s *State) stackWords(side int, role string, units []int) string {
	ss, art, cav, n := 0, 0, 0, 0
	bestM, bestMi, bestSV, bestSVi := -1, -1, -1, -1
	baggage := 0
	for _, i := range units {
		d := s.def(i)
		switch d.Kind {
		case KCmd:
			if d.SV > bestSV {
				bestSV, bestSVi = d.SV, i
			}
			continue
		case KBaggage:
			baggage++
		}
		n++
		ss += s.SS(i)
		art += s.ArtSS(i)
		cav += s.CavSS(i)
		if d.Kind == KDiv || d.Kind == KDet {
			if m := s.Morale(i); m > bestM {
				bestM, bestMi = m, i
			}
		}
	}
	head := fmt.Sprintf("%s %s %d SS", sideNames[side], role, ss)
	cmd := ""
	if bestSVi >= 0 {
		cmd = fmt.Sprintf("commander SV %d (%s)", bestSV, s.def(bestSVi).Name)
	}
	if n <= revealListMax {
		var names []string
		for _, i := range units {
			if s.def(i).Kind != KCmd {
				names = append(names, s.shortUnit(i))
			}
		}
		if len(names) > 0 {
			head += ": " + strings.Join(names, ", ")
		}
		if cmd != "" {
			head += "; " + cmd
		}
		return head
	}
	var mix []string
	if art > 0 {
		mix = append(mix, fmt.Sprintf("%d art", art))
	}
	if cav > 0 {
		mix = append(mix, fmt.Sprintf("%d cav", cav))
	}
	if len(mix) > 0 {
		head += " (" + strings.Join(mix, ", ") + ")"
	}
	head += fmt.Sprintf(" in %d counters", n)
	if bestMi >= 0 {
		head += fmt.Sprintf(", best morale %d (%s)", bestM, s.def(bestMi).Name)
	}
	if cmd != "" {
		head += ", " + cmd
	}
	switch {
	case baggage == 1:
		head += ", a baggage train"
	case baggage > 1:
		head += fmt.Sprintf(", %d baggage trains", baggage)
	}
	return head
}

// revealText is the one line of a combat's reveal [5.4].
func (s *State) revealText() string {
	k := s.Combat
	var parts []string
	for _, side := range []int{k.Att, 1 - k.Att} {
		role := "attacker"
		if side != k.Att {
			role = "defender"
		}
		parts = append(parts, s.stackWords(side, role, s.stack(side)))
	}
	return fmt.Sprintf("Stacks revealed at %s: %s; amplitude %d", s.zoneOf(k.Zone).Name, strings.Join(parts, " | "), k.Amplitude)
}
