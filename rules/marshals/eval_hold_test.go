package marshals

import (
	"context"
	"testing"

	"grognard/rules/ai"
)

// TestRule8_0_GarrisonOfMadridStays: Madrid is worth 5 VP to the side
// that holds it at the end [8.0] [S2 VC]. In a loaded Retreat duel the
// French computer, its searches cut short by their deadline, activated
// the three detachments holding Madrid and marched them out of the town
// on turn 1 (#21). At a French operation of turn 1, activating the Madrid
// garrison ranks below the other activations; once it is activated, with
// every search cut (the best by priority alone) the garrison ends its
// move in Madrid.
func TestRule8_0_GarrisonOfMadridStays(t *testing.T) {
	g := replay(t, "marshals-retreat", 1, retreatTurn1[:len(retreatTurn1)-2])
	s := g.State.(*State)
	var madrid, other float64
	for _, a := range s.Legal() {
		if a.Kind != "order" {
			continue
		}
		if a.To == "madrid" {
			madrid = s.Priority(a)
		} else {
			other = max(other, s.Priority(a))
		}
	}
	if madrid == 0 || other == 0 || madrid >= other {
		t.Errorf("activating Madrid ranks %.2f, the best other activation %.2f", madrid, other)
	}
	g = replay(t, "marshals-retreat", 1, append(append([]string(nil), retreatTurn1[:len(retreatTurn1)-2]...), "order to=madrid", "end c=confirm"))
	s = g.State.(*State)
	if s.Move == nil || s.Move.Zone != "madrid" || s.Sub != SubMove {
		t.Fatalf("want the Madrid garrison moving, have %s", s.Sub)
	}
	cut, cancel := context.WithCancel(context.Background())
	cancel()
	for seed := uint64(1); seed <= 3; seed++ {
		d, err := ai.Decide(cut, s, French, ai.Levels["normal"], seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		if d.Action.Kind != "end" || d.Action.Choice != "stop" {
			t.Errorf("sample %d: the garrison of Madrid plays %s (%s)", seed, d.Action.Key(), d.Reason)
		}
	}
}
