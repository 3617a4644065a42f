package almansa

import (
	"fmt"
	"testing"
	"time"

	"grognard/rules"
	"grognard/rules/hex"
)

// invariants is the system's own check (product code, CheckInvariants).
func invariants(st rules.State) error { return st.(*State).CheckInvariants() }

// checker adds to invariants the memory of the previous state: a unit that
// entered an enemy ZoC in a movement phase moves no further in it [9], and a
// unit that fell back only turns [10].
func checker() func(rules.State) error {
	type key struct {
		turn  int
		phase string
	}
	var last key
	stopped := map[int]hex.Coord{}
	return func(st rules.State) error {
		if err := invariants(st); err != nil {
			return err
		}
		s := st.(*State)
		k := key{s.Turn, s.Phase}
		if k != last {
			last, stopped = k, map[int]hex.Coord{}
		}
		if phaseKind(s.Phase) != "move" {
			return nil
		}
		for i, u := range s.Units {
			if !s.alive(i) {
				continue
			}
			if at, ok := stopped[i]; ok && at != u.At && !s.def(i).Person() {
				return fmt.Errorf("%s moved from %s to %s after entering an enemy ZoC or falling back [9, 10]", s.def(i).ID, s.num(at), s.num(u.At))
			}
			if (u.Stopped || u.FellBack) && !s.def(i).Person() {
				if _, ok := stopped[i]; !ok {
					stopped[i] = u.At
				}
			}
		}
		return nil
	}
}

func TestPlayout(t *testing.T) {
	n := 2 // deep checks on; more in BenchmarkPlayout; the package test stays under a minute
	if testing.Short() {
		n = 1
	}
	start := time.Now()
	st, err := rules.Playout(ScenarioID, rules.PlayoutConfig{Games: n, Seed: 1, Check: checker(), Deep: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games, %d actions, wins %v, %.0f actions/s", st.Games, st.Actions, st.Wins, float64(st.Actions)/time.Since(start).Seconds())
}

func TestPlayoutOptions(t *testing.T) {
	all := rules.Options{}
	for _, o := range Options {
		all[o.ID] = true
	}
	n := 1
	st, err := rules.Playout(ScenarioID, rules.PlayoutConfig{Games: n, Seed: 100, Options: all, Check: checker(), Deep: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games, %d actions, wins %v", st.Games, st.Actions, st.Wins)
}
