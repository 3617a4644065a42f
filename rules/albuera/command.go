package albuera

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
)

// Commanders [4].

// alive reports a commander still on the map.
func (s *State) alive(i int) bool { return i >= 0 && s.U[i].Where == OnMap }

// brigadesOf lists the brigade commanders directly under commander c.
func (s *State) brigadesOf(c int) []int {
	if b := s.sc.fast.brigades; c >= 0 && c < len(b) {
		return b[c] // made once per scenario (speed); callers only read it
	}
	return s.sc.brigadesOfSlow(c)
}

func (sc *Scenario) brigadesOfSlow(c int) []int {
	var out []int
	id := sc.Units[c].ID
	for i, d := range sc.Units {
		if d.Kind == KCdr && d.CKind == Brigade && d.Cmd == id {
			out = append(out, i)
		}
	}
	return out
}

// hasTroops reports a brigade with units still in the game.
func (s *State) hasTroops(b int) bool {
	if t := s.sc.fast.troops; b >= 0 && b < len(t) {
		for _, i := range t[b] { // the units under b, listed once per scenario (speed)
			if s.U[i].Where != Gone && !s.U[i].Captured {
				return true
			}
		}
		return false
	}
	id := s.id(b)
	for i, d := range s.sc.Units {
		if d.Cmd == id && d.Kind != KCdr && s.U[i].Where != Gone && !s.U[i].Captured {
			return true
		}
	}
	return false
}

// brigActivated reports a brigade (commander or leaderless) activated this turn.
func (s *State) brigActivated(b int) bool {
	if s.alive(b) {
		return s.U[b].Activated
	}
	return s.Lead[b]
}

// inRange reports whether something at hex 'to' is within command range of
// commander c: at most 3 hexes, never through hexes held only by the enemy
// (Clash Hexes may be crossed) [4.2].
func (s *State) inRange(c int, tos ...hex.Coord) bool {
	if !s.alive(c) {
		return false
	}
	defer s.indexed()()
	r := s.sc.fast.commandRange // param command_range
	side := s.side(c)
	start := s.U[c].At
	sc := s.sc
	if k0 := sc.dense(start); k0 >= 0 { // breadth first on the dense numbering (speed)
		ix := s.ix
		if len(ix.seen) != sc.denseN {
			ix.seen, ix.depth = make([]uint32, sc.denseN), make([]int, sc.denseN)
		}
		ix.stamp++
		ix.seen[k0], ix.depth[k0] = ix.stamp, 0
		q := append(ix.q[:0], start)
		defer func() { ix.q = q[:0] }()
		for head := 0; head < len(q); head++ {
			h := q[head]
			for _, t := range tos {
				if t == h {
					return true
				}
			}
			dh := ix.depth[sc.dense(h)]
			if dh >= r {
				continue
			}
			for _, n := range h.Neighbors() {
				k := sc.dense(n)
				if k < 0 || !sc.on[k] || ix.seen[k] == ix.stamp {
					continue
				}
				if s.hasSide(n, 1-side) && !s.hasSide(n, side) {
					hit := false
					for _, t := range tos {
						hit = hit || t == n
					}
					if !hit {
						continue
					}
				}
				ix.seen[k], ix.depth[k] = ix.stamp, dh+1
				q = append(q, n)
			}
		}
		return false
	}
	seen := map[hex.Coord]int{start: 0}
	q := []hex.Coord{start}
	for len(q) > 0 {
		h := q[0]
		q = q[1:]
		for _, t := range tos {
			if t == h {
				return true
			}
		}
		if seen[h] >= r {
			continue
		}
		for _, n := range h.Neighbors() {
			if _, ok := seen[n]; ok || !s.sc.onMap(n) {
				continue
			}
			if s.hasSide(n, 1-side) && !s.hasSide(n, side) {
				// an enemy hex blocks, unless it is the target itself
				hit := false
				for _, t := range tos {
					hit = hit || t == n
				}
				if !hit {
					continue
				}
			}
			seen[n] = seen[h] + 1
			q = append(q, n)
		}
	}
	return false
}

// unitInRange reports unit j in range of commander c (a rectangle: either hex).
func (s *State) unitInRange(c, j int) bool { return s.inRange(c, s.hexes(j)...) }

// reach is the command-range search of inRange [4.2] made once for a
// commander and asked about many units (listActors, speed): the hexes it
// reaches without entering a hex held only by the enemy, with their depth.
type reach struct {
	c     int
	stamp uint32
	ok    bool // the search was made (else ask inRange)
}

// reachFrom searches from commander c's hex; only inside an index scope.
func (s *State) reachFrom(c int) reach {
	sc, ix := s.sc, s.ix
	if !s.alive(c) || s.oc == nil || ix == nil {
		return reach{c: c}
	}
	start := s.U[c].At
	k0 := sc.dense(start)
	if k0 < 0 {
		return reach{c: c}
	}
	if len(ix.rseen) != sc.denseN {
		ix.rseen, ix.rdepth = make([]uint32, sc.denseN), make([]int32, sc.denseN)
	}
	ix.rstamp++
	st := ix.rstamp
	r, side := s.sc.fast.commandRange, s.side(c)
	ix.rseen[k0], ix.rdepth[k0] = st, 0
	q := append(ix.rq[:0], start)
	for head := 0; head < len(q); head++ {
		h := q[head]
		dh := ix.rdepth[sc.dense(h)]
		if int(dh) >= r {
			continue
		}
		for _, n := range h.Neighbors() {
			k := sc.dense(n)
			if k < 0 || !sc.on[k] || ix.rseen[k] == st || s.oc.sides[k] == 1<<(1-side) {
				continue // off the map, seen, or held only by the enemy
			}
			ix.rseen[k], ix.rdepth[k] = st, dh+1
			q = append(q, n)
		}
	}
	ix.rq = q[:0]
	return reach{c: c, stamp: st, ok: true}
}

// inReach is unitInRange(rc.c, j) read from the search rc, which must be the
// last made (inRange: a hex held only by the enemy is reached only as the
// target itself, from a hex short of the range).
func (s *State) inReach(rc reach, j int) bool {
	ix, sc := s.ix, s.sc
	if !rc.ok || ix == nil || ix.rstamp != rc.stamp || s.oc == nil || !s.alive(rc.c) {
		return s.unitInRange(rc.c, j)
	}
	r, side := sc.fast.commandRange, s.side(rc.c)
	u := &s.U[j]
	for h, t := range [2]hex.Coord{u.At, u.At2} {
		if h == 1 && !u.Two {
			break
		}
		k := sc.dense(t)
		if k < 0 {
			if s.unitInRange(rc.c, j) { // not on the dense numbering: ask the search itself
				return true
			}
			continue
		}
		if ix.rseen[k] == rc.stamp {
			return true
		}
		if !sc.on[k] || s.oc.sides[k] != 1<<(1-side) {
			continue
		}
		for _, n := range t.Neighbors() {
			if kn := sc.dense(n); kn >= 0 && ix.rseen[kn] == rc.stamp && int(ix.rdepth[kn]) < r {
				return true
			}
		}
	}
	return false
}

// drawChit resolves the draw of Phase 2 [3.3] and starts 2.1.
func (s *State) drawChit(chit string) error {
	c := s.idx(chit)
	if c < 0 || !contains(s.Pool, chit) {
		return rules.Illegal("3.3", "%s is not in the pool", chit)
	}
	s.Pool = remove(s.Pool, chit)
	s.Chit, s.Side = chit, s.side(c)
	s.Brigs, s.Movers, s.Support, s.Act, s.Skip = nil, nil, nil, nil, ""
	s.Phase = phActivate
	d := s.def(c)
	s.ev("3.3", s.Side, sideNames[s.Side]+": "+d.Name+"'s chit is drawn", nil, nil)
	switch d.CKind {
	case Brigade:
		s.Aside = append(s.Aside, chit)
		s.activateBrigade(c, true, "4.4")
		s.Movers = append(s.Movers, chit)
		s.afterActivation()
	case Division:
		s.divisionChit(c, c)
	case CinC:
		var orphans []string
		for _, dv := range s.sc.Units {
			if dv.Kind == KCdr && dv.CKind == Division && dv.Cmd == chit && !s.alive(s.idx(dv.ID)) && s.divHasBrigades(s.idx(dv.ID)) {
				orphans = append(orphans, dv.ID)
			}
		}
		switch {
		case len(orphans) > 1:
			opts := []string{}
			for _, o := range orphans {
				opts = append(opts, "orphan:"+o)
			}
			s.push(Task{Kind: "orphan", Side: s.Side, Unit: c, Opts: opts, Rule: "4.9.1"})
		case len(orphans) == 1:
			s.divisionChit(c, s.idx(orphans[0])) // [4.9]
		default:
			var opts []string
			for i, bd := range s.sc.Units {
				if bd.Kind == KCdr && bd.CKind == Brigade && bd.Side == s.Side && s.alive(i) {
					opts = append(opts, "brigade:"+bd.ID)
				}
			}
			s.Aside = append(s.Aside, chit) // [4.6.1.3]
			if len(opts) == 0 {
				s.ev("4.6", s.Side, d.Name+" has no brigade commander left to activate", nil, nil)
				s.Skip = "all"
				return nil
			}
			s.push(Task{Kind: "cinc", Side: s.Side, Unit: c, Opts: opts, Rule: "4.6"})
		}
	}
	return nil
}

func (s *State) divHasBrigades(dv int) bool {
	for _, b := range s.brigadesOf(dv) {
		if s.alive(b) || s.hasTroops(b) {
			return true
		}
	}
	return false
}

// divisionChit offers the choices of a division chit [4.5]; cmd is the
// commander whose range counts (the CinC for an orphan division [4.9]).
func (s *State) divisionChit(cmd, dv int) {
	var opts []string
	all, allIn, n := true, true, 0
	for _, b := range s.brigadesOf(dv) {
		if !s.alive(b) && !s.hasTroops(b) {
			continue
		}
		n++
		act := s.brigActivated(b)
		all = all && !act
		in := !s.alive(b) || s.unitInRange(cmd, b)
		allIn = allIn && in
		if !act && in {
			if s.alive(b) {
				opts = append(opts, "brigade:"+s.id(b))
			} else {
				opts = append(opts, "lead:"+s.id(b)) // [4.8]
			}
		}
	}
	if all && allIn && n >= 2 {
		opts = append(opts, "division") // [4.5.2]
	}
	if len(opts) == 0 {
		// [4.5.3]: flip one unactivated brigade commander; only the division commander moves.
		var flips []string
		for _, b := range s.brigadesOf(dv) {
			if s.alive(b) && !s.U[b].Activated {
				flips = append(flips, "flip:"+s.id(b))
			}
		}
		s.Skip = "nomove"
		s.Movers = append(s.Movers, s.id(cmd))
		s.ev("4.5.3", s.Side, fmt.Sprintf("No brigade commander in range of %s: 2.2 and 2.4 are skipped", s.name(cmd)), nil, nil)
		if len(flips) > 0 {
			s.push(Task{Kind: "flip", Side: s.Side, Unit: cmd, Other: dv, Opts: flips, Rule: "4.5.3", Why: "none"})
		} else {
			s.chitBack(dv)
		}
		return
	}
	s.push(Task{Kind: "activate", Side: s.Side, Unit: cmd, Other: dv, Opts: opts, Rule: "4.5"})
}

// chitBack returns the drawn chit to the pool while a brigade of the
// division is unactivated, else sets it aside [4.5.1.1].
func (s *State) chitBack(dv int) {
	back := false
	var divs []int
	if s.def(dv).CKind == CinC {
		for i, d := range s.sc.Units {
			if d.Kind == KCdr && d.CKind == Division && d.Cmd == s.id(dv) && !s.alive(i) {
				divs = append(divs, i)
			}
		}
	} else {
		divs = []int{dv}
	}
	for _, d := range divs {
		for _, b := range s.brigadesOf(d) {
			if (s.alive(b) || s.hasTroops(b)) && !s.brigActivated(b) {
				back = true
			}
		}
	}
	if back && s.U[s.idx(s.Chit)].Where == OnMap && !contains(s.Out, s.Chit) {
		s.Pool = append(s.Pool, s.Chit)
		sort.Strings(s.Pool)
		s.ev("4.5.1.1", s.Side, s.chitName()+"'s chit goes back into the pool", nil, nil)
	} else {
		s.Aside = append(s.Aside, s.Chit)
	}
}

// activateBrigade activates a brigade commander (flip: [4.4.1]; the CinC's
// pick is not flipped [4.6.1.2]).
func (s *State) activateBrigade(b int, flip bool, rule string) {
	if flip {
		if s.alive(b) {
			s.U[b].Activated = true
		} else {
			s.Lead[b] = true
		}
	}
	s.Brigs = append(s.Brigs, s.id(b))
	if s.alive(b) && !contains(s.Movers, s.id(b)) {
		s.Movers = append(s.Movers, s.id(b))
	}
	s.ev(rule, s.Side, s.name(b)+"'s brigade is activated", nil, nil)
}

// afterActivation brings back routed units [15.11.3] and lists who acts.
func (s *State) afterActivation() {
	for i, d := range s.sc.Units {
		u := &s.U[i]
		if u.Where != Routed || u.Box > s.Turn || d.Side != s.Side {
			continue
		}
		rc := s.returnCmd(i)
		if rc == "" || !contains(s.Movers, rc) && !contains(s.Brigs, rc) {
			continue
		}
		s.push(Task{Kind: "return", Side: d.Side, Unit: i, Rule: "15.11.4"})
	}
	if len(s.Tasks) == 0 {
		s.listActors()
	}
}

// returnCmd is the commander whose activation brings a routed unit back.
func (s *State) returnCmd(i int) string {
	d := s.def(i)
	if d.Support {
		return d.Return
	}
	return d.Cmd
}

// listActors fixes the units that may act in this 2.2 [4.2], [4.4], [4.7.1], [8.7].
func (s *State) listActors() {
	defer s.indexed()()
	s.Act, s.Support = nil, nil
	anyBrig := len(s.Brigs) > 0
	rc := reach{c: -1}
	for i, d := range s.sc.Units {
		if d.Kind == KCdr || d.Side != s.Side || s.U[i].Where != OnMap || s.U[i].Captured {
			continue
		}
		if contains(s.Brigs, d.Cmd) && !d.Support {
			b := s.idx(d.Cmd)
			ok := d.Kind == KComp // [8.7]
			if !ok && s.alive(b) {
				if rc.c != b || !rc.ok || rc.stamp != s.ix.rstamp {
					rc = s.reachFrom(b)
				}
				ok = s.inReach(rc, i)
			} else if !ok {
				// leaderless: its division commander [4.8], or the CinC when the
				// division has lost him too [4.9]
				c := s.idx(s.def(b).Cmd)
				for c >= 0 && !s.alive(c) && s.def(c).CKind != CinC {
					c = s.idx(s.def(c).Cmd)
				}
				ok = c >= 0 && s.unitInRange(c, i)
			}
			if ok {
				s.Act = append(s.Act, i)
			}
			continue
		}
		if d.Support && !s.Used[i] && anyBrig {
			sup := s.def(s.idx(d.Cmd))
			ok := sup.CKind == CinC || contains(s.Brigs, d.Cmd) // French chart: any brigade [4.7.1]
			for _, b := range s.Brigs {
				ok = ok || s.def(s.idx(b)).Cmd == d.Cmd
			}
			if ok {
				s.Support = append(s.Support, i)
				s.Act = append(s.Act, i)
			}
		}
	}
}

// canAct reports a unit that may move in this 2.2.
func (s *State) canAct(i int) bool { return containsInt(s.Act, i) }

// activateChoice applies the owner's pick in 2.1.
func (s *State) activateChoice(t Task, choice string) {
	kind, id, _ := strings.Cut(choice, ":")
	switch kind {
	case "brigade", "lead":
		b := s.idx(id)
		if t.Kind == "cinc" {
			s.activateBrigade(b, false, "4.6") // [4.6.1.2]
			s.Movers = append(s.Movers, s.id(t.Unit))
			s.afterActivation()
			return
		}
		s.activateBrigade(b, true, "4.5.1")
		if !contains(s.Movers, s.id(t.Unit)) {
			s.Movers = append(s.Movers, s.id(t.Unit))
		}
		s.chitBack(t.Other)
		s.afterActivation()
	case "division":
		s.push(Task{Kind: "coord", Side: -1, Unit: t.Unit, Other: t.Other, Rule: "4.5.2",
			N: s.def(t.Unit).Coord})
	case "orphan":
		s.divisionChit(t.Unit, s.idx(id))
	case "flip":
		b := s.idx(id)
		s.U[b].Activated = true
		s.ev(t.Rule, s.Side, s.name(b)+"'s counter is flipped: activated without acting", nil, nil)
		if t.Why == "coord" {
			s.chitBackAlways()
		} else {
			s.chitBack(t.Other)
		}
	}
}

// chitBackAlways puts the chit back after a failed coordination roll [4.5.2.1].
func (s *State) chitBackAlways() {
	s.Pool = append(s.Pool, s.Chit)
	sort.Strings(s.Pool)
}

// coordRoll resolves the whole-division roll [4.5.2].
func (s *State) coordRoll(t Task, die int) {
	if die <= t.N {
		s.ev("4.5.2", s.Side, fmt.Sprintf("%s coordinates the whole division (%d <= %d)", s.name(t.Unit), die, t.N), []int{die}, nil)
		for _, b := range s.brigadesOf(t.Other) {
			if s.alive(b) || s.hasTroops(b) {
				s.activateBrigade(b, true, "4.5.2")
			}
		}
		if !contains(s.Movers, s.id(t.Unit)) {
			s.Movers = append(s.Movers, s.id(t.Unit))
		}
		s.chitBack(t.Other)
		s.afterActivation()
		return
	}
	s.ev("4.5.2.1", s.Side, fmt.Sprintf("%s fails to coordinate (%d > %d): 2.2-2.4 skipped", s.name(t.Unit), die, t.N), []int{die}, nil)
	s.Skip = "all"
	var flips []string
	for _, b := range s.brigadesOf(t.Other) {
		if s.alive(b) && !s.U[b].Activated {
			flips = append(flips, "flip:"+s.id(b))
		}
	}
	if len(flips) == 0 {
		s.chitBackAlways()
		return
	}
	s.push(Task{Kind: "flip", Side: s.Side, Unit: t.Unit, Other: t.Other, Opts: flips, Rule: "4.5.2.1", Why: "coord"})
}

// ---- 2.3 commander movement ------------------------------------------------------

// cmdMoves lists the one-hex moves of the activated commanders [12.2], [12.8].
func (s *State) cmdMoves() []rules.Action {
	out := s.newList(6*len(s.Movers) + 1) // and Legal's end
	max := s.sc.fast.mpCommander          // param mp_commander
	for _, id := range s.Movers {
		c := s.idx(id)
		if !s.alive(c) || s.U[c].Moved >= max {
			continue
		}
		left := max - s.U[c].Moved - 1
		for dir, n := range s.U[c].At.Neighbors() {
			if !s.sc.onMap(n) || s.hasSide(n, 1-s.side(c)) && !s.hasSide(n, s.side(c)) {
				continue // [11.4] interpretation: never alone among the enemy
			}
			lab := s.label(c, dir, n, int32(left)<<3|1, func() string {
				return s.name(c) + " to " + s.num(n) + " (1 MP, " + strconv.Itoa(left) + " left)"
			})
			out = append(out, rules.Action{Kind: "move", Unit: id, To: s.num(n), Label: lab, Rule: "12.2"})
		}
	}
	return out
}

func (s *State) cmdMoveApply(a rules.Action) error {
	c := s.idx(a.Unit)
	to, err := s.sc.Map.ParseOn(a.To)
	if c < 0 || err != nil {
		return rules.Illegal("12.2", "bad commander move")
	}
	s.moved(c)
	s.U[c].At = to
	s.U[c].Moved++
	return nil
}

// ---- [4.10] commanders hit, wounded, killed -------------------------------------------

// cmdHit queues the commander roll for every commander on hexes [4.10.1]-[4.10.3].
func (s *State) cmdHit(hexes []hex.Coord, side int, displace bool, rule string) {
	for _, h := range hexes {
		for _, c := range s.cdrsAt(h) {
			if s.side(c) == side {
				s.push(Task{Kind: "cmdhit", Side: -1, Unit: c, Flag: displace, Rule: rule})
			}
		}
	}
}

func (s *State) cmdHitRoll(t Task, die int) {
	c := t.Unit
	if !s.alive(c) {
		return
	}
	switch die {
	case 0:
		s.ev(t.Rule, s.side(c), s.name(c)+" is killed (die 0)", []int{die}, nil)
		s.killCommander(c, true)
		return
	case 9:
		s.ev(t.Rule, s.side(c), s.name(c)+" is wounded (die 9): his chit leaves the pool this turn", []int{die}, nil)
		s.U[c].Wounded, s.U[c].Activated = true, true
		s.Pool = remove(s.Pool, s.id(c))
		if !contains(s.Out, s.id(c)) {
			s.Out = append(s.Out, s.id(c))
		}
	default:
		s.ev(t.Rule, s.side(c), fmt.Sprintf("%s is unhurt (die %d)", s.name(c), die), []int{die}, nil)
	}
	if t.Flag {
		s.displace(c)
	}
}

// displace moves a commander whose stack routed to an adjacent hex free of
// enemy units, or eliminates him [4.10.3].
func (s *State) displace(c int) {
	if len(s.occ(s.U[c].At)) > 0 && s.hasSide(s.U[c].At, s.side(c)) {
		return // friendly units remain with him
	}
	var opts []string
	for _, n := range s.U[c].At.Neighbors() {
		if s.sc.onMap(n) && !s.hasSide(n, 1-s.side(c)) {
			opts = append(opts, s.num(n))
		}
	}
	if len(opts) == 0 {
		s.ev("4.10.3", s.side(c), s.name(c)+" cannot get away and is taken", nil, nil)
		s.killCommander(c, true)
		return
	}
	s.pushFront(Task{Kind: "displace", Side: s.side(c), Unit: c, Opts: opts, Rule: "4.10.3"})
}

// killCommander removes a commander; vp: eliminated by the enemy (3 VP) [16.1].
func (s *State) killCommander(c int, vp bool) {
	if !s.alive(c) {
		return
	}
	s.moved(c)
	s.U[c].Where = Gone
	s.Pool = remove(s.Pool, s.id(c))
	s.Movers = remove(s.Movers, s.id(c))
	if vp {
		s.addVP(1-s.side(c), s.sc.P("vp_commander"), s.name(c)+" eliminated", "16.1")
	}
}

// checkCommanders removes commanders with no troops left [4.10].
func (s *State) checkCommanders() {
	for i, d := range s.sc.Units {
		if d.Kind != KCdr || !s.alive(i) || d.CKind == CinC {
			continue
		}
		has := false
		if d.CKind == Brigade {
			has = s.hasTroops(i)
		} else {
			for _, b := range s.brigadesOf(i) {
				has = has || s.hasTroops(b)
			}
			for j, u := range s.sc.Units {
				has = has || u.Cmd == d.ID && u.Kind != KCdr && s.U[j].Where != Gone
			}
		}
		if !has {
			s.ev("4.10", d.Side, d.Name+" has no troops left and leaves the field", nil, nil)
			s.killCommander(i, false)
		}
	}
}

// endActivation closes an activation after 2.4.
func (s *State) endActivation() {
	s.Act, s.Support = nil, nil
}
