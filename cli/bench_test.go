package cli

import "testing"

func TestBenchPrintsEveryScenarioGiven(t *testing.T) {
	run("bench", "toy-race", "--actions", "200").ok(t).has(t, "actions/s", "Legal us", "Apply us", "Clone us", "allocs/action", "toy-race")
	var rows []struct {
		Scenario      string  `json:"scenario"`
		Actions       int     `json:"actions"`
		ActionsPerSec float64 `json:"actions_per_second"`
		CloneUs       float64 `json:"clone_mean_us"`
	}
	run("bench", "toy-race", "--actions", "100", "--json").ok(t).json(t, &rows)
	if len(rows) != 1 || rows[0].Scenario != "toy-race" || rows[0].Actions != 100 || rows[0].ActionsPerSec <= 0 {
		t.Errorf("bench --json: %+v", rows)
	}
	run("bench", "no-such-scenario").fails(t, 1, "unknown scenario")
	run("bench", "toy-race", "--actions", "0").fails(t, 2, "--actions")
}
