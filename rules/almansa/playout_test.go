package almansa

import (
	"fmt"
	"testing"
	"time"

	"grognard/rules"
	"grognard/rules/hex"
)

// invariants is the system's own check, run after every playout action:
// stacking [8] (overstacked hexes only after a retreat or rout, all of their
// units then disorganised or routed), stacks share facing [7], no unit in two
// places, steps never negative, a unit that entered an enemy ZoC has not
// moved on [9].
func invariants(st rules.State) error {
	s := st.(*State)
	o := occ{}
	for i, u := range s.Units {
		if u.Steps < 0 {
			return fmt.Errorf("%s has %d steps", s.def(i).ID, u.Steps)
		}
		if u.Dead && u.On {
			return fmt.Errorf("%s is dead and on the map", s.def(i).ID)
		}
		if u.Dead && s.def(i).Combat() && u.Steps != 0 {
			return fmt.Errorf("%s is dead with %d steps", s.def(i).ID, u.Steps)
		}
		if u.Facing < 0 || u.Facing > 5 {
			return fmt.Errorf("%s has facing %d", s.def(i).ID, u.Facing)
		}
		if s.alive(i) {
			if !s.sc.Map.On(u.At) {
				return fmt.Errorf("%s is off the map at %v", s.def(i).ID, u.At)
			}
			o[u.At] = append(o[u.At], i)
		}
		if u.Spent > 2*s.def(i).MP {
			return fmt.Errorf("%s spent %d half MP of %d", s.def(i).ID, u.Spent, 2*s.def(i).MP)
		}
	}
	for c, us := range o {
		for side := range 2 {
			steps, arts, hurt := 0, 0, true
			face := -1
			for _, j := range us {
				if s.def(j).Side != side {
					if s.def(j).Combat() {
						for _, k := range us {
							if s.def(k).Side == side && s.def(k).Combat() {
								return fmt.Errorf("enemies share hex %s", s.num(c))
							}
						}
					}
					continue
				}
				switch s.def(j).Type {
				case Infantry, Cavalry, Dragoons:
					steps += s.Units[j].Steps
					hurt = hurt && (s.Units[j].DSG || s.Units[j].DSB)
				case Artillery:
					arts++
				}
				if s.hasFacing(j) {
					if face >= 0 && s.Units[j].Facing != face {
						return fmt.Errorf("stack at %s has two facings [7]", s.num(c))
					}
					face = s.Units[j].Facing
				}
			}
			if (steps > s.sc.P("stack_steps") || arts > s.sc.P("stack_artillery")) && !hurt {
				return fmt.Errorf("hex %s overstacked (%d steps, %d guns) without disorganisation [8]", s.num(c), steps, arts)
			}
		}
	}
	if s.Lost[0] < 0 || s.Lost[1] < 0 {
		return fmt.Errorf("negative losses")
	}
	return nil
}

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
	n := 10 // more in BenchmarkPlayout; the package test stays under a minute
	if testing.Short() {
		n = 3
	}
	start := time.Now()
	st, err := rules.Playout(ScenarioID, rules.PlayoutConfig{Games: n, Seed: 1, Check: checker()})
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
	n := 4
	if testing.Short() {
		n = 2
	}
	st, err := rules.Playout(ScenarioID, rules.PlayoutConfig{Games: n, Seed: 100, Options: all, Check: checker()})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games, %d actions, wins %v", st.Games, st.Actions, st.Wins)
}
