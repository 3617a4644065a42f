package albuera

import (
	"fmt"
	"strconv"
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
	"grognard/rules/lesson"
)

// Lesson positions (issue #19): a worked example of the book set up on the
// real map with only the units that matter.
//
// Position keys: start=historical (the scenario's opening, every unit) or
// empty (the default: only the listed units are on the map); phase=
// (pool, draw, activate, move, cmdmove, clash, admin), side=french|allied (the
// active side), window=act|opp (whose fire window [14.5]), act= the units
// that may act (comma list; the listed units of the active side by
// default), turn=, vp= (net, French positive [16.2]).
// Unit keys: at=, at2= (a rectangle's second hex [6.1]), facing=, array=,
// mp= (Manpower [3.4]), fires= (FIRE marker number [14.9.8]), spent= (MP
// spent, in half points [6.3]), routed=N (on the track, returning turn N).
func init() { lesson.Register(SystemID, position) }

func position(p lesson.Position) (rules.State, error) {
	st, err := newGame(p.Scenario, nil)
	if err != nil {
		return nil, err
	}
	s := st.(*State)
	if p.Set["start"] == "historical" {
		if len(p.Units) > 0 || len(p.Set) > 1 {
			return nil, fmt.Errorf("start=historical takes the scenario's opening as it is")
		}
		return s, nil
	}
	if st := p.Set["start"]; st != "" && st != "empty" {
		return nil, fmt.Errorf("start=%q: historical or empty", st)
	}
	for i := range s.U {
		s.U[i].Where = Gone
		s.U[i].Detached = false
	}
	s.Tasks, s.Act, s.Support, s.Brigs, s.Movers = nil, nil, nil, nil, nil
	s.Motion, s.Chit, s.Skip, s.Ended = -1, "", "", false
	side := French
	var listed []int
	for _, pl := range p.Units {
		i, err := s.placeUnit(pl)
		if err != nil {
			return nil, fmt.Errorf("unit %s: %v", pl.Unit, err)
		}
		listed = append(listed, i)
	}
	// A listed battalion's company is with it, ready to detach [8.2],
	// unless the lesson places the company itself.
	for _, i := range listed {
		if c := s.idx(s.def(i).Company); s.def(i).Company != "" && c >= 0 && s.U[c].Where == Gone {
			s.U[c].Where, s.U[c].Detached = OffMap, false
		}
	}
	for k, v := range p.Set {
		switch k {
		case "start":
		case "phase":
			switch v {
			case phPool, phDraw, phActivate, phMove, phCmd, phClash, phAdmin:
				s.Phase = v
			default:
				return nil, fmt.Errorf("phase=%q: pool, draw, activate, move, cmdmove, clash or admin", v)
			}
		case "side":
			switch v {
			case "french":
				side = French
			case "allied":
				side = Allied
			default:
				return nil, fmt.Errorf("side=%q: french or allied", v)
			}
		case "window", "act", "turn", "vp":
		default:
			return nil, fmt.Errorf("unknown key %s= (start, phase, side, window, act, turn, vp)", k)
		}
	}
	s.Side = side
	s.Window = p.Set["window"]
	if s.Phase == phMove && s.Window == "" {
		s.Window = "act"
	}
	if v, ok := p.Set["turn"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 16 {
			return nil, fmt.Errorf("turn=%q: 1 to 16", v)
		}
		s.Turn = n
	}
	if v, ok := p.Set["vp"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("vp=%q: a whole number", v)
		}
		s.VP = n
	}
	if v, ok := p.Set["act"]; ok {
		for _, id := range strings.Split(v, ",") {
			i := s.idx(strings.TrimSpace(id))
			if i < 0 {
				return nil, fmt.Errorf("act: no unit %s", id)
			}
			s.Act = append(s.Act, i)
		}
	} else if s.Phase == phMove {
		for _, i := range listed {
			if s.side(i) == side {
				s.Act = append(s.Act, i)
			}
		}
	}
	// Only the chits of commanders on the map stay in the pool [4.10].
	var pool []string
	for _, c := range s.Pool {
		if i := s.idx(c); i >= 0 && s.U[i].Where == OnMap {
			pool = append(pool, c)
		}
	}
	s.Pool, s.Aside, s.Out = pool, nil, nil
	s.ver++
	s.cache = nil
	s.evs = nil
	if err := s.CheckInvariants(); err != nil {
		return nil, err
	}
	return s, nil
}

// placeUnit puts one listed unit where the lesson says.
func (s *State) placeUnit(pl lesson.Place) (int, error) {
	i := s.idx(pl.Unit)
	if i < 0 {
		return -1, fmt.Errorf("no such unit")
	}
	u := &s.U[i]
	d := s.def(i)
	num := func(k string) (int, bool, error) {
		v, ok := pl.Fields[k]
		if !ok {
			return 0, false, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, true, fmt.Errorf("%s=%q: a whole number", k, v)
		}
		return n, true, nil
	}
	for k := range pl.Fields {
		switch k {
		case "at", "at2", "facing", "array", "mp", "fires", "spent", "routed":
		default:
			return i, fmt.Errorf("unknown key %s= (at, at2, facing, array, mp, fires, spent, routed)", k)
		}
	}
	if n, ok, err := num("routed"); err != nil {
		return i, err
	} else if ok {
		u.Where, u.Box = Routed, n
	} else {
		at, ok := pl.Fields["at"]
		if !ok {
			return i, fmt.Errorf("missing at=")
		}
		c, err := s.sc.Map.ParseOn(at)
		if err != nil {
			return i, err
		}
		f, _, err := num("facing")
		if err != nil {
			return i, err
		}
		if d.Kind == KCdr {
			f = -1
		}
		u.Where, u.At, u.Two, u.Facing = OnMap, c, false, f
		if a2, ok := pl.Fields["at2"]; ok {
			c2, err := s.sc.Map.ParseOn(a2)
			if err != nil {
				return i, err
			}
			l, err := hex.NewLine2(c, c2, f)
			if err != nil {
				return i, fmt.Errorf("at=%s at2=%s facing=%d: %v", at, a2, f, err)
			}
			u.At, u.At2, u.Two, u.Facing, u.Array = l.A, l.B, true, l.Facing, Line
		}
	}
	if a, ok := pl.Fields["array"]; ok {
		if arrays := arraysOf(d); len(arrays) == 0 {
			return i, fmt.Errorf("array=%s: a commander has no array [4]", a)
		} else if !contains(arrays, a) {
			return i, fmt.Errorf("array=%s is not an array of a %s (%s) [5]-[10]", a, d.Kind, strings.Join(arrays, ", "))
		}
		if u.Two && a != Line {
			return i, fmt.Errorf("array=%s on two hexes: a rectangle is in Line [6.1]", a)
		}
		u.Array = a
	} else if !u.Two && u.Array == "" && d.Kind != KCdr {
		u.Array = map[string]string{KInf: Column, KComp: Skirmish, KCav: Mounted, KArt: d.ArtKind}[d.Kind]
	}
	if n, ok, err := num("mp"); err != nil {
		return i, err
	} else if ok {
		u.MP = n
	}
	if n, ok, err := num("fires"); err != nil {
		return i, err
	} else if ok {
		u.Fires = n
	}
	if n, ok, err := num("spent"); err != nil {
		return i, err
	} else if ok {
		u.Spent = n
	}
	if d.Kind == KComp {
		u.Detached = true
	}
	s.NextOrd++
	u.Ord = s.NextOrd
	return i, nil
}

// arraysOf lists the arrays a unit may be set up in (as the scenario's
// set-up checks them): a battalion in Column, Line or Square [5]-[7], a
// company in Skirmish Order [8], cavalry mounted [9], foot artillery
// unlimbered or limbered and horse artillery as horse [10.13]-[10.15].
func arraysOf(d *UnitDef) []string {
	switch d.Kind {
	case KInf:
		return []string{Column, Line, Square}
	case KComp:
		return []string{Skirmish}
	case KCav:
		return []string{Mounted}
	case KArt:
		if d.ArtKind == Horse {
			return []string{Horse}
		}
		return []string{Foot, Limbered}
	}
	return nil
}
