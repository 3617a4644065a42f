package ai

import (
	"context"
	"strings"
	"testing"

	"grognard/rules"
)

// phaseRun plays side's decisions at cfg from g while inPhase holds,
// following each chosen route's plan without a new search, and counts the
// searches, the steps played from plans and the distinct units moved.
// Every action must be legal (g.Apply refuses any other).
type phaseRun struct {
	searched, planned int
	moveSearches      int // searches that chose a move or a turn
	moved             map[string]bool
}

func playPhase(t testing.TB, g *rules.Game, cfg Config, inPhase func(rules.Status) bool, limit int) phaseRun {
	t.Helper()
	run := phaseRun{moved: map[string]bool{}}
	var plan *Plan
	for n := 0; n < limit && !g.State.Result().Over && inPhase(g.State.Status()); n++ {
		side := g.State.Status().Decider
		d, ok := plan.Next(g.State, side, g.Steps)
		if ok {
			run.planned++
		} else {
			var err error
			d, err = Decide(context.Background(), g.State, side, cfg, uint64(n)+1, nil)
			if err != nil {
				t.Fatalf("step %d: %v", len(g.Steps), err)
			}
			if d.Iterations > cfg.Iterations {
				t.Fatalf("step %d: %d playouts over the budget of %d", len(g.Steps), d.Iterations, cfg.Iterations)
			}
			run.searched++
			if d.Action.Kind == "move" || d.Action.Kind == "face" {
				run.moveSearches++
			}
			if testing.Verbose() {
				t.Logf("search: %s [%s] %s", d.Action.Key(), g.State.Status().Phase, d.Reason)
			}
		}
		if d.Action.Kind == "move" {
			run.moved[d.Action.Unit] = true
		}
		if _, err := g.Apply(d.Action); err != nil {
			t.Fatalf("step %d: the computer chose %s (planned %v): %v", len(g.Steps), d.Action.Key(), ok, err)
		}
		if !ok {
			plan = NewPlan(d, side, len(g.Steps))
		}
	}
	if inPhase(g.State.Status()) && !g.State.Result().Over {
		t.Fatalf("the phase did not end in %d actions: %+v", limit, g.State.Status())
	}
	return run
}

var routeCfg = Config{Name: "test", Candidates: 8, Iterations: 16, Horizon: 4}

// TestRoutesWholeAlbueraActivation: the computer plays the first side's
// whole Albuera activations (movement, fire and charges [12] [14], then
// its commanders' move [3.3]) deciding once per unit's route, not once per
// hex: every action legal, every search within its budget, and at most
// one search of a move per unit moved plus a few (a route cut short by the
// rules is searched again). Other choices (formations [6.2], skirmishers,
// the activation [4.5]) are searched as before.
func TestRoutesWholeAlbueraActivation(t *testing.T) {
	g, err := rules.NewGame("albuera-1811", 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	first := g.State.Status().Active
	run := playPhase(t, g, routeCfg, func(st rules.Status) bool {
		return strings.HasPrefix(st.Phase, "2.") && st.Active == first
	}, 400)
	t.Logf("Albuera activations: %d searches (%d of them moves), %d route steps without a search, %d units moved",
		run.searched, run.moveSearches, run.planned, len(run.moved))
	if len(run.moved) < 3 || run.planned < len(run.moved) {
		t.Fatalf("routes not followed: %d units moved, %d planned steps", len(run.moved), run.planned)
	}
	if run.moveSearches > len(run.moved)+4 {
		t.Fatalf("%d searches of moves for %d units moved: the computer decides hex by hex", run.moveSearches, len(run.moved))
	}
}

// TestRoutesWholeAlmansaMovementPhase: the same over the first Bourbon
// movement phase of Almansa [10] (formation by formation).
func TestRoutesWholeAlmansaMovementPhase(t *testing.T) {
	g := almansaAtMovement(t)
	ph := g.State.Status().Phase
	small := Config{Name: "test", Candidates: 6, Iterations: 6, Horizon: 2}
	run := playPhase(t, g, small, func(st rules.Status) bool { return st.Phase == ph }, 2000)
	t.Logf("Almansa movement phase: %d searches (%d of them moves), %d route steps without a search, %d units moved",
		run.searched, run.moveSearches, run.planned, len(run.moved))
	if len(run.moved) < 10 || run.planned < len(run.moved) {
		t.Fatalf("routes not followed: %d units moved, %d planned steps", len(run.moved), run.planned)
	}
	if run.moveSearches > len(run.moved)+4 {
		t.Fatalf("%d searches of moves for %d units moved: the computer decides hex by hex", run.moveSearches, len(run.moved))
	}
}

// almansaAtMovement is an Almansa game at the first movement phase (the
// historical set-up [4] taken by the computer at once).
func almansaAtMovement(t testing.TB) *rules.Game {
	t.Helper()
	g, err := rules.NewGame("almansa-1707", 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200 && !strings.Contains(g.State.Status().Phase, "movement"); i++ {
		d, err := Decide(context.Background(), g.State, g.State.Status().Decider, Config{Candidates: 1, Iterations: 1, Horizon: 1}, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(d.Action); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(g.State.Status().Phase, "movement") {
		t.Fatalf("no movement phase: %+v", g.State.Status())
	}
	return g
}

// TestPlanStopsWhenTheGameChanges: a route's rest is played only while
// nothing but the computer's own steps (and chance) happened since, and
// only while its next step is legal.
func TestPlanStopsWhenTheGameChanges(t *testing.T) {
	g := almansaAtMovement(t)
	side := g.State.Status().Decider
	d, err := Decide(context.Background(), g.State, side, routeCfg, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Plan) == 0 {
		t.Fatalf("the first move of the phase is no route: %s (%s)", d.Action.Key(), d.Reason)
	}
	if _, err := g.Apply(d.Action); err != nil {
		t.Fatal(err)
	}
	p := NewPlan(d, side, len(g.Steps))
	// The other side decided meanwhile (a forged record): no step.
	other := append(append([]rules.Step(nil), g.Steps...), rules.Step{Action: rules.Action{Kind: "end"}, By: 1 - side})
	if _, ok := p.Next(g.State, side, other); ok {
		t.Fatal("the plan went on after the other side acted")
	}
	// The next step made illegal: the unit's route is void.
	q := NewPlan(d, side, len(g.Steps))
	q.Steps = append([]rules.Action{{Kind: "move", Unit: d.Action.Unit, To: "0101"}}, q.Steps...)
	if _, ok := q.Next(g.State, side, g.Steps); ok {
		t.Fatal("the plan played an illegal step")
	}
	// Untouched: the next step is the route's and legal.
	r := NewPlan(d, side, len(g.Steps))
	nd, ok := r.Next(g.State, side, g.Steps)
	if !ok || nd.Action.Key() != d.Plan[0].Key() || !nd.Planned {
		t.Fatalf("the plan's next step: %v %s, want %s", ok, nd.Action.Key(), d.Plan[0].Key())
	}
	if _, ok := rules.FindLegal(g.State, nd.Action); !ok {
		t.Fatalf("planned step %s not legal", nd.Action.Key())
	}
}
