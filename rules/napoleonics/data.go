package napoleonics

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"grognard/rules/hex"
	"grognard/scenarios"
)

// Static data of the system (scenarios/napoleonics) and of a scenario
// (scenarios/napoleonics/<id>). It is loaded once, validated with file:line
// errors, and then only read; states share it.

// UnitCard is one unit reference card (units.txt).
type UnitCard struct {
	ID, Name, Class      string
	Blocks, Move         int
	BattleMove           int
	MeleeBlocks          bool
	Melee, MeleeBonus    int
	Range                int
	FireBlocks           bool
	FireBonus            int
	FireTable            []int
	MovingHalf           bool
	Round                string
	MovedRange           int
	OneBlock             []int
	OneBlockMoveOrBattle bool
	ForestBattle         bool
	Square, TakeGround   bool
	Retire, Breakthrough bool
	Text, Authored       string
}

// TerrainCard is one terrain reference card with its dice modifiers.
type TerrainCard struct {
	ID, Name    string
	Stop        bool
	NoBattle    bool
	LightBattle bool
	BlocksLOS   bool
	NoSquare    bool
	NoCombat    bool
	Impassable  string // "", "all" or a unit class
	IgnoreFlag  []string
	Text        string
	RangedOnly  bool           // the card's dice apply in ranged combat only (the hill)
	Mods        map[string]int // "into-infantry" ... "from-artillery", by the battling unit's arm
}

// Symbol is one symbol of the battle die.
type Symbol struct {
	ID, Name string
	Faces    int
}

// Nation is a nationality: block colour and rounding of half dice.
type Nation struct {
	ID, Name, Round, Color string
}

// CardDef is one command card of the deck.
type CardDef struct {
	ID, Name, Kind string
	Copies         int
	Sections       []string
	Order          int
	Class          []string
	PerSection     int
	WithUnit       bool
	MoveBonus      int
	MeleeBonus     int
	FireBonus      int
	NoBattle       bool
	NoFire         bool
	NoMove         bool
	Counter        bool
	Draw           int
	Text           string

	OrderCommand    bool     // order=command: as many as the cards held
	Types           []string // unit types of other classes also ordered
	BattleMoveBonus int      // extra hexes a unit may move and still battle
	MoveTypes       []string // unit types the move bonuses are for (all if empty)
	MeleeClass      []string // classes the melee bonus is for (all if empty)
	Fallback        bool     // no unit of the arm: order 1 unit of choice
	Rally           bool     // rally=yes: roll dice, restore blocks, order the units restored
	Authored        string   // authored="reason": our reading where the family's card is uncertain
	Supply          int      // supply=N: first an enemy unit falls back N hexes (Short Supply)
}

// System is the system-level data.
type System struct {
	Units      map[string]*UnitCard
	Terrain    map[string]*TerrainCard
	Symbols    []Symbol
	DieNote    string
	Nations    map[string]*Nation
	Cards      []*CardDef
	CardByID   map[string]*CardDef
	DeckNote   string
	TerrainNot string
}

// SideDef is one side of a scenario.
type SideDef struct {
	Name      string
	Hand      int
	Top       bool // home edge is the top of the map (row 1)
	Nation    string
	Commander string
}

// UnitDef is one unit or leader of an order of battle.
type UnitDef struct {
	ID, Type, Nation, Name, Short string
	Side                          int
	At                            hex.Coord
	Leader                        bool
	Authored                      string
}

// Scenario is one scenario's data.
type Scenario struct {
	ID, Name  string
	Banners   int
	TurnCap   int
	CapNote   string
	Sides     [2]SideDef
	ExitSide  int
	ExitHex   hex.Coord
	HasExit   bool
	Units     []UnitDef
	Map       *hex.Map
	Reference string
	nums      map[hex.Coord]string // printed hex numbers, computed once
	fast      *fastMap             // flat board tables (#20)
	tabs      *scTables            // texts and tables of the hot paths (session 20)
}

const dataDir = "napoleonics"

var (
	sysOnce sync.Once
	sysData *System
	sysErr  error
	scMu    sync.Mutex
	scCache = map[string]*Scenario{}
)

// LoadSystem returns the system data, loading it once.
func LoadSystem() (*System, error) {
	sysOnce.Do(func() { sysData, sysErr = loadSystem() })
	return sysData, sysErr
}

func loadSystem() (*System, error) {
	s := &System{}
	recs, err := scenarios.Load(dataDir + "/units.txt")
	if err != nil {
		return nil, err
	}
	if s.Units, err = ParseUnits(recs); err != nil {
		return nil, err
	}
	if recs, err = scenarios.Load(dataDir + "/terrain.txt"); err != nil {
		return nil, err
	}
	if s.Terrain, err = ParseTerrain(recs); err != nil {
		return nil, err
	}
	if recs, err = scenarios.Load(dataDir + "/dice.txt"); err != nil {
		return nil, err
	}
	if s.Symbols, s.DieNote, err = ParseDice(recs); err != nil {
		return nil, err
	}
	if recs, err = scenarios.Load(dataDir + "/nations.txt"); err != nil {
		return nil, err
	}
	if s.Nations, err = ParseNations(recs); err != nil {
		return nil, err
	}
	if recs, err = scenarios.Load(dataDir + "/cards.txt"); err != nil {
		return nil, err
	}
	if s.Cards, s.DeckNote, err = ParseCards(recs); err != nil {
		return nil, err
	}
	s.CardByID = map[string]*CardDef{}
	for _, c := range s.Cards {
		s.CardByID[c.ID] = c
	}
	return s, nil
}

func intList(r *scenarios.Record, key string) ([]int, error) {
	var out []int
	for _, p := range r.List(key) {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return nil, r.Errf("%s: field %s=: %q is not a number of dice", r.Kind, key, p)
		}
		out = append(out, n)
	}
	return out, nil
}

var classes = map[string]bool{"infantry": true, "cavalry": true, "artillery": true, "leader": true}

// ParseUnits reads unit reference cards.
func ParseUnits(recs []scenarios.Record) (map[string]*UnitCard, error) {
	out := map[string]*UnitCard{}
	for i := range recs {
		r := &recs[i]
		if r.Kind != "unit" {
			return nil, r.Errf("unknown record %q in a unit card file", r.Kind)
		}
		id, err := r.Arg(0, "unit type id")
		if err != nil {
			return nil, err
		}
		if out[id] != nil {
			return nil, r.Errf("unit type %s defined twice", id)
		}
		u := &UnitCard{ID: id, Name: r.Opt("name", id), Text: r.Opt("text", ""), Authored: r.Opt("authored", "")}
		if u.Class, err = r.Str("class"); err != nil {
			return nil, err
		}
		if !classes[u.Class] {
			return nil, r.Errf("unit %s: class=%s: want infantry, cavalry, artillery or leader", id, u.Class)
		}
		if u.Blocks, err = r.Int("blocks"); err != nil {
			return nil, err
		}
		if u.Blocks < 1 {
			return nil, r.Errf("unit %s: blocks=%d: a unit has at least one block", id, u.Blocks)
		}
		if u.Move, err = r.Int("move"); err != nil {
			return nil, err
		}
		if u.BattleMove, err = r.Int("battle_move"); err != nil {
			return nil, err
		}
		if u.BattleMove > u.Move {
			return nil, r.Errf("unit %s: battle_move=%d exceeds move=%d", id, u.BattleMove, u.Move)
		}
		switch m := r.Opt("melee", "blocks"); m {
		case "blocks":
			u.MeleeBlocks = true
		default:
			n, err := strconv.Atoi(m)
			if err != nil || n < 0 {
				return nil, r.Errf("unit %s: melee=%s: want blocks or a number of dice", id, m)
			}
			u.Melee = n
		}
		if u.MeleeBonus, err = r.OptInt("melee_bonus", 0); err != nil {
			return nil, err
		}
		if u.Range, err = r.OptInt("range", 0); err != nil {
			return nil, err
		}
		if f := r.Opt("fire", ""); f == "blocks" {
			u.FireBlocks = true
		} else if f != "" {
			if u.FireTable, err = intList(r, "fire"); err != nil {
				return nil, err
			}
			if len(u.FireTable) != u.Range {
				return nil, r.Errf("unit %s: fire= gives %d ranges for range=%d", id, len(u.FireTable), u.Range)
			}
		} else if u.Range > 0 {
			return nil, r.Errf("unit %s: range=%d but no fire= dice", id, u.Range)
		}
		if u.FireBonus, err = r.OptInt("fire_bonus", 0); err != nil {
			return nil, err
		}
		switch mf := r.Opt("moving_fire", ""); mf {
		case "half":
			u.MovingHalf = true
		case "":
		default:
			return nil, r.Errf("unit %s: moving_fire=%s: want half", id, mf)
		}
		u.Round = r.Opt("round", "nation")
		if u.Round != "up" && u.Round != "down" && u.Round != "nation" {
			return nil, r.Errf("unit %s: round=%s: want up, down or nation", id, u.Round)
		}
		if u.MovedRange, err = r.OptInt("moved_range", 0); err != nil {
			return nil, err
		}
		if u.OneBlock, err = intList(r, "one_block"); err != nil {
			return nil, err
		}
		for _, f := range []struct {
			key string
			dst *bool
		}{{"one_block_move_or_battle", &u.OneBlockMoveOrBattle}, {"forest_battle", &u.ForestBattle},
			{"square", &u.Square}, {"take_ground", &u.TakeGround}, {"retire", &u.Retire}, {"breakthrough", &u.Breakthrough}} {
			if *f.dst, err = r.Bool(f.key); err != nil {
				return nil, err
			}
		}
		if err := r.Unused(); err != nil {
			return nil, err
		}
		out[id] = u
	}
	if out["leader"] == nil {
		return nil, &scenarios.Error{File: fileOf(recs, "units.txt"), Msg: "no leader card"}
	}
	return out, nil
}

func fileOf(recs []scenarios.Record, def string) string {
	if len(recs) > 0 {
		return recs[0].File
	}
	return def
}

// modCols are the terrain cards' dice: the first printed row for a unit
// battling into the hex, the second for a unit battling out of it, each by
// the battling unit's arm (infantry, cavalry, artillery).
var modCols = []string{"into-infantry", "into-cavalry", "into-artillery", "from-infantry", "from-cavalry", "from-artillery"}

// ParseTerrain reads terrain reference cards and their dice table.
func ParseTerrain(recs []scenarios.Record) (map[string]*TerrainCard, error) {
	tables, rest, err := scenarios.Tables(recs)
	if err != nil {
		return nil, err
	}
	out := map[string]*TerrainCard{}
	for i := range rest {
		r := &rest[i]
		if r.Kind != "terrain" {
			return nil, r.Errf("unknown record %q in a terrain file", r.Kind)
		}
		id, err := r.Arg(0, "terrain id")
		if err != nil {
			return nil, err
		}
		if out[id] != nil {
			return nil, r.Errf("terrain %s defined twice", id)
		}
		t := &TerrainCard{ID: id, Name: r.Opt("name", id), Text: r.Opt("text", ""), Impassable: r.Opt("impassable", "")}
		for _, f := range []struct {
			key string
			dst *bool
		}{{"stop", &t.Stop}, {"no_battle", &t.NoBattle}, {"light_battle", &t.LightBattle}, {"no_combat", &t.NoCombat}} {
			if *f.dst, err = r.Bool(f.key); err != nil {
				return nil, err
			}
		}
		switch l := r.Opt("los", "clear"); l {
		case "block":
			t.BlocksLOS = true
		case "clear":
		default:
			return nil, r.Errf("terrain %s: los=%s: want block or clear", id, l)
		}
		sq, err := r.Bool("square")
		if err != nil {
			return nil, err
		}
		t.NoSquare = r.Has("square") && !sq
		if t.Impassable != "" && t.Impassable != "all" && !classes[t.Impassable] {
			return nil, r.Errf("terrain %s: impassable=%s: want all or a unit class", id, t.Impassable)
		}
		t.IgnoreFlag = r.List("ignore_flag")
		for _, c := range t.IgnoreFlag {
			if !classes[c] {
				return nil, r.Errf("terrain %s: ignore_flag=%s: unknown unit class", id, c)
			}
		}
		if err := r.Unused(); err != nil {
			return nil, err
		}
		out[id] = t
	}
	tb := tables["terrain-dice"]
	if tb == nil {
		return nil, &scenarios.Error{File: fileOf(recs, "terrain.txt"), Msg: "no terrain-dice table"}
	}
	if len(tb.Cols) != 1+len(modCols) || tb.Cols[0] != "combat" {
		return nil, &scenarios.Error{File: tb.File, Line: tb.Line, Msg: "terrain-dice: want columns combat " + strings.Join(modCols, " ")}
	}
	for i, c := range modCols {
		if tb.Cols[i+1] != c {
			return nil, &scenarios.Error{File: tb.File, Line: tb.Line, Msg: fmt.Sprintf("terrain-dice: column %d is %s, want %s", i+2, tb.Cols[i+1], c)}
		}
	}
	for _, row := range tb.Rows {
		t := out[row.Key]
		if t == nil {
			return nil, &scenarios.Error{File: tb.File, Line: row.Line, Msg: fmt.Sprintf("terrain-dice: row %s is not a declared terrain", row.Key)}
		}
		switch row.Cells[0] {
		case "ranged":
			t.RangedOnly = true
		case "all":
		default:
			return nil, &scenarios.Error{File: tb.File, Line: row.Line, Msg: fmt.Sprintf("terrain-dice: row %s: combat=%s: want all or ranged", row.Key, row.Cells[0])}
		}
		t.Mods = map[string]int{}
		for i, c := range modCols {
			n, err := strconv.Atoi(row.Cells[i+1])
			if err != nil || n > 0 {
				return nil, &scenarios.Error{File: tb.File, Line: row.Line, Msg: fmt.Sprintf("terrain-dice: row %s column %s: %q is not zero or a negative number", row.Key, c, row.Cells[i+1])}
			}
			t.Mods[c] = n
		}
	}
	for _, t := range out {
		if t.Mods == nil {
			return nil, &scenarios.Error{File: tb.File, Line: tb.Line, Msg: fmt.Sprintf("terrain-dice: no row for terrain %s", t.ID)}
		}
	}
	return out, nil
}

// ParseDice reads the battle die's symbols.
func ParseDice(recs []scenarios.Record) ([]Symbol, string, error) {
	var out []Symbol
	note := ""
	seen := map[string]bool{}
	total := 0
	for i := range recs {
		r := &recs[i]
		switch r.Kind {
		case "die":
			note = r.Opt("authored", "")
		case "symbol":
			id, err := r.Arg(0, "symbol id")
			if err != nil {
				return nil, "", err
			}
			if seen[id] {
				return nil, "", r.Errf("symbol %s given twice", id)
			}
			seen[id] = true
			n, err := r.Int("faces")
			if err != nil {
				return nil, "", err
			}
			if n < 1 {
				return nil, "", r.Errf("symbol %s: faces=%d: want at least one face", id, n)
			}
			total += n
			out = append(out, Symbol{ID: id, Name: r.Opt("name", id), Faces: n})
		default:
			return nil, "", r.Errf("unknown record %q in a dice file", r.Kind)
		}
		if err := r.Unused(); err != nil {
			return nil, "", err
		}
	}
	for _, need := range []string{"infantry", "cavalry", "artillery", "flag", "sabre"} {
		if !seen[need] {
			return nil, "", &scenarios.Error{File: fileOf(recs, "dice.txt"), Msg: "the die has no " + need + " symbol"}
		}
	}
	if total != 6 {
		return nil, "", &scenarios.Error{File: fileOf(recs, "dice.txt"), Msg: fmt.Sprintf("the die has %d faces, want 6", total)}
	}
	return out, note, nil
}

// ParseNations reads nationalities.
func ParseNations(recs []scenarios.Record) (map[string]*Nation, error) {
	out := map[string]*Nation{}
	for i := range recs {
		r := &recs[i]
		if r.Kind != "nation" {
			return nil, r.Errf("unknown record %q in a nations file", r.Kind)
		}
		id, err := r.Arg(0, "nation id")
		if err != nil {
			return nil, err
		}
		n := &Nation{ID: id, Name: r.Opt("name", id), Round: r.Opt("round", "up"), Color: r.Opt("color", "#808080")}
		r.Opt("authored", "")
		if n.Round != "up" && n.Round != "down" {
			return nil, r.Errf("nation %s: round=%s: want up or down", id, n.Round)
		}
		if err := r.Unused(); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, nil
}

var sectionNames = map[string]bool{"left": true, "centre": true, "right": true, "any": true}

// ParseCards reads the command card deck.
func ParseCards(recs []scenarios.Record) ([]*CardDef, string, error) {
	var out []*CardDef
	seen := map[string]bool{}
	note := ""
	for i := range recs {
		r := &recs[i]
		switch r.Kind {
		case "deck":
			note = r.Opt("authored", "")
			if err := r.Unused(); err != nil {
				return nil, "", err
			}
			continue
		case "card":
		default:
			return nil, "", r.Errf("unknown record %q in a card file", r.Kind)
		}
		id, err := r.Arg(0, "card id")
		if err != nil {
			return nil, "", err
		}
		if seen[id] {
			return nil, "", r.Errf("card %s defined twice", id)
		}
		seen[id] = true
		c := &CardDef{ID: id, Name: r.Opt("name", id), Kind: r.Opt("kind", "section"), Text: r.Opt("text", ""), Authored: r.Opt("authored", "")}
		if c.Kind != "section" && c.Kind != "tactic" {
			return nil, "", r.Errf("card %s: kind=%s: want section or tactic", id, c.Kind)
		}
		if c.Copies, err = r.Int("copies"); err != nil {
			return nil, "", err
		}
		if c.Copies < 1 {
			return nil, "", r.Errf("card %s: copies=%d: want at least 1", id, c.Copies)
		}
		c.Sections = r.List("sections")
		if len(c.Sections) == 0 {
			c.Sections = []string{"any"}
		}
		for _, s := range c.Sections {
			if !sectionNames[s] {
				return nil, "", r.Errf("card %s: unknown section %q (left, centre, right or any)", id, s)
			}
		}
		c.Class = r.List("class")
		for _, k := range c.Class {
			if !classes[k] {
				return nil, "", r.Errf("card %s: class=%s: unknown unit class", id, k)
			}
		}
		if r.Opt("order", "") == "command" {
			c.OrderCommand = true
		} else if c.Order, err = r.OptInt("order", 0); err != nil {
			return nil, "", err
		}
		c.Types = r.List("types")
		c.MoveTypes = r.List("move_types")
		c.MeleeClass = r.List("melee_class")
		for _, k := range c.MeleeClass {
			if !classes[k] {
				return nil, "", r.Errf("card %s: melee_class=%s: unknown unit class", id, k)
			}
		}
		for _, f := range []struct {
			key string
			dst *int
		}{{"per_section", &c.PerSection}, {"move_bonus", &c.MoveBonus}, {"battle_move_bonus", &c.BattleMoveBonus},
			{"melee_bonus", &c.MeleeBonus}, {"fire_bonus", &c.FireBonus}, {"draw", &c.Draw}, {"supply", &c.Supply}} {
			if *f.dst, err = r.OptInt(f.key, 0); err != nil {
				return nil, "", err
			}
		}
		if c.Draw == 0 {
			c.Draw = 1
		}
		if c.Draw < 1 || c.Draw > 3 {
			return nil, "", r.Errf("card %s: draw=%d: want 1 to 3", id, c.Draw)
		}
		for _, f := range []struct {
			key string
			dst *bool
			inv bool
		}{{"with_unit", &c.WithUnit, false}, {"counter", &c.Counter, false}, {"fallback", &c.Fallback, false}, {"rally", &c.Rally, false},
			{"battle", &c.NoBattle, true}, {"fire", &c.NoFire, true}, {"move", &c.NoMove, true}} {
			def := "yes"
			if !f.inv {
				def = "no"
			}
			v := r.Opt(f.key, def)
			switch v {
			case "yes", "no":
			default:
				return nil, "", r.Errf("card %s: %s=%s: want yes or no", id, f.key, v)
			}
			*f.dst = (v == "yes") != f.inv
		}
		if c.Supply < 0 || c.Supply > 3 {
			return nil, "", r.Errf("card %s: supply=%d: want 0 to 3 hexes", id, c.Supply)
		}
		if c.Rally && !c.OrderCommand {
			return nil, "", r.Errf("card %s: rally=yes rolls the cards held: want order=command", id)
		}
		if c.Order == 0 && !c.Counter && !c.OrderCommand && !(len(c.Class) == 1 && c.Class[0] == "leader") {
			return nil, "", r.Errf("card %s: order=0 (no limit) is only for leader cards", id)
		}
		if err := r.Unused(); err != nil {
			return nil, "", err
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, "", &scenarios.Error{File: fileOf(recs, "cards.txt"), Msg: "the deck has no cards"}
	}
	return out, note, nil
}

// LoadScenario returns a scenario's data, loading it once.
func LoadScenario(id string) (*Scenario, error) {
	scMu.Lock()
	defer scMu.Unlock()
	if sc := scCache[id]; sc != nil {
		return sc, nil
	}
	sys, err := LoadSystem()
	if err != nil {
		return nil, err
	}
	m, err := scenarios.LoadHexMap(dataDir + "/" + id + "/map.txt")
	if err != nil {
		return nil, err
	}
	recs, err := scenarios.Load(dataDir + "/" + id + "/scenario.txt")
	if err != nil {
		return nil, err
	}
	sc, err := ParseScenario(sys, m, recs)
	if err != nil {
		return nil, err
	}
	if ref, err := scenarios.Text(dataDir + "/reference.md"); err == nil {
		sc.Reference = ref
	}
	scCache[id] = sc
	return sc, nil
}

// ParseScenario reads a scenario file against the system data and its map.
func ParseScenario(sys *System, m *hex.Map, recs []scenarios.Record) (*Scenario, error) {
	sc := &Scenario{Map: m, ExitSide: -1, nums: map[hex.Coord]string{}}
	for _, c := range m.Coords() {
		sc.nums[c] = m.Num(c)
	}
	for id := range terrainIDs(m) {
		if sys.Terrain[id] == nil {
			return nil, &scenarios.Error{File: fileOf(recs, "map.txt"), Msg: fmt.Sprintf("the map uses terrain %q, which has no terrain card", id)}
		}
	}
	nsides := 0
	sideIdx := map[string]int{}
	ids := map[string]bool{}
	unitAt := map[hex.Coord]string{}
	leaderAt := map[hex.Coord]string{}
	for i := range recs {
		r := &recs[i]
		switch r.Kind {
		case "scenario":
			id, err := r.Arg(0, "scenario id")
			if err != nil {
				return nil, err
			}
			sc.ID, sc.Name = id, r.Opt("name", id)
			if sc.Banners, err = r.Int("banners"); err != nil {
				return nil, err
			}
			if sc.TurnCap, err = r.Int("turn_cap"); err != nil {
				return nil, err
			}
			sc.CapNote = r.Opt("authored_cap", "")
			if sc.Banners < 1 || sc.TurnCap < 2 {
				return nil, r.Errf("scenario: banners and turn_cap must be positive")
			}
		case "side":
			name, err := r.Arg(0, "side name")
			if err != nil {
				return nil, err
			}
			if nsides == 2 {
				return nil, r.Errf("a scenario has two sides")
			}
			sd := SideDef{Name: name, Nation: r.Opt("nation", ""), Commander: r.Opt("commander", "")}
			if sd.Hand, err = r.Int("hand"); err != nil {
				return nil, err
			}
			if sd.Hand < 1 || sd.Hand > 8 {
				return nil, r.Errf("side %s: hand=%d: want 1 to 8 cards", name, sd.Hand)
			}
			switch h := r.Opt("home", ""); h {
			case "top":
				sd.Top = true
			case "bottom":
			default:
				return nil, r.Errf("side %s: home=%s: want top or bottom", name, h)
			}
			if sys.Nations[sd.Nation] == nil {
				return nil, r.Errf("side %s: unknown nation %q", name, sd.Nation)
			}
			sc.Sides[nsides] = sd
			sideIdx[name] = nsides
			nsides++
		case "exit":
			s, err := r.Str("side")
			if err != nil {
				return nil, err
			}
			si, ok := sideIdx[s]
			if !ok {
				return nil, r.Errf("exit: unknown side %q", s)
			}
			h, err := r.Str("hex")
			if err != nil {
				return nil, err
			}
			c, err := m.ParseOn(h)
			if err != nil {
				return nil, r.Errf("exit: %v", err)
			}
			sc.ExitSide, sc.ExitHex, sc.HasExit = si, c, true
		case "unit", "leader":
			id, err := r.Arg(0, "unit id")
			if err != nil {
				return nil, err
			}
			if ids[id] {
				return nil, r.Errf("unit %s given twice", id)
			}
			ids[id] = true
			u := UnitDef{ID: id, Leader: r.Kind == "leader", Name: r.Opt("name", id), Short: r.Opt("short", id), Authored: r.Opt("authored", "")}
			s, err := r.Str("side")
			if err != nil {
				return nil, err
			}
			si, ok := sideIdx[s]
			if !ok {
				return nil, r.Errf("%s %s: unknown side %q (declare sides first)", r.Kind, id, s)
			}
			u.Side = si
			if u.Leader {
				u.Type = "leader"
			} else if u.Type, err = r.Str("type"); err != nil {
				return nil, err
			}
			if c := sys.Units[u.Type]; c == nil || (c.Class == "leader") != u.Leader {
				return nil, r.Errf("%s %s: unknown unit type %q", r.Kind, id, u.Type)
			}
			u.Nation = r.Opt("nation", sc.Sides[si].Nation)
			if sys.Nations[u.Nation] == nil {
				return nil, r.Errf("%s %s: unknown nation %q", r.Kind, id, u.Nation)
			}
			h, err := r.Str("at")
			if err != nil {
				return nil, err
			}
			if u.At, err = m.ParseOn(h); err != nil {
				return nil, r.Errf("%s %s: %v", r.Kind, id, err)
			}
			t := sys.Terrain[m.Cell(u.At).Terrain]
			if t.Impassable == "all" || t.Impassable == sys.Units[u.Type].Class {
				return nil, r.Errf("%s %s: set up on impassable %s at %s", r.Kind, id, t.Name, h)
			}
			occ := unitAt
			if u.Leader {
				occ = leaderAt
			}
			if other, ok := occ[u.At]; ok {
				return nil, r.Errf("%s %s: hex %s already holds %s (one unit and one leader a hex)", r.Kind, id, h, other)
			}
			occ[u.At] = id
			sc.Units = append(sc.Units, u)
		default:
			return nil, r.Errf("unknown record %q in a scenario file", r.Kind)
		}
		if err := r.Unused(); err != nil {
			return nil, err
		}
	}
	if sc.ID == "" {
		return nil, &scenarios.Error{File: fileOf(recs, "scenario.txt"), Msg: "no scenario record"}
	}
	if nsides != 2 {
		return nil, &scenarios.Error{File: fileOf(recs, "scenario.txt"), Msg: "want two side records"}
	}
	if sc.Sides[0].Top == sc.Sides[1].Top {
		return nil, &scenarios.Error{File: fileOf(recs, "scenario.txt"), Msg: "the two sides need opposite home edges"}
	}
	for _, u := range sc.Units {
		if u.Leader {
			if c, ok := unitAt[u.At]; ok && sideOfID(sc, c) != u.Side {
				return nil, &scenarios.Error{File: fileOf(recs, "scenario.txt"), Msg: fmt.Sprintf("leader %s set up with enemy unit %s", u.ID, c)}
			}
		}
	}
	sc.fast = buildFast(sys, m)
	sc.tabs = buildTables(sys, sc, sc.fast)
	return sc, nil
}

func sideOfID(sc *Scenario, id string) int {
	for _, u := range sc.Units {
		if u.ID == id {
			return u.Side
		}
	}
	return -1
}

func terrainIDs(m *hex.Map) map[string]bool {
	out := map[string]bool{}
	for _, c := range m.Coords() {
		out[m.Cell(c).Terrain] = true
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
