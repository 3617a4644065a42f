package almansa

import (
	"fmt"
	"strconv"
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
)

// Pending resolution: dice (chance decisions) and the choices a rule hands
// to a player (a retreat hex, which unit takes a loss, an advance).

var rollKinds = map[string]bool{"mc": true, "routcheck": true, "flankcheck": true, "leader": true, "ooc": true,
	"fmorale": true, "galway": true, "rally": true, "fire": true, "shock": true}

func isRoll(kind string) bool { return rollKinds[kind] }

// dieFaces holds the faces 1-6: a roll's Dice is a slice of it (never
// changed).
var dieFaces = []int{1, 2, 3, 4, 5, 6}

// dieLabels are the six labels "Die n: why" of a roll, made once per
// scenario and why (#20).
func (s *State) dieLabels(why string) *[6]string {
	fm := s.fast()
	fm.lblMu.RLock()
	l, ok := fm.dieLbl[why]
	fm.lblMu.RUnlock()
	if ok {
		return l
	}
	l = new([6]string)
	for d := 1; d <= 6; d++ {
		l[d-1] = "Die " + strconv.Itoa(d) + ": " + why
	}
	fm.lblMu.Lock()
	if fm.dieLbl == nil {
		fm.dieLbl = map[string]*[6]string{}
	}
	fm.dieLbl[why] = l
	fm.lblMu.Unlock()
	return l
}

func (s *State) taskPrompt(t Task) string {
	switch t.Kind {
	case "rout":
		if t.N <= 0 {
			return fmt.Sprintf("%s: %s has fled 3 hexes: flee further toward the edge, or stop [14]", sideName(t.Side), s.unitName(t.Unit))
		}
		return fmt.Sprintf("%s: choose the next hex of the rout (%d to go) [14]", sideName(t.Side), t.N)
	case "retreat":
		return sideName(t.Side) + ": choose the retreat hex of " + s.unitName(t.Unit) + " [13]"
	case "withdraw":
		return sideName(t.Side) + ": choose the hex " + s.unitName(t.Unit) + " falls back to [" + t.Rule + "]"
	case "loss":
		return fmt.Sprintf("%s: choose the unit that loses a step (%d to allot) [13]", sideName(t.Side), t.N)
	case "advance":
		return sideName(t.Side) + ": advance into the vacated hex, or stay [13]"
	case "ammo":
		return "Allied: will the artillery fire this turn? [15]"
	case "reserve":
		return "Bourbon: assign the cavalry reserve to a formation? [15]"
	}
	if isRoll(t.Kind) {
		return "Roll the die: " + t.Why + " [" + t.Rule + "]"
	}
	return t.Why
}

func (s *State) unitName(id string) string {
	if u := s.sc.Unit(id); u != nil {
		return u.Name
	}
	return id
}

func (s *State) taskActions(t *Task) []rules.Action {
	var out []rules.Action
	if isRoll(t.Kind) {
		// The six faces' dice and labels are the scenario's, the list is
		// built in the state's scratch (#20).
		out = s.scratch()
		lbl := s.dieLabels(t.Why)
		for d := 1; d <= 6; d++ {
			out = append(out, rules.Action{Kind: "roll", Dice: dieFaces[d-1 : d : d], Label: lbl[d-1], Rule: t.Rule})
		}
		return s.keep(out)
	}
	switch t.Kind {
	case "rout", "retreat", "withdraw":
		i := s.idx(t.Unit)
		var hs []hex.Coord
		verb := map[string]string{"rout": "Flee", "retreat": "Retreat", "withdraw": "Fall back"}[t.Kind]
		switch t.Kind {
		case "rout":
			hs = s.routHexes(i)
		case "retreat":
			hs = s.retreatHexes(i)
		default:
			hs = s.withdrawHexes(i)
		}
		for _, h := range hs {
			out = append(out, rules.Action{Kind: "move", Unit: t.Unit, To: s.num(h),
				Label: fmt.Sprintf("%s: %s to %s", verb, s.name(i), s.num(h)), Rule: t.Rule})
		}
		if t.Kind == "rout" && t.N <= 0 {
			// The 3 hexes are made; fleeing further is the owner's choice [14].
			out = append(out, rules.Action{Kind: "end", Label: "Stop fleeing: " + s.name(i) + " stays at " + s.num(s.Units[i].At), Rule: t.Rule})
		}
	case "loss":
		for _, id := range t.Units {
			if i := s.idx(id); s.alive(i) {
				out = append(out, rules.Action{Kind: "choose", Unit: id, Choice: "loss",
					Label: fmt.Sprintf("%s takes the step loss", s.name(i)), Rule: "13"})
			}
		}
	case "advance":
		out = s.advanceActions(t)
		out = append(out, rules.Action{Kind: "end", Label: "Do not advance", Rule: "13"})
	case "ammo":
		out = append(out,
			rules.Action{Kind: "choose", Choice: "ammo:yes", Label: fmt.Sprintf("Allied artillery fires this turn (%d of %d turns used)", s.AmmoUsed, s.sc.P("ammo_turns")), Rule: "15"},
			rules.Action{Kind: "choose", Choice: "ammo:no", Label: "Allied artillery holds its fire this turn", Rule: "15"})
	case "reserve":
		for _, f := range s.sc.Forms {
			if f.Side == Bourbon {
				out = append(out, rules.Action{Kind: "choose", Choice: "assign:" + f.ID, Label: "Assign Mahony and Rosellon Nuevo to " + f.Name, Rule: "15"})
			}
		}
		out = append(out, rules.Action{Kind: "choose", Choice: "assign:none", Label: "Keep the cavalry reserve unassigned", Rule: "15"})
	}
	return out
}

// autoTask resolves a task that needs no decision (a forced choice, a task
// whose unit is gone) and reports whether it did anything.
func (s *State) autoTask() ([]rules.Event, bool) {
	t := s.Tasks[0]
	if t.Kind == "aftershock" {
		s.Tasks = s.Tasks[1:]
		return s.afterShock(t), true
	}
	if t.Kind == "spike" {
		s.Tasks = s.Tasks[1:]
		return s.spikeGuns(t), true
	}
	if t.Unit != "" && t.Kind != "ooc" && t.Kind != "leader" {
		if i := s.idx(t.Unit); i < 0 || !s.alive(i) {
			s.Tasks = s.Tasks[1:]
			return nil, true
		}
	}
	switch t.Kind {
	case "leader":
		if i := s.idx(t.Unit); s.Units[i].Dead {
			s.Tasks = s.Tasks[1:]
			return nil, true
		}
		// A leader who found new troops in his hex runs no risk.
		o := s.occupancy()
		i := s.idx(t.Unit)
		if s.hasSide(o, s.Units[i].At, t.Side, func(j int) bool { return s.def(j).Combat() }) {
			s.Tasks = s.Tasks[1:]
			return nil, true
		}
	case "ooc":
		if i := s.idx(t.Unit); !s.alive(i) {
			s.Tasks = s.Tasks[1:]
			return nil, true
		}
	case "mc", "routcheck":
		i := s.idx(t.Unit)
		if s.Units[i].DSB {
			s.Tasks = s.Tasks[1:] // a routed unit has nothing more to lose [14]
			return nil, true
		}
	case "rally":
		if !s.Units[s.idx(t.Unit)].DSB {
			s.Tasks = s.Tasks[1:]
			return nil, true
		}
	case "rout":
		i := s.idx(t.Unit)
		if t.N <= 0 && len(s.routHexes(i)) == 0 {
			// Fled its 3 hexes and can go no further (its edge): it stops.
			s.Tasks = s.Tasks[1:]
			return s.overstack(s.occupancy(), s.Units[i].At, t.Side), true
		}
		if len(s.routHexes(i)) == 0 {
			s.Tasks = s.Tasks[1:]
			why := "cannot flee further"
			if s.sc.EdgeDist[t.Side][s.Units[i].At] == 0 {
				why = "flees off the map"
			}
			return s.kill(i, "14", "is eliminated: it "+why), true
		}
	case "retreat":
		i := s.idx(t.Unit)
		hs := s.retreatHexes(i)
		if s.def(i).Type == Train {
			s.Tasks = s.Tasks[1:]
			return nil, true // trains never move [13]
		}
		switch len(hs) {
		case 0:
			s.Tasks = s.Tasks[1:]
			return s.loseSteps(i, 1, "13", "no retreat possible"), true
		case 1:
			s.Tasks = s.Tasks[1:]
			return s.retreatStep(i, hs[0]), true
		}
	case "withdraw":
		i := s.idx(t.Unit)
		hs := s.withdrawHexes(i)
		switch len(hs) {
		case 0:
			s.Tasks = s.Tasks[1:]
			return []rules.Event{ev("withdraw", t.Rule, s.name(i)+" cannot fall back and stays", t.Side, t.Unit)}, true
		case 1:
			s.Tasks = s.Tasks[1:]
			return s.withdrawStep(t, i, hs[0]), true
		}
	case "loss":
		var alive []int
		for _, id := range t.Units {
			if i := s.idx(id); s.alive(i) {
				alive = append(alive, i)
			}
		}
		if len(alive) == 0 || t.N <= 0 {
			s.Tasks = s.Tasks[1:]
			return nil, true
		}
		if len(alive) == 1 {
			s.Tasks = s.Tasks[1:]
			return s.loseSteps(alive[0], t.N, "13", "shock combat"), true
		}
	case "advance":
		if len(s.advanceActions(&t)) == 0 {
			s.Tasks = s.Tasks[1:]
			return nil, true
		}
	}
	return nil, false
}

func (s *State) withdrawStep(t Task, i int, to hex.Coord) []rules.Event {
	s.Units[i].At = to
	evs := []rules.Event{ev("withdraw", t.Rule, fmt.Sprintf("%s falls back to %s", s.name(i), s.num(to)), t.Side, t.Unit)}
	if t.N > 1 {
		t.N--
		s.push(t)
	}
	return evs
}

// doTask applies a decision or die face to the first task.
func (s *State) doTask(a rules.Action) []rules.Event {
	t := s.Tasks[0]
	s.Tasks = s.Tasks[1:]
	die := 0
	if len(a.Dice) > 0 {
		die = a.Dice[0]
	}
	switch t.Kind {
	case "mc":
		return s.rollMC(t, die)
	case "routcheck":
		return s.rollRoutCheck(t, die)
	case "flankcheck":
		i := s.idx(t.Unit)
		total := die + s.def(i).Morale
		e := ev("morale", "13", "", t.Side, t.Unit)
		e.Dice, e.Mods = []int{die}, []string{fmt.Sprintf("+%d morale", s.def(i).Morale)}
		if total >= s.sc.P("flank_check_min") {
			e.Text = fmt.Sprintf("%s, retreating into an enemy flank hex, rolls %d: morale check", s.name(i), total)
			if mt, ok := s.mcTask(i, 0, nil, "retreat into an enemy flank hex", "13"); ok {
				s.push(mt)
			}
		} else {
			e.Text = fmt.Sprintf("%s, retreating into an enemy flank hex, rolls %d: no effect", s.name(i), total)
		}
		return []rules.Event{e}
	case "leader":
		return s.rollLeader(t, die)
	case "rally":
		return s.rollRally(t, die)
	case "ooc":
		return s.rollOOC(t, die)
	case "fmorale":
		return s.rollFormationMorale(t, die)
	case "galway":
		e := ev("galway", "15", "", Allied, "galway")
		e.Dice = []int{die}
		if die <= s.sc.P("galway_max") {
			s.Galway = true
			e.Text = fmt.Sprintf("Galway rolls %d: he must lead a cavalry unit into shock combat this turn", die)
		} else {
			e.Text = fmt.Sprintf("Galway rolls %d: he keeps his head", die)
		}
		return []rules.Event{e}
	case "fire":
		return s.rollFire(t, die)
	case "shock":
		return s.rollShock(t, die)
	case "rout":
		// At least 3 hexes, then as far as the owner likes toward the edge
		// (t.N counts the hexes still owed; 0: the flight is optional) [14].
		i := s.idx(t.Unit)
		if a.Kind == "end" {
			return s.overstack(s.occupancy(), s.Units[i].At, t.Side)
		}
		c, _ := s.sc.Map.Layout.Parse(a.To)
		evs := s.routStep(i, c)
		if !s.Units[i].Dead {
			t.N = max(0, t.N-1)
			s.push(t)
		}
		return evs
	case "retreat":
		i := s.idx(t.Unit)
		c, _ := s.sc.Map.Layout.Parse(a.To)
		return s.retreatStep(i, c)
	case "withdraw":
		i := s.idx(t.Unit)
		c, _ := s.sc.Map.Layout.Parse(a.To)
		return s.withdrawStep(t, i, c)
	case "loss":
		i := s.idx(a.Unit)
		evs := s.loseSteps(i, 1, "13", "shock combat")
		if t.N > 1 {
			t.N--
			s.push(t)
		}
		return evs
	case "advance":
		if a.Kind == "end" {
			return nil
		}
		i := s.idx(a.Unit)
		c, _ := s.sc.Map.Layout.Parse(a.To)
		s.Units[i].At = c
		var rest []string
		for _, id := range t.Units {
			if id != a.Unit {
				rest = append(rest, id)
			}
		}
		t.Units = rest
		s.push(t)
		return []rules.Event{ev("advance", "13", fmt.Sprintf("%s advances into %s", s.name(i), a.To), t.Side, a.Unit)}
	case "ammo":
		if a.Choice == "ammo:yes" {
			s.AmmoNow = true
			s.AmmoUsed++
			return []rules.Event{ev("ammo", "15", fmt.Sprintf("Allied artillery will fire this turn (%d of %d)", s.AmmoUsed, s.sc.P("ammo_turns")), Allied)}
		}
		return []rules.Event{ev("ammo", "15", "Allied artillery saves its ammunition this turn", Allied)}
	case "reserve":
		f := strings.TrimPrefix(a.Choice, "assign:")
		if f == "none" {
			return []rules.Event{ev("reserve", "15", "The cavalry reserve stays unassigned", Bourbon)}
		}
		s.Reserved = false
		block := s.blocks(Bourbon)
		var ids []string
		for i := range s.Units {
			if s.def(i).Reserve {
				s.Units[i].Form = f
				s.Units[i].OOC = s.alive(i) && !s.unitInCommandB(block, i)
				ids = append(ids, s.def(i).ID)
			}
		}
		return []rules.Event{ev("reserve", "15", "Mahony and Rosellon Nuevo join "+s.formName(f), Bourbon, ids...)}
	}
	return nil
}

// rollOOC: die + rating on the out-of-command table [6].
func (s *State) rollOOC(t Task, die int) []rules.Event {
	l := s.idx(t.Unit)
	f := t.Units[0]
	r := s.def(l).Rating
	row := clampDie(die + r)
	res, _ := s.sc.Tables["ooc"].Cell(fmt.Sprint(row), "result")
	s.own()
	s.Mode[f] = res
	e := ev("command", "6", "", t.Side, t.Unit)
	e.Dice = []int{die}
	if r != 0 {
		e.Mods = []string{fmt.Sprintf("%+d %s's rating", r, s.name(l))}
	}
	switch res {
	case "normal":
		e.Text = fmt.Sprintf("%s out of command: %d, the formation moves and fights normally", s.formName(f), die+r)
	case "attack":
		e.Text = fmt.Sprintf("%s out of command: %d, its units must use their full move toward the nearest enemy and attack", s.formName(f), die+r)
	default:
		e.Text = fmt.Sprintf("%s out of command: %d, its units fall back one hex and may only fire defensively", s.formName(f), die+r)
	}
	return []rules.Event{e}
}

// rollFormationMorale: die minus the leader's rating; 4 or more demoralises
// the formation, which falls back 2 hexes (at no cost in movement points, so
// it may still move) and may not attack this turn [15].
func (s *State) rollFormationMorale(t Task, die int) []rules.Event {
	f := t.Units[0]
	l := s.idx(s.sc.Form(f).Leader)
	e := ev("morale", "15", "", t.Side)
	e.Dice = []int{die}
	r := 0
	if l >= 0 && s.alive(l) {
		r = s.def(l).Rating
		e.Units = []string{s.def(l).ID}
		e.Mods = []string{fmt.Sprintf("-%d %s's rating", r, s.name(l))}
	} else {
		e.Mods = []string{"no leader's rating: the leader is lost"}
	}
	if die-r < s.sc.P("formation_morale_min") {
		e.Text = fmt.Sprintf("%s holds together (%d)", s.formName(f), die-r)
		return []rules.Event{e}
	}
	s.own()
	s.Demoral[f] = true
	e.Text = fmt.Sprintf("%s is demoralised (%d): it falls back and may not attack this turn", s.formName(f), die-r)
	var ts []Task
	for i := range s.Units {
		if s.Units[i].Form == f && s.alive(i) && s.def(i).Combat() && !s.Units[i].DSB {
			ts = append(ts, Task{Kind: "withdraw", Unit: s.def(i).ID, Side: t.Side, N: s.sc.P("demoralised_withdraw"), Why: s.formName(f) + " falls back (demoralised)", Rule: "15"})
		}
	}
	s.push(ts...)
	return []rules.Event{e}
}
