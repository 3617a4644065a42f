package albuera

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"grognard/rules/hex"
	"grognard/scenarios"
)

// Sides [3.1]: index 0 the French (Soult), 1 the Allied army (Beresford).
const (
	French = 0
	Allied = 1
)

var sideIDs = [2]string{"french", "allied"}
var sideNames = [2]string{"French", "Allied"}

// Unit kinds of the order of battle.
const (
	KInf  = "infantry"  // battalion [5]-[7]
	KComp = "company"   // detached company in Skirmish Order [8]
	KCav  = "cavalry"   // squadron(s) [9]
	KArt  = "artillery" // battery [10]
	KCdr  = "commander" // [4]
)

// Arrays [5]-[10].
const (
	Column   = "column"
	Line     = "line"
	Square   = "square"
	Skirmish = "skirmish"
	Mounted  = "cavalry"
	Foot     = "foot"     // unlimbered foot artillery [10.13]
	Limbered = "limbered" // [10.14]
	Horse    = "horse"    // horse artillery [10.15]
)

// Commander kinds [4.3].
const (
	CinC     = "cinc"
	Division = "division"
	Brigade  = "brigade"
)

// Frac is a firepower rate num/den of Manpower [3.4].
type Frac struct{ Num, Den int }

// UnitDef is one counter (or commander) of the order of battle.
type UnitDef struct {
	ID, Name  string
	Side      int
	Kind      string
	Nation    string // french, polish, british, kgl, portuguese, spanish
	Cmd       string // superior commander id (brigade or, for support units, the chart's superior)
	Support   bool   // on the Supporting Units Chart [4.7]
	Return    string // commander whose hex a routed support unit returns to [15.11.4]
	N         int    // initial Manpower [3.4]
	Morale    [2]int // front and back [3.4]
	FPLine    Frac   // Firepower in Line [3.4]
	FPColumn  Frac   // Firepower in Column
	Salvo     int    // companies: salvo effect modifier ("M-1" = -1) [3.4]
	HasSalvo  bool
	NoFire    bool   // no Firepower rating [3.4]
	Baker     bool   // underlined identifier [8.11]
	Star      bool   // white star on Line/Column counters [8.11.2]
	Company   string // its skirmish company
	Battalion string // a company's battalion
	ArtKind   string // foot | horse
	Calibre   string
	Guns      int
	Stars     int // white stars [10.8]
	Rect      int // Manpower from which it is a rectangle in Line [6.2]
	Back      int // Manpower printed on the back: the counter flips at it [3.4]
	CKind     string
	Chit      bool
	Coord     int // Coordination Rating [4.5.2]
	Colour    string
	Type      string // the renderer's unit type, when the data gives one
	File      string
	Line      int
}

// British reports British (or KGL) troops [5.1], [13.1A].
func (u *UnitDef) British() bool { return u.Nation == "british" || u.Nation == "kgl" }

// rectMin is the Manpower from which a battalion in Line is a rectangle
// [6.2] (params rect_min_british, rect_min_french; set by the loader).
func (u *UnitDef) rectMin() int { return u.Rect }

// stackOK is the stacking limit of one side's units on a hex [11.1],
// [11.2]: never infantry with cavalry, at most one battery, with it at most
// stack_art_inf battalions or stack_art_cav squadrons.
func (sc *Scenario) stackOK(inf, cav, art int) bool {
	switch {
	case inf > 0 && cav > 0 || art > 1:
		return false
	case art == 1:
		return inf <= sc.stackN[0] && cav <= sc.stackN[1]
	}
	return inf <= sc.stackN[2] && cav <= sc.stackN[3]
}

// Placement is one unit's set-up.
type Placement struct {
	Unit   string
	At     hex.Coord
	With   hex.Coord // second hex of a rectangle
	Two    bool
	Array  string
	Facing int
	File   string
	Line   int
}

// Param is a constant with its source.
type Param = scenarios.Param

// Band is one artillery range band [10.3]: from Lo to Hi hexes the effect
// is a Morale Check at Mod.
type Band struct{ Lo, Hi, Mod int }

// Shift is a row of the Clash Combat Shifts Table [15.7b].
type Shift struct {
	ID    string
	Side  string // attacker | defender | both
	Value int
	Rule  string
}

// Scenario is the static data shared by every state.
type Scenario struct {
	ID     string
	Map    *hex.Map
	Units  []UnitDef
	Index  map[string]int
	Setup  []Placement
	Params map[string]Param
	Tables map[string]*scenarios.Table
	// Cost[terrain][array] in half MP, -1 prohibited; rows climb, river,
	// slope add to the hex cost.
	Cost    map[string]map[string]int
	Musket  []musketRow
	Clash   map[string][10]clashResult // column -> die -> result
	Bands   map[string][]Band          // calibre -> bands
	Shifts  []Shift
	Cover   map[string]int // target terrain -> Morale Check modifier
	ArtArr  map[string]int // target array -> MC modifier under Artillery Fire
	Pool    map[int][2][]string
	Return  [2][]hex.Coord    // [15.11.4]
	AutoWin map[string][2]int // agreed automatic-victory leads (table autowin; 0 = none) [16.4]
	Back    map[int]int       // initial Manpower -> Manpower of the back side (table losses) [3.4]
	Stars   []starsRow        // white stars by guns (table stars) [10.8]
	once    sync.Once
	static  []static
	Act     map[string]int       // costs of actions in half MP (table actions, optional)
	MMods   map[string]int       // Morale Check modifiers (table morale_mods, optional)
	nums    map[hex.Coord]string // printed hex numbers, made once (speed)
	// dense numbering of the map's bounding box in axial coordinates, for
	// the occupancy index (speed)
	minQ, minR, spanR, denseN int
	cdr                       []bool   // unit i is a commander (speed)
	rng                       []int    // unit i's maximum fire range (rangeOf, speed)
	stackN                    [4]int   // params stack_art_inf, stack_art_cav, stack_inf, stack_cav (speed)
	on                        []bool   // dense hex k is on the map (speed)
	numD                      []string // dense hex k's printed number, "" if none (speed)
	traceMu                   sync.Mutex
	traces                    map[traceKey][]hex.LineStep
	fast                      fastTables // read-only tables made once at build (speed)
	costOnce                  sync.Once
	costCols                  map[string]int // enterCost column -> index in costD
	costColNames              []string       // the same, by index
	costD                     [][]int16      // column -> dense hex*6+direction -> enterCost (-2: ask enterCostSlow)
	dieOuts                   sync.Map       // rule -> the ten outcomes of a die roll citing it (dieOutcomes; read-only)
}

// dense is c's index in the map's bounding box, -1 off it.
func (sc *Scenario) dense(c hex.Coord) int {
	q, r := c.Q-sc.minQ, c.R-sc.minR
	if q < 0 || r < 0 || r >= sc.spanR {
		return -1
	}
	k := q*sc.spanR + r
	if k >= sc.denseN {
		return -1
	}
	return k
}

type starsRow struct{ Lo, Hi, Stars int }

// starsFor gives the white stars of a battery of n guns [10.8].
func (sc *Scenario) starsFor(n int) (int, bool) {
	for _, r := range sc.Stars {
		if n >= r.Lo && n <= r.Hi {
			return r.Stars, true
		}
	}
	return 0, false
}

// act is the cost of a named action in half MP (table actions) or def.
func (sc *Scenario) act(name string, def int) int {
	if f := &sc.fast; f.built {
		if k := hotAct(name); k >= 0 { // read once from the table (speed)
			if f.actOK[k] {
				return f.actV[k]
			}
			return def
		}
	}
	if v, ok := sc.Act[name]; ok {
		return v
	}
	return def
}

// mmod is a Morale Check modifier (table morale_mods) or def.
func (sc *Scenario) mmod(name string, def int) int {
	if v, ok := sc.MMods[name]; ok {
		return v
	}
	return def
}

type musketRow struct {
	Lo, Hi int // firepower band (Hi 99 for "8+")
	Key    string
	Mod    int
}

type clashResult struct {
	Loser int // 0 attacker lost, 1 defender lost
	Delay int
	Text  string
}

// P returns a parameter's value.
func (sc *Scenario) P(name string) int { return sc.Params[name].Value }

// Def returns a unit's static data (nil if unknown).
func (sc *Scenario) Def(id string) *UnitDef {
	if i, ok := sc.Index[id]; ok {
		return &sc.Units[i]
	}
	return nil
}

// requiredParams are every param the rules read (a loader test checks that
// the data has no other and that each is read in the code).
var requiredParams = []string{"turns", "turn_minutes", "start_hour", "vp_french", "vp_allied", "command_range", "musket_range", "fires", "baker_fires",
	"mp_infantry", "mp_cavalry", "mp_commander", "mp_foot", "mp_limbered", "mp_horse", "mp_double", "mp_square",
	"square_min_mp", "square_fp_pct", "rect_min_british", "rect_min_french", "charge_hexes",
	"stack_inf", "stack_cav", "stack_art_inf", "stack_art_cav", "react_best", "react_rout",
	"cmd_hit_art_range", "lone_battery_fire_range", "lone_battery_late_fire",
	"vp_clash", "vp_fire_elim", "vp_blocked", "vp_capture", "vp_recapture", "vp_commander",
	"first_fire", "second_fire", "late_fire", "fire_flank", "baker_star", "battery_star"}

// requiredTables are every table the rules read, with the columns they
// need.
var requiredTables = map[string][]string{
	"terrain": costCols, "musket": {"effect"}, "clash": {"-4", "-3", "-2", "-1", "0", "+1", "+2", "+3", "+4", "svc"},
	"artillery": {"bands"}, "clash_shifts": {"side", "value"}, "cover": {"mod"}, "pool": {"french", "allied"},
	"artillery_target": {"mod"}, "return": {"hexes"}, "losses": {"front", "back"}, "stars": {"stars"},
	"actions": {"mp"}, "morale_mods": {"value"}, "autowin": {"french", "allied"},
}

// actionRows and moraleRows are the rows of table actions and table
// morale_mods the rules read.
var actionRows = []string{"face", "face_company", "rear", "enemy_hex", "friendly_pass", "reorder", "fire", "form_square",
	"leave_square", "free_square", "detach", "column_to_line", "line_to_column", "to_rectangle", "limber", "unlimber"}
var moraleRows = []string{"british_front", "flank_rear", "in_command", "square_vs_cav", "line_vs_cav", "skirmish_vs_cav", "french_cav_win"}

// Terrain-table columns (arrays) and rows that add to a hex's cost.
var costCols = []string{Column, Line, Square, Skirmish, Mounted, Limbered, Horse, Foot}
var costAdds = []string{"climb", "river", "slope"}

// LoadScenario reads the system files scenarios/<system>/*.txt and the
// scenario files scenarios/<system>/<scenario>/*.txt.
func LoadScenario(system, scenario string) (*Scenario, error) {
	var files []string
	for _, f := range scenarios.Files(system) {
		rest := strings.TrimPrefix(f, system+"/")
		if strings.HasSuffix(f, ".txt") && (!strings.Contains(rest, "/") || strings.HasPrefix(rest, scenario+"/") && !strings.Contains(strings.TrimPrefix(rest, scenario+"/"), "/")) {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return nil, &scenarios.Error{File: system + "/" + scenario, Msg: "no data files"}
	}
	var sets [][]scenarios.Record
	for _, f := range files {
		recs, err := scenarios.Load(f)
		if err != nil {
			return nil, err
		}
		sets = append(sets, recs)
	}
	return BuildScenario(scenario, sets...)
}

// BuildScenario assembles parsed data files. The file whose first record is
// 'map' is the hex map; the other records are sorted by kind: param and
// tables, the order of battle (commander, unit, company, cavalry,
// artillery) and the set-up (place). Every problem names file:line.
func BuildScenario(id string, sets ...[]scenarios.Record) (*Scenario, error) {
	sc := &Scenario{ID: id, Index: map[string]int{}, Params: map[string]Param{}, Cover: map[string]int{}, ArtArr: map[string]int{},
		Pool: map[int][2][]string{}, Bands: map[string][]Band{}, Clash: map[string][10]clashResult{}}
	var tabRecs, oob, setup []scenarios.Record
	var mapRecs []scenarios.Record
	for _, recs := range sets {
		if len(recs) == 0 {
			continue
		}
		if recs[0].Kind == "map" {
			if mapRecs != nil {
				return nil, recs[0].Errf("a second map file")
			}
			mapRecs = recs
			continue
		}
		for _, r := range recs {
			switch r.Kind {
			case "param", "table", "cols", "row":
				tabRecs = append(tabRecs, r)
			case "commander", "unit", "company", "cavalry", "artillery":
				oob = append(oob, r)
			case "place":
				setup = append(setup, r)
			default:
				return nil, r.Errf("unknown record %q (want param, table, cols, row, commander, unit, company, cavalry, artillery or place)", r.Kind)
			}
		}
	}
	if mapRecs == nil {
		return nil, &scenarios.Error{File: id, Msg: "no map file (a file whose first record is 'map')"}
	}
	m, err := scenarios.ParseHexMap(mapRecs)
	if err != nil {
		return nil, err
	}
	sc.Map = m
	sc.nums = make(map[hex.Coord]string, len(m.Cells))
	first := true
	maxQ, maxR := 0, 0
	for c := range m.Cells {
		sc.nums[c] = m.Num(c)
		if first || c.Q < sc.minQ {
			sc.minQ = c.Q
		}
		if first || c.R < sc.minR {
			sc.minR = c.R
		}
		if first || c.Q > maxQ {
			maxQ = c.Q
		}
		if first || c.R > maxR {
			maxR = c.R
		}
		first = false
	}
	sc.spanR = maxR - sc.minR + 1
	sc.denseN = (maxQ - sc.minQ + 1) * sc.spanR
	if err := sc.loadTables(tabRecs); err != nil {
		return nil, err
	}
	sc.stackN = [4]int{sc.P("stack_art_inf"), sc.P("stack_art_cav"), sc.P("stack_inf"), sc.P("stack_cav")}
	if err := sc.loadOOB(oob); err != nil {
		return nil, err
	}
	if err := sc.loadSetup(setup); err != nil {
		return nil, err
	}
	sc.on = make([]bool, sc.denseN)
	sc.numD = make([]string, sc.denseN)
	for c := range sc.Map.Cells {
		if k := sc.dense(c); k >= 0 {
			sc.on[k] = true
		}
	}
	for c, n := range sc.nums {
		if k := sc.dense(c); k >= 0 {
			sc.numD[k] = n
		}
	}
	sc.cdr = make([]bool, len(sc.Units))
	sc.rng = make([]int, len(sc.Units))
	for i, d := range sc.Units {
		sc.cdr[i] = d.Kind == KCdr
		sc.rng[i] = sc.rangeOfDef(&sc.Units[i])
	}
	sc.buildFast()
	return sc, nil
}

func tabErr(t *scenarios.Table, line int, format string, args ...any) error {
	return &scenarios.Error{File: t.File, Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (sc *Scenario) loadTables(recs []scenarios.Record) error {
	tabs, rest, err := scenarios.Tables(recs)
	if err != nil {
		return err
	}
	sc.Tables = tabs
	file := "tables.txt"
	for i := range rest {
		r := &rest[i]
		file = r.File
		name, p, err := scenarios.ReadParam(r)
		if err != nil {
			return err
		}
		if _, dup := sc.Params[name]; dup {
			return r.Errf("param %s given twice", name)
		}
		if !slices.Contains(requiredParams, name) {
			return r.Errf("param %s is not read by the rules", name)
		}
		sc.Params[name] = p
	}
	for _, n := range requiredParams {
		if _, ok := sc.Params[n]; !ok {
			return &scenarios.Error{File: file, Msg: "missing param " + n}
		}
	}
	need := requiredTables
	for n := range tabs {
		if _, ok := need[n]; !ok {
			return tabErr(tabs[n], tabs[n].Line, "table %s is not read by the rules", n)
		}
	}
	names := make([]string, 0, len(need))
	for n := range need {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		t, ok := tabs[name]
		if !ok {
			return &scenarios.Error{File: file, Msg: "missing table " + name}
		}
		for _, c := range need[name] {
			found := false
			for _, tc := range t.Cols {
				found = found || tc == c
			}
			if !found {
				return tabErr(t, t.Line, "table %s: missing column %s", name, c)
			}
		}
	}
	// Terrain Effects Table, in half MP [12.2].
	sc.Cost = map[string]map[string]int{}
	t := tabs["terrain"]
	for _, row := range t.Rows {
		sc.Cost[row.Key] = map[string]int{}
		for i, col := range t.Cols {
			v, err := parseMP(row.Cells[i])
			if err != nil {
				return tabErr(t, row.Line, "terrain %s/%s: %v", row.Key, col, err)
			}
			sc.Cost[row.Key][col] = v
		}
	}
	for _, a := range costAdds {
		if _, ok := sc.Cost[a]; !ok {
			return tabErr(t, t.Line, "table terrain: missing row %s (a cost added to the hex)", a)
		}
	}
	for _, c := range sc.Map.Coords() {
		if _, ok := sc.Cost[sc.Map.Cell(c).Terrain]; !ok {
			return tabErr(t, t.Line, "table terrain: no row for terrain %q used on the map at %s", sc.Map.Cell(c).Terrain, sc.Map.Num(c))
		}
	}
	// Musket Fire Table [14.9.3].
	mt := tabs["musket"]
	for _, row := range mt.Rows {
		lo, hi, err := parseBand(row.Key)
		if err != nil {
			return tabErr(mt, row.Line, "table musket: row %s: %v", row.Key, err)
		}
		mod, err := parseEffect(row.Cells[0])
		if err != nil {
			return tabErr(mt, row.Line, "table musket: %v", err)
		}
		sc.Musket = append(sc.Musket, musketRow{Lo: lo, Hi: hi, Key: row.Key, Mod: mod})
	}
	sort.Slice(sc.Musket, func(i, j int) bool { return sc.Musket[i].Lo < sc.Musket[j].Lo })
	for i, r := range sc.Musket {
		if i == 0 && r.Lo != 1 || i > 0 && r.Lo != sc.Musket[i-1].Hi+1 {
			return tabErr(mt, mt.Line, "table musket: rows must cover 1 and up without gaps (row %s)", r.Key)
		}
	}
	if sc.Musket[len(sc.Musket)-1].Hi != 99 {
		return tabErr(mt, mt.Line, "table musket: the last row must be open ('8+')")
	}
	// Clash Table [15.7].
	ct := tabs["clash"]
	if len(ct.Rows) != 10 {
		return tabErr(ct, ct.Line, "table clash: want one row per die face 0-9 [2.2]")
	}
	for ci, col := range ct.Cols {
		var res [10]clashResult
		for _, row := range ct.Rows {
			d, err := strconv.Atoi(row.Key)
			if err != nil || d < 0 || d > 9 {
				return tabErr(ct, row.Line, "table clash: rows are die faces 0-9")
			}
			cr, err := parseClash(row.Cells[ci])
			if err != nil {
				return tabErr(ct, row.Line, "table clash %s/%s: %v", row.Key, col, err)
			}
			res[d] = cr
		}
		sc.Clash[col] = res
	}
	// Artillery bands [10.3], [14.8].
	at := tabs["artillery"]
	for _, row := range at.Rows {
		for _, b := range strings.Split(row.Cells[0], ",") {
			rng, eff, ok := strings.Cut(b, ":")
			if !ok {
				return tabErr(at, row.Line, "table artillery %s: band %q: want RANGE:EFFECT (3-4:1M)", row.Key, b)
			}
			lo, hi, err := parseBand(rng)
			if err != nil {
				return tabErr(at, row.Line, "table artillery %s: %v", row.Key, err)
			}
			mod, err := parseEffect(eff)
			if err != nil {
				return tabErr(at, row.Line, "table artillery %s: %v", row.Key, err)
			}
			sc.Bands[row.Key] = append(sc.Bands[row.Key], Band{lo, hi, mod})
		}
	}
	// Clash Combat Shifts Table [15.7b]; each id is one predicate in clash.go.
	st := tabs["clash_shifts"]
	for _, row := range st.Rows {
		if _, ok := shiftPreds[row.Key]; !ok {
			return tabErr(st, row.Line, "table clash_shifts: unknown shift %q (known: %s)", row.Key, strings.Join(shiftIDs(), ", "))
		}
		side := row.Cells[0]
		if side != "attacker" && side != "defender" && side != "both" {
			return tabErr(st, row.Line, "table clash_shifts %s: side is attacker, defender or both", row.Key)
		}
		v, err := strconv.Atoi(row.Cells[1])
		if err != nil {
			return tabErr(st, row.Line, "table clash_shifts %s: value %q is not a number", row.Key, row.Cells[1])
		}
		sc.Shifts = append(sc.Shifts, Shift{ID: row.Key, Side: side, Value: v, Rule: "15.7"})
	}
	for _, n := range []string{"cover", "artillery_target"} {
		tb := tabs[n]
		for _, row := range tb.Rows {
			v, err := strconv.Atoi(row.Cells[0])
			if err != nil {
				return tabErr(tb, row.Line, "table %s %s: %q is not a number", n, row.Key, row.Cells[0])
			}
			if n == "cover" {
				sc.Cover[row.Key] = v
			} else {
				sc.ArtArr[row.Key] = v
			}
		}
	}
	sc.Act, sc.MMods = map[string]int{}, map[string]int{}
	if at, ok := tabs["actions"]; ok {
		for _, row := range at.Rows {
			v, err := parseMP(row.Cells[0])
			if err != nil || v < 0 {
				return tabErr(at, row.Line, "table actions %s: %q is not a cost", row.Key, row.Cells[0])
			}
			sc.Act[row.Key] = v
		}
	}
	if mt, ok := tabs["morale_mods"]; ok {
		for _, row := range mt.Rows {
			v, err := strconv.Atoi(row.Cells[0])
			if err != nil {
				return tabErr(mt, row.Line, "table morale_mods %s: %q is not a number", row.Key, row.Cells[0])
			}
			sc.MMods[row.Key] = v
		}
	}
	// The losses ladder [3.4]: front and back levels for each initial Manpower.
	sc.Back = map[int]int{}
	lt := tabs["losses"]
	for _, row := range lt.Rows {
		n, err1 := strconv.Atoi(row.Key)
		f, err2 := strconv.Atoi(row.Cells[0])
		b, err3 := strconv.Atoi(row.Cells[1])
		if err1 != nil || err2 != nil || err3 != nil || n < 1 || f < 1 || b < 0 || f+b != n {
			return tabErr(lt, row.Line, "table losses %s: want front and back levels adding up to the Manpower [3.4]", row.Key)
		}
		sc.Back[n] = b
	}
	// Automatic-victory leads the players may agree instead of the book's [16.4].
	sc.AutoWin = map[string][2]int{}
	awt := tabs["autowin"]
	for _, row := range awt.Rows {
		var v [2]int
		for k := 0; k < 2; k++ {
			if row.Cells[k] == "-" {
				continue
			}
			n, err := strconv.Atoi(row.Cells[k])
			if err != nil || n < 1 {
				return tabErr(awt, row.Line, "table autowin %s: %q: want a lead of at least 1 VP, or - for none", row.Key, row.Cells[k])
			}
			v[k] = n
		}
		if (v[0] == 0) != (v[1] == 0) {
			return tabErr(awt, row.Line, "table autowin %s: give both leads or neither", row.Key)
		}
		sc.AutoWin[row.Key] = v
	}
	// White stars by guns [10.8].
	stt := tabs["stars"]
	for _, row := range stt.Rows {
		lo, hi, err := parseBand(row.Key)
		n, err2 := strconv.Atoi(row.Cells[0])
		if err != nil || err2 != nil || n < 0 {
			return tabErr(stt, row.Line, "table stars %s: want a range of guns (2-3) and a number of stars", row.Key)
		}
		sc.Stars = append(sc.Stars, starsRow{lo, hi, n})
	}
	for _, n := range actionRows {
		if _, ok := sc.Act[n]; !ok {
			return tabErr(tabs["actions"], tabs["actions"].Line, "table actions: missing row %s", n)
		}
	}
	for _, n := range moraleRows {
		if _, ok := sc.MMods[n]; !ok {
			return tabErr(tabs["morale_mods"], tabs["morale_mods"].Line, "table morale_mods: missing row %s", n)
		}
	}
	rt := tabs["return"]
	for _, row := range rt.Rows {
		si := sideIndex(row.Key)
		if si < 0 {
			return tabErr(rt, row.Line, "table return: row %s is not a side (french, allied)", row.Key)
		}
		for _, h := range strings.Split(row.Cells[0], ",") {
			c, err := sc.Map.ParseOn(h)
			if err != nil {
				return tabErr(rt, row.Line, "table return %s: %v", row.Key, err)
			}
			sc.Return[si] = append(sc.Return[si], c)
		}
	}
	if len(sc.Return[0]) == 0 || len(sc.Return[1]) == 0 {
		return tabErr(rt, rt.Line, "table return: give the return hexes of both sides [15.11.4]")
	}
	return nil
}

func sideIndex(s string) int {
	for i, id := range sideIDs {
		if s == id {
			return i
		}
	}
	return -1
}

// parseMP reads "1", "1.5" or "P" into half movement points.
func parseMP(s string) (int, error) {
	if s == "P" {
		return -1, nil
	}
	whole, half, _ := strings.Cut(s, ".")
	n, err := strconv.Atoi(whole)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a cost (1, 1.5, P)", s)
	}
	switch half {
	case "", "0":
		return 2 * n, nil
	case "5":
		return 2*n + 1, nil
	}
	return 0, fmt.Errorf("%q: costs are in half points", s)
}

// parseBand reads "2-4", "1", "8+".
func parseBand(s string) (int, int, error) {
	if strings.HasSuffix(s, "+") {
		n, err := strconv.Atoi(strings.TrimSuffix(s, "+"))
		if err != nil {
			return 0, 0, fmt.Errorf("band %q", s)
		}
		return n, 99, nil
	}
	a, b, ok := strings.Cut(s, "-")
	lo, err := strconv.Atoi(a)
	if err != nil {
		return 0, 0, fmt.Errorf("band %q", s)
	}
	hi := lo
	if ok {
		if hi, err = strconv.Atoi(b); err != nil || hi < lo {
			return 0, 0, fmt.Errorf("band %q", s)
		}
	}
	return lo, hi, nil
}

// parseEffect reads a fire effect: "M-1", "M", "1M", "2M" -> modifier of the
// target's Morale Check [3.4], [10.3].
func parseEffect(s string) (int, error) {
	switch {
	case s == "M":
		return 0, nil
	case strings.HasPrefix(s, "M-"):
		n, err := strconv.Atoi(s[2:])
		if err == nil {
			return -n, nil
		}
	case strings.HasSuffix(s, "M"):
		n, err := strconv.Atoi(strings.TrimSuffix(s, "M"))
		if err == nil {
			return n, nil
		}
	}
	return 0, fmt.Errorf("effect %q: want M-1, M, 1M, 2M", s)
}

func effectText(mod int) string {
	switch {
	case mod < 0:
		return fmt.Sprintf("M%d", mod)
	case mod == 0:
		return "M"
	}
	return fmt.Sprintf("%dM", mod)
}

func parseClash(s string) (clashResult, error) {
	if len(s) < 3 || (s[0] != 'A' && s[0] != 'D') || s[1] != '+' {
		return clashResult{}, fmt.Errorf("result %q: want A+n or D+n", s)
	}
	n, err := strconv.Atoi(s[2:])
	if err != nil || n < 1 || n > 9 {
		return clashResult{}, fmt.Errorf("result %q: want A+n or D+n", s)
	}
	l := 0
	if s[0] == 'D' {
		l = 1
	}
	return clashResult{Loser: l, Delay: n, Text: s}, nil
}

func parseFrac(s string) (Frac, error) {
	if strings.HasSuffix(s, "%") {
		n, err := strconv.Atoi(strings.TrimSuffix(s, "%"))
		if err != nil || n < 0 {
			return Frac{}, fmt.Errorf("firepower %q", s)
		}
		if n == 66 || n == 67 {
			return Frac{2, 3}, nil // "66% means 2/3" [3.4]
		}
		if n == 33 {
			return Frac{1, 3}, nil
		}
		return Frac{n, 100}, nil
	}
	a, b, ok := strings.Cut(s, "/")
	n, err1 := strconv.Atoi(a)
	d := 1
	var err2 error
	if ok {
		d, err2 = strconv.Atoi(b)
	}
	if err1 != nil || err2 != nil || d <= 0 || n < 0 {
		return Frac{}, fmt.Errorf("firepower %q: want 2/3 or 66%%", s)
	}
	return Frac{n, d}, nil
}

func (sc *Scenario) loadOOB(recs []scenarios.Record) error {
	for i := range recs {
		r := &recs[i]
		id, err := r.Arg(0, "identifier")
		if err != nil {
			return err
		}
		if _, dup := sc.Index[id]; dup {
			return r.Errf("%s defined twice", id)
		}
		d := UnitDef{ID: id, Name: r.Opt("name", id), Kind: r.Kind, File: r.File, Line: r.Line}
		if r.Kind == "unit" {
			d.Kind = KInf
		}
		sideS := r.Opt("side", "")
		d.Side = sideIndex(sideS)
		if d.Side < 0 && r.Kind != "company" {
			return r.Errf("%s: side=%q: want french or allied", id, sideS)
		}
		d.Nation = r.Opt("nation", "")
		d.Cmd = r.Opt("commander", "")
		d.Return = r.Opt("return", "")
		d.Support = r.Opt("support", "") == "yes"
		d.Colour = r.Opt("colour", "")
		r.Opt("book", "")
		r.Opt("authored", "")
		d.Type = r.Opt("type", "")
		switch r.Kind {
		case "commander":
			d.CKind = r.Opt("kind", "")
			if d.CKind != CinC && d.CKind != Division && d.CKind != Brigade {
				return r.Errf("commander %s: kind=%q: want cinc, division or brigade", id, d.CKind)
			}
			d.Cmd = r.Opt("superior", "")
			d.Chit = r.Opt("chit", "no") == "yes"
			if d.Coord, err = r.OptInt("coord", 0); err != nil {
				return err
			}
		case "unit", "cavalry":
			if d.N, err = r.Int("mp"); err != nil {
				return err
			}
			if d.N < 1 || d.N > 10 {
				return r.Errf("%s: mp=%d: Manpower is 1 to 10 [3.4]", id, d.N)
			}
			if d.Morale[0], err = r.Int("morale"); err != nil {
				return err
			}
			if d.Morale[1], err = r.OptInt("morale2", d.Morale[0]); err != nil {
				return err
			}
			if r.Kind == "unit" {
				fl, fc := r.Opt("fp_line", ""), r.Opt("fp_column", "")
				if fl == "" && fc == "" {
					d.NoFire = true
				} else {
					if d.FPLine, err = parseFrac(fl); err != nil {
						return r.Errf("%s: fp_line: %v", id, err)
					}
					if fc == "" {
						fc = fl
					}
					if d.FPColumn, err = parseFrac(fc); err != nil {
						return r.Errf("%s: fp_column: %v", id, err)
					}
				}
				d.Company = r.Opt("company", "")
				d.Baker = r.Opt("baker", "") == "yes"
				d.Star = r.Opt("star", "") == "yes" || d.Baker
			}
		case "company":
			d.Battalion = r.Opt("battalion", "")
			if d.N, err = r.OptInt("mp", 1); err != nil {
				return err
			}
			if d.Morale[0], err = r.OptInt("morale", 0); err != nil {
				return err
			}
			d.Morale[1] = d.Morale[0]
			d.Baker = r.Opt("baker", "") == "yes"
			if s := r.Opt("salvo", ""); s != "" {
				if d.Salvo, err = parseEffect(s); err != nil {
					return r.Errf("%s: salvo: %v", id, err)
				}
				d.HasSalvo = true
			} else {
				d.NoFire = true
			}
		case "artillery":
			d.ArtKind = r.Opt("kind", Foot)
			if d.ArtKind != Foot && d.ArtKind != Horse {
				return r.Errf("artillery %s: kind=%q: want foot or horse", id, d.ArtKind)
			}
			d.Calibre = r.Opt("calibre", "")
			if d.Stars, err = r.OptInt("stars", -1); err != nil {
				return err
			}
			if d.Guns, err = r.OptInt("guns", 0); err != nil {
				return err
			}
			if d.Guns > 0 { // white stars by the guns (table stars) [10.8]
				st, ok := sc.starsFor(d.Guns)
				if !ok {
					return r.Errf("artillery %s: guns=%d has no row in table stars [10.8]", id, d.Guns)
				}
				if d.Stars >= 0 && d.Stars != st {
					return r.Errf("artillery %s: stars=%d but table stars gives %d for %d guns [10.8]", id, d.Stars, st, d.Guns)
				}
				d.Stars = st
			}
			if d.Stars < 0 {
				d.Stars = 0
			}
			d.N = 1
			d.Support = d.Support || r.Opt("support", "yes") == "yes"
		}
		if err := r.Unused(); err != nil {
			return err
		}
		if d.Kind != KCdr { // the losses ladder [3.4] (table losses)
			b, ok := sc.Back[d.N]
			if !ok {
				return r.Errf("%s: Manpower %d has no row in table losses [3.4]", id, d.N)
			}
			d.Back = b
		}
		d.Rect = sc.P("rect_min_french") // [6.2]
		if d.British() || d.Nation == "portuguese" {
			d.Rect = sc.P("rect_min_british")
		}
		sc.Index[id] = len(sc.Units)
		sc.Units = append(sc.Units, d)
	}
	// Cross references.
	for i := range sc.Units {
		d := &sc.Units[i]
		at := func(format string, args ...any) error {
			return &scenarios.Error{File: d.File, Line: d.Line, Msg: fmt.Sprintf(format, args...)}
		}
		switch d.Kind {
		case KCdr:
			if d.CKind != CinC {
				s := sc.Def(d.Cmd)
				if s == nil || s.Kind != KCdr {
					return at("commander %s: superior=%q is not a commander", d.ID, d.Cmd)
				}
				if s.Side != d.Side {
					return at("commander %s: superior %s is of the other side", d.ID, d.Cmd)
				}
				if d.CKind == Division && s.CKind != CinC || d.CKind == Brigade && s.CKind == Brigade {
					return at("commander %s (%s) cannot be under %s (%s) [4.3]", d.ID, d.CKind, s.ID, s.CKind)
				}
			}
			if d.Chit && d.CKind != Brigade && d.Coord < 0 {
				return at("commander %s: coord must be 0-9", d.ID)
			}
		case KComp:
			if d.Battalion == "none" || d.Battalion == "" {
				// an independent company (supporting unit, never reattaches) [4.7], [8.7]
				d.Battalion = ""
				c := sc.Def(d.Cmd)
				if d.Side < 0 || c == nil || c.Kind != KCdr || c.Side != d.Side {
					return at("company %s without a battalion needs side= and commander= (a commander of its side)", d.ID)
				}
				if c.CKind != Brigade {
					d.Support = true
				}
				if d.Support && d.Return == "" {
					d.Return = d.Cmd
				}
				if d.Morale[0] == 0 {
					return at("company %s without a battalion needs morale=", d.ID)
				}
				continue
			}
			b := sc.Def(d.Battalion)
			if b == nil || b.Kind != KInf {
				return at("company %s: battalion=%q is not a battalion", d.ID, d.Battalion)
			}
			d.Side, d.Nation, d.Cmd = b.Side, b.Nation, b.Cmd
			if d.Morale[0] == 0 {
				d.Morale = [2]int{b.Morale[0], b.Morale[0]}
			}
		default:
			c := sc.Def(d.Cmd)
			if c == nil || c.Kind != KCdr {
				return at("%s: commander=%q is not a commander", d.ID, d.Cmd)
			}
			if c.Side != d.Side {
				return at("%s: commander %s is of the other side", d.ID, d.Cmd)
			}
			if c.CKind != Brigade {
				d.Support = true
			}
			if d.Support && d.Return == "" {
				d.Return = d.Cmd
			}
			if d.Return != "" {
				if rc := sc.Def(d.Return); rc == nil || rc.Kind != KCdr {
					return at("%s: return=%q is not a commander [15.11.4]", d.ID, d.Return)
				}
			}
			if d.Kind == KArt {
				if _, ok := sc.Bands[d.Calibre]; !ok {
					return at("artillery %s: calibre=%q has no row in table artillery [14.8]", d.ID, d.Calibre)
				}
			}
			if d.Kind == KInf && d.Company != "" {
				cp := sc.Def(d.Company)
				if cp == nil || cp.Kind != KComp || cp.Battalion != d.ID {
					return at("%s: company=%q is not its company", d.ID, d.Company)
				}
				if cp.N >= d.N {
					return at("%s: its company %s has as much Manpower as the battalion [8.2]", d.ID, d.Company)
				}
			}
		}
	}
	// The Activation Pool per turn [3.3] (Phase 1).
	pt := sc.Tables["pool"]
	for _, row := range pt.Rows {
		turn, err := strconv.Atoi(row.Key)
		if err != nil || turn < 1 {
			return tabErr(pt, row.Line, "table pool: row %q is not a turn", row.Key)
		}
		var p [2][]string
		for si := 0; si < 2; si++ {
			ci := -1
			for i, c := range pt.Cols {
				if c == sideIDs[si] {
					ci = i
				}
			}
			cell := row.Cells[ci]
			if cell == "-" {
				continue
			}
			for _, ch := range strings.Split(cell, ",") {
				d := sc.Def(ch)
				if d == nil || d.Kind != KCdr || d.Side != si || !d.Chit {
					return tabErr(pt, row.Line, "table pool turn %d: %q is not a %s commander with a chit", turn, ch, sideNames[si])
				}
				p[si] = append(p[si], ch)
			}
		}
		sc.Pool[turn] = p
	}
	for t := 1; t <= sc.P("turns"); t++ {
		if _, ok := sc.Pool[t]; !ok {
			return tabErr(pt, pt.Line, "table pool: no row for turn %d [3.3]", t)
		}
	}
	return nil
}

func (sc *Scenario) loadSetup(recs []scenarios.Record) error {
	seen := map[string]bool{}
	for i := range recs {
		r := &recs[i]
		id, err := r.Arg(0, "unit")
		if err != nil {
			return err
		}
		d := sc.Def(id)
		if d == nil {
			return r.Errf("place: unknown unit %q", id)
		}
		if seen[id] {
			return r.Errf("%s placed twice", id)
		}
		seen[id] = true
		hs, err := r.Arg(1, "hex")
		if err != nil {
			return err
		}
		c, err := sc.Map.ParseOn(hs)
		if err != nil {
			return r.Errf("%s: %v", id, err)
		}
		p := Placement{Unit: id, At: c, File: r.File, Line: r.Line}
		if p.Facing, err = r.OptInt("facing", 0); err != nil {
			return err
		}
		if p.Facing < 0 || p.Facing > 5 {
			return r.Errf("%s: facing=%d: 0-5", id, p.Facing)
		}
		def := map[string]string{KInf: Column, KComp: Skirmish, KCav: Mounted, KArt: d.ArtKind, KCdr: ""}[d.Kind]
		p.Array = r.Opt("array", def)
		if w := r.Opt("with", ""); w != "" {
			c2, err := sc.Map.ParseOn(w)
			if err != nil {
				return r.Errf("%s: with=%v", id, err)
			}
			l, err := hex.NewLine2(c, c2, p.Facing)
			if err != nil {
				return r.Errf("%s: %v [6.3]", id, err)
			}
			if d.Kind != KInf || p.Array != Line {
				return r.Errf("%s: only a battalion in Line covers two hexes [6.1]", id)
			}
			p.At, p.With, p.Two, p.Facing = l.A, l.B, true, l.Facing
		}
		ok := false
		switch d.Kind {
		case KInf:
			ok = p.Array == Column || p.Array == Line || p.Array == Square
			if p.Array == Line && d.N >= d.rectMin() && !p.Two {
				return r.Errf("%s: Manpower %d in Line is a rectangle: give with=HEX [6.2]", id, d.N)
			}
			if p.Two && d.N < d.rectMin() {
				return r.Errf("%s: Manpower %d is below %d: a square counter, no with= [6.2]", id, d.N, d.rectMin())
			}
		case KComp:
			ok = p.Array == Skirmish
		case KCav:
			ok = p.Array == Mounted
		case KArt:
			ok = p.Array == Foot && d.ArtKind == Foot || p.Array == Limbered && d.ArtKind == Foot || p.Array == Horse && d.ArtKind == Horse
		case KCdr:
			ok = p.Array == ""
		}
		if !ok {
			return r.Errf("%s: array=%q is not an array of a %s", id, p.Array, d.Kind)
		}
		if err := r.Unused(); err != nil {
			return err
		}
		sc.Setup = append(sc.Setup, p)
	}
	// Stacking of the set-up [11.0], [11.1], [11.2], [6.4].
	type cnt struct{ inf, cav, art int }
	type sk struct {
		side int
		h    hex.Coord
	}
	per := map[sk]*cnt{}
	first := map[sk]*Placement{}
	for k := range sc.Setup {
		p := &sc.Setup[k]
		d := sc.Def(p.Unit)
		if d.Kind == KCdr || d.Kind == KComp {
			continue
		}
		hs := []hex.Coord{p.At}
		if p.Two {
			hs = append(hs, p.With)
		}
		for _, h := range hs {
			key := sk{d.Side, h}
			c := per[key]
			if c == nil {
				c = &cnt{}
				per[key] = c
			}
			switch d.Kind {
			case KInf:
				c.inf++
			case KCav:
				c.cav++
			case KArt:
				c.art++
			}
			if !sc.stackOK(c.inf, c.cav, c.art) {
				return &scenarios.Error{File: p.File, Line: p.Line, Msg: fmt.Sprintf("%s: stacking broken at %s [11.1], [11.2]", p.Unit, sc.Map.Num(h))}
			}
			if d.Kind != KArt {
				if f := first[key]; f != nil && (f.Array != p.Array || f.Facing != p.Facing || f.Two != p.Two) {
					return &scenarios.Error{File: p.File, Line: p.Line, Msg: fmt.Sprintf("%s: a stack at %s mixes arrays or facings with %s [11.0], [6.4]", p.Unit, sc.Map.Num(h), f.Unit)}
				} else if f == nil {
					first[key] = p
				}
			}
		}
	}
	for _, d := range sc.Units {
		if d.Kind == KCdr && !seen[d.ID] {
			return &scenarios.Error{File: d.File, Line: d.Line, Msg: fmt.Sprintf("commander %s is not placed", d.ID)}
		}
	}
	return nil
}
