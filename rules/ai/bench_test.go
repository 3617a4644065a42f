package ai

import (
	"context"
	"testing"

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
