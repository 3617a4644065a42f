package albuera

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
)

// Lines of units moving together [12.10]: units of one type standing flank
// to flank with the same facing may step forward together, each paying its
// own cost; the enemy reacts once to the whole step.

// flankHexesOf are a counter's flank hexes.
func (s *State) flankHexesOf(i int) [2]hex.Coord {
	if s.U[i].Two {
		return s.line2(i).FlankHexes()
	}
	return hex.FlankHexes(s.U[i].At, s.U[i].Facing)
}

// lineGroup is the chain of units flank to flank with i that may move with it.
func (s *State) lineGroup(i int) []int {
	u := &s.U[i]
	if s.kind(i) != KInf && s.kind(i) != KCav || u.Array == Square || u.Double || s.inClash(i) {
		return nil
	}
	ok := func(j int) bool {
		uj := &s.U[j]
		return j != i && s.kind(j) == s.kind(i) && uj.Facing == u.Facing && uj.Array != Square && s.canAct(j) &&
			!uj.Done && !uj.Double && (!uj.Started || uj.Group == i+1) && !s.inClash(j) && s.stackLen(j) == 1 || uj.Two && j != i && s.kind(j) == s.kind(i) && uj.Facing == u.Facing && s.canAct(j) && !uj.Done && (!uj.Started || uj.Group == i+1) && !s.inClash(j)
	}
	group := []int{i}
	for k := 0; k < len(group) && len(group) < 6; k++ {
		for _, h := range s.flankHexesOf(group[k]) {
			j := s.top(h, s.side(i))
			if j >= 0 && !containsInt(group, j) && ok(j) {
				group = append(group, j)
			}
		}
	}
	if len(group) < 2 {
		return nil
	}
	return group[1:]
}

// lineDest is where member j goes stepping in direction d, with its cost.
func (s *State) lineDest(j, d int) (hex.Line2, int, bool) {
	u := &s.U[j]
	if u.Two {
		to := s.line2(j).Shift(d)
		for _, mv := range s.line2(j).Steps() {
			if mv.To == to && (mv.Kind == hex.StepForward || mv.Kind == hex.StepBackward) {
				c, why := s.lineCost(j, mv)
				if why != "" || s.enemyIn([]hex.Coord{to.A, to.B}, s.side(j)) || u.Spent+c > s.ma(j) {
					return to, 0, false
				}
				return to, c, true
			}
		}
		return to, 0, false
	}
	n := u.At.Neighbor(d)
	c, _, enemy, why := s.stepCost(j, u.At, u.Facing, n)
	if why != "" || enemy || u.Spent+c > s.ma(j) {
		return hex.Line2{A: n}, 0, false
	}
	return hex.Line2{A: n}, c, true
}

func (s *State) enemyIn(hs []hex.Coord, side int) bool {
	for _, h := range hs {
		if s.hasSide(h, 1-side) {
			return true
		}
	}
	return false
}

// lineMoves lists the group steps of unit i's line.
func (s *State) lineMoves(i int) []rules.Action {
	g := s.lineGroup(i)
	if len(g) == 0 {
		return nil
	}
	var out []rules.Action
	f := s.U[i].Facing
	for _, d := range []int{hex.Mod6(f), hex.Mod6(f + 1), hex.Mod6(f + 3), hex.Mod6(f + 4)} {
		all := append([]int{i}, g...)
		okAll := true
		dest := map[hex.Coord]int{}
		for _, j := range all {
			to, _, ok := s.lineDest(j, d)
			if !ok {
				okAll = false
				break
			}
			for _, h := range s.l2hexes(to) {
				dest[h]++
				if dest[h] > 1 {
					okAll = false
				}
			}
		}
		if !okAll {
			continue
		}
		var ids []string
		for _, j := range g {
			ids = append(ids, s.id(j))
		}
		sort.Strings(ids)
		to, _, _ := s.lineDest(i, d)
		way := "forward"
		if hex.ArcOfDir(f, d) == hex.Rear {
			way = "back (+1 MP) [12.6]"
		}
		out = append(out, rules.Action{Kind: "move", Unit: s.id(i), Units: ids, To: s.num(to.A), Choice: "line-" + strconv.Itoa(d), Rule: "12.10",
			Label: fmt.Sprintf("Line of %s and %d more steps %s to %s", s.name(i), len(ids), way, s.num(to.A))})
	}
	return out
}

func (s *State) l2hexes(l hex.Line2) []hex.Coord {
	if l.Valid() {
		return []hex.Coord{l.A, l.B}
	}
	return []hex.Coord{l.A}
}

// lineApply moves the whole line one hex [12.10], then the enemy reacts.
func (s *State) lineApply(i int, others []int, choice string) {
	d, _ := strconv.Atoi(strings.TrimPrefix(choice, "line-"))
	members := append([]int{i}, others...)
	type mv struct {
		j    int
		to   hex.Line2
		cost int
	}
	var mvs []mv
	for _, j := range members {
		to, c, ok := s.lineDest(j, d)
		if ok {
			mvs = append(mvs, mv{j, to, c})
		}
	}
	var entered []hex.Coord
	for _, m := range mvs {
		u := &s.U[m.j]
		s.moved(m.j)
		from := u.At
		if u.Two {
			old := s.line2(m.j)
			u.At, u.At2 = m.to.A, m.to.B
			for _, h := range []hex.Coord{m.to.A, m.to.B} {
				if !old.Covers(h) {
					entered = append(entered, h)
				}
			}
		} else {
			u.At = m.to.A
			entered = append(entered, m.to.A)
		}
		u.From = from
		u.Spent += m.cost
		u.Started = true
		u.Turns = 0
		if m.j != i {
			u.Group = i + 1
		}
		if s.kind(m.j) == KCav {
			u.Straight++
		}
		s.NextOrd++
		u.Ord = s.NextOrd
	}
	s.ev("12.10", s.Side, fmt.Sprintf("The line of %s (%d units) steps together", s.name(i), len(mvs)), nil, nil)
	// reactions: each enemy unit in a member's front reacts once [13.1]
	seen := map[int]bool{}
	for _, m := range mvs {
		if s.kind(m.j) == KArt {
			continue
		}
		fa, fn := s.frontArr(m.j)
		for _, c := range fa[:fn] {
			r := s.top(c, 1-s.side(i))
			if r < 0 || seen[r] || s.kind(r) == KArt || s.inClash(r) {
				continue
			}
			seen[r] = true
			s.push(s.reactionMC(r, m.j))
		}
	}
	s.reattachAll(entered)
}

// reattachAll rejoins companies and battalions meeting on entered hexes [8.3].
func (s *State) reattachAll(hs []hex.Coord) {
	for _, h := range hs {
		for _, j := range s.occ(h) {
			s.reattach(j)
		}
	}
}

// ---- a whole line wheeling [12.10] ----------------------------------------------

// lineWheelPlan is where every member of a line goes when the whole line
// wheels 60° forward or backward about one of its ends [12.10], [6.3.1].
type lineWheelPlan struct {
	cw     bool
	back   bool   // a backward wheel [12.10] with [12.6]
	choice string // linewheel-ccw, -cw, -back-left, -back-right
	pivot  hex.Coord
	facing int
	to     map[int]hex.Line2 // member -> new place (B unused for one-hex units)
	cost   map[int]int
}

// lineWheels plans the two forward wheels of unit i's line: the line is
// straight (all its hexes side by side along the facing's flank axis), and
// it turns about its left end (anticlockwise) or right end (clockwise) like
// one long rectangle [6.3.1]. Interpretation: each member pays the cost of
// the dearest hex it newly enters, as a rectangle's wheel does [6.3.2] (the
// pivot, which only turns, a facing change [12.7]); no
// member may enter a hex held by anyone else, nor an enemy hex.
func (s *State) lineWheels(i int) []lineWheelPlan {
	g := s.lineGroup(i)
	if len(g) == 0 {
		return nil
	}
	members := append([]int{i}, g...)
	f := s.U[i].Facing
	owner := map[hex.Coord]int{}
	for _, j := range members {
		if s.U[j].Array == Square {
			return nil
		}
		for _, h := range s.hexes(j) {
			owner[h] = j
			for _, x := range s.occ(h) {
				if !containsInt(members, x) {
					return nil // a stack moves as a whole, not in a line's wheel [12.13]
				}
			}
		}
	}
	// the straight line of hexes, left end first
	var start hex.Coord
	for h := range owner {
		start = h
		break
	}
	for {
		if _, ok := owner[start.Neighbor(f-1)]; !ok {
			break
		}
		start = start.Neighbor(f - 1)
	}
	var row []hex.Coord
	for h := start; ; h = h.Neighbor(f + 2) {
		if _, ok := owner[h]; !ok {
			break
		}
		row = append(row, h)
	}
	if len(row) != len(owner) {
		return nil // not one straight line
	}
	dbl := false
	for _, j := range members {
		dbl = dbl || s.U[j].Double
	}
	var out []lineWheelPlan
	// Forward about either end, and backward about either end: the book
	// lets a line move as its units may [12.10], and a unit may move
	// backwards at +1 MP in its own subphase [12.6] (interpretation).
	for _, w := range []struct {
		cw, back, left bool
		choice         string
	}{{false, false, true, "linewheel-ccw"}, {true, false, false, "linewheel-cw"},
		{true, true, true, "linewheel-back-left"}, {false, true, false, "linewheel-back-right"}} {
		if w.back && dbl {
			continue // no backward move in Double March [12.9]
		}
		p := lineWheelPlan{cw: w.cw, back: w.back, choice: w.choice, to: map[int]hex.Line2{}, cost: map[int]int{}}
		newPos := map[hex.Coord]hex.Coord{}
		if w.left { // about the left end: axis f+2 -> f+1 (forward) or f+3 (back)
			axis, face := f+1, f-1
			if w.back {
				axis, face = f+3, f+1
			}
			p.pivot, p.facing = row[0], hex.Mod6(face)
			for k, h := range row {
				c := p.pivot
				for n := 0; n < k; n++ {
					c = c.Neighbor(axis)
				}
				newPos[h] = c
			}
		} else { // about the right end: axis f-1 -> f (forward) or f-2 (back)
			axis, face := f, f+1
			if w.back {
				axis, face = f-2, f-1
			}
			last := len(row) - 1
			p.pivot, p.facing = row[last], hex.Mod6(face)
			for k := range row {
				c := p.pivot
				for n := 0; n < last-k; n++ {
					c = c.Neighbor(axis)
				}
				newPos[row[k]] = c
			}
		}
		ok := true
		for _, j := range members {
			u := &s.U[j]
			old := s.hexes(j)
			to := hex.Line2{A: newPos[u.At], Facing: p.facing}
			if u.Two {
				to.B = newPos[u.At2]
				if !to.Valid() {
					ok = false
					break
				}
			}
			cost := 0
			for _, h := range s.l2hexes(to) {
				if !u.Two && h != to.A {
					continue
				}
				if slices.Contains(old, h) {
					continue
				}
				if !s.sc.onMap(h) {
					ok = false
					break
				}
				if _, mine := owner[h]; !mine && (len(s.occ(h)) > 0 || s.clashHex(h)) {
					ok = false // nobody else's hex, no enemy [12.10] (interpretation)
					break
				}
				from := old[0]
				if len(old) == 2 && hex.Distance(old[1], h) < hex.Distance(from, h) {
					from = old[1]
				}
				c := s.enterCost(s.costCol(j), from, h)
				if c < 0 {
					ok = false
					break
				}
				if c > cost {
					cost = c
				}
			}
			if ok && cost == 0 {
				cost = s.sc.act("face", 2) // the pivot only turns [12.7]
			} else if ok && p.back {
				cost += s.sc.act("rear", 2) // a move backwards [12.6]
			}
			if !ok || u.Spent+cost > s.ma(j) {
				ok = false
				break
			}
			p.to[j], p.cost[j] = to, cost
		}
		if ok {
			out = append(out, p)
		}
	}
	return out
}

// lineWheelActions lists the wheels of unit i's line [12.10].
func (s *State) lineWheelActions(i int) []rules.Action {
	var out []rules.Action
	for _, p := range s.lineWheels(i) {
		var ids []string
		for j := range p.to {
			if j != i {
				ids = append(ids, s.id(j))
			}
		}
		sort.Strings(ids)
		way, choice := map[string]string{
			"linewheel-ccw":        "anticlockwise about its left end",
			"linewheel-cw":         "clockwise about its right end",
			"linewheel-back-left":  "backwards about its left end (+1 MP [12.6])",
			"linewheel-back-right": "backwards about its right end (+1 MP [12.6])",
		}[p.choice], p.choice
		out = append(out, rules.Action{Kind: "move", Unit: s.id(i), Units: ids, To: s.num(p.to[i].A), Facing: p.facing, Choice: choice, Rule: "12.10",
			Label: fmt.Sprintf("Line of %s and %d more wheels %s (%s) [12.10]", s.name(i), len(ids), way, s.num(p.pivot))})
	}
	return out
}

// lineWheelApply wheels the whole line [12.10]; then the enemy reacts once
// to the whole move [13.1].
func (s *State) lineWheelApply(i int, choice string) {
	var plan *lineWheelPlan
	for _, p := range s.lineWheels(i) {
		if p.choice == choice {
			pp := p
			plan = &pp
		}
	}
	if plan == nil {
		return
	}
	var members []int
	for j := range plan.to {
		members = append(members, j)
	}
	sort.Ints(members)
	var entered []hex.Coord
	for _, j := range members {
		u := &s.U[j]
		s.moved(j)
		old := s.hexes(j)
		to := plan.to[j]
		u.From = u.At
		u.At, u.Facing = to.A, to.Facing
		if u.Two {
			u.At2 = to.B
		}
		for _, h := range s.hexes(j) {
			if !slices.Contains(old, h) {
				entered = append(entered, h)
			}
		}
		u.Spent += plan.cost[j]
		u.Started = true
		u.Turns = 0
		u.Straight = 0 // a wheel is a turn [9.2.1]
		if j != i {
			u.Group = i + 1
		}
		s.NextOrd++
		u.Ord = s.NextOrd
	}
	s.ev("12.10", s.Side, fmt.Sprintf("The line of %s (%d units) wheels about %s", s.name(i), len(members), s.num(plan.pivot)), nil, nil)
	seen := map[int]bool{}
	for _, j := range members {
		fa, fn := s.frontArr(j)
		for _, c := range fa[:fn] {
			r := s.top(c, 1-s.side(i))
			if r < 0 || seen[r] || s.kind(r) == KArt || s.inClash(r) {
				continue
			}
			seen[r] = true
			s.push(s.reactionMC(r, j))
		}
	}
	s.reattachAll(entered)
}
