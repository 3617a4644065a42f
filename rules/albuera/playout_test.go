package albuera

import (
	"flag"
	"math/rand/v2"
	"testing"

	"grognard/rules"
)

// long runs whole battles in the playout tests (go test -long); the default
// run plays a few games of bounded length.
var long = flag.Bool("long", false, "play whole Albuera battles in the playout tests")

// playRandom plays one random game from st, checking invariants after
// every action; it returns the number of actions. With stop > 0 it stops
// there without a result (a bounded playout).
func playRandom(t testing.TB, st *State, seed uint64, max int, stop ...int) int {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	n := 0
	for !st.Result().Over {
		if len(stop) > 0 && n >= stop[0] {
			return n
		}
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
	for seed := uint64(1); seed <= 3; seed++ {
		st, err := New(sc)
		if err != nil {
			t.Fatal(err)
		}
		n := playRandom(t, st, seed, 200000)
		if !st.Result().Over {
			t.Fatalf("seed %d: the fixture game did not end", seed)
		}
		t.Logf("seed %d: %d actions, %s", seed, n, st.Result().Reason)
	}
}

// TestRule3_RandomPlayoutBattle plays random games of the battle with the
// invariants checked after every action: three games of at most 1,500
// actions (about two turns) by default, three whole battles with -long.
func TestRule3_RandomPlayoutBattle(t *testing.T) {
	sc, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		st, err := New(sc)
		if err != nil {
			t.Fatal(err)
		}
		if *long {
			n := playRandom(t, st, seed, 400000)
			t.Logf("seed %d: %d actions, %s", seed, n, st.Result().Reason)
			continue
		}
		n := playRandom(t, st, seed, 400000, 1500)
		if st.Turn < 2 && !st.Result().Over {
			t.Errorf("seed %d: still turn 1 after %d actions", seed, n)
		}
		t.Logf("seed %d: %d actions, turn %d", seed, n, st.Turn)
	}
}

// The fixture as a registered scenario, so the engine's harness can play it.
const fixtureID = "albuera-fixture"

var fixtureSc *Scenario

func init() {
	rules.Register(rules.SystemInfo{ID: "albuera-test", Name: "Albuera test fixture"},
		[]rules.ScenarioInfo{{ID: fixtureID, Name: "fixture", Turns: 16, Sides: []string{"French", "Allied"}}},
		func(string, rules.Options) (rules.State, error) { return New(fixtureSc) })
}

// TestRule16_PlayoutHarness runs the engine's own playout harness (clone
// independence, refusal of illegal actions, replay, views) on the fixture
// with every deep check after every action.
func TestRule16_PlayoutHarness(t *testing.T) {
	fixtureSc = fixture(t)
	st, err := rules.Playout(fixtureID, rules.PlayoutConfig{Games: 2, Seed: 11, Deep: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games, %d actions, wins %v", st.Games, st.Actions, st.Wins)
}

// BenchmarkPlayoutBattle plays whole random games of the battle under the
// engine's harness (the speed goal: actions per second).
func BenchmarkPlayoutBattle(b *testing.B) {
	total := 0
	for n := 0; n < b.N; n++ {
		g, err := rules.PlayOne(ScenarioID, uint64(100+n), rules.PlayoutConfig{})
		if err != nil {
			b.Fatal(err)
		}
		total += len(g.Steps)
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "actions/s")
}

// TestRule16_4_RandomPlayoutsWithAgreedLeads: random play of the battle
// under each agreed set of automatic-victory leads (and two set at once,
// refused) keeps every invariant after every action: the options change
// Phase 3's check only, never what is legal [16.4].
func TestRule16_4_RandomPlayoutsWithAgreedLeads(t *testing.T) {
	for k, o := range autoWinOptions {
		g, err := newGame(ScenarioID, rules.Options{o.ID: true})
		if err != nil {
			t.Fatalf("%s: %v", o.ID, err)
		}
		st := g.(*State)
		if want := o.ID[len("autowin_"):]; st.AutoWin != want {
			t.Fatalf("%s: agreed leads %q, want %q", o.ID, st.AutoWin, want)
		}
		n := playRandom(t, st, uint64(11+k), 400000, 1500)
		t.Logf("%s: %d actions, turn %d, over %v", o.ID, n, st.Turn, st.Result().Over)
	}
	if _, err := newGame(ScenarioID, rules.Options{"autowin_low": true, "autowin_high": true}); err == nil {
		t.Fatal("two sets of agreed leads accepted [16.4]")
	}
}
