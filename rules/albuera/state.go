package albuera

import (
	"fmt"
	"strconv"

	"grognard/rules"
	"grognard/rules/hex"
)

// Where a unit is.
const (
	OnMap  = 0
	OffMap = 1 // a company not detached [8.2]
	Routed = 2 // on the Turn/Victory Points Track [15.11]
	Gone   = 3 // eliminated or removed [3.4], [4.10], [15.11.5]
)

// Unit is the changing state of one counter or commander.
type Unit struct {
	At       hex.Coord `json:"at"`
	At2      hex.Coord `json:"at2"`
	Two      bool      `json:"two,omitempty"` // a rectangle on At and At2 [6.1]
	Facing   int       `json:"facing"`
	Array    string    `json:"array,omitempty"`
	MP       int       `json:"mp"` // current Manpower [3.4]
	Where    int       `json:"where"`
	Box      int       `json:"box,omitempty"` // turn of return when routed [15.11]
	Ord      int       `json:"ord"`           // place in its stack: lower is on top [11.0]
	Fires    int       `json:"fires,omitempty"`
	Spent    int       `json:"spent,omitempty"` // half MP spent this 2.2
	Started  bool      `json:"started,omitempty"`
	Done     bool      `json:"done,omitempty"` // its move is definitively finished [12.13]
	Double   bool      `json:"double,omitempty"`
	ArtFired bool      `json:"art_fired,omitempty"` // flipped after fire [10.7]
	Tech     bool      `json:"tech,omitempty"`      // technical issues [10.6]
	Captured bool      `json:"captured,omitempty"`  // [10.12]: the guns stay on the map as a marker
	Retaken  bool      `json:"retaken,omitempty"`   // recaptured by its own side [10.12]
	NoFire   bool      `json:"no_fire,omitempty"`   // unlimbered this 2.2 [10.14]
	Straight int       `json:"straight,omitempty"`  // hexes moved without turning [9.2.1]
	Spoiled  bool      `json:"spoiled,omitempty"`   // no charge this move [9.2.1]
	Passing  bool      `json:"passing,omitempty"`   // passing through friends it may not stop with [11.3]
	Clashed  bool      `json:"clashed,omitempty"`   // fought in this Clash subphase [15.3]
	Detached bool      `json:"detached,omitempty"`  // company detached this turn [8.3]
	From     hex.Coord `json:"from"`                // hex it entered a Clash Hex from (flank attack)
	Start    hex.Coord `json:"start"`               // hex where its move began [11.3]
	Charge   bool      `json:"charge,omitempty"`    // entered its Clash Hex by a charge [9.2]
	Turns    int       `json:"turns,omitempty"`     // free facing changes of a company since its last step [8.7]
	Hit      bool      `json:"hit,omitempty"`
	Group    int       `json:"group,omitempty"` // 1 + the unit it moves with as a stack [12.13]       // counterattacked during this step [12.12.4]
	// Commanders.
	Activated bool `json:"activated,omitempty"` // white bar [4.4.1]
	Wounded   bool `json:"wounded,omitempty"`   // [4.10.1]
	Moved     int  `json:"moved,omitempty"`     // hexes in 2.3
}

// Task is a pending decision or die roll; the first task decides.
type Task struct {
	Kind   string    `json:"kind"`
	Side   int       `json:"side"` // deciding side; -1 chance
	Unit   int       `json:"unit"`
	Other  int       `json:"other"` // the mover, the firer
	Units  []int     `json:"units,omitempty"`
	Hex    hex.Coord `json:"hex"`
	Mod    int       `json:"mod"`
	Mods   []string  `json:"mods,omitempty"`
	Why    string    `json:"why,omitempty"`
	N      int       `json:"n,omitempty"`
	Opts   []string  `json:"opts,omitempty"`
	Rule   string    `json:"rule,omitempty"`
	Causes []int     `json:"causes,omitempty"` // units the retreat moves away from
	Flag   bool      `json:"flag,omitempty"`
}

// State is a game of Albuera 1811.
type State struct {
	sc         *Scenario
	Turn       int      `json:"turn"`
	Phase      string   `json:"phase"`
	U          []Unit   `json:"units"`
	Pool       []string `json:"pool"`
	Act        []int    `json:"act"` // units that may act in this 2.2 [4.2], [4.4]
	Aside      []string `json:"aside"`
	Out        []string `json:"out"` // chits removed this turn (wounded) [4.10.1]
	Chit       string   `json:"chit"`
	Side       int      `json:"side"`            // side of the drawn chit
	Brigs      []string `json:"brigs"`           // brigades whose units act in this 2.2 [4.4]
	Movers     []string `json:"movers"`          // commanders that may move in 2.3
	Support    []int    `json:"support"`         // supporting units that may act in this 2.2 [4.7.1]
	Used       []bool   `json:"used"`            // supporting unit used this turn [4.7.1]
	Lead       []bool   `json:"lead"`            // leaderless brigade activated this turn [4.8]
	Window     string   `json:"window"`          // "opp" or "act" [14.5]
	Motion     int      `json:"motion"`          // unit in motion [12.13], -1 none
	Ended      bool     `json:"ended"`           // the active side ended its movement
	Tasks      []Task   `json:"tasks,omitempty"` // omitempty: a clone's empty list and a new state's nil snapshot alike
	VP         int      `json:"vp"`              // net, French positive [16.2]
	Over       bool     `json:"over"`
	Winner     int      `json:"winner"`
	Reason     string   `json:"reason"`
	Skip       string   `json:"skip,omitempty"` // "" or "nomove" after [4.5.3]
	NextOrd    int      `json:"next_ord"`
	Opts       map[string]bool
	AutoWin    string `json:"autowin,omitempty"` // row of table autowin agreed before play, "" the book's [16.4]
	ver        int
	cache      *legalCache
	cacheBuf   legalCache // what cache points to (no allocation per list)
	evs        []rules.Event
	ins        int
	oc         *occTable      // occupancy index, only inside read-only scopes
	sideHex    [2][]hex.Coord // hexes holding each side's units (with oc)
	ix         *occBuf        // the occupancy index's storage (never shared)
	spare      *State         // a copy restore puts back (backup)
	ckpt       *State         // the copy a failed Apply starts again from (rollback.go)
	ckLog      []rules.Action // the actions applied since ckpt
	ckVer      int            // the version the last logged Apply left
	replaying  bool           // a rollback's replay (no test fault)
	moveHint   int            // length of the last list of 2.2 actions (capacity of the next)
	motionHint int            // length of the last list of the unit in motion (capacity of the next)
	oppHint    int            // length of the last list of the opposing fire window [14.5] (capacity of the next)
	pre        *preLegal      // lists made by the last automatic step (speed)
	uvcShared  bool           // uvc is shared with a clone: copy before writing
	uShared    bool           // U is shared with a clone: copy before writing (own)
	busy       bool           // inside Apply: never keep an index
	sightMemo  map[sightKey]sightRes
	views      *viewCache
	uvc        []uvEntry  // each unit's last view and what it was made from (speed)
	vlast      *viewCache // the unit views last made from uvc (View reuses them while no entry changes)
}

// uvEntry is a unit's view with everything it depends on.
type uvEntry struct {
	key uvKey
	ok  bool
	uv  rules.UnitView
	pos int32 // its place in the last list of unit views (vlast), when ok
}

// viewGlobals is what uvKeyOf reads of the state beyond the unit and the
// actor flags, as at View's last build, and the entries it built (arr: the
// first of them; entries kept elsewhere, as a backup's, are not trusted).
type viewGlobals struct {
	arr   *uvEntry
	ok    bool
	move  bool
	side  int
	brigs []string
	// each unit as its entry's key was last made from, and whether it could
	// act (Act) then (View skips a unit equal to it): one array each, beside
	// the entries, so that View compares them in blocks (viewsame.go)
	u    []Unit
	act  []bool
	rbox []int32 // 1 + the turn-track box of each routed unit, 0 for the others (viewTexts)
}

type uvKey struct {
	// what unitView reads of the unit (view.go, uvKeyOf)
	at, at2                                hex.Coord
	facing, mp, where, box, fires, spent   int
	array                                  string
	two, artFired, tech, captured, retaken bool
	activated, wounded, double             bool
	ooc, showMP                            bool // in 2.2: out of command; may act (MP left)
	set                                    bool
}

type sightKey struct {
	i int
	t hex.Coord
}

type sightRes struct {
	prev      hex.Coord
	graze, ok bool
}

// occBuf holds the occupancy index and its storage, rebuilt without
// allocating; valid: it is the index of version ver, kept between scopes.
type occBuf struct {
	oc      occTable
	sight   map[sightKey]sightRes
	sideHex [2][]hex.Coord
	ver     int
	valid   bool
	sig     []posSig   // the units as the index was built from them
	chgU    []int      // units changed since the last build (scratch)
	shPos   [2][]int32 // dense hex -> 1 + its place in sideHex[side] (0: absent)
	built   bool
	tgt     [][]hex.Coord // fire targets of each unit (targetHexes), kept while tgtOK
	tgtOK   []bool
	tgtList []tgtEntry // the units whose targets are kept (tgtOK), where they were
	chg     []hex.Coord
	// breadth-first scratch (command range)
	seen  []uint32
	depth []int
	stamp uint32
	q     []hex.Coord
	// the command-range search of listActors (reachFrom)
	rseen   []uint32
	rdepth  []int32
	rstamp  uint32
	rq      []hex.Coord
	unfn    func() // the state's unindex, made once (a method value allocates)
	labs    *labCache
	arrLabs *arrLabCache
	// units marked by moved since the index last matched the units of
	// version markVer (over: more than maxMarks, compare them all)
	marks   []int32
	markVer int
	over    bool
	// CheckInvariants' scratch: units by hex as linked lists
	invHead, invNext []int32
	invUsed          []int
	// the arrays of legal lists no one reads any more (listbuf.go)
	lb    listBufs
	actor []bool  // View's scratch: the units of Act
	vchg  []int32 // View's scratch: the units whose view changed
	vg    viewGlobals
	snap  snapMemo // Snapshot's units (snapmemo.go)
	vt    viewText // View's slow texts (viewtext.go)
	pre   preLegal // what State.pre points to (no allocation per step)
}

// posSig is what the occupancy index and the sight memo read of a unit: a
// build stays good while no unit's signature changes.
type posSig struct {
	At, At2              hex.Coord
	Ord, Where, Facing   int
	Array                string
	Two, Captured, valid bool
}

func sigOf(u *Unit) posSig {
	return posSig{At: u.At, At2: u.At2, Ord: u.Ord, Where: u.Where, Facing: u.Facing, Array: u.Array,
		Two: u.Two, Captured: u.Captured, valid: true}
}

type viewCache struct {
	ver   int
	units []rules.UnitView
	tmpl  *rules.View // the views of this version but Side, Legal and Board (View)
}

func (s *State) unindex() { s.oc = nil }

func noop() {}

type legalCache struct {
	ver    int
	legal  []rules.Action
	shared bool // with a clone (shareLegal): the array is never reused
}

// newState places the set-up and starts turn 1.
func newState(sc *Scenario) (*State, error) {
	s := &State{sc: sc, Turn: 1, Phase: phPool, Motion: -1, Winner: -2,
		U: make([]Unit, len(sc.Units)), Used: make([]bool, len(sc.Units)), Lead: make([]bool, len(sc.Units))}
	for i, d := range sc.Units {
		s.U[i] = Unit{MP: d.N, Where: OffMap}
		if d.Kind == KCdr {
			s.U[i].Facing = -1
		}
	}
	for _, p := range sc.Setup {
		i := sc.Index[p.Unit]
		u := &s.U[i]
		u.At, u.At2, u.Two, u.Facing, u.Array, u.Where = p.At, p.With, p.Two, p.Facing, p.Array, OnMap
		if sc.Units[i].Kind == KCdr {
			u.Facing = -1
		}
		s.NextOrd++
		u.Ord = s.NextOrd
		if sc.Units[i].Kind == KComp {
			u.Detached = true
			if b := sc.Def(sc.Units[i].Battalion); b != nil {
				s.U[sc.Index[b.ID]].MP -= sc.Units[i].N // [8.2]: the battalion's Manpower is lowered
			}
		}
	}
	for i, d := range sc.Units {
		if d.Kind != KCdr && d.Kind != KComp && s.U[i].Where != OnMap {
			return nil, fmt.Errorf("%s (%s:%d) has no set-up place", d.ID, d.File, d.Line)
		}
		if d.Kind != KCdr && s.U[i].MP < 1 {
			return nil, fmt.Errorf("%s: its detached company leaves it no Manpower", d.ID)
		}
	}
	s.enter(phPool) // Phase 1 of turn 1 [3.3]
	if err := s.auto(); err != nil {
		return nil, err
	}
	s.evs = nil
	if err := s.CheckInvariants(); err != nil {
		return nil, fmt.Errorf("set-up: %w", err)
	}
	return s, nil
}

func (s *State) def(i int) *UnitDef { return &s.sc.Units[i] }
func (s *State) id(i int) string    { return s.sc.Units[i].ID }
func (s *State) side(i int) int {
	if so := s.sc.fast.sideOf; i >= 0 && i < len(so) {
		return int(so[i])
	}
	return s.sc.Units[i].Side
}
func (s *State) kind(i int) string { return s.sc.Units[i].Kind }

func (s *State) idx(id string) int {
	if i, ok := s.sc.Index[id]; ok {
		return i
	}
	return -1
}

// name of a unit for labels.
func (s *State) name(i int) string {
	if i < 0 || i >= len(s.U) {
		return "?"
	}
	return s.sc.Units[i].Name
}

func (s *State) num(c hex.Coord) string {
	if k := s.sc.dense(c); k >= 0 && k < len(s.sc.numD) && s.sc.numD[k] != "" {
		return s.sc.numD[k]
	}
	if n, ok := s.sc.nums[c]; ok {
		return n
	}
	return s.sc.Map.Num(c)
}

// hexes a unit covers.
func (s *State) hexes(i int) []hex.Coord {
	u := &s.U[i]
	if u.Two {
		return []hex.Coord{u.At, u.At2}
	}
	return []hex.Coord{u.At}
}

func (s *State) covers(i int, c hex.Coord) bool {
	u := &s.U[i]
	return u.Where == OnMap && (u.At == c || u.Two && u.At2 == c)
}

func (s *State) line2(i int) hex.Line2 {
	u := &s.U[i]
	return hex.Line2{A: u.At, B: u.At2, Facing: u.Facing}
}

// occ lists the units (not commanders) on a hex, top first [11.0].
func (s *State) occ(c hex.Coord) []int {
	if s.oc != nil {
		return s.oc.get(s.sc.dense(c))
	}
	if s.sc.dense(c) >= 0 { // the index, brought up to date (marks), for this look only (speed)
		done := s.indexed()
		l := s.oc.get(s.sc.dense(c))
		done()
		if len(l) == 0 {
			return nil
		}
		return append([]int(nil), l...) // the index changes later: the caller's own copy
	}
	var out []int
	cdr := s.sc.cdr
	for i := range s.U {
		u := &s.U[i]
		if u.Where == OnMap && (u.At == c || u.Two && u.At2 == c) && !cdr[i] && !u.Captured {
			out = append(out, i)
		}
	}
	for a := 1; a < len(out); a++ { // few units: insertion sort by Ord [11.0] (Ords are distinct)
		for b := a; b > 0 && s.U[out[b]].Ord < s.U[out[b-1]].Ord; b-- {
			out[b], out[b-1] = out[b-1], out[b]
		}
	}
	return out
}

// cdrsAt lists the commanders on a hex.
func (s *State) cdrsAt(c hex.Coord) []int {
	var out []int
	for i := range s.U {
		if s.U[i].Where == OnMap && s.kind(i) == KCdr && s.U[i].At == c {
			out = append(out, i)
		}
	}
	return out
}

// hasSide reports units of side on hex c.
func (s *State) hasSide(c hex.Coord, side int) bool {
	if s.oc == nil && s.sc.dense(c) >= 0 { // the index, brought up to date, for this look only (speed)
		defer s.indexed()()
	}
	if s.oc == nil { // no index: look without building the list
		cdr := s.sc.cdr
		for i := range s.U {
			u := &s.U[i]
			if u.Where == OnMap && (u.At == c || u.Two && u.At2 == c) && !cdr[i] && !u.Captured && s.sc.Units[i].Side == side {
				return true
			}
		}
		return false
	}
	if k := s.sc.dense(c); k >= 0 && side >= 0 && side < 2 {
		return s.oc.sides[k]&(1<<side) != 0
	}
	for _, j := range s.occ(c) {
		if s.side(j) == side {
			return true
		}
	}
	return false
}

// clashHex reports a Clash Hex: units of both sides [3.4].
func (s *State) clashHex(c hex.Coord) bool {
	if s.oc != nil {
		if k := s.sc.dense(c); k >= 0 {
			return s.oc.sides[k] == 3
		}
	}
	return s.hasSide(c, 0) && s.hasSide(c, 1)
}

// inClash reports a unit standing in a Clash Hex.
func (s *State) inClash(i int) bool {
	u := &s.U[i]
	return s.clashHex(u.At) || u.Two && s.clashHex(u.At2)
}

// top returns the top unit of side on c, -1 if none.
func (s *State) top(c hex.Coord, side int) int {
	if s.oc == nil {
		defer s.indexed()() // no copy of the hex's list (speed)
	}
	for _, j := range s.occ(c) {
		if s.side(j) == side {
			return j
		}
	}
	return -1
}

// stackOf lists the units of unit i's side in its hex (for one-hex units).
func (s *State) stackOf(i int) []int { return s.stackBuf(i, nil) }

// stackLen is len(stackOf(i)) without the list.
func (s *State) stackLen(i int) int {
	if s.oc == nil {
		defer s.indexed()()
	}
	n := 0
	for _, j := range s.occ(s.U[i].At) {
		if s.side(j) == s.side(i) {
			n++
		}
	}
	return n
}

// stackBuf is stackOf appended to buf (a caller's array: no allocation).
func (s *State) stackBuf(i int, buf []int) []int {
	if s.oc == nil {
		defer s.indexed()()
	}
	for _, j := range s.occ(s.U[i].At) {
		if s.side(j) == s.side(i) {
			buf = append(buf, j)
		}
	}
	return buf
}

// morale is the Morale of the unit's current side [3.4].
func (s *State) morale(i int) int {
	d := s.def(i)
	if s.U[i].MP > d.Back { // table losses [3.4]
		return d.Morale[0]
	}
	return d.Morale[1]
}

// front reports a counter's Front hexes [5.0], [6.3], [7.3].
func (s *State) front(i int) []hex.Coord {
	f, n := s.frontArr(i)
	return append([]hex.Coord(nil), f[:n]...)
}

// frontArr is front in an array (no allocation): the first n hexes.
func (s *State) frontArr(i int) (out [6]hex.Coord, n int) {
	u := &s.U[i]
	if u.Two {
		f := s.line2(i).FrontHexes()
		copy(out[:], f[:])
		return out, len(f)
	}
	if u.Array == Square {
		return u.At.Neighbors(), 6
	}
	f := hex.FrontHexes(u.At, u.Facing)
	copy(out[:], f[:])
	return out, len(f)
}

// arcFrom says in which arc of unit i the hex c lies (c adjacent to it).
func (s *State) arcFrom(i int, c hex.Coord) (hex.Arc, bool) {
	u := &s.U[i]
	if u.Array == Square {
		return hex.Front, c.DirTo(u.At) >= 0
	}
	if u.Two {
		return s.line2(i).ArcOf(c)
	}
	return hex.ArcOf(u.At, u.Facing, c)
}

// isFront reports c among unit i's front hexes.
func (s *State) isFront(i int, c hex.Coord) bool {
	fa, fn := s.frontArr(i)
	for _, f := range fa[:fn] {
		if f == c {
			return true
		}
	}
	return false
}

// dist is the distance from unit i to hex c (a rectangle: the nearer hex).
func (s *State) dist(i int, c hex.Coord) int {
	d := hex.Distance(s.U[i].At, c)
	if s.U[i].Two {
		if d2 := hex.Distance(s.U[i].At2, c); d2 < d {
			d = d2
		}
	}
	return d
}

// distUnits is the distance between two units.
func (s *State) distUnits(i, j int) int {
	best := 1 << 20
	for _, c := range s.hexes(j) {
		if d := s.dist(i, c); d < best {
			best = d
		}
	}
	return best
}

// ---- rules.State plumbing --------------------------------------------------------

func (s *State) System() string   { return SystemID }
func (s *State) Scenario() string { return ScenarioID }
func (s *State) Sides() []string  { return []string{sideNames[0], sideNames[1]} }

func (s *State) Result() rules.Result {
	if !s.Over {
		return rules.Result{Winner: rules.NoSide}
	}
	return rules.Result{Over: true, Winner: rules.Side(s.Winner), Reason: s.Reason}
}

// Clone deep-copies the state.
func (s *State) Clone() rules.State { return s.clone() }

func (s *State) clone() *State {
	c := &State{}
	s.copyTo(c, false)
	c.U = s.U // shared until one of them changes (own)
	c.uShared, s.uShared = true, true
	c.nilEmpty()
	// The clone makes its own unit views if asked (speed: the original
	// never copies its 279 entries because a clone was made; the search
	// and the checked playout's clones never ask for views).
	c.uvc, c.uvcShared = nil, false
	s.shareLegal(c)
	return c
}

// copyTo deep-copies the state into c, reusing c's slices; c gets no
// caches, index or spare of s.
func (s *State) copyTo(c *State, units bool) {
	u, pool, aside, out, brigs, movers, sup, act, used, lead, tasks :=
		c.U, c.Pool, c.Aside, c.Out, c.Brigs, c.Movers, c.Support, c.Act, c.Used, c.Lead, c.Tasks
	*c = *s
	if units {
		c.U = append(u[:0], s.U...)
	}
	c.Pool = appendStrs(pool, s.Pool)
	c.Aside = appendStrs(aside, s.Aside)
	c.Out = appendStrs(out, s.Out)
	c.Brigs = appendStrs(brigs, s.Brigs)
	c.Movers = appendStrs(movers, s.Movers)
	c.Support = appendInts(sup, s.Support)
	c.Act = appendInts(act, s.Act)
	c.evs = nil
	c.Used = append(used[:0], s.Used...)
	c.Lead = append(lead[:0], s.Lead...)
	if s.Tasks == nil {
		c.Tasks = nil
	} else {
		c.Tasks = append(tasks[:0], s.Tasks...)
		for k := range c.Tasks {
			t := &c.Tasks[k]
			t.Units = appendInts(nil, t.Units)
			t.Mods = appendStrs(nil, t.Mods)
			t.Opts = appendStrs(nil, t.Opts)
			t.Causes = appendInts(nil, t.Causes)
		}
	}
	c.cache = nil
	c.pre = nil
	c.oc = nil
	c.ix = nil
	c.spare = nil
	c.ckpt, c.ckLog = nil, nil
	c.views, c.vlast = nil, nil
}

// appendStrs copies xs into buf's storage; nil stays nil, empty stays empty
// (the Snapshot tells null from []).
func appendStrs(buf, xs []string) []string {
	if xs == nil {
		return nil
	}
	if buf == nil {
		buf = make([]string, 0, len(xs))
	}
	return append(buf[:0], xs...)
}

func appendInts(buf, xs []int) []int {
	if xs == nil {
		return nil
	}
	if buf == nil {
		buf = make([]int, 0, len(xs))
	}
	return append(buf[:0], xs...)
}

// nilEmpty turns empty lists into nil, as the first engine's clone before
// every Apply did (the Snapshot shows null, not []): same state, same bytes.
func (s *State) nilEmpty() {
	for _, p := range [...]*[]string{&s.Pool, &s.Aside, &s.Out, &s.Brigs, &s.Movers} {
		if len(*p) == 0 {
			*p = nil
		}
	}
	if len(s.Support) == 0 {
		s.Support = nil
	}
	if len(s.Act) == 0 {
		s.Act = nil
	}
	if s.Tasks == nil {
		s.Tasks = []Task{}
	}
	for k := range s.Tasks {
		t := &s.Tasks[k]
		if len(t.Units) == 0 {
			t.Units = nil
		}
		if len(t.Mods) == 0 {
			t.Mods = nil
		}
		if len(t.Opts) == 0 {
			t.Opts = nil
		}
		if len(t.Causes) == 0 {
			t.Causes = nil
		}
	}
}

// backup copies the state into its spare (restore puts it back). Apply no
// longer uses it (see rollback.go); TestEngineSpeedRestoreAfterFailedApply does.
func (s *State) backup() *State {
	s.unshareSpare()
	if s.spare == nil {
		s.spare = &State{}
	}
	bk := s.spare
	if s.uShared { // the units a clone shares stay as they are: s takes a copy
		s.copyTo(bk, false)
		s.U = append([]Unit(nil), s.U...)
		s.uShared = false
	} else {
		s.copyTo(bk, true)
	}
	bk.uvc = s.uvc
	return bk
}

// own gives the state its own units before it changes them outside Apply
// (a clone shares them until then).
func (s *State) own() {
	if s.uShared {
		s.U = append([]Unit(nil), s.U...)
		s.uShared = false
	}
}

// unshareSpare drops the spare's hold on units shared with a clone, so the
// next backup never writes into them.
func (s *State) unshareSpare() {
	if s.spare != nil && s.spare.uShared {
		s.spare.U, s.spare.uShared = nil, false
	}
}

// restore puts a backup back after a failed Apply; the spare is given up
// (the state now owns its slices).
func (s *State) restore(bk *State) {
	ix, shared := s.ix, s.uvcShared
	*s = *bk
	s.vlast = nil
	s.ix, s.spare, s.oc, s.busy = ix, nil, nil, false
	s.uvcShared = shared
	if s.ix != nil {
		s.ix.valid = false
		s.ix.markVer = -1 // the units changed unmarked: compare them all
	}
}

// Snapshot is the whole state as canonical JSON.

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func remove(xs []string, x string) []string {
	var out []string
	for _, y := range xs {
		if y != x {
			out = append(out, y)
		}
	}
	return out
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func sgn(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// roundHalf rounds num/den by [3.4]: .50 and more up.
func roundHalf(num, den int) int {
	if den <= 0 {
		return 0
	}
	return (2*num + den) / (2 * den)
}
