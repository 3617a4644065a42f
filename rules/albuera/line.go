package albuera

import (
	"fmt"
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
func (s *State) flankHexesOf(i int) []hex.Coord {
	if s.U[i].Two {
		f := s.line2(i).FlankHexes()
		return f[:]
	}
	f := hex.FlankHexes(s.U[i].At, s.U[i].Facing)
	return f[:]
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
			!uj.Done && !uj.Double && (!uj.Started || uj.Group == i+1) && !s.inClash(j) && len(s.stackOf(j)) == 1 || uj.Two && j != i && s.kind(j) == s.kind(i) && uj.Facing == u.Facing && s.canAct(j) && !uj.Done && (!uj.Started || uj.Group == i+1) && !s.inClash(j)
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
			if mv.To == to && mv.Kind == hex.StepForward {
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
	for _, d := range []int{hex.Mod6(f), hex.Mod6(f + 1)} {
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
		out = append(out, rules.Action{Kind: "move", Unit: s.id(i), Units: ids, To: s.num(to.A), Choice: "line-" + strconv.Itoa(d), Rule: "12.10",
			Label: fmt.Sprintf("Line of %s and %d more steps forward to %s", s.name(i), len(ids), s.num(to.A))})
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
	s.ev("12.10", s.Side, fmt.Sprintf("The line of %s (%d units) steps forward", s.name(i), len(mvs)), nil, nil)
	// reactions: each enemy unit in a member's front reacts once [13.1]
	seen := map[int]bool{}
	for _, m := range mvs {
		if s.kind(m.j) == KArt {
			continue
		}
		for _, c := range s.front(m.j) {
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
