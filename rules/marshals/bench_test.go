package marshals

import (
	"encoding/json"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"grognard/rules"
)

// turn20 plays a random game of Three Armies for Madrid to turn 20 and
// returns it with the position whose decider had the most actions.
func turn20(b *testing.B) (*rules.Game, rules.State) {
	b.Helper()
	for seed := uint64(1); ; seed++ {
		g, err := rules.NewGame("marshals-three-armies", seed, nil)
		if err != nil {
			b.Fatal(err)
		}
		var busiest rules.State
		most := 0
		r := rand.New(rand.NewPCG(seed, 1))
		for n := 0; g.State.Status().Turn < 20 && !g.State.Result().Over; n++ {
			legal := g.State.Legal()
			if len(legal) > most {
				most, busiest = len(legal), g.State.Clone()
			}
			if _, err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				b.Fatal(err)
			}
		}
		if !g.State.Result().Over {
			return g, busiest
		}
	}
}

// BenchmarkLegalBusiest: Legal() for the busiest position met in a game of
// Three Armies for Madrid (goal: at most 1 ms).
func BenchmarkLegalBusiest(b *testing.B) {
	_, st := turn20(b)
	b.ResetTimer()
	b.ReportMetric(float64(len(st.Legal())), "actions")
	for i := 0; i < b.N; i++ {
		st.Legal()
	}
}

// BenchmarkCloneTurn20 and BenchmarkSnapshotTurn20: the cost of copying and
// serialising a turn-20 game of Three Armies for Madrid.
func BenchmarkCloneTurn20(b *testing.B) {
	g, _ := turn20(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.State.Clone()
	}
}

func BenchmarkSnapshotTurn20(b *testing.B) {
	g, _ := turn20(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := g.State.Snapshot(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSaveLoadTurn20: a save (the steps as JSON) and a load (replay of
// every step, checked against the snapshot) of a turn-20 game.
func BenchmarkSaveLoadTurn20(b *testing.B) {
	g, _ := turn20(b)
	b.ResetTimer()
	b.ReportMetric(float64(len(g.Steps)), "steps")
	for i := 0; i < b.N; i++ {
		data, err := json.Marshal(g.Steps)
		if err != nil {
			b.Fatal(err)
		}
		var steps []rules.Step
		if err := json.Unmarshal(data, &steps); err != nil {
			b.Fatal(err)
		}
		r, err := rules.Replay(g.Scenario, g.Seed, nil, steps)
		if err != nil {
			b.Fatal(err)
		}
		if same, _ := rules.SameState(r.State, g.State); !same {
			b.Fatal("load differs")
		}
	}
}

// BenchmarkPlayoutThreeArmies: whole random games (soak, not a test).
func BenchmarkPlayoutThreeArmies(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := rules.PlayOne("marshals-three-armies", uint64(i)+1000, rules.PlayoutConfig{}); err != nil {
			b.Fatal(err)
		}
	}
}

// cpuTime is the user and system CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkClone clones positions taken every 25 actions all along random
// games of each scenario (Clone at any point of a game, issue #20: at most
// 5 us); it reports the CPU time per clone and the slowest position's
// mean clone time.
func BenchmarkClone(b *testing.B) {
	for _, d := range ScenarioList {
		b.Run(d.ID, func(b *testing.B) {
			r := rand.New(rand.NewPCG(3, 4))
			var pos []rules.State
			for seed := 0; seed < 2; seed++ {
				st, err := rules.NewState(d.ID, nil)
				if err != nil {
					b.Fatal(err)
				}
				for n := 0; n < 4000 && !st.Result().Over; n++ {
					if n%25 == 0 {
						pos = append(pos, st.Clone())
					}
					var a rules.Action
					if st.Status().Decider == rules.Chance {
						a, _ = rules.Sample(st.Chances(), r)
					} else {
						l := st.Legal()
						a = l[r.IntN(len(l))]
					}
					if _, err := st.Apply(a); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportAllocs()
			cpu0 := cpuTime()
			b.ResetTimer()
			for n := 0; n < b.N; n++ {
				_ = pos[n%len(pos)].Clone()
			}
			b.StopTimer()
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/1000, "cpu-us/clone")
			// The slowest position: 500 clones of each, CPU time together.
			var worst time.Duration
			for _, p := range pos {
				t0 := cpuTime()
				for range 500 {
					_ = p.Clone()
				}
				worst = max(worst, (cpuTime()-t0)/500)
			}
			b.ReportMetric(float64(worst.Nanoseconds())/1000, "worst-us/clone")
		})
	}
}
