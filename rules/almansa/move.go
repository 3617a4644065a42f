package almansa

import (
	"fmt"
	"math"

	"grognard/rules"
	"grognard/rules/hex"
)

// Movement [10], facing [7], stacking [8] and zones of control [9].
//
// A unit moves one hex at a time into one of its two front hexes, paying the
// terrain cost, or turns one hexside in place for 1/2 MP (all costs are kept
// in half MP). Entering an enemy ZoC ends its movement (it may still turn).
// A unit that starts in an enemy ZoC leaves it only by falling back into a
// rear hex that is not in an enemy ZoC, for 2 MP, keeping its facing; then it
// may only turn. Formations move one after another; artillery and commanders
// in chief belong to no formation and move at any time. Leaders have no
// facing ("facing of leaders is indifferent") but obey enemy zones of
// control like any unit [9].

// movable says why unit i may not move now ("" when it may).
func (s *State) cannotMove(i int) string {
	return s.cannotMoveBusy(i, s.CurForm != "" && s.mustStillMove(s.CurForm))
}

// cannotMoveBusy is cannotMove with "the acting formation must still move"
// computed once by the caller.
func (s *State) cannotMoveBusy(i int, curBusy bool) string {
	return s.cannotMoveQ(i, curBusy, false)
}

// cannotMoveQ is cannotMoveBusy; quiet, it answers refused instead of the
// texts it would build.
func (s *State) cannotMoveQ(i int, curBusy, quiet bool) string {
	d := s.def(i)
	u := &s.Units[i]
	kind, side, _ := phaseOf(s.Phase)
	switch {
	case kind != "move":
		return "units move only in their side's movement phase [3]"
	case d.Side != side:
		return "it is not this side's movement phase [3]"
	case !s.alive(i):
		return "the unit is not on the map"
	case d.Type == Train:
		return "supply trains never move [13]"
	case u.OOC && d.Combat():
		return "the unit is out of its leader's command radius: it may neither move nor attack [6]"
	case d.Reserve && u.Form == "":
		return "the cavalry reserve may not move before it is assigned to a formation [15]"
	case s.Transit != "" && s.Transit != d.ID:
		if quiet {
			return refused
		}
		return s.unitName(s.Transit) + " must first move on out of the stack it is passing through [7]"
	}
	if f := s.formOf(i); f != "" {
		done, withdraw := s.formFlags(i, f)
		withdraw = withdraw && !d.Person()
		if quiet && (done || withdraw || s.CurForm != "" && s.CurForm != f && curBusy) {
			return refused
		}
		switch {
		case done:
			return "formation " + s.formName(f) + " has finished moving: formations move one after another [10]"
		case withdraw:
			return "formation " + s.formName(f) + " fell back out of command and may not move this turn [6]"
		case s.CurForm != "" && s.CurForm != f && curBusy:
			return "formation " + s.formName(s.CurForm) + " must first spend its movement toward the enemy [6]"
		}
	}
	if s.remaining(i) <= 0 {
		return "no movement points left [10]"
	}
	return ""
}

// formOf is the formation whose turn to move a unit waits for: combat units
// other than artillery, and leaders. Artillery and commanders in chief move
// freely [12].
func (s *State) formOf(i int) string {
	switch s.def(i).Type {
	case Artillery, Commander, Train:
		return ""
	}
	return s.Units[i].Form
}

// remaining movement in half MP.
func (s *State) remaining(i int) int { return 2*s.def(i).MP - s.Units[i].Spent }

// moveCtx caches what every step check needs. A quiet context (the legal
// list, the planner) only asks whether a step is refused: its refusals are
// the constant refused, not texts.
type moveCtx struct {
	o     occ
	zoc   zset // enemy ZoC
	quiet bool
}

// listCtx is what stays the same while one legal list is built: the
// occupancy and each side's move context, in buffers the state keeps.
type listCtx struct {
	mustOK bool    // bufs.must is this list's
	nearOK [2]bool // bufs.near[side] is this list's
	o      occ
	side   [2]*moveCtx
	bufs   *stateBufs
}

// stateBufs are a state's scratch arrays for list building (never shared
// with a clone).
type stateBufs struct {
	occ occBuf
	// occMade are the occupancy memos this state made and shares with no
	// clone; occMade[:occNext] were handed out since the last list build
	// began (occupancyIn); s.occm, when the state's own, is the last of them.
	occMade []*occMemo
	occNext int
	mc      [2]moveCtx
	acts    []rules.Action             // the list being built
	mv      moveMemo                   // the movement actions unit by unit
	ff      formFlat                   // Done and Mode by formation index
	lbl     [1 << lblNearBits]lblEntry // label's own table
	lc      listCtx                    // s.cx while a list is built
	// built is the move contexts of the last list build with the first
	// place of its list; applyCx says that ApplyLegal applies an action of
	// that list, so doMove may take its context as built (#20: the state
	// has not changed since, as the cached list itself assumes; the
	// context is the occupancy and the enemy's zones of control).
	built   builtCtx
	applyCx bool
	// setupActions' groups of infantry and cavalry
	setupGroups []setupGroup
	near1       []bool         // setupCandidates' marks by hex index
	held        []rules.Action // the last list Legal handed out, kept intact (forget)
	must        []int8         // mustStillMove by formation: 0 not asked, 1 no, 2 yes
	near        [2][]int32     // nearestEnemy by hex, plus one, valid when nearAt is nearGen
	// nearAt[side][h] is the nearGen[side] near[side][h] was found in;
	// nearMove[side]: nearGen[side] began in a movement list of side,
	// kept while the enemy stays (moveMemo).
	nearAt   [2][]uint32
	nearGen  [2]uint32
	nearMove [2]bool
	// traceCommand's search
	seen  []uint32
	dist  []int16
	queue []int16
	gen   uint32
	vm    viewMemo // View's units, unit by unit (viewUnits)
}

// noteDirty notes that doMove writes unit i (moveMemo.dirty).
func (s *State) noteDirty(i int) {
	if b := s.bufs; b != nil && b.mv.dirtyOK {
		b.mv.dirty = append(b.mv.dirty, i)
	}
}

// builtCtx is a list build's move contexts (stateBufs.built).
type builtCtx struct {
	first *rules.Action // &list[0] of the build
	has   [2]bool
	mc    [2]moveCtx
}

// applyCtx is ctx(side) for doMove: the context of the list the action
// was taken from, when ApplyLegal found that list to be the state's last
// build (once per Apply), else made now.
func (s *State) applyCtx(side int) moveCtx {
	if b := s.bufs; b != nil && b.applyCx && side >= 0 && side < 2 && b.built.has[side] {
		b.applyCx = false
		c := b.built.mc[side]
		c.quiet = false
		return c
	}
	return s.ctx(side)
}

func (s *State) ctx(side int) moveCtx {
	if s.cx != nil && side >= 0 && side < 2 {
		// Building the legal list: nothing changes meanwhile.
		if s.cx.side[side] == nil {
			b := s.cx.bufs
			b.mc[side] = moveCtx{o: s.cx.o, zoc: s.zocOf(1 - side), quiet: true}
			s.cx.side[side] = &b.mc[side]
		}
		return *s.cx.side[side]
	}
	return moveCtx{o: s.occupancy(), zoc: s.zocOf(1 - side)}
}

// stepProblem says why unit i may not step from `from` (facing f, having fallen
// back or stopped as flagged) into `to`, and its cost in half MP.
func (s *State) stepProblem(cx moveCtx, i int, from hex.Coord, f int, to hex.Coord, budget int, stopped, fellBack, start bool) (int, bool, string) {
	d := s.def(i)
	fm := s.fast()
	dir := from.DirTo(to)
	if cx.quiet && dir >= 0 && !fm.person[i] && !(start && cx.zoc.has(from)) && hex.ArcOfDir(f, dir) != hex.Front {
		// Only whether: a unit that does not fall back steps only into a
		// front hex [10] (checked first, for speed).
		return 0, false, refused
	}
	ti := fm.idx(to)
	if ti < 0 {
		return 0, false, "off the map"
	}
	if dir < 0 {
		return 0, false, "not adjacent"
	}
	cost := s.enterCostIdx(i, from, dir, ti)
	if cost < 0 {
		if cx.quiet {
			return 0, false, refused
		}
		return 0, false, fmt.Sprintf("%s may not enter %s [10]", d.Type, s.terrain(to))
	}
	// No unit enters a hex held by the enemy, whatever it holds: the book
	// has no capture by movement (leaders and trains are taken by shock
	// combat, 6 and 13) [10].
	if s.hasSide(cx.o, to, 1-d.Side, nil) {
		return 0, false, "an enemy unit is there"
	}
	if stopped {
		return 0, false, "the unit entered an enemy zone of control and stops there [9]"
	}
	if fellBack {
		return 0, false, "after falling back a unit may only change facing [10]"
	}
	if fm.person[i] {
		// Leaders exert no ZoC but obey enemy ZoCs like every unit [9]:
		// they stop on entering one, and leave one for 2 MP into a hex
		// outside enemy ZoC (a leader has no facing, so any hex is behind
		// him), then move no further [10].
		fallback := false
		if start && cx.zoc.has(from) {
			if cx.zoc.has(to) {
				return 0, false, "no moving from one enemy zone of control into another [9]"
			}
			cost, fallback = 2*fm.fallbackMP, true
		}
		if why := s.cincApartProblem(i, from, to, cx.quiet); why != "" {
			return 0, false, why
		}
		if cost > budget {
			if cx.quiet {
				return 0, false, refused
			}
			return 0, false, fmt.Sprintf("costs %s, only %s left [10]", mp(cost), mp(budget))
		}
		return cost, fallback, ""
	}
	fallback := false
	if start && cx.zoc.has(from) {
		// Leaving an enemy ZoC: fall back into a rear hex of the facing the
		// unit had on entering the phase, without turning first: the book
		// lets it turn only after falling back [9, 10].
		if hex.ArcOfDir(f, dir) != hex.Rear {
			return 0, false, "a unit in an enemy zone of control leaves it only by falling back into a rear hex [10]"
		}
		if s.Units[i].Spent > 0 || f != s.Units[i].Facing {
			return 0, false, "a unit in an enemy zone of control falls back before it turns, not after [10]"
		}
		if cx.zoc.has(to) {
			return 0, false, "no moving from one enemy zone of control into another [9]"
		}
		cost = 2 * fm.fallbackMP
		fallback = true
	} else if hex.ArcOfDir(f, dir) != hex.Front {
		return 0, false, "units move only into their two front hexes [10]"
	}
	if cost > budget {
		if cx.quiet {
			return 0, false, refused
		}
		return 0, false, fmt.Sprintf("costs %s, only %s left [10]", mp(cost), mp(budget))
	}
	if why := s.stackProblemQ(cx.o, i, to, cx.quiet); why != "" {
		return 0, false, why
	}
	if why := s.facingProblem(cx.o, i, to, f); why != "" {
		// Units that end up stacked share a facing [7]; a unit may pass
		// through a stack that faces another way if it can move on at once
		// (not into an enemy ZoC, where it would have to stop).
		if fallback || cx.zoc.has(to) || !s.canMoveOn(cx, i, to, f, budget-cost, 0) {
			if cx.quiet {
				return 0, false, refused
			}
			return 0, false, why + "; a unit may pass through it only if it can move on at once"
		}
	}
	if s.attackMode(i) { // by formation index (#20)
		if fallback {
			return 0, false, "an out-of-command formation that rolled 3-4 must close in and attack, not fall back [6]"
		}
		if s.nearestEnemy(to, d.Side) >= s.nearestEnemy(from, d.Side) {
			return 0, false, "an out-of-command formation that rolled 3-4 moves only toward the nearest enemy [6]"
		}
	}
	return cost, fallback, ""
}

// canMoveOn: unit i, standing at c with facing f and budget half MP left,
// can take a further legal step (used for a unit passing through a stack
// that faces another way [7]).
func (s *State) canMoveOn(cx moveCtx, i int, c hex.Coord, f, budget, depth int) bool {
	if budget <= 0 || depth > 2*s.def(i).MP {
		return false
	}
	cx.quiet = true // only whether a step is possible
	for _, n := range hex.FrontHexes(c, f) {
		if _, _, why := s.stepProblem(cx, i, c, f, n, budget, false, false, false); why == "" {
			return true
		}
	}
	return false
}

// inTransit: unit i stands in a friendly stack that faces another way [7].
func (s *State) inTransit(o occ, i int) bool {
	return s.def(i).Combat() && s.facingProblem(o, i, s.Units[i].At, s.Units[i].Facing) != ""
}

// inTransitNow is inTransit read from the units themselves, without an
// occupancy (Apply asks it once after a step, #20).
func (s *State) inTransitNow(i int) bool {
	if !s.hasFacing(i) {
		return false
	}
	c, f, side := s.Units[i].At, s.Units[i].Facing, s.def(i).Side
	if s.fast().idx(c) < 0 {
		return false // off the map: no hex lists it
	}
	for j := range s.Units {
		u := &s.Units[j]
		if j != i && u.On && !u.Dead && u.At == c && s.def(j).Side == side && s.hasFacing(j) && u.Facing != f {
			return true
		}
	}
	return false
}

// cincApartProblem: the two commanders in chief of an army may not be more
// than 8 hexes apart [6]; a commander in chief may not step beyond that
// distance from the other (nor further away, if events left them apart).
func (s *State) cincApartProblem(i int, from, to hex.Coord, quiet bool) string {
	d := s.def(i)
	if d.Type != Commander {
		return ""
	}
	fm := s.fast()
	lim := fm.cincApart
	if d.Side < 0 || d.Side > 1 {
		return ""
	}
	for _, k := range fm.cincs[d.Side] { // (#20: not every unit)
		if k == i || !s.alive(k) {
			continue
		}
		o := s.Units[k].At
		if n := hex.Distance(to, o); n > lim && n > hex.Distance(from, o) {
			if quiet {
				return refused
			}
			return fmt.Sprintf("the commanders in chief may not be more than %d hexes apart (%s) [6]", lim, s.def(k).Name)
		}
	}
	return ""
}

func mp(half int) string {
	if half >= 0 && half < len(mpTexts) {
		return mpTexts[half]
	}
	return mpSlow(half)
}

var mpTexts = func() []string {
	t := make([]string, 64)
	for h := range t {
		t[h] = mpSlow(h)
	}
	return t
}()

// nearestEnemy is the distance from c to the nearest enemy combat unit.
func (s *State) nearestEnemy(c hex.Coord, side int) int {
	if s.cx != nil && side >= 0 && side < 2 {
		// Building the legal list: one answer per hex.
		fm := s.fast()
		if h := fm.idx(c); h >= 0 {
			b := s.cx.bufs
			if !s.cx.nearOK[side] {
				b.nextNearGen(side)
				b.nearMove[side] = false
				s.cx.nearOK[side] = true
			}
			if len(b.near[side]) != len(fm.coords) {
				b.near[side] = make([]int32, len(fm.coords))
				b.nearAt[side] = make([]uint32, len(fm.coords))
			}
			if b.nearAt[side][h] == b.nearGen[side] {
				return int(b.near[side][h])
			}
			v := s.nearestEnemyNow(c, side)
			b.near[side][h], b.nearAt[side][h] = int32(v), b.nearGen[side]
			return v
		}
	}
	return s.nearestEnemyNow(c, side)
}

// nextNearGen forgets every nearest enemy of side found so far.
func (b *stateBufs) nextNearGen(side int) {
	b.nearGen[side]++
	if b.nearGen[side] == 0 { // wrapped: no stale answer may match
		clear(b.nearAt[side])
		b.nearGen[side] = 1
	}
}

func (s *State) nearestEnemyNow(c hex.Coord, side int) int {
	fm := s.fast()
	best := 1 << 30
	for j := range s.Units {
		if s.alive(j) && s.sc.Units[j].Side != side && fm.combat[j] {
			best = min(best, hex.Distance(c, s.Units[j].At))
		}
	}
	return best
}

// turnProblem: turning a unit turns its whole stack; each unit of it pays
// 1/2 MP and must be free to move [7].
func (s *State) turnProblem(cx moveCtx, i int, busy bool) string {
	if s.def(i).Person() {
		return "leaders have no facing to change [7]"
	}
	if s.Transit == s.def(i).ID {
		return "a unit passing through a stack that faces another way must move on [7]"
	}
	for _, j := range cx.o.at(s.Units[i].At) {
		if s.def(j).Side != s.def(i).Side || !s.hasFacing(j) {
			continue
		}
		if j != i {
			if why := s.cannotMoveQ(j, busy, cx.quiet); why != "" {
				if cx.quiet {
					return refused
				}
				return "the stack turns together and " + s.name(j) + " cannot: " + why
			}
		}
		if s.remaining(j) < 1 {
			return "turning costs 1/2 MP per hexside [7]"
		}
	}
	return ""
}

func (s *State) stack(cx moveCtx, i int) []int {
	var out []int
	for _, j := range cx.o.at(s.Units[i].At) {
		if s.def(j).Side == s.def(i).Side && s.hasFacing(j) {
			out = append(out, j)
		}
	}
	return out
}

// stackSize counts the units of i's stack that have a facing (i included).
func (s *State) stackSize(cx moveCtx, i int) int {
	n := 0
	side := s.def(i).Side
	for _, j := range cx.o.at(s.Units[i].At) {
		if s.def(j).Side == side && s.hasFacing(j) {
			n++
		}
	}
	return n
}

// unitMoves appends the single steps unit i may take to out.
func (s *State) unitMoves(out []rules.Action, cx moveCtx, i int, busy bool) []rules.Action {
	u := &s.Units[i]
	d := s.def(i)
	fm := s.fast()
	budget := s.remaining(i)
	for _, n := range u.At.Neighbors() {
		cost, fb, why := s.stepProblem(cx, i, u.At, u.Facing, n, budget, u.Stopped, u.FellBack, true)
		if why != "" {
			continue
		}
		h := fm.idx(n)
		hn := fm.num[h]
		var label string
		rule := "10"
		switch {
		case fb:
			label = s.label(lblFallBack, i, h, cost)
		case cx.zoc.has(n):
			label = s.label(lblZoC, i, h, cost)
			rule = "9"
		default:
			label = s.label(lblMove, i, h, cost)
		}
		out = append(out, rules.Action{Kind: "move", Unit: d.ID, To: hn, Label: label, Rule: rule, Info: mp(cost)})
	}
	if !fm.person[i] && s.turnProblem(cx, i, busy) == "" {
		st := 0
		if s.stackSize(cx, i) > 1 {
			st = 1
		}
		for t, r := range [2]int{1, -1} {
			nf := hex.Rotate(u.Facing, r)
			out = append(out, rules.Action{Kind: "face", Unit: d.ID, Facing: nf, Label: fm.turnLabel[i][nf][t][st], Rule: "7", Info: "1/2 MP"})
		}
	}
	return out
}

func (s *State) moveActions() []rules.Action {
	side := phaseSide(s.Phase)
	cx := s.ctx(side)
	out := s.scratch()
	if cap(out) == 0 {
		// A new state's (or clone's) first list: one array about the size
		// of a movement list, not a doubling chain (#20).
		out = make([]rules.Action, 0, len(s.Units)+8)
	}
	b := s.cx.bufs
	m := &b.mv
	same := m.begin(s, side)
	m.side = side
	// The nearest enemy [6] of each hex is kept while the enemy stays.
	if !same || !b.nearMove[side] {
		b.nextNearGen(side)
	}
	b.nearMove[side], s.cx.nearOK[side] = true, true
	busy := s.CurForm != "" && s.mustStillMove(s.CurForm)
	if l, ok := s.memoMoves(out, cx, side, busy); ok {
		out = l
		m.valid = true
	} else {
		out = out[:0]
		for i := range s.Units {
			if s.def(i).Side != side || s.cannotMoveQ(i, busy, true) != "" {
				continue
			}
			out = s.unitMoves(out, cx, i, busy)
		}
		m.valid = false
	}
	if !s.endMoveBlocked() {
		out = append(out, rules.Action{Kind: "end", Label: "End the movement phase", Rule: "10"})
	}
	m.finish(s)
	m.listFirst = nil
	if len(out) > 0 {
		m.listFirst = &out[0]
	}
	return s.keep(out)
}

// endMoveProblem: an out-of-command formation that rolled 3-4 must use its
// movement [6]; a rash Galway must join a cavalry unit [15].
func (s *State) endMoveProblem() string {
	side := phaseSide(s.Phase)
	if s.Transit != "" {
		return s.unitName(s.Transit) + " must move on out of the stack it is passing through [7]"
	}
	for _, f := range s.sc.Forms {
		if f.Side == side && s.Mode[f.ID] == "attack" && !s.Done[f.ID] && s.mustStillMove(f.ID) {
			return "formation " + f.Name + " must still move toward the enemy [6]"
		}
	}
	if side == Allied && s.Galway && s.galwayMustMove() {
		return "Galway must join a cavalry unit this turn [15]"
	}
	return ""
}

// endMoveBlocked: endMoveProblem != "", without its text (#20).
func (s *State) endMoveBlocked() bool {
	side := phaseSide(s.Phase)
	if s.Transit != "" {
		return true
	}
	for k := range s.sc.Forms {
		f := &s.sc.Forms[k]
		if f.Side == side && s.attackOpen(k) && s.mustStillMove(f.ID) {
			return true
		}
	}
	return side == Allied && s.Galway && s.galwayMustMove()
}

// mustStillMove: a unit of an attack-mode formation can still step toward
// the enemy, straight away or after turning (a unit that turned away must
// turn back while it has the movement points) [6].
func (s *State) mustStillMove(f string) bool {
	if s.Mode[f] != "attack" {
		return false
	}
	if s.cx != nil {
		// Building the legal list: one answer per formation.
		k, ok := s.sc.FormIdx[f]
		if m := &s.cx.bufs.mv; ok && m.inBuild && s.sc.Forms[k].Side == m.side {
			return s.mustMemo(k, f) // kept from list to list (#20)
		}
		if ok {
			m := &s.cx.bufs.must
			if len(*m) != len(s.sc.Forms) || !s.cx.mustOK {
				*m = append((*m)[:0], make([]int8, len(s.sc.Forms))...)
				s.cx.mustOK = true
			}
			if (*m)[k] == 0 {
				(*m)[k] = 1
				if s.mustStillMoveNow(f) {
					(*m)[k] = 2
				}
			}
			return (*m)[k] == 2
		}
	}
	return s.mustStillMoveNow(f)
}

func (s *State) mustStillMoveNow(f string) bool { return s.mustStillMoveRec(f, nil) }

// mustStillMoveRec is mustStillMoveNow recording in rec the hexes whose
// occupancy it reads (moveMemo).
func (s *State) mustStillMoveRec(f string, rec []uint64) bool {
	side := s.sc.Form(f).Side
	cx := s.ctx(side)
	cx.o.rec = rec
	for i := range s.Units {
		if s.Units[i].Form != f || !s.def(i).Combat() || s.def(i).Type == Artillery || !s.alive(i) {
			continue
		}
		u := s.Units[i]
		if u.DSB || u.OOC || s.remaining(i) <= 0 || s.Done[f] {
			continue
		}
		if u.Stopped || u.FellBack {
			continue // every step refused [9] [10] (stepProblem)
		}
		// Out of an enemy ZoC a combat unit steps only into a front hex
		// of its facing [10]: the other four are refused whatever stands
		// there (stepProblem), so they are not asked (#20).
		frontOnly := !s.fast().person[i] && !cx.zoc.has(u.At)
		canTurn := s.turnProblem(cx, i, false) == ""
		for f := range 6 {
			turn := hex.TurnSteps(u.Facing, f)
			if turn > 0 && !canTurn || turn >= s.remaining(i) {
				continue
			}
			for dir, n := range u.At.Neighbors() {
				if frontOnly && hex.ArcOfDir(f, dir) != hex.Front {
					continue
				}
				if _, fb, why := s.stepProblem(cx, i, u.At, f, n, s.remaining(i)-turn, u.Stopped, u.FellBack, true); why == "" && !fb {
					return true
				}
			}
		}
	}
	return false
}

// galwayMustMove: Galway is not with a friendly cavalry unit but could reach
// one this phase [15].
func (s *State) galwayMustMove() bool {
	g := s.idx("galway")
	if g < 0 || !s.alive(g) {
		return false
	}
	cx := s.ctx(Allied)
	horse := func(c hex.Coord) bool {
		return s.hasSide(cx.o, c, Allied, func(j int) bool { return s.def(j).Horse() })
	}
	if horse(s.Units[g].At) {
		return false
	}
	if s.cannotMove(g) != "" {
		return false
	}
	for c := range s.leaderReach(cx, g) {
		if horse(c) {
			return true
		}
	}
	return false
}

func (s *State) leaderReach(cx moveCtx, i int) map[hex.Coord]hex.Reach {
	u := s.Units[i]
	if u.Stopped || u.FellBack {
		return map[hex.Coord]hex.Reach{}
	}
	inZOC := cx.zoc.has(u.At)
	srch := hex.Search{Map: s.sc.Map, Budget: s.remaining(i), Cost: func(from, to hex.Coord, dir int) (int, bool) {
		c, _, why := s.stepProblem(cx, i, from, 0, to, 1<<20, false, false, from == u.At)
		return c, why == ""
	}, Stop: func(c hex.Coord) bool { return cx.zoc.has(c) || inZOC }}
	return srch.Reachable(s.Units[i].At)
}

func (s *State) doMove(a rules.Action) []rules.Event {
	side := phaseSide(s.Phase)
	if a.Kind == "end" {
		s.Ended = true
		return []rules.Event{ev("phase", "10", sideName(side)+" ends its movement", side)}
	}
	i := s.idx(a.Unit)
	var evs []rules.Event
	if f := s.formOf(i); f != "" && f != s.CurForm {
		if s.CurForm != "" {
			s.own()
			s.Done[s.CurForm] = true
			evs = append(evs, ev("formation", "10", "Formation "+s.formName(s.CurForm)+" has finished moving", side))
		}
		s.CurForm = f
	}
	cx := s.applyCtx(side)
	fm := s.fast()
	if a.Kind == "face" {
		// The stack turns together [7]; the event's texts and unit list
		// are the scenario's (#20).
		nf := hex.Mod6(a.Facing)
		sd := s.def(i).Side
		for _, j := range cx.o.at(s.Units[i].At) {
			if s.def(j).Side == sd && s.hasFacing(j) {
				s.noteDirty(j)
				s.Units[j].Facing = nf
				s.Units[j].Spent++
				s.Units[j].Moved = true
			}
		}
		return append(evs, rules.Event{Kind: "face", Rule: "7", Text: fm.faceText[i][nf], Side: rules.Side(side), Units: fm.ids[i]})
	}
	to, _ := s.sc.Map.Layout.Parse(a.To)
	u := &s.Units[i]
	cost, fb, _ := s.stepProblem(cx, i, u.At, u.Facing, to, s.remaining(i), u.Stopped, u.FellBack, true)
	s.noteDirty(i)
	u.At = to
	u.Spent += cost
	u.Moved = true
	h := fm.idx(to)
	rule := "10"
	s.Transit = ""
	transit := s.inTransitNow(i)
	if transit {
		s.Transit = s.def(i).ID
		rule = "7"
	}
	var text string
	switch {
	case fb:
		u.FellBack = true
		text = s.label(lblEvFall, i, h, cost)
	case cx.zoc.has(to):
		u.Stopped = true
		if transit {
			text = s.label(lblEvMove, i, h, cost) + ", passing through a stack that faces another way and stops in an enemy zone of control"
		} else {
			text = s.label(lblEvMoveStop, i, h, cost)
		}
		rule = "9"
	case transit:
		text = s.label(lblEvMove, i, h, cost) + ", passing through a stack that faces another way"
	default:
		text = s.label(lblEvMove, i, h, cost)
	}
	return append(evs, rules.Event{Kind: "move", Rule: rule, Text: text, Side: rules.Side(side), Units: fm.ids[i]})
}

// ---- Planner [10] -----------------------------------------------------------

// Reach lists every hex unit id can reach this phase, with the single steps
// (moves and turns) that lead there; movement stops on entering an enemy ZoC.
func (s *State) Reach(id string) []rules.Route {
	i := s.idx(id)
	if i < 0 || len(s.Tasks) > 0 || s.cannotMove(i) != "" {
		return nil
	}
	side := s.def(i).Side
	cx := s.ctx(side)
	u := s.Units[i]
	var out []rules.Route
	if s.def(i).Person() {
		reach := s.leaderReach(cx, i)
		for _, c := range s.sc.Map.Coords() {
			r, ok := reach[c]
			if !ok || c == u.At {
				continue
			}
			path, _, _ := hex.PathTo(reach, u.At, c)
			var steps []rules.Action
			for k := 1; k < len(path); k++ {
				steps = append(steps, rules.Action{Kind: "move", Unit: id, To: s.num(path[k]), Rule: "10"})
			}
			out = append(out, rules.Route{To: s.num(c), Cost: mp(r.Cost), Steps: steps, Rule: "10"})
		}
		return out
	}
	turnOK := s.turnProblem(cx, i, s.CurForm != "" && s.mustStillMove(s.CurForm)) == "" && s.stackSize(cx, i) == 1
	fs := hex.FacingSearch{Map: s.sc.Map, Budget: s.remaining(i), TurnInStop: true,
		Turn: func(from, to int) int {
			if !turnOK {
				return -1
			}
			return 1
		},
		Step: func(from hex.Coord, f int, to hex.Coord) (int, bool) {
			start := from == u.At
			c, _, why := s.stepProblem(cx, i, from, f, to, 1<<20, u.Stopped && start, u.FellBack && start, start)
			return c, why == ""
		},
		Stop: func(c hex.Coord) bool { return cx.zoc.has(c) || (c != u.At && cx.zoc.has(u.At)) },
	}
	if u.Stopped || u.FellBack {
		fs.Step = func(hex.Coord, int, hex.Coord) (int, bool) { return 0, false }
	}
	res := fs.Reachable(u.At, u.Facing)
	for _, c := range s.sc.Map.Coords() {
		if c == u.At {
			continue
		}
		best, br, ok := res.Best(c)
		if !ok {
			continue
		}
		if sf, stacked := s.stackFacing(cx.o, c, side, i); stacked && best.Facing != sf {
			// A move may not end in a stack that faces another way [7].
			fr, ok := res.States[hex.State{C: c, Facing: sf}]
			if !ok {
				continue
			}
			best, br = hex.State{C: c, Facing: sf}, fr
		}
		moves, _ := res.Moves(best)
		var steps []rules.Action
		for _, m := range moves {
			if m.Turn {
				steps = append(steps, rules.Action{Kind: "face", Unit: id, Facing: m.To.Facing, Rule: "7"})
			} else {
				steps = append(steps, rules.Action{Kind: "move", Unit: id, To: s.num(m.To.C), Rule: "10"})
			}
		}
		out = append(out, rules.Route{To: s.num(c), Cost: mp(br.Cost), Steps: steps, Rule: "10"})
	}
	return out
}

// facingWord names facing f (a counter facing f points at corner f of its
// hex) as the compass direction a player reads, "north-east" [7].
func (s *State) facingWord(f int) string {
	fx, fy := s.sc.Map.Layout.Corner(hex.Mod6(f), 1)
	bearing := math.Atan2(fy, fx)*180/math.Pi + 90
	for bearing < 0 {
		bearing += 360
	}
	names := []string{"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}
	return names[int(math.Round(bearing/45))%8]
}
