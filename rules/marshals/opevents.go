package marshals

import (
	"fmt"
	"maps"
	"slices"

	"grognard/rules"
)

// legalOpEvents: markers played at the beginning of a friendly operation
// [EV Leurre] [EV Guerilla] [EV Redoute] [EV Gué], and the return of the
// Allies waiting at Fuentidueña [CR7]. They are part of the active side's
// own decision, so offering them reveals nothing.
func (s *State) legalOpEvents(side int) []rules.Action {
	var out []rules.Action
	hand := s.Hands[side]
	if slices.Contains(hand, "leurre") && s.deadDecoy(side) >= 0 {
		for _, z := range s.zonesOf(side) {
			if s.hasUnits(side, z) {
				out = append(out, rules.Action{Kind: "play", Choice: "leurre", To: z, Label: "Play Leurre: a decoy returns at " + s.zoneOf(z).Name, Rule: "EV Leurre"})
			}
		}
	}
	if side == Allied && slices.Contains(hand, "guerilla") {
		for _, z := range s.sc.ids {
			if !s.sc.offmap[z] && !s.hasUnits(French, z) && !s.Guerillas[z] {
				out = append(out, rules.Action{Kind: "play", Choice: "guerilla", To: z, Label: "Play Guerilla at " + s.zoneOf(z).Name, Rule: "EV Guerilla"})
			}
		}
	}
	if side == Allied && slices.Contains(hand, "redoute") {
		for i := range s.Units {
			d := s.def(i)
			if d.Side == Allied && d.Kind == KDiv && d.Arm == Infantry && d.Nat == "spanish" && s.onMap(i) && !s.Units[i].Activated && s.mayOperate(i) {
				out = append(out, rules.Action{Kind: "play", Choice: "redoute", Unit: d.ID, Label: "Play Redoute on " + d.Name, Rule: "EV Redoute"})
			}
		}
	}
	if slices.Contains(hand, "gue") && !s.flag(gueFlag[side]) && !s.flag("pluie") {
		out = append(out, rules.Action{Kind: "play", Choice: "gue", Label: "Play Gué: this operation's stack may cross a ford in battle order", Rule: "EV Gué"})
	}
	if side == Allied && len(s.boxed()) > 0 {
		for _, z := range s.fuentidZones() {
			out = append(out, rules.Action{Kind: "deploy", Choice: "fuentiduena", To: z, Label: "The stack at Fuentidueña re-enters at " + s.zoneOf(z).Name, Rule: "CR7"})
		}
	}
	return out
}

// deadDecoy is an eliminated decoy of side that Leurre may bring back.
func (s *State) deadDecoy(side int) int {
	for i := range s.Units {
		if d := s.def(i); d.Kind == KDecoy && d.Side == side && s.Units[i].Off == OffEliminated {
			return i
		}
	}
	return -1
}

// boxed are the Allied counters in the Fuentidueña box ready to return:
// from the turn after the next [CR7].
func (s *State) boxed() []int {
	var out []int
	for i := range s.Units {
		if s.Units[i].Off == OffFuentidu && s.Turn >= int(s.Units[i].OffTurn)+2 {
			out = append(out, i)
		}
	}
	return out
}

func (s *State) fuentidZones() []string {
	var out []string
	for _, z := range s.sc.ids {
		if !isFuentiduena(z) {
			continue
		}
		for _, e := range s.sc.adj[z] {
			if !s.sc.offmap[e.to] && !slices.Contains(out, e.to) {
				out = append(out, e.to)
			}
		}
	}
	slices.Sort(out)
	return out
}

func (s *State) applyOpEvent(a rules.Action) ([]rules.Event, error) {
	side := s.Act
	if a.Kind == "deploy" {
		for _, i := range s.boxed() {
			s.Units[i].Off, s.Units[i].At, s.Units[i].Activated = OffNone, a.To, false
			s.placed(i)
		}
		evs := []rules.Event{{Kind: "move", Text: "Allied troops come back from Fuentidueña to " + s.zoneOf(a.To).Name, Rule: "CR7", Side: rules.Side(Allied)}}
		if s.Contested(a.To) {
			evs = append(evs, s.reinfAxis(Allied, a.To)...)
		}
		return evs, nil
	}
	s.discard(side, a.Choice)
	ev := rules.Event{Kind: "event", Rule: evRule(a.Choice), Side: rules.Side(side)}
	switch a.Choice {
	case "leurre":
		i := s.deadDecoy(side)
		s.Units[i].Off, s.Units[i].At, s.Units[i].Activated = OffNone, a.To, false
		s.placed(i)
		ev.Text = sideNames[side] + " plays Leurre"
		ev.Private = "A decoy returns at " + s.zoneOf(a.To).Name
		ev.Owner = rules.Side(side)
	case "guerilla":
		s.Guerillas = maps.Clone(s.Guerillas) // copied on write (see delFlag)
		if s.Guerillas == nil {
			s.Guerillas = map[string]bool{}
		}
		s.Guerillas[a.To] = true
		ev.Text = "Allied plays Guerilla at " + s.zoneOf(a.To).Name
	case "redoute":
		i := s.idx(a.Unit)
		s.Units[i].Activated = true
		s.setFlag("redoute:" + s.Units[i].At)
		ev.Text = "Allied plays Redoute at " + s.zoneOf(s.Units[i].At).Name
	case "gue":
		s.setFlag(fmt.Sprintf("gue-%d", side))
		ev.Text = sideNames[side] + " plays Gué"
	}
	return []rules.Event{ev}, nil
}

// legalDetach: at the beginning of a move (or at its end, in place of
// going on) in a free zone, a divisional unit of the stack that is not
// demoralised creates a detachment of its arm from the counters left, or
// takes one back [7.4].
func (s *State) legalDetach() []rules.Action {
	m := s.Move
	if m == nil || m.Lone || m.Entered || s.Contested(m.Zone) {
		return nil
	}
	var out []rules.Action
	when := "beginning"
	if m.Steps > 0 {
		when = "end"
	}
	for _, i := range s.moving() {
		d := s.def(i)
		if d.Kind != KDiv || s.Units[i].Demoral {
			continue
		}
		if s.MainSS(i) >= 2 && s.poolDet(d.Nat, d.Arm) >= 0 {
			out = append(out, rules.Action{Kind: "choose", Unit: d.ID, Choice: "detach", Label: fmt.Sprintf("%s creates %s detachment (%s of the move)", d.Name, anArm(d.Arm), when), Rule: "7.4"})
		}
		if s.Units[i].Detached > 0 {
			for _, j := range s.sideAt(d.Side, m.Zone, nil) {
				dj := s.def(j)
				if dj.Kind == KDet && dj.Nat == d.Nat && dj.Arm == d.Arm && !s.Units[j].Demoral && !slices.Contains(m.Units, dj.ID) {
					out = append(out, rules.Action{Kind: "choose", Unit: d.ID, Units: []string{dj.ID}, Choice: "absorb", Label: d.Name + " takes back " + dj.Name, Rule: "7.4"})
					break
				}
			}
		}
	}
	return out
}

func (s *State) applyDetach(a rules.Action) []rules.Event {
	m := s.Move
	i := s.idx(a.Unit)
	d := s.def(i)
	ev := rules.Event{Kind: "detach", Rule: "7.4", Side: rules.Side(m.Side), Owner: rules.Side(m.Side)}
	if a.Choice == "absorb" {
		j := s.idx(a.Units[0])
		s.Units[j].Off = OffPool // no VP: an absorbed detachment [8.0]
		s.placed(j)
		s.Units[i].Detached--
		ev.Text = aSide(m.Side) + " counter is withdrawn at " + s.zoneOf(m.Zone).Name
		ev.Private = d.Name + " takes back " + s.def(j).Name
		return []rules.Event{ev}
	}
	j := s.poolDet(d.Nat, d.Arm)
	s.Units[i].Detached++
	s.Units[j] = Unit{ID: s.def(j).ID, At: m.Zone, Activated: m.Steps > 0}
	s.placed(j)
	ev.Text = aSide(m.Side) + " counter is placed at " + s.zoneOf(m.Zone).Name
	ev.Private = d.Name + " creates " + s.def(j).Name
	if m.Steps > 0 {
		return append([]rules.Event{ev}, s.endMove()...)
	}
	return []rules.Event{ev}
}
