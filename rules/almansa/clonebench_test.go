package almansa

import (
	"testing"

	"grognard/rules"
)

// BenchmarkCloneThenApply is what a search or the playout's deep checks do
// to a position of a movement phase: clone it and apply one action, whose
// automatic steps build the clone's first legal list (its movement memo
// made from nothing, #20). Positions every 50 actions of a random game.
func BenchmarkCloneThenApply(b *testing.B) {
	st, err := rules.NewState(ScenarioID, nil)
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	var pick uint64 = 3
	var states []*State
	for n := 0; n < 3000 && !s.Over; n++ {
		legal := s.Legal()
		if n%50 == 0 && phaseKind(s.Phase) == "move" {
			states = append(states, s.clone())
		}
		pick = pick*6364136223846793005 + 1442695040888963407
		if _, err := s.Apply(legal[int(pick>>33)%len(legal)]); err != nil {
			b.Fatal(err)
		}
	}
	if len(states) == 0 {
		b.Fatal("no movement phase")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := states[i%len(states)].clone()
		l := c.Legal()
		if _, err := c.Apply(l[len(l)/2]); err != nil {
			b.Fatal(err)
		}
	}
}
