package almansa

import (
	"fmt"
	"strconv"
	"strings"

	"grognard/rules"
	"grognard/rules/lesson"
)

// Lesson positions (issue #19): a worked example set up on the real map with
// only the units that matter, or the historical opening.
//
// Position keys: start=historical (both sides' historical set-up, every unit:
// the game as the menu opens it) or empty (the default: only the listed
// units); phase= a phase id of the phase table (bourbon-move,
// bourbon-shock, allied-move, ...; default bourbon-move); turn= (default 1);
// options= the optional rules switched on (comma list of their ids [15]).
// Unit keys: at=, facing=, steps=, dsg=yes (disorganised [14]), dsb=yes
// (routed [14]), ooc=yes (out of command [6]).
func init() { lesson.Register(SystemID, position) }

func position(p lesson.Position) (rules.State, error) {
	var opts rules.Options
	if v, ok := p.Set["options"]; ok {
		opts = rules.Options{}
		for _, id := range strings.Split(v, ",") {
			known := false
			for _, o := range Options {
				known = known || o.ID == strings.TrimSpace(id)
			}
			if !known {
				return nil, fmt.Errorf("options: no optional rule %q [15]", id)
			}
			opts[strings.TrimSpace(id)] = true
		}
	}
	st, err := newGame(p.Scenario, opts)
	if err != nil {
		return nil, err
	}
	s := st.(*State)
	switch p.Set["start"] {
	case "historical":
		if len(p.Units) > 0 || len(p.Set) > 1 {
			return nil, fmt.Errorf("start=historical takes the scenario's opening as it is")
		}
		for n := 0; n < 3 && s.Turn == 0; n++ {
			if _, err := s.Apply(rules.Action{Kind: "choose", Choice: "historical"}); err != nil {
				return nil, fmt.Errorf("historical set-up: %v", err)
			}
		}
		return s, nil
	case "", "empty":
	default:
		return nil, fmt.Errorf("start=%q: historical or empty", p.Set["start"])
	}
	s.Turn, s.Phase = 1, phaseBMove
	for k, v := range p.Set {
		switch k {
		case "start", "options":
		case "phase":
			if _, ok := phaseInfo[v]; !ok || phaseKind(v) == "setup" {
				return nil, fmt.Errorf("phase=%q: not a phase of a turn", v)
			}
			s.Phase = v
		case "turn":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 12 {
				return nil, fmt.Errorf("turn=%q: 1 to 12", v)
			}
			s.Turn = n
		default:
			return nil, fmt.Errorf("unknown key %s= (start, phase, turn, options)", k)
		}
	}
	// Set-up choices are settled: no reserve to assign at set-up [6], [15].
	s.ResChosen = true
	for _, pl := range p.Units {
		if err := s.placeLesson(pl); err != nil {
			return nil, fmt.Errorf("unit %s: %v", pl.Unit, err)
		}
	}
	s.touch()
	if err := s.CheckInvariants(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *State) placeLesson(pl lesson.Place) error {
	i := s.idx(pl.Unit)
	if i < 0 {
		return fmt.Errorf("no such unit")
	}
	u := &s.Units[i]
	at, ok := pl.Fields["at"]
	if !ok {
		return fmt.Errorf("missing at=")
	}
	c, err := s.sc.Map.ParseOn(at)
	if err != nil {
		return err
	}
	u.At, u.On = c, true
	for k, v := range pl.Fields {
		yes := v == "yes"
		switch k {
		case "at":
		case "facing", "steps":
			n, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("%s=%q: a whole number", k, v)
			}
			if k == "facing" {
				if n < 0 || n > 5 {
					return fmt.Errorf("facing=%d: 0 to 5", n)
				}
				u.Facing = n
			} else {
				if n < 1 || n > s.sc.Units[i].Steps {
					return fmt.Errorf("steps=%d: 1 to %d", n, s.sc.Units[i].Steps)
				}
				u.Steps = n
			}
		case "dsg":
			u.DSG = yes
		case "dsb":
			u.DSB = yes
		case "ooc":
			u.OOC = yes
		default:
			return fmt.Errorf("unknown key %s= (at, facing, steps, dsg, dsb, ooc)", k)
		}
	}
	return nil
}
