package napoleonics

import (
	"sort"
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
	detail      [][]string // by unit index: the unit card's two lines
	color       []string   // by unit index: the nation's colour
	// moveLabel memoises the move labels by (unit index, hex index,
	// hexes moved < maxLabelD), filled on first use by any state (a
	// label depends only on the scenario's texts).
	moveLabel []atomic.Pointer[string]
	nh        int
	noBattle  map[*TerrainCard]string // "no battle: <terrain>"
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
	}
	t.nh = len(fm.coords)
	t.moveLabel = make([]atomic.Pointer[string], len(sc.Units)*t.nh*maxLabelD)
	t.noBattle = map[*TerrainCard]string{}
	for _, tc := range sys.Terrain {
		t.noBattle[tc] = "no battle: " + tc.Name
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
func (s *State) actBuf() []rules.Action {
	b := s.rbuf
	if b == nil {
		b = &reachBuf{}
		s.rbuf = b
	}
	if b.actsBusy {
		return nil // a list built while another is (never in play)
	}
	b.actsBusy = true
	return b.acts[:0]
}

// keepActBuf gives the scratch back, emptied so that it holds no strings.
func (s *State) keepActBuf(buf []rules.Action) {
	if !s.rbuf.actsBusy {
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
