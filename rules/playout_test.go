package rules_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"grognard/rules"
	"grognard/rules/rulestest"
)

// Deliberately broken variants of the toy, to prove that the playout
// harness fails when a system breaks the engine contract.

// acceptAll applies an unlisted action without complaint.
type acceptAll struct{ rules.State }

func (s *acceptAll) Apply(a rules.Action) ([]rules.Event, error) {
	if _, ok := rules.FindLegal(s.State, a); !ok {
		return nil, nil // the bug: no RuleError
	}
	return s.State.Apply(a)
}
func (s *acceptAll) Clone() rules.State { return &acceptAll{s.State.Clone()} }

// sharedSlice counts moves in a slice that Clone does not copy.
type sharedSlice struct {
	rules.State
	Moves []int
}

func (s *sharedSlice) Apply(a rules.Action) ([]rules.Event, error) {
	by := s.Status().Decider
	evs, err := s.State.Apply(a)
	if err == nil && by >= 0 {
		s.Moves[by]++
	}
	return evs, err
}
func (s *sharedSlice) Clone() rules.State {
	return &sharedSlice{State: s.State.Clone(), Moves: s.Moves} // the bug
}
func (s *sharedSlice) Snapshot() ([]byte, error) {
	inner, err := s.State.Snapshot()
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		Inner json.RawMessage
		Moves []int
	}{inner, s.Moves})
}

// stuck offers no action to Blue from turn 3 on.
type stuck struct{ rules.State }

func (s *stuck) Legal() []rules.Action {
	if st := s.Status(); st.Turn >= 3 && st.Decider == 1 {
		return nil
	}
	return s.State.Legal()
}
func (s *stuck) Clone() rules.State { return &stuck{s.State.Clone()} }

// leaky lists Red's actions in Blue's view too.
type leaky struct{ rules.State }

func (s *leaky) View(side rules.Side) *rules.View {
	v := s.State.View(side)
	v.Legal = s.State.Legal()
	return v
}
func (s *leaky) Clone() rules.State { return &leaky{s.State.Clone()} }

var registerBuggy sync.Once

func buggyScenarios() {
	rulestest.Register()
	registerBuggy.Do(func() {
		wrap := map[string]func(rules.State) rules.State{
			"bug-accept": func(s rules.State) rules.State { return &acceptAll{s} },
			"bug-share":  func(s rules.State) rules.State { return &sharedSlice{State: s, Moves: make([]int, 2)} },
			"bug-stuck":  func(s rules.State) rules.State { return &stuck{s} },
			"bug-leak":   func(s rules.State) rules.State { return &leaky{s} },
		}
		var scs []rules.ScenarioInfo
		for _, id := range []string{"bug-accept", "bug-share", "bug-stuck", "bug-leak"} {
			scs = append(scs, rules.ScenarioInfo{ID: id, Name: id, Sides: []string{"Red", "Blue"}})
		}
		rules.Register(rules.SystemInfo{ID: "toybug", Name: "Broken toys"}, scs,
			func(sc string, opts rules.Options) (rules.State, error) {
				st, err := rulestest.New(rulestest.ScenarioID, opts)
				if err != nil {
					return nil, err
				}
				return wrap[sc](st), nil
			})
	})
}

func TestPlayoutToyPasses(t *testing.T) {
	rulestest.Register()
	for _, opts := range []rules.Options{nil, {"sprint": true}} {
		st, err := rules.Playout(rulestest.ScenarioID, rules.PlayoutConfig{Games: 50, Seed: 1, Options: opts, Deep: true})
		if err != nil {
			t.Fatalf("options %v: %v", opts, err)
		}
		if st.Games != 50 || st.Wins[0]+st.Wins[1]+st.Draws != 50 || st.Wins[0] == 0 || st.Wins[1] == 0 {
			t.Errorf("options %v: stats %+v", opts, st)
		}
		if st.Actions < 50*20 {
			t.Errorf("options %v: %d actions in 50 races", opts, st.Actions)
		}
	}
}

func TestPlayoutHarnessCatchesBugs(t *testing.T) {
	buggyScenarios()
	cases := []struct {
		scenario string
		deep     bool
		want     string
	}{
		{"bug-accept", true, "illegal action"},
		{"bug-accept", false, "illegal action"}, // caught by the sampled deep checks too
		{"bug-share", true, "changed the original"},
		{"bug-stuck", false, "has no legal action"},
		{"bug-leak", false, "view lists legal actions"},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/deep=%v", c.scenario, c.deep), func(t *testing.T) {
			_, err := rules.Playout(c.scenario, rules.PlayoutConfig{Games: 5, Seed: 3, Deep: c.deep})
			if err == nil {
				t.Fatalf("the harness passed a broken system")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want it to mention %q", err, c.want)
			}
		})
	}

	// A system invariant check that fails is reported.
	rulestest.Register()
	_, err := rules.Playout(rulestest.ScenarioID, rules.PlayoutConfig{Games: 1, Check: func(st rules.State) error {
		if st.Status().Turn > 2 {
			return fmt.Errorf("turn %d is too late", st.Status().Turn)
		}
		return nil
	}})
	if err == nil || !strings.Contains(err.Error(), "system invariant: turn 3 is too late") {
		t.Errorf("failing Check: error %v", err)
	}
	// A game that does not end within MaxActions is reported.
	_, err = rules.Playout(rulestest.ScenarioID, rules.PlayoutConfig{Games: 1, MaxActions: 5})
	if err == nil || !strings.Contains(err.Error(), "no result after 5 actions") {
		t.Errorf("MaxActions: error %v", err)
	}
}

func BenchmarkToyPlayout(b *testing.B) {
	rulestest.Register()
	actions := 0
	for i := 0; b.Loop(); i++ {
		g, err := rules.PlayOne(rulestest.ScenarioID, uint64(i), rules.PlayoutConfig{})
		if err != nil {
			b.Fatal(err)
		}
		actions += len(g.Steps)
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
}

// The deep checks must not change which game a seed plays (they once drew
// from the same generator as the moves, so Deep=true failed its own
// same-seed replay check).
func TestPlayoutDeepDoesNotChangeTheGame(t *testing.T) {
	rulestest.Register()
	for seed := uint64(1); seed <= 5; seed++ {
		a, err := rules.PlayOne(rulestest.ScenarioID, seed, rules.PlayoutConfig{Deep: true})
		if err != nil {
			t.Fatal(err)
		}
		b, err := rules.PlayOne(rulestest.ScenarioID, seed, rules.PlayoutConfig{})
		if err != nil {
			t.Fatal(err)
		}
		ja, _ := json.Marshal(a.Steps)
		jb, _ := json.Marshal(b.Steps)
		if string(ja) != string(jb) {
			t.Fatalf("seed %d: Deep changes the game played", seed)
		}
	}
}
