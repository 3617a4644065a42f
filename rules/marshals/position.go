package marshals

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"grognard/rules"
	"grognard/rules/lesson"
	"grognard/rules/zone"
)

// Lesson positions (issue #19): a worked example set up on the real zone
// map with only the counters that matter, or a scenario's opening.
//
// Position keys: start=historical (the scenario as the menu opens it:
// decoys to place, then the turn) or empty (the default: only the listed
// counters, in the operations phase); act=french|allied (the side
// conducting the operation; also the initiative); cinc_french=,
// cinc_allied= (commanders in chief this turn); turn=; axis=ZONE:FR:AL (the
// Retraite markers of a contested zone: each side's neighbouring zone along
// the road, route, path or ford that joins them, '-' for none; several
// separated by ';'); hand_french=, hand_allied= (held events, default none).
// Unit keys: at=, losses=, detached=, artlost=, demoral=yes, activated=yes.
func init() { lesson.Register(SystemID, position) }

func position(p lesson.Position) (rules.State, error) {
	sc, err := Load(p.Scenario)
	if err != nil {
		return nil, err
	}
	s, err := NewState(sc)
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
	placed := map[string]bool{}
	for _, pl := range p.Units {
		i := s.idx(pl.Unit)
		if i < 0 {
			return nil, fmt.Errorf("unit %s: no such counter", pl.Unit)
		}
		u := Unit{ID: pl.Unit}
		for k, v := range pl.Fields {
			switch k {
			case "at":
				if _, ok := s.sc.Graph.Zone(v); !ok {
					return nil, fmt.Errorf("unit %s: no zone %q", pl.Unit, v)
				}
				u.At = v
			case "losses", "detached", "artlost":
				n, err := strconv.Atoi(v)
				if err != nil || n < 0 || n > math.MaxInt16 {
					return nil, fmt.Errorf("unit %s: %s=%q", pl.Unit, k, v)
				}
				switch k {
				case "losses":
					u.Losses = int16(n)
				case "detached":
					u.Detached = int16(n)
				default:
					u.ArtLost = int16(n)
				}
			case "demoral":
				u.Demoral = v == "yes"
			case "activated":
				u.Activated = v == "yes"
			default:
				return nil, fmt.Errorf("unit %s: unknown key %s= (at, losses, detached, artlost, demoral, activated)", pl.Unit, k)
			}
		}
		if u.At == "" {
			return nil, fmt.Errorf("unit %s: missing at=", pl.Unit)
		}
		s.Units[i] = u
		s.placed(i)
		placed[pl.Unit] = true
	}
	for i := range s.Units {
		if !placed[s.Units[i].ID] {
			s.Units[i] = Unit{ID: s.Units[i].ID, Off: OffPool}
			s.placed(i)
		}
	}
	side := French
	s.Hands = [2][]string{{}, {}}
	for k, v := range p.Set {
		switch k {
		case "start":
		case "act":
			switch v {
			case "french":
				side = French
			case "allied":
				side = Allied
			default:
				return nil, fmt.Errorf("act=%q: french or allied", v)
			}
		case "cinc_french", "cinc_allied":
			k2 := French
			if k == "cinc_allied" {
				k2 = Allied
			}
			if i := s.idx(v); i < 0 || !placed[v] {
				return nil, fmt.Errorf("%s=%s: not a listed commander", k, v)
			}
			s.CinC[k2] = v
		case "turn":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("turn=%q", v)
			}
			s.Turn = n
		case "axis":
			for _, a := range strings.Split(v, ";") {
				f := strings.Split(a, ":")
				if len(f) != 3 {
					return nil, fmt.Errorf("axis=%q: ZONE:FRENCH:ALLIED", a)
				}
				var ax [2]int
				for k := 0; k < 2; k++ {
					ax[k] = -1
					if f[k+1] == "-" {
						continue
					}
					for _, kind := range []zone.ConnKind{zone.Road, zone.Route, zone.Path, zone.Ford} {
						if c := s.sc.Graph.ConnIndex(f[0], f[k+1], kind); c >= 0 {
							ax[k] = c
							break
						}
					}
					if ax[k] < 0 {
						return nil, fmt.Errorf("axis=%q: no connection %s-%s", a, f[0], f[k+1])
					}
				}
				s.setAxes(f[0], ax)
			}
		case "hand_french", "hand_allied":
			k2 := French
			if k == "hand_allied" {
				k2 = Allied
			}
			s.Hands[k2] = strings.Split(v, ",")
		default:
			return nil, fmt.Errorf("unknown key %s= (start, act, cinc_french, cinc_allied, turn, axis, hand_french, hand_allied)", k)
		}
	}
	for k := 0; k < 2; k++ {
		if s.CinC[k] != "" && !placed[s.CinC[k]] {
			s.CinC[k] = ""
		}
	}
	s.Phase, s.Sub, s.Act, s.Initiative, s.Cur, s.Passes = PhOperations, SubOp, side, side, side, 0
	s.forgetLegal() // fields were set outside Apply: no remembered legal list
	if err := s.CheckInvariants(); err != nil {
		return nil, err
	}
	return s, nil
}
