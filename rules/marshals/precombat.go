package marshals

import (
	"fmt"
	"slices"

	"grognard/rules"
	"grognard/rules/zone"
)

// The window before the melee [5.4] [5.4.1] [EV Au son du canon] [EV
// Panique]: after the reveal each side, attacker first, may try to
// withdraw a stack made only of cavalry, call a stack to the sound of the
// guns or (French) play Panique. It is offered in every combat to both
// sides, so being asked reveals nothing.

func (s *State) cavalryOnly(side int) bool {
	st := s.stack(side)
	units := 0
	for _, i := range st {
		d := s.def(i)
		if !isUnit(d) {
			continue
		}
		units++
		if !d.Cav() || s.ArtSS(i) > 0 {
			return false
		}
	}
	return units > 0
}

// canWithdraw [5.4.1]: a cavalry-only stack with an axis of retreat it can take.
func (s *State) canWithdraw(side int) bool {
	k := s.Combat
	if k.Forced && side == k.Att || !s.cavalryOnly(side) {
		return false
	}
	ax := s.axes(k.Zone)[side]
	if ax < 0 {
		return false
	}
	if _, ok := s.connCost(ax, s.stack(side), false); !ok {
		return false
	}
	to := s.sc.Graph.Conns[ax].Other(k.Zone)
	return s.sc.offmap[to] || !s.hasUnits(1-side, to) || s.hasUnits(side, to)
}

// soundZones are the zones whose stack may march to the battle [EV Au son du canon].
func (s *State) soundZones(side int) []rules.Action {
	k := s.Combat
	var out []rules.Action
	for _, e := range s.sc.adj[k.Zone] {
		z := e.to
		if s.sc.offmap[z] || s.hasUnits(1-side, z) {
			continue
		}
		c := s.sc.Graph.Conns[e.ci]
		if c.Kind == zone.Ford || c.Bridge == zone.Major && s.Bridges[e.ci] {
			continue
		}
		var st []int
		for _, i := range s.sideAt(side, z, nil) {
			if u := &s.Units[i]; !u.Activated && u.Combats == 0 && s.def(i).Kind != KDecoy {
				st = append(st, i)
			}
		}
		if len(st) == 0 {
			continue
		}
		if _, ok := s.connCost(e.ci, st, false); !ok {
			continue
		}
		if slices.ContainsFunc(out, func(a rules.Action) bool { return a.To == z }) {
			continue
		}
		out = append(out, rules.Action{Kind: "play", Choice: "au-son-du-canon", To: z, Label: "Play Au son du canon: the stack at " + s.zoneOf(z).Name + " marches to the battle", Rule: "EV Au son du canon"})
	}
	return out
}

func (s *State) legalPre() []rules.Action {
	k := s.Combat
	side := k.Turn
	out := []rules.Action{{Kind: "end", Choice: "no", Label: "Go on to the melee", Rule: "5.4"}}
	if s.canWithdraw(side) {
		out = append(out, rules.Action{Kind: "choose", Choice: "withdraw", Label: "Withdraw the cavalry (command test)", Rule: "5.4.1"})
	}
	if slices.Contains(s.Hands[side], "au-son-du-canon") {
		out = append(out, s.soundZones(side)...)
	}
	if side == French && slices.Contains(s.Hands[side], "panique") {
		for _, i := range s.stack(Allied) {
			if d := s.def(i); d.Kind == KDiv && d.Nat == "spanish" {
				out = append(out, rules.Action{Kind: "play", Choice: "panique", Unit: d.ID, Label: "Play Panique on " + d.Name, Rule: "EV Panique"})
			}
		}
	}
	return out
}

func (s *State) applyPre(a rules.Action) []rules.Event {
	k := s.Combat
	side := k.Turn
	switch {
	case a.Choice == "withdraw":
		k.Stage = SubWithdraw
		s.Sub = SubWithdraw
		return nil
	case a.Choice == "au-son-du-canon":
		s.discard(side, a.Choice)
		var n int
		for _, i := range s.sideAt(side, a.To, nil) {
			if u := &s.Units[i]; !u.Activated && u.Combats == 0 && s.def(i).Kind != KDecoy {
				u.At = k.Zone
				s.placed(i)
				u.Activated = true
				k.Units[side] = append(k.Units[side], s.def(i).ID)
				n++
			}
		}
		role := "attacker"
		if side != k.Att {
			role = "defender"
		}
		amp := s.ssOf(k.Att) + s.ssOf(1-k.Att)
		return []rules.Event{{Kind: "reveal", Text: fmt.Sprintf("%s plays Au son du canon: %d counters march from %s to the battle; now %s; amplitude %d", sideNames[side], n, s.zoneOf(a.To).Name, s.stackWords(side, role, s.stack(side)), amp), Rule: "EV Au son du canon", Side: rules.Side(side), Units: slices.Clone(k.Units[side])}}
	case a.Choice == "panique":
		s.discard(side, a.Choice)
		i := s.idx(a.Unit)
		evs := []rules.Event{{Kind: "event", Text: "French play Panique: " + s.def(i).Name + " flees", Rule: "EV Panique", Side: rules.Side(French)}}
		k.Units[Allied] = slices.DeleteFunc(k.Units[Allied], func(id string) bool { return id == a.Unit })
		s.Units[i].Demoral = true
		s.Units[i].Activated = true
		ax := s.axes(k.Zone)[Allied]
		moved := false
		if ax >= 0 {
			if _, ok := s.connCost(ax, []int{i}, false); ok {
				to := s.sc.Graph.Conns[ax].Other(k.Zone)
				if s.sc.offmap[to] {
					evs = append(evs, s.exitMap([]int{i}, to)...)
					moved = true
				} else if !s.hasUnits(French, to) || s.hasUnits(Allied, to) {
					s.Units[i].At = to
					s.placed(i)
					moved = true
				}
			}
		}
		if !moved {
			evs = append(evs, s.loseSS(i, false)...) // [5.4.4] a retreat it cannot make
		}
		return evs
	}
	k.Queue = k.Queue[1:]
	return s.nextPre()
}

func (s *State) nextPre() []rules.Event {
	k := s.Combat
	if len(k.Queue) > 0 {
		k.Turn = k.Queue[0]
		return nil
	}
	k.Turn = k.Att
	k.Stage = SubHead
	s.Sub = SubHead
	if len(s.stack(1-k.Att)) == 0 || len(s.stack(k.Att)) == 0 {
		return s.closeCombat()
	}
	return nil
}

// withdrawTest [5.4.1]: a command test [5.2] in the contested zone; with
// the MP to move (3 or more) the stack retreats one zone along its axis and
// undergoes a pursuit; nobody gets an A-combattu marker.
func (s *State) withdrawTest(die int) []rules.Event {
	k := s.Combat
	side := k.Turn
	st := s.stack(side)
	t := die + 1 // cavalry only [5.2]
	best := 0
	for _, i := range st {
		if d := s.def(i); d.Kind == KCmd {
			best = max(best, d.SV)
		}
	}
	t += best
	mine, theirs := s.cavOf(side), s.cavOf(1-side)
	if mine > theirs {
		t++
	} else {
		t--
	}
	if s.flag("hesitations") && side == Allied {
		for _, i := range st {
			if s.def(i).Nat == "spanish" {
				t -= 2
				break
			}
		}
	}
	ev := rules.Event{Kind: "roll", Rule: "5.4.1", Side: rules.Side(side), Dice: []int{die}}
	if t < 3 {
		ev.Text = fmt.Sprintf("%s cavalry fails to withdraw (%d)", sideNames[side], t)
		k.Queue = k.Queue[1:]
		k.Stage = SubPre
		s.Sub = SubPre
		return append([]rules.Event{ev}, s.nextPre()...)
	}
	ax := s.axes(k.Zone)[side]
	to := s.sc.Graph.Conns[ax].Other(k.Zone)
	ev.Text = fmt.Sprintf("%s cavalry withdraws to %s (%d)", sideNames[side], s.zoneOf(to).Name, t)
	evs := []rules.Event{ev}
	k.Withdrawn = true
	k.Winner = 1 - side
	k.Path = []string{k.Zone, to}
	if s.sc.offmap[to] {
		evs = append(evs, s.exitMap(st, to)...)
		return append(evs, s.closeCombat()...)
	}
	for _, i := range st {
		s.Units[i].At = to
		s.placed(i)
	}
	return append(evs, s.toPursuit()...)
}
