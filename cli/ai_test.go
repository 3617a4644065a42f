package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestDuel: computer against computer prints the wins of each side; the
// JSON adds up to the games played.
func TestDuel(t *testing.T) {
	var d struct {
		Games      int            `json:"games"`
		Wins       map[string]int `json:"wins"`
		Draws      int            `json:"draws"`
		Unfinished int            `json:"unfinished"`
		Sides      map[string]struct {
			Player    string `json:"player"`
			Decisions int    `json:"decisions"`
		} `json:"sides"`
	}
	run("duel", "toy-race", "--a", "ai:easy", "--b", "random", "--games", "3", "--json").ok(t).json(t, &d)
	if d.Games != 3 || d.Wins["Red"]+d.Wins["Blue"]+d.Draws+d.Unfinished != 3 {
		t.Fatalf("duel --json = %+v", d)
	}
	if d.Sides["Red"].Player != "ai:easy" || d.Sides["Blue"].Player != "random" || d.Sides["Red"].Decisions == 0 {
		t.Fatalf("duel sides = %+v", d.Sides)
	}
	run("duel", "toy-race", "--a", "greedy", "--b", "ai:easy", "--games", "1").ok(t).has(t, "Red (greedy): ", "Blue (ai:easy): ", "ms each on average")
	run("duel", "toy-race", "--a", "clever").fails(t, 2, `unknown player "clever"`)
}

// TestApplyAI: apply --ai plays the decider's move chosen by the computer
// and prints it with its reason; in a game with hidden information (the
// toy) only with --as naming the decider, else the public text only.
func TestApplyAI(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.json")
	run("new", "toy-race", "--out", path).ok(t)
	run("apply", path, "--ai", "easy", "--as", "red").ok(t).has(t, "> Red (computer, easy): ", "why: ")
	r := run("apply", path, "--ai").ok(t).has(t, " (computer, normal): decided (its move is its own: give --as ")
	if strings.Contains(r.out, "why: ") {
		t.Errorf("apply --ai without --as prints the computer's reason in a hidden game:\n%s", r.out)
	}
	run("apply", path, "--ai", "genius").fails(t, 2, `unknown level "genius"`)
	run("apply", path).fails(t, 2, "missing arguments")
}
