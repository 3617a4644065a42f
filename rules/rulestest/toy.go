// Package rulestest holds a small toy game system for tests of the engine,
// the save format and the command line. It is registered only when a test
// calls Register, so it never shows up in the real application.
//
// The toy is a race to 20 between Red (side 0) and Blue (side 1). Its "rule
// book" is numbered like a real one so that labels, events and tests cite
// rules the same way the real systems do:
//
//	1   Set-up. 1.1 Both runners start at 0. 1.2 Each side draws one secret
//	    card (One, Two or Three, equally likely) that only it may see.
//	2   The turn. Red moves, then Blue; then the turn number goes up.
//	    2.1 The mover advances 1 or 2 (with the Sprint option, also 3).
//	    2.2 Once the advance is chosen, the mover ends the move.
//	    2.3 Before advancing, the mover may once per game play its secret
//	        card: the card is revealed and the runner advances by its value.
//	3   Bonus roll. After the move ends, one die is rolled; on a 6 the mover
//	    advances 1 more.
//	4   Victory. The first runner to reach 20 wins at once.
package rulestest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"sync"

	"grognard/rules"
)

// Identifiers of the toy system.
const (
	SystemID   = "toy"
	ScenarioID = "toy-race"
	Goal       = 20 // rule 4
	Turns      = 20 // a runner advances at least 1 a turn, so the race ends by then
)

var once sync.Once

// Register registers the toy system; safe to call any number of times.
func Register() {
	once.Do(func() {
		rules.Register(rules.SystemInfo{
			ID:          SystemID,
			Name:        "Toy race",
			Description: "A race to 20 with a die and a secret card, for tests.",
			Hidden:      true,
		}, []rules.ScenarioInfo{{
			ID:          ScenarioID,
			Name:        "Race to 20",
			Description: "Red and Blue race to square 20.",
			Turns:       Turns,
			Sides:       []string{"Red", "Blue"},
			Options: []rules.OptionInfo{
				{ID: "sprint", Name: "Sprint: advance up to 3", Rule: "2.1", Default: false},
			},
		}}, New)
	})
}

// Phase ids of the toy's phase table (one table, one place).
const (
	PhaseDeal = "deal"
	PhaseMove = "move"
	PhaseEnd  = "end"
	PhaseRoll = "roll"
	PhaseOver = "over"
)

var machine = rules.MustMachine(
	rules.Phase{ID: PhaseDeal, Name: "Deal", Rule: "1.2", Next: PhaseMove},
	rules.Phase{ID: PhaseMove, Name: "Move", Rule: "2.1", Next: PhaseEnd},
	rules.Phase{ID: PhaseEnd, Name: "End move", Rule: "2.2", Next: PhaseRoll},
	rules.Phase{ID: PhaseRoll, Name: "Bonus roll", Rule: "3", Next: PhaseMove},
	rules.Phase{ID: PhaseOver, Name: "Game over", Rule: "4"},
)

var cardNames = [...]string{"", "One", "Two", "Three"}

// Race is the toy's state. Every field is exported so that Snapshot (plain
// encoding/json) is canonical and complete.
type Race struct {
	Sprint  bool       `json:"sprint"`
	Pos     [2]int     `json:"pos"`
	Card    [2]int     `json:"card"` // secret card value 1-3 (0: not dealt yet)
	Played  [2]bool    `json:"played"`
	Phase   string     `json:"phase"`
	Mover   rules.Side `json:"mover"`
	Turn    int        `json:"turn"`
	Advance int        `json:"advance"` // advance chosen this move (rule 2.1)
	Winner  rules.Side `json:"winner"`
}

// New is the toy's factory.
func New(scenario string, opts rules.Options) (rules.State, error) {
	if scenario != ScenarioID {
		return nil, fmt.Errorf("toy: unknown scenario %q", scenario)
	}
	info, _ := rules.ScenarioByID(ScenarioID)
	return &Race{
		Sprint: opts.On(info, "sprint"),
		Phase:  PhaseDeal,
		Mover:  0,
		Turn:   1,
		Winner: rules.NoSide,
	}, nil
}

func (r *Race) System() string   { return SystemID }
func (r *Race) Scenario() string { return ScenarioID }
func (r *Race) Sides() []string  { return []string{"Red", "Blue"} }

// dealing returns the side receiving a card, during the deal (rule 1.2).
func (r *Race) dealing() rules.Side {
	if r.Card[0] == 0 {
		return 0
	}
	return 1
}

func (r *Race) Status() rules.Status {
	p := machine.Get(r.Phase)
	s := rules.Status{Turn: r.Turn, Turns: Turns, Phase: p.Name, PhaseRule: p.Rule, Active: r.Mover}
	switch r.Phase {
	case PhaseDeal:
		s.Active = r.dealing()
		s.Decider = rules.Chance
		s.Prompt = "Drawing a secret card for " + r.Sides()[s.Active]
	case PhaseMove:
		s.Decider = r.Mover
		s.Prompt = "Choose how far to advance"
	case PhaseEnd:
		s.Decider = r.Mover
		s.Prompt = "End the move"
	case PhaseRoll:
		s.Decider = rules.Chance
		s.Prompt = "Bonus roll"
	default:
		s.Active = rules.NoSide
		s.Decider = rules.NoSide
	}
	return s
}

func (r *Race) maxAdvance() int {
	if r.Sprint {
		return 3
	}
	return 2
}

func (r *Race) Legal() []rules.Action {
	switch r.Phase {
	case PhaseDeal, PhaseRoll:
		outs := r.Chances()
		as := make([]rules.Action, len(outs))
		for i, o := range outs {
			as[i] = o.Action
		}
		return as
	case PhaseMove:
		var as []rules.Action
		for n := 1; n <= r.maxAdvance(); n++ {
			as = append(as, rules.Action{
				Kind: "move", Unit: r.runner(r.Mover), To: strconv.Itoa(r.Pos[r.Mover] + n),
				Label: fmt.Sprintf("Advance %d to %d", n, r.Pos[r.Mover]+n), Rule: "2.1",
			})
		}
		if !r.Played[r.Mover] {
			as = append(as, rules.Action{
				Kind: "play", Choice: "card", Label: "Play the secret card", Rule: "2.3",
			})
		}
		return as
	case PhaseEnd:
		return []rules.Action{{Kind: "end", Label: "End the move", Rule: "2.2"}}
	}
	return nil
}

func (r *Race) Chances() []rules.Outcome {
	switch r.Phase {
	case PhaseDeal:
		var outs []rules.Outcome
		for v := 1; v <= 3; v++ {
			outs = append(outs, rules.Outcome{Weight: 1, Action: rules.Action{
				Kind: "draw", Choice: "card-" + strconv.Itoa(v), Label: "Draw a secret card", Rule: "1.2",
			}})
		}
		return outs
	case PhaseRoll:
		var outs []rules.Outcome
		for f := 1; f <= 6; f++ {
			outs = append(outs, rules.Outcome{Weight: 1, Action: rules.Action{
				Kind: "roll", Dice: []int{f}, Label: "Roll " + strconv.Itoa(f), Rule: "3",
			}})
		}
		return outs
	}
	return nil
}

func (r *Race) runner(s rules.Side) string {
	if s == 1 {
		return "blue"
	}
	return "red"
}

func (r *Race) name(s rules.Side) string { return r.Sides()[s] }

// Apply validates first and mutates after, so a refused action leaves the
// state untouched.
func (r *Race) Apply(a rules.Action) ([]rules.Event, error) {
	if r.Phase == PhaseOver {
		return nil, rules.Illegal("4", "the race is over")
	}
	legal := false
	for _, l := range r.Legal() {
		if l.Key() == a.Key() {
			legal = true
			break
		}
	}
	if !legal {
		return nil, r.whyNot(a)
	}
	switch a.Kind {
	case "draw": // rule 1.2
		s := r.dealing()
		v, _ := strconv.Atoi(a.Choice[len("card-"):])
		r.Card[s] = v
		evs := []rules.Event{{
			Kind: "draw", Text: r.name(s) + " draws a secret card", Rule: "1.2", Side: s,
			Private: fmt.Sprintf("%s draws the %s (advance %d)", r.name(s), cardNames[v], v), Owner: s,
		}}
		if s == 1 {
			r.Phase = PhaseMove
			evs = append(evs, r.phaseEvent())
		}
		return evs, nil
	case "move": // rule 2.1
		to, _ := strconv.Atoi(a.To)
		r.Advance = to - r.Pos[r.Mover]
		r.Pos[r.Mover] = to
		evs := []rules.Event{{
			Kind: "move", Text: fmt.Sprintf("%s advances %d to %d", r.name(r.Mover), r.Advance, to),
			Rule: "2.1", Side: r.Mover, Units: []string{r.runner(r.Mover)},
		}}
		if r.checkWin() {
			return append(evs, r.winEvent()), nil
		}
		r.Phase = PhaseEnd
		return evs, nil
	case "play": // rule 2.3
		v := r.Card[r.Mover]
		r.Played[r.Mover] = true
		r.Pos[r.Mover] += v
		evs := []rules.Event{{
			Kind: "reveal", Text: fmt.Sprintf("%s reveals the %s and advances %d to %d", r.name(r.Mover), cardNames[v], v, r.Pos[r.Mover]),
			Rule: "2.3", Side: r.Mover, Units: []string{r.runner(r.Mover)},
		}}
		if r.checkWin() {
			return append(evs, r.winEvent()), nil
		}
		return evs, nil
	case "end": // rule 2.2
		r.Phase = PhaseRoll
		return []rules.Event{{Kind: "phase", Text: r.name(r.Mover) + " ends the move", Rule: "2.2", Side: r.Mover}}, nil
	case "roll": // rule 3
		f := a.Dice[0]
		ev := rules.Event{Kind: "roll", Rule: "3", Side: r.Mover, Dice: []int{f}}
		if f == 6 {
			r.Pos[r.Mover]++
			ev.Text = fmt.Sprintf("Bonus roll 6: %s advances 1 more to %d", r.name(r.Mover), r.Pos[r.Mover])
			ev.Mods = []string{"+1 on a 6 [3]"}
		} else {
			ev.Text = fmt.Sprintf("Bonus roll %d: no bonus", f)
		}
		evs := []rules.Event{ev}
		if r.checkWin() {
			return append(evs, r.winEvent()), nil
		}
		// Rule 2: Red then Blue, then the next turn.
		r.Advance = 0
		if r.Mover == 1 {
			r.Turn++
		}
		r.Mover = 1 - r.Mover
		r.Phase = PhaseMove
		return append(evs, r.phaseEvent()), nil
	}
	return nil, rules.Illegal("", "unknown action %s", a.Key())
}

// whyNot names the rule an unlisted action breaks.
func (r *Race) whyNot(a rules.Action) error {
	switch {
	case a.Kind == "move" && r.Phase == PhaseMove:
		return rules.Illegal("2.1", "a runner advances 1 to %d squares a move, to %d at most", r.maxAdvance(), r.Pos[r.Mover]+r.maxAdvance())
	case a.Kind == "move":
		return rules.Illegal("2.2", "%s has already advanced this move", r.name(r.Mover))
	case a.Kind == "play" && r.Phase == PhaseMove && r.Played[r.Mover]:
		return rules.Illegal("2.3", "the secret card may be played once per game")
	case a.Kind == "play":
		return rules.Illegal("2.3", "the secret card is played before advancing")
	case a.Kind == "end":
		return rules.Illegal("2.2", "the move ends only after advancing")
	case a.Kind == "roll" || a.Kind == "draw":
		return rules.Illegal("3", "%s is not a possible outcome now", a.Key())
	}
	return rules.Illegal("", "%s is not a legal action now", a.Key())
}

func (r *Race) checkWin() bool { // rule 4
	if r.Pos[r.Mover] >= Goal {
		r.Winner = r.Mover
		r.Phase = PhaseOver
		return true
	}
	return false
}

func (r *Race) winEvent() rules.Event {
	return rules.Event{Kind: "victory", Text: r.name(r.Mover) + " reaches 20 and wins", Rule: "4", Side: r.Mover}
}

func (r *Race) phaseEvent() rules.Event {
	return rules.Event{Kind: "phase", Text: fmt.Sprintf("Turn %d: %s to move", r.Turn, r.name(r.Mover)), Rule: "2", Side: r.Mover}
}

func (r *Race) View(s rules.Side) *rules.View {
	v := &rules.View{
		Side:   s,
		Sides:  r.Sides(),
		Status: r.Status(),
		Result: r.Result(),
		Hidden: true,
		Score:  []string{fmt.Sprintf("Red %d, Blue %d of %d [4]", r.Pos[0], r.Pos[1], Goal)},
		Markers: []rules.Marker{
			{At: strconv.Itoa(Goal), Kind: "objective", Text: "Finish [4]"},
		},
	}
	for i := rules.Side(0); i < 2; i++ {
		v.Units = append(v.Units, rules.UnitView{
			ID: r.runner(i), Name: r.name(i) + " runner", Short: r.name(i)[:1], Side: i,
			Type: "runner", At: strconv.Itoa(r.Pos[i]), Facing: -1, Strength: 1, MaxStr: 1,
		})
		n := 0
		if r.Card[i] != 0 && !r.Played[i] {
			n = 1
		}
		v.HandCounts = append(v.HandCounts, n)
		if r.Played[i] {
			v.Cards = append(v.Cards, card(r.Card[i]))
		}
	}
	// Rule 1.2: only the owner sees its unplayed card.
	if s == 0 || s == 1 {
		if r.Card[s] != 0 && !r.Played[s] {
			v.Hand = []rules.Card{card(r.Card[s])}
		}
		if r.Status().Decider == s {
			v.Legal = r.Legal()
		}
	}
	return v
}

func card(v int) rules.Card {
	return rules.Card{ID: "card-" + strconv.Itoa(v), Name: cardNames[v],
		Text: fmt.Sprintf("Advance by %d.", v), Rule: "2.3"}
}

// Clone copies the state; every field is a value, so nothing is shared.
func (r *Race) Clone() rules.State {
	c := *r
	return &c
}

func (r *Race) Result() rules.Result {
	if r.Phase != PhaseOver {
		return rules.Result{Winner: rules.NoSide}
	}
	return rules.Result{Over: true, Winner: r.Winner, Reason: r.name(r.Winner) + " reached 20 first [4]"}
}

func (r *Race) Snapshot() ([]byte, error) { return json.Marshal(r) }
