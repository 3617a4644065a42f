package napoleonics

import (
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"grognard/rules"
	"grognard/rules/hex"
)

// Tables made once per scenario for the hot paths of session 20 (#20):
// texts that depend only on the scenario's data (draw labels, prompts,
// unit card lines), the card ids in order, and each hex's sections as the
// top side names them. They are read-only once built; every slice handed
// out has its capacity cut at its length, so an append copies.
type scTables struct {
	cardIDs     []string   // every card id, sorted (the order of Chances)
	drawLabel   [2]string  // "<side> draws a card"
	drawPrompt  [2]string  // "<side> draws a command card"
	cmdPrompt   [2]string  // "<side>: play a command card"
	movePrompt  [2]string  // "<side>: move ordered units ..."
	fightPrompt [2]string  // "<side>: battle with ordered units ..."
	topSec      [][]string // by hex index: the sections mirrored (top side)
	botSec      [][]string // by hex index: the map's sections (bottom side)
	detail      [][]string // by unit index: the unit card's two lines
	color       []string   // by unit index: the nation's colour
	// moveLabel memoises the move labels by (unit index, hex index,
	// hexes moved < maxLabelD), filled on first use by any state (a
	// label depends only on the scenario's texts).
	moveLabel []atomic.Pointer[string]
	nh        int
	noBattle  map[*TerrainCard]string // "no battle: <terrain>"
	// orderLabel and moveRule by unit index: "Order <name>" and the
	// move's rule with the unit card; orderRule by command card.
	orderLabel, moveRule []string
	orderRule            map[*CardDef]string
	// bannerLine[side][n] is the score line with n banners (0..Banners+1).
	bannerLine [2][]string
}

const maxLabelD = 8

func buildTables(sys *System, sc *Scenario, fm *fastMap) *scTables {
	t := &scTables{}
	for _, c := range sys.Cards {
		t.cardIDs = append(t.cardIDs, c.ID)
	}
	sort.Strings(t.cardIDs)
	t.cardIDs = dedupSorted(t.cardIDs)
	for i := 0; i < 2; i++ {
		name := sc.Sides[i].Name
		t.drawLabel[i] = name + " draws a card"
		t.drawPrompt[i] = name + " draws a command card"
		t.cmdPrompt[i] = name + ": play a command card"
		t.movePrompt[i] = name + ": move ordered units and leaders, one at a time"
		t.fightPrompt[i] = name + ": battle with ordered units, one at a time"
	}
	t.topSec = make([][]string, len(fm.coords))
	t.botSec = make([][]string, len(fm.coords))
	for h, c := range fm.coords {
		cell := sc.Map.Cell(c)
		if cell == nil {
			continue
		}
		out := make([]string, len(cell.Section))
		for i, x := range cell.Section {
			out[i] = mirror(x)
		}
		t.topSec[h] = out[:len(out):len(out)]
		t.botSec[h] = cell.Section
	}
	for i := 0; i < 2; i++ {
		for n := 0; n <= sc.Banners+1; n++ {
			t.bannerLine[i] = append(t.bannerLine[i], bannerLine(sc.Sides[i].Name, n, sc.Banners))
		}
	}
	t.nh = len(fm.coords)
	t.moveLabel = make([]atomic.Pointer[string], len(sc.Units)*t.nh*maxLabelD)
	t.noBattle = map[*TerrainCard]string{}
	for _, tc := range sys.Terrain {
		t.noBattle[tc] = "no battle: " + tc.Name
	}
	t.orderRule = map[*CardDef]string{}
	for _, c := range sys.Cards {
		t.orderRule[c] = rOrder + "; " + rDeckCard(c)
	}
	t.orderLabel = make([]string, len(sc.Units))
	t.moveRule = make([]string, len(sc.Units))
	for i, d := range sc.Units {
		t.orderLabel[i] = "Order " + d.Name
		if c := sys.Units[d.Type]; c != nil {
			t.moveRule[i] = rMove + "; Unit card: " + c.Name
		}
	}
	t.detail = make([][]string, len(sc.Units))
	t.color = make([]string, len(sc.Units))
	for i, d := range sc.Units {
		c := sys.Units[d.Type]
		n := sys.Nations[d.Nation]
		if c == nil || n == nil {
			continue
		}
		t.detail[i] = []string{c.Name + " (" + n.Name + ")", c.Text}
		t.color[i] = n.Color
	}
	return t
}

func dedupSorted(xs []string) []string {
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// tables returns the scenario's tables (made with the scenario; a Scenario
// made some other way gets them on first use).
func (s *State) tables() *scTables {
	if s.sc.tabs == nil {
		s.sc.tabs = buildTables(s.sys, s.sc, s.fast())
	}
	return s.sc.tabs
}

// actBuf is the scratch the legal list is built in (the state's own, never
// shared by clones): the list handed out is one exact-size copy of it.
// owned is false when the scratch is already in use (a list built while
// another is: never in play), and buf is then a fresh slice.
func (s *State) actBuf() (buf []rules.Action, owned bool) {
	b := s.rbuf
	if b == nil {
		b = &reachBuf{}
		s.rbuf = b
	}
	if b.actsBusy {
		return nil, false
	}
	b.actsBusy = true
	return b.acts[:0], true
}

// keepActBuf gives the scratch back, emptied so that it holds no strings.
func (s *State) keepActBuf(buf []rules.Action, owned bool) {
	if !owned {
		return
	}
	clear(buf)
	s.rbuf.acts, s.rbuf.actsBusy = buf[:0], false
}

// exact copies a list built in the scratch into its own array.
func exact(buf []rules.Action) []rules.Action {
	if len(buf) == 0 {
		return nil
	}
	out := make([]rules.Action, len(buf))
	copy(out, buf)
	return out
}

// reachTo is the fewest hexes u moves to end on c (0 when it cannot): what
// reach(u)[c] answers, without the map.
func (s *State) reachTo(u *Unit, c hex.Coord) int {
	t := s.fast().idx(c)
	dist := 0
	if t < 0 {
		return s.reach(u)[c]
	}
	s.reachIdx(u, func(h, d int) {
		if h == t {
			dist = d
		}
	})
	return dist
}

// moveLabel is "Move <name> to <hex> (<d> hexes)" for the unit of index i
// (s.Units[i], the scenario's i-th unit) to hex index h.
func (s *State) moveLabel(i int, name string, h, d int) string {
	t := s.tables()
	if i < 0 || d < 0 || d >= maxLabelD || h < 0 || h >= t.nh || i >= len(s.sc.Units) || s.sc.Units[i].ID != s.Units[i].ID {
		return "Move " + name + " to " + s.fast().num[h] + " (" + plural(d, "hex", "hexes") + ")"
	}
	p := &t.moveLabel[(i*t.nh+h)*maxLabelD+d]
	if l := p.Load(); l != nil {
		return *l
	}
	l := "Move " + name + " to " + s.fast().num[h] + " (" + plural(d, "hex", "hexes") + ")"
	p.Store(&l)
	return l
}

// goneLine is the third line of an eliminated or exited unit's card.
func goneLine(g string) string { return strings.ToUpper(g[:1]) + g[1:] }

// findUnit answers FindLegal for an action of one unit (a move or exit in
// the movement phase, an order in the order phase, a fire or melee in the
// combat phase with no combat in progress) from that unit's part of the
// legal list, built by the very code that builds the whole list (buildLegal
// calls appendUnitMoves, appendUnitOrder and appendUnitBattle for every unit
// in turn, and no other part of the list has such a key): the same action
// with the same labels, or none. done is false when a is of another kind
// (the caller scans the whole list). TestFindLegalAgreesWithTheList
// compares it with the scan.
func (s *State) findUnit(a rules.Action) (found rules.Action, ok, done bool) {
	if a.Unit == "" {
		return rules.Action{}, false, false
	}
	i, known := s.idx[a.Unit]
	if !known || i < 0 || i >= len(s.Units) || s.Units[i].ID != a.Unit {
		return rules.Action{}, false, false
	}
	var part func(buf []rules.Action) []rules.Action
	switch {
	case s.Phase == PhMove && (a.Kind == "move" || a.Kind == "exit"):
		part = func(buf []rules.Action) []rules.Action { return s.appendUnitMoves(buf, i) }
	case s.Phase == PhOrder && a.Kind == "order" && s.RallyDice == 0 && s.SupplyLeft == 0 && !s.rallying():
		e := s.effCard()
		var allowed map[string]bool
		if e != nil {
			allowed = s.cardSections()
		}
		part = func(buf []rules.Action) []rules.Action { return s.appendUnitOrder(buf, i, e, allowed) }
	case s.Phase == PhCombat && s.Pend == nil && (a.Kind == "fire" || a.Kind == "melee"):
		part = func(buf []rules.Action) []rules.Action { return s.appendUnitBattle(buf, i) }
	default:
		return rules.Action{}, false, false
	}
	s.building = true
	buf, owned := s.actBuf()
	buf = part(buf)
	found, ok = rules.FindIn(buf, a)
	s.keepActBuf(buf, owned)
	s.building, s.occMemo, s.occOK = false, occ{}, false
	return found, ok, true
}

// Unit markers of a view, in the order View gives them.
const (
	mkOrdered = 1 << iota
	mkMoved
	mkSquare
	mkAttached
)

// markerLists are the 16 marker lists (nil when none), made once and
// handed out read-only (capacity cut).
var markerLists = func() [16][]string {
	var out [16][]string
	for m := range out {
		var l []string
		for b, name := range []string{"ordered", "moved", "square", "attached"} {
			if m&(1<<b) != 0 {
				l = append(l, name)
			}
		}
		out[m] = l[:len(l):len(l)]
	}
	return out
}()

// banners is the score line of side i ("Banners: French 2 of 5 [...]").
func (t *scTables) banners(s *State, i int) string {
	n := s.Banners[i]
	if n >= 0 && n < len(t.bannerLine[i]) {
		return t.bannerLine[i][n]
	}
	return bannerLine(s.sideName(i), n, s.sc.Banners)
}

func bannerLine(side string, n, of int) string {
	return "Banners: " + side + " " + strconv.Itoa(n) + " of " + strconv.Itoa(of) + " [" + rVictory + "]"
}

// orderLabelOf is "Order <name>" of s.Units[i].
func (t *scTables) orderLabelOf(s *State, i int, u *Unit) string {
	if i < len(t.orderLabel) && s.sc.Units[i].ID == u.ID {
		return t.orderLabel[i]
	}
	return "Order " + s.name(u)
}

// moveRuleOf is the rule of s.Units[i]'s moves (movement and its unit card).
func (t *scTables) moveRuleOf(s *State, i int, u *Unit) string {
	if i < len(t.moveRule) && s.sc.Units[i].ID == u.ID && u.Type == s.sc.Units[i].Type && t.moveRule[i] != "" {
		return t.moveRule[i]
	}
	return rMove + "; Unit card: " + s.card(u).Name
}
