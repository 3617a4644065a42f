package rules

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
)

// MaxAutoSteps caps the chance outcomes resolved in a row by the driver, so
// a rules bug cannot loop forever.
const MaxAutoSteps = 10000

// Step is one applied action and who decided it (a side, or Chance).
// Barrier marks a step that undo may not cross: a chance outcome or a
// reveal of hidden information.
type Step struct {
	Action  Action `json:"action"`
	By      Side   `json:"by"`
	Barrier bool   `json:"barrier,omitempty"`
}

// Game drives a State: it records every action, resolves chance points
// with a generator seeded from the game's seed, and can replay itself.
// The generator for the n-th step is PCG(seed, n), so a game is fully
// determined by scenario + options + seed + the player's choices.
type Game struct {
	Scenario string
	Options  Options
	Seed     uint64
	// SeedChosen says a player gave the seed (instead of a random one):
	// whoever chose it can know every hand, draw and die of the game.
	// Saves keep it in their plain header so the other side can see it.
	SeedChosen bool
	State      State
	Steps      []Step
	Log        []Event
}

// NewGame starts a scenario and resolves any opening chance points.
func NewGame(scenario string, seed uint64, opts Options) (*Game, error) {
	st, err := NewState(scenario, opts)
	if err != nil {
		return nil, err
	}
	g := &Game{Scenario: scenario, Options: opts, Seed: seed, State: st}
	if _, err := g.ResolveChance(); err != nil {
		return nil, err
	}
	return g, nil
}

// Sample picks an outcome with probability weight/total using r.
func Sample(outs []Outcome, r *rand.Rand) (Action, error) {
	total := 0
	for _, o := range outs {
		if o.Weight < 0 {
			return Action{}, fmt.Errorf("chance outcome %s has negative weight", o.Action.Key())
		}
		total += o.Weight
	}
	if total <= 0 {
		return Action{}, fmt.Errorf("chance point with no outcome")
	}
	x := r.IntN(total)
	for _, o := range outs {
		if x < o.Weight {
			return o.Action, nil
		}
		x -= o.Weight
	}
	return outs[len(outs)-1].Action, nil
}

// RandomAction is a random next action of st drawn with r: a chance
// outcome by its weight at a chance point, else one of the legal actions
// alike (the random legal play of the playouts, benchmarks and tests).
func RandomAction(st State, r *rand.Rand) (Action, error) {
	if ch := st.Chances(); len(ch) > 0 {
		return Sample(ch, r)
	}
	l := st.Legal()
	if len(l) == 0 {
		return Action{}, fmt.Errorf("no legal action and no chance point")
	}
	return l[r.IntN(len(l))], nil
}

// Rand returns the generator for the next step.
func (g *Game) Rand() *rand.Rand {
	return rand.New(rand.NewPCG(g.Seed, uint64(len(g.Steps))))
}

// ApplyOne applies exactly one action for the current decider and records
// it; chance points that follow are left pending.
func (g *Game) ApplyOne(a Action) ([]Event, error) {
	by := g.State.Status().Decider
	if g.State.Result().Over {
		return nil, Illegal("", "the game is over")
	}
	legal, ok := FindLegal(g.State, a)
	if !ok {
		// Let the system name the broken rule.
		if _, err := g.State.Clone().Apply(a); err != nil {
			return nil, err
		}
		return nil, Illegal("", "%s is not a legal action now", a.Key())
	}
	return g.record(legal, by)
}

// record applies legal, found in the state's legal list, and records it.
func (g *Game) record(legal Action, by Side) ([]Event, error) {
	evs, err := ApplyListed(g.State, legal)
	if err != nil {
		return nil, err
	}
	barrier := by == Chance
	for _, e := range evs {
		if e.Kind == "reveal" {
			barrier = true
		}
	}
	g.Steps = append(g.Steps, Step{Action: stripped(legal), By: by, Barrier: barrier})
	g.Log = append(g.Log, evs...)
	return evs, nil
}

// stripped keeps only the identity of an action for the record.
func stripped(a Action) Action {
	a.Label, a.Rule, a.Info = "", "", ""
	return a
}

// Apply applies a player's action, then resolves any chance points that
// follow with the game's generator.
func (g *Game) Apply(a Action) ([]Event, error) {
	evs, err := g.ApplyOne(a)
	if err != nil {
		return nil, err
	}
	more, err := g.ResolveChance()
	return append(evs, more...), err
}

// ApplyFound is Apply for an action the caller has just found in the
// state's legal list with FindLegal (nothing applied since): it is not
// checked a second time. The window's Session.Do uses it.
func (g *Game) ApplyFound(legal Action) ([]Event, error) {
	if g.State.Result().Over {
		return nil, Illegal("", "the game is over")
	}
	evs, err := g.record(legal, g.State.Status().Decider)
	if err != nil {
		return nil, err
	}
	more, err := g.ResolveChance()
	return append(evs, more...), err
}

// ResolveChance samples and applies chance outcomes while chance decides.
func (g *Game) ResolveChance() ([]Event, error) {
	var all []Event
	for n := 0; g.State.Status().Decider == Chance && !g.State.Result().Over; n++ {
		if n >= MaxAutoSteps {
			return all, fmt.Errorf("more than %d chance steps in a row: rules loop", MaxAutoSteps)
		}
		a, err := Sample(g.State.Chances(), g.Rand())
		if err != nil {
			return all, err
		}
		evs, err := g.ApplyOne(a)
		if err != nil {
			return all, fmt.Errorf("chance outcome refused: %w", err)
		}
		all = append(all, evs...)
	}
	return all, nil
}

// Replay rebuilds a game from its scenario, options, seed and steps,
// applying each step exactly (chance outcomes included). It fails on the
// first step the rules refuse, naming it.
func Replay(scenario string, seed uint64, opts Options, steps []Step) (*Game, error) {
	st, err := NewState(scenario, opts)
	if err != nil {
		return nil, err
	}
	g := &Game{Scenario: scenario, Options: opts, Seed: seed, State: st}
	for i, s := range steps {
		if d := g.State.Status().Decider; d != s.By {
			return nil, fmt.Errorf("step %d (%s): recorded for %s but %s decides", i+1, s.Action.Key(), s.By, d)
		}
		if _, err := g.ApplyOne(s.Action); err != nil {
			return nil, fmt.Errorf("step %d (%s): %w", i+1, s.Action.Key(), err)
		}
	}
	return g, nil
}

// StepError is a recorded step that the rules refuse on replay. Step is
// 1-based; Key is the step's action key.
type StepError struct {
	Step int
	Key  string
	Err  error
}

func (e *StepError) Error() string { return fmt.Sprintf("step %d (%s): %v", e.Step, e.Key, e.Err) }

// Unwrap exposes the rules' error.
func (e *StepError) Unwrap() error { return e.Err }

// ChanceError is a recorded chance outcome that is not the one the game's
// own generator gives at that step: the record was edited (or made by a
// program that forced the outcome). Step is 1-based.
type ChanceError struct {
	Step     int
	Recorded string // key of the recorded outcome
	Expected string // key of the outcome the generator gives
}

func (e *ChanceError) Error() string {
	return fmt.Sprintf("step %d: the recorded chance outcome %q is not the one the game's generator gives at that step (%q)", e.Step, e.Recorded, e.Expected)
}

// ReplayChecked is Replay that also checks every recorded chance outcome:
// at a chance step it samples the game's generator (PCG(seed, step)) and
// refuses the record, with a *ChanceError, when the recorded outcome is
// not the one drawn. Saves load with it, so a die or a draw changed in a
// file (or a changed seed) is refused.
func ReplayChecked(scenario string, seed uint64, opts Options, steps []Step) (*Game, error) {
	g, _, err := replayMarked(scenario, seed, opts, steps, true, 0)
	return g, err
}

// replayMarked replays steps; with check it verifies chance outcomes; with
// every > 0 it also returns a clone of the state after every every-th step
// (index i: after i*every steps) and the log length after each step.
func replayMarked(scenario string, seed uint64, opts Options, steps []Step, check bool, every int) (*Game, *marks, error) {
	st, err := NewState(scenario, opts)
	if err != nil {
		return nil, nil, err
	}
	g := &Game{Scenario: scenario, Options: opts, Seed: seed, State: st}
	var m *marks
	if every > 0 {
		m = &marks{every: every, logLen: make([]int, 1, len(steps)+1)}
		m.states = append(m.states, st.Clone())
	}
	for i, s := range steps {
		if d := g.State.Status().Decider; d != s.By {
			return nil, nil, &StepError{Step: i + 1, Key: s.Action.Key(), Err: fmt.Errorf("recorded for %s but %s decides", s.By, d)}
		}
		if check && s.By == Chance {
			want, err := Sample(g.State.Chances(), g.Rand())
			if err != nil {
				return nil, nil, &StepError{Step: i + 1, Key: s.Action.Key(), Err: err}
			}
			if want.Key() != s.Action.Key() {
				return nil, nil, &ChanceError{Step: i + 1, Recorded: s.Action.Key(), Expected: want.Key()}
			}
		}
		if _, err := g.ApplyOne(s.Action); err != nil {
			return nil, nil, &StepError{Step: i + 1, Key: s.Action.Key(), Err: err}
		}
		if m != nil {
			m.logLen = append(m.logLen, len(g.Log))
			if (i+1)%every == 0 {
				m.states = append(m.states, g.State.Clone())
			}
		}
	}
	return g, m, nil
}

// marks are the checkpoints of a Timeline.
type marks struct {
	every  int
	states []State // states[i] is the state after i*every steps
	logLen []int   // logLen[n] is len(Log) after n steps
}

// DefaultCheckpointEvery is the spacing of a Timeline's checkpoints: the
// state at any step costs one Clone and at most this many steps applied.
const DefaultCheckpointEvery = 16

// Timeline gives the state of a recorded game at any step quickly, for
// replays, 'grognard show --step' and branching: it keeps a Clone of the
// state every K steps (built by one replay of the record) and rebuilds the
// state at step n from the checkpoint before it. A Timeline is not safe for
// concurrent use; the states it returns are fresh copies the caller owns.
type Timeline struct {
	scenario string
	seed     uint64
	opts     Options
	steps    []Step
	final    *Game
	m        *marks
}

// NewTimeline replays a game's record once, checking every chance outcome
// against the game's generator (see ReplayChecked), and keeps a checkpoint
// every `every` steps (DefaultCheckpointEvery when every <= 0). The game g
// is not changed.
func NewTimeline(g *Game, every int) (*Timeline, error) {
	if g == nil {
		return nil, errors.New("timeline: no game")
	}
	t, err := TimelineOf(g.Scenario, g.Seed, g.Options, g.Steps, every)
	if err != nil {
		return nil, err
	}
	t.final.SeedChosen = g.SeedChosen
	return t, nil
}

// TimelineOf is NewTimeline from a game's record.
func TimelineOf(scenario string, seed uint64, opts Options, steps []Step, every int) (*Timeline, error) {
	if every <= 0 {
		every = DefaultCheckpointEvery
	}
	steps = append([]Step(nil), steps...)
	g, m, err := replayMarked(scenario, seed, opts, steps, true, every)
	if err != nil {
		return nil, err
	}
	return &Timeline{scenario: scenario, seed: seed, opts: opts, steps: steps, final: g, m: m}, nil
}

// Len is the number of steps of the record: StateAt accepts 0..Len().
func (t *Timeline) Len() int { return len(t.steps) }

// Final is the game at its last step (the replay the timeline was built
// from); the caller may keep it but should not change it while using t.
func (t *Timeline) Final() *Game { return t.final }

// Step returns the n-th step of the record (1-based) and the events it
// produced (chance outcomes that followed are steps of their own).
func (t *Timeline) Step(n int) (Step, []Event, error) {
	if n < 1 || n > len(t.steps) {
		return Step{}, nil, &StepRangeError{Step: n, Len: len(t.steps)}
	}
	evs := t.final.Log[t.m.logLen[n-1]:t.m.logLen[n]]
	return t.steps[n-1], append([]Event(nil), evs...), nil
}

// StepRangeError is a step number outside 0..Len().
type StepRangeError struct{ Step, Len int }

func (e *StepRangeError) Error() string {
	return fmt.Sprintf("step %d is out of range: the game has %d steps (give 0 for the start, up to %d)", e.Step, e.Len, e.Len)
}

// StateAt returns a copy of the state after the first n steps (0: the
// scenario's start, before even the opening chance outcomes).
func (t *Timeline) StateAt(n int) (State, error) {
	g, err := t.GameAt(n)
	if err != nil {
		return nil, err
	}
	return g.State, nil
}

// GameAt returns the game after its first n steps: state, steps and log as
// they stood then, ready to play on (it shares nothing mutable with t).
func (t *Timeline) GameAt(n int) (*Game, error) {
	if n < 0 || n > len(t.steps) {
		return nil, &StepRangeError{Step: n, Len: len(t.steps)}
	}
	k := n / t.m.every
	start := k * t.m.every
	g := &Game{Scenario: t.scenario, Options: t.opts, Seed: t.seed, SeedChosen: t.final.SeedChosen, State: t.m.states[k].Clone(),
		Steps: append(make([]Step, 0, n), t.steps[:start]...)}
	for i := start; i < n; i++ {
		if _, err := g.ApplyOne(t.steps[i].Action); err != nil {
			return nil, fmt.Errorf("step %d (%s): %w", i+1, t.steps[i].Action.Key(), err)
		}
	}
	g.Log = append([]Event(nil), t.final.Log[:t.m.logLen[n]]...)
	return g, nil
}

// Clone copies the game; the copy shares nothing mutable with g.
func (g *Game) Clone() *Game {
	c := *g
	c.State = g.State.Clone()
	c.Steps = append([]Step(nil), g.Steps...)
	c.Log = append([]Event(nil), g.Log...)
	return &c
}

// UndoTarget returns the number of steps to keep when undoing one player
// decision, and whether undo is possible. Undo never crosses a barrier (a
// chance outcome or a reveal of hidden information) and never takes back
// the other side's decision: in hot-seat play a player may only take back
// their own moves since they took the seat.
func (g *Game) UndoTarget() (int, string) {
	n := len(g.Steps)
	switch {
	case n == 0:
		return n, "nothing to undo"
	case g.Steps[n-1].Barrier:
		return n, "cannot undo past a die roll, a draw or a reveal"
	case g.Steps[n-1].By != g.State.Status().Decider:
		return n, "cannot undo the other side's decision"
	}
	return n - 1, ""
}

// Undo steps back one player decision unless a chance outcome, a hidden
// reveal or the other side's decision stands in the way (the error says
// which). It replays the game up to the kept steps.
func (g *Game) Undo() error {
	keep, why := g.UndoTarget()
	if why != "" {
		return errors.New(why)
	}
	r, err := Replay(g.Scenario, g.Seed, g.Options, g.Steps[:keep])
	if err != nil {
		return err
	}
	r.SeedChosen = g.SeedChosen
	*g = *r
	return nil
}

// SameState reports whether two states have the same snapshot.
func SameState(a, b State) (bool, error) {
	sa, err := a.Snapshot()
	if err != nil {
		return false, err
	}
	sb, err := b.Snapshot()
	if err != nil {
		return false, err
	}
	return bytes.Equal(sa, sb), nil
}
