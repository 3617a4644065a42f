package rules

import (
	"math/rand/v2"
	"testing"
)

// HasKey must agree with Key equality on every pair of actions, including
// the pathological ones whose fields differ but whose keys are equal.
func TestHasKeyAgreesWithKey(t *testing.T) {
	words := []string{"", "a", "b", "a,b", "a u=b", "move", "move u=a", "1", "-1", " f=2", "0412"}
	r := rand.New(rand.NewPCG(1, 2))
	w := func() string { return words[r.IntN(len(words))] }
	ints := func() []int {
		var d []int
		for range r.IntN(3) {
			d = append(d, r.IntN(25)-5)
		}
		return d
	}
	strs := func() []string {
		var d []string
		for range r.IntN(3) {
			d = append(d, w())
		}
		return d
	}
	act := func() Action {
		return Action{Kind: w(), Unit: w(), Units: strs(), From: w(), To: w(), Facing: r.IntN(8) - 1, Choice: w(), Dice: ints(), Label: w()}
	}
	pool := []Action{{}, {Kind: "move", Unit: "a"}, {Kind: "move u=a"}, {Kind: "x", Units: []string{"a", "b"}}, {Kind: "x", Units: []string{"a,b"}},
		{Kind: "r", Dice: []int{1, 2}}, {Kind: "r", Dice: []int{12}}, {Kind: "f", Facing: -1}, {Kind: "f", Facing: 1}}
	for range 3000 {
		pool = append(pool, act())
	}
	for i := range pool {
		for j := 0; j < len(pool); j += 1 + r.IntN(40) {
			a, b := pool[i], pool[j]
			if got, want := a.HasKey(b.Key()), a.Key() == b.Key(); got != want {
				t.Fatalf("HasKey(%q) of %q = %v, want %v", b.Key(), a.Key(), got, want)
			}
		}
		if !pool[i].HasKey(pool[i].Key()) {
			t.Fatalf("%q does not have its own key", pool[i].Key())
		}
	}
	l := []Action{{Kind: "move", Unit: "a", To: "0101", Label: "Move"}, {Kind: "end", Label: "End"}}
	if got, ok := FindIn(l, Action{Kind: "end"}); !ok || got.Label != "End" {
		t.Errorf("FindIn end: %+v %v", got, ok)
	}
	if _, ok := FindIn(l, Action{Kind: "move", Unit: "a"}); ok {
		t.Error("FindIn found a move without its target")
	}
}
