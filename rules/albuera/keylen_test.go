package albuera

import (
	"math"
	"math/rand/v2"
	"testing"

	"grognard/rules"
)

// TestKeyLenIsTheKeysLength: findLegal builds a key only where keyLen
// says its length is right (speed, #20), so keyLen must be the length of
// rules.Action.Key for every action: those of a random game and odd ones.
func TestKeyLenIsTheKeysLength(t *testing.T) {
	odd := []rules.Action{
		{}, {Kind: "x"}, {Facing: -1}, {Facing: 10}, {Facing: math.MinInt}, {Facing: math.MaxInt},
		{Units: []string{""}}, {Units: []string{"a", "", "b c"}}, {Dice: []int{0}}, {Dice: []int{-12, 7, 100}},
		{Kind: "move", Unit: "u", From: "0101", To: "0102", Choice: "c=d", Units: []string{"a,b"}, Dice: []int{3}, Facing: 5},
	}
	for _, a := range odd {
		if keyLen(&a) != len(a.Key()) {
			t.Fatalf("%+v: keyLen %d, key %q", a, keyLen(&a), a.Key())
		}
	}
	st := newGameWith(t, nil)
	r := rand.New(rand.NewPCG(5, 8))
	seen := 0
	for n := 0; n < 1500 && !st.Over; n++ {
		for _, a := range st.Legal() {
			if keyLen(&a) != len(a.Key()) {
				t.Fatalf("action %d: %+v: keyLen %d, key %q", n, a, keyLen(&a), a.Key())
			}
			seen++
		}
		a, _ := rules.RandomAction(st, r)
		if _, err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if seen < 1500 {
		t.Fatalf("only %d actions seen", seen)
	}
}
