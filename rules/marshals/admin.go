package marshals

import (
	"fmt"
	"strings"

	"grognard/rules"
)

// vpFor is what one lost SS of a unit is worth to the opponent, in half
// points [8.0]: infantry 0.5, cavalry and artillery 1.
func (s *State) vpFor(i int, art bool) int {
	d := s.def(i)
	if art {
		return 2
	}
	switch d.Kind {
	case KDiv:
		if d.Arm == Cavalry {
			return 2
		}
		return 1
	case KDet:
		if d.Arm == Infantry {
			return 1
		}
		return 2
	case KBaggage:
		return 4
	case KCmd:
		return 2 * d.SV
	}
	return 0
}

// loseSS takes one SS from a unit [1.3]: art from its artillery boxes,
// else from the main track (from the right, morale falls). A unit with no
// main SS left is removed; its guns become artillery detachments as far
// as counters allow [7.4]. A detachment or baggage taking a loss is
// eliminated [7.2] [7.4].
func (s *State) loseSS(i int, art bool) []rules.Event {
	d := s.def(i)
	u := &s.Units[i]
	if d.Kind != KDiv {
		return s.eliminate(i, true)
	}
	if art && s.ArtSS(i) > 0 {
		u.ArtLost++
		s.VP2[1-d.Side] += 2
		return nil
	}
	if s.MainSS(i) <= 0 {
		if s.ArtSS(i) > 0 {
			u.ArtLost++
			s.VP2[1-d.Side] += 2
		}
		return nil
	}
	u.Losses++
	s.VP2[1-d.Side] += s.vpFor(i, false)
	if s.MainSS(i) > 0 {
		return nil
	}
	// [7.4] the last infantry or cavalry SS: guns to detachments.
	z := u.At
	arm := ArtArm
	if d.HorseArt {
		arm = HorseArt
	}
	for s.ArtSS(i) > 0 {
		j := s.poolDet(d.Nat, arm)
		if j < 0 {
			break
		}
		u.ArtLost++
		s.Units[j] = Unit{ID: s.def(j).ID, At: z, Activated: u.Activated}
		s.placed(j)
	}
	u.Off = OffEliminated
	s.placed(i)
	for s.ArtSS(i) > 0 {
		u.ArtLost++
		s.VP2[1-d.Side] += 2
	}
	return []rules.Event{{Kind: "eliminated", Text: fmt.Sprintf("%s unit is destroyed at %s", aSide(d.Side), s.zoneOf(z).Name), Rule: "7.4", Side: rules.Side(d.Side),
		Private: d.Name + " is destroyed", Owner: rules.Side(d.Side)}}
}

// poolDet finds a detachment counter of nat and arm out of play [6.6].
func (s *State) poolDet(nat, arm string) int {
	for j := range s.Units {
		dj := s.def(j)
		if dj.Kind == KDet && dj.Nat == nat && dj.Arm == arm && (s.Units[j].Off == OffPool || s.Units[j].Off == OffEliminated) {
			return j
		}
	}
	return -1
}

// eliminate removes a counter, scoring what it still had when vp [8.0].
func (s *State) eliminate(i int, vp bool) []rules.Event {
	d := s.def(i)
	u := &s.Units[i]
	if u.Off != OffNone {
		return nil
	}
	if vp {
		switch d.Kind {
		case KDiv:
			for s.MainSS(i) > 0 {
				s.VP2[1-d.Side] += s.vpFor(i, false)
				u.Losses++
			}
			for s.ArtSS(i) > 0 {
				s.VP2[1-d.Side] += 2
				u.ArtLost++
			}
		case KDet, KBaggage, KCmd:
			s.VP2[1-d.Side] += s.vpFor(i, false)
		}
	}
	u.Off = OffEliminated
	s.placed(i)
	if d.Kind == KCmd && s.CinC[d.Side] == d.ID {
		s.CinC[d.Side] = ""
	}
	return nil
}

// enterAdmin queues the recovery [7.9] then the rally [7.8] dice [6.0].
func (s *State) enterAdmin() []rules.Event {
	s.Rolls = nil
	s.LastMove = nil
	for side := 0; side < 2; side++ {
		for i := range s.Units {
			d := s.def(i)
			u := &s.Units[i]
			if d.Side != side || d.Kind != KDiv || !s.onMap(i) || u.Activated || u.Demoral || u.Combats > 0 || u.Losses == 0 || !s.freeFor(side, u.At) {
				continue
			}
			s.Rolls = append(s.Rolls, Roll{Kind: "recover", Unit: d.ID})
		}
	}
	for side := 0; side < 2; side++ {
		for i := range s.Units {
			d := s.def(i)
			u := &s.Units[i]
			if d.Side != side || !s.onMap(i) || !u.Demoral || u.Activated || u.Combats > 0 || !s.freeFor(side, u.At) {
				continue
			}
			s.Rolls = append(s.Rolls, Roll{Kind: "rally", Unit: d.ID})
		}
	}
	s.Sub = SubRolls
	return []rules.Event{{Kind: "phase", Text: "Administrative phase: recovery and rally", Rule: "6.0", Side: rules.NoSide}}
}

// rollRecover [7.9]: a d6 not above the morale recovers one loss.
func (s *State) rollRecover(id string, die int) []rules.Event {
	i := s.idx(id)
	d := s.def(i)
	ev := rules.Event{Kind: "roll", Text: recoverPublic(d.Side), Rule: "7.9", Side: rules.Side(d.Side), Owner: rules.Side(d.Side)} // admin_words.go
	m := s.Morale(i)
	ok := die <= m && s.Units[i].Losses > 0
	if ok {
		s.Units[i].Losses--
		// [8.0] the opponent loses 0.5 (infantry) or 1 (cavalry) VP.
		s.VP2[1-d.Side] -= s.vpFor(i, false)
	}
	ev.Private = recoverPrivate(d.Name, die, m, ok)
	return []rules.Event{ev}
}

// rollRally [7.8]: a d6 not above the morale removes the marker.
func (s *State) rollRally(id string, die int) []rules.Event {
	i := s.idx(id)
	d := s.def(i)
	ev := rules.Event{Kind: "roll", Text: rallyPublic(d.Side), Rule: "7.8", Side: rules.Side(d.Side), Owner: rules.Side(d.Side)} // admin_words.go
	m := s.Morale(i)
	if die <= m {
		s.Units[i].Demoral = false
	}
	ev.Private = rallyPrivate(d.Name, die, m, die <= m)
	return []rules.Event{ev}
}

// turnFlags are the effects that last one turn.
var turnFlags = []string{"pluie", "orage", "canicule", "hesitations", "inactivite-0", "inactivite-1", "mesentente", "iniw2", "cb-0", "cb-1"}

// endAdmin [6.0]: markers removed, counters turned available, the turn
// marker advances; the game ends after the last turn or a Madrid turn.
func (s *State) endAdmin() []rules.Event {
	for i := range s.Units {
		u := &s.Units[i]
		u.Combats = 0
		u.Back = false
		u.Activated = false
	}
	for _, f := range turnFlags {
		s.delFlag(f)
	}
	s.endRepairs()
	if s.EndTurn || s.Turn >= s.sc.Turns {
		return s.finish()
	}
	s.Turn++
	// [CR7] Allies in the Fuentidueña box come back from the turn after next.
	s.nextPhase()
	return []rules.Event{{Kind: "phase", Text: fmt.Sprintf("Turn %d begins", s.Turn), Rule: "6.0", Side: rules.NoSide}}
}

// controls reports who holds a VP zone at the end [8.0] and the
// scenarios' rule: free of French units, it is Allied.
func (s *State) controls(z string) int {
	fr, al := s.hasUnits(French, z), s.hasUnits(Allied, z)
	switch {
	case !fr:
		return Allied
	case al:
		return -1
	case s.LoC(French, "", z):
		return French
	}
	return -1
}

// FinalVP is each side's victory points in half points [8.0] with the
// scenario's specific points, and the lines that explain them.
func (s *State) FinalVP() ([2]int, []string) {
	vp := s.VP2
	var lines []string
	for _, z := range sortedKeys(s.sc.VP) {
		if c := s.controls(z); c >= 0 {
			vp[c] += 2 * s.sc.VP[z]
			lines = append(lines, fmt.Sprintf("%s holds %s: %d VP", sideNames[c], s.zoneOf(z).Name, s.sc.VP[z]))
		}
	}
	// [S2 VC] [S3 VC] [S5 VC] exits of divisional units.
	exitsA, exitsF := 0, 0
	for i := range s.Units {
		d := s.def(i)
		u := &s.Units[i]
		if !u.Exited || d.Kind != KDiv {
			continue
		}
		switch {
		case d.Side == Allied && d.Army == "lamancha":
			if s.sc.ID == "marshals-retreat" || s.sc.ID == "marshals-three-armies" || s.sc.ID == "marshals-almonacid" {
				exitsF++
			}
		case d.Side == Allied && (d.Nat == "british" || d.Army == "estremadura") && int(u.OffTurn) >= s.exitVPTurn():
			exitsA++
		}
	}
	if exitsA > 0 {
		vp[Allied] += 2 * exitsA
		lines = append(lines, fmt.Sprintf("Allied divisions withdrawn to their depots: %d VP", exitsA))
	}
	if exitsF > 0 {
		vp[French] += 2 * exitsF
		lines = append(lines, fmt.Sprintf("La Mancha divisions driven off the map: %d VP", exitsF))
	}
	return vp, lines
}

func (s *State) finish() []rules.Event {
	vp, lines := s.FinalVP()
	s.Over = true
	s.Sub = ""
	switch {
	case vp[French] > vp[Allied]:
		s.Winner = French
	case vp[Allied] > vp[French]:
		s.Winner = Allied
	default:
		s.Winner = -1
	}
	s.Reason = fmt.Sprintf("French %s VP, Allied %s VP", half(vp[French]), half(vp[Allied]))
	if len(lines) > 0 {
		s.Reason += " (" + strings.Join(lines, "; ") + ")"
	}
	w := "the game is drawn"
	if s.Winner >= 0 {
		w = sideNames[s.Winner] + " wins"
	}
	evs := []rules.Event{{Kind: "end", Text: "Game over: " + w + ": " + s.Reason, Rule: "8.0", Side: rules.NoSide}}
	if len(s.Foy) > 0 {
		// [EV Foy] the noted entries are shown at the end of the game.
		evs = append(evs, rules.Event{Kind: "reveal", Text: "The French had noted their reinforcement entries: " + strings.Join(s.Foy, ", "), Rule: "EV Foy", Side: rules.Side(French)})
	}
	return evs
}

func half(v int) string {
	if v%2 == 0 {
		return fmt.Sprint(v / 2)
	}
	if v < 0 {
		return fmt.Sprintf("-%d.5", -v/2)
	}
	return fmt.Sprintf("%d.5", v/2)
}
