package almansa

import (
	"fmt"
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
)

// Shock combat [13].
//
// A unit may attack enemy units in its front hexes; one unit (or stack) may
// attack both its front hexes at once, the defenders adding up; units in
// several hexes may join against one hex. The odds, attacker to defender,
// round down in the defender's favour (10 against 4 is 2:1) and shift: +1
// enfilade (an attacker in a flank hex of a defender), +2 against routed
// defenders, -1 against a redoubt, +1 for a cavalry charge (a stack of
// cavalry only, from one hex, which checks morale afterwards; a charge on
// routed units shifts 2 in all with the optional rule [15]). Results apply at once: losses
// (the owner picks the units), morale checks, retreats; guns and trains are
// lost when their infantry or cavalry is eliminated or routed (Bourbon guns,
// with their fusiliers, fight on); the attacker may advance into a hex its
// attack emptied by rout or elimination.

func (s *State) shockProblem(i int) string {
	d := s.def(i)
	u := s.Units[i]
	switch {
	case phaseKind(s.Phase) != "shock":
		return "shock combat happens in the shock phase [3, 13]"
	case d.Side != phaseSide(s.Phase):
		return "it is not this side's shock phase [13]"
	case !s.alive(i):
		return "the unit is not on the map"
	case u.Shocked:
		return "the unit has already attacked this phase [13]"
	case !d.Combat():
		return "only combat units attack [13]"
	case d.Type == Artillery && d.Shock == 0:
		return "Allied artillery has no shock factor [13]"
	case u.DSB:
		return "routed units cannot attack [14]"
	case u.OOC:
		return "out-of-command units may not attack [6]"
	case d.Reserve && u.Form == "":
		return "the cavalry reserve may not attack before it is assigned [15]"
	case s.Mode[u.Form] == "withdraw" && u.Form != "":
		return "this formation fell back out of command and may not attack [6]"
	case s.Demoral[u.Form] && u.Form != "":
		return "a demoralised formation may not attack [15]"
	}
	return ""
}

// shockTargets: front hexes holding enemy units [13]; a hex holding only
// leaders or a train may be attacked too (no unit may enter it by moving).
func (s *State) shockTargets(o occ, i int) []hex.Coord {
	u := s.Units[i]
	var out []hex.Coord
	for _, c := range hex.FrontHexes(u.At, u.Facing) {
		if s.hasSide(o, c, 1-s.def(i).Side, nil) {
			out = append(out, c)
		}
	}
	return out
}

// chargeable: cavalry alone in its hex, or with cavalry only [13].
func (s *State) chargeable(o occ, i int) bool {
	if !s.def(i).Horse() {
		return false
	}
	for _, j := range o.at(s.Units[i].At) {
		if s.def(j).Side == s.def(i).Side && s.def(j).Combat() && !s.def(j).Horse() {
			return false
		}
	}
	return true
}

func (s *State) shockActions() []rules.Action {
	side := phaseSide(s.Phase)
	o := s.occupancy()
	out := s.scratch()
	if d := s.Decl; d != nil {
		first := s.idx(d.Units[0])
		oneHex := true
		for _, id := range d.Units {
			oneHex = oneHex && s.Units[s.idx(id)].At == s.Units[first].At
		}
		for i := range s.Units {
			if s.def(i).Side != side || s.inDecl(i) || s.shockProblem(i) != "" {
				continue
			}
			if d.Kind == "charge" && (s.Units[i].At != s.Units[first].At || !s.def(i).Horse()) {
				continue // no combined charges from several hexes [13]
			}
			if len(d.Targets) > 1 && s.Units[i].At != s.Units[first].At {
				continue
			}
			ts := s.shockTargets(o, i)
			all := true
			for _, t := range d.Targets {
				all = all && containsC(ts, t)
			}
			if all {
				out = append(out, rules.Action{Kind: d.Kind, Unit: s.def(i).ID, To: s.num(d.Targets[0]),
					Label: fmt.Sprintf("Join the attack: %s (%d CF)", s.name(i), s.shockCF(i)), Rule: "13",
					Info: s.oddsInfo(append(append([]string(nil), d.Units...), s.def(i).ID), d.Targets, d.Kind == "charge")})
			}
		}
		if oneHex && len(d.Targets) == 1 {
			for _, t := range s.shockTargets(o, first) {
				all := true
				for _, id := range d.Units {
					all = all && containsC(s.shockTargets(o, s.idx(id)), t)
				}
				if t != d.Targets[0] && all {
					out = append(out, rules.Action{Kind: d.Kind, Unit: d.Units[0], To: s.num(t),
						Label: fmt.Sprintf("Attack the other front hex as well: %s", s.targetWords(o, t, side)), Rule: "13"})
				}
			}
		}
		label := "Resolve the shock"
		if d.Kind == "charge" {
			label = "Resolve the charge"
		}
		if a, df, col, _, _ := s.shockOdds(d.Units, d.Targets, d.Kind == "charge"); df > 0 {
			label += fmt.Sprintf(": %d against %d, column %s", a, df, s.sc.Tables["shock"].Cols[col])
		} else {
			label += ": the defenders have no shock factor and are overrun"
		}
		out = append(out, rules.Action{Kind: d.Kind, Choice: "resolve", Label: label, Rule: "13"})
		return s.keep(out)
	}
	for i := range s.Units {
		if s.def(i).Side != side || s.shockProblem(i) != "" {
			continue
		}
		for _, t := range s.shockTargets(o, i) {
			out = append(out, rules.Action{Kind: "shock", Unit: s.def(i).ID, To: s.num(t),
				Label: fmt.Sprintf("Shock: %s attacks %s (%d CF)", s.name(i), s.targetWords(o, t, side), s.shockCF(i)), Rule: "13",
				Info: s.oddsInfo([]string{s.def(i).ID}, []hex.Coord{t}, false)})
			if s.chargeable(o, i) {
				out = append(out, rules.Action{Kind: "charge", Unit: s.def(i).ID, To: s.num(t),
					Label: fmt.Sprintf("Cavalry charge: %s charges %s (+1 column, then a morale check)", s.name(i), s.targetWords(o, t, side)), Rule: "13",
					Info: s.oddsInfo([]string{s.def(i).ID}, []hex.Coord{t}, true)})
			}
		}
	}
	if s.endShockProblem() == "" {
		out = append(out, rules.Action{Kind: "end", Label: "End the shock phase", Rule: "13"})
	}
	return s.keep(out)
}

// endShockProblem: an attack-mode formation must attack [6]; a rash Galway
// must charge with his cavalry [15].
func (s *State) endShockProblem() string {
	side := phaseSide(s.Phase)
	o := s.occupancy()
	can := func(i int) bool { return s.shockProblem(i) == "" && len(s.shockTargets(o, i)) > 0 }
	for i := range s.Units {
		if s.def(i).Side == side && s.Units[i].Form != "" && s.Mode[s.Units[i].Form] == "attack" && can(i) {
			return "formation " + s.formName(s.Units[i].Form) + " must attack [6]"
		}
	}
	if g := s.idx("galway"); side == Allied && s.Galway && !s.GalwayOK && g >= 0 && s.alive(g) {
		for _, j := range o.at(s.Units[g].At) {
			if s.def(j).Side == Allied && s.def(j).Horse() && can(j) {
				return "Galway must lead his cavalry into shock combat this turn [15]"
			}
		}
	}
	return ""
}

// shockOdds totals both sides and finds the table column after shifts.
// oddsInfo is the odds column a shock would be resolved on ("2:1"), shown
// on the target's highlight [13].
func (s *State) oddsInfo(units []string, targets []hex.Coord, charge bool) string {
	_, df, col, _, _ := s.shockOdds(units, targets, charge)
	if df <= 0 {
		return "overrun"
	}
	return s.sc.Tables["shock"].Cols[col]
}

func (s *State) shockOdds(units []string, targets []hex.Coord, charge bool) (a, d, col, shift int, mods []string) {
	if len(units) == 0 {
		return
	}
	side := s.def(s.idx(units[0])).Side
	o := s.occupancy()
	for _, id := range units {
		a += s.shockCF(s.idx(id))
	}
	var defs []int
	for _, t := range targets {
		for _, j := range o.at(t) {
			if s.def(j).Side != side && s.def(j).Combat() {
				defs = append(defs, j)
				d += s.shockCF(j)
			}
		}
	}
	if d == 0 {
		return
	}
	col = s.sc.shockColumn(a, d)
	sh := func(k, text string) {
		v := s.sc.tableInt("shock_shifts", k)
		shift += v
		mods = append(mods, fmt.Sprintf("%+d column %s", v, text))
	}
	// Enfilade: an attacker in a flank hex of a defender (the book names the
	// flank hex only; an attack from the rear gets no shift) [13].
	enf := false
	for _, id := range units {
		at := s.Units[s.idx(id)].At
		for _, j := range defs {
			if a, ok := hex.ArcOf(s.Units[j].At, s.Units[j].Facing, at); ok && a == hex.Flank {
				enf = true
			}
		}
	}
	if enf {
		sh("enfilade", "enfilade [13]")
	}
	routed := len(defs) > 0
	for _, j := range defs {
		routed = routed && s.Units[j].DSB
	}
	// A charge against routed units with the optional rule shifts 2 in all:
	// the book's own example turns 3:1 into 5:1 [15]. It replaces both the
	// +2 against routed units and the charge's +1.
	chargeRouted := charge && routed && s.opt(OptRoutCharge)
	if routed && !chargeRouted {
		sh("routed", "routed defenders [13]")
	}
	for _, t := range targets {
		if s.terrain(t) == "redoubt" {
			sh("redoubt", "defenders in a redoubt [13]")
			break
		}
	}
	if chargeRouted {
		sh("charge_routed", "cavalry charge against routed units [15]")
	} else if charge {
		sh("charge", "cavalry charge [13]")
	}
	n := len(s.sc.Tables["shock"].Cols)
	col = max(0, min(n-1, col+shift))
	return
}

// shockOutcome describes the result of a shock with die d.
func (s *State) shockOutcome(units []string, targets []hex.Coord, charge bool, die int) (string, shockResult, []string, bool) {
	_, d, col, _, mods := s.shockOdds(units, targets, charge)
	if d == 0 {
		return "defenders overrun", shockResult{}, mods, true
	}
	r := s.sc.shockCell(col, die)
	return r.String(), r, mods, true
}

func (s *State) doShock(a rules.Action) []rules.Event {
	side := phaseSide(s.Phase)
	if a.Kind == "end" {
		s.Ended = true
		return []rules.Event{ev("phase", "13", sideName(side)+" ends its shock combat", side)}
	}
	if a.Choice == "resolve" {
		d := s.Decl
		s.Decl = nil
		for _, id := range d.Units {
			s.Units[s.idx(id)].Shocked = true
		}
		if g := s.idx("galway"); g >= 0 && s.alive(g) {
			for _, id := range d.Units {
				if s.Units[s.idx(id)].At == s.Units[g].At && s.def(s.idx(id)).Horse() {
					s.GalwayOK = true
				}
			}
		}
		var hs []string
		for _, t := range d.Targets {
			hs = append(hs, s.num(t))
		}
		t := Task{Kind: "shock", Units: d.Units, Side: side, Hexes: hs, Why: d.Kind + " at " + strings.Join(hs, ", "), Rule: "13"}
		if d.Kind == "charge" {
			t.N = 1
		}
		if _, df, _, _, _ := s.shockOdds(d.Units, d.Targets, d.Kind == "charge"); df == 0 {
			return s.overrunShock(t)
		}
		s.push(t)
		return nil
	}
	i := s.idx(a.Unit)
	to, _ := s.sc.Map.Layout.Parse(a.To)
	if s.Decl == nil {
		s.Decl = &Decl{Kind: a.Kind, Targets: []hex.Coord{to}, Units: []string{a.Unit}}
		what, verb := "Shock", "attacks"
		if a.Kind == "charge" {
			what, verb = "Cavalry charge", "charges"
		}
		return []rules.Event{ev("declare", "13", fmt.Sprintf("%s: %s %s %s", what, s.name(i), verb, s.targetWords(s.occupancy(), to, side)), side, a.Unit)}
	}
	if s.inDecl(i) {
		s.Decl.Targets = append(s.Decl.Targets, to)
		return []rules.Event{ev("declare", "13", fmt.Sprintf("the attack extends to %s", s.targetWords(s.occupancy(), to, side)), side, a.Unit)}
	}
	s.Decl.Units = append(s.Decl.Units, a.Unit)
	return []rules.Event{ev("declare", "13", fmt.Sprintf("%s joins the attack", s.name(i)), side, a.Unit)}
}

// defenders lists the enemy units in the target hexes as "id@hex".
func (s *State) defenders(side int, hs []string) []string {
	o := s.occupancy()
	var out []string
	for _, h := range hs {
		c, _ := s.sc.Map.Layout.Parse(h)
		for _, j := range o.at(c) {
			if s.def(j).Side != side {
				out = append(out, s.def(j).ID+"@"+h)
			}
		}
	}
	return out
}

// overrunShock: guns without a shock factor and trains with no troops are
// taken without a roll (authored reading of [13]); leaders alone roll [6].
func (s *State) overrunShock(t Task) []rules.Event {
	var evs []rules.Event
	t.Other = s.defenders(t.Side, t.Hexes)
	var ts []Task
	for _, dh := range t.Other {
		id, _, _ := strings.Cut(dh, "@")
		if j := s.idx(id); s.def(j).Person() {
			// A leader with no troops to fight for him rolls as if his last
			// unit had gone: 1-3 killed or captured, 4-6 he escapes [6].
			ts = append(ts, Task{Kind: "leader", Unit: id, Side: s.def(j).Side, Why: s.def(j).Name + " attacked without troops", Rule: "6"})
			continue
		}
		evs = append(evs, s.kill(s.idx(id), "13", "is overrun")...)
	}
	s.push(ts...)
	s.push(Task{Kind: "spike", Other: t.Other, Hexes: t.Hexes, Side: t.Side, Rule: "13"},
		Task{Kind: "aftershock", Units: t.Units, Other: t.Other, Hexes: t.Hexes, Side: t.Side, Rule: "13"})
	return evs
}

func (s *State) rollShock(t Task, die int) []rules.Event {
	var targets []hex.Coord
	for _, h := range t.Hexes {
		c, _ := s.sc.Map.Layout.Parse(h)
		targets = append(targets, c)
	}
	charge := t.N == 1
	a, d, col, _, mods := s.shockOdds(t.Units, targets, charge)
	res := s.sc.shockCell(col, die)
	e := ev("shock", "13", fmt.Sprintf("%s: %d against %d, column %s, die %d: %s", t.Why, a, d, s.sc.Tables["shock"].Cols[col], die, res), t.Side, t.Units...)
	e = withMods(e, die, mods) // words.go: no rule cited twice
	t.Other = s.defenders(t.Side, t.Hexes)
	var defIDs []string
	for _, dh := range t.Other {
		id, _, _ := strings.Cut(dh, "@")
		if s.def(s.idx(id)).Combat() {
			defIDs = append(defIDs, id)
		}
	}
	dside := 1 - t.Side
	var ts []Task
	if res.D.Steps > 0 {
		ts = append(ts, Task{Kind: "loss", Units: defIDs, Side: dside, N: res.D.Steps, Why: "defender's losses", Rule: "13"})
	}
	if res.A.Steps > 0 {
		ts = append(ts, Task{Kind: "loss", Units: t.Units, Side: t.Side, N: res.A.Steps, Why: "attacker's losses", Rule: "13"})
	}
	mcs := func(ids []string, why string) {
		for _, id := range ids {
			if mt, ok := s.mcTask(s.idx(id), 0, nil, why, "13"); ok {
				ts = append(ts, mt)
			}
		}
	}
	if res.D.MC {
		mcs(defIDs, "shock combat")
	}
	if res.A.MC {
		mcs(t.Units, "shock combat")
	}
	// Guns and trains whose escort is gone are lost before any retreat.
	ts = append(ts, Task{Kind: "spike", Other: t.Other, Hexes: t.Hexes, Side: t.Side, Rule: "13"})
	retreats := func(ids []string, side int) {
		for _, id := range ids {
			ts = append(ts, Task{Kind: "retreat", Unit: id, Side: side, Why: "retreat after shock", Rule: "13"})
		}
	}
	if res.D.Retreat {
		retreats(defIDs, dside)
	}
	if res.A.Retreat {
		retreats(t.Units, t.Side)
	}
	if charge {
		mcs(t.Units, "after the charge")
	}
	ts = append(ts, Task{Kind: "aftershock", Units: t.Units, Other: t.Other, Hexes: t.Hexes, Side: t.Side, Rule: "13"})
	s.push(ts...)
	return []rules.Event{e}
}

// spikeGuns: guns (without a shock factor) whose infantry or cavalry was
// eliminated or routed, and trains whose escort was eliminated, are lost [13].
func (s *State) spikeGuns(t Task) []rules.Event {
	var evs []rules.Event
	for _, h := range t.Hexes {
		c, _ := s.sc.Map.Layout.Parse(h)
		foot, footGone, footDead := 0, true, true
		for _, dh := range t.Other {
			id, at, _ := strings.Cut(dh, "@")
			j := s.idx(id)
			if at != h || !s.def(j).Combat() || s.def(j).Type == Artillery {
				continue
			}
			foot++
			u := s.Units[j]
			if !u.Dead && !u.DSB {
				footGone = false
			}
			if !u.Dead {
				footDead = false
			}
		}
		for _, dh := range t.Other {
			id, at, _ := strings.Cut(dh, "@")
			j := s.idx(id)
			if at != h || !s.alive(j) || s.Units[j].At != c || foot == 0 {
				continue
			}
			switch d := s.def(j); {
			case d.Type == Artillery && d.Shock == 0 && footGone:
				evs = append(evs, s.kill(j, "13", "is lost with its escort (guns spiked)")...)
			case d.Type == Train && footDead:
				evs = append(evs, s.kill(j, "13", "is captured with its escort gone")...)
			}
		}
	}
	return evs
}

// afterShock: the attacker may advance into a hex emptied by rout or
// elimination [13].
func (s *State) afterShock(t Task) []rules.Event {
	var evs []rules.Event
	var vacated []string
	for _, h := range t.Hexes {
		c, _ := s.sc.Map.Layout.Parse(h)
		o := s.occupancy()
		emptied := !s.hasSide(o, c, 1-t.Side, nil)
		byRout := true
		for _, dh := range t.Other {
			id, at, _ := strings.Cut(dh, "@")
			if j := s.idx(id); at == h && s.alive(j) && !s.Units[j].DSB {
				byRout = false
			}
		}
		if emptied && byRout {
			vacated = append(vacated, h)
		}
	}
	if len(vacated) > 0 {
		s.push(Task{Kind: "advance", Units: t.Units, Side: t.Side, Hexes: vacated, Why: "advance after combat", Rule: "13"})
	}
	return evs
}

func (s *State) advanceActions(t *Task) []rules.Action {
	o := s.occupancy()
	var out []rules.Action
	for _, h := range t.Hexes {
		c, _ := s.sc.Map.Layout.Parse(h)
		if s.hasSide(o, c, 1-t.Side, nil) {
			continue // "left empty" [13]: enemy leaders still there block it
		}
		for _, id := range t.Units {
			i := s.idx(id)
			if !s.alive(i) || s.Units[i].DSB || hex.Distance(s.Units[i].At, c) != 1 || !s.passable(i, c) {
				continue
			}
			if s.stackProblem(o, i, c) != "" || s.facingProblem(o, i, c, s.Units[i].Facing) != "" {
				continue
			}
			out = append(out, rules.Action{Kind: "move", Unit: id, To: h,
				Label: fmt.Sprintf("Advance %s into %s", s.name(i), h), Rule: "13"})
		}
	}
	return out
}
