package almansa

import (
	"strconv"
	"sync"
	"sync/atomic"

	"grognard/rules"

	"grognard/rules/hex"
)

// Flat, integer-indexed tables of a scenario, built once at load (#20): a
// dense index for the hexes of the map (hex.Index: a grid over the axial
// bounding box, each hex's number and neighbours), each hex's terrain and
// level, the road hexsides, the
// Terrain Costs Chart per movement class and hex, the unit types as flags,
// and the texts labels repeat. They answer exactly what hex.Map, sc.Cost
// and UnitDef answer; nothing here changes after BuildScenario but the
// label memo (under its lock).
type fastMap struct {
	hx       *hex.Index // the map's index of hexes (coords, num and nb are its)
	coords   []hex.Coord
	num      []string
	terr     []string
	level    []int
	noZOC    []bool
	redoubt  []bool
	nb       [][6]int16 // neighbour index by direction, -1 off the map
	road     [][6]bool  // a road crosses the hexside in direction d [10]
	cost     [4][]int   // entry cost in half MP per class and hex (sc.Cost)
	roadCost [4]int     // sc.Cost["road"] per class

	// Units, by index.
	class  []int8 // Terrain Costs Chart column: 0 infantry, 1 cavalry, 2 artillery, 3 leader
	combat []bool
	person []bool
	horse  []bool
	zocT   []bool   // infantry, cavalry or dragoons: may exert a ZoC [9]
	cincs  [2][]int // each side's commanders in chief, in unit order [6]

	facingWord [6]string
	view       []unitTexts       // the texts of each unit's view
	formDetail map[string]string // "Formation X [6]" by formation id
	formSub    map[string]string // "formation X" (Status's sub-phase) by formation id
	turnItems  [][]string        // the turn track's items by current turn (View; read-only)
	// formDetail by formation index
	formDetailIdx       []string
	turns, victorySteps int // sc.P("turns"), sc.P("victory_steps")
	fire                fireMemo
	// turnLabel[unit][new facing][0 clockwise, 1 anticlockwise][stacked]
	turnLabel [][6][2][2]string
	faceText  [][6]string // the event of a turn to a facing [7]
	ids       [][]string  // each unit's id alone: an event's Units (never changed)

	stackArt, stackSteps, fallbackMP, cincApart int

	labels [][]string // set-up letters by hex (sc.Labels) [4]
	lblMu  sync.RWMutex
	// label's memo, shared by every state: each label once in lblPages
	// (appended under lblMu, never changed), lbl its place plus one by key
	// (under lblMu), lblFast in front of lbl, read without the lock: a
	// slot is a short key (lblKey32) and the place plus one, 0 empty.
	// (#20: no pointer but the pages' to each label, so the collector
	// marks few objects; an entry object per slot and a map of strings
	// were most of the live heap it marked at every cycle.)
	lbl      map[uint64]uint32
	lblN     uint32
	lblPages [lblMaxPages]atomic.Pointer[lblPage]
	lblFast  *[1 << lblBits]atomic.Uint64
	dieLbl   map[string]*[6]string // dieLabels' memo by the roll's why (under lblMu)
	enemyLbl [2][]bool             // the hex carries an enemy formation's letter, by side (enemyLabel) [4]
}

// hasLabel is sc.HasLabel by hex index.
func (fm *fastMap) hasLabel(h int, l string) bool {
	for _, x := range fm.labels[h] {
		if x == l {
			return true
		}
	}
	return false
}

// Label kinds of the per-state label memo.
const (
	lblMove = iota
	lblZoC
	lblFallBack
	lblDeploy
	lblEvMove     // the event of a step [10]
	lblEvMoveStop // ... into an enemy ZoC [9]
	lblEvFall     // ... falling back [10]
)

// label returns a label of unit i about hex index h (with cost in half MP
// for moves), built once per scenario (#20): games and playouts read the
// same few thousand labels again and again. The scenario's memo is shared
// by every state, on any goroutine: a direct-mapped table read without a
// lock (each slot an immutable entry, replaced whole), in front of the map
// under its lock.
func (s *State) label(kind, i, h, cost int) string {
	key := uint64(kind)<<48 | uint64(i)<<32 | uint64(h)<<16 | uint64(cost&0xffff)
	hash := key * 0x9E3779B97F4A7C15
	var near *lblEntry
	if s.bufs != nil {
		// The state's own few hundred labels last read, in its buffers
		// (a table small enough to stay in the processor's cache).
		near = &s.bufs.lbl[hash>>(64-lblNearBits)]
		if near.l != "" && near.key == key {
			return near.l
		}
	}
	l := s.labelFar(key, hash, kind, i, h, cost)
	if near != nil {
		near.key, near.l = key, l
	}
	return l
}

// lblNearBits sizes a state's own label table (stateBufs.lbl).
const lblNearBits = 9

// labelFar is label from the scenario's tables.
func (s *State) labelFar(key, hash uint64, kind, i, h, cost int) string {
	fm := s.fast()
	k32, short := lblKey32(kind, i, h, cost)
	k := hash >> (64 - lblBits)
	// Two slots a key (the second the first's neighbour): few evictions.
	a, b := &fm.lblFast[k], &fm.lblFast[k^1]
	var wa, wb uint64
	if short {
		wa = a.Load()
		if wa != 0 && uint32(wa>>32) == k32 {
			return fm.lblAt(uint32(wa))
		}
		wb = b.Load()
		if wb != 0 && uint32(wb>>32) == k32 {
			return fm.lblAt(uint32(wb))
		}
	}
	l, place := s.labelShared(key, kind, i, h, cost)
	if short && place != 0 {
		w := uint64(k32)<<32 | uint64(place)
		if wa == 0 || wb != 0 {
			a.Store(w)
		} else {
			b.Store(w)
		}
	}
	return l
}

// lblKey32 is a label's key in 32 bits (kind, unit, hex index, cost), when
// they fit.
func lblKey32(kind, i, h, cost int) (uint32, bool) {
	if kind < 0 || kind >= 8 || i < 0 || i >= 512 || h < 0 || h >= 4096 || cost < 0 || cost >= 256 {
		return 0, false
	}
	return uint32(kind)<<29 | uint32(i)<<20 | uint32(h)<<8 | uint32(cost), true
}

// lblPage is a page of the scenario's labels (lblPages).
type lblPage [lblPageSize]string

const (
	lblPageBits = 10
	lblPageSize = 1 << lblPageBits
	lblMaxPages = 1024 // at most a million labels kept; more are made each time
)

// lblAt is the label at place p (plus one) of the pages.
func (fm *fastMap) lblAt(p uint32) string {
	p--
	return fm.lblPages[p>>lblPageBits].Load()[p&(lblPageSize-1)]
}

// lblBits sizes the lock-free label table (1<<lblBits slots, 512 KB).
const lblBits = 16

// lblEntry is one slot of a state's own label table (stateBufs.lbl).
type lblEntry struct {
	key uint64
	l   string
}

// labelShared is label from the scenario's memo, with its place there plus
// one (0: not kept).
func (s *State) labelShared(key uint64, kind, i, h, cost int) (string, uint32) {
	fm := s.fast()
	fm.lblMu.RLock()
	p, ok := fm.lbl[key]
	fm.lblMu.RUnlock()
	if ok {
		return fm.lblAt(p), p
	}
	var l string
	d := s.def(i)
	hn := fm.num[h]
	switch kind {
	case lblMove:
		l = "Move " + d.Name + " to " + hn + " (" + mp(cost) + ")"
	case lblZoC:
		l = "Move " + d.Name + " to " + hn + " (" + mp(cost) + "), enters enemy ZoC and stops"
	case lblFallBack:
		l = "Fall back: " + d.Name + " to rear hex " + hn + " (" + mp(cost) + ")"
	case lblDeploy:
		l = "Deploy " + d.Name + " at " + hn
	case lblEvMove:
		l = d.Name + " moves to " + hn + " (" + mp(cost) + ")"
	case lblEvMoveStop:
		l = d.Name + " moves to " + hn + " (" + mp(cost) + ") and stops in an enemy zone of control"
	case lblEvFall:
		l = d.Name + " falls back to " + hn + " (" + mp(cost) + ")"
	}
	fm.lblMu.Lock()
	defer fm.lblMu.Unlock()
	if p, ok := fm.lbl[key]; ok { // made meanwhile on another goroutine
		return fm.lblAt(p), p
	}
	n := fm.lblN
	if n >= lblMaxPages*lblPageSize {
		return l, 0
	}
	pg := fm.lblPages[n>>lblPageBits].Load()
	if pg == nil {
		pg = new(lblPage)
		fm.lblPages[n>>lblPageBits].Store(pg)
	}
	pg[n&(lblPageSize-1)] = l
	fm.lblN = n + 1
	if fm.lbl == nil {
		fm.lbl = make(map[uint64]uint32, 1024)
	}
	fm.lbl[key] = n + 1
	return l, n + 1
}

var classNames = [4]string{"infantry", "cavalry", "artillery", "leader"}

func classOf(t string) int8 {
	switch t {
	case Infantry:
		return 0
	case Cavalry, Dragoons:
		return 1
	case Artillery:
		return 2
	}
	return 3
}

// buildFast makes sc's flat tables (after the map, tables, OOB are loaded).
func buildFast(sc *Scenario) *fastMap {
	fm := &fastMap{hx: hex.NewIndex(sc.Map), lblFast: new([1 << lblBits]atomic.Uint64)}
	cs := fm.hx.Coords
	n := len(cs)
	fm.coords, fm.num, fm.nb = fm.hx.Coords, fm.hx.Num, fm.hx.Nb
	fm.road = fm.hx.SideFlags(sc.Map, hex.Road)
	fm.terr = make([]string, n)
	fm.level = make([]int, n)
	fm.noZOC = make([]bool, n)
	fm.redoubt = make([]bool, n)
	for k := range fm.cost {
		fm.cost[k] = make([]int, n)
		fm.roadCost[k] = sc.Cost["road"][classNames[k]]
	}
	for i, c := range cs {
		cell := sc.Map.Cells[c]
		fm.terr[i] = cell.Terrain
		fm.level[i] = cell.Level
		fm.noZOC[i] = noZOCTerrain(cell.Terrain)
		fm.redoubt[i] = cell.Terrain == "redoubt"
		for k := range fm.cost {
			fm.cost[k][i] = sc.Cost[cell.Terrain][classNames[k]]
		}
	}
	nu := len(sc.Units)
	fm.class = make([]int8, nu)
	fm.combat = make([]bool, nu)
	fm.person = make([]bool, nu)
	fm.horse = make([]bool, nu)
	fm.zocT = make([]bool, nu)
	for i := range sc.Units {
		d := &sc.Units[i]
		fm.class[i] = classOf(d.Type)
		fm.combat[i] = d.Combat()
		fm.person[i] = d.Person()
		fm.horse[i] = d.Horse()
		fm.zocT[i] = d.Type == Infantry || d.Type == Cavalry || d.Type == Dragoons
		if d.Type == Commander && d.Side >= 0 && d.Side < 2 {
			fm.cincs[d.Side] = append(fm.cincs[d.Side], i)
		}
	}
	tmp := &State{sc: sc}
	for f := range 6 {
		fm.facingWord[f] = tmp.facingWord(f)
	}
	fm.turnLabel = make([][6][2][2]string, nu)
	fm.faceText = make([][6]string, nu)
	fm.ids = make([][]string, nu)
	for i := range sc.Units {
		name := sc.Units[i].Name
		fm.ids[i] = []string{sc.Units[i].ID}[:1:1]
		for nf := range 6 {
			fm.faceText[i][nf] = name + " turns to face " + fm.facingWord[nf]
		}
		for nf := range 6 {
			for t, dir := range [2]string{"clockwise", "anticlockwise"} {
				to := ", to face " + fm.facingWord[nf]
				fm.turnLabel[i][nf][t][0] = "Turn " + name + " one hexside " + dir + to + " (1/2 MP)"
				fm.turnLabel[i][nf][t][1] = "Turn the stack of " + name + " one hexside " + dir + to + " (1/2 MP each)"
			}
		}
	}
	fm.labels = make([][]string, n)
	fm.enemyLbl = [2][]bool{make([]bool, n), make([]bool, n)}
	for i, c := range cs {
		fm.labels[i] = sc.Labels[c]
		for side := range 2 {
			fm.enemyLbl[side][i] = tmp.enemyLabel(c, side) != ""
		}
	}
	buildViewTexts(sc, fm)
	fm.fire.arc = make([]atomic.Pointer[[]hex.Coord], 6*n)
	fm.turnItems = make([][]string, sc.P("turns")+1)
	for t := range fm.turnItems {
		fm.turnItems[t] = turnItemsOf(sc.P("turns"), t)
	}
	fm.stackArt, fm.stackSteps = sc.P("stack_artillery"), sc.P("stack_steps")
	fm.turns, fm.victorySteps = sc.P("turns"), sc.P("victory_steps")
	fm.fallbackMP, fm.cincApart = sc.P("fallback_mp"), sc.P("cinc_apart")
	return fm
}

// idx is hex c's index, or -1 off the map.
func (fm *fastMap) idx(c hex.Coord) int { return fm.hx.Idx(c) }

// fast returns the scenario's flat tables (built at load; a Scenario made
// some other way gets them on first use).
func (s *State) fast() *fastMap {
	if s.sc.fast == nil {
		s.sc.fast = buildFast(s.sc)
	}
	return s.sc.fast
}

// ---- occupancy -------------------------------------------------------------

// occ indexes the units on the map by hex: at(c) lists the units in c in
// unit order. The lists live in one array grouped by hex (#20).
type occ struct {
	fm    *fastMap
	slot  []int16 // hex index -> 1 + the hex's group, 0 when empty
	start []int16 // group g's units are list[start[g]:start[g+1]]
	list  []int
	// rec, when set, records every hex asked about (a bitset by hex
	// index): the hexes one unit's movement actions depend on (moveMemo).
	rec []uint64
}

// at lists the units in hex c (never to be changed by the caller).
func (o occ) at(c hex.Coord) []int {
	if o.fm == nil {
		return nil
	}
	h := o.fm.idx(c)
	if h < 0 {
		return nil
	}
	if o.rec != nil {
		o.rec[h>>6] |= 1 << (h & 63)
	}
	g := int(o.slot[h])
	if g == 0 {
		return nil
	}
	return o.list[o.start[g-1]:o.start[g]]
}

// occMemo is an occupancy with the places it was built from: it answers
// again while no unit has moved, entered or left the map. A state's memos
// are its own (a clone makes its own): they are built again in place, all
// of them at the start of a legal-list build (when no caller holds an
// occupancy), otherwise one not handed out since then (#20).
type occMemo struct {
	o     occ
	buf   occBuf // o's arrays (slot, start, list)
	at    []hex.Coord
	alive []bool
}

func (m *occMemo) matches(s *State) bool {
	if len(m.at) != len(s.Units) {
		return false
	}
	for i := range s.Units {
		u := &s.Units[i]
		a := u.On && !u.Dead
		if a != m.alive[i] || a && u.At != m.at[i] {
			return false
		}
	}
	return true
}

// occupancy indexes the units on the map by hex.
func (s *State) occupancy() occ { return s.occupancyIn(false) }

// occupancyIn is occupancy; inPlace (the start of a list build, when no
// caller holds one) lets every memo of the state's own be built in again.
func (s *State) occupancyIn(inPlace bool) occ {
	m := s.occm
	if s.bufs == nil {
		s.bufs = &stateBufs{} // the state's own (never a clone's)
	}
	// The state's own memos (#20): occMade[:occNext] were handed out since
	// the last list build began and may still be held; the others are free
	// to build in. At the start of a list build no caller holds one but the
	// last (s.occm, kept first).
	sb := s.bufs
	if inPlace {
		sb.occNext = 0
		for k, x := range sb.occMade {
			if x == m && m != nil {
				sb.occMade[0], sb.occMade[k] = m, sb.occMade[0]
				sb.occNext = 1
				break
			}
		}
	}
	if m != nil && m.matches(s) {
		return m.o
	}
	switch {
	case inPlace && sb.occNext == 1:
		// m itself, held by no caller now
	case sb.occNext < len(sb.occMade):
		m = sb.occMade[sb.occNext]
		sb.occNext++
	default:
		m = &occMemo{}
		sb.occMade = append(sb.occMade, m)
		sb.occNext++
	}
	s.occm = m
	b := &m.buf
	b.hexOf, b.cnt = sb.occ.hexOf, sb.occ.cnt // scratch only
	m.o = s.occupancyInto(b)
	sb.occ.hexOf, sb.occ.cnt = b.hexOf, b.cnt
	b.hexOf, b.cnt = nil, nil
	if len(m.at) != len(s.Units) {
		m.at, m.alive = make([]hex.Coord, len(s.Units)), make([]bool, len(s.Units))
	}
	for i := range s.Units {
		u := &s.Units[i]
		m.alive[i] = u.On && !u.Dead
		m.at[i] = u.At
	}
	return m.o
}

// occBuf is what a state keeps to build an occupancy without allocating;
// the occupancy of a legal-list build lives in it until the next build.
type occBuf struct {
	slot  []int16
	start []int16
	list  []int
	hexOf []int16
	cnt   []int16
}

// occupancyInto builds the occupancy in b (allocating b's arrays the first
// time).
func (s *State) occupancyInto(b *occBuf) occ {
	fm := s.fast()
	nu := len(s.Units)
	if len(b.slot) != len(fm.coords) {
		b.slot = make([]int16, len(fm.coords))
	} else {
		clear(b.slot)
	}
	if cap(b.hexOf) < nu {
		b.hexOf = make([]int16, nu)
		b.cnt = make([]int16, nu+1)
	}
	if cap(b.list) < nu {
		b.start = make([]int16, nu+1)
		b.list = make([]int, nu)
	}
	hexOf, cnt := b.hexOf[:nu], b.cnt[:nu+1]
	groups := 0
	for i := range s.Units {
		u := &s.Units[i]
		hexOf[i] = -1
		if !u.On || u.Dead {
			continue
		}
		h := fm.idx(u.At)
		if h < 0 {
			continue // off the map: no hex lists it (the invariants flag it)
		}
		hexOf[i] = int16(h)
		if b.slot[h] == 0 {
			groups++
			b.slot[h] = int16(groups)
			cnt[groups-1] = 0
		}
		cnt[b.slot[h]-1]++
	}
	start := b.start[:groups+1]
	start[0] = 0
	for g := range groups {
		start[g+1] = start[g] + cnt[g]
		cnt[g] = start[g] // next free place of group g
	}
	list := b.list[:nu]
	for i := range s.Units {
		if h := hexOf[i]; h >= 0 {
			g := b.slot[h] - 1
			list[cnt[g]] = i
			cnt[g]++
		}
	}
	return occ{fm: fm, slot: b.slot, start: start, list: list}
}

// ---- zones of control ------------------------------------------------------

// zset is a set of hexes by index (a zone of control) [9].
type zset struct {
	fm *fastMap
	in []bool
}

func (z zset) has(c hex.Coord) bool {
	if z.fm == nil {
		return false
	}
	h := z.fm.idx(c)
	return h >= 0 && z.in[h]
}

// zocMemo is side's zone of control with what it was built from (each of
// the side's units' place, facing and rout); it never changes once made,
// so clones share it (#20).
type zocMemo struct {
	z      zset
	at     []hex.Coord
	facing []int
	dsb    []bool
	alive  []bool
}

func (m *zocMemo) matches(s *State, side int) bool {
	if len(m.at) != len(s.Units) {
		return false
	}
	for i := range s.Units {
		if s.sc.Units[i].Side != side {
			continue
		}
		u := &s.Units[i]
		a := u.On && !u.Dead
		if a != m.alive[i] || a && (u.At != m.at[i] || u.Facing != m.facing[i] || u.DSB != m.dsb[i]) {
			return false
		}
	}
	return true
}

// zocOf is the zone of control of side's units as a set by hex index [9],
// memoised while none of them moves, turns or routs.
func (s *State) zocOf(side int) zset {
	if side < 0 || side > 1 {
		return s.zocInto(side, nil)
	}
	if m := s.zocm[side]; m != nil && m.matches(s, side) {
		return m.z
	}
	n := len(s.Units)
	m := &zocMemo{z: s.zocInto(side, nil), at: make([]hex.Coord, n), facing: make([]int, n), dsb: make([]bool, n), alive: make([]bool, n)}
	for i := range s.Units {
		u := &s.Units[i]
		m.at[i], m.facing[i], m.dsb[i], m.alive[i] = u.At, u.Facing, u.DSB, u.On && !u.Dead
	}
	s.zocm[side] = m
	return m.z
}

// zocInto is zoc(side) as a set by hex index, built in buf.
func (s *State) zocInto(side int, buf []bool) zset {
	fm := s.fast()
	if len(buf) != len(fm.coords) {
		buf = make([]bool, len(fm.coords))
	} else {
		clear(buf)
	}
	for i := range s.Units {
		u := &s.Units[i]
		if !u.On || u.Dead || s.sc.Units[i].Side != side || !fm.zocT[i] || u.DSB {
			continue
		}
		h := fm.idx(u.At)
		if h >= 0 && fm.redoubt[h] {
			continue // a unit in a redoubt exerts none [9]
		}
		if h < 0 && s.terrain(u.At) == "redoubt" {
			continue
		}
		for _, d := range hex.FrontDirs(u.Facing) {
			var n int
			if h >= 0 {
				n = int(fm.nb[h][d])
			} else {
				n = fm.idx(u.At.Neighbor(d))
			}
			if n >= 0 && !fm.noZOC[n] {
				buf[n] = true
			}
		}
	}
	return zset{fm: fm, in: buf}
}

// ---- texts -----------------------------------------------------------------

func mpSlow(half int) string {
	if half%2 == 0 {
		return strconv.Itoa(half/2) + " MP"
	}
	if half == 1 {
		return "1/2 MP"
	}
	return strconv.Itoa(half/2) + " 1/2 MP"
}

// refused is the reason a quiet check gives (the caller asks only whether
// there is one): no text is built for it.
const refused = "refused"

// scratch is an empty list to build a legal list in: the array of a legal
// list this state dropped (forget), reused (#20). keep hands it over to the
// cache.
func (s *State) scratch() []rules.Action {
	if s.cx != nil {
		return s.cx.bufs.acts[:0]
	}
	return nil
}

func (s *State) keep(out []rules.Action) []rules.Action {
	if s.cx != nil {
		s.cx.bufs.acts = nil // the list is the cache now
	}
	return out
}

// forget drops the cached legal list, keeping its array for a later list
// (#20):
//   - shared with a clone (the clone's cached list): never reused;
//   - handed out by Legal: held intact through one more list, so a caller
//     may still read the list it had before an action while it reads the
//     one after; the list held before it is reused now (two arrays take
//     turns: no allocation per action);
//   - otherwise (built only inside Apply): reused by the next list.
func (s *State) forget() {
	if s.cache != nil && s.bufs != nil {
		b := s.bufs
		switch {
		case s.cacheShared:
			// A clone keeps this list as its own: never reused. The list
			// held before it was handed out two lists ago: free now.
			free := b.held
			b.held = nil
			if cap(free) > cap(b.acts) {
				b.acts = free
			}
		case s.lent:
			free := b.held
			b.held = s.cache[:0]
			if cap(free) > cap(b.acts) {
				b.acts = free
			}
		default:
			if cap(s.cache) > cap(b.acts) {
				b.acts = s.cache[:0]
			}
		}
		if cap(b.acts) < len(s.cache) {
			b.acts = make([]rules.Action, 0, len(s.cache)+len(s.cache)/4+8)
		}
	}
	s.cache, s.cacheShared, s.lent = nil, false, false
	s.vunits = nil
}
