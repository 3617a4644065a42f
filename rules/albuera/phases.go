package albuera

import (
	"fmt"
	"math"
	"strconv"

	"grognard/rules"
)

// The sequence of play [3.3]: one phase table.
const (
	phPool     = "pool"
	phDraw     = "draw"
	phActivate = "activate"
	phMove     = "move"
	phCmd      = "cmdmove"
	phClash    = "clash"
	phCheck    = "poolcheck"
	phAdmin    = "admin"
	phOver     = "over"
)

// Phases is the turn sequence [3.3]. Branches off the default Next are in
// branch below: a failed coordination roll goes back to the draw [4.5.2.1],
// a division commander without a brigade in range skips 2.2 and 2.4
// [4.5.3], an empty pool ends Phase 2, and Phase 3 ends the game after turn
// 16 or on automatic victory [3.2], [16.4].
var Phases = rules.MustMachine(
	rules.Phase{ID: phPool, Name: "Phase 1: Activation Pool", Rule: "3.3", Next: phDraw},
	rules.Phase{ID: phDraw, Name: "Phase 2: draw a chit", Rule: "3.3", Next: phActivate},
	rules.Phase{ID: phActivate, Name: "2.1 Commander activation", Rule: "4.4", Next: phMove},
	rules.Phase{ID: phMove, Name: "2.2 Movement, fire, charges, counterattacks", Rule: "12", Next: phCmd},
	rules.Phase{ID: phCmd, Name: "2.3 Movement of the activated commander", Rule: "3.3", Next: phClash},
	rules.Phase{ID: phClash, Name: "2.4 Clash", Rule: "15", Next: phCheck},
	rules.Phase{ID: phCheck, Name: "2.5 Pool check", Rule: "3.3", Next: phDraw},
	rules.Phase{ID: phAdmin, Name: "Phase 3: Administration", Rule: "3.3", Next: phPool},
	rules.Phase{ID: phOver, Name: "Game over", Rule: "16.3"},
)

// branch returns the phase after the current one.
func (s *State) branch() string {
	switch s.Phase {
	case phActivate:
		if s.Skip == "all" {
			return phCheck // [4.5.2.1]: 2.2-2.4 skipped
		}
		if s.Skip == "nomove" {
			return phCmd // [4.5.3]
		}
	case phCmd:
		if s.Skip == "nomove" {
			return phCheck // [4.5.3]: no 2.4
		}
	case phCheck:
		if len(s.Pool) == 0 {
			return phAdmin
		}
	case phAdmin:
		if s.Over {
			return phOver
		}
	}
	n, _ := Phases.Next(s.Phase)
	return n.ID
}

func (s *State) enter(ph string) {
	s.Phase = ph
	switch ph {
	case phPool:
		s.buildPool()
	case phMove:
		s.startMove()
	case phCmd:
		for _, id := range s.Movers {
			if i := s.idx(id); i >= 0 {
				s.U[i].Moved = 0
			}
		}
	case phClash:
		for i := range s.U {
			s.U[i].Clashed = false
		}
	case phAdmin:
		s.admin()
	}
}

// auto takes every step that needs no decision.
func (s *State) auto() error {
	return rules.RunAuto(func() (bool, error) {
		s.pre = nil // set again by a step that leaves the state as it is
		if s.Over {
			if s.Phase != phOver {
				s.Phase = phOver
				return true, nil
			}
			return false, nil
		}
		if len(s.Tasks) > 0 {
			return s.autoTask(), nil
		}
		switch s.Phase {
		case phPool, phCheck, phAdmin:
			s.enter(s.branch())
			return true, nil
		case phDraw:
			if len(s.Pool) == 0 {
				s.enter(phAdmin)
				return true, nil
			}
			return false, nil
		case phActivate:
			s.enter(s.branch())
			return true, nil
		case phMove:
			return s.autoMove(), nil
		case phCmd:
			done := s.indexed()
			cm := s.cmdMoves()
			n := len(cm)
			done()
			if n > 0 { // the state stays: Legal reuses the list (speed)
				s.setPre(preLegal{cmd: cm, hasCmd: true})
			} else {
				s.recycle(cm)
			}
			if n == 0 {
				s.enter(s.branch())
				return true, nil
			}
			return false, nil
		case phClash:
			done := s.indexed()
			n := len(s.clashGroups())
			done()
			if n == 0 {
				s.endActivation()
				s.enter(s.branch())
				return true, nil
			}
			return false, nil
		}
		return false, nil
	})
}

// decider is who decides now.
func (s *State) decider() rules.Side {
	if s.Over {
		return rules.NoSide
	}
	if len(s.Tasks) > 0 {
		if s.Tasks[0].Side < 0 {
			return rules.Chance
		}
		return rules.Side(s.Tasks[0].Side)
	}
	switch s.Phase {
	case phDraw:
		return rules.Chance
	case phMove:
		if s.Window == "opp" {
			return rules.Side(1 - s.Side)
		}
		return rules.Side(s.Side)
	case phCmd, phClash:
		return rules.Side(s.Side)
	}
	return rules.NoSide
}

// Status tells the HUD where the game stands and who decides.
func (s *State) Status() rules.Status {
	p := Phases.Get(s.Phase)
	st := rules.Status{Turn: s.Turn, Turns: s.sc.fast.turns, Phase: p.Name, PhaseRule: p.Rule,
		Active: rules.Side(s.Side), Decider: s.decider()}
	if s.Phase == phPool || s.Phase == phDraw || s.Phase == phAdmin {
		st.Active = rules.Side(French)
	}
	st.SubPhase, st.Prompt = s.prompt()
	return st
}

func (s *State) prompt() (string, string) {
	if s.Over {
		return "", "The battle is over: " + s.Reason
	}
	if len(s.Tasks) > 0 {
		return s.taskPrompt(s.Tasks[0])
	}
	who := func(side int) string { return sideNames[side] }
	switch s.Phase {
	case phDraw: // texts by concatenation, not fmt (speed: the same texts)
		return "", "A chit is drawn blind from the Activation Pool (" + strconv.Itoa(len(s.Pool)) + " left) [3.3]"
	case phMove:
		if s.Window == "opp" {
			return "Fire window [14.5]", who(1-s.Side) + " decides: fire first or pass [14.5]"
		}
		if s.Motion >= 0 {
			return "Unit in motion [12.13]", who(s.Side) + " decides: go on with " + s.name(s.Motion) + " or finish it [12.13]"
		}
		return "Movement [12]", who(s.Side) + " decides: move or fire with the units of " + s.actingWords() + ", or end movement [14.5]"
	case phCmd:
		return "", who(s.Side) + " decides: move the activated commanders (9 hexes) [12.8]"
	case phClash:
		return "", who(s.Side) + " decides: choose the next Clash [15.4]"
	}
	return "", ""
}

func (s *State) chitName() string {
	if i := s.idx(s.Chit); i >= 0 {
		return s.name(i)
	}
	return "the activated commander"
}

// Legal lists every action of the decider.
func (s *State) Legal() []rules.Action {
	if s.cache != nil && s.cache.ver == s.ver {
		return s.cache.legal
	}
	defer s.indexed()()
	var out []rules.Action
	switch {
	case s.Over:
	case len(s.Tasks) > 0:
		out = s.taskLegal(s.Tasks[0])
	case s.Phase == phDraw:
		ch := s.Chances()
		if len(ch) > 0 {
			out = s.newList(len(ch))
		}
		for _, o := range ch {
			out = append(out, o.Action)
		}
	case s.Phase == phMove:
		out = s.moveLegal()
	case s.Phase == phCmd:
		if pre := s.takePre(); pre.hasCmd {
			out = pre.cmd
		} else {
			out = s.cmdMoves()
		}
		out = append(out, rules.Action{Kind: "end", Label: "End commander movement", Rule: "3.3"})
	case s.Phase == phClash:
		out = s.clashLegal()
	}
	s.cacheBuf = legalCache{ver: s.ver, legal: out}
	s.cache = &s.cacheBuf // the state's own (copyTo, rollback and restore drop it)
	return out
}

// Chances lists the outcomes of the pending chance point.
func (s *State) Chances() []rules.Outcome {
	if s.decider() != rules.Chance {
		return nil
	}
	if len(s.Tasks) > 0 {
		return s.sc.dieOutcomes(s.Tasks[0])
	}
	var out []rules.Outcome
	if len(s.Pool) > 0 {
		out = make([]rules.Outcome, 0, len(s.Pool))
	}
	for _, c := range s.Pool {
		lab := "Draw ?"
		if i := s.idx(c); i >= 0 && i < len(s.sc.fast.drawLabel) {
			lab = s.sc.fast.drawLabel[i] // "Draw " + its name
		}
		out = append(out, rules.Outcome{Weight: 1, Action: rules.Action{Kind: "draw", Choice: c,
			Label: lab, Rule: "3.3"}})
	}
	return out
}

// dieOutcomes are the ten faces of a task's die roll, made once per
// scenario and rule and shared (speed, issue #20; like Venta's, the list
// Chances returns is read-only, its capacity cut).
func (sc *Scenario) dieOutcomes(t Task) []rules.Outcome {
	rule := firstRule(t.Rule, "2.2")
	if o, ok := sc.dieOuts.Load(rule); ok {
		return o.([]rules.Outcome)
	}
	out := makeDieOutcomes(rule)
	o, _ := sc.dieOuts.LoadOrStore(rule, out)
	return o.([]rules.Outcome)
}

func makeDieOutcomes(rule string) []rules.Outcome {
	out := make([]rules.Outcome, 10)
	dice := [10]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	ds := dice[:] // one array for the ten outcomes' Dice
	for d := 0; d < 10; d++ {
		out[d] = rules.Outcome{Weight: 1, Action: rules.Action{Kind: "roll", Dice: ds[d : d+1 : d+1],
			Label: dieLabels[d], Rule: rule}}
	}
	return out[:10:10]
}

var dieLabels = [10]string{"Die 0", "Die 1", "Die 2", "Die 3", "Die 4", "Die 5", "Die 6", "Die 7", "Die 8", "Die 9"}

func firstRule(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Apply applies a listed action; anything else is refused and changes nothing.
// It applies in place; an internal error (a rules bug: every refusal of a
// listed action comes before any change) puts the state back as it was:
// from a copy kept every ckptEvery actions and the actions applied since
// (rollback), instead of a copy of the whole state before every action.
func (s *State) Apply(a rules.Action) (evs []rules.Event, err error) {
	if s.Over {
		return nil, rules.Illegal("3.2", "the game is over")
	}
	l, ok := s.findLegal(a)
	if !ok {
		return nil, rules.Illegal(s.ruleNow(), "%s is not a legal action now", a.Key())
	}
	return s.applyListed(l)
}

// FindLegal finds a in the legal list by its identity (rules.Finder).
func (s *State) FindLegal(a rules.Action) (rules.Action, bool) {
	if s.Over {
		return rules.Action{}, false
	}
	return s.findLegal(a)
}

// ApplyLegal applies an action the caller has just taken from this
// state's legal list (or its chance outcomes) without looking it up again
// (rules.LegalApplier).
func (s *State) ApplyLegal(a rules.Action) ([]rules.Event, error) {
	if s.Over {
		return nil, rules.Illegal("3.2", "the game is over")
	}
	return s.applyListed(a)
}

// applyListed applies l, a listed action.
func (s *State) applyListed(l rules.Action) (evs []rules.Event, err error) {
	var sharedU []Unit // units shared with a clone: no one writes them any more
	if s.uShared {
		sharedU = s.U
	}
	s.own()
	s.checkpoint(sharedU)
	ver0 := s.ver
	s.busy = true
	s.forgetLegal() // held intact through this Apply (listbuf.go)
	s.views, s.evs = nil, nil
	defer func() {
		if r := recover(); r != nil {
			s.rollback(ver0)
			evs, err = nil, fmt.Errorf("albuera: internal error applying %s: %v", l.Key(), r)
		}
	}()
	if err := s.apply(l); err != nil {
		s.rollback(ver0)
		return nil, err
	}
	if !s.replaying {
		if err := applyFault(s); err != nil {
			s.rollback(ver0)
			return nil, err
		}
	}
	if err := s.auto(); err != nil {
		s.rollback(ver0)
		return nil, err
	}
	s.ckLog = append(s.ckLog, l)
	evs = s.evs
	s.evs = nil
	s.busy = false
	s.ver++
	s.ckVer = s.ver
	if s.ix != nil && s.ix.markVer == ver0 { // the marks go on covering every change
		s.ix.markVer = s.ver
	}
	if s.pre != nil {
		s.pre.ok, s.pre.ver = true, s.ver
		if s.ix != nil && s.ix.built { // the last step read the final state through the index
			s.ix.ver, s.ix.valid = s.ver, true
		}
	}
	s.cache = nil
	return evs, nil
}

// preLegal holds lists the last automatic step made for the state it left
// as it was, for Legal to reuse (speed); ok once Apply has finished.
type preLegal struct {
	ok                           bool
	ver                          int
	opp, ua, fo, cmd             []rules.Action
	hasOpp, hasUA, hasFO, hasCmd bool
}

// takePre returns the lists kept for this version and drops them (the
// zero value if none).
func (s *State) takePre() preLegal {
	p := s.pre
	s.pre = nil
	if p == nil || !p.ok || p.ver != s.ver || s.busy {
		return preLegal{}
	}
	return *p
}

// findLegal finds a in the legal list by its identity fields (the same as
// comparing keys, without building them); an action matched by key only
// (odd ids) is still found by the keys.
func (s *State) findLegal(a rules.Action) (rules.Action, bool) {
	l := s.Legal()
	for k := range l {
		if sameAction(&l[k], &a) {
			return l[k], true
		}
	}
	key := a.Key()
	n := keyLen(&a)
	for k := range l {
		if keyLen(&l[k]) == n && l[k].Key() == key { // speed: a key built only where its length is right
			return l[k], true
		}
	}
	return rules.Action{}, false
}

// keyLen is len(a.Key()) without building the key (rules.Action.Key;
// TestKeyLenIsTheKeysLength).
func keyLen(a *rules.Action) int {
	n := len(a.Kind)
	if a.Unit != "" {
		n += 3 + len(a.Unit)
	}
	if len(a.Units) > 0 {
		n += 4 + len(a.Units) - 1
		for _, u := range a.Units {
			n += len(u)
		}
	}
	if a.From != "" {
		n += 6 + len(a.From)
	}
	if a.To != "" {
		n += 4 + len(a.To)
	}
	if a.Facing != 0 {
		n += 3 + intLen(a.Facing)
	}
	if a.Choice != "" {
		n += 3 + len(a.Choice)
	}
	if len(a.Dice) > 0 {
		n += 3 + len(a.Dice) - 1
		for _, d := range a.Dice {
			n += intLen(d)
		}
	}
	return n
}

// intLen is len(strconv.Itoa(x)).
func intLen(x int) int {
	n := 1
	if x < 0 {
		n++
		if x == math.MinInt {
			return len(strconv.Itoa(x))
		}
		x = -x
	}
	for x >= 10 {
		x /= 10
		n++
	}
	return n
}

func sameAction(a, b *rules.Action) bool {
	if a.Kind != b.Kind || a.Unit != b.Unit || a.From != b.From || a.To != b.To || a.Facing != b.Facing ||
		a.Choice != b.Choice || len(a.Units) != len(b.Units) || len(a.Dice) != len(b.Dice) {
		return false
	}
	for k := range a.Units {
		if a.Units[k] != b.Units[k] {
			return false
		}
	}
	for k := range a.Dice {
		if a.Dice[k] != b.Dice[k] {
			return false
		}
	}
	return true
}

func (s *State) ruleNow() string {
	if len(s.Tasks) > 0 && s.Tasks[0].Rule != "" {
		return s.Tasks[0].Rule
	}
	return Phases.Get(s.Phase).Rule
}

func (s *State) apply(a rules.Action) error {
	if len(s.Tasks) > 0 {
		return s.taskApply(a)
	}
	switch s.Phase {
	case phDraw:
		return s.drawChit(a.Choice)
	case phMove:
		return s.moveApply(a)
	case phCmd:
		if a.Kind == "end" {
			s.enter(s.branch())
			return nil
		}
		return s.cmdMoveApply(a)
	case phClash:
		return s.clashApply(a)
	}
	return rules.Illegal(s.ruleNow(), "nothing to do in %s", s.Phase)
}

// ev logs an event.
func (s *State) ev(rule string, side int, text string, dice []int, mods []string) {
	s.evs = append(s.evs, rules.Event{Kind: "log", Text: text, Rule: rule, Side: rules.Side(side), Dice: dice, Mods: mods})
}

// ---- Phase 1, 2.5, 3 ----------------------------------------------------------------

// buildPool puts the turn's chits in the Activation Pool [3.3] (scenario).
func (s *State) buildPool() {
	s.Pool, s.Aside, s.Out = nil, nil, nil
	p := s.sc.Pool[s.Turn]
	for si := 0; si < 2; si++ {
		for _, c := range p[si] {
			if i := s.idx(c); i >= 0 && s.U[i].Where == OnMap {
				s.Pool = append(s.Pool, c)
			}
		}
	}
	s.ev("3.3", -1, fmt.Sprintf("Turn %d: the Activation Pool holds %d chits", s.Turn, len(s.Pool)), nil, nil)
}

// admin is Phase 3 [3.3]: FIRE markers off [14.9.11], commanders face up,
// artillery with technical issues face up [10.7], the rout track, and
// automatic victory [16.4].
func (s *State) admin() {
	for i := range s.U {
		u := &s.U[i]
		u.Fires, u.Activated, u.Wounded, u.Tech, u.ArtFired = 0, false, false, false, false
		if s.kind(i) == KComp && u.Where != OnMap {
			u.Detached = false
		}
		if u.Where == Routed && u.Box <= s.Turn {
			u.Box = s.Turn + 1 // [15.11.3]
			if u.Box > s.sc.P("turns") {
				s.moved(i)
				u.Where = Gone // [15.11.5]
				s.ev("15.11.5", s.side(i), s.name(i)+" would return after the last turn: removed", nil, nil)
			}
		}
	}
	for i := range s.Used {
		s.Used[i] = false
		s.Lead[i] = false
	}
	s.checkCommanders()
	fv, av, on := s.autoWin()
	switch {
	case on && s.VP >= fv:
		s.end(French, fmt.Sprintf("French automatic victory: %d VP [16.4]", s.VP))
	case on && -s.VP >= av:
		s.end(Allied, fmt.Sprintf("Allied automatic victory: %d VP [16.4]", -s.VP))
	case s.Turn >= s.sc.P("turns"):
		if s.VP > 0 {
			s.end(French, fmt.Sprintf("French victory on points after turn %d: %d VP [16.3]", s.Turn, s.VP))
		} else {
			s.end(Allied, fmt.Sprintf("Allied victory after turn %d: %s [16.3]", s.Turn, s.vpText()))
		}
	default:
		s.Turn++
	}
}

// autoWin gives the leads that win at once in Phase 3 [16.4]: the book's
// (params vp_french, vp_allied) or the values the players agreed before the
// game (an option naming a row of table autowin); on false: none.
func (s *State) autoWin() (french, allied int, on bool) {
	if s.AutoWin != "" {
		if r, ok := s.sc.AutoWin[s.AutoWin]; ok {
			return r[0], r[1], r[0] > 0
		}
	}
	return s.sc.P("vp_french"), s.sc.P("vp_allied"), true
}

// autoWinText is the HUD's reminder of the automatic-victory leads [16.4].
func (s *State) autoWinText() string {
	f, a, on := s.autoWin()
	if !on {
		return "no automatic victory (agreed) [16.4]"
	}
	return fmt.Sprintf("auto-win: French %d, Allied %d [16.4]", f, a)
}

func (s *State) end(w int, reason string) {
	s.Over, s.Winner, s.Reason = true, w, reason
	s.ev("16.3", w, reason, nil, nil)
}

func (s *State) vpText() string {
	switch {
	case s.VP > 0:
		return fmt.Sprintf("French %d VP", s.VP)
	case s.VP < 0:
		return fmt.Sprintf("Allied %d VP", -s.VP)
	}
	return "0 VP: marker off the track, Allied"
}

// addVP gives n victory points to side [16.1].
func (s *State) addVP(side, n int, why, rule string) {
	if side == French {
		s.VP += n
	} else {
		s.VP -= n
	}
	s.ev(rule, side, fmt.Sprintf("%s gains %d VP: %s (%s)", sideNames[side], n, why, s.vpText()), nil, nil)
}
