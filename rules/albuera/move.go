package albuera

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
)

// Movement [12], stacking [11], arrays [5]-[8], [10.13]-[10.15].

// costCol is the Terrain Effects Table column of a unit's array.
func (s *State) costCol(i int) string {
	a := s.U[i].Array
	if s.U[i].Two {
		return Line
	}
	return a
}

// ma is a unit's Movement Allowance in half points [12.8], [10.13]-[10.15].
func (s *State) ma(i int) int {
	ma := &s.sc.fast.ma // 2 * the params mp_square ... mp_commander
	switch s.kind(i) {
	case KInf, KComp:
		if s.U[i].Array == Square {
			return ma[maSquare] // [12.8]
		}
		if s.U[i].Double {
			return ma[maDouble]
		}
		return ma[maInf]
	case KCav:
		return ma[maCav]
	case KArt:
		switch s.U[i].Array {
		case Foot:
			return ma[maFoot]
		case Limbered:
			return ma[maLimbered]
		}
		return ma[maHorse]
	}
	return ma[maCdr]
}

func (s *State) left(i int) int { return s.ma(i) - s.U[i].Spent }

// enterCost is the half-point cost for array col to enter 'to' from 'from'
// (terrain, climbing, river hexside) [12.2], -1 prohibited.
// enterCostSlow computes it from the tables (enterCost reads it from a table).
func (s *State) enterCostSlow(col string, from, to hex.Coord) int {
	cell := s.sc.cell(to)
	if cell == nil {
		return -1
	}
	c := s.sc.Cost[cell.Terrain][col]
	if c < 0 {
		return -1
	}
	if fc := s.sc.cell(from); fc != nil && cell.Level > fc.Level {
		k := s.sc.Cost["climb"][col]
		if k < 0 {
			return -1
		}
		c += k
	}
	if s.sc.Map.SideHas(from, to, hex.River) && !s.sc.Map.SideHas(from, to, hex.Bridge) {
		row := "river"
		if s.sc.Map.SideHas(from, to, hex.Slope) {
			row = "slope"
		}
		if _, ok := s.sc.Cost["ford"]; ok && s.sc.Map.SideHas(from, to, hex.Ford) {
			row = "ford" // a ford replaces the river's cost (Terrain Effects Table)
		}
		k := s.sc.Cost[row][col]
		if k < 0 {
			return -1
		}
		c += k
	}
	return c
}

// crossesRiver reports a river hexside without bridge between a and b.
func (s *State) crossesRiver(a, b hex.Coord) bool {
	return s.sc.Map.SideHas(a, b, hex.River) && !s.sc.Map.SideHas(a, b, hex.Bridge)
}

// ---- stacking [11] ---------------------------------------------------------------

// stackOK reports whether unit i (of its array, facing and shape) may stand
// in hex c together with the friendly units already there [11], [6.4].
func (s *State) stackOK(i int, c hex.Coord, two bool, facing int, array string) bool {
	if s.oc == nil {
		defer s.indexed()() // no copy of the hex's list (speed)
	}
	side := s.side(i)
	inf, cav, art, comp := 0, 0, 0, 0
	add := func(k string) {
		switch k {
		case KInf:
			inf++
		case KCav:
			cav++
		case KArt:
			art++
		case KComp:
			comp++
		}
	}
	add(s.kind(i))
	for _, j := range s.occ(c) {
		if j == i || s.side(j) != side {
			continue
		}
		if s.kind(i) == KComp && s.def(i).Battalion == s.id(j) || s.kind(j) == KComp && s.def(j).Battalion == s.id(i) {
			continue // a company and its battalion: they rejoin [8.3]
		}
		add(s.kind(j))
		if s.kind(i) == KArt || s.kind(j) == KArt {
			continue // artillery may differ in array and facing [11.0]
		}
		uj := &s.U[j]
		if uj.Two != two {
			return false // a rectangle stacks only with rectangles [6.4]
		}
		if two && (uj.At != s.U[i].At && uj.At != c || uj.Facing != facing) {
			if !(uj.Facing == facing) {
				return false
			}
		}
		if uj.Array != array || uj.Facing != facing {
			return false
		}
	}
	if comp > 0 && (inf+cav+art) > 0 {
		// companies stack with any number of companies [11.2]; with a battalion
		// they reattach [8.3], so mixed stacks are their battalion only.
		return false
	}
	return s.sc.stackOK(inf, cav, art)
}

// ---- 2.2 bookkeeping ----------------------------------------------------------------

func (s *State) startMove() {
	for i := range s.U {
		u := &s.U[i]
		u.Spent, u.Started, u.Done, u.Double, u.NoFire, u.Straight, u.Spoiled, u.Charge, u.Turns, u.Group = 0, false, false, false, false, 0, false, false, 0, 0
		if u.Where == OnMap {
			u.Start = u.At
		}
	}
	s.Window, s.Motion, s.Ended = "opp", -1, false
	if len(s.Act) == 0 && len(s.Tasks) == 0 {
		s.listActors()
	}
}

func (s *State) endMove() {
	for i := range s.U {
		u := &s.U[i]
		if s.kind(i) == KArt && !u.Tech && !u.Captured {
			u.ArtFired = false // [10.7]
		}
		if u.Started && containsInt(s.Support, i) {
			s.Used[i] = true // [4.7.1]
		}
	}
	s.Motion = -1
	s.enter(phCmd)
}

// autoMove takes the automatic steps of 2.2.
func (s *State) autoMove() bool {
	if s.Window == "opp" {
		done := s.indexed()
		fo := s.fireOptionsTo(s.newList(max(8, s.oppHint)), 1-s.Side, -1)
		n := len(fo)
		done()
		if n > 0 { // the state stays: Legal reuses the list (speed)
			s.oppHint = n + 1
			s.setPre(preLegal{opp: fo, hasOpp: true})
		} else {
			s.recycle(fo)
		}
		if n == 0 {
			if s.Ended {
				s.endMove()
			} else {
				s.Window = "act"
			}
			return true
		}
		return false
	}
	if s.Motion >= 0 {
		m := s.Motion
		done := s.indexed()
		var pre preLegal
		stuck := s.U[m].Where != OnMap || s.U[m].Done
		if !stuck {
			pre.ua, pre.hasUA = s.unitActionsTo(s.newList(max(16, s.motionHint)), m), true
			if len(pre.ua) == 0 && !s.U[m].Passing {
				// no unit action: the fire options go in the same array (speed)
				pre.fo, pre.hasFO = s.fireOptionsTo(pre.ua, s.Side, m), true
				pre.ua = pre.ua[:0]
				stuck = len(pre.fo) == 0
			} else if len(pre.ua) == 0 {
				stuck = true
			}
		}
		done()
		if !stuck { // the state stays: Legal reuses the lists (speed)
			s.setPre(pre)
		} else if pre.hasFO {
			s.recycle(pre.fo)
		} else {
			s.recycle(pre.ua)
		}
		if stuck {
			s.finish(m)
			return true
		}
		return false
	}
	if s.Ended {
		s.Window = "opp"
		return true
	}
	return false
}

// finish ends a unit's move definitively [12.13]; the enemy may fire [14.5].
func (s *State) finish(i int) {
	if i >= 0 {
		s.U[i].Done = true
		for j := range s.U {
			if s.U[j].Group == i+1 {
				s.U[j].Done = true // it moved with i [12.13]
			}
		}
	}
	s.Motion = -1
	s.Window = "opp"
}

// moveLegal lists the actions of 2.2.
func (s *State) moveLegal() []rules.Action {
	pre := s.takePre()
	if s.Window == "opp" {
		var out []rules.Action
		if pre.hasOpp {
			out = pre.opp
		} else {
			out = s.fireOptionsTo(s.newList(max(8, s.oppHint)), 1-s.Side, -1)
		}
		out = append(out, rules.Action{Kind: "pass", Label: "Pass: no fire now", Rule: "14.5"})
		return out
	}
	var out []rules.Action
	if s.Motion >= 0 && s.U[s.Motion].Passing {
		if pre.hasUA {
			return pre.ua
		}
		return s.unitActions(s.Motion) // it goes on through the friends [11.3]
	}
	if s.Motion >= 0 {
		ua := pre.ua
		if !pre.hasUA {
			ua = s.unitActionsTo(s.newList(max(16, s.motionHint)), s.Motion)
		}
		if pre.hasFO { // no unit action (autoMove): the fire options, in their own array
			out = pre.fo
			ua = out[:0]
		} else { // the fire options after the unit's actions, in the same array (speed)
			out = s.fireOptionsTo(ua, s.Side, s.Motion)
		}
		s.motionHint = len(out) + 1
		if !s.U[s.Motion].Double || len(ua) == 0 {
			out = append(out, rules.Action{Kind: "end", Unit: s.id(s.Motion), Label: "Finish " + s.name(s.Motion) + "'s move", Rule: "12.13"})
		}
		return out
	}
	out = s.newList(max(16, s.moveHint+4)) // about the last list's size (speed)
	for _, i := range s.Act {
		if !s.U[i].Done && s.U[i].Where == OnMap {
			out = s.unitActionsTo(out, i)
		}
	}
	out = s.fireOptionsTo(out, s.Side, -1)
	out = append(out, rules.Action{Kind: "end", Label: "End movement", Rule: "14.5"})
	s.moveHint = len(out)
	return out
}

// mayMove reports a unit of the active side that may still act [4.2.1], [12.13].
func (s *State) mayMove(i int) bool {
	u := &s.U[i]
	return u.Where == OnMap && !u.Done && s.canAct(i) && (s.Motion < 0 || s.Motion == i) && !s.inClash(i)
}

// unitActions lists the moves, facings, array changes and detachments of unit i.
func (s *State) unitActions(i int) []rules.Action { return s.unitActionsTo(nil, i) }

// unitActionsTo appends the actions of unit i to out.
func (s *State) unitActionsTo(out []rules.Action, i int) []rules.Action {
	if !s.mayMove(i) {
		return out
	}
	if s.U[i].Passing {
		return s.stepsTo(out, i) // no stop, turn or change among friends it may not stop with [11.3]
	}
	out = append(out, s.lineMoves(i)...)        // [12.10]
	out = append(out, s.lineWheelActions(i)...) // [12.10]
	if s.U[i].Two {
		out = s.lineStepsTo(out, i)
	} else {
		out = s.stepsTo(out, i)
		out = s.facingsTo(out, i)
	}
	out = append(out, s.arrayChanges(i)...)
	out = append(out, s.detach(i)...)
	u := &s.U[i]
	if s.kind(i) == KInf && !u.Started && u.Spent == 0 && !u.Double && u.Array != Square {
		out = append(out, rules.Action{Kind: "choose", Unit: s.id(i), Choice: "double",
			Label: s.name(i) + " declares Double March (6 MP, all to be spent, no fire) [12.9]", Rule: "12.9"})
	}
	var stb [8]int
	if st := s.stackBuf(i, stb[:0]); !u.Two && len(st) > 1 && st[0] == i && s.kind(i) != KArt {
		ok := true
		for _, j := range st {
			ok = ok && s.U[j].Spent+2 <= s.ma(j) && s.canAct(j)
		}
		if ok {
			out = append(out, rules.Action{Kind: "choose", Unit: s.id(i), Choice: "reorder",
				Label: s.name(i) + " goes to the bottom of the stack (1 MP each) [11.0]", Rule: "11.0"})
		}
	}
	return out
}

// stepCheck says whether unit i may step into n and at what cost; charge
// tells whether the entry is a cavalry Charge [9.2].
func (s *State) stepCheck(i int, n hex.Coord) (cost int, rear, enemy, charge bool, why string) {
	return s.stepCheckQ(i, n, false)
}

// stepCheckQ is stepCheck; quiet: a refusal's text is not built (the
// caller only asks whether there is one; speed).
func (s *State) stepCheckQ(i int, n hex.Coord, quiet bool) (cost int, rear, enemy, charge bool, why string) {
	u := &s.U[i]
	passing := false
	cost, rear, enemy, passing, why = s.stepCostPass(i, u.At, u.Facing, n, s.Phase == phMove && s.side(i) == s.Side && !u.Passing)
	if why != "" {
		return 0, false, false, false, why
	}
	if passing {
		extra := 0
		if u.At != u.Start && s.friendsBesides(i, u.At) {
			extra = s.sc.act("friendly_pass", 2)
		}
		if !s.passOn(i, n, u.Facing, u.Spent+cost+extra) {
			return 0, false, false, false, "stacking: it may pass through these friends only if it can go on at once, out of any enemy's reach [11.3]"
		}
	}
	if enemy && s.kind(i) == KCav && u.Straight >= s.sc.P("charge_hexes") && !u.Spoiled && !s.spoils(u.At, n) {
		charge = true // [9.2.1]
	}
	if u.At != u.Start && s.friendsBesides(i, u.At) {
		cost += s.sc.act("friendly_pass", 2) // passing through friends [11.3]
	}
	if u.Spent+cost > s.ma(i) && !(u.Spent == 0 && !u.Started) {
		if quiet {
			return 0, false, false, false, "refused [12.2]"
		}
		return 0, false, false, false, "needs " + half(cost) + " MP, " + half(s.left(i)) + " left [12.2]"
	}
	return cost, rear, enemy, charge, ""
}

// stepCost prices a step of unit i standing at 'at' with facing f into n,
// MP left aside.
func (s *State) stepCost(i int, at hex.Coord, f int, n hex.Coord) (cost int, rear, enemy bool, why string) {
	cost, rear, enemy, _, why = s.stepCostPass(i, at, f, n, false)
	return
}

// stepCostPass is stepCost; with pass, a hex of friends the unit may not
// stop with (stacking, array or facing) is not refused but reported as
// passing: the unit may move through it [11.3], [11.1.1].
func (s *State) stepCostPass(i int, at hex.Coord, f int, n hex.Coord, pass bool) (cost int, rear, enemy, passing bool, why string) {
	u := &s.U[i]
	d := s.def(i)
	if !s.sc.onMap(n) {
		return 0, false, false, false, "off the map"
	}
	var arc hex.Arc
	if u.Array == Square {
		arc = hex.Front // [7.3]
		if at.DirTo(n) < 0 {
			return 0, false, false, false, "not adjacent"
		}
	} else {
		a, ok := hex.ArcOf(at, f, n)
		if !ok {
			return 0, false, false, false, "not adjacent"
		}
		arc = a
	}
	if arc == hex.Flank {
		return 0, false, false, false, "a unit moves into its Front hexes (or Rear at +1 MP) [12.1]"
	}
	rear = arc == hex.Rear
	cost = s.enterCost(s.costCol(i), at, n)
	if cost < 0 {
		return 0, false, false, false, "prohibited terrain for this array (Terrain Effects Table) [12.2]"
	}
	if rear {
		if s.Phase == phMove && s.side(i) != s.Side {
			return 0, false, false, false, "only in its own Movement subphase [12.6]"
		}
		cost += s.sc.act("rear", 2) // [12.6]
	}
	enemy = s.hasSide(n, 1-d.Side)
	if enemy {
		if rear {
			return 0, false, false, false, "no Clash Hex by a move backwards [12.6]"
		}
		switch {
		case d.Kind == KComp:
			return 0, false, false, false, "skirmishers may not enter a Clash Hex [8.7]"
		case d.Kind == KArt:
			return 0, false, false, false, "artillery does not enter a Clash Hex (interpretation)"
		case u.Array == Square:
			return 0, false, false, false, "squares cannot enter a Clash Hex [7.3]"
		case d.Kind == KInf && u.Array == Column && (d.British() || d.Nation == "portuguese"):
			return 0, false, false, false, "British and Portuguese columns may not enter a Clash Hex in their own movement [5.1]"
		}
		cost += s.sc.act("enemy_hex", 2) // [11.10]
	}
	if !s.stackOK(i, n, false, f, u.Array) {
		if !pass || enemy || u.Two || u.Double || d.Kind == KComp {
			return 0, false, false, false, "stacking: the hex would hold too many or mixed units [11]"
		}
		passing = true
	}
	if u.Double && (rear || s.hasSide(n, d.Side) || s.sc.cell(n).Terrain == "forest" || s.sc.cell(n).Terrain == "olive" || s.crossesRiver(at, n)) {
		return 0, false, false, false, "Double March forbids this hex [12.9]"
	}
	return cost, rear, enemy, passing, ""
}

// passOn reports that unit i, entering friends' hex n (facing f) that it
// may not stop in, with spent MP already spent there, can go on at once
// into a Front hex where it may stop, paying the +1 of [11.3]; and that no
// enemy unit stands in its Front there (a reaction could stop it in the
// hex: interpretation) [11.3].
func (s *State) passOn(i int, n hex.Coord, f int, spent int) bool {
	side := s.side(i)
	var fronts []hex.Coord
	for _, n2 := range n.Neighbors() {
		if a, ok := hex.ArcOf(n, f, n2); ok && a == hex.Front && s.sc.onMap(n2) {
			if s.top(n2, 1-side) >= 0 {
				return false
			}
			fronts = append(fronts, n2)
		}
	}
	for _, n2 := range fronts {
		c, _, _, passing, why := s.stepCostPass(i, n, f, n2, false)
		if why == "" && !passing && spent+c+s.sc.act("friendly_pass", 2) <= s.ma(i) {
			return true
		}
	}
	return false
}

// spoils reports terrain that breaks a charge [9.2.1].
func (s *State) spoils(from, to hex.Coord) bool {
	t := s.sc.cell(to).Terrain
	return t == "forest" || t == "olive" || t == "village" || s.crossesRiver(from, to)
}

// costInfo is the Info of an array change: its cost in MP as the player
// reads it ("4 MP", "1.5 MP"), never a machine field like "cost=8".
func costInfo(halves int) string {
	if halves >= 0 && halves < len(costInfoTab) {
		return costInfoTab[halves]
	}
	return half(halves) + " MP"
}

// costOfInfo reads back the cost in half MPs that costInfo wrote (or the
// older "cost=8" form), def when it holds none.
func costOfInfo(info string, def int) int {
	var n int
	if _, err := fmt.Sscanf(info, "cost=%d", &n); err == nil {
		return n
	}
	var f float64
	if _, err := fmt.Sscanf(info, "%g MP", &f); err == nil && f >= 0 {
		return int(f*2 + 0.5)
	}
	return def
}

// halfTab holds half's texts for 0 to 63 half points (no allocation).
var halfTab = func() (t [64]string) {
	for n := range t {
		t[n] = halfText(n)
	}
	return
}()

// costInfoTab holds costInfo's texts for 0 to 63 half points.
var costInfoTab = func() (t [64]string) {
	for n := range t {
		t[n] = halfText(n) + " MP"
	}
	return
}()

func half(n int) string {
	if n >= 0 && n < len(halfTab) {
		return halfTab[n]
	}
	return halfText(n)
}

func halfText(n int) string {
	if n%2 == 0 {
		return strconv.Itoa(n / 2)
	}
	return strconv.Itoa(n/2) + ".5"
}

func (s *State) steps(i int) []rules.Action { return s.stepsTo(nil, i) }

// stepsTo appends the steps of unit i to out.
func (s *State) stepsTo(out []rules.Action, i int) []rules.Action {
	u := &s.U[i]
	for dir, n := range u.At.Neighbors() {
		cost, rear, enemy, charge, why := s.stepCheckQ(i, n, true)
		if why != "" {
			continue
		}
		rule, tail, tk := "12.1", "", int32(0)
		switch {
		case rear && enemy:
			rule, tail, tk = "11.10", " backwards: enters the enemy hex", 1
		case rear:
			rule, tail, tk = "12.6", " backwards", 2
		case enemy:
			rule, tail, tk = "11.10", ": enters the enemy hex", 3
		}
		lab := s.label(i, dir, n, int32(cost)<<3|tk<<1, func() string {
			return s.name(i) + " to " + s.num(n) + " (" + half(cost) + " MP)" + tail
		})
		out = append(out, rules.Action{Kind: "move", Unit: s.id(i), To: s.num(n), Label: lab, Rule: rule})
		if charge {
			out = append(out, rules.Action{Kind: "charge", Unit: s.id(i), To: s.num(n),
				Label: s.name(i) + " charges " + s.num(n) + " (" + half(cost) + " MP)", Rule: "9.2"})
		}
		// the whole stack [12.13], [9.2.2]
		if ms := s.mates(i); len(ms) > 0 {
			ok, chargeAll := true, charge
			var ids []string
			members := append([]int{i}, ms...)
			for _, j := range ms {
				uj := &s.U[j]
				c, _, en, why := s.stepCost(j, uj.At, uj.Facing, n)
				if uj.At != uj.Start && s.friendsBesidesExcept(j, uj.At, members) {
					c += s.sc.act("friendly_pass", 2)
				}
				if why != "" || uj.Spent+c > s.ma(j) && !(uj.Spent == 0 && !uj.Started) {
					ok = false
					break
				}
				chargeAll = chargeAll && en && s.kind(j) == KCav && uj.Straight >= 3 && !uj.Spoiled && !s.spoils(uj.At, n)
				ids = append(ids, s.id(j))
			}
			if ok && s.stackMoveFits(i, ms, n) {
				sort.Strings(ids)
				out = append(out, rules.Action{Kind: "move", Unit: s.id(i), Units: ids, To: s.num(n), Rule: "12.13",
					Label: "Stack of " + s.name(i) + " and " + strconv.Itoa(len(ids)) + " more to " + s.num(n)})
				if chargeAll {
					out = append(out, rules.Action{Kind: "charge", Unit: s.id(i), Units: ids, To: s.num(n), Rule: "9.2.2",
						Label: "Stack of " + s.name(i) + " and " + strconv.Itoa(len(ids)) + " more charges " + s.num(n)})
				}
			}
		}
	}
	return out
}

// stackMoveFits checks the stacking limits for the whole stack entering n [11.2].
func (s *State) stackMoveFits(i int, ms []int, n hex.Coord) bool {
	cnt := 1 + len(ms)
	art := 0
	for _, j := range s.occ(n) {
		if s.side(j) != s.side(i) {
			continue
		}
		if s.kind(j) == KArt {
			art++
		} else {
			cnt++
		}
	}
	if art > 0 {
		return cnt <= s.sc.P("stack_art_inf")
	}
	return cnt <= s.sc.P("stack_inf")
}

func (s *State) facings(i int) []rules.Action { return s.facingsTo(nil, i) }

// facingsTo appends the facing changes of unit i to out.
func (s *State) facingsTo(out []rules.Action, i int) []rules.Action {
	u := &s.U[i]
	if u.Array == Square || s.kind(i) == KCdr || u.Double {
		return out
	}
	cost := s.sc.act("face", 2) // [12.7]
	if s.kind(i) == KComp {
		cost = s.sc.act("face_company", 0) // [8.7]
		if u.Turns >= 3 {
			return out // three free turns reach every facing; more would never end
		}
	}
	if u.Spent+cost > s.ma(i) {
		return out
	}
	for _, d := range [2]int{-1, 1} {
		f := hex.Mod6(u.Facing + d)
		// a stack that may not hold the new facing turns together: checked in apply
		var lab string
		if fl := s.sc.fast.faceLab; i < len(fl) && s.sc.fast.faceCost[i] == cost {
			lab = fl[i][f] // made once per scenario (speed)
		} else {
			lab = s.name(i) + " turns to face " + s.facingWord(f) + " (" + half(cost) + " MP)"
		}
		out = append(out, rules.Action{Kind: "face", Unit: s.id(i), Facing: f, Choice: "turn", Label: lab, Rule: "12.7"})
	}
	return out
}

// lineStepWords names a step or wheel of a rectangle and its rule.
func lineStepWords(k hex.LineStepKind) (string, string) {
	switch k {
	case hex.StepForward:
		return "advances", "6.3.1"
	case hex.StepBackward:
		return "steps back", "12.6"
	case hex.WheelForward:
		return "wheels", "6.3.3"
	case hex.WheelBackward:
		return "wheels back", "6.3.3"
	}
	return "", ""
}

// lineSteps lists the steps and wheels of a rectangle [6.3.1]-[6.3.3], [12.6].
func (s *State) lineSteps(i int) []rules.Action { return s.lineStepsTo(nil, i) }

// lineStepsTo appends the steps of rectangle i to out.
func (s *State) lineStepsTo(out []rules.Action, i int) []rules.Action {
	for _, mv := range s.line2(i).Steps() {
		cost, why := s.lineStepCheck(i, mv)
		if why != "" {
			continue
		}
		kind, rule := lineStepWords(mv.Kind)
		out = append(out, rules.Action{Kind: "move", Unit: s.id(i), To: s.num(mv.To.A), Choice: s.num(mv.To.B), Facing: mv.To.Facing,
			Label: s.name(i) + " " + kind + " to " + s.num(mv.To.A) + "-" + s.num(mv.To.B) + " (" + half(cost) + " MP)", Rule: rule})
	}
	// a stack of rectangles steps or wheels together [12.13], [6.4]
	ms := s.rectMates(i)
	if len(ms) == 0 {
		return out
	}
	members := append([]int{i}, ms...)
	var ids []string
	for _, j := range ms {
		ids = append(ids, s.id(j))
	}
	sort.Strings(ids)
	for _, mv := range s.line2(i).Steps() {
		ok := true
		for _, j := range members {
			c, why := s.lineCostEx(j, mv, members)
			uj := &s.U[j]
			if why != "" || uj.Spent+c > s.ma(j) && !(uj.Spent == 0 && !uj.Started) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		kind := map[hex.LineStepKind]string{hex.StepForward: "advances", hex.StepBackward: "steps back", hex.WheelForward: "wheels", hex.WheelBackward: "wheels back"}[mv.Kind]
		out = append(out, rules.Action{Kind: "move", Unit: s.id(i), Units: ids, To: s.num(mv.To.A), Choice: s.num(mv.To.B), Facing: mv.To.Facing, Rule: "12.13",
			Label: fmt.Sprintf("Stack of %s and %d more %s to %s-%s", s.name(i), len(ids), kind, s.num(mv.To.A), s.num(mv.To.B))})
	}
	return out
}

// rectMates are the rectangles that may step or wheel with rectangle i as a
// stack [12.13]: on the very same hexes and facing [6.4], i on top, able to
// act and not yet moved on their own.
func (s *State) rectMates(i int) []int {
	u := &s.U[i]
	if !u.Two || u.Double {
		return nil
	}
	var stb [8]int
	st := s.stackBuf(i, stb[:0])
	if len(st) < 2 || st[0] != i {
		return nil
	}
	var out []int
	for _, j := range st[1:] {
		uj := &s.U[j]
		if !uj.Two || s.kind(j) != s.kind(i) || uj.At != u.At || uj.At2 != u.At2 || uj.Facing != u.Facing {
			continue
		}
		if !s.canAct(j) || uj.Done || uj.Double || uj.Started && uj.Group != i+1 || s.inClash(j) {
			continue
		}
		out = append(out, j)
	}
	return out
}

func (s *State) lineStepCheck(i int, mv hex.LineMove) (int, string) {
	u := &s.U[i]
	cost, why := s.lineCost(i, mv)
	if why != "" {
		return 0, why
	}
	if u.Spent+cost > s.ma(i) && !(u.Spent == 0 && !u.Started) {
		return 0, fmt.Sprintf("needs %s MP, %s left", half(cost), half(s.left(i)))
	}
	return cost, ""
}

// lineCost prices one step or wheel of a rectangle, MP left aside.
func (s *State) lineCost(i int, mv hex.LineMove) (int, string) { return s.lineCostEx(i, mv, nil) }

// lineCostEx is lineCost for a rectangle moving with the stack-mates ex,
// who leave their place with it [12.13].
func (s *State) lineCostEx(i int, mv hex.LineMove, ex []int) (int, string) {
	u := &s.U[i]
	if !s.sc.onMap(mv.To.A) || !s.sc.onMap(mv.To.B) {
		return 0, "off the map"
	}
	if u.Double && (mv.Kind == hex.StepBackward || mv.Kind == hex.WheelBackward || mv.Kind == hex.WheelForward) {
		return 0, "Double March: no wheel, no move back [12.9]"
	}
	cost := 0
	enemy := false
	for _, h := range mv.Enter {
		// the part entering h comes from the adjacent hex of the old position
		from := mv.From.A
		if hex.Distance(mv.From.B, h) < hex.Distance(from, h) || hex.Distance(from, h) != 1 {
			from = mv.From.B
		}
		c := s.enterCost(Line, from, h)
		if c < 0 {
			return 0, "prohibited terrain for a line [6.3.2]"
		}
		if c > cost {
			cost = c // the dearer hex [6.3.2]
		}
		if s.hasSide(h, 1-s.side(i)) {
			enemy = true
		}
	}
	// both hexes of the new place, the pivot of a wheel too: a line left by
	// a stack-mate on the pivot would mix facings [6.4], [11.0]
	for _, h := range []hex.Coord{mv.To.A, mv.To.B} {
		if s.friendsBesidesExcept(i, h, ex) && !s.lineStackOKEx(i, mv.To, ex) {
			return 0, "a line stacks only with lines on the very same hexes and facing [6.4], [11.2]"
		}
	}
	back := mv.Kind == hex.StepBackward || mv.Kind == hex.WheelBackward
	if back {
		cost += s.sc.act("rear", 2) // [12.6]
		if enemy {
			return 0, "no Clash Hex by a move backwards [12.6]"
		}
	}
	if enemy {
		cost += s.sc.act("enemy_hex", 2) // [11.10]
	}
	return cost, ""
}

// stackArrayChanges lists the array changes of a whole stack of one-hex
// battalions, offered on its top unit [11.0], [12.13]: Column and Line
// (square counters: every battalion under the rectangle threshold) and
// Square; each battalion pays the cost.
func (s *State) stackArrayChanges(i int) []rules.Action {
	u := &s.U[i]
	d := s.def(i)
	var stb [8]int
	st := s.stackBuf(i, stb[:0])
	if u.Two && d.Kind == KInf {
		return s.stackLineArrayChanges(i)
	}
	if d.Kind != KInf || u.Two || len(st) < 2 || st[0] != i || u.Array == Square {
		return nil
	}
	var ids []string
	members := []int{i}
	allSmall, allSquare := u.MP < d.rectMin(), u.MP >= s.sc.fast.squareMinMP
	for _, j := range st[1:] {
		if s.kind(j) == KArt || s.kind(j) == KComp {
			continue
		}
		uj := &s.U[j]
		if s.kind(j) != KInf || uj.Two || uj.Array != u.Array || uj.Facing != u.Facing || !s.canAct(j) || uj.Done || uj.Double ||
			uj.Started && uj.Group != i+1 || s.inClash(j) {
			return nil
		}
		allSmall = allSmall && uj.MP < s.def(j).rectMin()
		allSquare = allSquare && uj.MP >= s.sc.fast.squareMinMP
		ids = append(ids, s.id(j))
		members = append(members, j)
	}
	sort.Strings(ids)
	var out []rules.Action
	add := func(choice, lab string, cost int, rule string) {
		for _, j := range members {
			if s.U[j].Spent+cost > s.ma(j) {
				return
			}
		}
		out = append(out, rules.Action{Kind: "choose", Unit: d.ID, Units: ids, Choice: choice, Facing: u.Facing, Info: costInfo(cost),
			Label: fmt.Sprintf("Stack of %s and %d more %s (%s MP each)", d.Name, len(ids), lab, half(cost)), Rule: rule})
	}
	clear := s.sc.cell(u.At).Terrain == "clear"
	switch u.Array {
	case Column:
		if allSmall {
			add("array:line", "forms line", s.sc.act("column_to_line", 2), "6.2")
		}
	case Line:
		add("array:column", "forms column", s.sc.act("line_to_column", 2), "5.0")
	}
	if clear && allSquare {
		add("array:square", "forms square", s.sc.act("form_square", 8), "7.1")
	}
	return out
}

// stackLineArrayChanges lists the array changes of a stack of rectangles
// (on the very same hexes and facing), offered on its top unit [11.0],
// [12.13]: Column or Square on either of its hexes, as one rectangle does
// [6.3.5], [6.3.6]; every battalion pays the cost and they stay stacked.
func (s *State) stackLineArrayChanges(i int) []rules.Action {
	u := &s.U[i]
	d := s.def(i)
	var stb [8]int
	st := s.stackBuf(i, stb[:0])
	if len(st) < 2 || st[0] != i || u.Double || !s.canAct(i) || u.Done || s.inClash(i) {
		return nil
	}
	ms := s.rectMates(i)
	members := append([]int{i}, ms...)
	formed := 0
	for _, j := range st {
		if s.kind(j) != KArt && s.kind(j) != KComp && s.kind(j) != KCdr {
			formed++
		}
	}
	if len(ms) == 0 || formed != len(members) {
		return nil // some battalion of the stack cannot change now: none does [11.0]
	}
	allSquare := true
	var ids []string
	for _, j := range members {
		allSquare = allSquare && s.U[j].MP >= s.sc.fast.squareMinMP
		if j != i {
			ids = append(ids, s.id(j))
		}
	}
	sort.Strings(ids)
	var out []rules.Action
	add := func(choice, lab string, cost int, rule string, to hex.Coord) {
		for _, j := range members {
			if s.U[j].Spent+cost > s.ma(j) {
				return
			}
		}
		out = append(out, rules.Action{Kind: "choose", Unit: d.ID, Units: ids, Choice: choice, To: s.num(to), Facing: u.Facing, Info: costInfo(cost),
			Label: fmt.Sprintf("Stack of %s and %d more %s on %s (%s MP each)", d.Name, len(ids), lab, s.num(to), half(cost)), Rule: rule})
	}
	clear := s.sc.cell(u.At).Terrain == "clear" && s.sc.cell(u.At2).Terrain == "clear"
	for _, h := range []hex.Coord{u.At, u.At2} {
		add("array:column", "forms column", s.sc.act("line_to_column", 2), "6.3.5", h)
		if clear && allSquare {
			add("array:square", "forms square", s.sc.act("form_square", 8), "6.3.6", h)
		}
	}
	return out
}

// formedMates reports other battalions or squadrons of i's side on i's
// hexes (its stack, which shares its array and facing [11.0]).
func (s *State) formedMates(i int) bool {
	for _, h := range s.hexes(i) {
		for _, j := range s.occ(h) {
			if j != i && s.side(j) == s.side(i) && s.kind(j) != KArt && s.kind(j) != KComp {
				return true
			}
		}
	}
	return false
}

// arrayChanges lists the array changes of unit i [6.3.4]-[6.3.9], [7.1], [10.14].
func (s *State) arrayChanges(i int) []rules.Action {
	u := &s.U[i]
	d := s.def(i)
	if u.Double {
		return nil
	}
	if d.Kind != KArt && d.Kind != KComp && s.formedMates(i) {
		return s.stackArrayChanges(i) // one array for the whole stack [11.0]
	}
	var out []rules.Action
	add := func(choice, lab string, cost int, rule string, to string, f int) {
		if u.Spent+cost > s.ma(i) {
			return
		}
		out = append(out, rules.Action{Kind: "choose", Unit: d.ID, Choice: choice, To: to, Facing: f, Info: costInfo(cost),
			Label: s.labText(i, lab, cost), Rule: rule})
	}
	switch d.Kind {
	case KArt:
		if d.ArtKind == Foot && u.Array == Foot {
			add("array:limbered", "limbers up", s.sc.act("limber", 2), "10.14", "", 0)
		}
		if u.Array == Limbered {
			add("array:foot", "unlimbers (no fire this subphase)", s.sc.act("unlimber", 2), "10.14", "", 0)
		}
	case KInf:
		if s.stackLen(i) > 1 && !u.Two {
			return out // a stack shares its array [11.0]
		}
		terrain := s.sc.cell(u.At).Terrain
		switch {
		case u.Array == Square:
			for f := 0; f < 6; f++ {
				add("array:column", "leaves square into column facing "+strconv.Itoa(f), s.sc.act("leave_square", 2), "7.1", "", f)
				if u.MP < d.rectMin() {
					add("array:line", "leaves square into line facing "+strconv.Itoa(f), s.sc.act("leave_square", 2), "7.1", "", f)
				} else {
					for _, l := range s.rectPlaces(i, u.At, f) { // [6.3.9]
						add("array:line", "leaves square into line on "+s.num(l.A)+"-"+s.num(l.B)+" facing "+strconv.Itoa(f), s.sc.act("leave_square", 2), "6.3.9", s.num(l.A)+"-"+s.num(l.B), f)
					}
				}
			}
		case u.Two:
			for _, h := range []hex.Coord{u.At, u.At2} {
				add("array:column", "forms column on "+s.num(h), s.sc.act("line_to_column", 2), "6.3.5", s.num(h), u.Facing)
				if terrain == "clear" && s.sc.cell(h).Terrain == "clear" && u.MP >= s.sc.fast.squareMinMP {
					add("array:square", "forms square on "+s.num(h), s.sc.act("form_square", 8), "6.3.6", s.num(h), u.Facing)
				}
			}
		default:
			if u.Array == Column {
				if u.MP >= d.rectMin() {
					for _, l := range s.rectPlaces(i, u.At, u.Facing) {
						add("array:line", "forms line on "+s.num(l.A)+"-"+s.num(l.B), s.sc.act("to_rectangle", 2), "6.3.9", s.num(l.A)+"-"+s.num(l.B), u.Facing)
					}
				} else {
					add("array:line", "forms line", s.sc.act("column_to_line", 2), "6.2", "", u.Facing)
				}
			}
			if u.Array == Line {
				add("array:column", "forms column", s.sc.act("line_to_column", 2), "5.0", "", u.Facing)
			}
			if terrain == "clear" && u.MP >= s.sc.fast.squareMinMP { // [7.1]
				add("array:square", "forms square", s.sc.act("form_square", 8), "7.1", "", u.Facing)
			}
		}
	}
	return out
}

// rectPlaces are the two placements of a rectangle grown from hex h [6.3.8], [6.3.9].
func (s *State) rectPlaces(i int, h hex.Coord, f int) []hex.Line2 {
	var out []hex.Line2
	for _, other := range []hex.Coord{h.Neighbor(f + 2), h.Neighbor(f - 1)} {
		if !s.sc.onMap(other) || len(s.occ(other)) > 0 || s.clashHex(h) || s.sc.Cost[s.sc.cell(other).Terrain][Line] < 0 {
			continue
		}
		l, err := hex.NewLine2(h, other, f)
		if err == nil {
			out = append(out, l)
		}
	}
	return out
}

// detach lists the detachment of the battalion's company [8.2], [8.4].
func (s *State) detach(i int) []rules.Action {
	d := s.def(i)
	if s.U[i].Double {
		return nil // [12.9]
	}
	if d.Kind != KInf || d.Company == "" || s.U[i].Double || s.inClash(i) {
		return nil
	}
	c := s.idx(d.Company)
	if s.U[c].Where != OffMap || s.U[c].Detached || s.U[i].MP-s.def(c).N < 1 {
		return nil
	}
	if s.U[i].Two && s.U[i].MP-s.def(c).N < d.rectMin() && s.formedMates(i) {
		return nil // it would shrink out of its stack's array [6.3.4], [11.0]
	}
	h := s.U[i].At
	return []rules.Action{{Kind: "deploy", Unit: d.Company, To: s.num(h), Choice: "detach",
		Label: "Detach " + s.def(c).Name + " from " + d.Name, Rule: "8.2"}}
}

// moveApply applies an action of 2.2.
func (s *State) moveApply(a rules.Action) error {
	if a.Kind == "pass" {
		if s.Ended {
			s.endMove()
		} else {
			s.Window = "act"
		}
		return nil
	}
	if a.Kind == "end" {
		if a.Unit == "" {
			s.Ended = true
			s.Window = "opp"
			s.ev("14.5", s.Side, sideNames[s.Side]+" ends its movement", nil, nil)
			return nil
		}
		s.finish(s.idx(a.Unit))
		return nil
	}
	if a.Kind == "fire" {
		return s.fireApply(a)
	}
	i := s.idx(a.Unit)
	if a.Kind == "deploy" {
		b := s.idx(s.def(i).Battalion)
		s.startUnit(b)
		s.U[b].Spent += s.sc.act("detach", 0) // free in the book [8.2]
		s.doDetach(b, i)
		return nil
	}
	s.startUnit(i)
	u := &s.U[i]
	u.Hit = false
	switch a.Kind {
	case "face":
		cost := s.sc.act("face", 2)
		if s.kind(i) == KComp {
			cost = s.sc.act("face_company", 0)
		}
		for _, j := range s.stackOf(i) {
			if j == i || s.kind(i) != KArt && s.kind(j) != KArt && s.kind(j) != KComp && !s.U[j].Two {
				s.moved(j)
				s.U[j].Facing = a.Facing // a stack shares its facing [11.0]
			}
		}
		u.Spent += cost
		u.Turns++
		u.Spoiled = true // [9.2.1]
		s.ev("12.7", s.Side, s.name(i)+" turns to face "+s.facingWord(a.Facing), nil, nil)
	case "choose":
		switch a.Choice {
		case "double":
			u.Double = true
			s.ev("12.9", s.Side, s.name(i)+" declares Double March", nil, nil)
		case "reorder":
			for _, j := range s.stackOf(i) {
				s.U[j].Spent += s.sc.act("reorder", 2)
				s.U[j].Started = true
			}
			s.NextOrd++
			s.moved(i)
			u.Ord = s.NextOrd
			s.ev("11.0", s.Side, s.name(i)+" goes to the bottom of its stack", nil, nil)
		default:
			s.changeArray(i, a)
			for _, id := range a.Units { // the whole stack [11.0], [12.13]
				j := s.idx(id)
				if !s.U[j].Started {
					s.U[j].Start = s.U[j].At
				}
				s.U[j].Started, s.U[j].Group = true, i+1
				s.changeArray(j, a)
			}
		}
	case "move", "charge":
		to, err := s.sc.Map.ParseOn(a.To)
		if err != nil {
			return rules.Illegal("12.1", "bad hex")
		}
		var others []int
		for _, id := range a.Units {
			others = append(others, s.idx(id))
		}
		if strings.HasPrefix(a.Choice, "linewheel-") {
			s.lineWheelApply(i, a.Choice)
			return nil
		}
		if strings.HasPrefix(a.Choice, "line-") {
			s.lineApply(i, others, a.Choice)
			return nil
		}
		if u.Two {
			b, _ := s.sc.Map.ParseOn(a.Choice)
			s.lineStepStack(i, others, hex.Line2{A: to, B: b, Facing: a.Facing})
			return nil
		}
		s.stepStack(i, others, to, a.Kind == "charge")
	}
	return nil
}

// startUnit puts a unit in motion [12.13].
func (s *State) startUnit(i int) {
	if s.Motion != i {
		s.Motion = i
	}
	if !s.U[i].Started {
		s.U[i].Started = true
		s.U[i].Start = s.U[i].At
	}
}

// step moves a one-hex unit (with its stack's units of the same kind
// that started with it [12.13]) one hex.
func (s *State) step(i int, to hex.Coord, charge bool) { s.stepStack(i, nil, to, charge) }

// stepStack moves unit i and the stack-mates moving with it one hex
// [12.13]; a cavalry stack that began together may charge together [9.2.2].
func (s *State) stepStack(i int, others []int, to hex.Coord, charge bool) {
	members := append([]int{i}, others...)
	enemy := s.hasSide(to, 1-s.side(i))
	occupied := false
	for _, j := range s.occ(to) {
		occupied = occupied || !containsInt(members, j)
	}
	for _, j := range members {
		u := &s.U[j]
		// pass: a hex of friends it may only pass through costs its
		// terrain too (stepCost refuses it and priced it 0) [11.3]
		cost, _, _, _, _ := s.stepCostPass(j, u.At, u.Facing, to, true)
		if u.At != u.Start && s.friendsBesidesExcept(j, u.At, members) {
			cost += s.sc.act("friendly_pass", 2) // [11.3]
		}
		from := u.At
		minimal := u.Spent+cost > s.ma(j) // [12.5]
		u.Spent += cost
		u.Turns = 0
		s.moved(j)
		u.At = to
		u.From = from
		u.Started = true
		if j != i {
			u.Group = i + 1
		}
		s.NextOrd++
		u.Ord = s.NextOrd // joins at the bottom [11.0]
		if s.kind(j) == KCav {
			if s.spoils(from, to) || occupied {
				u.Spoiled = true
			}
			u.Straight++
		}
		if minimal {
			u.Done = true // [12.5]
		}
		// through friends it may not stop with: it must go on [11.3]
		u.Passing = len(members) == 1 && !s.stackOK(j, to, false, u.Facing, u.Array)
		rule := "12.1"
		if enemy {
			rule = "11.10"
		}
		s.ev(rule, s.Side, s.name(j)+" moves "+s.num(from)+" to "+s.num(to)+" ("+half(s.left(j))+" MP left)", nil, nil)
		s.reattach(j)
	}
	if s.U[i].Done {
		s.finish(i)
	}
	s.overrun(to, s.side(i))
	s.recapture(to, s.side(i))
	if enemy {
		for _, j := range members {
			s.U[j].Done = true // [11.12]
			s.U[j].Charge = charge
		}
		if s.kind(i) == KCav {
			s.squareOffer(to, i) // [7.2]
		}
		if charge {
			s.ev("9.2", s.Side, s.name(i)+" charges!", nil, nil)
			s.startClash(to, members, true, "9.2.3")
		}
		return
	}
	s.reactions(i, []hex.Coord{to})
}

// friendsBesidesExcept reports friendly units on c other than i and ex.
func (s *State) friendsBesidesExcept(i int, c hex.Coord, ex []int) bool {
	for _, j := range s.occ(c) {
		if j != i && s.side(j) == s.side(i) && !containsInt(ex, j) {
			return true
		}
	}
	return false
}

// mates are the units that may move with unit i as a stack [12.13]: same
// kind (infantry or cavalry), array and facing, able to act, not yet moved
// on their own.
func (s *State) mates(i int) []int {
	u := &s.U[i]
	if u.Two || s.kind(i) == KArt || s.kind(i) == KComp || u.Double {
		return nil
	}
	var stb [8]int
	st := s.stackBuf(i, stb[:0])
	if len(st) < 2 || st[0] != i {
		return nil
	}
	var out []int
	for _, j := range st[1:] {
		uj := &s.U[j]
		if s.kind(j) != s.kind(i) || uj.Array != u.Array || uj.Facing != u.Facing || !s.canAct(j) || uj.Done || uj.Double {
			continue
		}
		if uj.Started && uj.Group != i+1 {
			continue
		}
		out = append(out, j)
	}
	return out
}

// lineStep moves a rectangle one step or wheel.
func (s *State) lineStep(i int, to hex.Line2) { s.lineStepStack(i, nil, to) }

// lineStepStack moves rectangle i and the stacked rectangles others with it
// one step or wheel [6.3.1], [12.13]; each pays its own cost.
func (s *State) lineStepStack(i int, others []int, to hex.Line2) {
	var mv hex.LineMove
	for _, m := range s.line2(i).Steps() {
		if m.To == to {
			mv = m
		}
	}
	members := append([]int{i}, others...)
	var ex []int
	if len(others) > 0 {
		ex = members
	}
	for _, j := range members {
		uj := &s.U[j]
		cost, _ := s.lineCostEx(j, mv, ex)
		minimal := uj.Spent+cost > s.ma(j) // [12.5]
		uj.Spent += cost
		from := uj.At
		s.moved(j)
		uj.At, uj.At2, uj.Facing = to.A, to.B, to.Facing
		uj.From = from
		uj.Started = true
		if j != i {
			uj.Group = i + 1
			s.NextOrd++
			uj.Ord = s.NextOrd // keeps its place under i [11.0]
		}
		s.ev("6.3.1", s.Side, fmt.Sprintf("%s moves to %s-%s (%s MP left)", s.name(j), s.num(to.A), s.num(to.B), half(s.left(j))), nil, nil)
		if minimal {
			uj.Done = true
		}
	}
	enemy := false
	for _, h := range mv.Enter {
		if s.hasSide(h, 1-s.side(i)) {
			enemy = true
		}
		s.overrun(h, s.side(i))
		s.recapture(h, s.side(i))
	}
	for _, j := range members {
		s.reattach(j)
	}
	if enemy {
		for _, j := range members {
			s.U[j].Done = true // [11.12]
		}
		return
	}
	s.reactions(i, mv.Enter)
}

// reattach puts a company back into its battalion when they meet [8.3].
func (s *State) reattach(i int) {
	d := s.def(i)
	var b, c int
	switch d.Kind {
	case KComp:
		if d.Battalion == "" {
			return // an independent company never reattaches
		}
		c, b = i, s.idx(d.Battalion)
	case KInf:
		if d.Company == "" {
			return
		}
		b, c = i, s.idx(d.Company)
	default:
		return
	}
	if s.U[c].Where != OnMap || s.U[b].Where != OnMap || !s.covers(b, s.U[c].At) {
		return
	}
	s.moved(c)
	s.U[c].Where = OffMap
	s.U[b].MP += s.U[c].MP
	if s.U[b].MP > s.def(b).N {
		s.U[b].MP = s.def(b).N
	}
	s.ev("8.3", s.side(b), fmt.Sprintf("%s rejoins %s (Manpower %d)", s.name(c), s.name(b), s.U[b].MP), nil, nil)
	s.grow(b)
	if s.Motion == c {
		s.Motion = -1
		s.Window = "opp"
	}
}

func (s *State) doDetach(b, c int) {
	s.U[b].MP -= s.def(c).N
	cu := &s.U[c]
	s.moved(c)
	cu.Where, cu.At, cu.Facing, cu.Array, cu.MP, cu.Detached = OnMap, s.U[b].At, s.U[b].Facing, Skirmish, s.def(c).N, true
	cu.Spent, cu.Started, cu.Done, cu.Start, cu.Fires = s.U[b].Spent, true, false, s.U[b].At, 0
	s.NextOrd++
	cu.Ord = s.NextOrd
	if !containsInt(s.Act, c) {
		s.Act = append(s.Act, c)
	}
	s.ev("8.2", s.side(b), fmt.Sprintf("%s detaches %s (Manpower %d)", s.name(b), s.name(c), s.U[b].MP), nil, nil)
	s.shrink(b)
}

// changeArray applies an array change.
func (s *State) changeArray(i int, a rules.Action) {
	u := &s.U[i]
	s.moved(i)
	to := strings.TrimPrefix(a.Choice, "array:")
	cost := costOfInfo(a.Info, 2) // the cost listed with the action
	u.Spent += cost
	u.Spoiled = true
	if u.Two {
		h, _ := s.sc.Map.ParseOn(a.To)
		u.Two, u.At = false, h
	}
	switch to {
	case Line:
		if a.To != "" {
			p := strings.SplitN(a.To, "-", 2)
			h1, _ := s.sc.Map.ParseOn(p[0])
			h2, _ := s.sc.Map.ParseOn(p[1])
			u.At, u.At2, u.Two = h1, h2, true
		}
		u.Facing = a.Facing
	case Column:
		u.Facing = a.Facing
	case Foot:
		u.NoFire = true // [10.14]
	}
	u.Array = to
	s.ev(a.Rule, s.Side, s.name(i)+" forms "+to, nil, nil)
}

// shrink replaces a rectangle by the square counter when its Manpower
// falls below the threshold, on one of its hexes, the owner's choice; a
// Clash Hex must keep it (interpretation of [11.12]) [6.3.4], [6.3.7].
func (s *State) shrink(i int) {
	u := &s.U[i]
	if !u.Two || u.MP >= s.def(i).rectMin() {
		return
	}
	var opts []string
	for _, h := range []hex.Coord{u.At, u.At2} {
		if s.clashHex(h) || !s.clashHex(u.At) && !s.clashHex(u.At2) {
			opts = append(opts, "place:"+s.num(h))
		}
	}
	if len(opts) == 1 {
		h, _ := s.sc.Map.ParseOn(strings.TrimPrefix(opts[0], "place:"))
		s.shrinkTo(i, h)
		return
	}
	s.pushFront(Task{Kind: "shrink", Side: s.side(i), Unit: i, Opts: opts, Rule: "6.3.4"})
}

func (s *State) shrinkTo(i int, h hex.Coord) {
	u := &s.U[i]
	if !u.Two {
		return
	}
	s.moved(i)
	u.Two, u.At, u.At2 = false, h, hex.Coord{}
	s.ev("6.3.4", s.side(i), fmt.Sprintf("%s shrinks to a square counter on %s", s.name(i), s.num(h)), nil, nil)
}

// grow makes a battalion in Line whose Manpower reached the threshold a
// rectangle again, or a Column when no second hex is free [6.3.8].
func (s *State) grow(i int) {
	u := &s.U[i]
	if u.Two || u.Array != Line || u.MP < s.def(i).rectMin() {
		return
	}
	var opts []string
	for _, l := range s.rectPlaces(i, u.At, u.Facing) {
		opts = append(opts, "place:"+s.num(l.A)+"-"+s.num(l.B))
	}
	if len(opts) == 0 {
		s.moved(i)
		u.Array = Column
		s.ev("6.3.8", s.side(i), s.name(i)+" has no room for its line: it forms column", nil, nil)
		return
	}
	s.pushFront(Task{Kind: "grow", Side: s.side(i), Unit: i, Opts: opts, Rule: "6.3.8"})
}

func (s *State) growTo(i int, key string) {
	p := strings.SplitN(key, "-", 2)
	if len(p) != 2 {
		return
	}
	a, err1 := s.sc.Map.ParseOn(p[0])
	b, err2 := s.sc.Map.ParseOn(p[1])
	if err1 != nil || err2 != nil {
		return
	}
	u := &s.U[i]
	s.moved(i)
	u.At, u.At2, u.Two = a, b, true
	s.ev("6.3.8", s.side(i), fmt.Sprintf("%s forms its line on %s", s.name(i), key), nil, nil)
}

// overrun: enemy commanders alone in a hex entered by units roll and must
// get away (interpretation of [4.10.3]).
func (s *State) overrun(h hex.Coord, side int) {
	if s.hasSide(h, 1-side) {
		return
	}
	for _, c := range s.cdrsAt(h) {
		if s.side(c) != side {
			s.pushFront(Task{Kind: "cmdhit", Side: -1, Unit: c, Flag: true, Rule: "4.10.3"})
		}
	}
}

// lineStackOK: a rectangle may join rectangles covering exactly the same
// two hexes with the same facing, up to four battalions [6.4], [11.2];
// artillery may share its hexes.
func (s *State) lineStackOK(i int, to hex.Line2) bool { return s.lineStackOKEx(i, to, nil) }

// lineStackOKEx is lineStackOK for rectangle i entering to with the
// stack-mates ex (who come along: counted, not looked at) [12.13].
func (s *State) lineStackOKEx(i int, to hex.Line2, ex []int) bool {
	n := 1 + len(ex)
	for _, h := range to.Hexes() {
		art := 0
		for _, j := range s.occ(h) {
			if j == i || s.side(j) != s.side(i) || containsInt(ex, j) {
				continue
			}
			if s.kind(j) == KArt {
				art++
				continue
			}
			if !s.U[j].Two || s.U[j].At != to.A || s.U[j].At2 != to.B || s.U[j].Facing != to.Facing {
				return false
			}
			if h == to.A {
				n++
			}
		}
		if art > 0 && n > 2 {
			return false
		}
	}
	return n <= 4
}
