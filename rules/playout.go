package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
)

// PlayoutConfig configures random playouts.
type PlayoutConfig struct {
	Games      int
	Seed       uint64
	Options    Options
	MaxActions int // per game; 0 means 100000
	// Check, if set, is the system's own invariant check, run after every
	// action (stacking, one unit per hex, hands of the right size...).
	Check func(State) error
	// Deep turns on the costly invariants after every action: Clone is
	// independent, an illegal action is refused and changes nothing, a
	// second legal action is accepted by a clone, JSON round trip of every
	// legal action. Without it they run every 25th action.
	Deep bool
}

// PlayoutGCPercent is the garbage collector's percent `grognard playout`
// runs with (runtime/debug.SetGCPercent; Go's default is 100). A checked
// playout builds two views, a legal list and events per action and keeps
// little (two games' records): at 100 the collector took about a third of
// its CPU (session 20). The heap peaks at about five times the live heap
// instead of twice (tens of MB). The rules package never sets it.
const PlayoutGCPercent = 400

// PlayoutStats sums up a batch of playouts.
type PlayoutStats struct {
	Games   int          `json:"games"`
	Actions int          `json:"actions"` // all steps, chance outcomes included
	Wins    map[Side]int `json:"-"`
	Draws   int          `json:"draws"`
}

// Playout plays cfg.Games random legal games of a scenario to the end and
// checks the engine's invariants after every action:
//   - the decider has a legal action, or the game is over;
//   - Apply accepts what Legal lists and refuses anything else, leaving
//     the state unchanged;
//   - Clone is independent of the original;
//   - every side's view holds no action unless that side decides, and the
//     system's own Check holds;
//   - replaying the recorded steps (the save/load path) gives the same
//     state, and the same seed plays the same game.
func Playout(scenario string, cfg PlayoutConfig) (PlayoutStats, error) {
	st := PlayoutStats{Wins: map[Side]int{}}
	if cfg.Games <= 0 {
		cfg.Games = 1
	}
	for i := range cfg.Games {
		seed := cfg.Seed + uint64(i)
		g, err := PlayOne(scenario, seed, cfg)
		if err != nil {
			return st, fmt.Errorf("game %d (seed %d): %w", i+1, seed, err)
		}
		st.Games++
		st.Actions += len(g.Steps)
		r := g.State.Result()
		if r.Winner == NoSide {
			st.Draws++
		} else {
			st.Wins[r.Winner]++
		}
		if i == 0 {
			// The same seed must play the same game.
			if err := sameGame(scenario, seed, cfg, g); err != nil {
				return st, fmt.Errorf("seed %d did not replay the same game: %w", seed, err)
			}
		}
	}
	return st, nil
}

// PlayOne plays one random game with the invariants checked.
func PlayOne(scenario string, seed uint64, cfg PlayoutConfig) (*Game, error) {
	max := cfg.MaxActions
	if max <= 0 {
		max = 100000
	}
	g, err := NewGame(scenario, seed, cfg.Options)
	if err != nil {
		return nil, err
	}
	pick := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	// The deep checks draw from their own generator, so turning Deep on or
	// off never changes which game a seed plays.
	probe := rand.New(rand.NewPCG(seed, 0x2545f4914f6cdd1d))
	check := func(n int) error {
		if c, ok := g.State.(Checker); ok {
			if err := c.CheckInvariants(); err != nil {
				return fmt.Errorf("system invariant: %w", err)
			}
		}
		if cfg.Check != nil {
			if err := cfg.Check(g.State); err != nil {
				return fmt.Errorf("system invariant: %w", err)
			}
		}
		return checkViews(g.State)
	}
	if err := check(0); err != nil {
		return g, err
	}
	for n := 1; !g.State.Result().Over; n++ {
		if len(g.Steps) > max {
			return g, fmt.Errorf("no result after %d actions (turn %d, phase %s)", max, g.State.Status().Turn, g.State.Status().Phase)
		}
		legal := g.State.Legal()
		if len(legal) == 0 {
			s := g.State.Status()
			return g, fmt.Errorf("decider %s has no legal action (turn %d, phase %s, %s)", s.Decider, s.Turn, s.Phase, s.SubPhase)
		}
		a := legal[pick.IntN(len(legal))]
		if cfg.Deep || n%25 == 0 {
			if err := deepChecks(g.State, legal, a, probe); err != nil {
				return g, fmt.Errorf("after %d actions: %w", len(g.Steps), err)
			}
		}
		if _, err := g.Apply(a); err != nil {
			return g, fmt.Errorf("legal action %q refused: %w", a.String(), err)
		}
		if err := check(n); err != nil {
			return g, fmt.Errorf("after %d actions (%s): %w", len(g.Steps), a.Key(), err)
		}
	}
	// The save/load path: a replay of the steps gives the same state.
	r, err := Replay(scenario, seed, cfg.Options, g.Steps)
	if err != nil {
		return g, fmt.Errorf("replay: %w", err)
	}
	if same, err := SameState(g.State, r.State); err != nil || !same {
		return g, fmt.Errorf("replay gives a different state (err %v)", err)
	}
	return g, nil
}

// sameGame plays seed a second time with the same picks as PlayOne but
// none of its checks (they must not change the game: the second run is the
// game as the app plays it), and compares it with g step by step (action
// key and decider) and by the final snapshot.
func sameGame(scenario string, seed uint64, cfg PlayoutConfig, g *Game) error {
	g2, err := NewGame(scenario, seed, cfg.Options)
	if err != nil {
		return err
	}
	pick := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	same := func(from int) error {
		for i := from; i < len(g2.Steps); i++ {
			if i >= len(g.Steps) {
				return fmt.Errorf("the second run has a step %d, the first ended at %d", i+1, len(g.Steps))
			}
			a, b := &g.Steps[i], &g2.Steps[i]
			if a.By != b.By || !b.Action.HasKey(a.Action.Key()) {
				return fmt.Errorf("step %d: %s by %s, then %s by %s", i+1, a.Action.Key(), a.By, b.Action.Key(), b.By)
			}
		}
		return nil
	}
	if err := same(0); err != nil {
		return err
	}
	for !g2.State.Result().Over && len(g2.Steps) < len(g.Steps) {
		legal := g2.State.Legal()
		if len(legal) == 0 {
			return fmt.Errorf("no legal action at step %d", len(g2.Steps)+1)
		}
		n := len(g2.Steps)
		if _, err := g2.Apply(legal[pick.IntN(len(legal))]); err != nil {
			return fmt.Errorf("step %d: %w", n+1, err)
		}
		if err := same(n); err != nil {
			return err
		}
	}
	if len(g2.Steps) != len(g.Steps) || g2.State.Result() != g.State.Result() {
		return fmt.Errorf("%d steps (%+v), then %d (%+v)", len(g.Steps), g.State.Result(), len(g2.Steps), g2.State.Result())
	}
	if ok, err := SameState(g.State, g2.State); err != nil || !ok {
		return fmt.Errorf("the final states differ (err %v)", err)
	}
	return nil
}

func checkViews(st State) error {
	s := st.Status()
	for i := range st.Sides() {
		side := Side(i)
		v := st.View(side)
		if v == nil {
			return fmt.Errorf("View(%d) is nil", i)
		}
		if v.Side != side {
			return fmt.Errorf("View(%d) says it is for side %d", i, v.Side)
		}
		if s.Decider != side && len(v.Legal) > 0 {
			return fmt.Errorf("side %d's view lists legal actions while %s decides", i, s.Decider)
		}
	}
	return nil
}

func deepChecks(st State, legal []Action, a Action, pick *rand.Rand) error {
	before, err := st.Snapshot()
	if err != nil {
		return err
	}
	// Every legal action survives a JSON round trip with its identity (the
	// list in one document: the same encoder and decoder per action).
	js, err := json.Marshal(legal)
	if err != nil {
		return err
	}
	var back []Action
	if err := json.Unmarshal(js, &back); err != nil {
		return err
	}
	if len(back) != len(legal) {
		return fmt.Errorf("%d legal actions come back as %d from JSON", len(legal), len(back))
	}
	for i := range legal {
		if k := legal[i].Key(); !back[i].HasKey(k) {
			return fmt.Errorf("action %q changes in a JSON round trip", k)
		}
	}
	// Clone is independent: applying to a clone leaves the original alone.
	c := st.Clone()
	if _, err := c.Apply(a); err != nil {
		return fmt.Errorf("clone refused legal action %q: %w", a.Key(), err)
	}
	// Another legal action is accepted too.
	b := legal[pick.IntN(len(legal))]
	if _, err := st.Clone().Apply(b); err != nil {
		return fmt.Errorf("legal action %q refused: %w", b.Key(), err)
	}
	// An action not in the list is refused, by the game's own state (as a
	// stray click would be), and changes nothing. One snapshot after both
	// proves the clone's apply and the refusal left the state as it was.
	bad := a
	bad.Choice += "#not-legal"
	bad.To += "#nowhere"
	if _, err := st.Apply(bad); err == nil {
		return fmt.Errorf("illegal action %q was accepted", bad.Key())
	}
	if after, err := st.Snapshot(); err != nil || !bytes.Equal(before, after) {
		return fmt.Errorf("applying %q to a clone changed the original, or refusing %q changed the state (err %v)", a.Key(), bad.Key(), err)
	}
	return nil
}
