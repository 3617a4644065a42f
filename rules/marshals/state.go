package marshals

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/bits"
	"slices"
	"strconv"

	"grognard/rules"
	"grognard/rules/zone"
)

// Off is where a counter is when it is not on the map. It is a small
// number, not a string, so a counter holds fewer pointers and a Clone
// costs the garbage collector less [issue 20]; it reads and writes as the
// same strings as before (JSON, fmt).
type Off uint8

// Where a counter is when it is not on the map.
const (
	OffNone       Off = iota // on the map (or placed nowhere yet): ""
	OffPool                  // "pool": a counter not (yet) in play: detachment, decoy [6.6]
	OffRenfort               // "renfort": a reinforcement not yet arrived [5.3.6]
	OffEliminated            // "eliminated": removed from the game
	OffExited                // "exited": left the map [5.3.5]
	OffFuentidu              // "fuentiduena"
	OffSetup                 // "setup": a starting decoy still to place [7.5]
	offCount
)

var offNames = [offCount]string{"", "pool", "renfort", "eliminated", "exited", "fuentiduena", "setup"}

// String is the place's name as the state has always written it.
func (o Off) String() string {
	if o < offCount {
		return offNames[o]
	}
	return "off-" + strconv.Itoa(int(o))
}

// MarshalText writes the name (JSON: the same string as before).
func (o Off) MarshalText() ([]byte, error) {
	if o >= offCount {
		return nil, fmt.Errorf("unknown place off the map %d", o)
	}
	return []byte(offNames[o]), nil
}

// UnmarshalText reads a name written by MarshalText.
func (o *Off) UnmarshalText(b []byte) error {
	for k, n := range offNames {
		if n == string(b) {
			*o = Off(k)
			return nil
		}
	}
	return fmt.Errorf("unknown place off the map %q", b)
}

// Unit is the changing state of one counter; the index matches Scenario.Defs.
type Unit struct {
	ID        string `json:"id"`
	At        string `json:"at,omitempty"`
	Off       Off    `json:"off,omitempty"`
	OffTurn   int16  `json:"off_turn,omitempty"`
	Losses    int16  `json:"losses,omitempty"`   // main boxes crossed from the right [1.3]
	Detached  int16  `json:"detached,omitempty"` // main boxes crossed from the left [1.3] [7.4]
	ArtLost   int16  `json:"art_lost,omitempty"` // artillery boxes lost [1.3]
	Activated bool   `json:"activated,omitempty"`
	Demoral   bool   `json:"demoral,omitempty"` // [5.4.5] [7.8]
	Combats   int16  `json:"combats,omitempty"` // "A combattu" markers [5.4.6]
	Back      bool   `json:"back,omitempty"`    // "Dos à la rivière" [7.7]
	Exited    bool   `json:"exited_vp,omitempty"`
	BoxOpen   bool   `json:"box_open,omitempty"` // a commander whose box is opened: his stack shows on the map [1.3]
}

// MoveState is the stack moving now [5.3].
type MoveState struct {
	Side        int            `json:"side"`
	From        string         `json:"from"`
	Zone        string         `json:"zone"`
	Units       []string       `json:"units"`
	Composing   bool           `json:"composing,omitempty"`
	Lone        bool           `json:"lone,omitempty"` // commanders only [7.1]
	MP          int            `json:"mp"`
	Spent       int            `json:"spent"`
	Steps       int            `json:"steps"`
	Drawn       []int          `json:"drawn,omitempty"` // fatigue markers out of the container [5.3.2]
	Due         int            `json:"due,omitempty"`   // markers still to draw now
	Pending     int            `json:"pending,omitempty"`
	Returns     int            `json:"returns,omitempty"` // returns left (baggage, commander) [5.3.2]
	Last        int            `json:"last"`              // value of the marker just drawn, -1 none
	Entered     bool           `json:"entered,omitempty"` // entered an enemy-occupied zone [5.3]
	BattleOrder bool           `json:"battle_order,omitempty"`
	Forced      bool           `json:"forced,omitempty"`
	Converted   bool           `json:"converted,omitempty"`
	Visited     []string       `json:"visited,omitempty"`
	Depots      map[string]int `json:"depots,omitempty"` // [7.8] demoralised: distance to each depot at the start
	Conn        int            `json:"conn"`             // connection just crossed
	Halt        bool           `json:"halt,omitempty"`   // stopped by a guerilla [EV Guerilla]
	Gue         bool           `json:"gue,omitempty"`    // a Gué move across a ford [EV Gué]
	Extra       int            `json:"extra,omitempty"`  // [EV Fatigue] markers still to draw, not returnable
}

// CombatState is the combat being resolved [5.4].
type CombatState struct {
	Zone      string      `json:"zone"`
	Att       int         `json:"att"`
	Units     [2][]string `json:"units"`
	Stage     string      `json:"stage"`
	Turn      int         `json:"turn_side"` // whose half of a common step [5.4]
	Head      [2]string   `json:"head"`
	Bonus     [2]int      `json:"bonus"`
	BonusWhy  [2][]string `json:"bonus_why,omitempty"`
	Mitraille [2]bool     `json:"mitraille,omitempty"`
	Hits      [2]int      `json:"hits"`
	Fired     [2]bool     `json:"fired"`
	Forced    bool        `json:"forced,omitempty"`
	CP        [2]int      `json:"cp"`
	Winner    int         `json:"winner"` // -1: difference 0
	Diff      int         `json:"diff"`
	Loss      [2]int      `json:"loss"`     // losses still to allot
	First     [2]bool     `json:"first"`    // the first loss still due on the head unit
	Priority  [2]bool     `json:"priority"` // pursuit losses: baggage and artillery first [5.4.6]
	Retreat   int         `json:"retreat"`  // zones of retreat [5.4.4]
	Left      int         `json:"left"`     // zones still to retreat
	Path      []string    `json:"path,omitempty"`
	NoRatio   [2]bool     `json:"no_loss,omitempty"` // ratio > 6: no loss if it wins [5.4.3]
	Amplitude int         `json:"amplitude"`
	After     string      `json:"after,omitempty"`     // stage after the losses
	CB        [2]bool     `json:"cb,omitempty"`        // Contre-batterie played by each side
	FirstOn   [2]string   `json:"first_on,omitempty"`  // Charge incontrôlée: the first loss's unit
	NoFollow  bool        `json:"no_follow,omitempty"` // Arrière-garde: no demoralisation, no pursuit
	Queue     []int       `json:"queue,omitempty"`     // sides still to answer a window
	Windows   string      `json:"windows,omitempty"`   // windows already opened
	Withdrawn bool        `json:"withdrawn,omitempty"` // a cavalry withdrawal [5.4.1]
}

// Roll is one queued d6 of the administrative phase or of an event.
type Roll struct {
	Kind string `json:"kind"` // recover, rally, nonrav
	Unit string `json:"unit"`
}

// State is a game of The Marshals. A State is not safe for concurrent
// use, even by readers only: Legal and the lines of communication keep
// what they computed for the next call [issue 20]; give each goroutine
// its own Clone.
type State struct {
	sc         *Scenario
	ScenarioID string              `json:"scenario"`
	Turn       int                 `json:"turn"`
	Phase      string              `json:"phase"`
	Sub        string              `json:"sub"`
	Initiative int                 `json:"initiative"`
	Act        int                 `json:"act"`    // side conducting the current operation
	Cur        int                 `json:"cur"`    // side whose block of a phase runs (events)
	Passes     int                 `json:"passes"` // consecutive passes [5.0]
	Units      []Unit              `json:"units"`
	Axes       map[string][2]int   `json:"axes,omitempty"`    // zone -> retreat connection of each side, -1 none [5.3.1]
	Bridges    map[int]bool        `json:"bridges,omitempty"` // destroyed bridges [7.7]
	Bag        map[int]int         `json:"bag"`               // fatigue container [5.3.2]
	Containers [2]map[string]int   `json:"containers"`        // event containers [4.0]
	Hands      [2][]string         `json:"hands"`             // held events, secret [4.0]
	Drawn      string              `json:"drawn,omitempty"`   // the marker just drawn, secret
	Flags      map[string]bool     `json:"flags,omitempty"`   // turn-long event effects
	CinC       [2]string           `json:"cinc"`              // commander in chief this turn
	Foy        []string            `json:"foy,omitempty"`     // secret entry letters [EV Foy]
	Schedule   map[int][]string    `json:"schedule,omitempty"`
	Renforts   [2]int              `json:"renforts"` // Renfort markers already played
	Move       *MoveState          `json:"move,omitempty"`
	Combat     *CombatState        `json:"combat,omitempty"`
	Rolls      []Roll              `json:"rolls,omitempty"`
	VP2        [2]int              `json:"vp2"` // victory points in half points [8.0]
	EndTurn    bool                `json:"end_turn,omitempty"`
	Placing    int                 `json:"placing"` // set-up: side placing decoys
	Over       bool                `json:"over,omitempty"`
	Winner     int                 `json:"winner"`
	Reason     string              `json:"reason,omitempty"`
	Seen       map[string][]string `json:"seen,omitempty"`        // zone -> triggers already fired
	Guerillas  map[string]bool     `json:"guerillas,omitempty"`   // guerilla markers [EV Guerilla]
	LastMove   *LastMove           `json:"last_move,omitempty"`   // the enemy move just ended [EV Fatigue]
	FleeResume string              `json:"flee_resume,omitempty"` // the step a flight [7.1] interrupted
	FleeCur    int                 `json:"flee_cur,omitempty"`
	RAxis      *RAxisState         `json:"raxis,omitempty"`     // Retraite markers of a reinforcement among the enemy [5.3.6]
	BoxZones   []string            `json:"box_zones,omitempty"` // zones whose boxes were opened or closed this operation [1.3]

	// legalMemo is the list the last call of Legal returned, kept for the
	// next Apply to check its action against instead of listing again
	// [issue 20]. Apply and Clone drop it; code that changes the fields
	// directly between Legal and Apply (tests, a determinizer) must call
	// Legal again or forget it (s.forgetLegal()).
	legalMemo  []rules.Action
	chanceMemo []rules.Outcome // the same for Chances
	// locMemo is the last locSet of each family of depots (depotKey)
	// with what it was computed from: the zones blocked for the side and
	// the destroyed major bridges [1.5]. The sets are never changed, so
	// clones keep them.
	locMemo [5]locMemo
	// ix is the position index (fast.go): shared with clones until one
	// of them changes it (ixOwn), trusted without a check inside Apply,
	// Legal and Chances (ixTrust) [issue 20].
	ix      *posIndex
	ixOwn   bool
	ixTrust int
	// bagOwn: Bag is this state's own copy, shared with no clone, so
	// addBag writes in place [issue 20].
	bagOwn bool
	// ixFresh: the last Legal or Chances left the index in sync, and
	// Apply may use it at once while their list is kept (legalMemo).
	ixFresh bool
	// vmemo: the counters of the last views (viewmemo.go), never shared
	// with a clone [issue 20].
	vmemo *viewMemo
}

// locMemo is one remembered locSet.
type locMemo struct {
	ok      bool
	blocked [2]uint64 // zones blocked for the side, by index
	bridges [3]uint64 // destroyed bridges, by connection index
	set     []bool
}

// Copy-on-write maps [issue 20]: Clone shares the maps of the state
// (Axes, Bridges, Bag, Containers, Flags, Guerillas, Schedule, Seen)
// between the copies, so nothing writes into one of them: every change
// goes to a fresh copy through these helpers.

// delFlag removes a turn-long flag.
func (s *State) delFlag(f string) {
	if _, ok := s.Flags[f]; ok {
		s.Flags = maps.Clone(s.Flags)
		delete(s.Flags, f)
	}
}

// addBag changes the count of fatigue markers of value v in the container.
func (s *State) addBag(v, n int) {
	if !s.bagOwn {
		s.Bag = maps.Clone(s.Bag)
		s.bagOwn = true // no clone shares this copy
	}
	s.Bag[v] += n
}

// addContainer changes the count of event e in side k's container,
// removing it at 0 when del is set.
func (s *State) addContainer(k int, e string, n int, del bool) {
	s.Containers[k] = maps.Clone(s.Containers[k])
	s.Containers[k][e] += n
	if del && s.Containers[k][e] == 0 {
		delete(s.Containers[k], e)
	}
}

// delGuerilla removes the guerilla marker of zone z.
func (s *State) delGuerilla(z string) {
	if _, ok := s.Guerillas[z]; ok {
		s.Guerillas = maps.Clone(s.Guerillas)
		delete(s.Guerillas, z)
	}
}

// forgetLegal drops the lists kept by Legal and Chances for Apply.
func (s *State) forgetLegal() { s.legalMemo, s.chanceMemo, s.ixFresh = nil, nil, false }

// RAxisState is the placing of the Retraite markers when reinforcements
// arrive in a contested zone [5.3.6]: the newcomer's side first, then the
// opponent; Resume is the step the arrival came from.
type RAxisState struct {
	Zone   string `json:"zone"`
	Side   int    `json:"side"` // the reinforcements' side
	Who    int    `json:"who"`  // the side placing now
	Resume string `json:"resume"`
}

// LastMove is the stack whose move just ended, for [EV Fatigue].
type LastMove struct {
	Side  int      `json:"side"`
	Units []string `json:"units"`
	Total int      `json:"total"` // its fatigue tally
}

func (s *State) def(i int) *UnitDef { return s.sc.Defs[i] }

func (s *State) idx(id string) int {
	if i, ok := s.sc.Index[id]; ok {
		return i
	}
	return -1
}

// unit returns the state and data of a counter (nil if unknown).
func (s *State) unit(id string) (*Unit, *UnitDef) {
	i := s.idx(id)
	if i < 0 {
		return nil, nil
	}
	return &s.Units[i], s.sc.Defs[i]
}

func (s *State) onMap(i int) bool { return s.Units[i].Off == OffNone && s.Units[i].At != "" }

// isUnit reports a unit in the book's sense (not a commander) [1.1].
func isUnit(d *UnitDef) bool { return d.Kind != KCmd }

// combatUnit reports a unit that can fight and hold ground: divisional,
// detachment or baggage (not decoys, not commanders).
func combatUnit(d *UnitDef) bool { return d.Kind == KDiv || d.Kind == KDet || d.Kind == KBaggage }

// MainSS is the main-track SS left [1.3].
func (s *State) MainSS(i int) int {
	d := s.def(i)
	u := &s.Units[i]
	switch d.Kind {
	case KDiv:
		return len(d.Track) - int(u.Losses) - int(u.Detached)
	case KDet:
		if d.Arm == Infantry || d.Arm == Cavalry {
			return 1
		}
	}
	return 0
}

// ArtSS is the artillery SS left [1.3].
func (s *State) ArtSS(i int) int {
	d := s.def(i)
	switch d.Kind {
	case KDiv:
		return d.Art - int(s.Units[i].ArtLost)
	case KDet:
		if d.Arm == ArtArm || d.Arm == HorseArt {
			return 1
		}
	}
	return 0
}

// SS is a unit's strength: main plus artillery SS [1.3]; decoys,
// baggage and commanders have none [7.5] [7.2].
func (s *State) SS(i int) int { return s.MainSS(i) + s.ArtSS(i) }

// CavSS counts the cavalry SS of a unit (decoys count 0) [5.2] [5.4.6].
func (s *State) CavSS(i int) int {
	d := s.def(i)
	if (d.Kind == KDiv || d.Kind == KDet) && d.Arm == Cavalry {
		return s.MainSS(i)
	}
	return 0
}

// Morale is the unit's current morale: the rightmost box not crossed by a
// loss [1.3]; a detachment's printed morale [7.4].
func (s *State) Morale(i int) int {
	d := s.def(i)
	switch d.Kind {
	case KDiv:
		k := len(d.Track) - int(s.Units[i].Losses) - 1
		if k < 0 {
			return 0
		}
		return d.Track[k]
	case KDet:
		return d.Morale
	}
	return 0
}

// UnitMP is the unit's MP: the upper value while it has artillery [1.1.1].
func (s *State) UnitMP(i int) int {
	d := s.def(i)
	if d.Kind == KDiv && d.Art > 0 && s.ArtSS(i) == 0 {
		return d.MPNoArt
	}
	return d.MP
}

// hasArt reports a unit that may not take a path [7.2] [7.3].
func (s *State) noPath(i int) bool {
	d := s.def(i)
	return d.Kind == KBaggage || s.ArtSS(i) > 0
}

// sideUnitsAt lists the counters of side at zone (on the map), in id order.
func (s *State) sideAt(side int, z string, keep func(d *UnitDef) bool) []int {
	var out []int
	if zi, ok := s.sc.zi[z]; ok {
		ix := s.pos()
		if ix.all[zi][side] == 0 {
			return nil
		}
		out = make([]int, 0, ix.all[zi][side])
		base := zi * ix.words
		for w := 0; w < ix.words; w++ {
			for b := ix.mem[base+w]; b != 0; b &= b - 1 {
				i := w<<6 | bits.TrailingZeros64(b)
				if d := s.def(i); d.Side == side && (keep == nil || keep(d)) {
					out = append(out, i)
				}
			}
		}
		if len(out) == 0 {
			return nil // as the list grown from nil was
		}
		return out
	}
	for i := range s.Units {
		d := s.def(i)
		if d.Side == side && s.Units[i].At == z && s.Units[i].Off == OffNone && (keep == nil || keep(d)) {
			out = append(out, i)
		}
	}
	return out
}

// sideAtIn is sideAt(side, z, nil) appended to buf (a caller's array).
func (s *State) sideAtIn(buf []int, side int, z string) []int {
	zi, ok := s.sc.zi[z]
	if !ok {
		return append(buf, s.sideAt(side, z, nil)...)
	}
	ix := s.pos()
	base := zi * ix.words
	for w := 0; w < ix.words; w++ {
		for b := ix.mem[base+w]; b != 0; b &= b - 1 {
			if i := w<<6 | bits.TrailingZeros64(b); s.def(i).Side == side {
				buf = append(buf, i)
			}
		}
	}
	return buf
}

// hasUnits reports whether side has units (not commanders) in zone [1.5].
func (s *State) hasUnits(side int, z string) bool {
	if zi, ok := s.sc.zi[z]; ok {
		return s.pos().cnt[zi][side] > 0
	}
	for i := range s.Units {
		if s.Units[i].At == z && s.Units[i].Off == OffNone {
			d := s.def(i)
			if d.Side == side && isUnit(d) {
				return true
			}
		}
	}
	return false
}

// Contested reports a zone holding units of both camps [1.5].
func (s *State) Contested(z string) bool { return s.hasUnits(French, z) && s.hasUnits(Allied, z) }

// freeFor reports a zone free of enemy units for side [1.5].
func (s *State) freeFor(side int, z string) bool { return !s.hasUnits(1-side, z) }

// zoneName is the name of zone z ("" if none), without copying the zone.
func (s *State) zoneName(z string) string {
	if i, ok := s.sc.zi[z]; ok {
		return s.sc.Graph.Zones[i].Name
	}
	return ""
}

// gueFlag is the flag of [EV Gué] played by each side.
var gueFlag = [2]string{"gue-0", "gue-1"}

func (s *State) zoneOf(z string) zone.Zone {
	zz, _ := s.sc.Graph.Zone(z)
	return zz
}

func (s *State) flag(f string) bool { return s.Flags[f] }

// Clone copies the state; nothing mutable is shared.
func (s *State) Clone() rules.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.legalMemo = nil
	c.chanceMemo = nil
	c.vmemo = nil
	// The position index is shared until one of the two changes it.
	s.ixOwn, c.ixOwn, c.ixTrust, c.ixFresh = false, false, 0, false
	s.bagOwn, c.bagOwn = false, false
	c.Units = slices.Clone(s.Units)
	// The maps are shared: they are copied on write (see delFlag).
	for k := 0; k < 2; k++ {
		c.Hands[k] = slices.Clone(s.Hands[k])
	}
	c.Foy = slices.Clone(s.Foy)
	c.BoxZones = slices.Clone(s.BoxZones)
	if s.Move != nil {
		m := *s.Move
		m.Units = slices.Clone(m.Units)
		m.Drawn = slices.Clone(m.Drawn)
		m.Visited = slices.Clone(m.Visited)
		m.Depots = maps.Clone(m.Depots)
		c.Move = &m
	}
	if s.Combat != nil {
		k := *s.Combat
		k.Units = [2][]string{slices.Clone(k.Units[0]), slices.Clone(k.Units[1])}
		k.BonusWhy = [2][]string{slices.Clone(k.BonusWhy[0]), slices.Clone(k.BonusWhy[1])}
		k.Path = slices.Clone(k.Path)
		k.Queue = slices.Clone(k.Queue)
		c.Combat = &k
	}
	c.Rolls = slices.Clone(s.Rolls)
	if s.RAxis != nil {
		r := *s.RAxis
		c.RAxis = &r
	}
	if s.LastMove != nil {
		lm := *s.LastMove
		lm.Units = slices.Clone(lm.Units)
		c.LastMove = &lm
	}
	return &c
}

// Snapshot is the canonical JSON of the whole state.
func (s *State) Snapshot() ([]byte, error) { return json.Marshal(s) }

func (s *State) System() string   { return SystemID }
func (s *State) Scenario() string { return s.ScenarioID }
func (s *State) Sides() []string  { return sideNames[:] }
func (s *State) Chances() []rules.Outcome {
	if s.Over || s.decider() != rules.Chance {
		return nil
	}
	s.trustPos()
	defer s.untrustPos()
	outs := s.chances()
	s.chanceMemo = outs
	s.ixFresh = true
	return outs
}

// Result is the end of the game [8.0].
func (s *State) Result() rules.Result {
	if !s.Over {
		return rules.Result{Winner: rules.NoSide}
	}
	w := rules.NoSide
	if s.Winner >= 0 {
		w = rules.Side(s.Winner)
	}
	return rules.Result{Over: true, Winner: w, Reason: s.Reason}
}
