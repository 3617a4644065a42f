package albuera

import (
	"fmt"
	"strconv"
	"strings"

	"grognard/rules"
)

// Pending decisions and die rolls. The first task decides; a task's
// follow-ups are inserted right after it (pushFront keeps their order).

func (s *State) push(t Task) { s.Tasks = append(s.Tasks, t) }

func (s *State) pushFront(t Task) {
	if s.ins > len(s.Tasks) {
		s.ins = len(s.Tasks)
	}
	s.Tasks = append(s.Tasks, Task{})
	copy(s.Tasks[s.ins+1:], s.Tasks[s.ins:])
	s.Tasks[s.ins] = t
	s.ins++
}

// autoTask drops tasks that no longer apply and resolves forced ones.
func (s *State) autoTask() bool {
	t := s.Tasks[0]
	drop := false
	switch t.Kind {
	case "mc", "rmc", "react", "retreat", "square", "facing", "shrink", "grow":
		drop = t.Unit < 0 || s.U[t.Unit].Where != OnMap
		if t.Kind == "shrink" && !drop {
			drop = !s.U[t.Unit].Two || s.U[t.Unit].MP >= s.def(t.Unit).rectMin()
		}
		if t.Kind == "grow" && !drop {
			drop = s.U[t.Unit].Two
		}
	case "loss":
		if a := alive(s, t.Units); len(a) <= 1 {
			s.Tasks = s.Tasks[1:]
			s.ins = 0
			if len(a) == 1 {
				s.loss(a[0], t.Other, t.Why, t.Rule)
			}
			return true
		}
	case "routnow":
		s.Tasks = s.Tasks[1:]
		s.ins = 0
		s.routUnits(alive(s, t.Units), t.N, t.Rule, t.Causes)
		return true
	case "return":
		drop = s.U[t.Unit].Where != Routed
	case "cmdhit", "displace":
		drop = !s.alive(t.Unit)
	case "clash":
		drop = !s.clashHex(t.Hex)
	}
	if t.Kind == "rmc" && !drop {
		// the mover must still be where it was seen [13.1]
		m := t.Other
		drop = s.U[m].Where != OnMap || s.U[m].Hit || s.inClash(m) || s.inClash(t.Unit)
	}
	if t.Kind == "counter" {
		s.Tasks = s.Tasks[1:]
		s.ins = 0
		if !s.U[t.Other].Hit {
			s.counter(t.Unit, t.Other)
		}
		return true
	}
	if t.Kind == "countergo" {
		s.Tasks = s.Tasks[1:]
		s.ins = 0
		if !s.U[t.Other].Hit {
			s.counterGo(t.Units, t.Other)
		}
		return true
	}
	if t.Kind == "resume" {
		s.Tasks = s.Tasks[1:]
		return true
	}
	if drop {
		s.Tasks = s.Tasks[1:]
		if t.Kind == "return" || t.Kind == "clash" {
			s.afterTaskDrop(t)
		}
		return true
	}
	if t.Kind == "retreat" && len(s.retreatOpts(t)) == 0 {
		// no hex: eliminated [14.10.6], [14.10.7]
		s.Tasks = s.Tasks[1:]
		s.ins = 0
		s.retreatBlocked(t)
		return true
	}
	return false
}

func (s *State) afterTaskDrop(t Task) {
	if t.Kind == "return" && s.Phase == phActivate && !s.hasTask("return") {
		s.listActors()
	}
}

func (s *State) hasTask(kind string) bool {
	for _, t := range s.Tasks {
		if t.Kind == kind {
			return true
		}
	}
	return false
}

func isRoll(kind string) bool {
	switch kind {
	case "coord", "mc", "rmc", "cmdhit", "clash", "lone", "art2a", "art2b", "capture":
		return true
	}
	return false
}

// enemyRetreatPrompt is the prompt of a retreat the enemy places [14.11]
// (newcomer issue #18: "French decides: retreat of 2/57th [14.11]" did not
// say that the French were placing an Allied unit, nor why): "the French
// place the retreating 2/57th: the enemy chooses its retreat path (or
// leaves it in place) [14.11]", with the rule that called the check (a
// crisis of morale [15.12], a reaction [13.1]) cited first.
func enemyRetreatPrompt(s *State, t Task) (string, string) {
	rule := "[14.11]"
	if r := firstRule(t.Rule, "14.11"); r != "14.11" {
		rule = "[" + r + "], [14.11]"
	}
	path := "its retreat path"
	if t.Flag {
		path = "its retreat path or leaves it in place"
	}
	what := sideNames[t.Side] + " place the retreating " + s.name(t.Unit) + ": the enemy chooses " + path + " " + rule
	return "the " + what, "The " + what
}

// taskLegal lists the choices of the first task.
func (s *State) taskLegal(t Task) []rules.Action {
	if t.Side < 0 {
		out := s.newList(10)
		for _, o := range s.sc.dieOutcomes(t) {
			out = append(out, o.Action)
		}
		return out
	}
	out := s.newList(8) // a recycled array (listbuf.go)
	switch t.Kind {
	case "retreat":
		for _, o := range s.retreatOpts(t) {
			out = append(out, rules.Action{Kind: "move", Unit: s.id(t.Unit), To: o.key, Choice: "retreat",
				Label: fmt.Sprintf("Retreat %s to %s%s", s.name(t.Unit), o.key, lossText(o.cost)), Rule: firstRule(t.Rule, "14.10")})
		}
		if t.Flag {
			out = append(out, rules.Action{Kind: "choose", Unit: s.id(t.Unit), Choice: "retreat:none",
				Label: "Leave " + s.name(t.Unit) + " in place", Rule: firstRule(t.Rule, "14.11")})
		}
	case "return":
		for _, p := range s.returnOpts(t.Unit) {
			out = append(out, rules.Action{Kind: "deploy", Unit: s.id(t.Unit), To: p.hex, Facing: p.facing, Choice: "return",
				Label: fmt.Sprintf("%s returns at %s facing %s", s.name(t.Unit), p.hex, s.facingWord(p.facing)), Rule: "15.11.4"}) // why_words.go
		}
		if len(out) == 0 {
			out = append(out, rules.Action{Kind: "choose", Unit: s.id(t.Unit), Choice: "return:later",
				Label: s.name(t.Unit) + " cannot be placed: next box", Rule: "15.11.4"})
		}
	case "displace":
		for _, h := range t.Opts {
			out = append(out, rules.Action{Kind: "move", Unit: s.id(t.Unit), To: h, Choice: "displace",
				Label: fmt.Sprintf("%s escapes to %s", s.name(t.Unit), h), Rule: "4.10.3"})
		}
	case "facing":
		for f := 0; f < 6; f++ {
			out = append(out, rules.Action{Kind: "face", Unit: s.id(t.Unit), Facing: f, Choice: "victor",
				Label: fmt.Sprintf("%s faces %s", s.name(t.Unit), s.facingWord(f)), Rule: "15.8"}) // why_words.go
		}
	case "loss":
		for _, j := range alive(s, t.Units) {
			out = append(out, rules.Action{Kind: "choose", Unit: s.id(j), Choice: "loss:" + s.id(j),
				Label: fmt.Sprintf("%s takes the Loss (Manpower %d)", s.name(j), s.U[j].MP), Rule: t.Rule})
		}
	default:
		for _, o := range s.taskOpts(t) {
			label, info := s.optLabel(t, o), ""
			if t.Kind == "react" {
				// Each option with its odds [13.1], in Info: the
				// panel's second line, so a long label never cuts them.
				info = s.reactOdds(t, o)
			}
			out = append(out, rules.Action{Kind: "choose", Unit: s.id(t.Unit), Choice: o, Label: label, Info: info, Rule: firstRule(t.Rule, "4.5")})
		}
	}
	if len(out) == 0 {
		s.recycle(out)
		return nil // as before: no list, not an empty one
	}
	return out
}

func lossText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d Loss)", n)
}

// taskOpts are the choices of a choose-task (some computed now).
func (s *State) taskOpts(t Task) []string {
	if t.Kind == "react" {
		return s.reactOpts(t)
	}
	return t.Opts
}

func (s *State) optLabel(t Task, o string) string {
	k, id, _ := strings.Cut(o, ":")
	switch k {
	case "brigade":
		return "Activate " + s.name(s.idx(id)) + "'s brigade"
	case "lead":
		return "Command the leaderless brigade of " + s.name(s.idx(id)) + " [4.8]"
	case "division":
		return fmt.Sprintf("Activate the whole division (coordination %d: %d in 10)", s.def(t.Unit).Coord, s.def(t.Unit).Coord+1)
	case "flip":
		return "Flip " + s.name(s.idx(id)) + "'s counter"
	case "orphan":
		return "Command " + s.name(s.idx(id)) + "'s division [4.9.1]"
	case "react":
		return s.reactLabel(t, id)
	case "square":
		if id == "try" {
			return s.name(t.Unit) + " tries to form square (Morale Check) [7.2]"
		}
		return s.name(t.Unit) + " stays as it is"
	case "place":
		return "Place " + s.name(t.Unit) + " on " + id
	case "skirm":
		if id == "react" {
			return s.name(t.Unit) + " reacts to the skirmishers [8.8]"
		}
		return s.name(t.Unit) + " ignores the skirmishers [8.8]"
	}
	return o
}

func (s *State) taskPrompt(t Task) (string, string) {
	who := "Chance"
	if t.Side >= 0 {
		who = sideNames[t.Side]
	}
	var what string
	switch t.Kind {
	case "activate":
		what = "choose what " + s.name(t.Unit) + " activates [4.5]"
	case "cinc":
		what = s.name(t.Unit) + " activates one brigade commander at any distance [4.6]"
	case "orphan":
		what = "choose the orphan division " + s.name(t.Unit) + " commands [4.9.1]"
	case "flip":
		what = "choose the brigade commander whose counter is flipped [" + t.Rule + "]"
	case "coord":
		what = fmt.Sprintf("coordination roll for %s: %d or less [4.5.2]", s.name(t.Unit), t.N)
	case "return":
		what = "place " + s.name(t.Unit) + " back on the map [15.11.4]"
	case "mc", "rmc":
		what = fmt.Sprintf("Morale Check of %s (Morale %d, %s) [%s]", s.name(t.Unit), s.morale(t.Unit), sgn(t.Mod), t.Rule)
	case "react":
		what = fmt.Sprintf("%s reacts to %s [13.1]", s.name(t.Unit), s.name(t.Other))
	case "retreat":
		if t.Side >= 0 && t.Unit >= 0 && t.Side != s.side(t.Unit) {
			return enemyRetreatPrompt(s, t)
		}
		what = fmt.Sprintf("retreat of %s [%s]", s.name(t.Unit), firstRule(t.Rule, "14.10"))
	case "cmdhit":
		what = s.name(t.Unit) + " may be hit: 0 killed, 9 wounded [" + t.Rule + "]"
	case "displace":
		what = "move " + s.name(t.Unit) + " to an adjacent hex [4.10.3]"
	case "clash":
		what = fmt.Sprintf("Clash at %s, column %s [15.7]", s.num(t.Hex), colName(t.Mod, t.Flag))
	case "lone":
		what = "attack on the lone battery at " + s.num(t.Hex) + ": 1-8 captured [10.10]"
	case "art2a", "art2b":
		what = "fire on the lone battery " + s.name(t.Unit) + " [10.9]"
	case "capture":
		what = "musket fire on the lone battery " + s.name(t.Unit) + " [14.9.4]"
	case "square":
		what = s.name(t.Unit) + ": try to form square against the cavalry? [7.2]"
	case "skirm":
		what = s.name(t.Unit) + ": react to the enemy skirmishers? [8.8]"
	case "shrink":
		what = "choose the hex where " + s.name(t.Unit) + "'s square counter stands [6.3.4]"
	case "grow":
		what = "choose the two hexes of " + s.name(t.Unit) + "'s line [6.3.8]"
	case "loss":
		what = "choose the unit that takes a Loss [" + t.Rule + "]"
	case "facing":
		what = "choose the facing of the victorious " + s.name(t.Unit) + " [15.8]"
	default:
		what = t.Kind
	}
	if t.Side < 0 {
		return what, "Chance: " + what
	}
	return what, who + " decides: " + what
}

// taskApply resolves the first task with a listed action.
func (s *State) taskApply(a rules.Action) error {
	t := s.Tasks[0]
	s.Tasks = s.Tasks[1:]
	s.ins = 0
	if isRoll(t.Kind) {
		if len(a.Dice) != 1 {
			return rules.Illegal(t.Rule, "a die roll is expected")
		}
		return s.rollApply(t, a.Dice[0])
	}
	switch t.Kind {
	case "activate", "cinc", "orphan", "flip":
		s.activateChoice(t, a.Choice)
	case "shrink":
		h, err := s.sc.Map.ParseOn(strings.TrimPrefix(a.Choice, "place:"))
		if err == nil {
			s.shrinkTo(t.Unit, h)
		}
	case "grow":
		s.growTo(t.Unit, strings.TrimPrefix(a.Choice, "place:"))
	case "loss":
		j := s.idx(strings.TrimPrefix(a.Choice, "loss:"))
		s.loss(j, t.Other, t.Why, t.Rule)
	case "routnow":
	case "return":
		if a.Choice == "return:later" {
			s.U[t.Unit].Box = s.Turn + 1
			s.ev("15.11.4", s.side(t.Unit), s.name(t.Unit)+" cannot come back now: next box", nil, nil)
		} else {
			to, _ := s.sc.Map.ParseOn(a.To)
			s.placeReturn(t.Unit, to, a.Facing)
		}
		if !s.hasTask("return") {
			s.listActors()
		}
	case "retreat":
		if a.Choice == "retreat:none" {
			s.ev("14.11", t.Side, s.name(t.Unit)+" is left in place", nil, nil)
			return nil
		}
		s.doRetreat(t, a.To)
	case "displace":
		to, _ := s.sc.Map.ParseOn(a.To)
		s.moved(t.Unit)
		s.U[t.Unit].At = to
		s.ev("4.10.3", t.Side, s.name(t.Unit)+" escapes to "+a.To, nil, nil)
	case "facing":
		for _, j := range t.Units {
			if s.U[j].Where == OnMap && !s.U[j].Two {
				s.moved(j)
				s.U[j].Facing = a.Facing
			}
		}
	case "react":
		s.reactApply(t, strings.TrimPrefix(a.Choice, "react:"))
	case "square":
		if a.Choice == "square:try" {
			s.pushFront(Task{Kind: "mc", Side: -1, Unit: t.Unit, Units: t.Units, Why: "square", Rule: "7.2"})
		}
	case "skirm":
		if a.Choice == "skirm:react" {
			s.pushFront(s.reactionMC(t.Unit, t.Other))
		}
	default:
		return rules.Illegal(t.Rule, "unknown task %s", t.Kind)
	}
	return nil
}

func (s *State) rollApply(t Task, die int) error {
	switch t.Kind {
	case "coord":
		s.coordRoll(t, die)
	case "cmdhit":
		s.cmdHitRoll(t, die)
	case "mc":
		s.mcResult(t, die)
	case "rmc":
		s.reactResult(t, die)
	case "clash":
		s.clashRoll(t, die)
	case "lone":
		s.loneRoll(t, die)
	case "art2a", "art2b":
		s.art2Roll(t, die)
	case "capture":
		s.captureRoll(t, die)
	}
	return nil
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
