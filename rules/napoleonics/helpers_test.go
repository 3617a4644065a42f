package napoleonics

import (
	"sort"
	"testing"

	"grognard/rules"
)

// Die symbol indices (dice.txt order).
const (
	SInf   = 0
	SCav   = 1
	SArt   = 2
	SFlag  = 3
	SSabre = 4
)

// board returns a fresh Venta del Pozo state past the deal with every unit
// and leader taken off the board except those placed (id -> hex), the
// given side active in phase ph under card, and the listed units ordered.
func board(t *testing.T, active int, ph, card string, place map[string]string, ordered ...string) *State {
	t.Helper()
	s, err := newState(ScenarioID)
	if err != nil {
		t.Fatal(err)
	}
	s.Draw = nil
	s.Hands = [2][]string{{}, {}}
	for i := range s.Units {
		u := &s.Units[i]
		h, ok := place[u.ID]
		if !ok {
			u.Gone = "reserve"
			continue
		}
		c, err := s.sc.Map.ParseOn(h)
		if err != nil {
			t.Fatal(err)
		}
		u.At = c
	}
	s.Phase, s.Active = ph, active
	s.Card, s.Eff = card, card
	for _, id := range ordered {
		s.Ordered[id] = true
	}
	return s
}

// do applies the legal action matching kind, unit, to (and choice if
// given); the test fails if it is not legal.
func do(t *testing.T, s *State, kind, unit, to string, choice ...string) []rules.Event {
	t.Helper()
	a := rules.Action{Kind: kind, Unit: unit, To: to}
	if len(choice) > 0 {
		a.Choice = choice[0]
	}
	if _, ok := rules.FindLegal(s, a); !ok {
		t.Fatalf("%s is not legal; legal: %v", a.Key(), keys(s.Legal()))
	}
	evs, err := s.Apply(a)
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

// roll forces a roll of the given symbols.
func roll(t *testing.T, s *State, dice ...int) []rules.Event {
	t.Helper()
	d := append([]int(nil), dice...)
	sort.Ints(d)
	if s.Status().Decider != rules.Chance {
		t.Fatalf("no roll due (stage %v)", s.Pend)
	}
	evs, err := s.Apply(rules.Action{Kind: "roll", Dice: d})
	if err != nil {
		t.Fatalf("roll %v: %v (legal %d)", d, err, len(s.Legal()))
	}
	return evs
}

func keys(as []rules.Action) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Key()
	}
	return out
}

func legalHas(s *State, kind, unit, to string) bool {
	_, ok := rules.FindLegal(s, rules.Action{Kind: kind, Unit: unit, To: to})
	return ok
}

func at(t *testing.T, s *State, id string) string {
	t.Helper()
	u := s.unit(id)
	if u.Gone != "" {
		return u.Gone
	}
	return s.num(u.At)
}

func stage(s *State) string {
	if s.Pend == nil {
		return ""
	}
	return s.Pend.Stage
}
