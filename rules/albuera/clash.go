package albuera

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
)

// Clash [15], rout and the turn track [15.11], crisis of morale [15.12],
// retreat [14.10], losses [3.4].

// shiftCtx is what a shift predicate sees: one side's units against the other's.
type shiftCtx struct {
	s          *State
	own, other []int
	hexes      []hex.Coord
	attacker   bool
	charge     bool
}

// shiftPreds are the Clash Combat Shifts, one predicate per table row id [15.7b].
var shiftPreds = map[string]func(c shiftCtx) bool{
	"odds15": func(c shiftCtx) bool { return c.ratio(3, 2) },
	"odds2":  func(c shiftCtx) bool { return c.ratio(2, 1) },
	"odds3":  func(c shiftCtx) bool { return c.ratio(3, 1) },
	"flank":  func(c shiftCtx) bool { return c.attacker && c.arcAttack(hex.Flank) },
	"rear":   func(c shiftCtx) bool { return c.attacker && c.arcAttack(hex.Rear) },
	"charge": func(c shiftCtx) bool { return c.attacker && c.charge },
	"column": func(c shiftCtx) bool {
		return c.all(func(j int) bool { return c.s.kind(j) == KInf && c.s.U[j].Array == Column })
	},
	"skirmishers": func(c shiftCtx) bool { return c.allOther(func(j int) bool { return c.s.kind(j) == KComp }) },
	"square_inf": func(c shiftCtx) bool {
		return c.attacker && c.allOther(func(j int) bool { return c.s.U[j].Array == Square }) && c.all(func(j int) bool { return c.s.kind(j) == KInf })
	},
	"village": func(c shiftCtx) bool { return !c.attacker && c.terrain("village") },
	"cover":   func(c shiftCtx) bool { return !c.attacker && (c.terrain("olive") || c.terrain("forest")) },
	"higher": func(c shiftCtx) bool {
		if c.attacker {
			return false
		}
		lv := -1
		for _, h := range c.hexes {
			if l := c.s.level(h); l > lv {
				lv = l
			}
		}
		for _, j := range c.other {
			if c.s.level(c.s.U[j].From) >= lv {
				return false
			}
		}
		return len(c.other) > 0
	},
	"river": func(c shiftCtx) bool {
		if c.attacker || len(c.other) == 0 {
			return false
		}
		for _, j := range c.other {
			crossed := false
			for _, h := range c.s.hexes(j) {
				if h.DirTo(c.s.U[j].From) >= 0 && c.s.crossesRiver(c.s.U[j].From, h) {
					crossed = true
				}
			}
			if !crossed {
				return false
			}
		}
		return true
	},
	"commander": func(c shiftCtx) bool {
		for _, h := range c.hexes {
			for _, k := range c.s.cdrsAt(h) {
				if c.s.side(k) == c.s.side(c.own[0]) {
					return true
				}
			}
		}
		return false
	},
	"morale": func(c shiftCtx) bool { return c.best(c.own) > c.best(c.other) },
}

func shiftIDs() []string {
	var out []string
	for k := range shiftPreds {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func (c shiftCtx) mp(us []int) int {
	n := 0
	for _, j := range us {
		n += c.s.U[j].MP
	}
	return n
}

func (c shiftCtx) ratio(num, den int) bool {
	a, b := c.mp(c.own), c.mp(c.other)
	return b > 0 && a*den >= b*num
}

func (c shiftCtx) all(f func(int) bool) bool {
	for _, j := range c.own {
		if !f(j) {
			return false
		}
	}
	return len(c.own) > 0
}

func (c shiftCtx) allOther(f func(int) bool) bool {
	for _, j := range c.other {
		if !f(j) {
			return false
		}
	}
	return len(c.other) > 0
}

func (c shiftCtx) terrain(t string) bool {
	for _, h := range c.hexes {
		if c.s.sc.cell(h).Terrain == t {
			return true
		}
	}
	return false
}

func (c shiftCtx) best(us []int) int {
	b := 0
	for _, j := range us {
		if m := c.s.morale(j); m > b {
			b = m
		}
	}
	return b
}

// arcAttack: an attacker came from a defender's flank (or rear) hex (6.5D).
func (c shiftCtx) arcAttack(want hex.Arc) bool {
	for _, a := range c.own {
		for _, d := range c.other {
			if arc, adj := c.s.arcFrom(d, c.s.U[a].From); adj && arc == want && c.s.U[d].Array != Square {
				return true
			}
		}
	}
	return false
}

// group is the set of Clash Hexes joined by rectangles standing in two of them [6.5].
func (s *State) group(h hex.Coord) []hex.Coord {
	out := []hex.Coord{h}
	for k := 0; k < len(out); k++ {
		for _, j := range s.occ(out[k]) {
			if !s.U[j].Two {
				continue
			}
			for _, o := range s.hexes(j) {
				if s.clashHex(o) && !slices.Contains(out, o) {
					out = append(out, o)
				}
			}
		}
	}
	sort.Slice(out, func(a, b int) bool { return hex.Less(out[a], out[b]) })
	return out
}

// fighters are the units of side in the group's hexes (no artillery stacked
// with other units [10.11]).
func (s *State) fighters(hs []hex.Coord, side int) []int {
	var out []int
	for _, h := range hs {
		for _, j := range s.occ(h) {
			if s.side(j) == side && !containsInt(out, j) {
				out = append(out, j)
			}
		}
	}
	nonArt := false
	for _, j := range out {
		nonArt = nonArt || s.kind(j) != KArt
	}
	if nonArt {
		var keep []int
		for _, j := range out {
			if s.kind(j) != KArt {
				keep = append(keep, j)
			}
		}
		out = keep
	}
	return out
}

// clashGroups lists the Clashes the active side must fight in 2.4 [15.2], [15.6].
func (s *State) clashGroups() [][]hex.Coord {
	var out [][]hex.Coord
	seen := map[hex.Coord]bool{}
	for _, c := range s.sc.Map.Coords() {
		if seen[c] || !s.clashHex(c) {
			continue
		}
		g := s.group(c)
		for _, h := range g {
			seen[h] = true
		}
		out = append(out, g)
	}
	return out
}

func (s *State) clashLegal() []rules.Action {
	var out []rules.Action
	for _, g := range s.clashGroups() {
		atk := s.fighters(g, s.Side)
		col, svc, _ := s.clashColumn(atk, g, false)
		var hs []string
		for _, h := range g {
			hs = append(hs, s.num(h))
		}
		out = append(out, rules.Action{Kind: "melee", To: s.num(g[0]), Rule: "15.7",
			Label: fmt.Sprintf("Clash at %s: column %s", strings.Join(hs, "+"), colName(col, svc))})
	}
	return out
}

func colName(col int, svc bool) string {
	if svc {
		return "Square vs. Cavalry"
	}
	if col > 0 {
		return fmt.Sprintf("+%d", col)
	}
	return fmt.Sprintf("%d", col)
}

func (s *State) clashApply(a rules.Action) error {
	h, err := s.sc.Map.ParseOn(a.To)
	if err != nil {
		return rules.Illegal("15.7", "bad hex")
	}
	g := s.group(h)
	s.startClash(h, s.fighters(g, s.Side), false, "15.7")
	return nil
}

// clashColumn computes the column [15.7b], [7.3].
func (s *State) clashColumn(atk []int, g []hex.Coord, charge bool) (int, bool, []string) {
	if len(atk) == 0 {
		return 0, false, nil
	}
	side := s.side(atk[0])
	def := s.fighters(g, 1-side)
	allSq, allCav := len(def) > 0, true
	for _, j := range def {
		allSq = allSq && s.U[j].Array == Square
	}
	for _, j := range atk {
		allCav = allCav && s.kind(j) == KCav
	}
	if allSq && allCav {
		return 0, true, []string{"Square vs. Cavalry: no shifts [7.3]"}
	}
	col := 0
	var mods []string
	for _, sh := range s.sc.Shifts {
		for _, attacker := range []bool{true, false} {
			if sh.Side == "attacker" && !attacker || sh.Side == "defender" && attacker {
				continue
			}
			c := shiftCtx{s: s, own: atk, other: def, hexes: g, attacker: true, charge: charge}
			if !attacker {
				c = shiftCtx{s: s, own: def, other: atk, hexes: g, attacker: false}
			}
			if len(c.own) == 0 || !shiftPreds[sh.ID](c) {
				continue
			}
			who := "attacker"
			if attacker {
				col += sh.Value
			} else {
				col -= sh.Value
				who = "defender"
			}
			mods = append(mods, fmt.Sprintf("%s %s +%d", who, shiftWord(sh.ID), sh.Value)) // clash_words.go
		}
	}
	if col < -4 {
		col = -4
	}
	if col > 4 {
		col = 4
	}
	return col, false, mods
}

// startClash queues the die of a Clash at h with attackers atk [15.7], [12.12], [9.2.3].
func (s *State) startClash(h hex.Coord, atk []int, charge bool, rule string) {
	for _, j := range atk {
		s.U[j].Clashed = true
	}
	g := s.group(h)
	if s.loneArt(h, 1-s.side(atk[0])) && len(g) == 1 {
		s.pushFront(Task{Kind: "lone", Side: -1, Units: atk, Hex: h, Rule: "10.10"})
		return
	}
	col, svc, _ := s.clashColumn(atk, g, charge)
	why := ""
	if charge {
		why = "charge"
	}
	s.pushFront(Task{Kind: "clash", Side: -1, Units: atk, Hex: h, Mod: col, Flag: svc, Why: why, Rule: rule})
}

// clashRoll resolves a Clash [15.7d], [15.8].
func (s *State) clashRoll(t Task, die int) {
	g := s.group(t.Hex)
	atk := alive(s, t.Units)
	if len(atk) == 0 {
		return
	}
	side := s.side(atk[0])
	def := s.fighters(g, 1-side)
	if len(def) == 0 {
		return
	}
	col, svc, mods := s.clashColumn(atk, g, t.Why == "charge")
	key := colName(col, false)
	if svc {
		key = "svc"
	}
	res := s.sc.Clash[key][die]
	for _, j := range def {
		s.U[j].Clashed = true
	}
	loser, winner := def, atk
	lside := 1 - side
	if res.Loser == 0 {
		loser, winner, lside = atk, def, side
	}
	s.ev("15.8", side, fmt.Sprintf("Clash at %s, column %s, die %d: %s - %s", s.num(t.Hex), colName(col, svc), die, res.Text, clashOutcome(s, loser, winner, lside, res.Delay)), []int{die}, mods)
	// [8.10] a unit never suffers Losses in a Clash against companies in
	// Skirmish Order: a side that fought only companies takes none, beaten
	// or victorious (I24)
	spared := func(us, them []int) bool {
		if !allKind(s, them, KComp) {
			return false
		}
		s.ev("8.10", s.side(us[0]), fmt.Sprintf("%s take no Losses: they fought only companies in Skirmish Order", sideNames[s.side(us[0])]), nil, nil)
		return true
	}
	// the defeated: two Losses (the owner allots them) and rout [15.8]
	if !spared(loser, winner) {
		s.allotLosses(loser, 2, 1-lside, "clash")
	}
	s.addVP(1-lside, s.sc.P("vp_clash"), "Clash won at "+s.num(t.Hex), "16.1")
	s.pushFront(Task{Kind: "routnow", Side: -2, Units: loser, N: res.Delay, Causes: winner, Rule: "15.11"})
	// the victors: one Loss, facing freely chosen [15.8], [15.9]
	w := alive(s, winner)
	switch {
	case len(w) == 0 || spared(w, loser):
	case len(w) == 1 && s.U[w[0]].MP == 1:
		s.pushFront(Task{Kind: "mc", Side: -1, Unit: w[0], Why: "save", Rule: "15.9"})
	default:
		s.allotLosses(w, 1, lside, "clash")
	}
	byHex := map[hex.Coord][]int{}
	for _, j := range alive(s, w) {
		if !s.U[j].Two && s.kind(j) != KArt {
			byHex[s.U[j].At] = append(byHex[s.U[j].At], j)
		}
	}
	for _, h := range g {
		if us := byHex[h]; len(us) > 0 {
			s.pushFront(Task{Kind: "facing", Side: s.side(us[0]), Unit: us[0], Units: us, Rule: "15.8"})
		}
	}
	// victorious cavalry checks Morale [9.3]
	if res.Loser == 1 {
		for _, j := range alive(s, atk) {
			if s.kind(j) == KCav {
				m := 0
				var mods []string
				if s.side(j) == French {
					m = s.sc.mmod("french_cav_win", -1)
					mods = []string{sgn(m) + " French cavalry [9.3]"}
				}
				s.pushFront(Task{Kind: "mc", Side: -1, Unit: j, Mod: m, Mods: mods, Why: "cav", Rule: "9.3"})
			}
		}
		if t.Why == "charge" {
			for _, j := range alive(s, atk) {
				if s.Phase == phMove && s.U[j].Spent < s.ma(j) {
					s.U[j].Done = false // [9.2.4]
					s.U[j].Straight = 0
					s.Motion = j
				}
			}
		}
	}
}

// clashOutcome says what a Clash's result costs each side, in the words
// the log shows (newcomer issue #18: "D+1 - French lose" said neither
// whose Losses were whose nor what they meant): "French lose the Clash:
// 2 Losses and rout to the Turn track, back in 1 turn; the Allied
// (victors) take 1 Loss". The defeated take two Losses and rout, the
// victors one Loss [15.8]; none against companies in Skirmish Order
// [8.10]; a lone victor of Manpower 1 checks Morale instead [15.9].
func clashOutcome(s *State, loser, winner []int, lside, delay int) string {
	turns := "1 turn"
	if delay != 1 {
		turns = fmt.Sprintf("%d turns", delay)
	}
	lose := "2 Losses and rout"
	if allKind(s, winner, KComp) {
		lose = "no Losses (they fought only companies in Skirmish Order [8.10]) but rout"
	}
	out := sideNames[lside] + " lose the Clash: " + lose + " to the Turn track, back in " + turns
	w := alive(s, winner)
	win := "the " + sideNames[1-lside] + " (victors)"
	switch {
	case len(w) == 0:
		return out
	case allKind(s, loser, KComp):
		return out + "; " + win + " take no Loss: they fought only companies in Skirmish Order [8.10]"
	case len(w) == 1 && s.U[w[0]].MP == 1:
		return out + "; " + win + ": " + s.name(w[0]) + ", alone with Manpower 1, checks Morale instead of a Loss [15.9]"
	}
	return out + "; " + win + " take 1 Loss"
}

// allKind reports whether every unit of us is of kind k (and there is one).
func allKind(s *State, us []int, k string) bool {
	for _, j := range us {
		if s.kind(j) != k {
			return false
		}
	}
	return len(us) > 0
}

// loneRoll resolves an attack on a lone battery [10.10].
func (s *State) loneRoll(t Task, die int) {
	atk := alive(s, t.Units)
	if len(atk) == 0 {
		return
	}
	side := s.side(atk[0])
	if die >= 1 && die <= 8 {
		s.ev("10.10", side, fmt.Sprintf("The battery at %s is overrun (die %d)", s.num(t.Hex), die), []int{die}, nil)
		for _, j := range s.occ(t.Hex) {
			if s.side(j) != side {
				s.capture(j, side)
			}
		}
		s.addVP(side, s.sc.P("vp_clash"), "Clash won at "+s.num(t.Hex), "16.1")
		return
	}
	s.ev("10.10", side, fmt.Sprintf("The attack on the battery at %s fails (die %d)", s.num(t.Hex), die), []int{die}, nil)
	s.allotLosses(atk, 2, 1-side, "clash")
	s.addVP(1-side, s.sc.P("vp_clash"), "Clash won at "+s.num(t.Hex), "16.1")
	s.pushFront(Task{Kind: "routnow", Side: -2, Units: atk, N: 1, Rule: "10.10"})
}

// allotLosses gives n Losses to units; the owner chooses which unit takes
// each when several share them [15.8], [11.9] example 2.
func (s *State) allotLosses(us []int, n, by int, why string) {
	a := alive(s, us)
	if len(a) == 0 {
		return
	}
	if len(a) == 1 {
		s.lossN(a[0], n, by, why, "15.8")
		return
	}
	for k := 0; k < n; k++ {
		s.pushFront(Task{Kind: "loss", Side: s.side(a[0]), Unit: a[0], Units: append([]int(nil), a...), Other: by, Why: why, Rule: "15.8"})
	}
}

// loss takes one Loss; it reports the unit eliminated [3.4]. by is the side
// that caused it; fire and blocked retreats score [16.1].
func (s *State) loss(i, by int, why, rule string) bool {
	u := &s.U[i]
	if u.Where != OnMap {
		return true
	}
	u.MP--
	if u.MP > 0 {
		s.ev(rule, s.side(i), fmt.Sprintf("%s suffers a Loss (Manpower %d)", s.name(i), u.MP), nil, nil)
		s.shrink(i)
		return false
	}
	s.eliminate(i, by, why)
	return true
}

func (s *State) lossN(i, n, by int, why, rule string) bool {
	for k := 0; k < n; k++ {
		if s.loss(i, by, why, rule) {
			return true
		}
	}
	return false
}

// eliminate removes a unit for good [3.4]; commanders with it fall [4.10].
func (s *State) eliminate(i, by int, why string) {
	s.moved(i)
	s.U[i].Where = Gone
	s.ev("3.4", s.side(i), s.name(i)+" is eliminated", nil, nil)
	switch why {
	case "fire":
		s.addVP(by, s.sc.P("vp_fire_elim"), s.name(i)+" eliminated", "16.1")
	case "retreat":
		s.addVP(by, s.sc.P("vp_blocked"), s.name(i)+" eliminated", "16.1")
	}
	if s.kind(i) == KInf {
		if c := s.idx(s.def(i).Company); c >= 0 && s.U[c].Where == OffMap {
			s.moved(c)
			s.U[c].Where = Gone
		}
	}
	s.killCmdsWith(i)
	if s.Motion == i {
		s.Motion = -1
	}
}

// killCmdsWith eliminates commanders on the hex of an eliminated unit [4.10].
func (s *State) killCmdsWith(i int) {
	for _, h := range s.hexes(i) {
		for _, c := range s.cdrsAt(h) {
			if s.side(c) == s.side(i) {
				s.ev("4.10", s.side(c), s.name(c)+" falls with "+s.name(i), nil, nil)
				s.killCommander(c, true)
			}
		}
	}
}

// routUnits puts units on the Turn track [15.11]; guns with them are
// taken [10.11]; commanders with them roll [4.10.3]; neighbours check
// Morale [15.12].
func (s *State) routUnits(us []int, delay int, rule string, causes []int) {
	var left []hex.Coord
	side := -1
	for _, j := range us {
		if s.U[j].Where != OnMap {
			continue
		}
		side = s.side(j)
		for _, h := range s.hexes(j) {
			if !slices.Contains(left, h) {
				left = append(left, h)
			}
		}
		u := &s.U[j]
		s.moved(j)
		u.Where, u.Box, u.Two = Routed, s.Turn+delay, false
		if u.Box > s.sc.P("turns") {
			u.Where = Gone // [15.11.5]
		}
		s.ev(rule, side, fmt.Sprintf("%s routs: back on turn %d", s.name(j), u.Box), nil, nil)
		if s.Motion == j {
			s.Motion = -1
		}
	}
	if side < 0 {
		return
	}
	for _, h := range left {
		if s.hasSide(h, side) {
			for _, j := range s.occ(h) {
				if s.side(j) == side && s.kind(j) == KArt && !s.hasNonArt(h, side) {
					s.capture(j, 1-side) // [10.11]
				}
			}
		}
	}
	for _, h := range left {
		s.cmdHit([]hex.Coord{h}, side, true, "4.10.3")
	}
	// crisis of morale [15.12]
	seen := map[int]bool{}
	for _, h := range left {
		for _, n := range h.Neighbors() {
			r := s.top(n, side)
			if r < 0 || seen[r] || s.kind(r) == KArt || s.inClash(r) || containsInt(us, r) {
				continue
			}
			seen[r] = true
			st := s.stackOf(r)
			if s.U[r].Two {
				st = []int{r}
			}
			s.pushFront(Task{Kind: "mc", Side: -1, Unit: r, Units: st, Why: "crisis", Causes: causes, Rule: "15.12"})
		}
	}
}

func (s *State) hasNonArt(h hex.Coord, side int) bool {
	for _, j := range s.occ(h) {
		if s.side(j) == side && s.kind(j) != KArt {
			return true
		}
	}
	return false
}

// ---- retreat [14.10] -------------------------------------------------------------

type retreatOpt struct {
	key  string
	to   hex.Line2
	cost int
}

// causeDist is the distance from hexes to the nearest cause.
func (s *State) causeDist(hs []hex.Coord, causes []int) int {
	best := 1 << 20
	for _, c := range causes {
		if c < 0 || s.U[c].Where != OnMap {
			continue
		}
		for _, h := range hs {
			if d := s.dist(c, h); d < best {
				best = d
			}
		}
	}
	return best
}

// enemyFront reports h in a Front hex of an enemy of side [14.10.5].
func (s *State) enemyFront(h hex.Coord, side int) bool {
	for _, n := range h.Neighbors() {
		for _, j := range s.occ(n) {
			if s.side(j) != side && s.kind(j) != KArt && s.isFront(j, h) {
				return true
			}
		}
	}
	return false
}

// retreatOpts lists the hexes the rules allow, best first [14.10.1].
func (s *State) retreatOpts(t Task) []retreatOpt {
	i := t.Unit
	if i < 0 || s.U[i].Where != OnMap || s.inClash(i) {
		return nil
	}
	side := s.side(i)
	u := &s.U[i]
	now := s.causeDist(s.hexes(i), t.Causes)
	type cand struct {
		o   retreatOpt
		arc hex.Arc
	}
	var cs []cand
	if u.Two {
		for _, l := range s.line2(i).Backward() {
			ok := true
			cost := 0
			for _, h := range l.Hexes() {
				if !s.sc.onMap(h) || (!s.covers(i, h) && len(s.occ(h)) > 0) {
					ok = false
					break
				}
				if !s.covers(i, h) {
					from := u.At
					if hex.Distance(u.At2, h) == 1 {
						from = u.At2
					}
					if s.crossesRiver(from, h) {
						cost = 1
					}
				}
			}
			if !ok || len(t.Causes) > 0 && s.causeDist([]hex.Coord{l.A, l.B}, t.Causes) <= now {
				continue
			}
			for _, h := range l.Hexes() {
				if s.enemyFront(h, side) {
					cost++
					break
				}
			}
			cs = append(cs, cand{retreatOpt{key: s.num(l.A) + "-" + s.num(l.B), to: l, cost: cost}, hex.Rear})
		}
	} else {
		for _, n := range u.At.Neighbors() {
			if !s.sc.onMap(n) || s.hasSide(n, 1-side) || s.enterCost(Column, u.At, n) < 0 && s.kind(i) != KCav {
				continue
			}
			ok := true
			for _, j := range t.Units {
				if s.U[j].Where == OnMap && !s.stackOKJoin(j, n) {
					ok = false
				}
			}
			if !ok || len(t.Causes) > 0 && s.causeDist([]hex.Coord{n}, t.Causes) <= now {
				continue
			}
			cost := 0
			if s.crossesRiver(u.At, n) {
				cost++
			}
			if s.enemyFront(n, side) {
				cost++
			}
			arc, _ := s.arcFrom(i, n)
			if u.Array == Square {
				arc = hex.Rear
			}
			cs = append(cs, cand{retreatOpt{key: s.num(n), to: hex.Line2{A: n}, cost: cost}, arc})
		}
	}
	if len(cs) == 0 {
		return nil
	}
	minC := 99
	for _, c := range cs {
		if c.o.cost < minC {
			minC = c.o.cost
		}
	}
	// Rear, then Flank, then Front [14.10.1]
	rank := map[hex.Arc]int{hex.Rear: 0, hex.Flank: 1, hex.Front: 2}
	bestArc := hex.Front
	for _, c := range cs {
		if c.o.cost == minC && rank[c.arc] < rank[bestArc] {
			bestArc = c.arc
		}
	}
	var out []retreatOpt
	for _, c := range cs {
		if c.o.cost == minC && c.arc == bestArc {
			out = append(out, c.o)
		}
	}
	return out
}

// stackOKJoin: a retreating unit may join a friendly stack, taking its
// facing [14.10.3]; the limits still hold [14.10.7].
func (s *State) stackOKJoin(j int, n hex.Coord) bool {
	f, arr := s.U[j].Facing, s.U[j].Array
	if t := s.top(n, s.side(j)); t >= 0 && s.kind(t) != KArt {
		f = s.U[t].Facing
		if s.U[t].Array != arr && s.kind(j) != KArt {
			return false
		}
		if s.U[t].Two {
			return false
		}
	}
	return s.stackOK(j, n, false, f, arr)
}

// doRetreat moves the retreating units [14.10.2]-[14.10.5].
func (s *State) doRetreat(t Task, key string) {
	var opt *retreatOpt
	for _, o := range s.retreatOpts(t) {
		if o.key == key {
			oo := o
			opt = &oo
		}
	}
	if opt == nil {
		return
	}
	i := t.Unit
	by := 1 - s.side(i)
	if s.U[i].Two {
		s.moved(i)
		s.U[i].At, s.U[i].At2 = opt.to.A, opt.to.B
		s.ev("14.10", s.side(i), fmt.Sprintf("%s retreats to %s", s.name(i), key), nil, nil)
		s.lossN(i, opt.cost, by, "retreat", "14.10.4")
	} else {
		to := opt.to.A
		from := s.U[i].At
		var f = -1
		if tp := s.top(to, s.side(i)); tp >= 0 && s.kind(tp) != KArt {
			f = s.U[tp].Facing
		}
		for _, j := range alive(s, t.Units) {
			s.moved(j)
			s.U[j].At = to
			if f >= 0 && s.kind(j) != KArt {
				s.U[j].Facing = f // [14.10.3]
			}
			s.NextOrd++
			s.U[j].Ord = s.NextOrd
		}
		s.ev("14.10", s.side(i), fmt.Sprintf("%s retreats to %s", s.name(i), key), nil, nil)
		// [14.10.8] (cut in the book), interpretation: a commander left alone
		// goes back with the retreating unit.
		if !s.hasSide(from, s.side(i)) {
			for _, c := range s.cdrsAt(from) {
				if s.side(c) == s.side(i) {
					s.moved(c)
					s.U[c].At = to
					s.ev("14.10.8", s.side(c), s.name(c)+" falls back with "+s.name(i), nil, nil)
				}
			}
		}
		s.lossN(i, opt.cost, by, "retreat", "14.10.4") // only the top unit [13.5]
	}
	if t.N > 1 && s.U[i].Where == OnMap {
		nt := t
		nt.N--
		nt.Flag = false
		s.pushFront(nt)
	}
	if s.Motion == i {
		s.finish(i)
	}
}

// retreatBlocked eliminates units that cannot retreat [14.10.6], [14.10.7].
func (s *State) retreatBlocked(t Task) {
	if t.Flag {
		return // an optional retreat with nowhere to go is simply not taken
	}
	us := alive(s, t.Units)
	if len(us) == 0 && s.U[t.Unit].Where == OnMap {
		us = []int{t.Unit}
	}
	for _, j := range us {
		s.ev("14.10.6", s.side(j), s.name(j)+" has no way to retreat", nil, nil)
		s.eliminate(j, 1-s.side(j), "retreat")
	}
}

// ---- cavalry entry and squares [7.2] -------------------------------------------------

// squareOffer lets infantry entered by cavalry try to form square [7.2].
func (s *State) squareOffer(h hex.Coord, cav int) {
	side := 1 - s.side(cav)
	var inf []int
	for _, j := range s.occ(h) {
		if s.side(j) == side && s.kind(j) == KInf && s.U[j].Array != Square && s.U[j].MP >= 3 && s.sc.cell(h).Terrain == "clear" {
			inf = append(inf, j)
		}
	}
	if len(inf) == 0 {
		return
	}
	s.pushFront(Task{Kind: "square", Side: side, Unit: inf[0], Units: inf, Other: cav, Opts: []string{"square:try", "square:no"}, Rule: "7.2"})
}

// ---- return from rout [15.11.3], [15.11.4] -------------------------------------------

type place struct {
	hex    string
	facing int
}

func (s *State) returnArray(i int) string {
	switch s.kind(i) {
	case KInf:
		return Column
	case KCav:
		return Mounted
	case KArt:
		if s.def(i).ArtKind == Horse {
			return Horse
		}
		return Limbered
	}
	return ""
}

func (s *State) returnOpts(i int) []place {
	side := s.side(i)
	var hs []hex.Coord
	if c := s.idx(s.returnCmd(i)); c >= 0 && s.alive(c) {
		hs = append(hs, s.U[c].At)
		for _, n := range s.U[c].At.Neighbors() {
			hs = append(hs, n)
		}
	} else {
		hs = s.sc.Return[side]
	}
	arr := s.returnArray(i)
	var out []place
	for _, h := range hs {
		if !s.sc.onMap(h) || s.hasSide(h, 1-side) || s.sc.Cost[s.sc.cell(h).Terrain][arr] < 0 {
			continue
		}
		for f := 0; f < 6; f++ {
			if s.stackOK(i, h, false, f, arr) {
				out = append(out, place{s.num(h), f})
			}
		}
	}
	return out
}

func (s *State) placeReturn(i int, h hex.Coord, f int) {
	u := &s.U[i]
	s.moved(i)
	u.Where, u.At, u.Two, u.Facing, u.Array, u.Box = OnMap, h, false, f, s.returnArray(i), 0
	u.Start = h
	s.NextOrd++
	u.Ord = s.NextOrd
	s.ev("15.11.4", s.side(i), fmt.Sprintf("%s returns to the field at %s", s.name(i), s.num(h)), nil, nil)
}
