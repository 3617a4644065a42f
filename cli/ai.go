package cli

import (
	"context"
	"flag"
	"fmt"
	"sort"
	"strings"
	"time"

	"grognard/rules"
	"grognard/rules/ai"
	"grognard/saves"
)

// ---- duel ----

// levelTime is the time a level may think per decision (the search stops
// at its iteration budget or at this deadline, whichever comes first).
func levelTime(p string) time.Duration {
	switch strings.TrimPrefix(strings.ToLower(p), "ai:") {
	case "hard":
		return 4500 * time.Millisecond
	case "normal", "greedy":
		return 1800 * time.Millisecond
	}
	return time.Second
}

// sideStats sums one side's decisions in a duel.
type sideStats struct {
	Player    string  `json:"player"`
	Decisions int     `json:"decisions"`
	Planned   int     `json:"planned_steps"` // steps of a chosen route played without a search
	MeanMS    float64 `json:"ms_per_decision"`
	MaxMS     float64 `json:"max_ms"`
	total     time.Duration
}

var duelCmd = &command{
	name:    "duel",
	args:    "SCENARIO [--a PLAYER] [--b PLAYER] [--games N] [--seed S] [--max-steps N] [--replan a|b|both] [--think D] [--json]",
	summary: "Play computer against computer and print the wins of each side.",
	detail: "PLAYER is random, greedy (the best action one move ahead by the evaluation), ai:easy,\n" +
		"ai:normal or ai:hard. --a plays the first side 'grognard list' names, --b the second. Game i\n" +
		"is played with seed S+i; the computer players draw their own samples from a generator of\n" +
		"their own (never the game's seed, draw pile order or future dice), and decide only from\n" +
		"their side's view. A game not over after --max-steps actions counts as unfinished (not a\n" +
		"win; the JSON's \"adjudicated\" counts who is ahead by the evaluation). Each decision is limited to 1 s (easy), 1.8 s (normal, greedy) or 4.5 s (hard).\n" +
		"A unit's move is a whole route chosen once and played step by step without a new search, as\n" +
		"in the window; --replan a (b, both) makes that side search again at every step instead.\n" +
		"--think D (e.g. 20s) gives each decision D instead of its level's time: on a loaded machine\n" +
		"the level's time cuts searches short, and the iteration budget binds only with more.",
	minArgs: 1, maxArgs: 1,
	setup: func(fs *flag.FlagSet) func(*env, []string) error {
		pa := fs.String("a", "ai:normal", "player of the first side")
		pb := fs.String("b", "random", "player of the second side")
		games := fs.Int("games", 10, "number of games")
		seed := fs.Uint64("seed", 1, "seed of the first game")
		maxSteps := fs.Int("max-steps", 20000, "actions after which a game counts as unfinished")
		think := fs.Duration("think", 0, "time each decision may take (0: the level's)")
		replan := fs.String("replan", "", "a, b or both: that side searches at every step instead of following its routes")
		return func(e *env, pos []string) error {
			if *games < 1 {
				return usagef("--games must be at least 1")
			}
			var research [2]bool
			switch strings.ToLower(*replan) {
			case "":
			case "a":
				research[0] = true
			case "b":
				research[1] = true
			case "both":
				research = [2]bool{true, true}
			default:
				return usagef("--replan is a, b or both, not %q", *replan)
			}
			players := [2]ai.Player{}
			for k, spec := range []string{*pa, *pb} {
				p, err := ai.NewPlayer(spec)
				if err != nil {
					return usagef("%v", err)
				}
				players[k] = p
			}
			info, ok := rules.ScenarioByID(pos[0])
			if !ok {
				return fmt.Errorf("unknown scenario %q (see 'grognard list')", pos[0])
			}
			sides := info.Sides
			stats := map[string]*sideStats{}
			for k := range 2 {
				stats[sides[k]] = &sideStats{Player: players[k].Name()}
			}
			wins := map[string]int{sides[0]: 0, sides[1]: 0}
			draws, unfinished := 0, 0
			// Unfinished games are adjudicated by the evaluation (reported
			// apart, never counted as wins).
			adjudicated := map[string]int{}
			var lines []string
			for i := range *games {
				gseed := *seed + uint64(i)
				g, err := rules.NewGame(pos[0], gseed, nil)
				if err != nil {
					return err
				}
				var plans [2]*ai.Plan
				for n := 0; !g.State.Result().Over && n < *maxSteps; n++ {
					side := g.State.Status().Decider
					if side < 0 || int(side) > 1 {
						return fmt.Errorf("game %d: %s decides", i+1, side)
					}
					// The rest of a route chosen earlier: no new search.
					if d, ok := plans[side].Next(g.State, side, g.Steps); ok {
						stats[sides[side]].Planned++
						if _, err := g.Apply(d.Action); err != nil {
							return fmt.Errorf("game %d: %s's route step %s: %v", i+1, players[side].Name(), d.Action.Key(), err)
						}
						continue
					}
					plans[side] = nil
					// The players' own generator: another stream than the game's.
					pseed := (*seed)*0x9e3779b97f4a7c15 + uint64(i)<<20 + uint64(n)
					limit := levelTime(players[side].Name())
					if *think > 0 {
						limit = *think
					}
					ctx, cancel := context.WithTimeout(context.Background(), limit)
					t0 := time.Now()
					d, err := players[side].Choose(ctx, g.State, side, pseed)
					dt := time.Since(t0)
					cancel()
					if err != nil {
						return fmt.Errorf("game %d step %d: %v", i+1, len(g.Steps), err)
					}
					s := stats[sides[side]]
					s.Decisions++
					s.total += dt
					s.MaxMS = max(s.MaxMS, float64(dt.Microseconds())/1000)
					if _, err := g.Apply(d.Action); err != nil {
						return fmt.Errorf("game %d: %s chose %s: %v", i+1, players[side].Name(), d.Action.Key(), err)
					}
					if !research[side] {
						plans[side] = ai.NewPlan(d, side, len(g.Steps))
					}
				}
				r := g.State.Result()
				res := ""
				switch {
				case !r.Over:
					unfinished++
					v := ai.Evaluate(g.State, 0)
					lead := "even"
					switch {
					case v > 0.55:
						lead = sides[0] + " ahead"
						adjudicated[sides[0]]++
					case v < 0.45:
						lead = sides[1] + " ahead"
						adjudicated[sides[1]]++
					}
					res = fmt.Sprintf("unfinished after %d actions (turn %d; by the evaluation %s, %.2f for %s)", len(g.Steps), g.State.Status().Turn, lead, v, sides[0])
				case r.Winner == rules.NoSide:
					draws++
					res = "draw: " + r.Reason
				default:
					wins[sides[r.Winner]]++
					res = sides[r.Winner] + " wins: " + r.Reason
				}
				lines = append(lines, fmt.Sprintf("game %d (seed %d): %s", i+1, gseed, res))
			}
			for _, s := range stats {
				if s.Decisions > 0 {
					s.MeanMS = float64(s.total.Microseconds()) / 1000 / float64(s.Decisions)
				}
			}
			if e.json {
				return e.writeJSON(map[string]any{"scenario": pos[0], "games": *games, "wins": wins, "draws": draws,
					"unfinished": unfinished, "adjudicated": adjudicated, "sides": stats, "seed": *seed})
			}
			for _, l := range lines {
				e.printf("%s\n", l)
			}
			names := append([]string(nil), sides...)
			sort.Strings(names)
			for k := range 2 {
				s := stats[sides[k]]
				e.printf("%s (%s): %d wins of %d; %d decisions, %.1f ms each on average, longest %.0f ms; %d route steps played without a search\n",
					sides[k], s.Player, wins[sides[k]], *games, s.Decisions, s.MeanMS, s.MaxMS, s.Planned)
			}
			e.printf("draws: %d, unfinished: %d (ahead by the evaluation: %s %d, %s %d)\n", draws, unfinished, sides[0], adjudicated[sides[0]], sides[1], adjudicated[sides[1]])
			return nil
		}
	},
}

// applyAI plays the decider's move in a save, chosen by the computer at
// level (default normal); it prints the move and its reason as the
// deciding side may read them.
func applyAI(e *env, path string, rest []string, as string) error {
	level := "normal"
	if len(rest) > 1 {
		return usagef("--ai takes one LEVEL (easy, normal, hard), not actions")
	}
	if len(rest) == 1 {
		level = strings.TrimPrefix(strings.ToLower(rest[0]), "ai:")
	}
	cfg, ok := ai.Levels[level]
	if !ok {
		return usagef("unknown level %q: want easy, normal or hard", level)
	}
	g, err := saves.Read(path)
	if err != nil {
		return err
	}
	if err := writable(path); err != nil {
		return err
	}
	if r := g.State.Result(); r.Over {
		return fmt.Errorf("the game is over; nothing written to %s", path)
	}
	if _, err := g.ResolveChance(); err != nil {
		return err
	}
	by := g.State.Status().Decider
	if by < 0 {
		return fmt.Errorf("nobody decides now; nothing written to %s", path)
	}
	ctx, cancel := context.WithTimeout(context.Background(), levelTime(level))
	defer cancel()
	// The computer's own generator: from the clock, never the game's seed.
	d, err := ai.Decide(ctx, g.State, by, cfg, uint64(time.Now().UnixNano()), nil)
	if err != nil {
		return err
	}
	evs, err := g.Apply(d.Action)
	if err != nil {
		return fmt.Errorf("%s: %v; nothing written to %s", d.Action.Key(), err, path)
	}
	// A whole route is one move: its rest is played too, step by step,
	// while the rules let it go on (ai.Plan).
	what := d.Action.String()
	plan := ai.NewPlan(d, by, len(g.Steps))
	for n := 0; n < 200; n++ {
		pd, ok := plan.Next(g.State, by, g.Steps)
		if !ok {
			break
		}
		more, err := g.Apply(pd.Action)
		if err != nil {
			break
		}
		evs = append(evs, more...)
		what += "; " + pd.Action.String()
	}
	if err := saves.Write(path, g); err != nil {
		return fmt.Errorf("%v; nothing written", err)
	}
	// In a game with hidden information the move and its reason are the
	// decider's to read: printed with --as naming it, else public text only.
	viewer := by
	if info, ok := rules.ScenarioByID(g.Scenario); ok {
		if sys, _ := rules.SystemByID(info.System); sys.Hidden {
			viewer = rules.NoSide
			if as != "" {
				if s, err := parseSide(g.State, as); err == nil && s == by {
					viewer = by
				}
			}
		}
	}
	why := d.Reason
	if viewer != by {
		what, why = "decided (its move is its own: give --as "+sideName(g.State, by)+" to read it)", ""
	}
	if e.json {
		ej := []eventJSON{}
		for _, ev := range evs {
			ej = append(ej, eventFor(ev, viewer, false))
		}
		m := map[string]any{"file": path, "by": sideName(g.State, by), "level": level,
			"events": ej, "status": g.State.Status(), "result": g.State.Result()}
		if viewer == by {
			m["action"], m["reason"] = d.Action, d.Reason
		}
		return e.writeJSON(m)
	}
	e.printf("> %s (computer, %s): %s\n", sideName(g.State, by), level, what)
	if why != "" {
		e.printf("  why: %s\n", why)
	}
	for _, ev := range evs {
		e.printf("%s\n", eventFor(ev, viewer, false).Line)
	}
	e.printf("# %s\n", statusLine(g.State))
	return nil
}
