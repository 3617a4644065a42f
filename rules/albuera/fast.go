package albuera

import (
	"grognard/rules/hex"
)

// fastTables are numbers and texts the hot paths read, taken once from the
// scenario's tables (issue #20: no map lookup or string building per action;
// the values are the same the lookups give).
type fastTables struct {
	// half Movement Points [12.8], [10.13]-[10.15]: square, double, infantry,
	// cavalry, foot, limbered, horse artillery, commander
	ma                              [8]int
	mpCommander, squareMinMP, turns int
	fires, bakerFires, commandRange int
	cellD                           []*hex.Cell // dense hex -> its cell, nil off the map
	drawLabel                       []string    // "Draw " + the unit's name, per unit
	sideOf                          []int8      // unit -> its side
	kindOf                          []uint8     // unit -> kInf, kCav... (its Kind as a number: kindCode)
	nOf, rectOf                     []int32     // unit -> its full Manpower (N) and rectangle minimum (rectMin): CheckInvariants
	bySide                          [2][]int    // the units of each side, in index order
	// the rows of table actions the hot paths read (act): value, present
	actV  [len(hotActs)]int
	actOK [len(hotActs)]bool
	// faceLab[i][f]: the label of unit i's turn to facing f at faceCost[i]
	// half MP (facingsTo), the text it builds
	faceLab  [][6]string
	faceCost []int
	// per unit: the brigade commanders under it (brigadesOf), the units
	// (not commanders) under it (hasTroops)
	brigades, troops [][]int
	built            bool
}

// labCache keeps the labels of steps and commander moves a state made
// (speed, issue #20), by unit, hex and the rest of the text: a unit that did
// not move, or came back, gets the same text without building it again. A
// label is the same function of what the entry holds (unit, hex, cost or MP
// left, kind), so a reused text is the text that would be built.
type labCache [labSlots]labEntry

const labSlots = 512

type labEntry struct {
	key int32 // 1 + unit, 0 empty
	v   int32 // what else the text says: cost or MP left, and its kind
	n   hex.Coord
	lab string
}

// label returns the cached text of unit i's action to hex n (v: the rest
// of what the text says), or build's text, kept; d is unused (the hex says it).
func (s *State) label(i, d int, n hex.Coord, v int32, build func() string) string {
	if s.ix == nil {
		return build()
	}
	lc := s.ix.labs
	if lc == nil {
		lc = &labCache{}
		s.ix.labs = lc
	}
	key := int32(1 + i)
	h := uint32(i)*0x9E3779B1 ^ uint32(n.Q)*0x85EBCA77 ^ uint32(n.R)*0xC2B2AE3D ^ uint32(v)*0x27D4EB2F
	e := &lc[(h^h>>15)%labSlots]
	if e.key == key && e.n == n && e.v == v {
		return e.lab
	}
	e.key, e.n, e.v, e.lab = key, n, v, build()
	return e.lab
}

// labText returns the cached label "name lab (cost MP)" of unit i's array
// change (arrayChanges), or builds it: the text is a function of (i, lab,
// cost) alone, which the entry holds.
func (s *State) labText(i int, lab string, cost int) string {
	build := func() string { return s.sc.Units[i].Name + " " + lab + " (" + half(cost) + " MP)" }
	if s.ix == nil {
		return build()
	}
	lc := s.ix.arrLabs
	if lc == nil {
		lc = &arrLabCache{}
		s.ix.arrLabs = lc
	}
	h := uint32(i)*0x9E3779B1 ^ uint32(len(lab))*0x85EBCA77 ^ uint32(cost)*0xC2B2AE3D
	if len(lab) > 0 {
		h ^= uint32(lab[len(lab)-1]) * 0x27D4EB2F
	}
	e := &lc[(h^h>>15)%arrLabSlots]
	if e.key == int32(i+1) && e.cost == int32(cost) && e.lab == lab {
		return e.out
	}
	e.key, e.cost, e.lab, e.out = int32(i+1), int32(cost), lab, build()
	return e.out
}

const arrLabSlots = 256

type arrLabCache [arrLabSlots]struct {
	key, cost int32
	lab, out  string
}

// hotActs are the rows of table actions the code reads (act).
var hotActs = [...]string{"face", "face_company", "friendly_pass", "rear", "enemy_hex", "fire", "column_to_line", "detach", "form_square", "free_square", "leave_square", "limber", "line_to_column", "reorder", "to_rectangle", "unlimber"}

// hotAct is the place of name in hotActs, -1 if not there.
func hotAct(name string) int {
	switch name {
	case "face":
		return 0
	case "face_company":
		return 1
	case "friendly_pass":
		return 2
	case "rear":
		return 3
	case "enemy_hex":
		return 4
	case "fire":
		return 5
	case "column_to_line":
		return 6
	case "detach":
		return 7
	case "form_square":
		return 8
	case "free_square":
		return 9
	case "leave_square":
		return 10
	case "limber":
		return 11
	case "line_to_column":
		return 12
	case "reorder":
		return 13
	case "to_rectangle":
		return 14
	case "unlimber":
		return 15
	}
	return -1
}

const (
	maSquare = iota
	maDouble
	maInf
	maCav
	maFoot
	maLimbered
	maHorse
	maCdr
)

func (sc *Scenario) buildFast() {
	f := &sc.fast
	for k, v := range [8]int{sc.P("mp_square"), sc.P("mp_double"), sc.P("mp_infantry"), sc.P("mp_cavalry"),
		sc.P("mp_foot"), sc.P("mp_limbered"), sc.P("mp_horse"), sc.P("mp_commander")} {
		f.ma[k] = 2 * v
	}
	f.mpCommander, f.squareMinMP, f.turns = sc.P("mp_commander"), sc.P("square_min_mp"), sc.P("turns")
	f.fires, f.bakerFires, f.commandRange = sc.P("fires"), sc.P("baker_fires"), sc.P("command_range")
	f.cellD = make([]*hex.Cell, sc.denseN)
	for c, cell := range sc.Map.Cells {
		if k := sc.dense(c); k >= 0 {
			f.cellD[k] = cell
		}
	}
	f.drawLabel = make([]string, len(sc.Units))
	for i := range sc.Units {
		f.drawLabel[i] = "Draw " + sc.Units[i].Name
	}
	for k, name := range hotActs {
		f.actV[k], f.actOK[k] = sc.Act[name]
	}
	f.sideOf = make([]int8, len(sc.Units))
	f.kindOf = make([]uint8, len(sc.Units))
	f.nOf, f.rectOf = make([]int32, len(sc.Units)), make([]int32, len(sc.Units))
	f.faceLab = make([][6]string, len(sc.Units))
	f.faceCost = make([]int, len(sc.Units))
	for i := range sc.Units {
		d := &sc.Units[i]
		f.sideOf[i] = int8(d.Side)
		f.kindOf[i] = kindCode(d.Kind)
		f.nOf[i], f.rectOf[i] = int32(d.N), int32(d.rectMin())
		if d.Side == 0 || d.Side == 1 {
			f.bySide[d.Side] = append(f.bySide[d.Side], i)
		}
		cost := sc.act("face", 2) // as facingsTo prices it [12.7], [8.7]
		if d.Kind == KComp {
			cost = sc.act("face_company", 0)
		}
		f.faceCost[i] = cost
		for fc := 0; fc < 6; fc++ {
			f.faceLab[i][fc] = d.Name + " turns to face " + sc.facingWord(fc) + " (" + half(cost) + " MP)"
		}
	}
	f.brigades, f.troops = make([][]int, len(sc.Units)), make([][]int, len(sc.Units))
	for c := range sc.Units {
		if l := sc.brigadesOfSlow(c); len(l) > 0 {
			f.brigades[c] = l[:len(l):len(l)]
		}
	}
	byID := map[string]int{}
	for i := range sc.Units {
		byID[sc.Units[i].ID] = i
	}
	for i := range sc.Units {
		d := &sc.Units[i]
		if c, ok := byID[d.Cmd]; ok && d.Kind != KCdr {
			f.troops[c] = append(f.troops[c], i)
		}
	}
	f.built = true
}

// enterCost is the half-point cost for array col to enter 'to' from 'from'
// (terrain, climbing, river hexside) [12.2], -1 prohibited: enterCostSlow
// read from a table made once per scenario for adjacent hexes.
func (s *State) enterCost(col string, from, to hex.Coord) int {
	sc := s.sc
	sc.costOnce.Do(sc.buildCosts)
	ci := -1
	for k, c := range sc.costColNames { // a handful of columns: no map look-up (speed)
		if c == col {
			ci = k
			break
		}
	}
	if ci < 0 {
		return s.enterCostSlow(col, from, to)
	}
	k, d := sc.dense(from), from.DirTo(to)
	if k < 0 || d < 0 {
		return s.enterCostSlow(col, from, to)
	}
	if c := sc.costD[ci][k*6+d]; c != -2 {
		return int(c)
	}
	return s.enterCostSlow(col, from, to)
}

// buildCosts fills costD from enterCostSlow for every column of the
// terrain table, every map hex and direction.
func (sc *Scenario) buildCosts() {
	probe := &State{sc: sc}
	sc.costCols = map[string]int{}
	var cols []string
	for _, row := range sc.Cost {
		for col := range row {
			if _, ok := sc.costCols[col]; !ok {
				sc.costCols[col] = len(cols)
				cols = append(cols, col)
			}
		}
	}
	sc.costColNames = cols
	sc.costD = make([][]int16, len(cols))
	for ci, col := range cols {
		t := make([]int16, sc.denseN*6)
		for k := range t {
			t[k] = -2
		}
		for from := range sc.Map.Cells {
			k := sc.dense(from)
			if k < 0 {
				continue
			}
			for d := 0; d < 6; d++ {
				c := probe.enterCostSlow(col, from, from.Neighbor(d))
				if c >= -1 && c < 1<<14 {
					t[k*6+d] = int16(c)
				}
			}
		}
		sc.costD[ci] = t
	}
}

// coordOf is the hex of dense index k (the inverse of dense).
func (sc *Scenario) coordOf(k int) hex.Coord {
	return hex.Coord{Q: k/sc.spanR + sc.minQ, R: k%sc.spanR + sc.minR}
}

// onMap is Map.On read from the dense table (speed).
func (sc *Scenario) onMap(c hex.Coord) bool {
	k := sc.dense(c)
	return k >= 0 && k < len(sc.on) && sc.on[k]
}

// cell is Map.Cell read from the dense table (speed).
func (sc *Scenario) cell(c hex.Coord) *hex.Cell {
	if k := sc.dense(c); k >= 0 && k < len(sc.fast.cellD) {
		return sc.fast.cellD[k]
	}
	return nil
}

// Unit kinds as numbers (the hot loops of CheckInvariants compare them
// for every unit after every action of a checked playout).
const (
	kOther uint8 = iota
	kInf
	kCav
	kArt
	kComp
	kCdr
)

func kindCode(kind string) uint8 {
	switch kind {
	case KInf:
		return kInf
	case KCav:
		return kCav
	case KArt:
		return kArt
	case KComp:
		return kComp
	case KCdr:
		return kCdr
	}
	return kOther
}
