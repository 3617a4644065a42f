package albuera

import (
	"fmt"

	"grognard/rules/hex"
)

// Reaction to enemy movement [13].

// reactions queues the reaction of every enemy unit standing in a Front hex
// of mover m, which has just entered the hexes 'entered' [13.1], [13.8].
func (s *State) reactions(m int, entered []hex.Coord) {
	if s.kind(m) == KArt {
		return // [13.7]
	}
	for _, h := range entered {
		if s.clashHex(h) {
			return // [13.4]
		}
	}
	side := s.side(m)
	var cands []hex.Coord
	if s.kind(m) == KComp {
		// [8.8]: an enemy company entering an adjacent hex: optional
		for _, h := range s.hexes(m) {
			for _, n := range h.Neighbors() {
				cands = append(cands, n)
			}
		}
	} else {
		cands = s.front(m)
	}
	seen := map[int]bool{}
	for _, c := range cands {
		r := s.top(c, 1-side)
		if r < 0 || seen[r] || s.kind(r) == KArt || s.inClash(r) { // [13.6], [13.4]
			continue
		}
		seen[r] = true
		if s.kind(m) == KComp {
			s.push(Task{Kind: "skirm", Side: 1 - side, Unit: r, Other: m, Opts: []string{"skirm:react", "skirm:ignore"}, Rule: "8.8"})
			continue
		}
		s.push(s.reactionMC(r, m))
	}
}

// procedure names the [13.1] procedure of reacting unit r against mover m.
func (s *State) procedure(r, m int) string {
	rk, mk := s.kind(r), s.kind(m)
	mCav := mk == KCav
	switch {
	case rk == KCav && mCav:
		return "E"
	case rk == KCav:
		return "D"
	case mCav:
		return "C"
	case rk == KComp:
		return "B"
	}
	return "A"
}

// reactionMC builds the reacting unit's Morale Check [13.1]-[13.3].
func (s *State) reactionMC(r, m int) Task {
	p := s.procedure(r, m)
	mod := 0
	var mods []string
	inFront := false
	flank := true
	for _, h := range s.hexes(m) {
		if a, adj := s.arcFrom(r, h); adj {
			if a == hex.Front {
				inFront = true
				flank = false
			}
		}
	}
	if flank {
		m := s.sc.mmod("flank_rear", 2)
		mod += m
		mods = append(mods, sgn(m)+" enemy in Flank or Rear [13.2]")
	}
	if b := s.idx(s.def(r).Cmd); b >= 0 && s.unitInRange(b, r) {
		m := s.sc.mmod("in_command", -1)
		mod += m
		mods = append(mods, sgn(m)+" in command range [13.3]")
	}
	if p == "A" && s.def(r).British() && inFront {
		m := s.sc.mmod("british_front", -2)
		mod += m
		mods = append(mods, sgn(m)+" British infantry, enemy in Front [13.1A]")
	}
	if p == "C" {
		switch {
		case s.U[r].Array == Square:
			m := s.sc.mmod("square_vs_cav", -4)
			mod += m
			mods = append(mods, sgn(m)+" in Square [13.1C]")
		case s.U[r].Array == Line:
			m := s.sc.mmod("line_vs_cav", 1)
			mod += m
			mods = append(mods, sgn(m)+" in Line [13.1C]")
		case s.U[r].Array == Skirmish:
			m := s.sc.mmod("skirmish_vs_cav", 2)
			mod += m
			mods = append(mods, sgn(m)+" in Skirmish Order [13.1C]")
		}
	}
	return Task{Kind: "rmc", Side: -1, Unit: r, Other: m, Mod: mod, Mods: mods, Why: p, Rule: "13.1" + p}
}

// reactResult applies the reaction Morale Check [13.1].
func (s *State) reactResult(t Task, die int) {
	r, m := t.Unit, t.Other
	total := die + t.Mod
	pass := total <= s.morale(r)
	res := "passes"
	if !pass {
		res = "fails"
	}
	s.ev(t.Rule, s.side(r), fmt.Sprintf("%s reacts to %s: %s (%d%s = %d vs Morale %d)", s.name(r), s.name(m), res, die, sgn(t.Mod), total, s.morale(r)), []int{die}, t.Mods)
	stack := s.stackOf(r)
	if s.U[r].Two {
		stack = []int{r}
	}
	mover := s.side(m)
	if pass {
		n := 0
		if t.Why == "A" && total <= s.sc.P("react_best") {
			n = 1 // the better options of [13.1A]
		}
		s.pushFront(Task{Kind: "react", Side: s.side(r), Unit: r, Other: m, Why: t.Why, N: n, Rule: t.Rule})
		return
	}
	switch t.Why {
	case "A":
		if total >= s.sc.P("react_rout") {
			s.lossN(r, 2, mover, "react", "13.1A")
			s.routUnits(alive(s, stack), 1, "15.11.2", []int{m})
			return
		}
		if s.loss(r, mover, "react", "13.1A") {
			stack = alive(s, stack)
		}
		if len(alive(s, stack)) > 0 {
			s.pushFront(Task{Kind: "retreat", Side: mover, Unit: firstAlive(s, stack), Units: alive(s, stack), N: 1, Causes: []int{m}, Rule: "13.1A"})
		}
	case "B", "D":
		s.pushFront(Task{Kind: "retreat", Side: mover, Unit: r, Units: stack, N: 2, Causes: []int{m}, Rule: "13.1" + t.Why})
	case "C":
		s.lossN(r, 2, mover, "react", "13.1C")
		s.routUnits(alive(s, stack), 1, "15.11.2", []int{m})
	case "E":
		s.loss(r, mover, "react", "13.1E")
		s.routUnits(alive(s, stack), 1, "15.11.2", []int{m})
	}
}

func alive(s *State, us []int) []int {
	var out []int
	for _, j := range us {
		if s.U[j].Where == OnMap {
			out = append(out, j)
		}
	}
	return out
}

func firstAlive(s *State, us []int) int {
	a := alive(s, us)
	if len(a) == 0 {
		return -1
	}
	return a[0]
}

// reactOpts lists the options after a passed reaction check [13.1].
func (s *State) reactOpts(t Task) []string {
	r, m := t.Unit, t.Other
	canFire := s.canReactFire(r, m)
	canCounter := s.canCounter(r, m)
	canTurn := s.U[r].Array != Square && s.kind(r) != KComp
	out := []string{"react:none"}
	switch t.Why {
	case "A":
		if canFire {
			out = append(out, "react:fire")
		}
		if canCounter {
			out = append(out, "react:counter")
		}
		if canTurn {
			out = append(out, "react:turn-cw", "react:turn-ccw")
		}
		if t.N == 1 {
			if canFire && canCounter {
				out = append(out, "react:fire-counter")
			}
			if canTurn {
				out = append(out, "react:turn-cw-fire", "react:turn-ccw-fire")
			}
		}
	case "B":
		if canFire {
			out = append(out, "react:fire", "react:fire-retreat")
		}
		out = append(out, "react:retreat")
	case "C":
		if canFire {
			out = append(out, "react:fire")
		}
		if canTurn {
			out = append(out, "react:turn-cw", "react:turn-ccw")
		}
	case "D":
		if canCounter {
			out = append(out, "react:counter")
		}
		out = append(out, "react:turn-cw", "react:turn-ccw", "react:retreat")
	case "E":
		if canCounter {
			out = append(out, "react:counter")
		}
		out = append(out, "react:turn-cw", "react:turn-ccw")
	}
	if s.U[r].Two {
		// a rectangle turns by a wheel into a free hex
		var keep []string
		for _, o := range out {
			if (o == "react:turn-cw" || o == "react:turn-cw-fire") && s.reactWheel(r, true) == nil ||
				(o == "react:turn-ccw" || o == "react:turn-ccw-fire") && s.reactWheel(r, false) == nil {
				continue
			}
			keep = append(keep, o)
		}
		out = keep
	}
	return out
}

// reactLabel is a reaction option's label: short ids (the prompt names both
// units in full) so that the odds that follow fit on the panel's button.
func (s *State) reactLabel(t Task, o string) string {
	r, m := s.id(t.Unit), s.id(t.Other)
	switch o {
	case "none":
		return r + " holds, no reaction"
	case "fire":
		return r + " fires at " + m + " [14.9]"
	case "counter":
		return r + " counterattacks " + m + " [12.12]"
	case "turn-cw":
		return r + " turns 60° clockwise [13.1]"
	case "turn-ccw":
		return r + " turns 60° anticlockwise [13.1]"
	case "fire-counter":
		return r + " fires, then counterattacks " + m + " [13.1A]"
	case "turn-cw-fire":
		return r + " turns clockwise, then fires [13.1A]"
	case "turn-ccw-fire":
		return r + " turns anticlockwise, then fires [13.1A]"
	case "retreat":
		return r + " retreats one hex (owner's choice) [13.1]"
	case "fire-retreat":
		return r + " fires, then retreats one hex [13.1B]"
	}
	return o
}

// canReactFire reports that r may fire at mover m.
func (s *State) canReactFire(r, m int) bool {
	if !s.canFire(r) {
		return false
	}
	for _, t := range s.targetHexes(r) {
		if s.covers(m, t) {
			return true
		}
	}
	return false
}

// reactTarget is the hex of m that r fires at.
func (s *State) reactTarget(r, m int) (hex.Coord, bool) {
	for _, t := range s.targetHexes(r) {
		if s.covers(m, t) {
			return t, true
		}
	}
	return hex.Coord{}, false
}

// canCounter reports that r may counterattack m [12.12], [5.1], [7.3], [8.7].
func (s *State) canCounter(r, m int) bool {
	k := s.kind(r)
	if k != KInf && k != KCav || s.U[r].Array == Square {
		return false
	}
	if !s.counterJoins(r, m) {
		return false
	}
	if s.U[r].Two {
		return s.counterLine(r, m) != nil
	}
	for _, h := range s.hexes(m) {
		if h.DirTo(s.U[r].At) >= 0 && s.isFront(r, h) {
			return true
		}
	}
	return false
}

// counterLine is a forward position of a rectangle covering m's hex.
func (s *State) counterLine(r, m int) *hex.Line2 {
	for _, l := range s.line2(r).Forward() {
		ok := false
		for _, h := range l.Hexes() {
			if s.covers(m, h) {
				ok = true
			} else if !s.covers(r, h) && (!s.sc.onMap(h) || len(s.occ(h)) > 0) {
				ok = false
				break
			}
		}
		if ok && s.sc.onMap(l.A) && s.sc.onMap(l.B) {
			ll := l
			return &ll
		}
	}
	return nil
}

// reactWheel is the free forward wheel of a reacting rectangle.
func (s *State) reactWheel(r int, cw bool) *hex.Wheel {
	for _, w := range s.line2(r).Wheels() {
		if w.Backward || w.Clockwise != cw {
			continue
		}
		if s.sc.onMap(w.Enter) && len(s.occ(w.Enter)) == 0 {
			ww := w
			return &ww
		}
	}
	return nil
}

// reactApply carries out the chosen reaction.
func (s *State) reactApply(t Task, o string) {
	r, m := t.Unit, t.Other
	turn := func(cw bool) {
		if s.U[r].Two {
			if w := s.reactWheel(r, cw); w != nil {
				s.moved(r)
				s.U[r].At, s.U[r].At2, s.U[r].Facing = w.To.A, w.To.B, w.To.Facing
			}
		} else {
			d := 1
			if !cw {
				d = -1
			}
			for _, j := range s.stackOf(r) {
				if j == r || s.kind(j) != KArt && s.kind(j) != KComp && !s.U[j].Two {
					s.moved(j)
					s.U[j].Facing = hex.Mod6(s.U[j].Facing + d)
				}
			}
		}
		s.ev("13.1", s.side(r), s.name(r)+" changes facing", nil, nil)
	}
	fire := func() {
		if h, ok := s.reactTarget(r, m); ok {
			s.fire([]int{r}, h, "13.1")
		}
	}
	switch o {
	case "none":
		s.ev("13.1", s.side(r), s.name(r)+" holds", nil, nil)
	case "fire":
		fire()
	case "counter":
		s.counter(r, m)
	case "turn-cw":
		turn(true)
	case "turn-ccw":
		turn(false)
	case "fire-counter":
		fire()
		s.pushAfter(Task{Kind: "counter", Side: s.side(r), Unit: r, Other: m})
	case "turn-cw-fire":
		turn(true)
		if s.canReactFire(r, m) {
			fire()
		}
	case "turn-ccw-fire":
		turn(false)
		if s.canReactFire(r, m) {
			fire()
		}
	case "retreat":
		s.pushFront(Task{Kind: "retreat", Side: s.side(r), Unit: r, Units: s.stackOf(r), N: 1, Causes: []int{m}, Rule: "13.1" + t.Why})
	case "fire-retreat":
		fire()
		s.pushAfter(Task{Kind: "retreat", Side: s.side(r), Unit: r, Units: s.stackOf(r), N: 1, Causes: []int{m}, Rule: "13.1B"})
	}
}

// pushAfter queues a task after the follow-ups already inserted.
func (s *State) pushAfter(t Task) { s.pushFront(t) }

// counter is r's choice to counterattack mover m [12.12]. The mover's move
// is over [12.12.2]. While other units still have to react to m, the
// counterattack waits for them: each that also counterattacks joins it,
// and they go in together as one counterattack on m [12.12.4] (never
// infantry with cavalry [11.1.2]); then the Clash is fought.
func (s *State) counter(r, m int) {
	if !s.alive(r) || !s.alive(m) || !s.canCounter(r, m) {
		return
	}
	s.U[m].Done = true // [12.12.2]
	if s.Motion == m {
		s.Motion = -1
	}
	for k := range s.Tasks {
		if t := &s.Tasks[k]; t.Kind == "countergo" && t.Other == m {
			t.Units = append(t.Units, r)
			s.ev("12.12.4", s.side(r), fmt.Sprintf("%s joins the counterattack on %s", s.name(r), s.name(m)), nil, nil)
			return
		}
	}
	if s.reactionsPending(m) {
		s.ev("12.12.4", s.side(r), fmt.Sprintf("%s will counterattack %s when the other reactions are made", s.name(r), s.name(m)), nil, nil)
		s.push(Task{Kind: "countergo", Side: -1, Unit: r, Units: []int{r}, Other: m, Rule: "12.12.4"})
		return
	}
	s.counterGo([]int{r}, m)
}

// counterJoins reports that r may join a counterattack already decided on
// m: never infantry with cavalry [11.1.2], and within the stacking limits
// of one hex [11.2], [11.11].
func (s *State) counterJoins(r, m int) bool {
	for _, t := range s.Tasks {
		if t.Kind != "countergo" || t.Other != m {
			continue
		}
		n := 0
		for _, j := range append(append([]int(nil), t.Units...), r) {
			if !s.alive(j) {
				continue
			}
			if (s.kind(j) == KCav) != (s.kind(r) == KCav) {
				return false // [11.1.2]
			}
			for _, x := range s.stackOf(j) {
				if s.kind(x) == s.kind(j) {
					n++
				}
			}
		}
		limit := s.sc.P("stack_inf")
		if s.kind(r) == KCav {
			limit = s.sc.P("stack_cav")
		}
		return n <= limit
	}
	return true
}

// reactionsPending reports units still to react to mover m [13.1].
func (s *State) reactionsPending(m int) bool {
	for _, t := range s.Tasks {
		if t.Other != m {
			continue
		}
		switch t.Kind {
		case "rmc", "react", "counter", "skirm":
			return true
		}
	}
	return false
}

// counterGo moves the counterattackers rs into m's hex and fights the
// Clash now: one counterattack per target [12.12.3], [12.12.4].
func (s *State) counterGo(rs []int, m int) {
	var target hex.Coord
	var atk []int
	in := map[int]bool{}
	first := -1
	for _, r := range rs {
		if !s.alive(r) || s.inClash(r) || first >= 0 && (s.kind(r) == KCav) != (s.kind(first) == KCav) {
			continue // [11.1.2]
		}
		tg, a, ok := s.counterMove(r, m)
		if !ok {
			continue
		}
		if first < 0 {
			first, target = r, tg
		}
		s.ev("12.12", s.side(r), fmt.Sprintf("%s counterattacks %s at %s", s.name(r), s.name(m), s.num(tg)), nil, nil)
		for _, j := range a {
			if !in[j] {
				in[j] = true
				atk = append(atk, j)
			}
		}
	}
	if first < 0 {
		return
	}
	// the mover's move is over [12.12.2]; one counterattack per target [12.12.4]
	s.U[m].Done = true
	s.U[m].Hit = true
	if s.Motion == m {
		s.Motion = -1
	}
	if s.kind(first) == KCav {
		s.squareOffer(target, first)
	}
	s.startClash(target, atk, false, "12.12.3")
}

// counterMove puts the counterattackers into the mover's hex.
func (s *State) counterMove(r, m int) (hex.Coord, []int, bool) {
	s.own() // it moves units (the previews call it on a clone)
	var target hex.Coord
	if s.U[r].Where != OnMap || s.U[m].Where != OnMap || !s.canCounter(r, m) {
		return target, nil, false
	}
	if s.U[r].Two {
		l := s.counterLine(r, m)
		if l == nil {
			return target, nil, false
		}
		s.U[r].From = s.U[r].At
		s.moved(r)
		s.U[r].At, s.U[r].At2 = l.A, l.B
		for _, h := range l.Hexes() {
			if s.covers(m, h) {
				target = h
			}
		}
	} else {
		for _, h := range s.hexes(m) {
			if h.DirTo(s.U[r].At) >= 0 && s.isFront(r, h) {
				target = h
				break
			}
		}
		for _, j := range s.stackOf(r) {
			if s.kind(j) == s.kind(r) {
				s.moved(j)
				s.U[j].From = s.U[j].At
				s.U[j].At = target
			}
		}
	}
	var atk []int
	for _, j := range s.occ(target) {
		if s.side(j) == s.side(r) {
			atk = append(atk, j)
		}
	}
	return target, atk, true
}
