package marshals

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"grognard/rules"
)

// Phase ids of the turn [2.0] [SEQ].
const (
	PhSetup      = "setup"
	PhCinC       = "cinc"
	PhInitiative = "initiative"
	PhEvents     = "events"
	PhOperations = "operations"
	PhAdmin      = "admin"
)

// machine is the sequence of play [2.0]: one table, one place.
var machine = rules.MustMachine(
	rules.Phase{ID: PhSetup, Name: "Set-up", Rule: "CR3", Next: PhCinC},
	rules.Phase{ID: PhCinC, Name: "Allied commander in chief", Rule: "CR6", Next: PhInitiative},
	rules.Phase{ID: PhInitiative, Name: "A - Initiative", Rule: "3.0", Next: PhEvents},
	rules.Phase{ID: PhEvents, Name: "B - Events", Rule: "4.0", Next: PhOperations},
	rules.Phase{ID: PhOperations, Name: "C - Operations", Rule: "5.0", Next: PhAdmin},
	rules.Phase{ID: PhAdmin, Name: "D - Administrative", Rule: "6.0", Next: PhCinC},
)

// Sub-steps and who decides them.
const (
	SubDecoy    = "decoy"    // setup: place a starting decoy [7.5]
	SubChoose   = "choose"   // cinc: the Allied choice [CR6]
	SubRoll     = "roll"     // a single chance point of the phase
	SubWindow   = "window"   // initiative event window [EV Initiative]
	SubBefore   = "before"   // events: before-draw plays [4.0]
	SubDraw     = "draw"     // events: the draw [4.0]
	SubDrawn    = "drawn"    // events: keep, play or return [4.0]
	SubFoy      = "foy"      // events: the secret entry letters [EV Foy]
	SubRolls    = "rolls"    // a queue of d6 (admin, Non ravitaillé)
	SubOp       = "op"       // operations: choose the operation [5.0]
	SubCompose  = "compose"  // form the stack [5.1]
	SubCommand  = "command"  // the command test die [5.2]
	SubMove     = "move"     // a step of the move [5.3]
	SubAxis     = "axis"     // the opponent places its Retraite marker [5.3.1]
	SubFatigue  = "fatigue"  // draw a fatigue marker [5.3.2]
	SubReturn   = "return"   // return the marker just drawn [5.3.2]
	SubForced   = "forced"   // forced passage or stop [5.3.3]
	SubContinue = "continue" // go on after a won forced passage [5.3.3]
	SubFlee     = "flee"     // a lone commander flees [7.1]
	SubDeclare  = "declare"  // combat: the attacking stack [5.4]
	SubHead     = "head"     // combat: head units [5.4.3]
	SubCPEv     = "cpev"     // combat: CP events [EV Elan] [EV Feu] [EV Mitraille]
	SubFire     = "fire"     // combat: artillery fire [5.4.3]
	SubCP       = "cp"       // combat: the CP dice [5.4.3]
	SubLoss     = "loss"     // combat: allot a loss [5.4.3]
	SubRetreat  = "retreat"  // combat: next zone of retreat [5.4.4]
	SubDemoral  = "demoral"  // combat: demoralisation die [5.4.5]
	SubPursuit  = "pursuit"  // combat: pursuit dice [5.4.6]
	SubOrage    = "orage"    // the storm die after an operation [EV Orage]
	SubCB       = "cb"       // combat: Contre-batterie window [EV Contre-batterie]
	SubCI       = "ci"       // combat: Charge incontrôlée window [EV Charge incontrôlée]
	SubAG       = "ag"       // combat: Arrière-garde window [EV Arrière-garde]
	SubMort     = "mort"     // combat: Mort au combat window [EV Mort au combat]
	SubMortRoll = "mortroll" // combat: the Mort au combat dice
	SubPre      = "pre"      // combat: withdrawal and pre-melee events [5.4.1]
	SubWithdraw = "withdraw" // combat: the withdrawal's command test [5.4.1]
	SubFatEv    = "fatev"    // the extra fatigue marker of [EV Fatigue]
	SubRAxis    = "raxis"    // Retraite markers of reinforcements among the enemy [5.3.6]
)

// decider says who decides now.
func (s *State) decider() rules.Side {
	if s.Over {
		return rules.NoSide
	}
	switch s.Sub {
	case SubRoll, SubDraw, SubRolls, SubCommand, SubFatigue, SubFire, SubCP, SubDemoral, SubPursuit, SubOrage, SubMortRoll, SubWithdraw, SubFatEv:
		return rules.Chance
	case SubDecoy:
		return rules.Side(s.Placing)
	case SubChoose:
		return rules.Side(Allied)
	case SubFoy:
		return rules.Side(French)
	case SubWindow, SubBefore, SubDrawn, SubFlee:
		return rules.Side(s.Cur)
	case SubOp, SubCompose, SubDeclare:
		return rules.Side(s.Act)
	case SubMove, SubReturn, SubForced, SubContinue:
		if s.Move != nil {
			return rules.Side(s.Move.Side)
		}
	case SubAxis:
		if s.Move != nil {
			return rules.Side(1 - s.Move.Side)
		}
	case SubRAxis:
		if s.RAxis != nil {
			return rules.Side(s.RAxis.Who)
		}
	case SubHead, SubCPEv, SubLoss, SubCB, SubCI, SubAG, SubMort, SubPre:
		if s.Combat != nil {
			return rules.Side(s.Combat.Turn)
		}
	case SubRetreat:
		if s.Combat != nil && s.Combat.Winner >= 0 {
			return rules.Side(1 - s.Combat.Winner)
		}
	}
	return rules.NoSide
}

// Status is where the game stands; its texts are public.
func (s *State) Status() rules.Status {
	p := machine.Get(s.Phase)
	st := rules.Status{Turn: s.Turn, Turns: s.sc.Turns, Phase: p.Name, PhaseRule: p.Rule, SubPhase: subNames[s.Sub],
		Active: rules.Side(s.Act), Decider: s.decider()}
	if s.Phase == PhEvents || s.Phase == PhInitiative {
		st.Active = rules.Side(s.Cur)
	}
	if st.Decider >= 0 {
		if int(st.Decider) < len(sideNames) {
			st.Prompt = subPrompt(int(st.Decider), s.Sub) // sideNames[decider] + ": " + subNames[s.Sub]
		} else {
			st.Prompt = sideNames[st.Decider] + ": " + subNames[s.Sub]
		}
		if s.Sub == SubDecoy {
			left := s.decoysLeft(s.Placing)
			st.Prompt = fmt.Sprintf("%s: place a starting decoy in a lit zone [7.5]: %d of %d placed (%d left)", sideNames[st.Decider], s.decoysPlaced(s.Placing), s.decoysPlaced(s.Placing)+left, left)
		}
	}
	return st
}

// subPrompts holds sideNames[side] + ": " + subNames[sub], made once
// (Status is read after every action: speed).
var subPrompts = sync.OnceValue(func() map[string][2]string {
	m := map[string][2]string{}
	for sub, name := range subNames {
		m[sub] = [2]string{sideNames[0] + ": " + name, sideNames[1] + ": " + name}
	}
	return m
})

func subPrompt(side int, sub string) string {
	if p, ok := subPrompts()[sub]; ok {
		return p[side]
	}
	return sideNames[side] + ": " + subNames[sub]
}

var subNames = map[string]string{
	SubDecoy: "place a starting decoy [7.5]", SubChoose: "choose the commander in chief [CR6]",
	SubRoll: "die roll", SubWindow: "play Initiative? [EV Initiative]", SubBefore: "before the draw [4.0]",
	SubDraw: "event draw [4.0]", SubDrawn: "the event drawn [4.0]", SubFoy: "reinforcement entries [EV Foy]",
	SubRolls: "die rolls", SubOp: "choose an operation [5.0]", SubCompose: "form the stack [5.1]",
	SubCommand: "command test [5.2]", SubMove: "move the stack [5.3]", SubAxis: "place the Retraite marker [5.3.1]", SubRAxis: "place the Retraite marker (reinforcements) [5.3.6]",
	SubFatigue: "fatigue draw [5.3.2]", SubReturn: "return a fatigue marker? [5.3.2]", SubForced: "forced passage? [5.3.3]",
	SubContinue: "continue the move? [5.3.3]", SubFlee: "a lone commander flees [7.1]", SubDeclare: "attacking stack [5.4]",
	SubHead: "head unit [5.4.3]", SubCPEv: "combat events [4.0]", SubFire: "artillery fire [5.4.3]",
	SubCP: "combat dice [5.4.3]", SubLoss: "allot a loss [5.4.3]", SubRetreat: "retreat [5.4.4]",
	SubDemoral: "demoralisation test [5.4.5]", SubPursuit: "pursuit [5.4.6]", SubOrage: "storm die [EV Orage]",
	SubCB: "counter-battery? [EV Contre-batterie]", SubCI: "uncontrolled charge? [EV Charge incontrôlée]",
	SubAG: "rearguard? [EV Arrière-garde]", SubMort: "death in combat? [EV Mort au combat]", SubMortRoll: "Mort au combat dice",
	SubFatEv: "extra fatigue marker [EV Fatigue]", SubPre: "before the melee [5.4.1]", SubWithdraw: "cavalry withdrawal test [5.4.1]",
}

// Legal lists every action the decider may take now.
func (s *State) Legal() []rules.Action {
	s.trustPos()
	defer s.untrustPos()
	l := s.legal()
	s.legalMemo = l
	s.ixFresh = true
	return l
}

// legal is Legal without keeping the list.
func (s *State) legal() []rules.Action {
	if s.Over {
		return nil
	}
	if s.decider() == rules.Chance {
		outs := s.chances()
		as := make([]rules.Action, len(outs))
		for i, o := range outs {
			as[i] = o.Action
		}
		return as
	}
	switch s.Sub {
	case SubDecoy:
		return s.legalDecoy()
	case SubChoose:
		return s.legalCinC()
	case SubWindow:
		return s.legalWindow()
	case SubBefore:
		return s.legalBefore()
	case SubDrawn:
		return s.legalDrawn()
	case SubFoy:
		return s.legalFoy()
	case SubOp:
		return s.legalOp()
	case SubCompose:
		return s.legalCompose()
	case SubMove:
		return s.legalMove()
	case SubAxis:
		return s.legalAxis()
	case SubRAxis:
		return s.legalRAxis()
	case SubReturn:
		return []rules.Action{
			{Kind: "choose", Choice: "keep", Label: "Keep the fatigue marker", Rule: "5.3.2", Info: s.returnInfo(false)},
			{Kind: "choose", Choice: "return", Label: "Return the fatigue marker to the container", Rule: "5.3.2", Info: s.returnInfo(true)}}
	case SubForced:
		return []rules.Action{
			{Kind: "choose", Choice: "force", Label: "Forced passage: fight now at -2 CP", Rule: "5.3.3"},
			{Kind: "end", Choice: "stop", Label: "Stop here", Rule: "5.3"}}
	case SubContinue:
		return []rules.Action{
			{Kind: "choose", Choice: "continue", Label: "Continue the move (one more fatigue marker)", Rule: "5.3.3"},
			{Kind: "end", Choice: "stop", Label: "Stop here", Rule: "5.3.3"}}
	case SubFlee:
		return s.legalFlee()
	case SubDeclare:
		return s.legalDeclare()
	case SubHead:
		return s.legalHead()
	case SubCPEv:
		return s.legalCPEv()
	case SubLoss:
		return s.legalLoss()
	case SubRetreat:
		return s.legalRetreat()
	case SubCB, SubCI, SubAG, SubMort:
		return s.legalCombatWindow()
	case SubPre:
		return s.legalPre()
	}
	return nil
}

// chances lists the outcomes of the current chance point with exact weights.
func (s *State) chances() []rules.Outcome {
	switch s.Sub {
	case SubRoll:
		if s.Phase == PhInitiative {
			return dicePairs("Initiative dice ", "3.0")
		}
		return d6("CR6")
	case SubRolls:
		return d6(rollRule(s.Rolls))
	case SubCommand:
		return d6("5.2")
	case SubDemoral:
		return d6("5.4.5")
	case SubWithdraw:
		return d6("5.4.1")
	case SubOrage:
		return d6("EV Orage")
	case SubDraw:
		return s.drawChances()
	case SubFatigue, SubFatEv:
		return s.fatigueChances()
	case SubFire:
		return s.fireChances()
	case SubCP:
		return dicePairs("Combat dice ", "5.4.3")
	case SubMortRoll:
		return dicePairs("Dice ", "EV Mort au combat")
	case SubPursuit:
		return slices.Clone(pursuitOutcomes)
	}
	return nil
}

// pursuitOutcomes is the 216 outcomes of the pursuit dice [5.4.6], made
// once (Chances hands out a copy; the dice slices are shared, as they were
// within one list).
var pursuitOutcomes = func() []rules.Outcome {
	out := make([]rules.Outcome, 0, 216)
	dice := make([]int, 3*216)
	for w := 1; w <= 6; w++ {
		for l1 := 1; l1 <= 6; l1++ {
			for l2 := 1; l2 <= 6; l2++ {
				k := 3 * len(out)
				d := dice[k : k+3 : k+3]
				d[0], d[1], d[2] = w, l1, l2
				out = append(out, rules.Outcome{Action: rules.Action{Kind: "roll", Dice: d, Label: "Pursuit dice " + digit[w] + " / " + digit[l1] + "+" + digit[l2], Rule: "5.4.6"}, Weight: 1})
			}
		}
	}
	return out
}()

// digit is the text of a die face.
var digit = [7]string{"0", "1", "2", "3", "4", "5", "6"}

// dicePairs is the 36 outcomes of two dice, labelled prefix+"a-b": a
// copy of the list made once per prefix and rule (the dice slices shared).
func dicePairs(prefix, rule string) []rules.Outcome {
	if l, ok := dicePairLists[prefix+"|"+rule]; ok {
		return slices.Clone(l)
	}
	return makeDicePairs(prefix, rule)
}

// dicePairLists and d6Lists are the lists of every prefix and rule the
// package asks for, made once (read only).
var dicePairLists = func() map[string][]rules.Outcome {
	m := map[string][]rules.Outcome{}
	for _, pr := range [][2]string{{"Initiative dice ", "3.0"}, {"Combat dice ", "5.4.3"}, {"Dice ", "EV Mort au combat"}} {
		m[pr[0]+"|"+pr[1]] = makeDicePairs(pr[0], pr[1])
	}
	return m
}()

var d6Lists = func() map[string][]rules.Outcome {
	m := map[string][]rules.Outcome{}
	for _, r := range []string{"CR6", "5.2", "5.4.5", "5.4.1", "EV Orage", "7.9", "7.8", "EV Non ravitaillé", "EV Génie", "6.0"} {
		m[r] = makeD6(r)
	}
	return m
}()

func makeDicePairs(prefix, rule string) []rules.Outcome {
	out := make([]rules.Outcome, 0, 36)
	dice := make([]int, 72)
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			k := 2 * len(out)
			d := dice[k : k+2 : k+2]
			d[0], d[1] = a, b
			out = append(out, rules.Outcome{Action: rules.Action{Kind: "roll", Dice: d, Label: prefix + digit[a] + "-" + digit[b], Rule: rule}, Weight: 1})
		}
	}
	return out
}

func d6(rule string) []rules.Outcome {
	if l, ok := d6Lists[rule]; ok {
		return slices.Clone(l)
	}
	return makeD6(rule)
}

func makeD6(rule string) []rules.Outcome {
	out := make([]rules.Outcome, 6)
	dice := make([]int, 6)
	for i := range out {
		dice[i] = i + 1
		out[i] = rules.Outcome{Action: rules.Action{Kind: "roll", Dice: dice[i : i+1 : i+1], Label: "Die " + digit[i+1], Rule: rule}, Weight: 1}
	}
	return out
}

func rollRule(q []Roll) string {
	if len(q) == 0 {
		return "6.0"
	}
	switch q[0].Kind {
	case "recover":
		return "7.9"
	case "rally":
		return "7.8"
	case "nonrav":
		return "EV Non ravitaillé"
	case "nonrav-corps":
		return "EV Non ravitaillé"
	case "genie":
		return "EV Génie"
	}
	return "6.0"
}

// Apply plays a listed action; anything else is refused and changes nothing.
func (s *State) Apply(a rules.Action) (evs []rules.Event, err error) {
	if s.Over {
		return nil, rules.Illegal("8.0", "the game is over")
	}
	// Right after Legal or Chances (their list kept for findLegal, under
	// the same contract: code that writes the fields in between forgets
	// them) the index is known in sync with the counters [issue 20].
	if s.ixFresh && s.ix != nil && (s.legalMemo != nil || s.chanceMemo != nil) {
		s.ixTrust++
	} else {
		s.trustPos()
	}
	s.ixFresh = false
	defer s.untrustPos()
	legal, ok := s.findLegal(a)
	if !ok {
		return nil, rules.Illegal(s.Status().PhaseRule, "%s is not a legal action now (%s)", a.Key(), subNames[s.Sub])
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("rules error applying %s: %v", a.Key(), r)
		}
	}()
	// The action is one of the listed ones, so it applies in place: the
	// refusals of apply come before any change, and only a rules bug (a
	// panic, a loop of automatic steps) could fail half-way [issue 20].
	evs, err = s.apply(legal)
	if err != nil {
		return nil, err
	}
	more, err := s.settle()
	if err != nil {
		return nil, err
	}
	return append(evs, more...), nil
}

// hasLegal reports whether the decider has an action: len(Legal()) > 0,
// without building the list where it is never empty (an operation may
// always pass [5.0]; the fixed choices of a move).
func (s *State) hasLegal() bool {
	if s.Over {
		return false
	}
	switch s.Sub {
	case SubOp, SubReturn, SubForced, SubContinue:
		return true
	case SubMove:
		// legalMove always offers to end the move [5.3].
		return s.Move != nil
	case SubCompose:
		// legalCompose: add or leave an available counter [5.1], or
		// activate the stack [5.2].
		if m := s.Move; m != nil {
			return s.anyAvailable(m.Side, m.From) || s.stackProblem() == ""
		}
	}
	return len(s.legal()) > 0
}

// findLegal is rules.FindLegal without the key strings: the legal action
// with the same identity as a (the fields Key is made of).
//
// The list is the one the last Legal returned when Apply follows it (the
// memo), else listed afresh. Actions equal field by field are found at
// once; the rare action equal to a listed one only by key (a unit id
// holding a comma...) is found by comparing keys, as rules.FindLegal does.
func (s *State) findLegal(a rules.Action) (rules.Action, bool) {
	list := s.legalMemo
	outs := s.chanceMemo
	s.legalMemo, s.chanceMemo = nil, nil
	if list == nil && outs != nil && s.decider() == rules.Chance {
		// At a chance point Legal is the actions of Chances.
		for i := range outs {
			if sameAction(&outs[i].Action, &a) {
				return outs[i].Action, true
			}
		}
		list = make([]rules.Action, len(outs))
		for i, o := range outs {
			list[i] = o.Action
		}
	}
	if list == nil {
		list = s.legal()
	}
	for i := range list {
		if sameAction(&list[i], &a) {
			return list[i], true
		}
	}
	k := a.Key()
	for _, l := range list {
		if l.Key() == k {
			return l, true
		}
	}
	return rules.Action{}, false
}

// sameAction compares the identity of two actions field by field: equal
// fields give equal keys.
func sameAction(a, b *rules.Action) bool {
	return a.Kind == b.Kind && a.Unit == b.Unit && a.From == b.From && a.To == b.To &&
		a.Facing == b.Facing && a.Choice == b.Choice && slices.Equal(a.Units, b.Units) && slices.Equal(a.Dice, b.Dice)
}

func (s *State) apply(a rules.Action) ([]rules.Event, error) {
	switch s.Sub {
	case SubDecoy:
		return s.applyDecoy(a)
	case SubChoose, SubRoll:
		if s.Phase == PhInitiative {
			return s.applyInitiativeRoll(a)
		}
		return s.applyCinC(a)
	case SubWindow:
		return s.applyWindow(a)
	case SubBefore:
		return s.applyBefore(a)
	case SubDraw:
		return s.applyDraw(a)
	case SubDrawn:
		return s.applyDrawn(a)
	case SubFoy:
		return s.applyFoy(a)
	case SubRolls:
		return s.applyRolls(a)
	case SubOp:
		return s.applyOp(a)
	case SubCompose:
		return s.applyCompose(a)
	case SubCommand:
		return s.applyCommand(a)
	case SubMove:
		return s.applyMove(a)
	case SubAxis:
		return s.applyAxis(a)
	case SubRAxis:
		return s.applyRAxis(a)
	case SubFatigue:
		return s.applyFatigue(a)
	case SubReturn:
		return s.applyReturn(a)
	case SubForced:
		return s.applyForced(a)
	case SubContinue:
		return s.applyContinue(a)
	case SubFlee:
		return s.applyFlee(a)
	case SubOrage:
		return s.applyOrage(a)
	case SubFatEv:
		v, _ := strconv.Atoi(strings.TrimPrefix(a.Choice, "fatigue="))
		return s.fatigueEvent(v), nil
	case SubDeclare, SubHead, SubCPEv, SubFire, SubCP, SubLoss, SubRetreat, SubDemoral, SubPursuit, SubCB, SubCI, SubAG, SubMort, SubMortRoll, SubPre, SubWithdraw:
		return s.applyCombat(a)
	}
	return nil, rules.Illegal("", "no decision pending")
}

// settle runs the automatic steps after an action until a decision or a
// chance point is due: the decoy sweep [7.5], the Madrid marker [CR8],
// empty chance points skipped, phase changes.
func (s *State) settle() ([]rules.Event, error) {
	var evs []rules.Event
	var ob [256][2]bool // (speed: no allocation)
	err := rules.RunAuto(func() (bool, error) {
		if s.Over {
			return false, nil
		}
		sw, o, still := s.sweepOcc(ob[:])
		evs = append(evs, sw...)
		did, e := s.stepOcc(o, still)
		evs = append(evs, e...)
		return did, nil
	})
	return evs, err
}

// stepOcc takes one automatic step if one is due, given the occupancy of
// the state when known (still).
func (s *State) stepOcc(o occupancy, still bool) (bool, []rules.Event) {
	// [7.1] a lone commander among enemies must move at once, whatever
	// the step: the step is resumed after the flight.
	if s.Sub != SubFlee && s.Sub != "" && s.Phase != PhSetup {
		if side, ok := s.pendingFleeOcc(o, still); ok {
			s.FleeResume, s.FleeCur = s.Sub, s.Cur
			s.Cur = side
			s.Sub = SubFlee
			return true, nil
		}
	}
	switch s.Sub {
	case "":
		return true, s.enter(s.Phase)
	case SubDecoy:
		if s.nextDecoy(s.Placing) < 0 {
			if s.Placing == French {
				s.Placing = Allied
				return true, nil
			}
			s.Sub = ""
			s.Phase = PhCinC
			return true, nil
		}
		if len(s.legalDecoy()) == 0 {
			// No zone can take it: it stays out of the game [7.5].
			i := s.nextDecoy(s.Placing)
			s.Units[i].Off = OffEliminated
			s.placed(i)
			return true, nil
		}
	case SubDraw:
		if len(s.drawChances()) == 0 {
			return true, s.afterDraw()
		}
	case SubRolls:
		if len(s.Rolls) == 0 {
			return true, s.afterRolls()
		}
	case SubFatigue:
		if s.Move != nil && s.Move.Due == 0 {
			return true, s.afterFatigue()
		}
	case SubFire:
		if s.Combat != nil && s.fireSide() < 0 {
			return true, s.afterFire()
		}
	}
	if s.decider() >= 0 && !s.hasLegal() {
		return true, s.stuck()
	}
	return false, nil
}

// enter starts a phase.
func (s *State) enter(ph string) []rules.Event {
	switch ph {
	case PhSetup:
		s.Sub = SubDecoy
		s.Placing = French
		return nil
	case PhCinC:
		return s.enterCinC()
	case PhInitiative:
		return s.enterInitiative()
	case PhEvents:
		return s.enterEvents()
	case PhOperations:
		s.Act = s.Initiative
		s.Passes = 0
		s.Sub = SubOp
		return []rules.Event{{Kind: "phase", Text: fmt.Sprintf("Operations: %s operates first", sideNames[s.Initiative]), Rule: "5.0", Side: rules.NoSide}}
	case PhAdmin:
		return s.enterAdmin()
	}
	return nil
}

// nextPhase moves to the phase after the current one.
func (s *State) nextPhase() {
	p, _ := machine.Next(s.Phase)
	s.Phase = p.ID
	s.Sub = ""
	s.BoxZones = nil
}

// stuck handles a decision left without an action (a rules gap): the step
// is skipped so the decider is never left without a move.
func (s *State) stuck() []rules.Event {
	switch s.Sub {
	case SubHead, SubCPEv, SubLoss, SubRetreat:
		return s.combatStuck()
	case SubMove:
		return s.endMove()
	case SubFlee:
		return s.fleeAll()
	}
	s.Sub = ""
	return nil
}

// View is what side v may see: see view.go.
