package albuera

import (
	"fmt"
	"sort"

	"grognard/rules"
	"grognard/rules/hex"
)

// Reach lists the places a unit can reach now with the single steps that
// lead there (rules.Planner). The UI walks the steps one at a time: a
// reaction [13.1] stops the walk when the decider changes [13.8].
func (s *State) Reach(id string) []rules.Route {
	i := s.idx(id)
	if i < 0 || s.Over || len(s.Tasks) > 0 {
		return nil
	}
	defer s.indexed()()
	if s.Phase == phCmd && s.kind(i) == KCdr && contains(s.Movers, id) && s.alive(i) {
		return s.cmdReach(i)
	}
	if s.Phase != phMove || s.Window != "act" || !s.mayMove(i) {
		return nil
	}
	if s.U[i].Two {
		return s.lineReach(i)
	}
	u := &s.U[i]
	turn := s.sc.act("face", 2)
	if s.kind(i) == KComp {
		turn = s.sc.act("face_company", 0)
	}
	if u.Array == Square {
		turn = -1
	}
	// Hexes of friends it may only pass through [11.3]: never a
	// destination, no turn there, no second such hex straight after, and
	// none with an enemy in its Front (as passOn for the legal step).
	passing := map[hex.Coord]bool{}
	if u.Passing {
		passing[u.At] = true
	}
	fs := hex.FacingSearch{Map: s.sc.Map, Budget: s.left(i),
		Turn: func(from, to int) int { return turn },
		Step: func(from hex.Coord, f int, to hex.Coord) (int, bool) {
			c, rear, _, pass, why := s.stepCostPass(i, from, f, to, true)
			if why != "" || passing[from] && (pass || rear) || pass && s.enemyInFront(i, to, f) {
				return 0, false
			}
			if pass {
				passing[to] = true
			}
			if from != u.Start && s.friendsBesides(i, from) {
				c += s.sc.act("friendly_pass", 2) // passing through friends [11.3]
			}
			return c, true
		},
		Stop: func(c hex.Coord) bool { return s.hasSide(c, 1-s.side(i)) }}
	res := fs.Reachable(u.At, u.Facing)
	var out []rules.Route
	for c := range res.Hexes() {
		if c == u.At || passing[c] {
			continue
		}
		best, br, _ := res.Best(c)
		mv, ok := res.Moves(best)
		if !ok {
			continue
		}
		var steps []rules.Action
		turnsAmong := false
		for _, m := range mv {
			if m.Turn && passing[m.To.C] {
				turnsAmong = true // a turn among friends it passes: not this way [11.3]
			}
			if m.Turn {
				steps = append(steps, rules.Action{Kind: "face", Unit: id, Facing: m.To.Facing, Choice: "turn", Rule: "12.7",
					Label: fmt.Sprintf("%s turns to face %s", s.name(i), s.facingWord(m.To.Facing))})
			} else {
				steps = append(steps, rules.Action{Kind: "move", Unit: id, To: s.num(m.To.C), Rule: "12.1",
					Label: fmt.Sprintf("%s to %s", s.name(i), s.num(m.To.C))})
			}
		}
		if turnsAmong {
			continue
		}
		out = append(out, rules.Route{To: s.num(c), Cost: half(br.Cost) + " MP", Steps: steps, Rule: "12.2"})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].To < out[b].To })
	return out
}

// enemyInFront reports an enemy unit in a Front hex of n for facing f: a
// unit may not pass through friends there, a reaction could stop it among
// them (passOn) [11.3].
func (s *State) enemyInFront(i int, n hex.Coord, f int) bool {
	for _, n2 := range n.Neighbors() {
		if a, ok := hex.ArcOf(n, f, n2); ok && a == hex.Front && s.sc.Map.On(n2) && s.top(n2, 1-s.side(i)) >= 0 {
			return true
		}
	}
	return false
}

func (s *State) lineReach(i int) []rules.Route {
	ls := hex.LineSearch{Map: s.sc.Map, Budget: s.left(i),
		Cost: func(m hex.LineMove) (int, bool) {
			c, why := s.lineCost(i, m)
			return c, why == ""
		},
		Stop: func(l hex.Line2) bool { return s.hasSide(l.A, 1-s.side(i)) || s.hasSide(l.B, 1-s.side(i)) }}
	reach := ls.Reachable(s.line2(i))
	var out []rules.Route
	for l, r := range reach {
		if r.Steps == 0 {
			continue
		}
		mv, ok := hex.LineMoves(reach, l)
		if !ok {
			continue
		}
		var steps []rules.Action
		for _, m := range mv {
			steps = append(steps, rules.Action{Kind: "move", Unit: s.id(i), To: s.num(m.To.A), Choice: s.num(m.To.B), Facing: m.To.Facing, Rule: "6.3.1",
				Label: fmt.Sprintf("%s to %s-%s", s.name(i), s.num(m.To.A), s.num(m.To.B))})
		}
		out = append(out, rules.Route{To: s.num(l.A), Cost: half(r.Cost) + " MP", Steps: steps, Rule: "6.3"})
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].To != out[b].To {
			return out[a].To < out[b].To
		}
		return len(out[a].Steps) < len(out[b].Steps)
	})
	// one route per hex: the cheapest first found
	var uniq []rules.Route
	for _, r := range out {
		if len(uniq) == 0 || uniq[len(uniq)-1].To != r.To {
			uniq = append(uniq, r)
		}
	}
	return uniq
}

func (s *State) cmdReach(i int) []rules.Route {
	side := s.side(i)
	sr := hex.Search{Map: s.sc.Map, Budget: s.sc.P("mp_commander") - s.U[i].Moved,
		Cost: func(from, to hex.Coord, dir int) (int, bool) {
			return 1, !(s.hasSide(to, 1-side) && !s.hasSide(to, side))
		}}
	reach := sr.Reachable(s.U[i].At)
	var out []rules.Route
	for c, r := range reach {
		if r.Steps == 0 {
			continue
		}
		path, cost, ok := hex.PathTo(reach, s.U[i].At, c)
		if !ok {
			continue
		}
		var steps []rules.Action
		for _, h := range path[1:] {
			steps = append(steps, rules.Action{Kind: "move", Unit: s.id(i), To: s.num(h), Rule: "12.2", Label: s.name(i) + " to " + s.num(h)})
		}
		out = append(out, rules.Route{To: s.num(c), Cost: fmt.Sprintf("%d MP", cost), Steps: steps, Rule: "12.2"})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].To < out[b].To })
	return out
}

// friendsBesides reports friendly units other than i on hex c.
func (s *State) friendsBesides(i int, c hex.Coord) bool {
	for _, j := range s.occ(c) {
		if j != i && s.side(j) == s.side(i) {
			return true
		}
	}
	return false
}
