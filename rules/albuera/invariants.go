package albuera

import (
	"fmt"

	"grognard/rules"
	"grognard/rules/hex"
)

// CheckInvariants checks the state's own consistency (rules.Checker).
func (s *State) CheckInvariants() error {
	defer s.indexed()()
	// the units (not commanders) on each hex: linked lists by dense hex in
	// the index's scratch (speed: no map)
	sc := s.sc
	ix := s.ix
	if len(ix.invHead) != sc.denseN {
		ix.invHead = make([]int32, sc.denseN)
		for k := range ix.invHead {
			ix.invHead[k] = -1
		}
	}
	if len(ix.invNext) != 2*len(s.U) {
		ix.invNext = make([]int32, 2*len(s.U))
	}
	head, next := ix.invHead, ix.invNext
	kinds, sides := sc.fast.kindOf, sc.fast.sideOf
	nOf, rectOf := sc.fast.nOf, sc.fast.rectOf
	if len(kinds) != len(s.U) || len(sides) != len(s.U) || len(nOf) != len(s.U) || len(rectOf) != len(s.U) { // a scenario the tables were not made for
		kinds, sides = make([]uint8, len(s.U)), make([]int8, len(s.U))
		nOf, rectOf = make([]int32, len(s.U)), make([]int32, len(s.U))
		for i := range s.U {
			kinds[i], sides[i] = kindCode(s.def(i).Kind), int8(s.def(i).Side)
			nOf[i], rectOf[i] = int32(s.def(i).N), int32(s.def(i).rectMin())
		}
	}
	used := ix.invUsed[:0]
	defer func() {
		for _, k := range used {
			head[k] = -1
		}
		ix.invUsed = used[:0]
	}()
	// speed (issue #20): one pass over the units, a unit's definition read
	// only for an error, passing units [11.3] left out of the hexes' lists
	// (the stacking checks skip them); the first unit stopped among friends
	// it was only passing through is reported after the other unit checks,
	// as when they were two passes.
	passErr := -1
	for i := range s.U {
		u := &s.U[i]
		if u.Passing && passErr < 0 && (s.Motion != i || u.Where != OnMap) {
			passErr = i
		}
		if u.Where != OnMap {
			if u.Where == Routed && u.Box < 1 {
				return fmt.Errorf("%s routed with no box [15.11]", s.id(i))
			}
			continue
		}
		if k := sc.dense(u.At); k < 0 || !sc.on[k] {
			return fmt.Errorf("%s off the map at %v", s.id(i), u.At)
		}
		kd := kinds[i]
		if kd == kCdr || u.Captured {
			continue
		}
		if u.MP < 1 || u.MP > int(nOf[i]) {
			return fmt.Errorf("%s has Manpower %d of %d [3.4]", s.id(i), u.MP, nOf[i])
		}
		if u.Facing < 0 || u.Facing > 5 {
			return fmt.Errorf("%s has facing %d", s.id(i), u.Facing)
		}
		rect := int(rectOf[i])
		if u.Two {
			if !s.sc.onMap(u.At2) || !s.line2(i).Valid() {
				return fmt.Errorf("%s: line counter on %s-%s is not two adjacent hexes side by side [6.3]", s.id(i), s.num(u.At), s.num(u.At2))
			}
			if kd != kInf || u.Array != Line {
				return fmt.Errorf("%s is a rectangle but not a battalion in Line [6.1]", s.id(i))
			}
			if u.MP < rect && !s.pendingTask("shrink", i) {
				return fmt.Errorf("%s: rectangle with Manpower %d below %d [6.2]", s.id(i), u.MP, rect)
			}
		}
		if !u.Two && kd == kInf && u.MP >= rect && u.Array == Line && !s.pendingTask("grow", i) {
			return fmt.Errorf("%s: Manpower %d in Line must be a rectangle [6.2]", s.id(i), u.MP)
		}
		for h, c := range [2]hex.Coord{u.At, u.At2} {
			if h == 1 && !u.Two {
				break
			}
			k := sc.dense(c)
			if k < 0 {
				return fmt.Errorf("%s off the map at %v", s.id(i), c)
			}
			if u.Passing {
				continue // going through [11.3]: not in the stack
			}
			if head[k] < 0 {
				used = append(used, k)
			}
			next[2*i+h] = head[k]
			head[k] = int32(2*i + h)
		}
	}
	if passErr >= 0 {
		return fmt.Errorf("%s stopped among friends it was only passing through [11.3]", s.id(passErr))
	}
	var mineBuf [16]int
	for _, k := range used {
		h := sc.coordOf(k)
		for side := 0; side < 2; side++ {
			mine := mineBuf[:0]
			for n := head[k]; n >= 0; n = next[n] {
				j := int(n / 2) // passing units are not listed [11.3]
				if int(sides[j]) == side {
					mine = append(mine, j)
				}
			}
			if len(mine) == 0 {
				continue
			}
			inf, cav, art := 0, 0, 0
			for _, j := range mine {
				switch kinds[j] {
				case kInf:
					inf++
				case kCav:
					cav++
				case kArt:
					art++
				}
			}
			if !s.sc.stackOK(inf, cav, art) {
				return fmt.Errorf("stacking broken at %s: %d infantry, %d cavalry, %d artillery [11.1], [11.2]", s.num(h), inf, cav, art)
			}
			var ref = -1
			for _, j := range mine {
				if kinds[j] == kArt || kinds[j] == kComp {
					continue
				}
				if ref < 0 {
					ref = j
					continue
				}
				if s.U[j].Array != s.U[ref].Array || s.U[j].Facing != s.U[ref].Facing || s.U[j].Two != s.U[ref].Two {
					return fmt.Errorf("stack at %s mixes arrays or facings (%s, %s) [11.0]", s.num(h), s.id(ref), s.id(j))
				}
			}
		}
	}
	// Pool consistency [3.3], [4.10].
	for p, c := range s.Pool {
		i := s.idx(c)
		if i < 0 || !s.def(i).Chit {
			return fmt.Errorf("pool holds %q, not a chit", c)
		}
		if contains(s.Pool[:p], c) {
			return fmt.Errorf("chit %s twice in the pool", c)
		}
		if s.U[i].Where != OnMap {
			return fmt.Errorf("chit %s of a commander off the map is in the pool [4.10]", c)
		}
	}
	if s.Over {
		return nil
	}
	if s.decider() == rules.NoSide {
		return fmt.Errorf("nobody decides in phase %s", s.Phase)
	}
	if len(s.Legal()) == 0 {
		return fmt.Errorf("the decider has no action (phase %s, %d tasks)", s.Phase, len(s.Tasks))
	}
	return nil
}

func (s *State) pendingTask(kind string, i int) bool {
	for _, t := range s.Tasks {
		if t.Kind == kind && t.Unit == i {
			return true
		}
	}
	return false
}
