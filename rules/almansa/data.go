package almansa

import (
	"fmt"
	"strconv"
	"strings"

	"grognard/rules/hex"
	"grognard/scenarios"
)

// Unit types [2].
const (
	Infantry  = "infantry"
	Cavalry   = "cavalry"
	Dragoons  = "dragoons"
	Artillery = "artillery"
	Leader    = "leader"
	Commander = "commander"
	Train     = "train"
)

// Side indexes.
const (
	Bourbon = 0
	Allied  = 1
)

var sideIDs = [2]string{"bourbon", "allied"}

// UnitDef is one counter of the order of battle (static data).
type UnitDef struct {
	ID, Name, Short string
	Side            int
	Type            string
	Formation       string // home formation; "" for artillery, commanders, trains, the cavalry reserve
	Reserve         bool   // the Bourbon cavalry reserve [15]
	Attach          string // the reserve's formation in the historical set-up
	CF              [2]int // combat factor at full strength and reduced [2]
	Shock           int    // artillery shock factor [13]
	Morale          int
	MP              int
	Steps           int
	Rating          int      // leadership rating [6]
	Radius          int      // command radius [6]
	Commands        []string // formations of a commander in chief
	CinC            string   // a train's commander in chief [4]
	File            string
	Line            int
}

// Combat reports whether the unit is a combat unit (infantry, cavalry,
// dragoons or artillery).
func (u *UnitDef) Combat() bool {
	switch u.Type {
	case Infantry, Cavalry, Dragoons, Artillery:
		return true
	}
	return false
}

// Horse reports cavalry or dragoons.
func (u *UnitDef) Horse() bool { return u.Type == Cavalry || u.Type == Dragoons }

// Person reports a formation leader or commander in chief.
func (u *UnitDef) Person() bool { return u.Type == Leader || u.Type == Commander }

// Formation is one wing or line of an army [6].
type Formation struct {
	ID, Name, Color string
	Side            int
	Leader          string
	CinC            string
}

// SideDef is one army.
type SideDef struct {
	ID, Name string
	Edges    []string
	Facing   int
	ArtColor string
}

// Param is a constant of the rules with its source.
type Param = scenarios.Param

// Scenario is the static data of a scenario, shared by every state.
type Scenario struct {
	ID       string
	Map      *hex.Map
	Sides    [2]SideDef
	Units    []UnitDef
	Index    map[string]int
	Forms    []Formation
	FormIdx  map[string]int
	Labels   map[hex.Coord][]string
	ByLabel  map[string][]hex.Coord // the hexes carrying each set-up letter, in map order
	Setup    map[string]hex.Coord   // historical set-up
	SetupAlt map[string]hex.Coord   // ... of the cavalry reserve when its optional rule is on [15]
	order    []string               // set-up order of the file
	Params   map[string]Param
	Tables   map[string]*scenarios.Table
	EdgeDist [2]map[hex.Coord]int // distance to the side's own map edge
	// Terrain costs in half movement points; -1 prohibited.
	Cost map[string]map[string]int
	fire *fireTable
	fast *fastMap // flat tables for the engine's hot paths (#20)
}

// P returns a parameter (0 when absent; the loader checks they exist).
func (sc *Scenario) P(name string) int { return sc.Params[name].Value }

// Unit returns a unit's static data.
func (sc *Scenario) Unit(id string) *UnitDef {
	if i, ok := sc.Index[id]; ok {
		return &sc.Units[i]
	}
	return nil
}

// Form returns a formation (nil if unknown).
func (sc *Scenario) Form(id string) *Formation {
	if i, ok := sc.FormIdx[id]; ok {
		return &sc.Forms[i]
	}
	return nil
}

// HasLabel reports whether hex c carries set-up letter l.
func (sc *Scenario) HasLabel(c hex.Coord, l string) bool {
	for _, x := range sc.Labels[c] {
		if x == l {
			return true
		}
	}
	return false
}

var requiredParams = []string{"turns", "stack_steps", "stack_artillery", "leader_radius", "cinc_radius", "cinc_apart",
	"rout_hexes", "retreat_hexes", "victory_steps", "vp_leader", "vp_cinc", "vp_train", "setup_train", "setup_leader",
	"setup_cinc", "setup_reserve", "leader_killed_max", "flank_check_min", "rout_check_bonus", "retreat_front_mod",
	"rally_leader_mod", "rally_cinc_mod", "fallback_mp", "galway_from", "galway_max", "formation_morale_min",
	"demoralised_withdraw", "demoralised_morale_mod", "ammo_turns", "dragoon_fire", "artillery_range"}

var requiredTables = map[string][]string{
	"terrain":      {"infantry", "cavalry", "artillery", "leader"},
	"fire":         nil,
	"fire_mods":    {"mod", "rule"},
	"shock":        nil,
	"shock_shifts": {"shift", "rule"},
	"ooc":          {"result"},
}

// LoadScenario reads the system tables and a scenario folder.
func LoadScenario(system, scenario string) (*Scenario, error) {
	tabRecs, err := scenarios.Load(system + "/tables.txt")
	if err != nil {
		return nil, err
	}
	mapRecs, err := scenarios.Load(system + "/" + scenario + "/map.txt")
	if err != nil {
		return nil, err
	}
	oobRecs, err := scenarios.Load(system + "/" + scenario + "/oob.txt")
	if err != nil {
		return nil, err
	}
	setRecs, err := scenarios.Load(system + "/" + scenario + "/setup.txt")
	if err != nil {
		return nil, err
	}
	return BuildScenario(scenario, tabRecs, mapRecs, oobRecs, setRecs)
}

// BuildScenario validates and assembles parsed data files; every problem is
// reported as file:line.
func BuildScenario(id string, tabRecs, mapRecs, oobRecs, setRecs []scenarios.Record) (*Scenario, error) {
	sc := &Scenario{ID: id, Index: map[string]int{}, FormIdx: map[string]int{}, Labels: map[hex.Coord][]string{},
		Setup: map[string]hex.Coord{}, SetupAlt: map[string]hex.Coord{}, Params: map[string]Param{}}
	if err := sc.loadTables(tabRecs); err != nil {
		return nil, err
	}
	m, err := scenarios.ParseHexMap(mapRecs)
	if err != nil {
		return nil, err
	}
	sc.Map = m
	if err := sc.checkMap(mapRecs); err != nil {
		return nil, err
	}
	if err := sc.loadOOB(oobRecs); err != nil {
		return nil, err
	}
	if err := sc.edges(mapRecs); err != nil {
		return nil, err
	}
	if err := sc.loadSetup(setRecs); err != nil {
		return nil, err
	}
	sc.fast = buildFast(sc)
	return sc, nil
}

func (sc *Scenario) loadTables(recs []scenarios.Record) error {
	tabs, rest, err := scenarios.Tables(recs)
	if err != nil {
		return err
	}
	sc.Tables = tabs
	file := "tables"
	for i := range rest {
		r := &rest[i]
		file = r.File
		if r.Kind != "param" {
			return r.Errf("unknown record %q in a tables file", r.Kind)
		}
		name, p, err := scenarios.ReadParam(r)
		if err != nil {
			return err
		}
		if _, dup := sc.Params[name]; dup {
			return r.Errf("param %s given twice", name)
		}
		sc.Params[name] = p
	}
	for _, n := range requiredParams {
		if _, ok := sc.Params[n]; !ok {
			return &scenarios.Error{File: file, Msg: "missing param " + n}
		}
	}
	for name, cols := range requiredTables {
		t, ok := tabs[name]
		if !ok {
			return &scenarios.Error{File: file, Msg: "missing table " + name}
		}
		for _, c := range cols {
			found := false
			for _, tc := range t.Cols {
				found = found || tc == c
			}
			if !found {
				return &scenarios.Error{File: t.File, Line: t.Line, Msg: fmt.Sprintf("table %s: missing column %s", name, c)}
			}
		}
	}
	// Terrain costs, in half MP.
	sc.Cost = map[string]map[string]int{}
	t := tabs["terrain"]
	for _, row := range t.Rows {
		sc.Cost[row.Key] = map[string]int{}
		for i, col := range t.Cols {
			v, err := parseMP(row.Cells[i])
			if err != nil {
				return &scenarios.Error{File: t.File, Line: row.Line, Msg: fmt.Sprintf("terrain %s/%s: %v", row.Key, col, err)}
			}
			sc.Cost[row.Key][col] = v
		}
	}
	if _, ok := sc.Cost["road"]; !ok {
		return &scenarios.Error{File: t.File, Line: t.Line, Msg: "table terrain: missing row road"}
	}
	ft, err := buildFireTable(tabs["fire"])
	if err != nil {
		return err
	}
	sc.fire = ft
	st := tabs["shock"]
	for _, row := range st.Rows {
		if n, err := strconv.Atoi(row.Key); err != nil || n < 1 || n > 6 {
			return &scenarios.Error{File: st.File, Line: row.Line, Msg: "table shock: rows are die faces 1-6"}
		}
		for i, cell := range row.Cells {
			if _, err := parseShockResult(cell); err != nil {
				return &scenarios.Error{File: st.File, Line: row.Line, Msg: fmt.Sprintf("table shock %s/%s: %v", row.Key, st.Cols[i], err)}
			}
		}
	}
	if len(st.Rows) != 6 {
		return &scenarios.Error{File: st.File, Line: st.Line, Msg: "table shock: want one row per die face 1-6"}
	}
	for _, c := range st.Cols {
		if _, err := parseOdds(c); err != nil {
			return &scenarios.Error{File: st.File, Line: st.Line, Msg: fmt.Sprintf("table shock: column %s: %v", c, err)}
		}
	}
	for _, n := range []string{"fire_mods", "shock_shifts"} {
		for _, row := range tabs[n].Rows {
			if _, err := strconv.Atoi(row.Cells[0]); err != nil {
				return &scenarios.Error{File: tabs[n].File, Line: row.Line, Msg: fmt.Sprintf("table %s: %s is not a number", n, row.Cells[0])}
			}
		}
	}
	ot := tabs["ooc"]
	if len(ot.Rows) != 6 {
		return &scenarios.Error{File: ot.File, Line: ot.Line, Msg: "table ooc: want one row per die face 1-6"}
	}
	for _, row := range ot.Rows {
		switch row.Cells[0] {
		case "normal", "attack", "withdraw":
		default:
			return &scenarios.Error{File: ot.File, Line: row.Line, Msg: "table ooc: results are normal, attack or withdraw"}
		}
	}
	return nil
}

// parseMP reads "1", "2", "1.5" or "P" into half movement points.
func parseMP(s string) (int, error) {
	if s == "P" {
		return -1, nil
	}
	whole, half, _ := strings.Cut(s, ".")
	n, err := strconv.Atoi(whole)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q: want a number of MP or P", s)
	}
	n *= 2
	switch half {
	case "":
	case "5":
		n++
	default:
		return 0, fmt.Errorf("%q: only halves allowed", s)
	}
	return n, nil
}

// checkMap validates terrain ids against the cost chart and reads labels.
func (sc *Scenario) checkMap(recs []scenarios.Record) error {
	for i := range recs {
		r := &recs[i]
		if r.Kind == "terrain" {
			if _, ok := sc.Cost[r.Args[0]]; !ok {
				return r.Errf("terrain %s has no row in the Terrain Costs Chart", r.Args[0])
			}
		}
	}
	for _, c := range sc.Map.Coords() {
		cell := sc.Map.Cell(c)
		if cell.Label != "" {
			sc.Labels[c] = strings.Split(cell.Label, "+")
			if sc.ByLabel == nil {
				sc.ByLabel = map[string][]hex.Coord{}
			}
			for _, l := range sc.Labels[c] {
				sc.ByLabel[l] = append(sc.ByLabel[l], c)
			}
		}
	}
	return nil
}

func (sc *Scenario) edges(mapRecs []scenarios.Record) error {
	for s := range 2 {
		var cs []hex.Coord
		for _, e := range sc.Sides[s].Edges {
			hs, ok := sc.Map.Edges[e]
			if !ok {
				return &scenarios.Error{File: mapRecs[0].File, Line: mapRecs[0].Line, Msg: fmt.Sprintf("side %s retreats to edge %q that the map does not name", sc.Sides[s].ID, e)}
			}
			cs = append(cs, hs...)
		}
		// Breadth-first distance from the edge over the whole map.
		d := map[hex.Coord]int{}
		q := append([]hex.Coord(nil), cs...)
		for _, c := range cs {
			d[c] = 0
		}
		for len(q) > 0 {
			c := q[0]
			q = q[1:]
			for _, n := range c.Neighbors() {
				if _, seen := d[n]; !seen && sc.Map.On(n) {
					d[n] = d[c] + 1
					q = append(q, n)
				}
			}
		}
		sc.EdgeDist[s] = d
	}
	return nil
}

func sideIndex(s string) (int, bool) {
	for i, id := range sideIDs {
		if id == s {
			return i, true
		}
	}
	return 0, false
}

func (sc *Scenario) loadOOB(recs []scenarios.Record) error {
	seenSide := [2]bool{}
	var leaderRecs []*scenarios.Record
	for i := range recs {
		r := &recs[i]
		switch r.Kind {
		case "side":
			id, err := r.Arg(0, "side id")
			if err != nil {
				return err
			}
			s, ok := sideIndex(id)
			if !ok {
				return r.Errf("unknown side %q (bourbon or allied)", id)
			}
			f, err := r.Int("facing")
			if err != nil {
				return err
			}
			r.Opt("authored", "")
			sc.Sides[s] = SideDef{ID: id, Name: r.Opt("name", id), Edges: r.List("edges"), Facing: hex.Mod6(f), ArtColor: r.Opt("artcolor", "#ffffff")}
			seenSide[s] = true
			if len(sc.Sides[s].Edges) == 0 {
				return r.Errf("side %s: missing field edges=", id)
			}
			if err := r.Unused(); err != nil {
				return err
			}
		case "formation":
			id, err := r.Arg(0, "formation id")
			if err != nil {
				return err
			}
			if _, dup := sc.FormIdx[id]; dup {
				return r.Errf("formation %s declared twice", id)
			}
			ss, err := r.Str("side")
			if err != nil {
				return err
			}
			s, ok := sideIndex(ss)
			if !ok {
				return r.Errf("unknown side %q", ss)
			}
			f := Formation{ID: id, Name: r.Opt("name", id), Color: r.Opt("color", "#808080"), Side: s, Leader: r.Opt("leader", ""), CinC: r.Opt("cinc", "")}
			if err := r.Unused(); err != nil {
				return err
			}
			sc.FormIdx[id] = len(sc.Forms)
			sc.Forms = append(sc.Forms, f)
		case "unit":
			id, err := r.Arg(0, "unit id")
			if err != nil {
				return err
			}
			if _, dup := sc.Index[id]; dup {
				return r.Errf("unit %s declared twice", id)
			}
			u := UnitDef{ID: id, File: r.File, Line: r.Line}
			if u.Type, err = r.Str("type"); err != nil {
				return err
			}
			ss, err := r.Str("side")
			if err != nil {
				return err
			}
			s, ok := sideIndex(ss)
			if !ok {
				return r.Errf("unknown side %q", ss)
			}
			u.Side = s
			u.Name = r.Opt("name", id)
			u.Short = r.Opt("short", id)
			u.Formation = r.Opt("formation", "")
			if u.Reserve, err = r.Bool("reserve"); err != nil {
				return err
			}
			u.Attach = r.Opt("attach", "")
			r.Opt("authored", "")
			switch u.Type {
			case Infantry, Cavalry, Dragoons, Artillery:
				cfs := strings.Split(r.Opt("cf", ""), "/")
				if u.Steps, err = r.Int("steps"); err != nil {
					return err
				}
				if u.Steps < 1 || u.Steps > 2 {
					return r.Errf("unit %s: steps=%d: want 1 or 2", id, u.Steps)
				}
				if len(cfs) != u.Steps {
					return r.Errf("unit %s: cf= wants %d value(s) for %d step(s) (full/reduced)", id, u.Steps, u.Steps)
				}
				for k, v := range cfs {
					n, err := strconv.Atoi(v)
					if err != nil || n < 0 {
						return r.Errf("unit %s: cf=%s is not a combat factor", id, r.Fields["cf"])
					}
					u.CF[k] = n
				}
				if u.MP, err = r.Int("mp"); err != nil {
					return err
				}
				if u.Type == Artillery {
					if u.Shock, err = r.OptInt("shock", 0); err != nil {
						return err
					}
					if u.Formation != "" {
						return r.Errf("unit %s: artillery belongs to no formation [12]", id)
					}
				} else {
					if u.Morale, err = r.Int("morale"); err != nil {
						return err
					}
					if u.Formation == "" && !u.Reserve {
						return r.Errf("unit %s: missing field formation=", id)
					}
				}
			case Leader, Commander:
				if u.Rating, err = r.Int("rating"); err != nil {
					return err
				}
				if u.Radius, err = r.Int("radius"); err != nil {
					return err
				}
				// The command radii are the book's [6]: the counters must agree.
				want := sc.P("leader_radius")
				if u.Type == Commander {
					want = sc.P("cinc_radius")
				}
				if u.Radius != want {
					return r.Errf("%s %s: radius=%d, but the book gives %d [6]", u.Type, id, u.Radius, want)
				}
				if u.MP, err = r.Int("mp"); err != nil {
					return err
				}
				if u.Type == Commander {
					u.Commands = r.List("commands")
					if len(u.Commands) == 0 {
						return r.Errf("commander %s: missing field commands=", id)
					}
				} else {
					leaderRecs = append(leaderRecs, r)
					if u.Formation == "" {
						return r.Errf("leader %s: missing field formation=", id)
					}
				}
			case Train:
				if u.CinC, err = r.Str("cinc"); err != nil {
					return err
				}
			default:
				return r.Errf("unit %s: unknown type %q", id, u.Type)
			}
			if err := r.Unused(); err != nil {
				return err
			}
			sc.Index[id] = len(sc.Units)
			sc.Units = append(sc.Units, u)
		default:
			return r.Errf("unknown record %q in an order of battle", r.Kind)
		}
	}
	file := "oob"
	if len(recs) > 0 {
		file = recs[0].File
	}
	for s := range 2 {
		if !seenSide[s] {
			return &scenarios.Error{File: file, Msg: "missing side " + sideIDs[s]}
		}
	}
	// Cross references.
	for i := range sc.Units {
		u := &sc.Units[i]
		at := &scenarios.Error{File: u.File, Line: u.Line}
		bad := func(format string, args ...any) error { at.Msg = fmt.Sprintf(format, args...); return at }
		if u.Formation != "" {
			f := sc.Form(u.Formation)
			if f == nil {
				return bad("unit %s: unknown formation %s", u.ID, u.Formation)
			}
			if f.Side != u.Side {
				return bad("unit %s: formation %s belongs to the other side", u.ID, u.Formation)
			}
		}
		if u.Attach != "" && sc.Form(u.Attach) == nil {
			return bad("unit %s: attach=%s is not a formation", u.ID, u.Attach)
		}
		for _, f := range u.Commands {
			if sc.Form(f) == nil {
				return bad("commander %s: unknown formation %s", u.ID, f)
			}
		}
		if u.Type == Train {
			c := sc.Unit(u.CinC)
			if c == nil || c.Type != Commander || c.Side != u.Side {
				return bad("train %s: cinc=%s is not a commander in chief of its side", u.ID, u.CinC)
			}
		}
	}
	for i := range sc.Forms {
		f := &sc.Forms[i]
		l := sc.Unit(f.Leader)
		if l == nil || l.Type != Leader || l.Formation != f.ID {
			return &scenarios.Error{File: file, Msg: fmt.Sprintf("formation %s: leader %q is not a leader of that formation", f.ID, f.Leader)}
		}
		c := sc.Unit(f.CinC)
		if c == nil || c.Type != Commander {
			return &scenarios.Error{File: file, Msg: fmt.Sprintf("formation %s: cinc %q is not a commander in chief", f.ID, f.CinC)}
		}
	}
	return nil
}

func (sc *Scenario) loadSetup(recs []scenarios.Record) error {
	for i := range recs {
		r := &recs[i]
		if r.Kind != "place" {
			return r.Errf("unknown record %q in a set-up file", r.Kind)
		}
		if len(r.Args) != 2 {
			return r.Errf("place: want a unit and a hex (place av1 1202)")
		}
		u := sc.Unit(r.Args[0])
		if u == nil {
			return r.Errf("place: unknown unit %s", r.Args[0])
		}
		if _, dup := sc.Setup[u.ID]; dup {
			return r.Errf("place: unit %s placed twice", u.ID)
		}
		c, err := sc.Map.ParseOn(r.Args[1])
		if err != nil {
			return r.Errf("place %s: %v", u.ID, err)
		}
		if a := r.Opt("alt", ""); a != "" {
			ac, err := sc.Map.ParseOn(a)
			if err != nil {
				return r.Errf("place %s alt: %v", u.ID, err)
			}
			if !u.Reserve {
				return r.Errf("place %s: alt= is only for the cavalry reserve [15]", u.ID)
			}
			sc.SetupAlt[u.ID] = ac
		}
		if err := r.Unused(); err != nil {
			return err
		}
		sc.Setup[u.ID] = c
		sc.order = append(sc.order, u.ID)
	}
	file := "setup"
	if len(recs) > 0 {
		file = recs[0].File
	}
	for _, u := range sc.Units {
		if _, ok := sc.Setup[u.ID]; !ok {
			return &scenarios.Error{File: file, Msg: "unit " + u.ID + " has no place in the set-up"}
		}
	}
	for _, u := range sc.Units {
		if _, ok := sc.SetupAlt[u.ID]; u.Reserve && !ok {
			return &scenarios.Error{File: file, Msg: "reserve unit " + u.ID + " has no alt= place for the Cavalry Reserve rule"}
		}
	}
	// The historical set-up must obey the set-up rules [4] and stacking [8],
	// with and without the cavalry reserve rule: replay it through a state in
	// the rules' own deployment order and report the first broken rule.
	for _, reserve := range []bool{false, true} {
		st := newBareState(sc, map[string]bool{OptReserve: reserve})
		for _, i := range st.historicalOrder() {
			u := &sc.Units[i]
			c := st.historicalHex(i)
			if why := st.setupProblem(i, c, true); why != "" {
				r := recs[0]
				for k := range recs {
					if recs[k].Args[0] == u.ID {
						r = recs[k]
					}
				}
				opt := ""
				if reserve {
					opt = " (with the Cavalry Reserve rule)"
				}
				return r.Errf("place %s %s%s: %s", u.ID, sc.Map.Num(c), opt, why)
			}
			st.place(i, c)
		}
	}
	return nil
}
