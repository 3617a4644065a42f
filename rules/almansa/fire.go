package almansa

import (
	"fmt"
	"sort"
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
)

// Fire [11, 12].
//
// Infantry fires at enemies in its two front hexes; artillery at enemies 1
// to 3 hexes away inside its front arc, over a clear path (no unit, hill,
// redoubt or town between). Fire is declared one unit
// at a time against one hex: units of one formation plus any artillery may
// join; then the player resolves it. Formations fire one after another. The
// result hits every unit in the target hex. Moved artillery does not fire
// offensively [10]; out-of-command, routed and demoralised units fire only
// defensively [6, 14, 15]. Dragoons fire offensively with factor 3
// (optional) [15].

// fireProblem says why unit i may not fire now ("" when it may).
func (s *State) fireProblem(i int) string {
	d := s.def(i)
	u := s.Units[i]
	kind := phaseKind(s.Phase)
	offensive := kind == "fire"
	shooter := phaseDecider(s.Phase)
	switch {
	case kind != "fire" && kind != "dfire":
		return "units fire only in the fire phases [3, 11]"
	case d.Side != shooter:
		return "it is not this side's fire [11]"
	case !s.alive(i):
		return "the unit is not on the map"
	case u.Fired:
		return "the unit has already fired this phase [11]"
	}
	switch d.Type {
	case Infantry:
	case Dragoons:
		if !s.opt(OptDragoons) || !offensive {
			return "dragoons fire only offensively, with the optional dragoons rule [15]"
		}
	case Artillery:
		if offensive && u.Moved {
			return "artillery that moved may not fire in the offensive fire phase [10]"
		}
		if d.Side == Allied && s.opt(OptAmmo) && !s.AmmoNow {
			return "the Allied artillery is not firing this turn (ammunition) [15]"
		}
	default:
		return "only infantry and artillery fire [11]"
	}
	f := s.Units[i].Form
	if offensive && d.Type != Artillery {
		switch {
		case u.DSB:
			return "routed units fire only defensively [14]"
		case u.OOC:
			return "out-of-command units fire only defensively [6]"
		case d.Reserve && f == "":
			return "the cavalry reserve may not attack before it is assigned [15]"
		case s.Mode[f] == "withdraw":
			return "this formation fell back out of command and fires only defensively [6]"
		case s.Demoral[f]:
			return "a demoralised formation may not attack [15]"
		}
	}
	if d.Type != Artillery {
		if s.Done[f] {
			return "formation " + s.formName(f) + " has finished firing: formations fire one after another [11]"
		}
		if s.Decl != nil && s.Decl.Formation != "" && s.Decl.Formation != f {
			return "only units of formation " + s.formName(s.Decl.Formation) + " may join this fire [11]"
		}
		if s.Decl == nil && s.CurForm != "" && s.CurForm != f && s.mustStillFire(s.CurForm) {
			return "formation " + s.formName(s.CurForm) + " must fire first [6]"
		}
	}
	return ""
}

// fireFactor is what a unit adds to a fire [11, 12, 15].
func (s *State) fireFactor(i int) int {
	if s.def(i).Type == Dragoons {
		return s.sc.P("dragoon_fire")
	}
	return s.cf(i)
}

// targets lists the hexes unit i can fire at [11, 12].
func (s *State) fireTargets(o occ, i int) []hex.Coord {
	d := s.def(i)
	u := s.Units[i]
	var cand []hex.Coord
	if d.Type == Artillery {
		cand = s.gunArc(u.At, u.Facing) // made once per scenario (#20)
	} else {
		fh := hex.FrontHexes(u.At, u.Facing)
		cand = fh[:]
	}
	var out []hex.Coord
	for _, c := range cand {
		if !s.sc.Map.On(c) || !s.hasSide(o, c, 1-d.Side, func(j int) bool { return s.def(j).Combat() }) {
			continue
		}
		if d.Type == Artillery && !s.clearPath(o, u.At, c) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// clearPath: the hexes between are free of units (leaders excepted), of
// hills, of redoubts and of the town; a line along a hexside is blocked only
// when both hexes block (authored reading) [12].
func (s *State) clearPath(o occ, a, b hex.Coord) bool {
	// hex.Blocked, with the line made once per scenario (#20).
	t := s.line(a, b)
	if len(t) <= 2 {
		return true
	}
	return !hex.StepsBlocked(t[1:len(t)-1], func(c hex.Coord) bool {
		for _, j := range o.at(c) {
			if !s.def(j).Person() {
				return true
			}
		}
		switch s.terrain(c) {
		case "redoubt", "town", "walls", "castle", "hill":
			return true
		}
		return false
	}, hex.GrazeBoth)
}

func (s *State) fireActions() []rules.Action {
	shooter := phaseDecider(s.Phase)
	o := s.occupancy()
	out := s.scratch()
	if s.Decl != nil {
		t := s.Decl.Targets[0]
		for i := range s.Units {
			if s.def(i).Side != shooter || s.inDecl(i) || s.fireProblem(i) != "" {
				continue
			}
			for _, c := range s.fireTargets(o, i) {
				if c == t {
					out = append(out, s.fireAction(o, i, c, true))
				}
			}
		}
		cf := s.declFire()
		out = append(out, rules.Action{Kind: "fire", Choice: "resolve", To: s.num(t),
			Label: fmt.Sprintf("Resolve the fire at %s: %d combat factors", s.targetWords(o, t, shooter), cf), Rule: "11"})
		return s.keep(out)
	}
	for i := range s.Units {
		if s.def(i).Side != shooter || s.fireProblem(i) != "" {
			continue
		}
		for _, c := range s.fireTargets(o, i) {
			out = append(out, s.fireAction(o, i, c, false))
		}
	}
	if s.endFireProblem() == "" {
		out = append(out, rules.Action{Kind: "end", Label: "End the fire phase", Rule: "11"})
	}
	return s.keep(out)
}

// fireAction is unit i's fire at hex c [11] [12]; its label names the firer
// first and the target by its units ("Moura fires at Castilla in 1510"),
// never "Fire Moura at 1510", which read as if Moura were the target.
func (s *State) fireAction(o occ, i int, c hex.Coord, join bool) rules.Action {
	rule := "11"
	if s.def(i).Type == Artillery {
		rule = "12"
	}
	verb := "fires at"
	if join {
		verb = "joins the fire at"
	}
	return rules.Action{Kind: "fire", Unit: s.def(i).ID, To: s.num(c),
		Label: fmt.Sprintf("%s %s %s (%d CF)", s.name(i), verb, s.targetWords(o, c, s.def(i).Side), s.fireFactor(i)), Rule: rule,
		Info: fmt.Sprintf("%d CF", s.fireFactor(i))}
}

func (s *State) inDecl(i int) bool {
	if s.Decl == nil {
		return false
	}
	for _, id := range s.Decl.Units {
		if id == s.def(i).ID {
			return true
		}
	}
	return false
}

func (s *State) declFire() int {
	n := 0
	for _, id := range s.Decl.Units {
		n += s.fireFactor(s.idx(id))
	}
	return n
}

// endFireProblem: a formation that rolled 3-4 out of command must fire [6].
func (s *State) endFireProblem() string {
	if phaseKind(s.Phase) != "fire" {
		return ""
	}
	for _, f := range s.sc.Forms {
		if f.Side == phaseSide(s.Phase) && s.Mode[f.ID] == "attack" && !s.Done[f.ID] && s.mustStillFire(f.ID) {
			return "formation " + f.Name + " must attack with fire [6]"
		}
	}
	return ""
}

func (s *State) mustStillFire(f string) bool {
	if s.Mode[f] != "attack" || phaseKind(s.Phase) != "fire" || s.Done[f] {
		return false
	}
	o := s.occupancy()
	for i := range s.Units {
		if s.Units[i].Form == f && s.alive(i) && !s.Units[i].Fired && s.def(i).Type != Artillery {
			save := s.CurForm
			s.CurForm = f
			ok := s.fireProblem(i) == "" && len(s.fireTargets(o, i)) > 0
			s.CurForm = save
			if ok {
				return true
			}
		}
	}
	return false
}

func (s *State) doFire(a rules.Action) []rules.Event {
	shooter := phaseDecider(s.Phase)
	if a.Kind == "end" {
		s.Ended = true
		return []rules.Event{ev("phase", "11", sideName(shooter)+" ends its fire", shooter)}
	}
	if a.Choice == "resolve" {
		d := s.Decl
		s.Decl = nil
		for _, id := range d.Units {
			s.Units[s.idx(id)].Fired = true
		}
		s.push(Task{Kind: "fire", Units: d.Units, Side: shooter, Hexes: []string{s.num(d.Targets[0])},
			Why: fmt.Sprintf("fire at %s", s.num(d.Targets[0])), Rule: "11"})
		return nil
	}
	i := s.idx(a.Unit)
	to, _ := s.sc.Map.Layout.Parse(a.To)
	var evs []rules.Event
	if s.Decl == nil {
		s.Decl = &Decl{Kind: "fire", Targets: []hex.Coord{to}}
	}
	s.Decl.Units = append(s.Decl.Units, a.Unit)
	if s.def(i).Type != Artillery {
		f := s.Units[i].Form
		s.Decl.Formation = f
		if s.CurForm != f {
			if s.CurForm != "" {
				s.own()
				s.Done[s.CurForm] = true
				evs = append(evs, ev("formation", "11", "Formation "+s.formName(s.CurForm)+" has finished firing", shooter))
			}
			s.CurForm = f
		}
	}
	return append(evs, ev("declare", a.Rule, fmt.Sprintf("%s fires at %s", s.name(i), s.targetWords(s.occupancy(), to, shooter)), shooter, a.Unit))
}

// fireMods are the die modifiers of a fire [11, 12].
func (s *State) fireMods(units []string, target hex.Coord) (int, []string) {
	tab := s.sc.Tables["fire_mods"]
	get := func(k string) int { return s.sc.tableInt("fire_mods", k) }
	_ = tab
	total := 0
	var mods []string
	add := func(k, text string) {
		v := get(k)
		total += v
		mods = append(mods, fmt.Sprintf("%+d %s", v, text))
	}
	// The best cover of the target hex.
	switch t := s.terrain(target); t {
	case "walls", "castle", "town", "redoubt":
		add(t, "target in "+t+" [11]")
	}
	low := 1 << 30
	far, flank := false, false
	o := s.occupancy()
	tf, hasF := s.stackFacing(o, target, 1-s.def(s.idx(units[0])).Side, -1)
	for _, id := range units {
		i := s.idx(id)
		at := s.Units[i].At
		low = min(low, s.level(at))
		if hex.Distance(at, target) == s.sc.P("artillery_range") {
			far = true
		}
		if hasF && hex.Distance(at, target) == 1 {
			if a, _ := hex.ArcOf(target, tf, at); a != hex.Front {
				flank = true
			}
		}
	}
	if s.level(target) > low {
		add("uphill", "target higher than the firers [11]")
	}
	if far {
		add("long_range", "artillery at long range [12]")
	}
	if flank {
		add("enfilade", "fire into the target's flank or rear [11]")
	}
	return total, mods
}

// fireOutcome is the Fire Table result of a fire with die d.
func (s *State) fireOutcome(units []string, target hex.Coord, die int) (fireResult, int, []string) {
	cf := 0
	for _, id := range units {
		cf += s.fireFactor(s.idx(id))
	}
	col := s.sc.fire.column(cf)
	if col < 0 {
		return fireResult{}, die, nil
	}
	m, mods := s.fireMods(units, target)
	row := clampDie(die + m)
	return s.sc.fire.rows[row-1][col], row, mods
}

func (s *State) rollFire(t Task, die int) []rules.Event {
	target, _ := s.sc.Map.Layout.Parse(t.Hexes[0])
	res, row, mods := s.fireOutcome(t.Units, target, die)
	cf := 0
	for _, id := range t.Units {
		cf += s.fireFactor(s.idx(id))
	}
	rule := "11"
	for _, id := range t.Units {
		if s.def(s.idx(id)).Type == Artillery {
			rule = "11, 12"
		}
	}
	e := ev("fire", rule, fmt.Sprintf("%d CF fire at %s, modified die %d: %s", cf, s.targetWords(s.occupancy(), target, t.Side), row, res), t.Side, t.Units...)
	e = withMods(e, die, mods) // words.go: no rule cited twice
	evs := []rules.Event{e}
	o := s.occupancy()
	var hit []int
	for _, j := range o.at(target) {
		if s.def(j).Side != t.Side && s.def(j).Combat() {
			hit = append(hit, j)
		}
	}
	for _, j := range hit {
		evs = append(evs, s.loseSteps(j, res.Steps, "11", "fire")...)
	}
	if res.MC {
		var ts []Task
		for _, j := range hit {
			if mt, ok := s.mcTask(j, 0, nil, "fire", "11"); ok && !s.Units[j].Dead {
				ts = append(ts, mt)
			}
		}
		// Morale checks come after any leader risk already queued.
		s.Tasks = append(s.Tasks[:s.leadFront()], append(ts, s.Tasks[s.leadFront():]...)...)
	}
	return evs
}

// leadFront is the number of leader-risk tasks at the front of the queue.
func (s *State) leadFront() int {
	n := 0
	for n < len(s.Tasks) && s.Tasks[n].Kind == "leader" {
		n++
	}
	return n
}

// declText describes the declaration in progress.
func (s *State) declText() string {
	d := s.Decl
	var names []string
	for _, id := range d.Units {
		names = append(names, s.unitName(id))
	}
	var ts []string
	for _, c := range d.Targets {
		ts = append(ts, s.num(c))
	}
	return fmt.Sprintf("%s by %s at %s", d.Kind, strings.Join(names, ", "), strings.Join(ts, ", "))
}

// ---- Previewer [11, 13] -------------------------------------------------------

// Preview gives the exact outcome distribution of the fire or shock an
// action declares or resolves, before any die is rolled.
func (s *State) Preview(a rules.Action) []rules.OddsLine {
	if len(s.Tasks) > 0 {
		return nil
	}
	var units []string
	var targets []hex.Coord
	kind := a.Kind
	if s.Decl != nil {
		units = append(units, s.Decl.Units...)
		targets = append(targets, s.Decl.Targets...)
		kind = s.Decl.Kind
	}
	if a.Unit != "" && a.To != "" {
		to, err := s.sc.Map.Layout.Parse(a.To)
		if err != nil {
			return nil
		}
		if !contains(units, a.Unit) {
			units = append(units, a.Unit)
		}
		if !containsC(targets, to) {
			targets = append(targets, to)
		}
	}
	if len(units) == 0 || len(targets) == 0 {
		return nil
	}
	// Anything the player may type: unknown or dead units, hexes off the
	// map, units of both sides, a unit that cannot fight: no preview.
	side := -1
	for _, id := range units {
		i := s.idx(id)
		if i < 0 || !s.alive(i) || !s.def(i).Combat() || (side >= 0 && s.def(i).Side != side) {
			return nil
		}
		side = s.def(i).Side
	}
	for _, t := range targets {
		if !s.sc.Map.On(t) {
			return nil
		}
	}
	count := map[string]int{}
	var order []string
	for die := 1; die <= 6; die++ {
		var r string
		switch kind {
		case "fire":
			res, _, _ := s.fireOutcome(units, targets[0], die)
			r = res.String()
		case "shock", "charge":
			res, _, _, ok := s.shockOutcome(units, targets, kind == "charge", die)
			if !ok {
				return nil
			}
			r = res
		default:
			return nil
		}
		if count[r] == 0 {
			order = append(order, r)
		}
		count[r]++
	}
	var out []rules.OddsLine
	for _, r := range order {
		out = append(out, rules.OddsLine{Result: r, Num: count[r], Den: 6})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Num > out[j].Num })
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func containsC(xs []hex.Coord, x hex.Coord) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
