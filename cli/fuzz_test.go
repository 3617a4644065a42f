package cli

import (
	"encoding/json"
	"testing"

	"grognard/rules"
	"grognard/rules/rulestest"
)

// FuzzActionArg: any ACTION argument (a number, a key, JSON) either is
// refused with an error, or reads as an action that the game applies or
// refuses with an error, leaving the game unchanged. Never a panic.
func FuzzActionArg(f *testing.F) {
	for _, s := range []string{"1", "3", "0", "-1", "end", "move u=red to=2", "move u=red to=x f=2 d=1,2 us=a,b c=z from=0",
		`{"kind":"move","unit":"red","to":"1"}`, `{"kind":"move","speed":1}`, `{"kind":"end"} {}`, `{"dice":[1e99]}`, "{", "u=x", "chance"} {
		f.Add(s)
	}
	rulestest.Register()
	f.Fuzz(func(t *testing.T, arg string) {
		g, err := rules.NewGame(rulestest.ScenarioID, 5, nil)
		if err != nil {
			t.Fatal(err)
		}
		before, _ := g.State.Snapshot()
		a, err := resolveAction(g.State, arg)
		if err != nil {
			return
		}
		if _, err := g.Apply(a); err != nil {
			if after, _ := g.State.Snapshot(); string(after) != string(before) || len(g.Steps) != 2 {
				t.Fatalf("a refused action %q changed the game", arg)
			}
			return
		}
		// An accepted action is recorded so that the game replays, its
		// chance outcomes checked, to the same state.
		r, err := rules.ReplayChecked(g.Scenario, g.Seed, g.Options, g.Steps)
		if err != nil {
			t.Fatalf("after %q: %v", arg, err)
		}
		if same, _ := rules.SameState(r.State, g.State); !same {
			t.Fatalf("after %q the replay differs", arg)
		}
	})
}

// FuzzActionJSON: an action read from JSON keeps its identity when written
// and read again; unknown fields are refused.
func FuzzActionJSON(f *testing.F) {
	f.Add(`{"kind":"move","unit":"u1","to":"0412","label":"Move"}`)
	f.Add(`{"kind":"roll","dice":[3,4]}`)
	f.Add(`{"kind":"x","bogus":1}`)
	f.Fuzz(func(t *testing.T, s string) {
		a, err := parseActionJSON(s)
		if err != nil {
			return
		}
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		back, err := parseActionJSON(string(b))
		if err != nil || back.Key() != a.Key() {
			t.Fatalf("%s -> %s -> %v %v", s, b, back, err)
		}
	})
}
