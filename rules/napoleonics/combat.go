package napoleonics

import (
	"fmt"
	"strconv"
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
)

// Combat, fought to completion one unit at a time (Sequence of Play:
// combat). A combat is a small machine kept in State.Pend:
//
//	square / retire   the defender's choice before a charge or an infantry attack
//	roll              the battle dice (chance)
//	retreat           the owner picks each retreat hex where two are open
//	lcheck            leader casualty check (chance)
//	lretreat          a leader whose unit is gone escapes 1-3 hexes
//	battleback        the defender may battle back
//	advance           take ground / breakthrough into the vacated hex
//	extra, bonus      breakthrough: one more hex, then a second melee

// startCombat opens a combat of kind fire, melee, bonus or back by att on
// hex to (art: combined-arms artillery).
func (w *applier) startCombat(kind, orig string, att *Unit, to hex.Coord, art string) {
	def := w.target(att.Side, to)
	p := &Pend{Kind: kind, Orig: orig, Att: att.ID, Def: def.ID, From: att.At, At: to, Art: art}
	w.Battled[att.ID] = true
	var n int
	var mods []string
	verb := "attacks"
	switch kind {
	case "fire":
		n, mods = w.fireDice(att, to)
		verb = "fires at"
	case "back":
		n, mods = w.meleeDice(att, to, false)
		verb = "battles back against"
	default:
		n, mods = w.meleeDice(att, to, true)
		if kind == "bonus" {
			verb = "attacks again"
		}
	}
	if art != "" {
		a := w.unit(art)
		w.Battled[art] = true
		m, am := w.fireDice(a, to)
		n += m
		mods = append(mods, fmt.Sprintf("+%d from %s [%s]", m, w.name(a), rCombined))
		mods = append(mods, am...)
	}
	p.Dice = n
	e := w.ev("combat", w.kindRule(kind), fmt.Sprintf("%s %s %s in %s with %s", w.name(att), verb, w.name(def), w.num(to), plural(n, "die", "dice")), att.ID, def.ID)
	e.Mods = mods
	e.Side = rules.Side(att.Side)
	p.Stage = "roll"
	if kind != "fire" && kind != "back" && !isLeader(def) {
		ac, dc := w.class(att), w.class(def)
		switch {
		case ac == "infantry" && dc == "cavalry" && w.card(def).Retire && len(w.retireOptions(def)) > 0:
			p.Stage = "retire"
		case ac == "cavalry" && dc == "infantry" && w.card(def).Square && !def.Square &&
			!w.terrain(def.At).NoSquare && len(w.Hands[def.Side]) > 0:
			p.Stage = "square"
		}
	}
	w.Pend = p
}

func (s *State) kindRule(kind string) string {
	switch kind {
	case "fire":
		return rRanged
	case "back":
		return rBack
	case "bonus":
		return rBreak
	}
	return rMelee
}

func (w *applier) pendApply(a rules.Action) {
	p := w.Pend
	switch p.Stage {
	case "roll":
		w.resolveRoll(a.Dice)
	case "lcheck":
		w.resolveCheck(a.Dice)
	case "square":
		def := w.unit(p.Def)
		if a.Kind == "square" {
			w.Hands[def.Side], _ = removeCard(w.Hands[def.Side], a.Choice)
			def.Square, def.SquareCard = true, a.Choice
			e := w.ev("square", rSquare, w.name(def)+" forms square and sets a command card aside", def.ID)
			e.Side = rules.Side(def.Side)
			e.Private = fmt.Sprintf("%s forms square and sets %s aside", w.name(def), w.sys.CardByID[a.Choice].Name)
			e.Owner = rules.Side(def.Side)
		} else {
			e := w.ev("square", rSquare, w.name(def)+" does not form square", def.ID)
			e.Side = rules.Side(def.Side)
		}
		p.Stage = "roll"
	case "retire":
		def := w.unit(p.Def)
		if a.Kind == "retire" {
			from := def.At
			w.moveUnit(def, w.hexOf(a.To), 0, false)
			p.Retire = true
			e := w.ev("retire", rRetire, fmt.Sprintf("%s retires and reforms from %s to %s; only cavalry symbols can hit it", w.name(def), w.num(from), a.To), def.ID)
			e.Side = rules.Side(def.Side)
		} else {
			e := w.ev("retire", rRetire, w.name(def)+" stands", def.ID)
			e.Side = rules.Side(def.Side)
		}
		p.Stage = "roll"
	case "flags":
		def := w.unit(p.Def)
		n, _ := strconv.Atoi(strings.TrimPrefix(a.Choice, "disregard-"))
		if n > 0 {
			_, why := w.ignoredFlags(def)
			p.Flags -= n
			e := w.ev("morale", rMorale, fmt.Sprintf("%s disregards %s (%s)", w.name(def), plural(n, "flag", "flags"), why), def.ID)
			e.Side = rules.Side(def.Side)
		}
		p.Stage = ""
		w.continueRetreat()
	case "retreat":
		def := w.unit(p.Def)
		w.retreatStep(def, w.hexOf(a.To))
		w.continueRetreat()
	case "lretreat":
		l := w.unit(p.Leader)
		w.leaderTo(l, w.hexOf(a.To))
		w.toAfter()
	case "battleback":
		if a.Kind == "end" {
			e := w.ev("battleback", rBack, w.name(w.unit(p.Def))+" does not battle back")
			e.Side = rules.Side(w.unit(p.Def).Side)
			w.Pend = nil
			return
		}
		def := w.unit(p.Def)
		w.startCombat("back", p.Orig, def, w.unit(p.Att).At, "")
	case "advance":
		if a.Kind == "end" {
			w.Pend = nil
			return
		}
		att := w.unit(p.Att)
		from := att.At
		w.moveUnit(att, p.At, 0, false)
		w.ev("advance", w.advanceRule(att), fmt.Sprintf("%s advances from %s into %s", w.name(att), w.num(from), w.num(p.At)), att.ID)
		if a.Kind != "breakthrough" {
			w.Pend = nil
			return
		}
		if w.terrain(att.At).Stop {
			w.toBonus()
			return
		}
		p.Stage = "extra"
	case "extra":
		att := w.unit(p.Att)
		if a.Kind == "move" {
			from := att.At
			w.moveUnit(att, w.hexOf(a.To), 0, false)
			w.ev("advance", rBreak, fmt.Sprintf("%s moves on from %s to %s", w.name(att), w.num(from), a.To), att.ID)
		}
		w.toBonus()
	case "bonus":
		if a.Kind == "end" {
			w.Pend = nil
			return
		}
		att := w.unit(p.Att)
		w.startCombat("bonus", p.Orig, att, w.hexOf(a.To), "")
	}
}

func (s *State) advanceRule(u *Unit) string {
	if s.class(u) == "infantry" {
		return rTake
	}
	return rBreak
}

// toBonus offers the second melee of a breakthrough, unless the cavalry
// entered terrain where it may not battle.
func (w *applier) toBonus() {
	att := w.unit(w.Pend.Att)
	t := w.terrain(att.At)
	if t.NoBattle || t.NoCombat || len(w.meleeTargets(att)) == 0 {
		w.Pend = nil
		return
	}
	w.Pend.Stage = "bonus"
}

// resolveRoll scores a roll: hits on matching troop symbols (and sabres in
// melee), flags for retreats.
func (w *applier) resolveRoll(dice []int) {
	p := w.Pend
	att, def := w.unit(p.Att), w.unit(p.Def)
	kind := "melee"
	if p.Kind == "fire" {
		kind = "fire"
	}
	set := w.hitSet(kind, att, def, p.Retire)
	hits := count(dice, set)
	flags := count(dice, map[int]bool{w.sym("flag"): true})
	var names []string
	for i := range w.sys.Symbols {
		if set[i] {
			names = append(names, w.sys.Symbols[i].Name)
		}
	}
	e := w.ev("roll", w.kindRule(p.Kind), fmt.Sprintf("%s rolls %s: %s, %s (hits on %s)", w.name(att), w.faces(dice),
		plural(hits, "hit", "hits"), plural(flags, "flag", "flags"), strings.ToLower(strings.Join(names, ", "))), att.ID, def.ID)
	e.Dice = append([]int(nil), dice...)
	e.Side = rules.Side(att.Side)
	if isLeader(def) {
		// A leader alone: a sabre eliminates it (Leaders); otherwise it
		// must fall back 1-3 hexes (authored), leaving the hex.
		if hits > 0 {
			w.eliminate(def, rLeaders)
			if w.Phase != PhOver {
				w.toAfter()
			}
			return
		}
		p.Leader = def.ID
		w.toLeaderRetreat()
		return
	}
	lose := min(hits, def.Blocks)
	if lose > 0 {
		def.Blocks -= lose
		p.Lost += lose
		w.ev("loss", w.kindRule(p.Kind), fmt.Sprintf("%s loses %s (%d left)", w.name(def), plural(lose, "block", "blocks"), def.Blocks), def.ID)
		if def.Blocks == 0 {
			w.eliminate(def, w.kindRule(p.Kind))
			if w.Phase == PhOver {
				return
			}
		}
	}
	if p.Retire {
		flags = 0 // a unit that retired has already fallen back
	}
	p.Flags = flags
	if flags > 0 && def.Gone == "" {
		if ign, _ := w.ignoredFlags(def); ign > 0 {
			// The owner "may disregard" them (Morale; Terrain card: Field
			// Works): his choice, made before the retreat.
			p.Stage = "flags"
			return
		}
	}
	w.continueRetreat()
}

// ignoredFlags: the flags a unit may disregard: one for an attached leader,
// one for the support of two or more adjacent friendly units (Morale), one
// for infantry or artillery on field works (Terrain card: Field Works).
// Each applies once; whether to use them is the owner's choice.
func (s *State) ignoredFlags(u *Unit) (int, string) {
	n := 0
	var why []string
	if s.attached(u) != nil {
		n++
		why = append(why, "leader attached")
	}
	sup := 0
	for _, c := range u.At.Neighbors() {
		if v := s.unitAt(c); v != nil && v.Side == u.Side {
			sup++
		}
	}
	if sup >= 2 {
		n++
		why = append(why, fmt.Sprintf("supported by %d units", sup))
	}
	for _, k := range s.terrain(u.At).IgnoreFlag {
		if k == s.class(u) {
			n++
			why = append(why, "on "+s.terrain(u.At).Name)
		}
	}
	return n, strings.Join(why, ", ")
}

// continueRetreat moves the unit one hex a flag toward its own side; where
// it cannot, it loses a block instead; where two hexes are open, its owner
// chooses (Retreats).
func (w *applier) continueRetreat() {
	p := w.Pend
	for {
		def := w.unit(p.Def)
		if def.Gone != "" || p.Flags == 0 {
			w.toCheck()
			return
		}
		opts := w.retreatOptions(def)
		switch len(opts) {
		case 0:
			p.Flags--
			def.Blocks--
			p.Lost++
			w.ev("loss", rRetreat, fmt.Sprintf("%s cannot retreat and loses a block (%d left)", w.name(def), def.Blocks), def.ID)
			if def.Blocks == 0 {
				w.eliminate(def, rRetreat)
				if w.Phase == PhOver {
					return
				}
			}
		case 1:
			w.retreatStep(def, opts[0])
		default:
			p.Stage = "retreat"
			return
		}
	}
}

func (w *applier) retreatStep(u *Unit, c hex.Coord) {
	from := u.At
	w.moveUnit(u, c, 0, false)
	w.Pend.Flags--
	e := w.ev("retreat", rRetreat, fmt.Sprintf("%s retreats from %s to %s", w.name(u), w.num(from), w.num(c)), u.ID)
	e.Side = rules.Side(u.Side)
}

// toCheck makes the leader casualty check after a unit lost blocks: two
// dice needing two sabres, or one die needing a sabre if the unit is gone.
func (w *applier) toCheck() {
	p := w.Pend
	def := w.unit(p.Def)
	if p.Lost > 0 {
		if l := w.leaderAt(def.At); l != nil && l.Side == def.Side {
			p.Leader = l.ID
			p.LDice = 2
			if def.Gone != "" {
				p.LDice = 1
			}
			p.Stage = "lcheck"
			return
		}
	}
	w.toAfter()
}

func (w *applier) resolveCheck(dice []int) {
	p := w.Pend
	l := w.unit(p.Leader)
	sabres := count(dice, map[int]bool{w.sym("sabre"): true})
	hit := sabres >= p.LDice
	res := "unhurt"
	if hit {
		res = "hit"
	}
	e := w.ev("roll", rCasualty, fmt.Sprintf("Casualty check for %s (%s, %s): %s, %s", w.name(l), plural(p.LDice, "die", "dice"),
		map[bool]string{true: "two sabres hit", false: "a sabre hits"}[p.LDice == 2], w.faces(dice), res), l.ID)
	e.Dice = append([]int(nil), dice...)
	if hit {
		w.eliminate(l, rCasualty)
		if w.Phase != PhOver {
			w.toAfter()
		}
		return
	}
	if w.unit(p.Def).Gone != "" {
		w.toLeaderRetreat()
		return
	}
	w.toAfter()
}

// toLeaderRetreat: the leader falls back 1 to 3 hexes toward its side; a
// leader with nowhere to go is captured (authored).
func (w *applier) toLeaderRetreat() {
	p := w.Pend
	l := w.unit(p.Leader)
	opts := w.leaderRetreatOptions(l)
	switch len(opts) {
	case 0:
		w.ev("leader", rCaptured, w.name(l)+" has no way back and is captured", l.ID)
		w.eliminate(l, rCaptured)
		if w.Phase != PhOver {
			w.toAfter()
		}
	case 1:
		w.leaderTo(l, opts[0])
		w.toAfter()
	default:
		p.Stage = "lretreat"
	}
}

// leaderBackRule cites the book when a leader escapes its eliminated unit,
// and our authored rule when a lone leader survives a melee.
func (s *State) leaderBackRule() string {
	if s.Pend != nil && s.Pend.Def == s.Pend.Leader {
		return rLoneBack
	}
	return rLeaders
}

func (w *applier) leaderTo(l *Unit, c hex.Coord) {
	from := l.At
	l.At = c
	e := w.ev("retreat", w.leaderBackRule(), fmt.Sprintf("%s falls back from %s to %s", w.name(l), w.num(from), w.num(c)), l.ID)
	e.Side = rules.Side(l.Side)
}

// toAfter ends the combat or offers what follows it: take ground or
// breakthrough into a vacated hex, or battle back by a defender that held.
func (w *applier) toAfter() {
	p := w.Pend
	if p.Kind == "fire" || p.Kind == "back" {
		w.Pend = nil
		return
	}
	att, def := w.unit(p.Att), w.unit(p.Def)
	attOK := att.Gone == "" && att.At == p.From
	vacated := w.unitAt(p.At) == nil && w.leaderAt(p.At) == nil
	if vacated && attOK && w.canAdvance(att, p.At) {
		p.Stage = "advance"
		return
	}
	if !vacated && attOK && !isLeader(def) && def.Gone == "" && def.At == p.At && !p.Retire && w.backDice(def, att) >= 1 {
		p.Stage = "battleback"
		return
	}
	w.Pend = nil
}

// backDice is the dice def would battle back with against att.
func (s *State) backDice(def, att *Unit) int {
	n, _ := s.meleeDice(def, att.At, false)
	return n
}

// canAdvance: infantry (not in square) takes ground, cavalry breaks
// through; artillery never advances.
func (s *State) canAdvance(u *Unit, c hex.Coord) bool {
	if !s.passable(u, c) {
		return false
	}
	switch s.class(u) {
	case "infantry":
		return s.card(u).TakeGround && !u.Square
	case "cavalry":
		return true
	}
	return false
}
