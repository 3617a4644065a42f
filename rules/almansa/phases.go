package almansa

import (
	"fmt"
	"strings"

	"grognard/rules"
)

// The sequence of play [3] as one phase table: set-up [4], then each of the
// 12 turns runs Command [6], the Bourbon phase (movement [10], offensive fire
// [11], Allied defensive fire [11], shock [13]), the Allied phase (the same
// mirrored), Rally [14] and the End of turn [3].
const (
	phaseSetupB  = "setup-bourbon"
	phaseSetupA  = "setup-allied"
	phaseCommand = "command"
	phaseBMove   = "bourbon-move"
	phaseBFire   = "bourbon-fire"
	phaseADFire  = "allied-dfire"
	phaseBShock  = "bourbon-shock"
	phaseAMove   = "allied-move"
	phaseAFire   = "allied-fire"
	phaseBDFire  = "bourbon-dfire"
	phaseAShock  = "allied-shock"
	phaseRally   = "rally"
	phaseEnd     = "end"
)

var machine = rules.MustMachine(
	rules.Phase{ID: phaseSetupB, Name: "Set-up: Bourbon", Rule: "4", Next: phaseSetupA},
	rules.Phase{ID: phaseSetupA, Name: "Set-up: Allied", Rule: "4", Next: phaseCommand},
	rules.Phase{ID: phaseCommand, Name: "Command", Rule: "6", Next: phaseBMove},
	rules.Phase{ID: phaseBMove, Name: "Bourbon movement", Rule: "10", Next: phaseBFire},
	rules.Phase{ID: phaseBFire, Name: "Bourbon offensive fire", Rule: "11", Next: phaseADFire},
	rules.Phase{ID: phaseADFire, Name: "Allied defensive fire", Rule: "11", Next: phaseBShock},
	rules.Phase{ID: phaseBShock, Name: "Bourbon shock combat", Rule: "13", Next: phaseAMove},
	rules.Phase{ID: phaseAMove, Name: "Allied movement", Rule: "10", Next: phaseAFire},
	rules.Phase{ID: phaseAFire, Name: "Allied offensive fire", Rule: "11", Next: phaseBDFire},
	rules.Phase{ID: phaseBDFire, Name: "Bourbon defensive fire", Rule: "11", Next: phaseAShock},
	rules.Phase{ID: phaseAShock, Name: "Allied shock combat", Rule: "13", Next: phaseRally},
	rules.Phase{ID: phaseRally, Name: "Rally", Rule: "14", Next: phaseEnd},
	rules.Phase{ID: phaseEnd, Name: "End of turn", Rule: "3", Next: phaseCommand},
)

// phaseInfo: the kind of each phase, the side whose phase it is, and the side
// that decides in it.
var phaseInfo = map[string]struct {
	kind          string
	side, decider int
}{
	phaseSetupB:  {"setup", Bourbon, Bourbon},
	phaseSetupA:  {"setup", Allied, Allied},
	phaseCommand: {"command", Bourbon, Bourbon},
	phaseBMove:   {"move", Bourbon, Bourbon},
	phaseBFire:   {"fire", Bourbon, Bourbon},
	phaseADFire:  {"dfire", Bourbon, Allied},
	phaseBShock:  {"shock", Bourbon, Bourbon},
	phaseAMove:   {"move", Allied, Allied},
	phaseAFire:   {"fire", Allied, Allied},
	phaseBDFire:  {"dfire", Allied, Bourbon},
	phaseAShock:  {"shock", Allied, Allied},
	phaseRally:   {"rally", Bourbon, Bourbon},
	phaseEnd:     {"end", Bourbon, Bourbon},
}

func phaseKind(p string) string { k, _, _ := phaseOf(p); return k }
func phaseSide(p string) int    { _, sd, _ := phaseOf(p); return sd }
func phaseDecider(p string) int { _, _, d := phaseOf(p); return d }

// phaseOf is phaseInfo by a switch, without hashing the phase id (#20);
// TestPhaseOfAgreesWithPhaseInfo checks they agree.
func phaseOf(p string) (kind string, side, decider int) {
	switch p {
	case phaseSetupB:
		return "setup", Bourbon, Bourbon
	case phaseSetupA:
		return "setup", Allied, Allied
	case phaseCommand:
		return "command", Bourbon, Bourbon
	case phaseBMove:
		return "move", Bourbon, Bourbon
	case phaseBFire:
		return "fire", Bourbon, Bourbon
	case phaseADFire:
		return "dfire", Bourbon, Allied
	case phaseBShock:
		return "shock", Bourbon, Bourbon
	case phaseAMove:
		return "move", Allied, Allied
	case phaseAFire:
		return "fire", Allied, Allied
	case phaseBDFire:
		return "dfire", Allied, Bourbon
	case phaseAShock:
		return "shock", Allied, Allied
	case phaseRally:
		return "rally", Bourbon, Bourbon
	case phaseEnd:
		return "end", Bourbon, Bourbon
	}
	return "", 0, 0
}

var phasePrompt = map[string]string{
	"setup":   "Deploy your units on the set-up hexes of their formations [4]",
	"command": "Command phase [6]",
	"move":    "Move formation by formation, through front hexes; turning costs 1/2 MP a hexside [10]",
	"fire":    "Offensive fire, formation by formation [11]",
	"dfire":   "Defensive fire, formation by formation [11]",
	"shock":   "Shock combat against enemies in front hexes [13]",
	"rally":   "Rally [14]",
	"end":     "End of turn [3]",
}

// phaseActions lists the decider's actions when no task is pending.
func (s *State) phaseActions() []rules.Action {
	switch phaseKind(s.Phase) {
	case "setup":
		return s.setupActions()
	case "move":
		return s.moveActions()
	case "fire", "dfire":
		return s.fireActions()
	case "shock":
		return s.shockActions()
	}
	return nil
}

func (s *State) doPhase(a rules.Action) []rules.Event {
	switch phaseKind(s.Phase) {
	case "setup":
		return s.doSetup(a)
	case "move":
		return s.doMove(a)
	case "fire", "dfire":
		return s.doFire(a)
	case "shock":
		return s.doShock(a)
	}
	return nil
}

// settle runs automatic steps until a decision is needed: automatic tasks,
// phases with nothing to decide, the end of the game.
func (s *State) settle() ([]rules.Event, error) {
	var evs []rules.Event
	err := rules.RunAuto(func() (bool, error) {
		s.forget()
		if s.Over {
			return false, nil
		}
		if len(s.Tasks) > 0 {
			e, did := s.autoTask()
			evs = append(evs, e...)
			return did, nil
		}
		if s.phaseFinished() {
			evs = append(evs, s.nextPhase()...)
			return true, nil
		}
		return false, nil
	})
	return evs, err
}

// phaseFinished reports a phase with nothing left to decide.
func (s *State) phaseFinished() bool {
	switch phaseKind(s.Phase) {
	case "setup":
		return s.setupComplete(phaseSide(s.Phase))
	case "command", "rally", "end":
		return true // their work is done on entry, through tasks
	}
	// Movement, fire and shock end by an explicit 'end', or at once when
	// only 'end' is left.
	if s.Ended {
		return true
	}
	acts := s.legalList()
	return len(acts) == 0 || len(acts) == 1 && acts[0].Kind == "end"
}

// nextPhase leaves the current phase and enters the next one.
func (s *State) nextPhase() []rules.Event {
	var evs []rules.Event
	evs = append(evs, s.leavePhase()...)
	if s.Over {
		return evs
	}
	p, _ := machine.Next(s.Phase)
	s.Phase = p.ID
	s.CurForm, s.Decl, s.Ended = "", nil, false
	s.Done = map[string]bool{}
	s.fgen++
	evs = append(evs, rules.Event{Kind: "phase", Rule: p.Rule, Text: fmt.Sprintf("Turn %d: %s", s.Turn, p.Name), Side: rules.NoSide})
	evs = append(evs, s.enterPhase()...)
	return evs
}

func (s *State) leavePhase() []rules.Event {
	switch s.Phase {
	case phaseSetupA:
		s.Turn = 1
	case phaseBShock, phaseAShock:
		// Moved-artillery markers last until the end of the side's phase [10].
		side := phaseSide(s.Phase)
		for i := range s.Units {
			if s.def(i).Side == side {
				s.Units[i].Moved = false
			}
		}
	case phaseEnd:
		if s.Turn >= s.sc.P("turns") {
			return s.endGame()
		}
		s.Turn++
	}
	return nil
}

func (s *State) enterPhase() []rules.Event {
	side := phaseSide(s.Phase)
	switch phaseKind(s.Phase) {
	case "command":
		return s.commandPhase()
	case "move":
		for i := range s.Units {
			if s.def(i).Side == side {
				u := &s.Units[i]
				u.Spent, u.Stopped, u.FellBack, u.Moved = 0, false, false, false
			}
		}
		return s.startMovement(side)
	case "fire", "dfire":
		shooter := phaseDecider(s.Phase)
		for i := range s.Units {
			if s.def(i).Side == shooter {
				s.Units[i].Fired = false
			}
		}
	case "shock":
		for i := range s.Units {
			if s.def(i).Side == side {
				s.Units[i].Shocked = false
			}
		}
	case "rally":
		return s.rallyPhase()
	}
	return nil
}

// endGame applies the victory conditions [5].
func (s *State) endGame() []rules.Event {
	s.Over = true
	need := s.sc.P("victory_steps")
	if s.Lost[Allied] >= need {
		s.Winner = Bourbon
		s.Reason = fmt.Sprintf("Bourbon victory: %d Allied steps destroyed (%d needed) [5]", s.Lost[Allied], need)
	} else {
		s.Winner = Allied
		s.Reason = fmt.Sprintf("Allied victory: only %d Allied steps destroyed (%d needed) [5]", s.Lost[Allied], need)
	}
	// The event cites [5] by its rule; the result's reason carries it in its text.
	return []rules.Event{{Kind: "end", Rule: "5", Text: strings.TrimSuffix(s.Reason, " [5]"), Side: rules.Side(s.Winner)}}
}
