package game

import (
	"math/rand/v2"
	"testing"
	"time"

	"grognard/rules"
	"grognard/rules/almansa"
)

// benchGame plays random legal actions (chance by the game's own seeded
// generator) until stop says so or the game ends.
func benchGame(b *testing.B, scenario string, seed uint64, stop func(*rules.Game) bool) *rules.Game {
	b.Helper()
	g, err := rules.NewGame(scenario, seed, nil)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	for n := 0; !g.State.Result().Over && !stop(g); n++ {
		if n > 200000 {
			b.Fatal("no end after 200000 actions")
		}
		legal := g.State.Legal()
		if len(legal) == 0 {
			b.Fatalf("no legal action at step %d", len(g.Steps))
		}
		if _, err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

// BenchmarkReplayMoment: showing one moment of a replay in the scene (issue
// #13, goal at most 100 ms): the scene moves to step n and builds all it
// draws from it (the game at n from the timeline's checkpoint, the view,
// the step's info with its dice and odds, the log, the side panel's rows).
// Every iteration asks for a step just before a checkpoint (the most steps
// to apply), so ns/op is the worst case. Cases: a finished Almansa game,
// and a game of Three Armies for Madrid played to turn 20. The GPU's share
// of the frame is BenchmarkFrame's. 'open-ms' is the one-off cost of
// opening the replay (one checked replay of the whole record).
func BenchmarkReplayMoment(b *testing.B) {
	cases := []struct {
		name string
		game func(b *testing.B) *rules.Game
	}{
		{"almansa-finished", func(b *testing.B) *rules.Game {
			return benchGame(b, almansa.ScenarioID, 1, func(*rules.Game) bool { return false })
		}},
		{"three-armies-turn20", func(b *testing.B) *rules.Game {
			for seed := uint64(1); ; seed++ {
				g := benchGame(b, "marshals-three-armies", seed, func(g *rules.Game) bool { return g.State.Status().Turn >= 20 })
				if !g.State.Result().Over {
					return g
				}
			}
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			g := c.game(b)
			if c.name == "almansa-finished" && !g.State.Result().Over {
				b.Fatal("the Almansa game is not finished")
			}
			a := &App{w: WindowW, h: WindowH, input: noInput{}}
			start := time.Now()
			r, err := NewReplay(g, 0)
			if err != nil {
				b.Fatal(err)
			}
			rs := &replayScene{R: r, back: nil, shownN: -1, shownViewer: -1}
			open := float64(time.Since(start).Milliseconds())
			every := rules.DefaultCheckpointEvery
			k := 0
			for b.Loop() {
				n := (k*7919)%(r.Len()/every)*every + every - 1
				k++
				r.Goto(n)
				rs.sync(a)
				if rs.err != nil || rs.View() == nil {
					b.Fatal(rs.err)
				}
				rs.stepInfo()
				rs.logTexts()
				rs.replayLogRect(a)
				r.Marks()
			}
			b.ReportMetric(open, "open-ms")
			b.ReportMetric(float64(r.Len()), "steps")
			b.ReportMetric(float64(g.State.Status().Turn), "turn")
		})
	}
}
