package marshals

import (
	"fmt"
	"maps"
	"slices"

	"grognard/rules"
)

// alive reports a counter on the map.
func (s *State) alive(id string) bool {
	u, _ := s.unit(id)
	return u != nil && u.Off == OffNone && u.At != ""
}

// cincCandidates are the side's commanders in chief still in play [CR1].
func (s *State) cincCandidates(side int) []string {
	var out []string
	for _, id := range s.sc.CinC[side] {
		if s.alive(id) {
			out = append(out, id)
		}
	}
	return out
}

// enterCinC sets the commanders in chief of the turn; in scenarios with two
// Allied candidates the Allied player chooses and a d6 may swap them [CR6].
func (s *State) enterCinC() []rules.Event {
	for side := 0; side < 2; side++ {
		c := s.cincCandidates(side)
		if len(c) == 0 {
			if !s.isGeneric(s.CinC[side]) {
				s.CinC[side] = ""
			}
			continue
		}
		if !slices.Contains(c, s.CinC[side]) {
			s.CinC[side] = c[0]
		}
	}
	if len(s.cincCandidates(Allied)) >= 2 {
		s.Sub = SubChoose
		return nil
	}
	s.nextPhase()
	return nil
}

func (s *State) isGeneric(id string) bool { return id == "generic-0" || id == "generic-1" }

func (s *State) legalCinC() []rules.Action {
	var out []rules.Action
	for _, id := range s.cincCandidates(Allied) {
		_, d := s.unit(id)
		out = append(out, rules.Action{Kind: "choose", Choice: id, Label: "Commander in chief this turn: " + d.Name, Rule: "CR6", Info: s.cincInfo(id)})
	}
	return out
}

func (s *State) applyCinC(a rules.Action) ([]rules.Event, error) {
	if s.Sub == SubChoose {
		s.CinC[Allied] = a.Choice
		s.Sub = SubRoll
		_, d := s.unit(a.Choice)
		return []rules.Event{{Kind: "cinc", Text: "Allied commander in chief chosen: " + d.Name, Rule: "CR6", Side: rules.Side(Allied)}}, nil
	}
	// [CR6] on a 6 the roles are reversed for the whole turn.
	evs := []rules.Event{{Kind: "roll", Text: s.commandDieText(a.Dice[0]), Rule: "CR6", Side: rules.Side(Allied), Dice: a.Dice}}
	if a.Dice[0] == 6 {
		for _, id := range s.cincCandidates(Allied) {
			if id != s.CinC[Allied] {
				s.CinC[Allied] = id
				break
			}
		}
		_, d := s.unit(s.CinC[Allied])
		evs = append(evs, rules.Event{Kind: "cinc", Text: "Roles reversed: " + d.Name + " is commander in chief this turn", Rule: "CR6", Side: rules.Side(Allied)})
	}
	s.nextPhase()
	return evs, nil
}

// cincSV is the strategic value of the side's commander in chief (0 without one).
func (s *State) cincSV(side int) int {
	if s.CinC[side] == "" || s.isGeneric(s.CinC[side]) {
		return 0
	}
	_, d := s.unit(s.CinC[side])
	if d == nil {
		return 0
	}
	return d.SV
}

// enterInitiative: the scenario gives turn 1 [S*.1]; later each side rolls
// a die plus its CinC's SV, ties re-rolled [3.0].
func (s *State) enterInitiative() []rules.Event {
	if s.Turn == 1 {
		s.Initiative = s.sc.First
		s.openIniWindow()
		return []rules.Event{{Kind: "initiative", Text: sideNames[s.Initiative] + " has the initiative on the first turn", Rule: firstTurnRule(s.sc.ID), Side: rules.Side(s.Initiative)}}
	}
	s.Sub = SubRoll
	return nil
}

func (s *State) applyInitiativeRoll(a rules.Action) ([]rules.Event, error) {
	f, al := a.Dice[0]+s.cincSV(French), a.Dice[1]+s.cincSV(Allied)
	ev := rules.Event{Kind: "roll", Rule: "3.0", Side: rules.NoSide, Dice: a.Dice}
	if f == al {
		ev.Text = fmt.Sprintf("Initiative: French %d, Allied %d: tie, roll again", f, al)
		return []rules.Event{ev}, nil
	}
	s.Initiative = French
	if al > f {
		s.Initiative = Allied
	}
	ev.Text = fmt.Sprintf("Initiative: French %d, Allied %d: %s", f, al, sideNames[s.Initiative])
	s.openIniWindow()
	return []rules.Event{ev}, nil
}

// openIniWindow asks the side without the initiative whether it plays its
// Initiative marker; asked every turn, held or not, so the question
// reveals nothing [EV Initiative] (spec §3.13).
func (s *State) openIniWindow() {
	s.Cur = 1 - s.Initiative
	s.Sub = SubWindow
	s.delFlag("iniw2")
}

func (s *State) legalWindow() []rules.Action {
	out := []rules.Action{{Kind: "end", Choice: "no", Label: "Keep the initiative as it is", Rule: "EV Initiative", Info: s.windowInfo()}}
	if slices.Contains(s.Hands[s.Cur], "initiative") {
		out = append(out, rules.Action{Kind: "play", Choice: "initiative", Label: "Play Initiative: take the initiative this turn", Rule: "EV Initiative",
			Info: "Your Initiative marker is discarded and you operate first this turn; the other side may answer with its own"})
	}
	return out
}

func (s *State) applyWindow(a rules.Action) ([]rules.Event, error) {
	if a.Kind == "play" {
		s.discard(s.Cur, "initiative")
		s.Initiative = s.Cur
		ev := rules.Event{Kind: "event", Text: sideNames[s.Cur] + " plays Initiative and takes the initiative", Rule: "EV Initiative", Side: rules.Side(s.Cur)}
		if !s.flag("iniw2") {
			s.setFlag("iniw2")
			s.Cur = 1 - s.Cur
			return []rules.Event{ev}, nil
		}
		s.nextPhase()
		return []rules.Event{ev}, nil
	}
	s.nextPhase()
	return nil, nil
}

func (s *State) setFlag(f string) {
	s.Flags = maps.Clone(s.Flags) // copied on write (see delFlag)
	if s.Flags == nil {
		s.Flags = map[string]bool{}
	}
	s.Flags[f] = true
}

// discard removes one copy of an event from a hand.
func (s *State) discard(side int, ev string) {
	if i := slices.Index(s.Hands[side], ev); i >= 0 {
		s.Hands[side] = slices.Delete(s.Hands[side], i, i+1)
	}
}
