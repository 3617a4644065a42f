package napoleonics

import (
	"fmt"
	"sort"

	"grognard/rules"
	"grognard/rules/hex"
)

// Legal lists every action the decider may take now.
func (s *State) Legal() []rules.Action {
	l := s.legalList()
	if len(l) == 0 {
		return nil
	}
	// The list is the state's own (#20): the caller reads it and never
	// changes it (it is never changed in place; Apply builds a new one).
	// Its capacity ends at its length, so an append copies.
	return l[:len(l):len(l)]
}

// legalList is the cached legal list (#20): built once per state, shared
// by clones (it is never changed in place) and forgotten by Apply. Code
// that changes the state's fields outside Apply (tests) must call Touch.
func (s *State) legalList() []rules.Action {
	if !s.legalOK {
		s.building = true
		s.legal, s.legalOK = s.buildLegal(), true
		s.building, s.occMemo, s.occOK = false, occ{}, false
	}
	return s.legal
}

// Touch forgets the cached legal list after a change made outside Apply
// (a test setting up a position).
func (s *State) Touch() { s.legal, s.legalOK = nil, false }

// FindLegal finds a's legal action in the cached list (rules.Finder); when
// the list is not built, a move, exit, order, fire or melee is looked for
// among its unit's actions only (findUnit, session 20).
func (s *State) FindLegal(a rules.Action) (rules.Action, bool) {
	if !s.legalOK {
		if l, ok, done := s.findUnit(a); done {
			return l, ok
		}
	}
	return rules.FindIn(s.legalList(), a)
}

func (s *State) buildLegal() []rules.Action {
	switch s.Phase {
	case PhDeal, PhDraw:
		if s.Draw.Left > 0 {
			return actionsOf(s.Chances())
		}
		var as []rules.Action
		for _, c := range distinct(s.Draw.Drawn) {
			as = append(as, rules.Action{Kind: "keep", Choice: c, Label: "Keep " + s.sys.CardByID[c].Name + ", discard the rest", Rule: rScout})
		}
		return as
	case PhCommand:
		return s.playActions()
	case PhOrder:
		if s.RallyDice > 0 {
			return actionsOf(s.Chances())
		}
		if s.SupplyLeft > 0 {
			return s.supplyActions()
		}
		if s.rallying() {
			return append(s.rallyActions(), rules.Action{Kind: "end", Label: "End the order phase", Rule: rOrder + "; " + rRally})
		}
		buf, owned := s.actBuf()
		buf = s.appendOrderActions(buf)
		buf = append(buf, rules.Action{Kind: "end", Label: "End the order phase", Rule: rOrder})
		out := exact(buf)
		s.keepActBuf(buf, owned)
		return out
	case PhMove:
		buf, owned := s.actBuf()
		buf = s.appendMoveActions(buf)
		buf = append(buf, rules.Action{Kind: "end", Label: "End movement", Rule: rMove})
		out := exact(buf)
		s.keepActBuf(buf, owned)
		return out
	case PhCombat:
		if s.Pend != nil {
			return s.pendActions()
		}
		buf, owned := s.actBuf()
		buf = s.appendBattleActions(buf)
		buf = append(buf, rules.Action{Kind: "end", Label: "End combat", Rule: rCombat})
		out := exact(buf)
		s.keepActBuf(buf, owned)
		return out
	}
	return nil
}

// Chances lists the outcomes at a chance point: a card drawn (weights are
// the copies left in the draw pile) or a roll of battle dice.
func (s *State) Chances() []rules.Outcome {
	switch s.Phase {
	case PhDeal, PhDraw:
		if s.Draw.Left == 0 {
			return nil
		}
		// The card ids in order and the label are the scenario's (session
		// 20); the pile holds only cards of the deck.
		t := s.tables()
		label := t.drawLabel[s.Draw.Side]
		k := 0
		for _, n := range s.Pile {
			if n > 0 {
				k++
			}
		}
		if k == 0 {
			return nil
		}
		outs := make([]rules.Outcome, 0, k)
		for _, id := range t.cardIDs {
			if n := s.Pile[id]; n > 0 {
				outs = append(outs, rules.Outcome{Weight: n, Action: rules.Action{Kind: "draw", Choice: id,
					Label: label, Rule: rDraw}})
			}
		}
		return outs
	case PhOrder:
		if s.RallyDice > 0 {
			return s.rollOutcomes(s.RallyDice, "Rally dice", rRally)
		}
	case PhCombat:
		if p := s.Pend; p != nil {
			switch p.Stage {
			case "roll":
				return s.rollOutcomes(p.Dice, "Battle dice", s.combatRule())
			case "lcheck":
				return s.rollOutcomes(p.LDice, "Leader casualty check", rCasualty)
			}
		}
	}
	return nil
}

func actionsOf(outs []rules.Outcome) []rules.Action {
	as := make([]rules.Action, len(outs))
	for i, o := range outs {
		as[i] = o.Action
	}
	return as
}

func distinct(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	sort.Strings(out)
	return out
}

func (s *State) combatRule() string {
	switch s.Pend.Kind {
	case "fire":
		return rRanged
	case "back":
		return rBack
	case "bonus":
		return rBreak
	}
	return rMelee
}

// --- command ---

func (s *State) playActions() []rules.Action {
	var as []rules.Action
	other := 1 - s.Active
	for _, id := range distinct(s.Hands[s.Active]) {
		c := s.sys.CardByID[id]
		if c.Counter {
			last := s.sys.CardByID[s.Last[other]]
			if last == nil {
				continue // nothing to copy yet (authored)
			}
			as = append(as, rules.Action{Kind: "play", Choice: id, Label: fmt.Sprintf("Play %s (as %s)", c.Name, s.cardTitle(last, !s.LastMirror[other])), Rule: rCommand})
			continue
		}
		as = append(as, rules.Action{Kind: "play", Choice: id, Label: "Play " + c.Name, Rule: rCommand, Info: c.Text})
	}
	if len(as) == 0 {
		as = append(as, rules.Action{Kind: "pass", Label: "No card can be played: pass the turn", Rule: rDeck})
	}
	return as
}

// cardTitle names a card with its sections swapped when mirrored.
func (s *State) cardTitle(c *CardDef, mirrored bool) string {
	if !mirrored || c.Kind != "section" {
		return c.Name
	}
	return c.Name + " (on the " + mirror(c.Sections[0]) + ")"
}

// --- order ---

// cardSections are the sections the card played lets the active side order.
func (s *State) cardSections() map[string]bool {
	out := map[string]bool{}
	for _, x := range s.effCard().Sections {
		if s.Mirror {
			x = mirror(x)
		}
		out[x] = true
	}
	return out
}

// canOrder reports whether the active side may order u under the card.
func (s *State) canOrder(u *Unit) bool {
	var allowed map[string]bool
	if s.effCard() != nil {
		allowed = s.cardSections()
	}
	return s.canOrderIn(u, allowed)
}

// canOrderIn is canOrder with the card's sections (cardSections) found by
// the caller.
func (s *State) canOrderIn(u *Unit, allowed map[string]bool) bool {
	e := s.effCard()
	if e == nil || !onBoard(u) || u.Side != s.Active || s.explicitOrder(u.ID) {
		return false
	}
	// Already ordered with its unit: a leader may still be ordered in its
	// own right, to detach (Units and Leaders); a unit never twice.
	if s.Ordered[u.ID] && !isLeader(u) {
		return false
	}
	if n := s.orderLimitN(); (n > 0 || e.OrderCommand) && len(s.Orders) >= n {
		return false
	}
	if s.Fallback {
		return !isLeader(u) // one unit of the player's choice, anywhere
	}
	if e.Rally {
		return false // Rally orders only the units it gives blocks back to
	}
	if !s.armMatches(e, u) {
		return false
	}
	secs := s.sectionsOf(u.Side, u.At)
	if !allowed["any"] {
		ok := false
		for _, x := range secs {
			ok = ok || allowed[x]
		}
		if !ok {
			return false
		}
	}
	if e.PerSection > 0 {
		for _, x := range secs {
			n := 0
			for _, id := range s.Orders {
				for _, y := range s.sectionsOf(u.Side, s.unit(id).At) {
					if y == x {
						n++
					}
				}
			}
			if n >= e.PerSection {
				return false
			}
		}
	}
	return true
}

func (s *State) orderActions() []rules.Action { return s.appendOrderActions(nil) }

// appendOrderActions appends the order actions to as (the card's sections
// found once for all units).
func (s *State) appendOrderActions(as []rules.Action) []rules.Action {
	e := s.effCard()
	var allowed map[string]bool
	if e != nil {
		allowed = s.cardSections()
	}
	for i := range s.Units {
		as = s.appendUnitOrder(as, i, e, allowed)
	}
	return as
}

// appendUnitOrder appends the order action of s.Units[i], if any.
func (s *State) appendUnitOrder(as []rules.Action, i int, e *CardDef, allowed map[string]bool) []rules.Action {
	{
		u := &s.Units[i]
		if !s.canOrderIn(u, allowed) {
			return as
		}
		label := s.tables().orderLabelOf(s, i, u)
		if l := s.attached(u); l != nil && !s.Ordered[l.ID] {
			label += " with " + s.name(l)
		}
		if isLeader(u) {
			if v := s.unitAt(u.At); v != nil && v.Side == u.Side && e.WithUnit && !s.Ordered[v.ID] {
				label += " and " + s.name(v)
			} else if v != nil && v.Side == u.Side {
				label += " (to detach)"
			}
		}
		if u.Square {
			label += " (leaves square)"
		}
		rule, ok := s.tables().orderRule[e]
		if !ok {
			rule = rOrder + "; " + rDeckCard(e)
		}
		as = append(as, rules.Action{Kind: "order", Unit: u.ID, Label: label, Rule: rule})
	}
	return as
}

func rDeckCard(e *CardDef) string { return "Command card: " + e.Name }

// --- movement ---

// explicitOrder reports whether id was ordered in its own right (not only
// as the leader attached to an ordered unit). An attached leader moves away
// from its unit only when it is itself ordered to detach (Units and Leaders).
func (s *State) explicitOrder(id string) bool {
	for _, o := range s.Orders {
		if o == id {
			return true
		}
	}
	return false
}

func (s *State) exitOpen() bool { return s.sc.HasExit && s.Lost[0] > 0 && s.Lost[1] > 0 }

func (s *State) moveActions() []rules.Action { return s.appendMoveActions(nil) }

// appendMoveActions appends the move and exit actions to as.
func (s *State) appendMoveActions(as []rules.Action) []rules.Action {
	for i := range s.Units {
		as = s.appendUnitMoves(as, i)
	}
	return as
}

// appendUnitMoves appends the move and exit actions of s.Units[i].
func (s *State) appendUnitMoves(as []rules.Action, i int) []rules.Action {
	{
		u := &s.Units[i]
		if !onBoard(u) || u.Side != s.Active || !s.Ordered[u.ID] {
			return as
		}
		if _, done := s.Moved[u.ID]; done {
			return as
		}
		if isLeader(u) && !s.explicitOrder(u.ID) {
			return as // ordered with its unit: it moves with the unit only
		}
		// Destinations in the order of their printed numbers: reachIdx
		// gives them in map order, which is that order (#20).
		fm := s.fast()
		exitD, exitOK := 0, false
		name, rule := s.name(u), s.tables().moveRuleOf(s, i, u)
		cd, bm := s.card(u), s.battleMove(u)
		s.reachIdx(u, func(h, d int) {
			c := fm.coords[h]
			if c == s.sc.ExitHex {
				exitD, exitOK = d, true
			}
			as = append(as, rules.Action{Kind: "move", Unit: u.ID, To: fm.num[h],
				Label: s.moveLabel(i, name, h, d),
				Rule:  rule, Info: s.moveInfoOf(u, cd, bm, c, d)})
		})
		if s.canExitD(u, exitD, exitOK) {
			as = append(as, rules.Action{Kind: "exit", Unit: u.ID, To: s.num(s.sc.ExitHex),
				Label: fmt.Sprintf("%s leaves the board by the banner hex %s (1 banner)", s.name(u), s.num(s.sc.ExitHex)), Rule: rExit})
		}
	}
	return as
}

func (s *State) moveInfo(u *Unit, c hex.Coord, d int) string {
	if isLeader(u) {
		return plural(d, "hex", "hexes")
	}
	return s.moveInfoOf(u, s.card(u), s.battleMove(u), c, d)
}

// moveInfoOf is moveInfo with u's card and battle move found by the caller.
func (s *State) moveInfoOf(u *Unit, cd *UnitCard, bm int, c hex.Coord, d int) string {
	if isLeader(u) {
		return plural(d, "hex", "hexes")
	}
	t := s.terrain(c)
	switch {
	case d > bm:
		return "no battle after this move"
	case t.NoBattle && !(t.LightBattle && cd.ForestBattle):
		if l, ok := s.tables().noBattle[t]; ok {
			return l
		}
		return "no battle: " + t.Name
	}
	return "may still battle"
}

// canExit: a unit of the exit side (not a leader) on the banner hex, or
// able to reach it with a hex of movement to spare, may leave the board
// once each side has lost a unit (Special Rules).
func (s *State) canExit(u *Unit, r map[hex.Coord]int) bool {
	d, ok := r[s.sc.ExitHex]
	return s.canExitD(u, d, ok)
}

// canExitD is canExit with the exit hex's reach (ok: reached, in d hexes).
func (s *State) canExitD(u *Unit, d int, ok bool) bool {
	if isLeader(u) || u.Side != s.sc.ExitSide || !s.exitOpen() || s.maxMove(u) <= 0 {
		return false
	}
	if u.At == s.sc.ExitHex {
		return true
	}
	// Entering a hex that stops the move (terrain, or a lone friendly leader
	// the unit must stop with) leaves no hex to spare.
	return ok && d < s.maxMove(u) && !s.terrain(s.sc.ExitHex).Stop && s.leaderAt(s.sc.ExitHex) == nil
}

// --- combat ---

// canBattle reports whether an ordered unit may still battle this turn
// (unit cards: battle after moving; terrain cards: no battle after
// entering a town or forest).
func (s *State) canBattle(u *Unit) bool {
	if !onBoard(u) || isLeader(u) || !s.Ordered[u.ID] || s.Battled[u.ID] {
		return false
	}
	if s.effCard() == nil {
		return false
	}
	if e := s.effFor(u); e != nil && e.NoBattle {
		return false
	}
	c := s.card(u)
	d := s.Moved[u.ID]
	if d > s.battleMove(u) {
		return false
	}
	t := s.terrain(u.At)
	if d > 0 && t.NoBattle && !(t.LightBattle && c.ForestBattle) {
		return false
	}
	return !t.NoCombat
}

// fireTargets lists the hexes u may fire at: enemy units (never a leader
// alone) in range and sight; if an enemy unit is adjacent, only adjacent
// ones (Ranged Combat).
func (s *State) fireTargets(u *Unit) []hex.Coord {
	r := s.fireRange(u)
	if r == 0 {
		return nil
	}
	adj := false
	for _, c := range u.At.Neighbors() {
		if v := s.unitAt(c); v != nil && v.Side != u.Side {
			adj = true
		}
	}
	var out []hex.Coord
	for i := range s.Units {
		v := &s.Units[i]
		if !onBoard(v) || isLeader(v) || v.Side == u.Side {
			continue
		}
		d := hex.Distance(u.At, v.At)
		if d < 1 || d > r || (adj && d > 1) || s.terrain(v.At).NoCombat || !s.los(u.At, v.At) {
			continue
		}
		if n, _ := s.fireDice(u, v.At); n < 1 {
			continue // terrain leaves no dice
		}
		out = append(out, v.At)
	}
	sort.Slice(out, func(i, j int) bool { return s.num(out[i]) < s.num(out[j]) })
	return out
}

// meleeTargets lists the adjacent hexes holding an enemy unit or an enemy
// leader alone (Melee Combat; Leaders) that u has dice to attack.
func (s *State) meleeTargets(u *Unit) []hex.Coord {
	var out []hex.Coord
	for _, c := range u.At.Neighbors() {
		if !s.sc.Map.On(c) || s.terrain(c).NoCombat {
			continue
		}
		if s.target(u.Side, c) == nil {
			continue
		}
		if n, _ := s.meleeDice(u, c, true); n >= 1 {
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return s.num(out[i]) < s.num(out[j]) })
	return out
}

// target is the unit or lone leader a combat at hex c is aimed at.
func (s *State) target(side int, c hex.Coord) *Unit {
	if v := s.unitAt(c); v != nil && v.Side != side {
		return v
	}
	if l := s.leaderAt(c); l != nil && l.Side != side && s.unitAt(c) == nil {
		return l
	}
	return nil
}

func (s *State) battleActions() []rules.Action { return s.appendBattleActions(nil) }

// appendBattleActions appends the fire and melee actions to as.
func (s *State) appendBattleActions(as []rules.Action) []rules.Action {
	for i := range s.Units {
		as = s.appendUnitBattle(as, i)
	}
	return as
}

// appendUnitBattle appends the fire and melee actions of s.Units[i].
func (s *State) appendUnitBattle(as []rules.Action, i int) []rules.Action {
	{
		u := &s.Units[i]
		if u.Side != s.Active || !s.canBattle(u) {
			return as
		}
		e := s.effFor(u)
		if e == nil || !e.NoFire {
			for _, c := range s.fireTargets(u) {
				n, _ := s.fireDice(u, c)
				as = append(as, rules.Action{Kind: "fire", Unit: u.ID, To: s.num(c),
					Label: fmt.Sprintf("%s fires at %s in %s", s.name(u), s.name(s.target(u.Side, c)), s.num(c)),
					Rule:  rRanged, Info: plural(n, "die", "dice")})
			}
		}
		for _, c := range s.meleeTargets(u) {
			as = append(as, s.meleeActions(u, c, e)...)
		}
	}
	return as
}

// meleeActions: the melee alone, and with each ordered artillery unit that
// may combine its dice (Combined Arms Combat).
func (s *State) meleeActions(u *Unit, c hex.Coord, e *CardDef) []rules.Action {
	t := s.target(u.Side, c)
	n, _ := s.meleeDice(u, c, true)
	as := []rules.Action{{Kind: "melee", Unit: u.ID, To: s.num(c),
		Label: fmt.Sprintf("%s attacks %s in %s", s.name(u), s.name(t), s.num(c)),
		Rule:  rMelee, Info: plural(n, "die", "dice")}}
	if isLeader(t) || s.class(u) == "artillery" || (e != nil && e.NoFire) {
		return as
	}
	for i := range s.Units {
		a := &s.Units[i]
		// Any one ordered battery that can fire on the target combines:
		// the book asks for no adjacency to the attacker.
		if a.ID == u.ID || a.Side != u.Side || s.class(a) != "artillery" || !s.canBattle(a) {
			continue
		}
		for _, tc := range s.fireTargets(a) {
			if tc == c {
				m, _ := s.fireDice(a, c)
				as = append(as, rules.Action{Kind: "melee", Unit: u.ID, Units: []string{a.ID}, To: s.num(c),
					Label: fmt.Sprintf("%s attacks %s in %s with %s", s.name(u), s.name(t), s.num(c), s.name(a)),
					Rule:  rCombined, Info: plural(n+m, "die", "dice")})
			}
		}
	}
	return as
}

// --- combat in progress ---

func (s *State) pendActions() []rules.Action {
	p := s.Pend
	switch p.Stage {
	case "roll", "lcheck":
		return actionsOf(s.Chances())
	case "square":
		def := s.unit(p.Def)
		var as []rules.Action
		for _, c := range distinct(s.Hands[def.Side]) {
			as = append(as, rules.Action{Kind: "square", Unit: def.ID, To: s.num(def.At), Choice: c,
				Label: fmt.Sprintf("%s forms square (sets aside %s)", s.name(def), s.sys.CardByID[c].Name), Rule: rSquare})
		}
		return append(as, rules.Action{Kind: "no-square", Unit: def.ID, To: s.num(def.At), Label: s.name(def) + " does not form square", Rule: rSquare})
	case "retire":
		def := s.unit(p.Def)
		var as []rules.Action
		for _, c := range s.retireOptions(def) {
			as = append(as, rules.Action{Kind: "retire", Unit: def.ID, To: s.num(c),
				Label: fmt.Sprintf("%s retires and reforms to %s", s.name(def), s.num(c)), Rule: rRetire})
		}
		return append(as, rules.Action{Kind: "no-retire", Unit: def.ID, To: s.num(def.At), Label: s.name(def) + " stands and fights", Rule: rRetire})
	case "flags":
		def := s.unit(p.Def)
		ign, why := s.ignoredFlags(def)
		var as []rules.Action
		for n := min(ign, p.Flags); n >= 0; n-- {
			label := fmt.Sprintf("%s disregards %s (%s)", s.name(def), plural(n, "flag", "flags"), why)
			if n == 0 {
				label = fmt.Sprintf("%s disregards no flag: retreats %s", s.name(def), plural(p.Flags, "hex", "hexes"))
			}
			as = append(as, rules.Action{Kind: "choose", Unit: def.ID, Choice: fmt.Sprintf("disregard-%d", n), Label: label, Rule: rMorale})
		}
		return as
	case "retreat":
		def := s.unit(p.Def)
		var as []rules.Action
		for _, c := range s.retreatOptions(def) {
			as = append(as, rules.Action{Kind: "retreat", Unit: def.ID, To: s.num(c),
				Label: fmt.Sprintf("%s retreats to %s", s.name(def), s.num(c)), Rule: rRetreat})
		}
		return as
	case "lretreat":
		l := s.unit(p.Leader)
		var as []rules.Action
		for _, c := range s.leaderRetreatOptions(l) {
			as = append(as, rules.Action{Kind: "retreat", Unit: l.ID, To: s.num(c),
				Label: fmt.Sprintf("%s retreats to %s", s.name(l), s.num(c)), Rule: s.leaderBackRule()})
		}
		return as
	case "battleback":
		def, att := s.unit(p.Def), s.unit(p.Att)
		n, _ := s.meleeDice(def, att.At, false)
		return []rules.Action{
			{Kind: "melee", Unit: def.ID, To: s.num(att.At), Label: fmt.Sprintf("%s battles back against %s", s.name(def), s.name(att)), Rule: rBack, Info: plural(n, "die", "dice")},
			{Kind: "end", Label: "Do not battle back", Rule: rBack},
		}
	case "advance":
		att := s.unit(p.Att)
		kind, rule, label := "advance", rTake, "%s takes ground in %s"
		if s.class(att) == "cavalry" {
			rule = rBreak
			label = "%s advances into %s"
			if p.Kind == "melee" {
				kind, label = "breakthrough", "%s breaks through into %s"
			}
		}
		return []rules.Action{
			{Kind: kind, Unit: att.ID, To: s.num(p.At), Label: fmt.Sprintf(label, s.name(att), s.num(p.At)), Rule: rule},
			{Kind: "end", Label: "Stay in place", Rule: rule},
		}
	case "extra":
		att := s.unit(p.Att)
		var as []rules.Action
		for _, c := range att.At.Neighbors() {
			if s.sc.Map.On(c) && s.canEnd(att, c, s.attached(att) != nil) {
				as = append(as, rules.Action{Kind: "move", Unit: att.ID, To: s.num(c),
					Label: fmt.Sprintf("%s moves on to %s", s.name(att), s.num(c)), Rule: rBreak})
			}
		}
		sort.Slice(as, func(i, j int) bool { return as[i].To < as[j].To })
		return append(as, rules.Action{Kind: "end", Label: "Move no further", Rule: rBreak})
	case "bonus":
		att := s.unit(p.Att)
		var as []rules.Action
		for _, c := range s.meleeTargets(att) {
			n, _ := s.meleeDice(att, c, true)
			as = append(as, rules.Action{Kind: "melee", Unit: att.ID, To: s.num(c),
				Label: fmt.Sprintf("%s attacks %s in %s again", s.name(att), s.name(s.target(att.Side, c)), s.num(c)),
				Rule:  rBreak, Info: plural(n, "die", "dice")})
		}
		return append(as, rules.Action{Kind: "end", Label: "No second melee", Rule: rBreak})
	}
	return nil
}

// --- retreat paths (Retreats; Cavalry Retire and Reform; Leaders) ---

// retreatOptions are the hexes one step toward u's own edge that u may
// retreat into: on the map, passable, holding no unit, and no leader
// unless a friendly one u can take in (u has none attached).
func (s *State) retreatOptions(u *Unit) []hex.Coord {
	return s.rearSteps(u, u.At, s.attached(u) != nil)
}

func (s *State) rearSteps(u *Unit, from hex.Coord, hasLeader bool) []hex.Coord {
	var out []hex.Coord
	for _, d := range s.rearDirs(u.Side) {
		c := from.Neighbor(d)
		if !s.sc.Map.On(c) || !s.passable(u, c) || s.unitAt(c) != nil {
			continue
		}
		if l := s.leaderAt(c); l != nil && (l.Side != u.Side || hasLeader) {
			continue
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return s.num(out[i]) < s.num(out[j]) })
	return out
}

// retireOptions are the hexes two steps toward the cavalry's own edge.
func (s *State) retireOptions(u *Unit) []hex.Coord {
	seen := map[hex.Coord]bool{}
	var out []hex.Coord
	has := s.attached(u) != nil
	for _, a := range s.rearSteps(u, u.At, has) {
		for _, b := range s.rearSteps(u, a, has) {
			if !seen[b] {
				seen[b] = true
				out = append(out, b)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return s.num(out[i]) < s.num(out[j]) })
	return out
}

// leaderRetreatOptions: 1 to 3 steps toward the leader's own edge, through
// no enemy, ending where no other leader and no enemy unit stands.
func (s *State) leaderRetreatOptions(l *Unit) []hex.Coord {
	seen := map[hex.Coord]bool{}
	var out []hex.Coord
	frontier := []hex.Coord{l.At}
	for step := 0; step < 3; step++ {
		var next []hex.Coord
		for _, p := range frontier {
			for _, d := range s.rearDirs(l.Side) {
				c := p.Neighbor(d)
				if seen[c] || !s.sc.Map.On(c) || !s.passable(l, c) {
					continue
				}
				if v := s.unitAt(c); v != nil && v.Side != l.Side {
					continue
				}
				if o := s.leaderAt(c); o != nil && o.Side != l.Side {
					continue
				}
				seen[c] = true
				next = append(next, c)
				if s.leaderAt(c) == nil {
					out = append(out, c)
				}
			}
		}
		frontier = next
	}
	sort.Slice(out, func(i, j int) bool { return s.num(out[i]) < s.num(out[j]) })
	return out
}
