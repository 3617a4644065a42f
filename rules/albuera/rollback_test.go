package albuera

import (
	"errors"
	"math/rand/v2"
	"testing"

	"grognard/rules"
)

// TestApplyRollsBackAfterInternalError makes Apply fail half-way (an error
// or a panic after the action changed the state, as a rules bug would) at
// every point of the checkpoint cycle, with the units shared with a clone
// or not, and checks that the state is as before to the byte, lists the
// same actions, and then plays on exactly as a twin that never failed.
func TestApplyRollsBackAfterInternalError(t *testing.T) {
	defer func() { applyFault = func(*State) error { return nil } }()
	st := newGameWith(t, nil)
	twin := newGameWith(t, nil)
	r := rand.New(rand.NewPCG(9, 10))
	for n := 0; n < 300; n++ {
		a, _ := rules.RandomAction(st, r)
		if n == 150 { // a change made outside Apply (as tests and lessons do) is kept by a rollback
			st.U[0].MP, twin.U[0].MP = st.U[0].MP+1, twin.U[0].MP+1
			st.ver++
			st.cache = nil
			twin.ver++
			twin.cache = nil
		}
		if n%7 == 3 || n == 150 {
			var c *State
			if n%2 == 0 {
				c = st.clone()
			}
			before, _ := st.Snapshot()
			keys := legalKeys(st)
			var cbefore []byte
			if c != nil {
				cbefore, _ = c.Snapshot()
			}
			applyFault = func(s *State) error {
				s.U[0].MP, s.U[1].At, s.Turn, s.Pool = 99, s.U[2].At, 42, append(s.Pool, "x")
				if n%3 == 0 {
					panic("a rules bug")
				}
				return errors.New("a rules bug")
			}
			if _, err := st.Apply(a); err == nil {
				t.Fatalf("action %d: the failing Apply succeeded", n)
			}
			applyFault = func(*State) error { return nil }
			after, _ := st.Snapshot()
			if string(before) != string(after) {
				diffAt := 0
				for diffAt < len(before) && diffAt < len(after) && before[diffAt] == after[diffAt] {
					diffAt++
				}
				t.Fatalf("action %d: the state changed after a failed Apply: ...%s... vs ...%s...", n, before[max(0, diffAt-80):min(len(before), diffAt+80)], after[max(0, diffAt-80):min(len(after), diffAt+80)])
			}
			if got := legalKeys(st); got != keys {
				t.Fatalf("action %d: the legal actions changed after a failed Apply", n)
			}
			if c != nil {
				if cafter, _ := c.Snapshot(); string(cafter) != string(cbefore) {
					t.Fatalf("action %d: the clone changed", n)
				}
			}
		}
		evs, err := st.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		tevs, err := twin.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) != len(tevs) {
			t.Fatalf("action %d: %d events, the twin %d", n, len(evs), len(tevs))
		}
		for k := range evs {
			if evs[k].Text != tevs[k].Text {
				t.Fatalf("action %d: event %q, the twin %q", n, evs[k].Text, tevs[k].Text)
			}
		}
		if same, err := rules.SameState(st, twin); err != nil || !same {
			t.Fatalf("action %d: the state differs from the twin's (%v)", n, err)
		}
		if st.Over {
			break
		}
	}
}

func legalKeys(s *State) string {
	out := ""
	for _, a := range s.Legal() {
		out += a.Key() + "|" + a.Label + "\n"
	}
	return out
}
