package albuera

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
)

// Fire combat [14], artillery fire [10], Baker rifles [8.11].

// fp is a battalion's Firepower in its array, at least 1 [3.4], [7.3].
func (s *State) fp(i int) int {
	d := s.def(i)
	if d.Kind == KComp {
		return s.U[i].MP
	}
	f := d.FPColumn
	switch s.U[i].Array {
	case Line:
		f = d.FPLine
	case Square:
		f = Frac{s.sc.P("square_fp_pct"), 100} // [7.3]
	}
	v := roundHalf(s.U[i].MP*f.Num, f.Den)
	if v < 1 {
		v = 1
	}
	return v
}

// fireLimit is the number of Musket Fires a turn [14.9.1], [8.11.1].
func (s *State) fireLimit(i int) int {
	if s.def(i).Baker {
		return s.sc.fast.bakerFires // param baker_fires
	}
	return s.sc.fast.fires // param fires
}

// ownFire reports fire in the unit's own Movement subphase (1 MP) [14.9.2], [10.5].
func (s *State) ownFire(i int) bool { return s.side(i) == s.Side && s.canAct(i) }

// canFire reports a unit able to fire now, whatever the target.
func (s *State) canFire(i int) bool {
	u := &s.U[i]
	d := s.def(i)
	if u.Where != OnMap || s.inClash(i) || u.Double { // [14.7], [12.9]
		return false
	}
	switch d.Kind {
	case KInf, KComp:
		if d.NoFire || u.Fires >= s.fireLimit(i) {
			return false
		}
		if d.Kind == KInf && s.top(u.At, d.Side) != i && !u.Two {
			return false // [11.7]
		}
	case KArt:
		if u.ArtFired || u.Tech || u.Captured || u.NoFire || u.Array == Limbered {
			return false // [10.5]-[10.7], [10.12], [10.14]
		}
		if d.Side == s.Side && !s.canAct(i) {
			return false // [10.5]: after its own commander's activation
		}
	default:
		return false
	}
	if s.ownFire(i) && s.U[i].Spent+s.sc.act("fire", 2) > s.ma(i) {
		return false // [14.9.2]: 1 MP
	}
	return true
}

// rangeOf is the maximum range [14.8].
func (s *State) rangeOf(i int) int {
	if i >= 0 && i < len(s.sc.rng) {
		return s.sc.rng[i]
	}
	return s.sc.rangeOfDef(s.def(i))
}

func (sc *Scenario) rangeOfDef(d *UnitDef) int {
	if d.Kind == KArt {
		max := 0
		for _, b := range sc.Bands[d.Calibre] {
			if b.Hi > max {
				max = b.Hi
			}
		}
		return max
	}
	return sc.P("musket_range")
}

// blocks reports a hex blocking sight [14.1]: forest, olive grove, village,
// infantry or cavalry.
func (s *State) blocks(c hex.Coord) bool {
	cell := s.sc.cell(c)
	if cell == nil {
		return true
	}
	switch cell.Terrain {
	case "forest", "olive", "village":
		return true
	}
	for _, j := range s.occ(c) {
		k := s.kind(j)
		if k == KInf || k == KCav || k == KComp {
			return true
		}
	}
	return false
}

func (s *State) level(c hex.Coord) int {
	if cell := s.sc.cell(c); cell != nil {
		return cell.Level
	}
	return 0
}

// sight traces the line of sight from unit i to hex t; ok false if blocked
// or not leaving through its front (companies: or flank) [14.1]-[14.2.1].
// It returns the hex before the target (for [14.4]) and whether the line
// runs along a hexside there.
func (s *State) sight(i int, t hex.Coord) (prev hex.Coord, graze bool, ok bool) {
	if s.oc != nil && s.sightMemo != nil && !s.sc.cdr[i] {
		k := sightKey{i, t}
		if r, hit := s.sightMemo[k]; hit {
			return r.prev, r.graze, r.ok
		}
		prev, graze, ok = s.sightRaw(i, t)
		s.sightMemo[k] = sightRes{prev, graze, ok}
		return
	}
	return s.sightRaw(i, t)
}

func (s *State) sightRaw(i int, t hex.Coord) (prev hex.Coord, graze bool, ok bool) {
	u := &s.U[i]
	if !u.Two && u.Array != Square && s.kind(i) != KComp && !inFrontSector(u.At, u.Facing, t) {
		return prev, false, false // cannot leave through a Front hex [14.2]
	}
	steps := s.sc.trace(s.line2(i), u.Two, t)
	if len(steps) == 0 {
		return prev, false, false
	}
	// leaves through a front hex [14.2]
	first := steps[0]
	okArc := func(c hex.Coord) bool {
		a, adj := s.arcFrom(i, c)
		if !adj {
			return false
		}
		return a == hex.Front || a == hex.Flank && s.kind(i) == KComp
	}
	if !okArc(first.Hex) && !(first.Graze && okArc(first.Alt)) {
		return prev, false, false
	}
	from := s.level(u.At)
	to := s.level(t)
	hi := from
	if to > hi {
		hi = to
	}
	blocked := func(c hex.Coord) bool {
		if s.blocks(c) {
			return true
		}
		l := s.level(c)
		return l > hi || from != to && l == hi // [14.1.1]
	}
	mid := steps[:len(steps)-1]
	if hex.StepsBlocked(mid, blocked, hex.GrazeEither) {
		return prev, false, false
	}
	if len(steps) >= 2 {
		p := steps[len(steps)-2]
		prev, graze = p.Hex, p.Graze
		if p.Graze && hex.Distance(p.Alt, t) == 1 && hex.Distance(p.Hex, t) != 1 {
			prev = p.Alt
		}
	} else if u.Two {
		prev = u.At
		if hex.Distance(u.At2, t) < hex.Distance(u.At, t) {
			prev = u.At2
		}
	} else {
		prev = u.At
	}
	return prev, graze, true
}

// targetHexes lists the enemy hexes unit i may fire at [14.3]-[14.8].
// With the occupancy index the list is kept until a unit changes near i
// (see indexed); callers must not change it.
func (s *State) targetHexes(i int) []hex.Coord {
	if ix := s.ix; s.oc != nil && ix != nil && s.oc == &ix.oc && i >= 0 && i < len(ix.tgtOK) {
		if !ix.tgtOK[i] {
			ix.tgt[i], ix.tgtOK[i] = s.targetHexesRaw(i), true
			u := &s.U[i]
			ix.tgtList = append(ix.tgtList, tgtEntry{i: int32(i), r: int32(s.rangeOf(i) + 1), at: u.At, at2: u.At2, two: u.Two})
		}
		return ix.tgt[i]
	}
	return s.targetHexesRaw(i)
}

func (s *State) targetHexesRaw(i int) []hex.Coord {
	side := s.side(i)
	r := s.rangeOf(i)
	var frontEnemy []hex.Coord
	fa, fn := s.frontArr(i)
	for _, f := range fa[:fn] {
		if s.hasSide(f, 1-side) {
			frontEnemy = append(frontEnemy, f)
		}
	}
	var cands []hex.Coord
	if len(frontEnemy) > 0 {
		cands = frontEnemy // [14.6]
	} else {
		disk := 3*r*r + 3*r + 1
		if s.U[i].Two {
			disk *= 2
		}
		if s.oc != nil && r >= 0 && disk < len(s.sideHex[1-side]) {
			cands = s.enemyNear(i, r, 1-side) // the same hexes, found around the unit (speed)
		} else if s.oc != nil {
			for _, c := range s.sideHex[1-side] {
				if s.dist(i, c) <= r {
					cands = append(cands, c)
				}
			}
		} else {
			seen := map[hex.Coord]bool{}
			for j := range s.U {
				if s.U[j].Where != OnMap || s.side(j) == side || s.kind(j) == KCdr || s.U[j].Captured {
					continue
				}
				for _, c := range s.hexes(j) {
					if !seen[c] && s.dist(i, c) <= r {
						seen[c] = true
						cands = append(cands, c)
					}
				}
			}
		}
	}
	var out []hex.Coord
	for _, c := range cands {
		d := s.dist(i, c)
		if d < 1 || d > r || s.clashHex(c) || s.covers(i, c) {
			continue
		}
		if s.kind(i) == KArt && s.band(i, d) == nil {
			continue
		}
		if s.loneArt(c, 1-side) && s.kind(i) != KArt && d > s.sc.P("lone_battery_fire_range") {
			continue // [14.9.4]: only at one hex
		}
		if _, _, ok := s.sight(i, c); !ok {
			continue
		}
		out = append(out, c)
	}
	sort.Slice(out, func(a, b int) bool { return hex.Less(out[a], out[b]) })
	return out
}

// enemyNear lists the hexes holding units of side within r of unit i
// (either hex of a rectangle), each once; only with the occupancy index.
func (s *State) enemyNear(i, r, side int) []hex.Coord {
	var out []hex.Coord
	u := &s.U[i]
	sc := s.sc
	for h, base := range [2]hex.Coord{u.At, u.At2} {
		if h == 1 && !u.Two {
			break
		}
		for dq := -r; dq <= r; dq++ {
			lo, hi := max(-r, -dq-r), min(r, -dq+r)
			for dr := lo; dr <= hi; dr++ {
				c := hex.Coord{Q: base.Q + dq, R: base.R + dr}
				k := sc.dense(c)
				if k < 0 || s.oc.sides[k]&(1<<side) == 0 {
					continue
				}
				if h == 1 && hex.Distance(u.At, c) <= r {
					continue // found around the first hex
				}
				out = append(out, c)
			}
		}
	}
	return out
}

func (s *State) band(i, d int) *Band {
	bs := s.sc.Bands[s.def(i).Calibre]
	for k := range bs {
		if d >= bs[k].Lo && d <= bs[k].Hi {
			return &bs[k] // the scenario's own row: read only
		}
	}
	return nil
}

// loneArt reports a hex whose units of side are only artillery [10.9], [10.10], [14.9.4].
func (s *State) loneArt(c hex.Coord, side int) bool {
	n := 0
	for _, j := range s.occ(c) {
		if s.side(j) != side {
			continue
		}
		if s.kind(j) != KArt {
			return false
		}
		n++
	}
	return n > 0
}

// partners are the battalions flank-to-flank with i that may fire with it [14.9.5].
func (s *State) partners(i int) []int {
	if s.kind(i) != KInf {
		return nil
	}
	var out []int
	var flanks []hex.Coord
	if s.U[i].Two {
		f := s.line2(i).FlankHexes()
		flanks = f[:]
	} else {
		f := hex.FlankHexes(s.U[i].At, s.U[i].Facing)
		flanks = f[:]
	}
	for _, c := range flanks {
		j := s.top(c, s.side(i))
		if j >= 0 && j != i && s.kind(j) == KInf && s.canFire(j) && !containsInt(out, j) {
			out = append(out, j)
		}
	}
	return out
}

// fireOptions lists the fire actions of side (only: the unit in motion).
func (s *State) fireOptions(side, only int) []rules.Action { return s.fireOptionsTo(nil, side, only) }

// fireOptionsTo appends the fire actions of side (only: the unit in
// motion) to out; duplicates are looked for among these only.
func (s *State) fireOptionsTo(out []rules.Action, side, only int) []rules.Action {
	start := len(out)
	var one [1]int
	units := one[:0]
	switch {
	case only >= 0 && only < len(s.U): // only that unit: no need to look at the others
		units = append(one[:0], only)
	case only < 0 && (side == 0 || side == 1) && len(s.sc.fast.bySide[side]) > 0:
		units = s.sc.fast.bySide[side] // the side's units, in index order
	case only < 0:
		for i := range s.U {
			if s.side(i) == side {
				units = append(units, i)
			}
		}
	}
	ix := s.ix
	kept := s.oc != nil && ix != nil && s.oc == &ix.oc && len(ix.tgtOK) == len(s.U)
	for _, i := range units {
		if kept && ix.tgtOK[i] && len(ix.tgt[i]) == 0 {
			continue // no target (kept by targetHexes): nothing to list, whatever canFire says (speed)
		}
		if s.side(i) != side || only >= 0 && i != only || !s.canFire(i) {
			continue
		}
		if s.side(i) == s.Side && s.Phase == phMove && s.Motion >= 0 && s.Motion != i && side == s.Side {
			continue
		}
		var ptargets [][]hex.Coord // the partners' targets, made once (speed)
		for _, t := range s.targetHexes(i) {
			var gb [4][2]int
			groups := append(gb[:0], [2]int{i, -1})
			if only < 0 {
				ps := s.partners(i)
				if ptargets == nil {
					ptargets = make([][]hex.Coord, len(ps))
					for k, p := range ps {
						ptargets[k] = s.targetHexes(p)
					}
				}
				for k, p := range ps {
					for _, tt := range ptargets[k] {
						if tt == t {
							groups = append(groups, [2]int{i, p})
						}
					}
				}
			}
			for _, g2 := range groups {
				g := g2[:]
				if g2[1] < 0 {
					g = g2[:1]
				}
				a := s.fireAction(g, t)
				if !listed(out[start:], &a) { // each key once
					out = append(out, a)
				}
			}
		}
	}
	return out
}

// listed reports an action with a's key in out (compared field by field:
// sameAction, without building keys).
func listed(out []rules.Action, a *rules.Action) bool {
	for k := range out {
		if sameAction(&out[k], a) {
			return true
		}
	}
	return false
}

// fireAction builds the action for a fire group (lead = highest Firepower).
func (s *State) fireAction(g []int, t hex.Coord) rules.Action {
	var gb [4]int
	g = append(gb[:0], g...)
	less := func(x, y int) bool { // higher Firepower first, then id
		fa, fb := s.fp(x), s.fp(y)
		if fa != fb {
			return fa > fb
		}
		return s.id(x) < s.id(y)
	}
	for a := 1; a < len(g); a++ { // a group of one or two: insertion sort
		for b := a; b > 0 && less(g[b], g[b-1]); b-- {
			g[b], g[b-1] = g[b-1], g[b]
		}
	}
	a := rules.Action{Kind: "fire", Unit: s.id(g[0]), To: s.num(t), Rule: "14.9"}
	names := ""
	if len(g) > 1 {
		a.Units = make([]string, 0, len(g)-1)
		for _, j := range g[1:] {
			a.Units = append(a.Units, s.id(j))
			names += " + " + s.name(j)
		}
		sort.Strings(a.Units)
	}
	tgt := s.top(t, 1-s.side(g[0]))
	what := "Musket Fire"
	if s.kind(g[0]) == KArt {
		what, a.Rule = "Artillery Fire", "10.3"
	} else if len(g) > 1 {
		what, a.Rule = "Combined fire", "14.9.5"
	}
	eff := ""
	if e, ok := s.fireEffect(g, t); ok {
		eff = ": " + e
	}
	a.Label = what + ": " + s.name(g[0]) + names + " at " + s.name(tgt) + " (" + s.num(t) + ")" + eff
	return a
}

// fireEffect summarises the effect for labels.
func (s *State) fireEffect(g []int, t hex.Coord) (string, bool) {
	side := 1 - s.side(g[0])
	if s.loneArt(t, side) && s.kind(g[0]) != KArt {
		return "capture the guns if the die is under the Firepower [14.9.4]", true
	}
	mod, _, _ := s.fireModsTo(g, t, false)
	return "Morale Check " + sgn(mod), true
}

// musketRow finds the table row for a value shifted down by n rows.
func (s *State) musketRow(v, shift int) musketRow {
	idx := 0
	for k, r := range s.sc.Musket {
		if v >= r.Lo && v <= r.Hi {
			idx = k
		}
	}
	idx += shift
	if idx >= len(s.sc.Musket) {
		idx = len(s.sc.Musket) - 1
	}
	return s.sc.Musket[idx]
}

// fireMods computes the target's Morale Check modifier; row is the Musket
// Fire Table row (nil for artillery or companies).
func (s *State) fireMods(g []int, t hex.Coord) (int, []string, *musketRow) {
	return s.fireModsTo(g, t, true)
}

// fireModsTo is fireMods; without text it makes no explanation lines
// (labels need only the modifier: speed).
func (s *State) fireModsTo(g []int, t hex.Coord, text bool) (int, []string, *musketRow) {
	lead := g[0]
	d := s.dist(lead, t)
	var mod int
	var mods []string
	var row *musketRow
	tgt := s.top(t, 1-s.side(lead))
	switch s.kind(lead) {
	case KArt:
		b := s.band(lead, d)
		if b != nil {
			mod += b.Mod
			if text {
				mods = append(mods, fmt.Sprintf("%s at %d hexes [10.3]", effectText(b.Mod), d))
			}
		}
		if st := s.def(lead).Stars * s.sc.P("battery_star"); st > 0 {
			mod += st
			if text {
				mods = append(mods, fmt.Sprintf("+%d white stars [10.8]", st))
			}
		}
		if tgt >= 0 {
			if m, ok := s.sc.ArtArr[s.U[tgt].Array]; ok && m != 0 {
				mod += m
				if text {
					mods = append(mods, fmt.Sprintf("%s target in %s (authored)", sgn(m), s.U[tgt].Array))
				}
			}
		}
	case KComp:
		mod += s.def(lead).Salvo
		if text {
			mods = append(mods, fmt.Sprintf("salvo %s [8.7]", effectText(s.def(lead).Salvo)))
		}
	default:
		v := roundHalf(s.fp(lead), d)
		hexes := 0
		for _, j := range g {
			hexes += len(s.hexes(j))
		}
		r := s.musketRow(v, hexes-1)
		row = &r
		mod += r.Mod
		if text {
			mods = append(mods, fmt.Sprintf("Firepower %d / %d = %d, row %s: %s [14.9.3]", s.fp(lead), d, v, r.Key, effectText(r.Mod)))
		}
		if hexes > 1 {
			if text {
				mods = append(mods, fmt.Sprintf("%d rows down for %d hexes [14.9.5]", hexes-1, hexes))
			}
		}
		star := false
		for _, j := range g {
			star = star || s.def(j).Star
		}
		if star {
			mod += s.sc.P("baker_star")
			if text {
				mods = append(mods, sgn(s.sc.P("baker_star"))+" Baker white star [8.11.2]")
			}
		}
	}
	if s.kind(lead) != KArt {
		// [14.9.8]-[14.9.10]: the most favourable to the target
		best := 99
		for _, j := range g {
			m := s.fireCountMod(s.U[j].Fires)
			if m < best {
				best = m
			}
		}
		mod += best
		if text {
			mods = append(mods, fmt.Sprintf("%s fire count [14.9.8]", sgn(best)))
		}
	}
	if tgt >= 0 {
		for _, j := range g {
			prev, graze, ok := s.sight(j, t)
			if !ok {
				continue
			}
			if arc, adj := s.arcFrom(tgt, prev); adj && arc != hex.Front && !graze {
				mod += s.sc.P("fire_flank")
				if text {
					mods = append(mods, sgn(s.sc.P("fire_flank"))+" through Flank or Rear [14.4]")
				}
				break
			}
		}
		if m, ok := s.sc.Cover[s.sc.cell(t).Terrain]; ok {
			mod += m
			if text {
				mods = append(mods, fmt.Sprintf("%s %s [10.8]", sgn(m), s.sc.cell(t).Terrain))
			}
		}
	}
	return mod, mods, row
}

func (s *State) fireCountMod(done int) int {
	switch done {
	case 0:
		return s.sc.P("first_fire") // [14.9.8]
	case 1:
		return s.sc.P("second_fire") // [14.9.9]
	}
	return s.sc.P("late_fire") // [14.9.10]
}

// fireApply resolves a fire action [14.9.3], [10.3].
func (s *State) fireApply(a rules.Action) error {
	g := []int{s.idx(a.Unit)}
	for _, id := range a.Units {
		g = append(g, s.idx(id))
	}
	t, err := s.sc.Map.ParseOn(a.To)
	if err != nil {
		return rules.Illegal("14.9", "bad target")
	}
	if s.Phase == phMove {
		if s.side(g[0]) == s.Side {
			if s.canAct(g[0]) {
				s.startUnit(g[0])
			}
		}
	}
	s.fire(g, t, a.Rule)
	if s.Phase == phMove {
		// after a fire the other side may answer [14.5]
		s.Window = "act"
		if s.side(g[0]) == s.Side {
			s.Window = "opp"
		}
	}
	return nil
}

// fire resolves fire by group g at hex t (also used by reactions).
func (s *State) fire(g []int, t hex.Coord, rule string) {
	lead := g[0]
	side := s.side(lead)
	mod, mods, row := s.fireMods(g, t)
	d := s.dist(lead, t)
	for _, j := range g {
		if s.kind(j) == KArt {
			s.U[j].ArtFired = true // [10.7]
		} else {
			s.U[j].Fires++ // FIRE marker [14.9.3]
		}
		if s.Phase == phMove && s.ownFire(j) && s.Window != "react" {
			s.U[j].Spent += s.sc.act("fire", 2) // [14.9.2], [10.5]
		}
	}
	var names []string
	for _, j := range g {
		names = append(names, s.name(j))
	}
	s.ev(rule, side, fmt.Sprintf("%s fire at %s", strings.Join(names, " + "), s.num(t)), nil, mods)
	tside := 1 - side
	if s.loneArt(t, tside) {
		arts := []int{}
		for _, j := range s.occ(t) {
			if s.side(j) == tside {
				arts = append(arts, j)
			}
		}
		if s.kind(lead) == KArt {
			b := s.band(lead, d)
			if b != nil && b.Mod >= 1 {
				for _, j := range arts {
					s.pushFront(Task{Kind: "art2a", Side: -1, Unit: j, Other: lead, N: d, Rule: "10.9"})
				}
			}
			return
		}
		// [14.9.4]
		n := s.fp(lead)
		if s.kind(lead) == KComp {
			n = s.U[lead].MP
		}
		m := 0
		if s.U[lead].Fires >= 3 {
			m = s.sc.P("lone_battery_late_fire")
		}
		for _, j := range arts {
			s.pushFront(Task{Kind: "capture", Side: -1, Unit: j, Other: lead, N: n, Mod: m, Rule: "14.9.4"})
		}
		return
	}
	var targets []int
	if s.kind(lead) == KArt {
		for _, j := range s.occ(t) {
			if s.side(j) == tside && s.kind(j) != KArt {
				targets = append(targets, j) // [11.9]
			}
		}
	} else if tg := s.top(t, tside); tg >= 0 {
		targets = []int{tg} // [11.8]
	}
	for _, j := range targets {
		s.pushFront(Task{Kind: "mc", Side: -1, Unit: j, Other: lead, Units: append([]int(nil), g...), Mod: mod, Mods: mods, Why: "fire",
			Rule: rule, Flag: s.kind(lead) == KComp})
	}
	hit := row != nil && row.Lo >= 5 || s.kind(lead) == KArt && d <= s.sc.P("cmd_hit_art_range")
	if hit {
		r := "4.10.1"
		if s.kind(lead) == KArt {
			r = "4.10.2"
		}
		var hx []hex.Coord
		if len(targets) > 0 {
			hx = s.hexes(targets[0])
		} else {
			hx = []hex.Coord{t}
		}
		s.cmdHit(hx, tside, false, r)
	}
}

// mcResult resolves a Morale Check [3.4].
func (s *State) mcResult(t Task, die int) {
	i := t.Unit
	total := die + t.Mod
	pass := total <= s.morale(i)
	res := "passes"
	if !pass {
		res = "fails"
	}
	s.ev(t.Rule, s.side(i), fmt.Sprintf("%s %s its Morale Check (%d%s = %d vs %d)", s.name(i), res, die, sgn(t.Mod), total, s.morale(i)), []int{die}, t.Mods)
	switch t.Why {
	case "fire":
		if die == 0 && t.Other >= 0 && s.kind(t.Other) == KArt {
			s.U[t.Other].Tech = true // [10.6]
			s.ev("10.6", s.side(t.Other), s.name(t.Other)+" has technical issues: no more fire this turn", nil, nil)
		}
		if pass {
			return
		}
		firer := s.side(t.Other)
		if !t.Flag { // no Loss from skirmishers [8.9]
			if s.loss(i, firer, "fire", "14.11") {
				return
			}
		}
		s.pushFront(Task{Kind: "retreat", Side: firer, Unit: i, Units: []int{i}, N: 1, Flag: true, Causes: t.Units, Rule: "14.11", Why: "fire"})
	case "crisis":
		if !pass {
			s.pushFront(Task{Kind: "retreat", Side: 1 - s.side(i), Unit: i, Units: t.Units, N: 1, Flag: true, Causes: t.Causes, Rule: "15.12", Why: "crisis"})
		}
	case "square":
		if pass {
			for _, j := range t.Units {
				s.formSquareFree(j)
			}
		} else {
			s.loss(i, 1-s.side(i), "square", "7.2")
		}
	case "cav":
		if !pass {
			s.routUnits([]int{i}, 1, "9.3", nil)
		}
	case "save":
		if !pass {
			s.loss(i, 1-s.side(i), "clash", "15.9")
		} else {
			s.ev("15.9", s.side(i), s.name(i)+" holds without Loss", nil, nil)
		}
	}
}

// formSquareFree forms a square with no MP [7.2].
func (s *State) formSquareFree(i int) {
	u := &s.U[i]
	if u.Where != OnMap || s.kind(i) != KInf {
		return
	}
	s.moved(i)
	if u.Two {
		u.Two = false // [6.3.6]
	}
	u.Array = Square
	u.Spent += s.sc.act("free_square", 0) // no MP [7.2]
	s.ev("7.2", s.side(i), s.name(i)+" forms square", nil, nil)
}

// captureRoll resolves musket fire at a lone battery [14.9.4].
func (s *State) captureRoll(t Task, die int) {
	if die+t.Mod < t.N {
		s.ev("14.9.4", s.side(t.Other), fmt.Sprintf("%s captures %s (%d%s < %d)", s.name(t.Other), s.name(t.Unit), die, sgn(t.Mod), t.N), []int{die}, nil)
		s.capture(t.Unit, s.side(t.Other))
		return
	}
	s.ev("14.9.4", s.side(t.Other), fmt.Sprintf("%s misses the guns (%d%s)", s.name(t.Other), die, sgn(t.Mod)), []int{die}, nil)
}

// art2Roll resolves [10.9]: die above the distance, then a second die less
// the firer's stars: 0 or less eliminates the battery.
func (s *State) art2Roll(t Task, die int) {
	if t.Kind == "art2a" {
		if die > t.N {
			s.ev("10.9", s.side(t.Other), fmt.Sprintf("%s: %d is above the distance %d: second die", s.name(t.Unit), die, t.N), []int{die}, nil)
			s.pushFront(Task{Kind: "art2b", Side: -1, Unit: t.Unit, Other: t.Other, N: t.N, Rule: "10.9"})
			return
		}
		s.ev("10.9", s.side(t.Other), fmt.Sprintf("%s holds (%d)", s.name(t.Unit), die), []int{die}, nil)
		return
	}
	st := s.def(t.Other).Stars
	if die-st <= 0 {
		s.ev("10.9", s.side(t.Other), fmt.Sprintf("%s is silenced (%d-%d)", s.name(t.Unit), die, st), []int{die}, nil)
		s.moved(t.Unit)
		s.U[t.Unit].Where = Gone
		s.addVP(s.side(t.Other), s.sc.P("vp_capture")+s.def(t.Unit).Stars, s.name(t.Unit)+" destroyed by fire", "10.9")
		s.killCmdsWith(t.Unit)
		return
	}
	s.ev("10.9", s.side(t.Other), fmt.Sprintf("%s survives (%d-%d)", s.name(t.Unit), die, st), []int{die}, nil)
}

// capture takes a battery [10.12]: VP 2 + white stars, the guns are spent.
func (s *State) capture(i, by int) {
	s.moved(i)
	s.U[i].Captured = true
	s.U[i].ArtFired = true // flipped for the rest of the game [10.12]
	s.addVP(by, s.sc.P("vp_capture")+s.def(i).Stars, s.name(i)+" captured", "10.12")
	s.killCmdsWith(i)
}

// recapture: a unit of the battery's own side enters the hex of its
// captured guns, free of the enemy [10.12]: 2 VP + white stars.
func (s *State) recapture(h hex.Coord, side int) {
	if s.hasSide(h, 1-side) {
		return
	}
	for i := range s.U {
		u := &s.U[i]
		if u.Where == OnMap && u.Captured && !u.Retaken && u.At == h && s.side(i) == side {
			u.Retaken = true
			s.addVP(side, s.sc.P("vp_recapture")+s.def(i).Stars, s.name(i)+" recaptured", "10.12")
		}
	}
}

// inFrontSector is a quick test that the line from c to t can leave
// through the two front hexes of facing f: within 60 degrees of the
// facing corner (a line along the boundary counts; Trace decides).
func inFrontSector(c hex.Coord, f int, t hex.Coord) bool {
	plane := func(q, r float64) (float64, float64) { return 1.5 * q, math.Sqrt(3) * (r + q/2) }
	d1, d2 := hex.Dirs[hex.Mod6(f)], hex.Dirs[hex.Mod6(f+1)]
	ax, ay := plane(float64(d1.Q+d2.Q), float64(d1.R+d2.R))
	tx, ty := plane(float64(t.Q-c.Q), float64(t.R-c.R))
	na, nt := math.Hypot(ax, ay), math.Hypot(tx, ty)
	if nt == 0 || na == 0 {
		return false
	}
	return (ax*tx+ay*ty)/(na*nt) >= 0.5-1e-9
}

// traceKey is a line of sight's geometry: the firer's hex or hexes and the
// target.
type traceKey struct {
	a, b hex.Coord
	two  bool
	t    hex.Coord
}

// trace is the geometry of a line of sight from a one-hex firer at l.A or a
// rectangle on l [14.1], without the firer's own hex; it depends on the map
// alone and is kept (bounded) for speed: the random playout and Legal() ask
// for the same lines again and again.
func (sc *Scenario) trace(l hex.Line2, two bool, t hex.Coord) []hex.LineStep {
	k := traceKey{a: l.A, t: t, two: two}
	if two {
		k.b = l.B
	}
	sc.traceMu.Lock()
	steps, ok := sc.traces[k]
	sc.traceMu.Unlock()
	if ok {
		return steps
	}
	if two {
		steps = l.Sight(t)
	} else {
		steps = hex.Trace(l.A, t)
		if len(steps) > 0 && steps[0].Hex == l.A {
			steps = steps[1:]
		}
	}
	steps = steps[:len(steps):len(steps)]
	sc.traceMu.Lock()
	if sc.traces == nil || len(sc.traces) > 200000 {
		sc.traces = map[traceKey][]hex.LineStep{}
	}
	sc.traces[k] = steps
	sc.traceMu.Unlock()
	return steps
}
