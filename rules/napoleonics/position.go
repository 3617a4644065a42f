package napoleonics

import (
	"fmt"
	"strconv"
	"strings"

	"grognard/rules"
	"grognard/rules/lesson"
)

// Lesson positions (issue #19): a basic rule shown on the real board with
// only the units that matter, or the scenario's opening.
//
// Position keys: start=historical (the scenario as the menu opens it: the
// deal comes first, so the lesson gives the cards drawn) or empty (the
// default: only the listed units, past the deal); phase= (command, order,
// move, combat; default command); active=0|1 (the side playing, 0 the
// French); card= the card played this turn (from the pile to the discard);
// hand0=, hand1= the hands (cards taken from the pile); ordered= the
// ordered units; turn=.
// Unit keys: at=, blocks=, moved= (hexes moved this turn).
func init() { lesson.Register(SystemID, position) }

func position(p lesson.Position) (rules.State, error) {
	s, err := newState(p.Scenario)
	if err != nil {
		return nil, err
	}
	switch p.Set["start"] {
	case "historical":
		if len(p.Units) > 0 || len(p.Set) > 1 {
			return nil, fmt.Errorf("start=historical takes the scenario's opening as it is")
		}
		return s, nil
	case "", "empty":
	default:
		return nil, fmt.Errorf("start=%q: historical or empty", p.Set["start"])
	}
	s.Draw = nil
	s.Hands = [2][]string{{}, {}}
	s.Phase = PhCommand
	take := func(id string) error {
		if s.Pile[id] <= 0 {
			return fmt.Errorf("no card %q left in the pile", id)
		}
		s.Pile[id]--
		return nil
	}
	for k, v := range p.Set {
		switch k {
		case "start":
		case "phase":
			switch v {
			case PhCommand, PhOrder, PhMove, PhCombat:
				s.Phase = v
			default:
				return nil, fmt.Errorf("phase=%q: command, order, move or combat", v)
			}
		case "active":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 1 {
				return nil, fmt.Errorf("active=%q: 0 or 1", v)
			}
			s.Active = n
		case "turn":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("turn=%q", v)
			}
			s.Turn = n
		case "card":
			if err := take(v); err != nil {
				return nil, err
			}
			s.Discard[v]++
			s.Card, s.Eff = v, v
		case "hand0", "hand1":
			side := int(k[4] - '0')
			for _, c := range strings.Split(v, ",") {
				if err := take(c); err != nil {
					return nil, err
				}
				s.Hands[side] = append(s.Hands[side], c)
			}
		case "ordered":
			for _, id := range strings.Split(v, ",") {
				s.Ordered[id] = true
				s.Orders = append(s.Orders, id)
			}
		default:
			return nil, fmt.Errorf("unknown key %s= (start, phase, active, turn, card, hand0, hand1, ordered)", k)
		}
	}
	placed := map[string]bool{}
	for _, pl := range p.Units {
		i, ok := s.idx[pl.Unit]
		if !ok {
			return nil, fmt.Errorf("unit %s: no such unit", pl.Unit)
		}
		u := &s.Units[i]
		placed[u.ID] = true
		for k, v := range pl.Fields {
			switch k {
			case "at":
				c, err := s.sc.Map.ParseOn(v)
				if err != nil {
					return nil, fmt.Errorf("unit %s: %v", u.ID, err)
				}
				u.At = c
			case "blocks", "moved":
				n, err := strconv.Atoi(v)
				if err != nil || n < 0 {
					return nil, fmt.Errorf("unit %s: %s=%q", u.ID, k, v)
				}
				if k == "blocks" {
					u.Blocks = n
				} else {
					s.Moved[u.ID] = n
				}
			default:
				return nil, fmt.Errorf("unit %s: unknown key %s= (at, blocks, moved)", u.ID, k)
			}
		}
	}
	for _, id := range s.Orders {
		if !placed[id] {
			return nil, fmt.Errorf("ordered=%s: not a listed unit", id)
		}
	}
	for i := range s.Units {
		if !placed[s.Units[i].ID] {
			s.Units[i].Gone = "reserve" // off the board for the lesson, counted nowhere
		}
	}
	s.Touch() // fields were set outside Apply: forget any cached legal list
	if err := s.CheckInvariants(); err != nil {
		return nil, err
	}
	return s, nil
}
