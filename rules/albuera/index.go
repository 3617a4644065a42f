package albuera

import "grognard/rules/hex"

// The occupancy index (speed, issue #20): for each map hex the units on it,
// top first [11.0], a bit per side, and the hexes holding each side's
// units. It is kept between scopes while no unit's position signature
// changes, and brought up to date unit by unit when a few units changed
// (a move changes one to six), rebuilt whole otherwise.

// occTable is the occupancy index, by dense hex (Scenario.dense).
type occTable struct {
	cells [][]int // dense hex -> the units (not commanders) on it, top first
	sides []uint8 // dense hex -> bit s set: units of side s on it
	used  []int   // dense hexes filled since the last whole build (may repeat)
}

func (o *occTable) get(k int) []int {
	if k < 0 || k >= len(o.cells) {
		return nil
	}
	l := o.cells[k]
	if len(l) == 0 {
		return nil
	}
	return l[:len(l):len(l)] // a caller's append copies
}

// maxIncremental is the most changed units brought up to date one by one.
const maxIncremental = 16

// indexed builds the occupancy index for a read-only scope; call the
// returned function to drop it. Nested scopes share the outer index.
func (s *State) indexed() func() {
	if s.oc != nil {
		return noop
	}
	if s.ix == nil {
		s.ix = &occBuf{sight: map[sightKey]sightRes{}}
		s.ix.unfn = s.unindex
	}
	ix := s.ix
	if !(!s.busy && ix.valid && ix.ver == s.ver && len(ix.marks) == 0 && !ix.over) {
		s.refreshIndex() // inside Apply, a new version, or units marked since
	}
	s.oc, s.sideHex, s.sightMemo = &ix.oc, ix.sideHex, ix.sight
	ix.ver, ix.valid = s.ver, !s.busy
	return ix.unfn
}

// maxMarks is the most units marked by moved before the index stops
// listing them and compares every unit at its next refresh.
const maxMarks = 64

// moved notes that unit i's place, facing, array, order or presence on
// the map is about to change (every write of a field of posSig calls it,
// speed, issue #20): the index then compares only the marked units with
// what it was built from, instead of all of them. A unit marked but not
// changed costs one comparison.
func (s *State) moved(i int) {
	ix := s.ix
	if ix == nil || ix.over {
		return
	}
	for _, m := range ix.marks {
		if int(m) == i {
			return
		}
	}
	if len(ix.marks) == maxMarks {
		ix.over = true
		return
	}
	ix.marks = append(ix.marks, int32(i))
}

// checkMarks (tests) makes every refresh by marks also compare all units,
// and panic if a changed unit was not marked.
var checkMarks = false

// synced records that the index matches the units of this version: the
// marks start again from here. Inside Apply (busy) they are kept: a unit
// marked may still be half-way through its change (its fields written one
// by one around a read of the index), so every later refresh of this Apply,
// and the first after it, compares it again.
func (s *State) synced() {
	ix := s.ix
	ix.markVer = s.ver
	if !s.busy {
		ix.marks, ix.over = ix.marks[:0], false
	}
}

// changed reports that unit i differs from what the index holds of it.
func (ix *occBuf) changed(u *Unit, i int) bool {
	g := &ix.sig[i]
	return g.At != u.At || g.Where != u.Where || g.Ord != u.Ord || g.Facing != u.Facing || g.At2 != u.At2 ||
		g.Two != u.Two || g.Captured != u.Captured || g.Array != u.Array
}

// refreshIndex brings the index up to date with the units: by the units
// marked since the index last matched them (moved) while the marks cover
// every change (same version, or the version Apply made from it), else by
// comparing all units.
func (s *State) refreshIndex() {
	ix, sc := s.ix, s.sc
	if !ix.built || len(ix.sig) != len(s.U) || len(ix.oc.cells) != sc.denseN {
		s.buildIndex()
		return
	}
	cdr := sc.cdr
	chg := ix.chgU[:0]
	add := func(i int) bool { // false: too many, or a broken rectangle: build whole
		u := &s.U[i]
		if len(chg) == maxIncremental || u.Two && u.At == u.At2 {
			ix.chgU = chg
			s.buildIndex()
			return false
		}
		chg = append(chg, i)
		return true
	}
	if ix.markVer == s.ver && !ix.over {
		for _, m := range ix.marks {
			i := int(m)
			if cdr[i] || !ix.changed(&s.U[i], i) || containsInt(chg, i) {
				continue // the index leaves commanders out
			}
			if !add(i) {
				return
			}
		}
		if checkMarks {
			for i := range s.U {
				if !cdr[i] && ix.changed(&s.U[i], i) && !containsInt(chg, i) {
					panic("albuera: unit " + s.id(i) + " changed without moved()")
				}
			}
		}
	} else {
		for i := range s.U {
			if cdr[i] || !ix.changed(&s.U[i], i) {
				continue // the index leaves commanders out
			}
			if !add(i) {
				return
			}
		}
	}
	ix.chgU = chg
	s.synced()
	if len(chg) == 0 {
		return
	}
	s.dropTargetsOf(chg)
	oc := &ix.oc
	var touched [4 * maxIncremental]int
	nt := 0
	for _, i := range chg {
		g := &ix.sig[i]
		if g.Where == OnMap && !g.Captured {
			for h, c := range [2]hex.Coord{g.At, g.At2} {
				if h == 1 && !g.Two {
					break
				}
				if k := sc.dense(c); k >= 0 {
					l := oc.cells[k]
					for p, j := range l {
						if j == i {
							oc.cells[k] = append(l[:p], l[p+1:]...)
							break
						}
					}
					touched[nt], nt = k, nt+1
				}
			}
		}
		u := &s.U[i]
		*g = sigOf(u)
		if u.Where == OnMap && !u.Captured {
			for h, c := range [2]hex.Coord{u.At, u.At2} {
				if h == 1 && !u.Two {
					break
				}
				if k := sc.dense(c); k >= 0 {
					if len(oc.cells[k]) == 0 {
						oc.used = append(oc.used, k)
					}
					oc.cells[k] = append(oc.cells[k], i)
					touched[nt], nt = k, nt+1
				}
			}
		}
	}
	for _, k := range touched[:nt] {
		s.sortCell(k)
		s.setSides(k)
	}
	if len(oc.used) > 4*len(s.U) { // many hexes emptied and filled: start again
		s.buildIndex()
		return
	}
	clear(ix.sight)
}

// sortCell puts a hex's units in stack order: Ord, then index (the order
// of the whole build's stable sort) [11.0].
func (s *State) sortCell(k int) {
	us := s.ix.oc.cells[k]
	for a := 1; a < len(us); a++ { // few units: insertion sort
		for b := a; b > 0 && (s.U[us[b]].Ord < s.U[us[b-1]].Ord || s.U[us[b]].Ord == s.U[us[b-1]].Ord && us[b] < us[b-1]); b-- {
			us[b], us[b-1] = us[b-1], us[b]
		}
	}
}

// setSides sets dense hex k's side bits and its place in sideHex.
func (s *State) setSides(k int) {
	ix := s.ix
	var bits uint8
	for _, j := range ix.oc.cells[k] {
		bits |= 1 << s.sc.Units[j].Side
	}
	old := ix.oc.sides[k]
	ix.oc.sides[k] = bits
	for side := 0; side < 2; side++ {
		was, is := old&(1<<side) != 0, bits&(1<<side) != 0
		switch {
		case is && !was:
			ix.sideHex[side] = append(ix.sideHex[side], s.sc.coordOf(k))
			ix.shPos[side][k] = int32(len(ix.sideHex[side]))
		case was && !is: // swap-remove: the readers sort what they find
			p := int(ix.shPos[side][k]) - 1
			l := ix.sideHex[side]
			last := l[len(l)-1]
			l[p] = last
			ix.shPos[side][s.sc.dense(last)] = int32(p + 1)
			ix.sideHex[side] = l[:len(l)-1]
			ix.shPos[side][k] = 0
		}
	}
}

// buildIndex builds the whole index from the units.
func (s *State) buildIndex() {
	ix, sc := s.ix, s.sc
	oc := &ix.oc
	s.dropTargets()
	if len(ix.sig) != len(s.U) {
		ix.sig = make([]posSig, len(s.U))
	}
	for i := range s.U {
		ix.sig[i] = sigOf(&s.U[i])
	}
	ix.built = true
	if len(oc.cells) != sc.denseN {
		oc.cells, oc.sides = make([][]int, sc.denseN), make([]uint8, sc.denseN)
		ix.shPos = [2][]int32{make([]int32, sc.denseN), make([]int32, sc.denseN)}
		oc.used = oc.used[:0]
		s.carveCells() // a new index (a clone's first): one array for its hexes' lists
	}
	for _, k := range oc.used { // only the hexes used since the last build are set
		oc.cells[k], oc.sides[k] = oc.cells[k][:0], 0
		ix.shPos[0][k], ix.shPos[1][k] = 0, 0
	}
	oc.used = oc.used[:0]
	ix.sideHex = [2][]hex.Coord{ix.sideHex[0][:0], ix.sideHex[1][:0]}
	for i := range s.U {
		u := &s.U[i]
		if u.Where != OnMap || sc.cdr[i] || u.Captured {
			continue
		}
		for h, c := range [2]hex.Coord{u.At, u.At2} {
			if h == 1 && !u.Two {
				break
			}
			k := sc.dense(c)
			if k < 0 {
				continue
			}
			if len(oc.cells[k]) == 0 {
				oc.used = append(oc.used, k)
			}
			oc.cells[k] = append(oc.cells[k], i)
		}
	}
	for _, k := range oc.used {
		if len(oc.cells[k]) > 0 && oc.sides[k] == 0 {
			s.sortCell(k)
			s.setSides(k)
		}
	}
	clear(ix.sight)
	s.synced()
}

// carveCells gives each hex of a new index an empty list with room for
// the units on it now and two more, cut from one array (speed, issue #20:
// a clone's first index made one list per occupied hex, some 140
// allocations; the deep checks of the checked playout apply an action to
// two clones every 25 actions). A list that outgrows its room is moved
// by append (the three-index slices keep the neighbours' room apart).
func (s *State) carveCells() {
	ix, sc := s.ix, s.sc
	oc := &ix.oc
	cnt := make([]int32, sc.denseN)
	total, hexes := 0, 0
	for i := range s.U {
		u := &s.U[i]
		if u.Where != OnMap || sc.cdr[i] || u.Captured {
			continue
		}
		for h, c := range [2]hex.Coord{u.At, u.At2} {
			if h == 1 && !u.Two {
				break
			}
			if k := sc.dense(c); k >= 0 {
				if cnt[k] == 0 {
					hexes++
				}
				cnt[k]++
				total++
			}
		}
	}
	const slack = 2
	buf := make([]int, total+slack*hexes)
	at := 0
	for k, n := range cnt {
		if n > 0 {
			m := int(n) + slack
			oc.cells[k] = buf[at : at : at+m]
			at += m
		}
	}
	oc.used = make([]int, 0, hexes+16)
	for side := range ix.sideHex {
		ix.sideHex[side] = make([]hex.Coord, 0, hexes+16)
	}
}

// tgtEntry is a unit whose fire targets are kept, with what dropTargetsOf
// reads of it: its range + 1 and its hexes (they are the unit's own while
// its targets are kept: a unit that changes loses them).
type tgtEntry struct {
	i, r    int32
	at, at2 hex.Coord
	two     bool
}

// dropTargets forgets the fire targets a change of the units may alter
// before the index is rebuilt whole (see dropTargetsOf).
func (s *State) dropTargets() {
	ix := s.ix
	if len(ix.tgtOK) != len(s.U) {
		ix.tgt, ix.tgtOK = make([][]hex.Coord, len(s.U)), make([]bool, len(s.U))
		ix.tgtList = ix.tgtList[:0]
		return
	}
	if !ix.built || len(ix.sig) != len(s.U) {
		clear(ix.tgtOK)
		ix.tgtList = ix.tgtList[:0]
		return
	}
	cdr := s.sc.cdr
	chg := ix.chgU[:0]
	for i := range s.U {
		if !cdr[i] && ix.sig[i] != sigOf(&s.U[i]) {
			chg = append(chg, i)
		}
	}
	ix.chgU = chg
	s.dropTargetsOf(chg)
}

// dropTargetsOf forgets the fire targets of every unit in chg (whose
// signatures changed; ix.sig still holds the old ones), and of every unit
// within its range + 1 of a hex one of them left or entered (the targets of
// unit i depend only on units and lines of sight within its range
// [14.1]-[14.8]; commanders take no part).
func (s *State) dropTargetsOf(chgU []int) {
	ix := s.ix
	if len(ix.tgtOK) != len(s.U) {
		ix.tgt, ix.tgtOK = make([][]hex.Coord, len(s.U)), make([]bool, len(s.U))
		ix.tgtList = ix.tgtList[:0]
		return
	}
	chg := ix.chg[:0]
	for _, i := range chgU {
		u := &s.U[i]
		g := &ix.sig[i]
		ix.tgtOK[i] = false
		chg = append(chg, g.At, u.At)
		if g.Two {
			chg = append(chg, g.At2)
		}
		if u.Two {
			chg = append(chg, u.At2)
		}
	}
	ix.chg = chg
	if len(chg) > 8 { // many changes: start again
		clear(ix.tgtOK)
		ix.tgtList = ix.tgtList[:0]
		return
	}
	// the units with kept targets, from the list of them (no look at the
	// others; the list keeps only those still kept)
	l := ix.tgtList
	n := 0
	for _, e := range l {
		if !ix.tgtOK[e.i] {
			continue
		}
		keep := true
		for _, c := range chg {
			d := hex.Distance(e.at, c) // s.dist(i, c)
			if e.two {
				d = min(d, hex.Distance(e.at2, c))
			}
			if d <= int(e.r) {
				keep = false
				break
			}
		}
		if !keep {
			ix.tgtOK[e.i] = false
			continue
		}
		l[n] = e
		n++
	}
	ix.tgtList = l[:n]
}
