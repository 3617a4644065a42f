package napoleonics

import (
	"fmt"

	"grognard/rules"
	"grognard/rules/hex"
)

// Apply applies a listed action; anything else is refused with the rule it
// breaks and the state is left untouched (the action is checked against
// Legal before anything changes).
func (s *State) Apply(a rules.Action) ([]rules.Event, error) {
	if s.Phase == PhOver {
		return nil, rules.Illegal(rVictory, "the game is over")
	}
	legal, ok := s.FindLegal(a)
	if !ok {
		return nil, s.whyNot(a)
	}
	return s.ApplyLegal(legal)
}

// ApplyLegal applies an action taken from this state's legal list
// (rules.LegalApplier): Apply without the second check.
func (s *State) ApplyLegal(legal rules.Action) ([]rules.Event, error) {
	if s.Phase == PhOver {
		return nil, rules.Illegal(rVictory, "the game is over")
	}
	s.Touch()
	s.own()
	w := &applier{State: s}
	w.apply(legal)
	s.Touch()
	return w.evs, nil
}

// whyNot names the rule an unlisted action breaks.
func (s *State) whyNot(a rules.Action) error {
	st := s.Status()
	switch {
	case st.Decider == rules.Chance && a.Kind != "draw" && a.Kind != "roll":
		return rules.Illegal(st.PhaseRule, "a %s must be resolved first", map[bool]string{true: "draw", false: "roll"}[a.Kind == "draw"])
	case a.Kind == "play" && s.Phase != PhCommand:
		return rules.Illegal(rCommand, "a command card is played only at the start of the turn")
	case a.Kind == "play":
		return rules.Illegal(rCommand, "that card is not in your hand or cannot be played now")
	case a.Kind == "order":
		return rules.Illegal(rOrder, "that unit cannot be ordered under the card played")
	case a.Kind == "move" || a.Kind == "exit":
		return rules.Illegal(rMove, "that move is not allowed")
	case a.Kind == "fire":
		return rules.Illegal(rRanged, "that unit cannot fire at that hex")
	case a.Kind == "melee":
		return rules.Illegal(rMelee, "that unit cannot attack that hex")
	case a.Kind == "retreat":
		return rules.Illegal(rRetreat, "not a retreat hex")
	}
	return rules.Illegal(st.PhaseRule, "%s is not a legal action now", a.Key())
}

// applier carries the events of one Apply.
type applier struct {
	*State
	evs []rules.Event
}

func (w *applier) ev(kind, rule, text string, units ...string) *rules.Event {
	w.evs = append(w.evs, rules.Event{Kind: kind, Rule: rule, Text: text, Side: rules.Side(w.Active), Units: units})
	return &w.evs[len(w.evs)-1]
}

func (w *applier) hexOf(s string) hex.Coord {
	c, _ := w.sc.Map.ParseOn(s)
	return c
}

func (w *applier) apply(a rules.Action) {
	switch w.Phase {
	case PhDeal, PhDraw:
		if a.Kind == "draw" {
			w.drawCard(a.Choice)
		} else {
			w.keep(a.Choice)
		}
	case PhCommand:
		w.play(a)
	case PhOrder:
		if a.Kind == "end" {
			w.Rally = nil
			w.Phase = PhMove
			w.ev("phase", rMove, "Movement phase: "+w.sideName(w.Active)+" moves its ordered units")
			return
		}
		switch a.Kind {
		case "roll":
			w.rallyRoll(a.Dice)
		case "rally":
			w.rallyBlock(w.unit(a.Unit), a.Choice)
		case "supply":
			w.supplyChoose(w.unit(a.Unit))
		case "retreat":
			w.supplyStep(w.hexOf(a.To))
		default:
			w.order(w.unit(a.Unit))
		}
	case PhMove:
		switch a.Kind {
		case "end":
			w.Phase = PhCombat
			w.ev("phase", rCombat, "Combat phase: "+w.sideName(w.Active)+" battles with its ordered units")
		case "exit":
			w.exit(w.unit(a.Unit))
		default:
			u := w.unit(a.Unit)
			d := w.reachTo(u, w.hexOf(a.To))
			w.moveUnit(u, w.hexOf(a.To), d, true)
		}
	case PhCombat:
		if w.Pend == nil {
			if a.Kind == "end" {
				w.startDraw()
				return
			}
			u := w.unit(a.Unit)
			art := ""
			if len(a.Units) > 0 {
				art = a.Units[0]
			}
			w.startCombat(a.Kind, u.ID, u, w.hexOf(a.To), art)
			return
		}
		w.pendApply(a)
	}
}

// --- cards ---

func (w *applier) drawCard(id string) {
	d := w.Draw
	w.Pile[id]--
	if w.Pile[id] == 0 {
		delete(w.Pile, id)
	}
	d.Left--
	head := ""
	if w.Phase == PhDraw {
		head = "Draw phase: "
	}
	e := w.ev("draw", rDraw, head+w.sideName(d.Side)+" draws a card")
	e.Side = rules.Side(d.Side)
	e.Private = fmt.Sprintf("%s%s draws %s", head, w.sideName(d.Side), w.sys.CardByID[id].Name)
	e.Owner = rules.Side(d.Side)
	if w.Phase == PhDeal {
		w.Hands[d.Side] = addCard(w.Hands[d.Side], id)
	} else {
		d.Drawn = append(d.Drawn, id)
	}
	w.settleDraw()
}

// settleDraw reshuffles an empty pile and moves on when the draw is over.
func (w *applier) settleDraw() {
	d := w.Draw
	if w.pileSize() == 0 {
		if len(w.Discard) > 0 {
			w.Pile, w.Discard = w.Discard, map[string]int{}
			w.ev("reshuffle", rReshuffle, "The discards are shuffled into a new draw pile")
		} else if d.Left > 0 {
			d.Left = 0
			w.ev("draw", rReshuffle, "No card is left to draw")
		}
	}
	if d.Left > 0 {
		return
	}
	if w.Phase == PhDeal {
		if d.Side == 0 {
			w.Draw = &Drawing{Side: 1, Left: w.handSize(1)}
			w.settleDraw()
			return
		}
		w.Draw = nil
		w.Phase = PhCommand
		w.Active = 0
		w.ev("phase", rCommand, fmt.Sprintf("Turn %d: %s plays a command card", w.Turn, w.sideName(0)))
		return
	}
	if len(d.Drawn) > 1 {
		return // keep one (Scout)
	}
	if len(d.Drawn) == 1 {
		w.Hands[d.Side] = addCard(w.Hands[d.Side], d.Drawn[0])
	}
	w.endTurn()
}

func (w *applier) keep(id string) {
	d := w.Draw
	rest, _ := removeCard(append([]string(nil), d.Drawn...), id)
	w.Hands[d.Side] = addCard(w.Hands[d.Side], id)
	for _, c := range rest {
		w.Discard[c]++
		w.ev("discard", rScout, fmt.Sprintf("%s keeps one card and discards %s", w.sideName(d.Side), w.sys.CardByID[c].Name))
	}
	d.Drawn = nil
	w.endTurn()
}

func (w *applier) play(a rules.Action) {
	if a.Kind == "pass" {
		w.ev("pass", rDeck, w.sideName(w.Active)+" has no card to play and passes")
		w.Card, w.Eff = "", ""
		w.startDraw()
		return
	}
	id := a.Choice
	w.Hands[w.Active], _ = removeCard(w.Hands[w.Active], id)
	w.Discard[id]++
	w.Card, w.Eff, w.Mirror = id, id, false
	c := w.sys.CardByID[id]
	text := fmt.Sprintf("%s plays %s", w.sideName(w.Active), c.Name)
	if c.Counter {
		o := 1 - w.Active
		w.Eff, w.Mirror = w.Last[o], !w.LastMirror[o]
		text += " as " + w.cardTitle(w.effCard(), w.Mirror)
	}
	w.ev("play", rCommand+"; Command card: "+c.Name, text+": "+c.Text)
	e := w.effCard()
	if e.OrderCommand {
		// Command: the cards held when the card is played, this one
		// included (cards set aside under squares are not held).
		w.OrderCap = len(w.Hands[w.Active]) + 1
	}
	if e.Fallback && !w.hasArm(w.Active, e) {
		w.Fallback = true
		w.ev("play", rDeckCard(e), fmt.Sprintf("%s has no unit %s can order: it orders 1 unit of choice, without its effects", w.sideName(w.Active), e.Name))
	}
	if e.Supply > 0 && !w.Fallback {
		w.startSupply(e.Supply)
	}
	if e.Rally && !w.Fallback {
		// Command card: Rally: as many dice as the cards held, this one
		// included (the same count as order=command).
		w.RallyDice = len(w.Hands[w.Active]) + 1
	}
	w.Phase = PhOrder
}

// hasArm reports whether side has a unit on the board the card may order.
func (s *State) hasArm(side int, e *CardDef) bool {
	for i := range s.Units {
		u := &s.Units[i]
		if onBoard(u) && u.Side == side && !isLeader(u) && s.armMatches(e, u) {
			return true
		}
	}
	return false
}

func (w *applier) startDraw() {
	n := 1
	if e := w.effCard(); e != nil {
		n = e.Draw
	}
	w.Phase = PhDraw
	w.Draw = &Drawing{Side: w.Active, Left: n}
	// No header line: each card drawn writes its own line, which names
	// the phase (one draw, one line).
	w.settleDraw()
}

func (w *applier) endTurn() {
	w.Draw = nil
	w.Last[w.Active], w.LastMirror[w.Active] = w.Eff, w.Mirror
	w.Card, w.Eff, w.Mirror = "", "", false
	w.OrderCap, w.Fallback = 0, false
	w.RallyDice, w.Rally = 0, nil
	w.SupplyLeft, w.Supply = 0, ""
	w.Orders = nil
	w.Ordered, w.Moved, w.Battled = map[string]bool{}, map[string]int{}, map[string]bool{}
	w.Active = 1 - w.Active
	w.Turn++
	if w.Turn > w.sc.TurnCap {
		switch {
		case w.Banners[0] > w.Banners[1]:
			w.gameOver(0, fmt.Sprintf("Turn limit: %s leads on banners %d to %d", w.sideName(0), w.Banners[0], w.Banners[1]), rCap)
		case w.Banners[1] > w.Banners[0]:
			w.gameOver(1, fmt.Sprintf("Turn limit: %s leads on banners %d to %d", w.sideName(1), w.Banners[1], w.Banners[0]), rCap)
		default:
			w.gameOver(int(rules.NoSide), fmt.Sprintf("Turn limit with banners level at %d: a draw", w.Banners[0]), rCap)
		}
		return
	}
	w.Phase = PhCommand
	w.ev("phase", rCommand, fmt.Sprintf("Turn %d: %s plays a command card", w.Turn, w.sideName(w.Active)))
}

// --- order and movement ---

func (w *applier) order(u *Unit) {
	e := w.effCard()
	w.Orders = append(w.Orders, u.ID)
	w.Ordered[u.ID] = true
	names := w.name(u)
	if l := w.attached(u); l != nil && !w.Ordered[l.ID] {
		w.Ordered[l.ID] = true // ordering a unit orders its leader
		names += " with " + w.name(l)
	}
	if isLeader(u) && e.WithUnit {
		if v := w.unitAt(u.At); v != nil && v.Side == u.Side && !w.Ordered[v.ID] {
			w.Ordered[v.ID] = true
			names += " and " + w.name(v)
		}
	}
	w.ev("order", rOrder, fmt.Sprintf("%s orders %s", w.sideName(w.Active), names), u.ID)
	if u.Square {
		w.leaveSquare(u)
		w.Moved[u.ID] = 0 // reforming from square: no move this turn (authored)
		w.ev("square", rSquareOut, w.name(u)+" leaves square; it may battle but not move this turn", u.ID)
	}
}

func (w *applier) leaveSquare(u *Unit) {
	if u.SquareCard != "" {
		w.Hands[u.Side] = addCard(w.Hands[u.Side], u.SquareCard)
	}
	u.Square, u.SquareCard = false, ""
}

// moveUnit moves u to c; its attached leader goes along (ordered and not
// yet moved, or always when pushed by combat).
func (w *applier) moveUnit(u *Unit, c hex.Coord, d int, ordered bool) {
	var l *Unit
	if ordered {
		l = w.leaderGoes(u)
	} else {
		l = w.attached(u)
	}
	from := u.At
	u.At = c
	text := fmt.Sprintf("%s moves %s to %s", w.name(u), w.num(from), w.num(c))
	ids := []string{u.ID}
	if l != nil {
		l.At = c
		text += " with " + w.name(l)
		ids = append(ids, l.ID)
	}
	if ordered {
		w.Moved[u.ID] = d
		if l != nil {
			w.Moved[l.ID] = d
		}
		w.ev("move", rMove, text, ids...)
	}
}

func (w *applier) exit(u *Unit) {
	// An attached leader moving with the unit goes with it as far as the
	// banner hex and stays there: only units leave (Special Rules; Units
	// and Leaders).
	if l := w.leaderGoes(u); l != nil {
		d := w.reachTo(u, w.sc.ExitHex)
		l.At = w.sc.ExitHex
		w.Moved[l.ID] = d
		w.ev("move", rMove, fmt.Sprintf("%s goes with %s to the banner hex %s and stays there", w.name(l), w.name(u), w.num(w.sc.ExitHex)), l.ID)
	}
	u.Gone = "exited"
	w.Moved[u.ID] = 1
	w.ev("exit", rExit, fmt.Sprintf("%s leaves the board by the road to safety", w.name(u)), u.ID)
	w.banner(u.Side, w.name(u)+" escaped", rExit)
}

// --- banners and the end ---

func (w *applier) banner(side int, why, rule string) {
	w.Banners[side]++
	w.ev("banner", rVictory+"; "+rule, fmt.Sprintf("%s gains a banner (%s): %d of %d", w.sideName(side), why, w.Banners[side], w.sc.Banners))
	if w.Banners[side] >= w.sc.Banners && w.Phase != PhOver {
		w.gameOver(side, fmt.Sprintf("%s wins with %d banners", w.sideName(side), w.Banners[side]), rVictory)
	}
}

func (w *applier) gameOver(winner int, reason, rule string) {
	w.Phase = PhOver
	w.Pend, w.Draw = nil, nil
	w.Winner = winner
	w.Reason = reason + " [" + rule + "]"
	e := w.ev("victory", rule, reason)
	e.Side = rules.Side(winner)
}

// eliminate removes a unit or leader; the enemy gains a banner.
func (w *applier) eliminate(u *Unit, rule string) {
	u.Gone = "eliminated"
	if !isLeader(u) {
		w.Lost[u.Side]++
		w.leaveSquare(u)
	}
	w.ev("eliminated", rule, w.name(u)+" is eliminated", u.ID)
	w.banner(1-u.Side, w.name(u)+" eliminated", rule)
}
