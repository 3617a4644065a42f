package marshals

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"grognard/rules/zone"
	"grognard/scenarios"
)

// Sides [spec §0]: side 0 is the French, side 1 the Allies.
const (
	French = 0
	Allied = 1
)

var sideIDs = [2]string{"french", "allied"}
var sideNames = [2]string{"French", "Allied"}

// Counter kinds [1.1].
const (
	KDiv     = "div"       // "divisional" unit [1.1.1]
	KDet     = "det"       // detachment [7.4]
	KDecoy   = "decoy"     // decoy [7.5]
	KBaggage = "baggage"   // baggage [7.2]
	KCmd     = "commander" // commander [1.1.2]
)

// Arms of units and detachments [1.3].
const (
	Infantry  = "infantry"
	Cavalry   = "cavalry"
	ArtArm    = "artillery"
	HorseArt  = "horse-artillery"
	natFrench = "french"
)

// UnitDef is one counter (static data).
type UnitDef struct {
	ID, Name string
	Side     int
	Nat      string // french, british, spanish
	Army     string // army corps [7.10]; "" independent
	Kind     string
	Arm      string // infantry or cavalry (divisional), or the detachment's arm
	Track    []int  // morale per main box, left to right [1.3]
	Heavy    int    // heavy-cavalry boxes on the left of the track
	Art      int    // artillery boxes [1.3]
	HorseArt bool
	MP       int // MP while it keeps artillery SS (or its only value) [1.1.1]
	MPNoArt  int // MP once it has no artillery SS [1.1.1]
	SV       int // strategic value of a commander [1.1.2]
	CinC     bool
	Morale   int // printed morale of a detachment [1.1.1]
	File     string
	Line     int
}

// Cav reports a cavalry unit or detachment (decoys count as cavalry [7.5]).
func (d *UnitDef) Cav() bool {
	return (d.Kind == KDiv || d.Kind == KDet) && d.Arm == Cavalry || d.Kind == KDecoy
}

// Tables holds the system's tables as data.
type Tables struct {
	ConnMP  map[zone.ConnKind]int
	Defence map[string]int
	Melee   []MeleeRow
	Cols    [6]int // upper bound of each amplitude column
	Fatigue map[int]int
}

// MeleeRow is one CP-difference row of the melee table [AID melee].
type MeleeRow struct {
	Lo, Hi  int // CP difference range (Hi < 0: no upper bound)
	W, L    [6]int
	Retreat int
}

// Reinf is what one Renfort marker brings [5.3.6] [S1.4] [S2.3] [S3.4].
type Reinf struct {
	Side   int
	Group  int
	Units  []string
	Decoys int
	At     string // zone; "" = the entry chosen with Foy [EV Foy]
	Entry  string // entry letter
}

// Scenario is one loaded scenario: map, tables, counters and set-up.
type Scenario struct {
	ID, Name  string
	Turns     int
	First     int // initiative on turn 1 [S*.1]
	Start     string
	Graph     *zone.Graph
	Tab       Tables
	Defs      []*UnitDef
	Index     map[string]int
	CinC      [2][]string
	Place     []Placement
	Decoys    map[string]int // nationality -> starting decoys
	Container [2]map[string]int
	Hand      [2][]string
	VP        map[string]int
	Reinfs    []Reinf
	depots    map[string]map[string]bool // zone -> nationality -> depot [CR2]
	offmap    map[string]bool
	adj       map[string][]adjEdge
	adjI      [][]adjEdge    // adj by zone index
	connKind  []uint8        // by connection: connOpen, connFord, connMajor (a major bridge) [1.5] [7.7]
	cmds      []int          // the commanders' indices in Defs, in order [7.1]
	decoys    []int          // the decoys' indices in Defs, in order [7.5]
	armyCinCs [][]int        // by counter: the commanders in chief of its own army [CR1] (armyCinC)
	madrid    bool           // the map has Madrid [CR8]
	ids       []string       // the zone ids, sorted (Graph.IDs, read only)
	idsZi     []int          // the zone index of each of ids
	zrank     []int32        // by zone index: its place in ids
	lbl       labels         // fixed labels, made once [issue 20]
	vpOrder   []string       // VPOrder, made once (heldNow) [issue 20]
	vpShort   []string       // the HUD's short name of each of vpOrder [8.0]
	connSelf  bool           // every connection is the one ConnIndex finds for its zones and kind
	depotsBy  [5][]int       // zone indices of the depots: french, british, spanish, any French, any Allied [CR2]
	zi        map[string]int // zone -> index in Graph.Zones
	zoff      []bool
	zdepot    [][3]bool // by zone index: french, british, spanish depot
	distMu    sync.Mutex
	dist      map[string]map[string]int // depot -> zone -> MP distance [7.8]
}

// distFrom is the MP distance from a depot to every zone by the costs of
// the terrain table (no fords) [7.8]; static map data, computed once.
func (sc *Scenario) distFrom(depot string) map[string]int {
	sc.distMu.Lock()
	defer sc.distMu.Unlock()
	if d, ok := sc.dist[depot]; ok {
		return d
	}
	cost := func(from, to string, c zone.Connection) (int, bool) {
		if c.Kind == zone.Ford {
			return 0, false
		}
		return sc.Tab.ConnMP[c.Kind], true
	}
	out := map[string]int{}
	for id, re := range sc.Graph.Reachable(depot, -1, cost) {
		out[id] = re.Cost
	}
	if sc.dist == nil {
		sc.dist = map[string]map[string]int{}
	}
	sc.dist[depot] = out
	return out
}

// Kinds of connection for the lines of communication [1.5] [7.7].
const (
	connOpen  = 0
	connFord  = 1 // never carries a line
	connMajor = 2 // a major bridge: carries it unless destroyed
)

// depotsOf is the zone indices of the depots of nat (any of the side's
// when nat is ""), as depotIdx answers zone by zone.
func (sc *Scenario) depotsOf(side int, nat string) []int {
	return sc.depotsBy[depotKey(side, nat)]
}

// labels are the texts of listed actions that depend only on a zone or a
// counter, made once per scenario instead of for every list (the same
// texts) [issue 20].
type labels struct {
	activate, combat, boxOpen, boxClose, decoy []string // by zone index
	add, leave                                 []string // by counter
}

func (sc *Scenario) makeLabels() {
	n := len(sc.Graph.Zones)
	l := &sc.lbl
	l.activate, l.combat, l.boxOpen, l.boxClose, l.decoy = make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	for i, z := range sc.Graph.Zones {
		l.activate[i] = "Activate a stack at " + z.Name
		l.combat[i] = "Combat at " + z.Name
		l.boxOpen[i] = "Show the stack at " + z.Name + " (open the box)"
		l.boxClose[i] = "Hide the stack at " + z.Name + " (close the box)"
		l.decoy[i] = "Place a decoy at " + z.Name
	}
	l.add, l.leave = make([]string, len(sc.Defs)), make([]string, len(sc.Defs))
	for i, d := range sc.Defs {
		l.add[i] = "Add " + d.Name + " to the stack"
		l.leave[i] = "Leave " + d.Name + " behind"
	}
}

// armyCinC is, for counter i, the commanders in chief of its own army
// that are not one of its side's [CR1] [CR6], in index order: cincOf's
// candidates, fixed per scenario.
func (sc *Scenario) armyCinC(i int) []int {
	return sc.armyCinCs[i]
}

func (sc *Scenario) makeArmyCinC() {
	sc.armyCinCs = make([][]int, len(sc.Defs))
	for i, d := range sc.Defs {
		for j, dj := range sc.Defs {
			if dj.Kind == KCmd && dj.CinC && dj.Side == d.Side && dj.Army != "" && dj.Army == d.Army && !slices.Contains(sc.CinC[d.Side], dj.ID) {
				sc.armyCinCs[i] = append(sc.armyCinCs[i], j)
			}
		}
	}
}

// depotKey is the index of depotsBy for nat (any of the side's when "").
func depotKey(side int, nat string) int {
	switch nat {
	case natFrench:
		return 0
	case "british":
		return 1
	case "spanish":
		return 2
	}
	if side == French {
		return 3
	}
	return 4
}

type adjEdge struct {
	to string
	ti int // index of the zone in zi order
	ci int
}

// Placement puts a counter on the map at set-up [CR3].
type Placement struct {
	ID       string
	At       string
	Losses   int
	ArtLost  int
	Detached int
	Demoral  bool
}

// Def returns the static data of a counter (nil if unknown).
func (sc *Scenario) Def(id string) *UnitDef {
	i, ok := sc.Index[id]
	if !ok {
		return nil
	}
	return sc.Defs[i]
}

func sideOf(r *scenarios.Record, key string) (int, error) {
	v, err := r.Str(key)
	if err != nil {
		return 0, err
	}
	for i, s := range sideIDs {
		if s == v {
			return i, nil
		}
	}
	return 0, r.Errf("%s=%s: want french or allied", key, v)
}

// natSide gives the side of a nationality.
func natSide(n string) (int, bool) {
	switch n {
	case natFrench:
		return French, true
	case "british", "spanish":
		return Allied, true
	}
	return 0, false
}

func ignoreMeta(r *scenarios.Record) {
	r.Opt("authored", "")
	r.Opt("book", "")
}

// MoraleTrack builds a morale track from n boxes, last-box morale b and
// full-strength morale m (spec §6.5.1): round half up of b+(m-b)*i/(n-1).
func MoraleTrack(n, b, m int) []int {
	if n <= 0 {
		return nil
	}
	if n == 1 {
		return []int{m}
	}
	t := make([]int, n)
	for i := range t {
		num := 2*b*(n-1) + 2*(m-b)*i
		den := 2 * (n - 1)
		t[i] = (num + den/2) / den
	}
	return t
}

// LoadScenario reads a scenario of the system from the embedded data.
func LoadScenario(folder string) (*Scenario, error) {
	mapRecs, err := scenarios.Load("marshals/map.txt")
	if err != nil {
		return nil, err
	}
	tabRecs, err := scenarios.Load("marshals/tables.txt")
	if err != nil {
		return nil, err
	}
	setRecs, err := scenarios.Load("marshals/" + folder + "/setup.txt")
	if err != nil {
		return nil, err
	}
	oob := "summer"
	for i := range setRecs {
		if setRecs[i].Kind == "scenario" {
			oob = setRecs[i].Fields["oob"]
		}
	}
	oobRecs, err := scenarios.Load("marshals/oob-" + oob + ".txt")
	if err != nil {
		return nil, err
	}
	g, err := scenarios.ParseZoneMap(mapRecs)
	if err != nil {
		return nil, err
	}
	return BuildScenario(g, tabRecs, oobRecs, setRecs)
}

// BuildScenario assembles a scenario from parsed records.
func BuildScenario(g *zone.Graph, tabRecs, oobRecs, setRecs []scenarios.Record) (*Scenario, error) {
	sc := &Scenario{Graph: g, Index: map[string]int{}, Decoys: map[string]int{}, VP: map[string]int{}}
	sc.Container = [2]map[string]int{{}, {}}
	if err := sc.loadTables(tabRecs); err != nil {
		return nil, err
	}
	if err := sc.loadOOB(oobRecs); err != nil {
		return nil, err
	}
	if err := sc.loadSetup(setRecs); err != nil {
		return nil, err
	}
	sc.depots = map[string]map[string]bool{}
	sc.offmap = map[string]bool{}
	sc.adj = map[string][]adjEdge{}
	sc.zi = map[string]int{}
	for i, z := range g.Zones {
		sc.zi[z.ID] = i
	}
	sc.zoff = make([]bool, len(g.Zones))
	sc.ids = g.IDs()
	sc.madrid = g.Has("madrid")
	sc.zrank = make([]int32, len(g.Zones))
	for k, z := range sc.ids {
		sc.idsZi = append(sc.idsZi, sc.zi[z])
		sc.zrank[sc.zi[z]] = int32(k)
	}
	sc.makeArmyCinC()
	sc.makeLabels()
	sc.makeVPNames()
	for i, d := range sc.Defs {
		if d.Kind == KCmd {
			sc.cmds = append(sc.cmds, i)
		}
		if d.Kind == KDecoy {
			sc.decoys = append(sc.decoys, i)
		}
	}
	sc.connKind = make([]uint8, len(g.Conns))
	sc.connSelf = true
	for ci, c := range g.Conns {
		if g.ConnIndex(c.A, c.B, c.Kind) != ci {
			sc.connSelf = false // two connections of one kind join the same zones
		}
		switch {
		case c.Kind == zone.Ford:
			sc.connKind[ci] = connFord
		case c.Bridge == zone.Major:
			sc.connKind[ci] = connMajor
		}
	}
	sc.adjI = make([][]adjEdge, len(g.Zones))
	sc.zdepot = make([][3]bool, len(g.Zones))
	for i, z := range g.Zones {
		sc.zoff[i] = z.IsOffmap()
		sc.zdepot[i] = [3]bool{z.DepotOf(natFrench), z.DepotOf("british"), z.DepotOf("spanish")}
		for _, e := range g.Neighbors(z.ID) {
			sc.adj[z.ID] = append(sc.adj[z.ID], adjEdge{to: e.To, ti: sc.zi[e.To], ci: e.Index})
		}
		sc.adjI[i] = sc.adj[z.ID]
		d := sc.zdepot[i]
		for k := 0; k < 3; k++ {
			if d[k] {
				sc.depotsBy[k] = append(sc.depotsBy[k], i)
			}
		}
		if d[0] {
			sc.depotsBy[3] = append(sc.depotsBy[3], i)
		}
		if d[1] || d[2] {
			sc.depotsBy[4] = append(sc.depotsBy[4], i)
		}
		sc.offmap[z.ID] = z.IsOffmap()
		for _, n := range []string{natFrench, "british", "spanish"} {
			if z.DepotOf(n) {
				if sc.depots[z.ID] == nil {
					sc.depots[z.ID] = map[string]bool{}
				}
				sc.depots[z.ID][n] = true
			}
		}
	}
	return sc, nil
}

func (sc *Scenario) loadTables(recs []scenarios.Record) error {
	tabs, _, err := scenarios.Tables(recs)
	if err != nil {
		return err
	}
	file := "marshals/tables.txt"
	if len(recs) > 0 {
		file = recs[0].File
	}
	need := func(name string, cols ...string) (*scenarios.Table, error) {
		t := tabs[name]
		if t == nil {
			return nil, &scenarios.Error{File: file, Msg: "missing table " + name}
		}
		for _, c := range cols {
			if _, ok := t.Cell(t.Rows[0].Key, c); !ok {
				return nil, &scenarios.Error{File: t.File, Line: t.Line, Msg: fmt.Sprintf("table %s: missing column %s", name, c)}
			}
		}
		return t, nil
	}
	num := func(t *scenarios.Table, row scenarios.TableRow, s string) (int, error) {
		v, err := strconv.Atoi(s)
		if err != nil {
			return 0, &scenarios.Error{File: t.File, Line: row.Line, Msg: fmt.Sprintf("table %s: %q is not a number", t.Name, s)}
		}
		return v, nil
	}
	ct, err := need("conn", "mp")
	if err != nil {
		return err
	}
	sc.Tab.ConnMP = map[zone.ConnKind]int{}
	for _, row := range ct.Rows {
		v, err := num(ct, row, row.Cells[0])
		if err != nil {
			return err
		}
		sc.Tab.ConnMP[zone.ConnKind(row.Key)] = v
	}
	for _, k := range []zone.ConnKind{zone.Road, zone.Route, zone.Path, zone.Ford} {
		if _, ok := sc.Tab.ConnMP[k]; !ok {
			return &scenarios.Error{File: ct.File, Line: ct.Line, Msg: "table conn: missing row " + string(k)}
		}
	}
	tt, err := need("terrain", "defence")
	if err != nil {
		return err
	}
	sc.Tab.Defence = map[string]int{}
	for _, row := range tt.Rows {
		v, err := num(tt, row, row.Cells[0])
		if err != nil {
			return err
		}
		sc.Tab.Defence[row.Key] = v
	}
	mt, err := need("melee", "retreat")
	if err != nil {
		return err
	}
	if len(mt.Cols) != 7 {
		return &scenarios.Error{File: mt.File, Line: mt.Line, Msg: "table melee: want six amplitude columns and retreat"}
	}
	for i, c := range mt.Cols[:6] {
		parts := strings.Split(c, "-")
		hi, err := strconv.Atoi(parts[len(parts)-1])
		if err != nil {
			return &scenarios.Error{File: mt.File, Line: mt.Line, Msg: "table melee: column " + c + " is not a range"}
		}
		sc.Tab.Cols[i] = hi
	}
	for _, row := range mt.Rows {
		var mr MeleeRow
		key := row.Key
		switch {
		case strings.HasSuffix(key, "+"):
			v, err := num(mt, row, strings.TrimSuffix(key, "+"))
			if err != nil {
				return err
			}
			mr.Lo, mr.Hi = v, -1
		case strings.Contains(key, "-"):
			p := strings.SplitN(key, "-", 2)
			lo, err := num(mt, row, p[0])
			if err != nil {
				return err
			}
			hi, err := num(mt, row, p[1])
			if err != nil {
				return err
			}
			mr.Lo, mr.Hi = lo, hi
		default:
			v, err := num(mt, row, key)
			if err != nil {
				return err
			}
			mr.Lo, mr.Hi = v, v
		}
		for i := 0; i < 6; i++ {
			cell := row.Cells[i]
			w, l := cell, cell
			if strings.Contains(cell, "/") {
				p := strings.SplitN(cell, "/", 2)
				w, l = p[0], p[1]
			}
			if mr.W[i], err = num(mt, row, w); err != nil {
				return err
			}
			if mr.L[i], err = num(mt, row, l); err != nil {
				return err
			}
		}
		if mr.Retreat, err = num(mt, row, row.Cells[6]); err != nil {
			return err
		}
		sc.Tab.Melee = append(sc.Tab.Melee, mr)
	}
	if len(sc.Tab.Melee) == 0 || sc.Tab.Melee[0].Lo != 0 {
		return &scenarios.Error{File: mt.File, Line: mt.Line, Msg: "table melee: the first row must be difference 0"}
	}
	ft, err := need("fatigue", "count")
	if err != nil {
		return err
	}
	sc.Tab.Fatigue = map[int]int{}
	total, zeros := 0, 0
	for _, row := range ft.Rows {
		v, err := num(ft, row, row.Key)
		if err != nil {
			return err
		}
		c, err := num(ft, row, row.Cells[0])
		if err != nil {
			return err
		}
		sc.Tab.Fatigue[v] = c
		total += c
		if v == 0 {
			zeros = c
		}
	}
	// [5.3.2] spec §6.4: the container must never run dry before every
	// unit of a stack has stopped (zeros + highest morale 5 < total).
	if zeros+6 > total {
		return &scenarios.Error{File: ft.File, Line: ft.Line, Msg: "table fatigue: the container could run dry during a move (want zeros + 6 <= markers)"}
	}
	return nil
}

func (sc *Scenario) addDef(d *UnitDef, r *scenarios.Record) error {
	if _, dup := sc.Index[d.ID]; dup {
		return r.Errf("counter %s declared twice", d.ID)
	}
	d.File, d.Line = r.File, r.Line
	sc.Index[d.ID] = len(sc.Defs)
	sc.Defs = append(sc.Defs, d)
	return nil
}

func (sc *Scenario) loadOOB(recs []scenarios.Record) error {
	for i := range recs {
		r := &recs[i]
		ignoreMeta(r)
		switch r.Kind {
		case "oob":
			r.Opt("name", "")
		case "unit":
			id, err := r.Arg(0, "unit id")
			if err != nil {
				return err
			}
			d := &UnitDef{ID: id, Name: r.Opt("name", id), Nat: r.Opt("nat", ""), Army: r.Opt("army", ""), Kind: r.Opt("kind", KDiv)}
			if d.Side, err = sideOf(r, "side"); err != nil {
				return err
			}
			if s, ok := natSide(d.Nat); !ok || s != d.Side {
				return r.Errf("nat=%q does not belong to side %s", d.Nat, sideIDs[d.Side])
			}
			if d.MP, err = r.Int("mp"); err != nil {
				return err
			}
			switch d.Kind {
			case KDiv:
				d.Arm = r.Opt("arm", Infantry)
				if d.Arm != Infantry && d.Arm != Cavalry {
					return r.Errf("arm=%s: a divisional unit is infantry or cavalry", d.Arm)
				}
				if r.Has("track") {
					for _, f := range strings.Fields(r.Opt("track", "")) {
						v, err := strconv.Atoi(f)
						if err != nil {
							return r.Errf("track: %q is not a number", f)
						}
						d.Track = append(d.Track, v)
					}
				} else {
					n, err := r.Int("n")
					if err != nil {
						return err
					}
					b, err := r.Int("b")
					if err != nil {
						return err
					}
					m, err := r.Int("m")
					if err != nil {
						return err
					}
					d.Track = MoraleTrack(n, b, m)
				}
				if len(d.Track) == 0 {
					return r.Errf("unit %s has no boxes", id)
				}
				if d.Heavy, err = r.OptInt("heavy", 0); err != nil {
					return err
				}
				if d.Art, err = r.OptInt("art", 0); err != nil {
					return err
				}
				if d.HorseArt, err = r.Bool("horse"); err != nil {
					return err
				}
				if d.MPNoArt, err = r.OptInt("mpnoart", d.MP); err != nil {
					return err
				}
			case KBaggage:
			default:
				return r.Errf("kind=%s: want div or baggage", d.Kind)
			}
			if err := r.Unused(); err != nil {
				return err
			}
			if err := sc.addDef(d, r); err != nil {
				return err
			}
		case "commander":
			id, err := r.Arg(0, "commander id")
			if err != nil {
				return err
			}
			d := &UnitDef{ID: id, Name: r.Opt("name", id), Nat: r.Opt("nat", ""), Army: r.Opt("army", ""), Kind: KCmd, MP: 10}
			if d.Side, err = sideOf(r, "side"); err != nil {
				return err
			}
			if d.SV, err = r.Int("sv"); err != nil {
				return err
			}
			if d.CinC, err = r.Bool("cinc"); err != nil {
				return err
			}
			if err := r.Unused(); err != nil {
				return err
			}
			if err := sc.addDef(d, r); err != nil {
				return err
			}
		case "detachment":
			if len(r.Args) != 2 {
				return r.Errf("detachment: want nationality and arm (detachment french infantry count=6 morale=3 mp=5)")
			}
			nat, arm := r.Args[0], r.Args[1]
			side, ok := natSide(nat)
			if !ok {
				return r.Errf("detachment: unknown nationality %s", nat)
			}
			switch arm {
			case Infantry, Cavalry, ArtArm, HorseArt:
			default:
				return r.Errf("detachment: arm %s: want infantry, cavalry, artillery or horse-artillery", arm)
			}
			n, err := r.Int("count")
			if err != nil {
				return err
			}
			mor, err := r.Int("morale")
			if err != nil {
				return err
			}
			mp, err := r.Int("mp")
			if err != nil {
				return err
			}
			if err := r.Unused(); err != nil {
				return err
			}
			for k := 1; k <= n; k++ {
				d := &UnitDef{ID: fmt.Sprintf("%s-det-%s-%d", nat, arm, k), Name: fmt.Sprintf("%s %s detachment %d", strings.ToUpper(nat[:1])+nat[1:], arm, k),
					Side: side, Nat: nat, Kind: KDet, Arm: arm, Morale: mor, MP: mp, MPNoArt: mp}
				if err := sc.addDef(d, r); err != nil {
					return err
				}
			}
		case "decoy":
			if len(r.Args) != 1 {
				return r.Errf("decoy: want the nationality (decoy french count=9 mp=7)")
			}
			nat := r.Args[0]
			side, ok := natSide(nat)
			if !ok {
				return r.Errf("decoy: unknown nationality %s", nat)
			}
			n, err := r.Int("count")
			if err != nil {
				return err
			}
			mp, err := r.Int("mp")
			if err != nil {
				return err
			}
			if err := r.Unused(); err != nil {
				return err
			}
			for k := 1; k <= n; k++ {
				d := &UnitDef{ID: fmt.Sprintf("%s-decoy-%d", nat, k), Name: "Decoy", Side: side, Nat: nat, Kind: KDecoy, Arm: Cavalry, MP: mp, MPNoArt: mp}
				if err := sc.addDef(d, r); err != nil {
					return err
				}
			}
		default:
			return r.Errf("unknown record %q in an order of battle", r.Kind)
		}
	}
	return nil
}

// EventIDs is every event of the six scenarios [§4].
var EventIDs = []string{"arriere-garde", "au-son-du-canon", "bagages", "canicule", "charge-incontrolee", "chargez",
	"contre-batterie", "elan", "fatigue", "feu", "foy", "genie", "gue", "guerilla", "hesitations", "inactivite",
	"initiative", "leurre", "madrid", "mesentente", "mitraille", "mort-au-combat", "non-ravitaille", "orage",
	"panique", "pluie", "redoute", "renfort"}

func knownEvent(id string) bool {
	for _, e := range EventIDs {
		if e == id {
			return true
		}
	}
	return false
}

func (sc *Scenario) loadSetup(recs []scenarios.Record) error {
	placed := map[string]int{}
	seenScenario := false
	for i := range recs {
		r := &recs[i]
		ignoreMeta(r)
		switch r.Kind {
		case "scenario":
			seenScenario = true
			id, err := r.Arg(0, "scenario id")
			if err != nil {
				return err
			}
			sc.ID = id
			sc.Name = r.Opt("name", id)
			sc.Start = r.Opt("start", "")
			r.Opt("oob", "")
			if sc.Turns, err = r.Int("turns"); err != nil {
				return err
			}
			if sc.First, err = sideOf(r, "first"); err != nil {
				return err
			}
			if err := r.Unused(); err != nil {
				return err
			}
		case "cinc":
			for s := 0; s < 2; s++ {
				for _, id := range r.List(sideIDs[s]) {
					d := sc.Def(id)
					if d == nil || d.Kind != KCmd || d.Side != s {
						return r.Errf("cinc: %s is not a %s commander", id, sideIDs[s])
					}
					sc.CinC[s] = append(sc.CinC[s], id)
				}
			}
			if err := r.Unused(); err != nil {
				return err
			}
		case "place":
			id, err := r.Arg(0, "counter id")
			if err != nil {
				return err
			}
			d := sc.Def(id)
			if d == nil {
				return r.Errf("place: unknown counter %s", id)
			}
			if line, dup := placed[id]; dup {
				return r.Errf("place: %s placed twice (first at line %d)", id, line)
			}
			placed[id] = r.Line
			p := Placement{ID: id}
			if p.At, err = r.Str("at"); err != nil {
				return err
			}
			if z, ok := sc.Graph.Zone(p.At); !ok || z.IsOffmap() {
				return r.Errf("place: unknown zone %s", p.At)
			}
			if p.Losses, err = r.OptInt("losses", 0); err != nil {
				return err
			}
			if p.ArtLost, err = r.OptInt("artlost", 0); err != nil {
				return err
			}
			if p.Detached, err = r.OptInt("detached", 0); err != nil {
				return err
			}
			if p.Demoral, err = r.Bool("demoral"); err != nil {
				return err
			}
			if d.Kind == KDiv && (p.Losses+p.Detached >= len(d.Track) || p.ArtLost > d.Art || p.Losses < 0 || p.Detached < 0 || p.ArtLost < 0) {
				return r.Errf("place: %s cannot start with those losses", id)
			}
			if err := r.Unused(); err != nil {
				return err
			}
			sc.Place = append(sc.Place, p)
		case "detach":
			if len(r.Args) != 2 {
				return r.Errf("detach: want nationality and arm")
			}
			at, err := r.Str("at")
			if err != nil {
				return err
			}
			if z, ok := sc.Graph.Zone(at); !ok || z.IsOffmap() {
				return r.Errf("detach: unknown zone %s", at)
			}
			n, err := r.OptInt("count", 1)
			if err != nil {
				return err
			}
			dem, err := r.Bool("demoral")
			if err != nil {
				return err
			}
			if err := r.Unused(); err != nil {
				return err
			}
			for k := 0; k < n; k++ {
				found := ""
				for j := 1; ; j++ {
					id := fmt.Sprintf("%s-det-%s-%d", r.Args[0], r.Args[1], j)
					if sc.Def(id) == nil {
						break
					}
					if _, used := placed[id]; !used {
						found = id
						break
					}
				}
				if found == "" {
					return r.Errf("detach: more %s %s detachments than counters [6.6]", r.Args[0], r.Args[1])
				}
				placed[found] = r.Line
				sc.Place = append(sc.Place, Placement{ID: found, At: at, Demoral: dem})
			}
		case "decoys":
			nat, err := r.Arg(0, "nationality")
			if err != nil {
				return err
			}
			n, err := r.Int("count")
			if err != nil {
				return err
			}
			if err := r.Unused(); err != nil {
				return err
			}
			if sc.Def(nat+"-decoy-"+strconv.Itoa(n)) == nil && n > 0 {
				return r.Errf("decoys: %d %s decoys but fewer counters [7.5]", n, nat)
			}
			sc.Decoys[nat] = n
		case "events":
			side, err := sideOf(r, "side")
			if err != nil {
				if len(r.Args) > 0 {
					side = -1
					for s, id := range sideIDs {
						if r.Args[0] == id {
							side = s
						}
					}
					if side < 0 {
						return r.Errf("events: want french or allied")
					}
				} else {
					return err
				}
			}
			where := r.Opt("where", "container")
			keys := make([]string, 0, len(r.Fields))
			for k := range r.Fields {
				if k != "side" && k != "where" && k != "authored" && k != "book" {
					keys = append(keys, k)
				}
			}
			sort.Strings(keys)
			for _, k := range keys {
				if !knownEvent(k) {
					return r.Errf("events: unknown event %s", k)
				}
				n, err := r.Int(k)
				if err != nil {
					return err
				}
				switch where {
				case "container":
					sc.Container[side][k] += n
				case "hand":
					for j := 0; j < n; j++ {
						sc.Hand[side] = append(sc.Hand[side], k)
					}
				default:
					return r.Errf("events: where=%s: want container or hand", where)
				}
			}
		case "vp":
			keys := make([]string, 0, len(r.Fields))
			for k := range r.Fields {
				if k != "authored" && k != "book" {
					keys = append(keys, k)
				}
			}
			sort.Strings(keys)
			for _, k := range keys {
				if !sc.Graph.Has(k) {
					return r.Errf("vp: unknown zone %s", k)
				}
				v, err := r.Int(k)
				if err != nil {
					return err
				}
				sc.VP[k] = v
			}
		case "renfort":
			side, err := sideOf(r, "side")
			if err != nil {
				if len(r.Args) == 0 {
					return err
				}
				side = French
				if r.Args[0] == "allied" {
					side = Allied
				}
			}
			rf := Reinf{Side: side, At: r.Opt("at", ""), Entry: r.Opt("entry", "")}
			if rf.Group, err = r.OptInt("group", 1); err != nil {
				return err
			}
			if rf.Decoys, err = r.OptInt("decoys", 0); err != nil {
				return err
			}
			for _, u := range r.List("units") {
				if d := sc.Def(u); d == nil || d.Side != side {
					return r.Errf("renfort: unknown %s counter %s", sideIDs[side], u)
				}
				rf.Units = append(rf.Units, u)
			}
			if rf.At != "" && !sc.Graph.Has(rf.At) {
				return r.Errf("renfort: unknown zone %s", rf.At)
			}
			if err := r.Unused(); err != nil {
				return err
			}
			sc.Reinfs = append(sc.Reinfs, rf)
		default:
			return r.Errf("unknown record %q in a scenario set-up", r.Kind)
		}
	}
	if !seenScenario {
		file := "setup"
		if len(recs) > 0 {
			file = recs[0].File
		}
		return &scenarios.Error{File: file, Msg: "no scenario record"}
	}
	for s := 0; s < 2; s++ {
		if len(sc.CinC[s]) == 0 {
			return &scenarios.Error{File: recs[0].File, Msg: "no commander in chief for " + sideIDs[s]}
		}
	}
	return nil
}

// VPOrder lists the scenario's VP zones, the most valuable first [8.0].
func (sc *Scenario) VPOrder() []string {
	out := make([]string, 0, len(sc.VP))
	for z := range sc.VP {
		out = append(out, z)
	}
	sort.Slice(out, func(i, j int) bool {
		if sc.VP[out[i]] != sc.VP[out[j]] {
			return sc.VP[out[i]] > sc.VP[out[j]]
		}
		return out[i] < out[j]
	})
	return out
}
