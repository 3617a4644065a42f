package albuera

import (
	"math/rand/v2"
	"testing"

	"grognard/rules"
)

// playRandom plays one random game from st, checking invariants after
// every action; it returns the number of actions.
func playRandom(t testing.TB, st *State, seed uint64, max int) int {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	n := 0
	for !st.Result().Over {
		if n >= max {
			t.Fatalf("seed %d: no result after %d actions (turn %d, %s)", seed, n, st.Turn, st.Phase)
		}
		legal := st.Legal()
		if len(legal) == 0 {
			t.Fatalf("seed %d: no legal action: %+v", seed, st.Status())
		}
		a := legal[r.IntN(len(legal))]
		if _, err := st.Apply(a); err != nil {
			t.Fatalf("seed %d: legal action %s refused: %v", seed, a.Key(), err)
		}
		if err := st.CheckInvariants(); err != nil {
			t.Fatalf("seed %d after %d actions (%s): %v", seed, n, a.Key(), err)
		}
		for side := range 2 {
			v := st.View(rules.Side(side))
			if st.decider() != rules.Side(side) && len(v.Legal) > 0 {
				t.Fatalf("view of side %d lists actions", side)
			}
		}
		n++
	}
	return n
}

func TestRule3_RandomPlayoutsFixture(t *testing.T) {
	sc := fixture(t)
	for seed := uint64(1); seed <= 5; seed++ {
		st, err := New(sc)
		if err != nil {
			t.Fatal(err)
		}
		n := playRandom(t, st, seed, 200000)
		t.Logf("seed %d: %d actions, %s", seed, n, st.Result().Reason)
	}
}

func TestRule3_RandomPlayoutBattle(t *testing.T) {
	sc, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 1; seed++ {
		st, err := New(sc)
		if err != nil {
			t.Fatal(err)
		}
		n := playRandom(t, st, seed, 400000)
		t.Logf("seed %d: %d actions, %s", seed, n, st.Result().Reason)
	}
}

// TestRule16_PlayoutHarness runs the engine's own playout harness (clone
// independence, refusal of illegal actions, replay, views) on the battle.
func TestRule16_PlayoutHarness(t *testing.T) {
	st, err := rules.Playout(ScenarioID, rules.PlayoutConfig{Games: 1, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games, %d actions, wins %v", st.Games, st.Actions, st.Wins)
}
