package cli

import (
	"flag"
	"fmt"
	"time"

	"grognard/rules"
)

// ---- bench ----

// benchCmd measures how fast the engine plays (issue #20): raw random play
// with no checks, per scenario.
var benchCmd = &command{
	name:    "bench",
	args:    "[SCENARIO...] [--actions N] [--seed S] [--json]",
	summary: "Measure the engine's raw speed: random legal play with no checks, per scenario.",
	detail: "For every scenario given (all scenarios when none is), plays random legal games back to back\n" +
		"(Legal, a uniform pick, Apply; chance outcomes sampled from Chances; game i from seed S+i) for\n" +
		"N actions and prints the actions per second, the mean time of Legal, Apply and Clone (a clone\n" +
		"every 32 actions), and the heap allocations per action. Nothing is checked: see 'playout'.",
	minArgs: 0, maxArgs: -1,
	setup: func(fs *flag.FlagSet) func(*env, []string) error {
		actions := fs.Int("actions", 20000, fmt.Sprintf("actions per scenario (1 to %d)", maxActionsLimit))
		seed := fs.Uint64("seed", 1, "seed of the first game")
		return func(e *env, pos []string) error {
			if *actions < 1 || *actions > maxActionsLimit {
				return usagef("--actions must be at least 1 and at most %d (got %d)", maxActionsLimit, *actions)
			}
			var ids []string
			for _, p := range pos {
				sc, ok := rules.ScenarioByID(p)
				if !ok {
					return fmt.Errorf("unknown scenario %q (see 'grognard list')", p)
				}
				ids = append(ids, sc.ID)
			}
			if len(ids) == 0 {
				for _, sc := range rules.Scenarios("") {
					ids = append(ids, sc.ID)
				}
			}
			t0 := time.Now()
			now := func() int64 { return int64(time.Since(t0)) }
			type row struct {
				Scenario        string  `json:"scenario"`
				Games           int     `json:"games"`
				Actions         int     `json:"actions"`
				ActionsPerSec   float64 `json:"actions_per_second"`
				LegalUs         float64 `json:"legal_mean_us"`
				ApplyUs         float64 `json:"apply_mean_us"`
				CloneUs         float64 `json:"clone_mean_us"`
				AllocsPerAction float64 `json:"allocs_per_action"`
				BytesPerAction  float64 `json:"bytes_per_action"`
				CloneAllocs     float64 `json:"allocs_per_clone"`
			}
			var rows []row
			if !e.json {
				e.printf("%-22s %12s %10s %10s %10s %14s %12s\n", "scenario", "actions/s", "Legal us", "Apply us", "Clone us", "allocs/action", "B/action")
			}
			for _, id := range ids {
				r, err := rules.RawPlayout(id, *seed, nil, *actions, now)
				if err != nil {
					return err
				}
				rw := row{Scenario: id, Games: r.Games, Actions: r.Actions, ActionsPerSec: r.PerSecond(),
					LegalUs: r.LegalMean() / 1e3, ApplyUs: r.ApplyMean() / 1e3, CloneUs: r.CloneMean() / 1e3,
					AllocsPerAction: r.AllocsPerAction(), BytesPerAction: r.BytesPerAction()}
				if r.Clones > 0 {
					rw.CloneAllocs = float64(r.CloneAllocs) / float64(r.Clones)
				}
				rows = append(rows, rw)
				if !e.json {
					e.printf("%-22s %12.0f %10.2f %10.2f %10.2f %14.1f %12.0f\n", id, rw.ActionsPerSec, rw.LegalUs, rw.ApplyUs, rw.CloneUs, rw.AllocsPerAction, rw.BytesPerAction)
				}
			}
			if e.json {
				return e.writeJSON(rows)
			}
			return nil
		}
	},
}
