package ai

import (
	"math/rand/v2"
	"testing"

	"grognard/rules"
)

// TestRule7_5_NeverChoosesAnActionOnlyTheSampleAllows: at Ocaña the
// Allied decoys are placed while the French counters are hidden [7.5];
// a sample of the hidden facts may free a place the game does not (an
// Allied normal computer chose "deploy spanish-decoy-1 to escalona", which
// the game refused). The candidates are the sample's legal actions that
// the decider's own View lists as legal.
func TestRule7_5_NeverChoosesAnActionOnlyTheSampleAllows(t *testing.T) {
	g, err := rules.NewGame("marshals-ocana", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	differ := 0
	for n := 0; n < 300 && !g.State.Result().Over && g.State.Status().Turn < 2; n++ {
		side := g.State.Status().Decider
		real := map[string]bool{}
		legal := g.State.Legal()
		for _, a := range legal {
			real[a.Key()] = true
		}
		for k := range 3 {
			base := Determinize(g.State, side, rand.New(rand.NewPCG(uint64(n), uint64(k))))
			for _, a := range base.Legal() {
				if !real[a.Key()] {
					differ++
					break
				}
			}
			for _, a := range ownLegal(g.State, base) {
				if !real[a.Key()] {
					t.Fatalf("step %d: %s is a candidate but not legal in the game", n, a.Key())
				}
			}
		}
		if _, err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	if differ == 0 {
		t.Fatal("no sample's legal actions differed from the game's: the test no longer covers the case")
	}
}
