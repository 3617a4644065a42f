package almansa

import (
	"fmt"

	"grognard/rules"
	"grognard/rules/hex"
)

// Losses, morale, routs and rally [5, 6, 8, 9, 13, 14].

// push puts tasks at the front of the queue, in order.
func (s *State) push(ts ...Task) {
	if len(ts) == 0 {
		return
	}
	s.Tasks = append(append([]Task(nil), ts...), s.Tasks...)
}

// loseSteps takes n steps from unit i; a unit with no step left is
// eliminated. Every step of the Allied army counts toward victory [5].
func (s *State) loseSteps(i, n int, rule, why string) []rules.Event {
	u := &s.Units[i]
	if u.Dead || n <= 0 || !s.def(i).Combat() {
		return nil
	}
	lost := min(n, u.Steps)
	u.Steps -= lost
	side := s.def(i).Side
	s.Lost[side] += lost
	e := ev("loss", rule, fmt.Sprintf("%s loses %d step(s) (%s)", s.name(i), lost, why), side, s.def(i).ID)
	evs := []rules.Event{e}
	if u.Steps <= 0 {
		evs = append(evs, s.kill(i, rule, "eliminated")...)
	}
	return evs
}

// kill removes a unit from play; its remaining steps, or a leader's (2), a
// commander in chief's or a train's (3) value, count toward victory [5]. A
// leader left without a unit in his hex risks capture [6].
func (s *State) kill(i int, rule, how string) []rules.Event {
	u := &s.Units[i]
	if u.Dead {
		return nil
	}
	d := s.def(i)
	at := u.At
	wasOn := u.On
	side := d.Side
	switch d.Type {
	case Leader:
		s.Lost[side] += s.sc.P("vp_leader")
	case Commander:
		s.Lost[side] += s.sc.P("vp_cinc")
	case Train:
		s.Lost[side] += s.sc.P("vp_train")
	default:
		s.Lost[side] += u.Steps
	}
	u.Steps, u.Dead, u.On, u.DSG, u.DSB, u.OOC = 0, true, false, false, false, false
	evs := []rules.Event{ev("eliminated", rule, fmt.Sprintf("%s %s", d.Name, how), side, d.ID)}
	if d.Combat() && wasOn {
		s.leaderRisk(at, side)
	}
	return evs
}

// leaderRisk: when the last unit stacked with leaders goes, each leader
// rolls: 1-3 killed or captured, 4-6 joins the nearest unit of his
// formation [6].
func (s *State) leaderRisk(at hex.Coord, side int) {
	o := s.occupancy()
	if s.hasSide(o, at, side, func(j int) bool { return s.def(j).Combat() }) {
		return
	}
	var ts []Task
	for _, j := range o.at(at) {
		if d := s.def(j); d.Side == side && d.Person() {
			ts = append(ts, Task{Kind: "leader", Unit: d.ID, Side: side, Why: d.Name + " left without troops", Rule: "6"})
		}
	}
	s.push(ts...)
}

// disorganise gives unit i a disorganisation result [14]: a second one
// calls for a morale check at +2 or rout.
func (s *State) disorganise(i int, rule string) []rules.Event {
	u := &s.Units[i]
	if u.Dead || u.DSB || s.def(i).Type == Artillery || !s.def(i).Combat() {
		return nil
	}
	if u.DSG {
		mod, mods := s.demoralMod(i)
		s.push(Task{Kind: "routcheck", Unit: s.def(i).ID, Side: s.def(i).Side, Mod: mod, Mods: mods, Why: s.name(i) + " disorganised again: rout check", Rule: "14"})
		return nil
	}
	u.DSG = true
	return []rules.Event{ev("disorganised", rule, s.name(i)+" is disorganised", s.def(i).Side, s.def(i).ID)}
}

// mcTask builds a morale check for unit i (none for artillery, which ignores
// morale [14], nor for leaders and trains).
func (s *State) mcTask(i int, mod int, mods []string, why, rule string) (Task, bool) {
	d := s.def(i)
	if d.Type == Artillery || !d.Combat() || s.Units[i].Dead {
		return Task{}, false
	}
	dm, dmods := s.demoralMod(i)
	mod += dm
	mods = append(mods, dmods...)
	return Task{Kind: "mc", Unit: d.ID, Side: d.Side, Mod: mod, Mods: mods, Why: why, Rule: rule}, true
}

// demoralMod is the die penalty of a unit of a demoralised formation on any
// morale check [15].
func (s *State) demoralMod(i int) (int, []string) {
	if f := s.Units[i].Form; f != "" && s.Demoral[f] {
		m := s.sc.P("demoralised_morale_mod")
		return m, []string{fmt.Sprintf("%+d demoralised formation [15]", m)}
	}
	return 0, nil
}

// moraleTarget: the unit's morale plus the rating of a leader stacked with it
// [6, 14].
func (s *State) moraleTarget(i int) (int, []string) {
	o := s.occupancy()
	r, who := s.leaderRating(o, s.Units[i].At, s.def(i).Side)
	t := s.def(i).Morale
	var mods []string
	if who != "" && r != 0 {
		t += r
		mods = append(mods, fmt.Sprintf("morale %+d %s stacked [6]", r, who))
	}
	return t, mods
}

// rollMC resolves a morale check: the die plus modifiers must not exceed
// the morale factor [14].
func (s *State) rollMC(t Task, die int) []rules.Event {
	i := s.idx(t.Unit)
	target, lmods := s.moraleTarget(i)
	mods := append(append([]string(nil), t.Mods...), lmods...)
	total := die + t.Mod
	pass := total <= target
	e := ev("morale", "14", "", t.Side, t.Unit)
	e = withMods(e, die, mods) // words.go: no rule cited twice
	if pass {
		e.Text = fmt.Sprintf("%s passes its morale check: %d against %d (%s)", s.name(i), total, target, t.Why)
		return []rules.Event{e}
	}
	e.Text = fmt.Sprintf("%s fails its morale check: %d against %d (%s)", s.name(i), total, target, t.Why)
	return append([]rules.Event{e}, s.disorganise(i, "14")...)
}

// rollRoutCheck: a disorganised unit disorganised again checks at +2; if it
// fails it routs and flees [14].
func (s *State) rollRoutCheck(t Task, die int) []rules.Event {
	i := s.idx(t.Unit)
	target, lmods := s.moraleTarget(i)
	target += s.sc.P("rout_check_bonus")
	mods := append(append([]string{fmt.Sprintf("morale %+d second disorganisation [14]", s.sc.P("rout_check_bonus"))}, t.Mods...), lmods...)
	total := die + t.Mod
	e := ev("morale", "14", "", t.Side, t.Unit)
	e = withMods(e, die, mods) // words.go: no rule cited twice
	if total <= target {
		e.Text = fmt.Sprintf("%s passes its rout check and holds: %d against %d", s.name(i), total, target)
		return []rules.Event{e}
	}
	e.Text = fmt.Sprintf("%s fails its rout check and routs: %d against %d", s.name(i), total, target)
	return append([]rules.Event{e}, s.rout(i)...)
}

// rout marks unit i routed and sends it fleeing [14].
func (s *State) rout(i int) []rules.Event {
	u := &s.Units[i]
	u.DSG, u.DSB = false, true
	s.push(Task{Kind: "rout", Unit: s.def(i).ID, Side: s.def(i).Side, N: s.sc.P("rout_hexes"), Why: s.name(i) + " flees", Rule: "14"})
	return []rules.Event{ev("routed", "14", s.name(i)+" is routed and must flee toward its map edge", s.def(i).Side, s.def(i).ID)}
}

// routHexes: each hex of a rout brings the unit closer to its own edge;
// never into enemy units or ground it may not enter [14].
func (s *State) routHexes(i int) []hex.Coord {
	o := s.occupancy()
	side := s.def(i).Side
	here := s.Units[i].At
	var out []hex.Coord
	for _, n := range here.Neighbors() {
		if !s.sc.Map.On(n) || !s.passable(i, n) || s.hasSide(o, n, 1-side, nil) {
			continue
		}
		if s.sc.EdgeDist[side][n] < s.sc.EdgeDist[side][here] {
			out = append(out, n)
		}
	}
	return out
}

// routStep moves a routed unit one hex [14]: friends it passes through are
// disorganised; entering an enemy ZoC costs a step [9].
func (s *State) routStep(i int, to hex.Coord) []rules.Event {
	side := s.def(i).Side
	z := s.zocOf(1 - side)
	s.Units[i].At = to
	evs := []rules.Event{ev("rout", "14", fmt.Sprintf("%s flees to %s", s.name(i), s.num(to)), side, s.def(i).ID)}
	o := s.occupancy()
	if f, ok := s.stackFacing(o, to, side, i); ok {
		s.Units[i].Facing = f
	}
	for _, j := range o.at(to) {
		if j != i && s.def(j).Side == side && s.def(j).Combat() && s.def(j).Type != Artillery && !s.Units[j].DSG && !s.Units[j].DSB {
			s.Units[j].DSG = true
			evs = append(evs, ev("disorganised", "14", s.name(j)+" is disorganised by routers passing through", side, s.def(j).ID))
		}
	}
	if z.has(to) {
		evs = append(evs, s.loseSteps(i, 1, "9", "fled into an enemy zone of control")...)
	}
	return evs
}

// retreatHexes: a retreat goes one hex toward the unit's own edge, or
// sideways when it cannot, never into enemy units or forbidden ground
// (authored detail: the book gives no direction) [13].
func (s *State) retreatHexes(i int) []hex.Coord {
	o := s.occupancy()
	side := s.def(i).Side
	here := s.Units[i].At
	var closer, level []hex.Coord
	for _, n := range here.Neighbors() {
		if !s.sc.Map.On(n) || !s.passable(i, n) || s.hasSide(o, n, 1-side, nil) {
			continue
		}
		switch d := s.sc.EdgeDist[side][n]; {
		case d < s.sc.EdgeDist[side][here]:
			closer = append(closer, n)
		case d == s.sc.EdgeDist[side][here]:
			level = append(level, n)
		}
	}
	if len(closer) > 0 {
		return closer
	}
	return level
}

// retreatStep moves a retreating unit into hex to and applies what waits
// there: an enemy ZoC disorganises and costs a step [9]; an enemy front hex
// calls for a morale check at +1 [13]; an enemy flank hex for a roll of die +
// morale, 5 or more meaning a morale check [13]; overstacking disorganises
// the whole hex [8].
func (s *State) retreatStep(i int, to hex.Coord) []rules.Event {
	side := s.def(i).Side
	z := s.zocOf(1 - side)
	s.Units[i].At = to
	evs := []rules.Event{ev("retreat", "13", fmt.Sprintf("%s retreats to %s", s.name(i), s.num(to)), side, s.def(i).ID)}
	o := s.occupancy()
	if f, ok := s.stackFacing(o, to, side, i); ok {
		s.Units[i].Facing = f
	}
	evs = append(evs, s.overstack(o, to, side)...)
	var ts []Task
	front, flank := s.enemyArcs(o, to, side)
	if z.has(to) {
		evs = append(evs, s.loseSteps(i, 1, "9", "retreated into an enemy zone of control")...)
		if !s.Units[i].Dead {
			evs = append(evs, s.disorganise(i, "9")...)
		}
	}
	if s.Units[i].Dead {
		return evs
	}
	// The two cases are separate statements of the book: a hex that is one
	// enemy's front and another's flank calls for both.
	if front {
		m := s.sc.P("retreat_front_mod")
		if t, ok := s.mcTask(i, m, []string{fmt.Sprintf("%+d retreat into an enemy front hex [13]", m)}, "retreat into an enemy front hex", "13"); ok {
			ts = append(ts, t)
		}
	}
	if flank && s.def(i).Type != Artillery {
		ts = append(ts, Task{Kind: "flankcheck", Unit: s.def(i).ID, Side: side, Why: "retreat into an enemy flank hex", Rule: "13"})
	}
	s.push(ts...)
	return evs
}

// enemyArcs: is c a front hex, or a flank hex, of some enemy unit?
func (s *State) enemyArcs(o occ, c hex.Coord, side int) (front, flank bool) {
	for _, n := range c.Neighbors() {
		for _, j := range o.at(n) {
			if s.def(j).Side == side || !s.def(j).Combat() || s.Units[j].DSB {
				continue
			}
			switch a, _ := hex.ArcOf(n, s.Units[j].Facing, c); a {
			case hex.Front:
				front = true
			case hex.Flank:
				flank = true
			}
		}
	}
	return
}

// overstack: a retreat or rout that breaks the stacking limit disorganises
// every unit in the hex; already disorganised units do not rout for it [8].
func (s *State) overstack(o occ, c hex.Coord, side int) []rules.Event {
	steps, arts := 0, 0
	for _, j := range o.at(c) {
		if s.def(j).Side != side {
			continue
		}
		switch s.def(j).Type {
		case Infantry, Cavalry, Dragoons:
			steps += s.Units[j].Steps
		case Artillery:
			arts++
		}
	}
	if steps <= s.sc.P("stack_steps") && arts <= s.sc.P("stack_artillery") {
		return nil
	}
	var evs []rules.Event
	for _, j := range o.at(c) {
		if s.def(j).Side == side && s.def(j).Combat() && !s.Units[j].DSG && !s.Units[j].DSB {
			s.Units[j].DSG = true
			evs = append(evs, ev("disorganised", "8", s.name(j)+" is disorganised by overstacking", side, s.def(j).ID))
		}
	}
	return evs
}

// rollLeader: a leader whose last unit is gone is killed or captured on 1-3,
// else joins the nearest unit of his formation (a commander in chief the
// nearest unit of his army) [6].
func (s *State) rollLeader(t Task, die int) []rules.Event {
	i := s.idx(t.Unit)
	e := ev("leader", "6", "", t.Side, t.Unit)
	e.Dice = []int{die}
	if die <= s.sc.P("leader_killed_max") {
		e.Text = fmt.Sprintf("%s is killed or captured (rolled %d)", s.name(i), die)
		return append([]rules.Event{e}, s.kill(i, "6", "is lost")...)
	}
	nearest := func(own bool) int {
		best, bd := -1, 0
		for j := range s.Units {
			if !s.alive(j) || !s.def(j).Combat() || s.def(j).Side != t.Side {
				continue
			}
			if own && s.def(i).Type == Leader && s.Units[j].Form != s.def(i).Formation {
				continue
			}
			if d := hex.Distance(s.Units[i].At, s.Units[j].At); best < 0 || d < bd {
				best, bd = j, d
			}
		}
		return best
	}
	best := nearest(true)
	if best < 0 {
		// He survived (4-6), so he is not lost [5]; with no unit of his
		// formation left he joins the nearest unit of his army (reading:
		// the book gives no case), or stays where he is if there is none.
		best = nearest(false)
	}
	if best < 0 {
		e.Text = fmt.Sprintf("%s escapes (rolled %d); no unit of his army is left to join", s.name(i), die)
		return []rules.Event{e}
	}
	s.Units[i].At = s.Units[best].At
	e.Text = fmt.Sprintf("%s escapes (rolled %d) and joins %s at %s", s.name(i), die, s.name(best), s.num(s.Units[best].At))
	return []rules.Event{e}
}

// rallyPhase [14]: out-of-command markers go, disorganisation is removed
// outside enemy zones of control (and outside overstacked hexes, authored),
// and routed units outside enemy zones of control try to rally.
func (s *State) rallyPhase() []rules.Event {
	var evs []rules.Event
	o := s.occupancy()
	var ts []Task
	var cleared []string
	for side := range 2 {
		z := s.zocOf(1 - side)
		for i := range s.Units {
			u := &s.Units[i]
			if s.def(i).Side != side {
				continue
			}
			u.OOC = false
			if !s.alive(i) || z.has(u.At) {
				continue
			}
			if u.DSG && !s.overstacked(o, u.At, side) {
				u.DSG = false
				cleared = append(cleared, s.def(i).ID)
			}
			if u.DSB {
				mod, mods := s.rallyMods(o, i)
				ts = append(ts, Task{Kind: "rally", Unit: s.def(i).ID, Side: side, Mod: mod, Mods: mods, Why: "rally of " + s.name(i), Rule: "14"})
			}
		}
	}
	if len(cleared) > 0 {
		evs = append(evs, ev("rally", "14", fmt.Sprintf("%s %s from disorganisation (%s)", countOf(len(cleared), "unit", "units"), pickWord(len(cleared), "recovers", "recover"), s.namesOf(cleared)), int(rules.NoSide), cleared...))
	}
	s.push(ts...)
	return evs
}

func (s *State) overstacked(o occ, c hex.Coord, side int) bool {
	steps, arts := 0, 0
	for _, j := range o.at(c) {
		if s.def(j).Side == side {
			switch s.def(j).Type {
			case Infantry, Cavalry, Dragoons:
				steps += s.Units[j].Steps
			case Artillery:
				arts++
			}
		}
	}
	return steps > s.sc.P("stack_steps") || arts > s.sc.P("stack_artillery")
}

// rallyMods: -2 with the commander in chief stacked, else -1 with a leader or
// commander in chief adjacent or stacked [14].
func (s *State) rallyMods(o occ, i int) (int, []string) {
	side := s.def(i).Side
	at := s.Units[i].At
	for _, j := range o.at(at) {
		if s.def(j).Side == side && s.def(j).Type == Commander {
			m := s.sc.P("rally_cinc_mod")
			return m, []string{fmt.Sprintf("%+d %s stacked [14]", m, s.name(j))}
		}
	}
	for _, c := range append([]hex.Coord{at}, neighbors(at)...) {
		for _, j := range o.at(c) {
			if s.def(j).Side == side && s.def(j).Person() {
				m := s.sc.P("rally_leader_mod")
				return m, []string{fmt.Sprintf("%+d %s adjacent [14]", m, s.name(j))}
			}
		}
	}
	return 0, nil
}

func neighbors(c hex.Coord) []hex.Coord {
	n := c.Neighbors()
	return n[:]
}

func (s *State) rollRally(t Task, die int) []rules.Event {
	i := s.idx(t.Unit)
	total := die + t.Mod
	target := s.def(i).Morale
	e := ev("rally", "14", "", t.Side, t.Unit)
	e = withMods(e, die, t.Mods) // words.go: no rule cited twice
	if total <= target {
		s.Units[i].DSB = false
		s.Units[i].DSG = false
		e.Text = fmt.Sprintf("%s rallies: %d against %d", s.name(i), total, target)
	} else {
		e.Text = fmt.Sprintf("%s fails to rally: %d against %d", s.name(i), total, target)
	}
	return []rules.Event{e}
}
