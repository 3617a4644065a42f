package almansa

import (
	"fmt"
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
)

// Command [6].
//
// In the Command phase every formation leader traces a line of hexes of at
// most his commander in chief's radius (8) to him, and every unit of a
// formation a line of at most 4 hexes to its leader. The line may not pass
// through hexes holding enemy units, nor through the front or flank hexes of
// enemy units unless a friendly unit stands there. A leader who cannot is Out
// of Command: his formation rolls (die + rating) on the out-of-command table
// before its side moves. A unit that cannot neither moves nor attacks this
// turn. Das Minas commands Villaverde and Atayde, Galway the other Allied
// formations; if one falls the other commands all; if every commander in
// chief of an army is lost, all its formations are out of command.

// blockers returns the hexes a line of command of side may not cross: enemy
// units and the front and flank hexes of enemy units (a friendly unit there
// clears the hex) [6, 9].
func (s *State) blockers(side int) map[hex.Coord]bool {
	b := map[hex.Coord]bool{}
	s.eachBlocked(side, func(c hex.Coord) { b[c] = true })
	return b
}

// eachBlocked calls mark with every hex blockers(side) holds (some twice).
func (s *State) eachBlocked(side int, mark func(hex.Coord)) {
	o := s.occupancy()
	for i := range s.Units {
		if !s.alive(i) || s.def(i).Side == side {
			continue
		}
		mark(s.Units[i].At)
		if !s.def(i).Combat() || s.Units[i].DSB {
			continue
		}
		u := s.Units[i]
		for _, hs := range [][2]hex.Coord{hex.FrontHexes(u.At, u.Facing), hex.FlankHexes(u.At, u.Facing)} {
			for _, h := range hs {
				if !s.hasSide(o, h, side, func(j int) bool { return s.def(j).Combat() }) {
					mark(h)
				}
			}
		}
	}
}

// blockSet is blockers(side) by hex index (#20: the command phase traced
// every line through a map of coordinates). in[h] is blockers' answer for
// hex h of the index; a hex off the index is asked of the map, made when
// a line ends there (traceCommandSlow).
type blockSet struct {
	in   []bool
	m    map[hex.Coord]bool
	side int
}

// blocks is blockers(side) as a blockSet, without the map [6, 9].
func (s *State) blocks(side int) blockSet {
	fm := s.fast()
	in := make([]bool, len(fm.coords))
	s.eachBlocked(side, func(c hex.Coord) {
		if h := fm.idx(c); h >= 0 {
			in[h] = true
		}
	})
	return blockSet{in: in, side: side}
}

// traceCommand reports whether a line of at most radius hexes joins from and
// to without crossing a blocked hex (the ends themselves may be anywhere).
func (s *State) traceCommand(block map[hex.Coord]bool, from, to hex.Coord, radius int) bool {
	return s.traceBlocks(blockSet{m: block}, from, to, radius)
}

// traceBlocks is traceCommand through a blockSet.
func (s *State) traceBlocks(bs blockSet, from, to hex.Coord, radius int) bool {
	if from == to {
		return true
	}
	if hex.Distance(from, to) > radius {
		return false
	}
	fm := s.fast()
	fi, ti := fm.idx(from), fm.idx(to)
	if fi < 0 || ti < 0 {
		if bs.m == nil {
			bs.m = s.blockers(bs.side)
		}
		return s.traceCommandSlow(bs.m, from, to, radius)
	}
	// Breadth first over hex indices (#20): seen[h] == gen marks a hex
	// reached, dist its distance.
	if s.bufs == nil {
		s.bufs = &stateBufs{}
	}
	b := s.bufs
	if len(b.seen) != len(fm.coords) {
		b.seen = make([]uint32, len(fm.coords))
		b.dist = make([]int16, len(fm.coords))
		b.gen = 0
	}
	b.gen++
	if b.gen == 0 {
		clear(b.seen)
		b.gen = 1
	}
	gen := b.gen
	q := append(b.queue[:0], int16(fi))
	b.seen[fi], b.dist[fi] = gen, 0
	found := false
	for k := 0; k < len(q) && !found; k++ {
		c := int(q[k])
		if int(b.dist[c]) >= radius {
			continue
		}
		for _, n := range fm.nb[c] {
			if int(n) == ti {
				found = true
				break
			}
			if n < 0 || b.seen[n] == gen || (bs.in != nil && bs.in[n] || bs.in == nil && bs.m[fm.coords[n]]) {
				continue
			}
			b.seen[n], b.dist[n] = gen, b.dist[c]+1
			q = append(q, n)
		}
	}
	b.queue = q[:0]
	return found
}

// traceCommandSlow is traceCommand for an end off the map.
func (s *State) traceCommandSlow(block map[hex.Coord]bool, from, to hex.Coord, radius int) bool {
	dist := map[hex.Coord]int{from: 0}
	q := []hex.Coord{from}
	for len(q) > 0 {
		c := q[0]
		q = q[1:]
		if dist[c] >= radius {
			continue
		}
		for _, n := range c.Neighbors() {
			if n == to {
				return true
			}
			if _, seen := dist[n]; seen || !s.sc.Map.On(n) || block[n] {
				continue
			}
			dist[n] = dist[c] + 1
			q = append(q, n)
		}
	}
	return false
}

// commanderOf returns the commander in chief a formation answers to now, or
// -1 when its army has lost every commander in chief [6].
func (s *State) commanderOf(f string) int {
	form := s.sc.Form(f)
	c := s.idx(form.CinC)
	if c >= 0 && !s.Units[c].Dead {
		return c
	}
	// The surviving commander in chief takes over every formation.
	for i := range s.Units {
		if s.def(i).Side == form.Side && s.def(i).Type == Commander && !s.Units[i].Dead {
			return i
		}
	}
	return -1
}

// leaderInCommand says whether formation f's leader is in command, and why
// not.
func (s *State) leaderInCommand(block blockSet, f string) (bool, string) {
	form := s.sc.Form(f)
	l := s.idx(form.Leader)
	if l < 0 || !s.alive(l) {
		return false, "the formation has lost its leader"
	}
	c := s.commanderOf(f)
	if c < 0 {
		return false, "the army has lost its commanders in chief"
	}
	if !s.alive(c) {
		return false, "the commander in chief is not on the map"
	}
	if !s.traceBlocks(block, s.Units[c].At, s.Units[l].At, s.def(c).Radius) {
		return false, fmt.Sprintf("%s is beyond %s's command radius of %d", s.def(l).Name, s.def(c).Name, s.def(c).Radius)
	}
	// The two Allied commanders in chief must stay within 8 hexes of each
	// other; Das Minas's formations are out of command when they do not
	// (authored reading: Galway was the senior).
	if s.def(c).ID != form.CinC {
		return true, ""
	}
	for i := range s.Units {
		if i != c && s.def(i).Side == form.Side && s.def(i).Type == Commander && s.alive(i) {
			if !s.seniorIs(c) && s.seniorIs(i) && !s.traceBlocks(block, s.Units[i].At, s.Units[c].At, s.sc.P("cinc_apart")) {
				return false, fmt.Sprintf("%s is more than %d hexes from %s", s.def(c).Name, s.sc.P("cinc_apart"), s.def(i).Name)
			}
		}
	}
	return true, ""
}

// seniorIs: the commander in chief who commands more formations is senior.
func (s *State) seniorIs(i int) bool {
	for j := range s.Units {
		if j != i && s.def(j).Side == s.def(i).Side && s.def(j).Type == Commander && len(s.def(j).Commands) > len(s.def(i).Commands) {
			return false
		}
	}
	return true
}

// unitInCommand: a unit within 4 hexes of its formation leader [6].
func (s *State) unitInCommand(block map[hex.Coord]bool, i int) bool {
	return s.unitInCommandB(blockSet{m: block}, i)
}

// unitInCommandB is unitInCommand through a blockSet.
func (s *State) unitInCommandB(block blockSet, i int) bool {
	f := s.Units[i].Form
	if f == "" || s.def(i).Type == Artillery {
		return true
	}
	l := s.idx(s.sc.Form(f).Leader)
	if l < 0 || !s.alive(l) {
		return false
	}
	return s.traceBlocks(block, s.Units[l].At, s.Units[i].At, s.def(l).Radius)
}

// computeCommand sets the out-of-command markers of a side.
func (s *State) computeCommand(side int) []rules.Event {
	block := s.blocks(side)
	var evs []rules.Event
	for _, f := range s.sc.Forms {
		if f.Side != side {
			continue
		}
		ok, why := s.leaderInCommand(block, f.ID)
		if l := s.idx(f.Leader); l >= 0 {
			s.Units[l].OOC = !ok && s.alive(l)
		}
		if !ok {
			evs = append(evs, ev("command", "6", fmt.Sprintf("Formation %s is out of command: %s", f.Name, why), side, f.Leader))
		}
	}
	var out []string
	for i := range s.Units {
		if s.def(i).Side != side || !s.alive(i) || s.def(i).Type == Leader {
			continue
		}
		if s.def(i).Combat() {
			s.Units[i].OOC = !s.unitInCommandB(block, i)
			if s.Units[i].OOC {
				out = append(out, s.def(i).ID)
			}
		}
	}
	if len(out) > 0 {
		evs = append(evs, ev("command", "6", fmt.Sprintf("%s beyond %s leader's radius (%s): no movement or attack this turn", countOf(len(out), sideName(side)+" unit", sideName(side)+" units"), pickWord(len(out), "its", "their"), s.namesOf(out)), side, out...))
	}
	return evs
}

// commandPhase opens the turn [3, 6] and the optional turn-start rules [15].
func (s *State) commandPhase() []rules.Event {
	s.Mode = map[string]string{}
	s.fgen++
	s.Demoral = map[string]bool{}
	s.Galway, s.GalwayOK, s.AmmoNow = false, false, false
	var evs []rules.Event
	for side := range 2 {
		evs = append(evs, s.computeCommand(side)...)
	}
	var tasks []Task
	// Galway's rashness [15].
	if g := s.idx("galway"); s.opt(OptGalway) && g >= 0 && s.alive(g) && s.Turn >= s.sc.P("galway_from") {
		tasks = append(tasks, Task{Kind: "galway", Unit: "galway", Side: Allied, Why: "Galway's rashness", Rule: "15"})
	}
	// Formation morale [15].
	if s.opt(OptFormationMorale) {
		for _, f := range s.sc.Forms {
			if s.formationShaken(f.ID) {
				tasks = append(tasks, Task{Kind: "fmorale", Units: []string{f.ID}, Side: f.Side, Why: "formation morale of " + f.Name, Rule: "15"})
			}
		}
	}
	// Out-of-command formations roll [6].
	for side := range 2 {
		for _, f := range s.sc.Forms {
			if l := s.idx(f.Leader); f.Side == side && l >= 0 && s.alive(l) && s.Units[l].OOC {
				tasks = append(tasks, Task{Kind: "ooc", Unit: f.Leader, Units: []string{f.ID}, Side: side, Why: "out-of-command roll for " + f.Name, Rule: "6"})
			}
		}
	}
	// Allied artillery ammunition [15].
	if s.opt(OptAmmo) && s.AmmoUsed < s.sc.P("ammo_turns") && s.hasArtillery(Allied) {
		tasks = append(tasks, Task{Kind: "ammo", Side: Allied, Why: "Allied artillery ammunition", Rule: "15"})
	}
	// The Bourbon cavalry reserve [15].
	if s.Reserved {
		tasks = append(tasks, Task{Kind: "reserve", Side: Bourbon, Why: "the Bourbon cavalry reserve", Rule: "15"})
	}
	s.Tasks = append(tasks, s.Tasks...)
	return evs
}

func (s *State) hasArtillery(side int) bool {
	for i := range s.Units {
		if s.alive(i) && s.def(i).Side == side && s.def(i).Type == Artillery {
			return true
		}
	}
	return false
}

// formationShaken: more than half of a formation's units are disorganised,
// routed, reduced or gone [15].
// A formation whose leader is gone rolls too (it has no rating to subtract).
func (s *State) formationShaken(f string) bool {
	n, hurt := 0, 0
	for i := range s.Units {
		if s.Units[i].Form != f || !s.def(i).Combat() {
			continue
		}
		n++
		u := s.Units[i]
		if u.Dead || u.DSG || u.DSB || u.Steps < s.def(i).Steps {
			hurt++
		}
	}
	return n > 0 && 2*hurt > n
}

// startMovement: formations that rolled "withdraw" fall back a hex toward
// their own edge before their side moves [6].
func (s *State) startMovement(side int) []rules.Event {
	var tasks []Task
	for _, f := range s.sc.Forms {
		if f.Side != side || s.Mode[f.ID] != "withdraw" {
			continue
		}
		for i := range s.Units {
			if s.Units[i].Form == f.ID && s.alive(i) && s.def(i).Combat() && !s.Units[i].DSB {
				tasks = append(tasks, Task{Kind: "withdraw", Unit: s.def(i).ID, Side: side, N: 1, Why: f.Name + " falls back (out of command)", Rule: "6"})
			}
		}
	}
	s.Tasks = append(tasks, s.Tasks...)
	return nil
}

// withdrawHexes: hexes a unit may fall back into toward its own edge: closer
// to the edge, no enemy, no enemy ZoC, within stacking and facing limits.
func (s *State) withdrawHexes(i int) []hex.Coord {
	o := s.occupancy()
	side := s.def(i).Side
	z := s.zocOf(1 - side)
	here := s.Units[i].At
	var out []hex.Coord
	for _, n := range here.Neighbors() {
		if !s.sc.Map.On(n) || !s.passable(i, n) || s.hasSide(o, n, 1-side, nil) || z.has(n) {
			continue
		}
		if s.sc.EdgeDist[side][n] >= s.sc.EdgeDist[side][here] {
			continue
		}
		if s.stackProblem(o, i, n) != "" || s.facingProblem(o, i, n, s.Units[i].Facing) != "" {
			continue
		}
		out = append(out, n)
	}
	return out
}

func (s *State) formName(f string) string {
	if fm := s.sc.Form(f); fm != nil {
		return fm.Name
	}
	return f
}

func joinNames(ns []string) string { return strings.Join(ns, ", ") }

// countOf is "1 Bourbon unit" or "3 Bourbon units".
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// pickWord is one for 1, many otherwise.
func pickWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// namesOf names the units (ids) of a log line: three at most, then how many
// more.
func (s *State) namesOf(ids []string) string {
	var names []string
	for k, id := range ids {
		if k == 3 {
			names = append(names, fmt.Sprintf("%d more", len(ids)-3))
			break
		}
		names = append(names, s.name(s.idx(id)))
	}
	return strings.Join(names, ", ")
}
