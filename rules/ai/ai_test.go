package ai

import (
	"context"
	"testing"

	"grognard/rules"
	_ "grognard/rules/systems"
)

// advance plays n random steps of a game (seeded), so the tests decide
// in mid-game positions too.
func advance(t *testing.T, g *rules.Game, n int, seed uint64) {
	t.Helper()
	p, _ := NewPlayer("random")
	for i := 0; i < n && !g.State.Result().Over; i++ {
		d, err := p.Choose(context.Background(), g.State, g.State.Status().Decider, seed+uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(d.Action); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDecideLegalOnEveryScenario: the computer returns a legal action
// within its budget at the start and in mid-game of every scenario, at
// every level and for the greedy player.
func TestDecideLegalOnEveryScenario(t *testing.T) {
	small := Config{Name: "test", Candidates: 4, Iterations: 8, Horizon: 4}
	for _, sc := range rules.Scenarios("") {
		if sc.System == "fixture" || sc.System == "toy" {
			continue
		}
		g, err := rules.NewGame(sc.ID, 7, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, at := range []int{0, 150} {
			advance(t, g, at, 11)
			if g.State.Result().Over {
				break
			}
			side := g.State.Status().Decider
			for _, p := range []Player{searchPlayer{name: "small", cfg: small}, searchPlayer{name: "greedy", cfg: Config{Greedy: true}}} {
				d, err := p.Choose(context.Background(), g.State, side, 3)
				if err != nil {
					t.Fatalf("%s step %d: %v", sc.ID, len(g.Steps), err)
				}
				if _, ok := rules.FindLegal(g.State, d.Action); !ok {
					t.Fatalf("%s: %s chose %s, not legal", sc.ID, p.Name(), d.Action.Key())
				}
				if d.Iterations > small.Iterations || d.Reason == "" {
					t.Fatalf("%s: %d iterations over budget %d, reason %q", sc.ID, d.Iterations, small.Iterations, d.Reason)
				}
			}
		}
	}
}

// TestDecideCancelled: a cancelled search still returns a legal action at
// once (the window's Undo and Menu cancel the computer's search).
func TestDecideCancelled(t *testing.T) {
	g, err := rules.NewGame("almansa-1707", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	d, err := Decide(ctx, g.State, g.State.Status().Decider, Levels["hard"], 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := rules.FindLegal(g.State, d.Action); !ok || d.Iterations > 1 {
		t.Fatalf("cancelled search: %s after %d iterations", d.Action.Key(), d.Iterations)
	}
}
