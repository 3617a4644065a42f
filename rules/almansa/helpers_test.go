package almansa

import (
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/hex"
)

// fresh is a new game before set-up.
func fresh(t *testing.T, opts map[string]bool) *State {
	t.Helper()
	sc, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return New(sc, opts)
}

// started is a game after the one-click historical set-up of both sides.
func started(t *testing.T, opts map[string]bool) *State {
	t.Helper()
	s := fresh(t, opts)
	// Bourbon: the historical set-up, then done with the reserve as in
	// 1707 [6]; Allied: the historical set-up.
	// (with the reserve rule [15] there is no attachment to close).
	for n := 0; n < 3 && s.Turn == 0; n++ {
		apply(t, s, rules.Action{Kind: "choose", Choice: "historical"})
	}
	return s
}

// board is an empty map in the given phase of turn 1, for hand-made
// positions: place units with put.
func board(t *testing.T, opts map[string]bool, phase string) *State {
	t.Helper()
	s := fresh(t, opts)
	s.Phase, s.Turn = phase, 1
	s.touch()
	return s
}

func (s *State) put(id, at string, facing int) {
	i := s.idx(id)
	if i < 0 {
		panic("no unit " + id)
	}
	c, err := s.sc.Map.ParseOn(at)
	if err != nil {
		panic(err)
	}
	s.Units[i].At, s.Units[i].On, s.Units[i].Facing = c, true, facing
	s.touch()
}

func (s *State) hexOf(id string) string {
	u := s.Units[s.idx(id)]
	if !u.On {
		return ""
	}
	return s.num(u.At)
}

func (s *State) unit(id string) *UnitState { return &s.Units[s.idx(id)] }

// nb is the neighbour of hex h in direction d.
func nb(s *State, h string, d int) string {
	c, _ := s.sc.Map.Layout.Parse(h)
	return s.num(c.Neighbor(d))
}

func coord(s *State, h string) hex.Coord {
	c, _ := s.sc.Map.Layout.Parse(h)
	return c
}

// apply applies a legal action (found by key) or fails the test.
func apply(t *testing.T, s *State, a rules.Action) []rules.Event {
	t.Helper()
	if _, ok := rules.FindLegal(s, a); !ok {
		var keys []string
		for _, l := range s.Legal() {
			keys = append(keys, l.Key())
		}
		t.Fatalf("%s is not legal in %s (tasks %v); legal: %s", a.Key(), s.Phase, s.Tasks, strings.Join(keys, " | "))
	}
	evs, err := s.Apply(a)
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

// roll forces a die face at a chance point.
func roll(t *testing.T, s *State, d int) []rules.Event {
	t.Helper()
	if s.Status().Decider != rules.Chance {
		t.Fatalf("no die to roll: decider %v, tasks %v", s.Status().Decider, s.Tasks)
	}
	return apply(t, s, rules.Action{Kind: "roll", Dice: []int{d}})
}

func legal(s *State, a rules.Action) bool {
	_, ok := rules.FindLegal(s, a)
	return ok
}

func hasEvent(evs []rules.Event, kind, rule string) bool {
	for _, e := range evs {
		if e.Kind == kind && strings.Contains(e.Rule, rule) {
			return true
		}
	}
	return false
}

func move(id, to string) rules.Action { return rules.Action{Kind: "move", Unit: id, To: to} }

func rules_choose(c string) rules.Action { return rules.Action{Kind: "choose", Choice: c} }

func rules_deploy(u, to string) rules.Action { return rules.Action{Kind: "deploy", Unit: u, To: to} }

type hexC = hex.Coord

func distance(a, b hex.Coord) int { return hex.Distance(a, b) }
