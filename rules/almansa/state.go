package almansa

import (
	"encoding/json"
	"fmt"
	"sort"

	"grognard/rules"
	"grognard/rules/hex"
)

// UnitState is the changing part of a counter.
type UnitState struct {
	At       hex.Coord `json:"at"`
	On       bool      `json:"on,omitempty"`   // on the map
	Dead     bool      `json:"dead,omitempty"` // eliminated, killed or captured
	Facing   int       `json:"facing"`
	Steps    int       `json:"steps"`
	DSG      bool      `json:"dsg,omitempty"` // disorganised [14]
	DSB      bool      `json:"dsb,omitempty"` // routed [14]
	Form     string    `json:"form,omitempty"`
	Spent    int       `json:"spent,omitempty"` // half MP spent this movement phase [10]
	Moved    bool      `json:"moved,omitempty"`
	Stopped  bool      `json:"stopped,omitempty"`   // entered an enemy ZoC [9]
	FellBack bool      `json:"fell_back,omitempty"` // left an enemy ZoC [10]
	Fired    bool      `json:"fired,omitempty"`
	Shocked  bool      `json:"shocked,omitempty"`
	OOC      bool      `json:"ooc,omitempty"` // out of command [6]
}

// Task is a pending piece of resolution: a die to roll, a retreat hex to
// choose, a step loss to allot. The first task decides.
type Task struct {
	Kind  string   `json:"kind"`
	Unit  string   `json:"unit,omitempty"`
	Units []string `json:"units,omitempty"`
	Side  int      `json:"side"`
	N     int      `json:"n,omitempty"`
	Mod   int      `json:"mod,omitempty"`
	Mods  []string `json:"mods,omitempty"`
	Hexes []string `json:"hexes,omitempty"`
	Other []string `json:"other,omitempty"` // the defenders of a shock combat
	Why   string   `json:"why,omitempty"`
	Rule  string   `json:"rule,omitempty"`
}

// Decl is a fire or shock being declared, one unit at a time [11, 13].
type Decl struct {
	Kind      string      `json:"kind"` // fire, shock, charge
	Units     []string    `json:"units"`
	Targets   []hex.Coord `json:"targets"`
	Formation string      `json:"formation,omitempty"`
}

// State is a game of Almansa 1707.
type State struct {
	sc    *Scenario
	cache []rules.Action // Legal() of this exact state; cleared by every change
	cx    *listCtx       // while the legal list is built: what stays the same meanwhile
	bufs  *stateBufs     // scratch arrays of list building (not shared by clones)
	// shared: Done, Mode and Demoral may be shared with a clone (own).
	shared bool
	// cacheShared: a clone shares the cached list (its array is not reused);
	// lent: Legal handed it out (nor is it then).
	cacheShared, lent bool
	occm              *occMemo    // the last occupancy built (the state's own, never a clone's)
	zocm              [2]*zocMemo // the last zone of control of each side (shared by clones: never changed)
	// cincMemo answers anyCinCHexNear while one set-up listing is built.
	cincMemo map[[2]int]bool
	Opts     map[string]bool `json:"opts"`
	// fgen counts the writes of Done, Mode and Demoral (own, and where
	// they are made anew): what is memoised from them is kept per fgen.
	fgen uint64
	// vunits: View's units of this exact state (viewUnits); cleared by
	// every change (forget) and in a clone (#20).
	vunits []rules.UnitView

	Turn  int         `json:"turn"`
	Phase string      `json:"phase"`
	Units []UnitState `json:"units"`
	Tasks []Task      `json:"tasks,omitempty"`

	CurForm   string            `json:"cur_form,omitempty"`
	Done      map[string]bool   `json:"done,omitempty"` // formations finished in this phase
	Decl      *Decl             `json:"decl,omitempty"`
	Mode      map[string]string `json:"mode,omitempty"`       // out-of-command roll result per formation this turn [6]
	Demoral   map[string]bool   `json:"demoral,omitempty"`    // demoralised formations this turn [15]
	Attached  string            `json:"attached,omitempty"`   // the Bourbon cavalry reserve's formation [15]
	Reserved  bool              `json:"reserved,omitempty"`   // the cavalry reserve rule is in force and not yet assigned
	ResChosen bool              `json:"res_chosen,omitempty"` // the reserve's formation was chosen at set-up [6]
	AmmoUsed  int               `json:"ammo_used,omitempty"`
	AmmoNow   bool              `json:"ammo_now,omitempty"`
	Galway    bool              `json:"galway,omitempty"`    // Galway must charge this turn [15]
	GalwayOK  bool              `json:"galway_ok,omitempty"` // ... and has
	Lost      [2]int            `json:"lost"`                // victory steps destroyed of each army [5]
	Ended     bool              `json:"ended,omitempty"`     // the decider ended the phase
	Transit   string            `json:"transit,omitempty"`   // a unit passing through a friendly stack that faces another way [7]
	Over      bool              `json:"over,omitempty"`
	Winner    int               `json:"winner"`
	Reason    string            `json:"reason,omitempty"`
}

func newBareState(sc *Scenario, opts map[string]bool) *State {
	if opts == nil {
		opts = map[string]bool{}
	}
	s := &State{sc: sc, Opts: opts, Turn: 0, Phase: phaseSetupB, Units: make([]UnitState, len(sc.Units)),
		Done: map[string]bool{}, Mode: map[string]string{}, Demoral: map[string]bool{}, Winner: int(rules.NoSide)}
	for i := range sc.Units {
		u := &sc.Units[i]
		s.Units[i] = UnitState{Steps: u.Steps, Form: u.Formation, Facing: sc.Sides[u.Side].Facing}
		if u.Reserve && !s.opt(OptReserve) {
			s.Units[i].Form = u.Attach
		}
	}
	if s.opt(OptReserve) {
		s.Reserved = true
	}
	return s
}

func (s *State) opt(id string) bool { return s.Opts[id] }

// place puts unit i on hex c (set-up).
func (s *State) place(i int, c hex.Coord) {
	u := &s.Units[i]
	u.At, u.On = c, true
	u.Facing = s.sc.Sides[s.sc.Units[i].Side].Facing
}

// ---- rules.State ---------------------------------------------------------

func (s *State) System() string   { return SystemID }
func (s *State) Scenario() string { return s.sc.ID }
func (s *State) Sides() []string  { return []string{s.sc.Sides[0].Name, s.sc.Sides[1].Name} }

func (s *State) Result() rules.Result {
	if !s.Over {
		return rules.Result{Winner: rules.NoSide}
	}
	return rules.Result{Over: true, Winner: rules.Side(s.Winner), Reason: s.Reason}
}

func (s *State) Snapshot() ([]byte, error) { return json.Marshal(s) }

func (s *State) Clone() rules.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.cx, c.bufs, c.vunits = nil, nil, nil
	s.cacheShared, c.cacheShared = true, true // the clone shares the legal list
	// Opts is never written after the state is made; Done, Mode and Demoral
	// are shared until one of the two states writes them (own) (#20).
	s.shared, c.shared = true, true
	// The occupancy memos stay the state's own (#20): the clone builds its
	// own when it first needs one (sharing one took it from the state's
	// memos to build in, and a clone's first action changes it anyway).
	c.occm = nil
	c.Units = append([]UnitState(nil), s.Units...)
	// Tasks are replaced, never changed in place, below their slice: the
	// clone needs its own array of them only.
	c.Tasks = make([]Task, len(s.Tasks))
	copy(c.Tasks, s.Tasks)
	if s.Decl != nil {
		d := *s.Decl
		d.Units = append([]string(nil), d.Units...)
		d.Targets = append([]hex.Coord(nil), d.Targets...)
		c.Decl = &d
	}
	return &c
}

// own gives the state its own Done, Mode and Demoral maps before it writes
// one of them (they may be shared with clones).
func (s *State) own() {
	s.fgen++
	if s.shared {
		s.Done = copyMap(s.Done)
		s.Mode = copyMap(s.Mode)
		s.Demoral = copyMap(s.Demoral)
		s.shared = false
	}
}

func copyMap[V any](m map[string]V) map[string]V {
	out := make(map[string]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Status says where the game stands.
func (s *State) Status() rules.Status {
	p := machine.Get(s.Phase)
	st := rules.Status{Turn: s.Turn, Turns: s.fast().turns, Phase: p.Name, PhaseRule: p.Rule,
		Active: rules.Side(s.activeSide()), Decider: s.decider()}
	if s.Over {
		st.Decider = rules.NoSide
		st.Prompt = s.Reason
		return st
	}
	if len(s.Tasks) > 0 {
		t := s.Tasks[0]
		st.SubPhase = t.Why
		st.Prompt = s.taskPrompt(t)
		return st
	}
	if s.CurForm != "" {
		if sub, ok := s.fast().formSub[s.CurForm]; ok {
			st.SubPhase = sub // made once per scenario (#20)
		} else {
			st.SubPhase = "formation " + s.sc.Form(s.CurForm).Name
		}
	}
	if s.Decl != nil {
		st.SubPhase = s.declText()
	}
	st.Prompt = phasePrompt[phaseKind(s.Phase)]
	if s.reserveOpen(phaseSide(s.Phase)) {
		st.Prompt = "Your army stands at its 1707 hexes: attach Mahony and Rosellon Nuevo to another formation, or Done [4] [6]"
	}
	return st
}

func (s *State) decider() rules.Side {
	if s.Over {
		return rules.NoSide
	}
	if len(s.Tasks) > 0 {
		t := s.Tasks[0]
		if isRoll(t.Kind) {
			return rules.Chance
		}
		return rules.Side(t.Side)
	}
	return rules.Side(phaseDecider(s.Phase))
}

func (s *State) activeSide() int { return phaseSide(s.Phase) }

// Chances lists the die faces at a chance point, one weight each.
func (s *State) Chances() []rules.Outcome {
	if s.decider() != rules.Chance {
		return nil
	}
	legal := s.Legal()
	if len(legal) == 0 {
		return nil
	}
	out := make([]rules.Outcome, 0, len(legal))
	for _, a := range legal {
		out = append(out, rules.Outcome{Action: a, Weight: 1})
	}
	return out
}

// Legal lists every action the decider may take now.
func (s *State) Legal() []rules.Action {
	if s.Over {
		return nil
	}
	l := s.legalList()
	if len(l) == 0 {
		return nil
	}
	// The list is the state's own (#20): the caller reads it and never
	// changes it. Its capacity ends at its length, so an append copies.
	s.lent = true
	return l[:len(l):len(l)]
}

// legalList is the cached legal list, never changed in place (#20).
func (s *State) legalList() []rules.Action {
	if s.Over {
		return nil
	}
	if s.cache == nil {
		// The move context (occupancy, zones of control) does not change
		// while the list is built: build it once per side.
		if s.bufs == nil {
			s.bufs = &stateBufs{}
		}
		s.bufs.lc = listCtx{bufs: s.bufs} // the state's own (#20)
		s.cx = &s.bufs.lc
		s.cx.o = s.occupancyIn(true)
		defer func() { s.cx = nil }()
		if len(s.Tasks) > 0 {
			s.cache = s.taskActions(&s.Tasks[0])
		} else {
			s.cache = s.phaseActions()
		}
		if s.cache == nil {
			s.cache = []rules.Action{}
		}
		b := s.bufs
		b.built = builtCtx{}
		if len(s.cache) > 0 {
			b.built.first = &s.cache[0]
			for side := range 2 {
				if s.cx.side[side] != nil {
					b.built.has[side], b.built.mc[side] = true, *s.cx.side[side]
				}
			}
		}
	}
	return s.cache
}

// FindLegal finds a's legal action in the cached list (rules.Finder).
func (s *State) FindLegal(a rules.Action) (rules.Action, bool) {
	return rules.FindIn(s.legalList(), a)
}

// touch forgets cached results after a change made outside Apply (tests).
func (s *State) touch() {
	s.forget()
	s.fgen++
	if s.bufs != nil {
		s.bufs.mv.valid = false
	}
}

// Apply checks that a is legal, then applies it and every automatic step
// that follows.
func (s *State) Apply(a rules.Action) ([]rules.Event, error) {
	if s.Over {
		return nil, rules.Illegal("5", "the game is over")
	}
	legal, ok := s.FindLegal(a)
	if !ok {
		return nil, s.illegal(a)
	}
	return s.ApplyLegal(legal)
}

// ApplyLegal applies an action taken from this state's legal list
// (rules.LegalApplier): Apply without the second check.
func (s *State) ApplyLegal(legal rules.Action) ([]rules.Event, error) {
	if s.Over {
		return nil, rules.Illegal("5", "the game is over")
	}
	var evs []rules.Event
	// The move context of the list the action comes from (applyCtx).
	b := s.bufs
	if b != nil {
		b.applyCx = len(s.cache) > 0 && b.built.first == &s.cache[0]
		// A movement action of the list the memo was made for: begin
		// compares only the units doMove writes (moveMemo.dirty).
		m := &b.mv
		m.dirty = m.dirty[:0]
		m.dirtyOK = b.applyCx && len(s.Tasks) == 0 && phaseKind(s.Phase) == "move" && m.listFirst == &s.cache[0]
	}
	s.forget()
	if len(s.Tasks) > 0 {
		evs = s.doTask(legal)
	} else {
		evs = s.doPhase(legal)
	}
	if b != nil {
		b.applyCx = false
		if len(s.Tasks) > 0 {
			b.mv.dirtyOK = false
		}
	}
	s.forget()
	more, err := s.settle()
	evs = append(evs, more...)
	return evs, err
}

// illegal names the rule an action breaks.
func (s *State) illegal(a rules.Action) error {
	if a.Unit != "" && a.To != "" {
		if why := s.WhyNot(a.Unit, a.To); why != "" {
			return rules.Illegal("", "%s", why)
		}
	}
	p := machine.Get(s.Phase)
	return rules.Illegal(p.Rule, "%s is not a legal action in the %s phase", a.Key(), p.Name)
}

// ---- helpers ---------------------------------------------------------------

func (s *State) def(i int) *UnitDef { return &s.sc.Units[i] }

func (s *State) idx(id string) int {
	if i, ok := s.sc.Index[id]; ok {
		return i
	}
	return -1
}

func (s *State) num(c hex.Coord) string {
	fm := s.fast()
	if h := fm.idx(c); h >= 0 {
		return fm.num[h]
	}
	return s.sc.Map.Num(c)
}

func (s *State) name(i int) string { return s.sc.Units[i].Name }

func (s *State) alive(i int) bool { return s.Units[i].On && !s.Units[i].Dead }

// enemyIn reports whether hex c holds a unit of the side opposing side.
func (s *State) hasSide(o occ, c hex.Coord, side int, pred func(int) bool) bool {
	for _, j := range o.at(c) {
		if s.def(j).Side == side && (pred == nil || pred(j)) {
			return true
		}
	}
	return false
}

func (s *State) isCombat(i int) bool { return s.fast().combat[i] }

// stackBlocks returns the stacking problem of adding unit i to hex c, or "".
func (s *State) stackProblem(o occ, i int, c hex.Coord) string {
	return s.stackProblemQ(o, i, c, false)
}

// stackProblemQ is stackProblem; quiet, it answers refused for a problem.
func (s *State) stackProblemQ(o occ, i int, c hex.Coord, quiet bool) string {
	d := s.def(i)
	if !d.Combat() {
		return ""
	}
	steps, arts := 0, 0
	for _, j := range o.at(c) {
		if j == i || s.def(j).Side != d.Side {
			continue
		}
		switch s.def(j).Type {
		case Infantry, Cavalry, Dragoons:
			steps += s.Units[j].Steps
		case Artillery:
			arts++
		}
	}
	if d.Type == Artillery {
		if arts+1 > s.fast().stackArt {
			if quiet {
				return refused
			}
			return fmt.Sprintf("only %d artillery unit may stand in a hex [8]", s.sc.P("stack_artillery"))
		}
		return ""
	}
	if steps+s.Units[i].Steps > s.fast().stackSteps {
		if quiet {
			return refused
		}
		return fmt.Sprintf("more than %d steps of infantry and cavalry in one hex [8]", s.sc.P("stack_steps"))
	}
	return ""
}

// facingProblem: units stacked together share a facing [7].
func (s *State) facingProblem(o occ, i int, c hex.Coord, f int) string {
	if !s.hasFacing(i) {
		return ""
	}
	for _, j := range o.at(c) {
		if j != i && s.def(j).Side == s.def(i).Side && s.hasFacing(j) && s.Units[j].Facing != f {
			return "units stacked together must share one facing [7]"
		}
	}
	return ""
}

// hasFacing: leaders, commanders and trains have no facing that matters [7].
func (s *State) hasFacing(i int) bool { return s.fast().combat[i] }

// stackFacing returns the facing of side's combat units in c, if any.
func (s *State) stackFacing(o occ, c hex.Coord, side int, except int) (int, bool) {
	for _, j := range o.at(c) {
		if j != except && s.def(j).Side == side && s.hasFacing(j) {
			return s.Units[j].Facing, true
		}
	}
	return 0, false
}

// cf is a unit's current combat factor.
func (s *State) cf(i int) int {
	d := s.def(i)
	if s.Units[i].Steps <= 0 {
		return 0
	}
	if d.Steps == 2 && s.Units[i].Steps == 1 {
		return d.CF[1]
	}
	return d.CF[0]
}

// shockCF is a unit's factor in shock combat [13]: artillery fights with its
// shock factor (Allied guns have none).
func (s *State) shockCF(i int) int {
	d := s.def(i)
	switch d.Type {
	case Artillery:
		return d.Shock
	case Infantry, Cavalry, Dragoons:
		return s.cf(i)
	}
	return 0
}

// class is the Terrain Costs Chart column of a unit.
func (s *State) class(i int) string {
	switch s.def(i).Type {
	case Infantry:
		return "infantry"
	case Cavalry, Dragoons:
		return "cavalry"
	case Artillery:
		return "artillery"
	}
	return "leader"
}

// enterCost is the cost in half MP of unit i entering to from from, or -1.
func (s *State) enterCost(i int, from, to hex.Coord) int {
	ti := s.fast().idx(to)
	if ti < 0 {
		return -1
	}
	return s.enterCostIdx(i, from, from.DirTo(to), ti)
}

// enterCostIdx is enterCost with to as a hex index and the direction from
// from to it (-1: not adjacent, so no road) (#20).
func (s *State) enterCostIdx(i int, from hex.Coord, dir, ti int) int {
	fm := s.fast()
	cl := fm.class[i]
	c := fm.cost[cl][ti]
	if c < 0 {
		return -1
	}
	if dir >= 0 && s.roadSide(from, dir) {
		if r := fm.roadCost[cl]; r >= 0 && r < c {
			c = r
		}
	}
	return c
}

// roadSide: a road crosses the hexside of from in direction dir [10].
func (s *State) roadSide(from hex.Coord, dir int) bool {
	fm := s.fast()
	if h := fm.idx(from); h >= 0 {
		return fm.road[h][dir]
	}
	return s.sc.Map.SideHas(from, from.Neighbor(dir), hex.Road)
}

// passable reports whether unit i may stand in hex c at all.
func (s *State) passable(i int, c hex.Coord) bool {
	fm := s.fast()
	h := fm.idx(c)
	return h >= 0 && fm.cost[fm.class[i]][h] >= 0
}

func (s *State) terrain(c hex.Coord) string {
	fm := s.fast()
	if h := fm.idx(c); h >= 0 {
		return fm.terr[h]
	}
	return ""
}

func (s *State) level(c hex.Coord) int {
	fm := s.fast()
	if h := fm.idx(c); h >= 0 {
		return fm.level[h]
	}
	return 0
}

// zoc returns the hexes in the zone of control of side's units [9]: the
// front hexes of infantry and cavalry that are not routed and not in a
// redoubt, except ravine, redoubt, town and wall hexes.
func (s *State) zoc(side int) map[hex.Coord]bool {
	z := make(map[hex.Coord]bool, 128)
	for i := range s.Units {
		if !s.alive(i) || s.def(i).Side != side || !s.exertsZOC(i) {
			continue
		}
		for _, h := range hex.FrontHexes(s.Units[i].At, s.Units[i].Facing) {
			if cell := s.sc.Map.Cell(h); cell != nil && !noZOCTerrain(cell.Terrain) {
				z[h] = true
			}
		}
	}
	return z
}

// noZOCTerrain: no zone of control extends into these hexes [9].
func noZOCTerrain(t string) bool {
	switch t {
	case "ravine", "redoubt", "town", "walls", "castle":
		return true
	}
	return false
}

func (s *State) exertsZOC(i int) bool {
	switch s.def(i).Type {
	case Infantry, Cavalry, Dragoons:
	default:
		return false // artillery, leaders and trains exert none [9]
	}
	return !s.Units[i].DSB && s.terrain(s.Units[i].At) != "redoubt"
}

// leaderRating is the best rating of side's leaders in hex c [6].
func (s *State) leaderRating(o occ, c hex.Coord, side int) (int, string) {
	best, who := 0, ""
	for _, j := range o.at(c) {
		d := s.def(j)
		if d.Side == side && d.Person() && (who == "" || d.Rating > best) {
			best, who = d.Rating, d.Name
		}
	}
	return best, who
}

func (s *State) sortedKeys(m map[string]bool) []string {
	var out []string
	for k, v := range m {
		if v {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func sideName(s int) string {
	if s == Bourbon {
		return "Bourbon"
	}
	return "Allied"
}

func ev(kind, rule, text string, side int, units ...string) rules.Event {
	return rules.Event{Kind: kind, Rule: rule, Text: text, Side: rules.Side(side), Units: units}
}
