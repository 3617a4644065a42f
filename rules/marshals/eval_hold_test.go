package marshals

import (
	"context"
	"slices"
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

// TestRule8_0_OrderingPullsTowardAThreatenedMadrid: the move ordering
// pulls a stack toward the VP zones its side does not hold, and only a
// quarter as much toward those it holds [5.3] [8.0]; Madrid held by three
// detachments while more Spanish counters stand within two moves needs
// help (the Retreat's French main army stayed at Santa Olalla while the
// town fell, #21). With the La Mancha army two moves from Madrid, a zone
// next to Madrid (Móstoles) pulls the French more than with that army far
// away at Ciudad Real.
func TestRule8_0_OrderingPullsTowardAThreatenedMadrid(t *testing.T) {
	s := loadedState(t, "marshals-retreat")
	put := func(z string, ids ...string) { placeUnits(t, s, z, ids...) }
	lamancha := []string{"al-venegas", "sp-vigodet", "sp-giron", "sp-zerain", "sp-march", "sp-osono", "sp-castejon"}
	// the other Allied counters off the map: only the La Mancha army moves
	for i := range s.Units {
		if d := s.def(i); d.Side == Allied && !slices.Contains(lamancha, d.ID) {
			s.Units[i].Off = OffEliminated
		}
	}
	put("ciudad-real", lamancha...)
	if s.controls("madrid") != French {
		t.Fatal("the French should hold Madrid at the start")
	}
	calm := s.zoneNearness(French, "mostoles")
	if s.heldThreatened(French, "madrid") {
		t.Errorf("Madrid threatened with the La Mancha army at Ciudad Real")
	}
	put("getafe", lamancha...)
	if !s.heldThreatened(French, "madrid") {
		t.Errorf("Madrid not threatened with the La Mancha army at Getafe")
	}
	if pulled := s.zoneNearness(French, "mostoles"); pulled <= calm {
		t.Errorf("the pull toward Móstoles is %.3f with Madrid threatened, %.3f without", pulled, calm)
	}
}
