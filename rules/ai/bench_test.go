package ai

import (
	"context"
	"strings"
	"syscall"
	"testing"
	"time"

	"grognard/rules"
)

// BenchmarkDecideNormal times one decision at the normal level (its full
// iteration budget, no deadline) in a mid-game position of each scenario:
// the goal is at most 2 s a decision on the 2-core machine (the window and
// 'grognard duel' also stop the search at 1.8 s).
func BenchmarkDecideNormal(b *testing.B) {
	for _, sc := range rules.Scenarios("") {
		b.Run(sc.ID, func(b *testing.B) {
			g, err := rules.NewGame(sc.ID, 7, nil)
			if err != nil {
				b.Fatal(err)
			}
			p, _ := NewPlayer("random")
			for i := 0; i < 200 && !g.State.Result().Over; i++ {
				d, _ := p.Choose(context.Background(), g.State, g.State.Status().Decider, uint64(i))
				g.Apply(d.Action)
			}
			side := g.State.Status().Decider
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := Decide(context.Background(), g.State, side, Levels["normal"], uint64(i), nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchPhase times side's whole phase at level (the deadline of the
// window and 'grognard duel' per decision), reporting the searches and the
// longest one: the goals are a whole Albuera activation within 20 s and
// each decision within 2 s at normal (5 s at hard).
func benchPhase(b *testing.B, start func(testing.TB) (*rules.Game, func(rules.Status) bool), level string, deadline time.Duration) {
	var searches, planned int
	var longest, cpu, cpuLongest time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g, inPhase := start(b)
		b.StartTimer()
		var plan *Plan
		for n := 0; n < 3000 && !g.State.Result().Over && inPhase(g.State.Status()); n++ {
			side := g.State.Status().Decider
			d, ok := plan.Next(g.State, side, g.Steps)
			if ok {
				planned++
			} else {
				ctx, cancel := context.Background(), context.CancelFunc(func() {})
				if deadline > 0 {
					ctx, cancel = context.WithTimeout(ctx, deadline)
				}
				t0, c0 := time.Now(), cpuTime()
				var err error
				d, err = Decide(ctx, g.State, side, Levels[level], uint64(n)+1, nil)
				longest = max(longest, time.Since(t0))
				dc := cpuTime() - c0
				cpu += dc
				cpuLongest = max(cpuLongest, dc)
				cancel()
				if err != nil {
					b.Fatal(err)
				}
				searches++
			}
			if _, err := g.Apply(d.Action); err != nil {
				b.Fatal(err)
			}
			if !ok {
				plan = NewPlan(d, side, len(g.Steps))
			}
		}
	}
	b.ReportMetric(float64(searches)/float64(b.N), "searches/op")
	b.ReportMetric(float64(planned)/float64(b.N), "planned-steps/op")
	b.ReportMetric(float64(longest.Milliseconds()), "longest-ms")
	// The processor time of the searches: what they take on a machine
	// nobody else uses (the wall-clock time above grows with the load).
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "search-cpu-ms/op")
	b.ReportMetric(float64(cpuLongest.Milliseconds()), "longest-search-cpu-ms")
}

// cpuTime is the process's processor time so far (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func albueraFirstActivation(t testing.TB) (*rules.Game, func(rules.Status) bool) {
	g, err := rules.NewGame("albuera-1811", 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	first, act := g.State.Status().Active, 0
	return g, func(st rules.Status) bool {
		// The first activation: until its commanders' move [3.3] is over.
		if strings.HasPrefix(st.Phase, "2.3") {
			act = 1
		} else if act == 1 {
			return false
		}
		return strings.HasPrefix(st.Phase, "2.") && st.Active == first
	}
}

func almansaFirstMovement(t testing.TB) (*rules.Game, func(rules.Status) bool) {
	g := almansaAtMovement(t)
	ph := g.State.Status().Phase
	return g, func(st rules.Status) bool { return st.Phase == ph }
}

// BenchmarkAlbueraActivationNormal: one whole Albuera activation (its
// movement, fire and charges, then its commanders' move) at normal.
func BenchmarkAlbueraActivationNormal(b *testing.B) {
	benchPhase(b, albueraFirstActivation, "normal", 1800*time.Millisecond)
}

// BenchmarkAlbueraActivationHard: the same at hard.
func BenchmarkAlbueraActivationHard(b *testing.B) {
	benchPhase(b, albueraFirstActivation, "hard", 4500*time.Millisecond)
}

// BenchmarkAlbueraActivationNormalFull: the same with no deadline (every
// search spends its whole budget): its search-cpu-ms is what a quiet
// machine takes.
func BenchmarkAlbueraActivationNormalFull(b *testing.B) {
	benchPhase(b, albueraFirstActivation, "normal", 0)
}

// BenchmarkAlmansaMovementPhaseNormalFull: the Almansa movement phase at
// normal with no deadline.
func BenchmarkAlmansaMovementPhaseNormalFull(b *testing.B) {
	benchPhase(b, almansaFirstMovement, "normal", 0)
}

// BenchmarkAlmansaMovementPhaseNormal: the whole first Bourbon movement
// phase of Almansa (some 40 units) at normal.
func BenchmarkAlmansaMovementPhaseNormal(b *testing.B) {
	benchPhase(b, almansaFirstMovement, "normal", 1800*time.Millisecond)
}
