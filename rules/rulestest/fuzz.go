package rulestest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"grognard/rules"
)

// Fuzzing the public entry points of a game system.
//
// Every system must answer any input without a panic (Legal, Apply,
// Preview, WhyNot, Reach, View, Chances...), refuse what is not legal with
// an error that leaves the state unchanged, and accept only what Legal
// lists. FuzzEntryPoints checks all of that on states reached by random
// legal play, with actions made by mutating a real legal action or built
// from garbage. Use it from a system's test file:
//
//	func FuzzEntryPoints(f *testing.F) {
//		rulestest.FuzzEntryPoints(f, func() rules.State {
//			st, err := rules.NewState(ScenarioID, nil) // or the system's own constructor
//			if err != nil {
//				panic(err)
//			}
//			return st
//		})
//	}
//
// `go test ./rules/<system>/` runs the seed corpus (a few dozen inputs) as a
// normal test; `go test -run XXX -fuzz FuzzEntryPoints -fuzztime 2m
// ./rules/<system>/` fuzzes. A failing input is saved under
// testdata/fuzz/FuzzEntryPoints/ and then runs with the normal tests.

// FuzzInput is one fuzz case: how far to play, which legal action to
// start from and how to mutate it. It is exported so a system's own tests
// can replay a case by hand with CheckEntryPoints.
type FuzzInput struct {
	Seed  uint64 // drives the random legal play and the choice of action
	Steps uint16 // legal actions played before the probe (capped by MaxSteps)
	Mut   uint16 // bit i set: replace field i (see Mutate)
	Kind  string
	Unit  string
	From  string
	To    string
	Face  int
	Pick  string // Choice
	Die   int
}

// MaxSteps caps the random play before a probe, to keep each case fast.
var MaxSteps = 400

// Mutate builds the probe action from legal action a (a zero Action when
// there is none). Bits of Mut: 0 Kind, 1 Unit, 2 Units (adds Unit), 3 From,
// 4 To, 5 Facing, 6 Choice, 7 Dice (replaced by Die), 8 Dice (Die
// appended), 9 Units emptied, 10 start from a zero action instead of a
// legal one.
func (in FuzzInput) Mutate(a rules.Action) rules.Action {
	if in.Mut&(1<<10) != 0 {
		a = rules.Action{}
	}
	a.Units = append([]string(nil), a.Units...)
	a.Dice = append([]int(nil), a.Dice...)
	if in.Mut&(1<<0) != 0 {
		a.Kind = in.Kind
	}
	if in.Mut&(1<<1) != 0 {
		a.Unit = in.Unit
	}
	if in.Mut&(1<<2) != 0 {
		a.Units = append(a.Units, in.Unit)
	}
	if in.Mut&(1<<3) != 0 {
		a.From = in.From
	}
	if in.Mut&(1<<4) != 0 {
		a.To = in.To
	}
	if in.Mut&(1<<5) != 0 {
		a.Facing = in.Face
	}
	if in.Mut&(1<<6) != 0 {
		a.Choice = in.Pick
	}
	if in.Mut&(1<<7) != 0 {
		a.Dice = []int{in.Die}
	}
	if in.Mut&(1<<8) != 0 {
		a.Dice = append(a.Dice, in.Die)
	}
	if in.Mut&(1<<9) != 0 {
		a.Units = nil
	}
	return a
}

// FuzzEntryPoints adds a seed corpus to f and fuzzes every entry point of
// the states newState makes (see the package comment above). newState must
// return a fresh game each call.
func FuzzEntryPoints(f *testing.F, newState func() rules.State) {
	garbage := []string{"", "x", "0000", "9999", "-1", "0101", "nobody", "resolve", "end", "move", "\x00", "1,2", "#"}
	kinds := []string{"move", "face", "fire", "shock", "charge", "melee", "deploy", "order", "play", "end", "pass", "roll", "draw", "choose", "attack", ""}
	n := 0
	for _, steps := range []uint16{0, 1, 5, 40, 150, 400} {
		for _, mut := range []uint16{0, 1, 2, 4, 16, 18, 64, 128, 256, 512, 1024, 1024 | 3, 1024 | 18, 0x7ff} {
			g := garbage[n%len(garbage)]
			f.Add(uint64(n), steps, mut, kinds[n%len(kinds)], g, garbage[(n+3)%len(garbage)], garbage[(n+5)%len(garbage)], n%9-2, g, n%9-1)
			n++
		}
	}
	f.Fuzz(func(t *testing.T, seed uint64, steps uint16, mut uint16, kind, unit, from, to string, face int, pick string, die int) {
		in := FuzzInput{Seed: seed, Steps: steps, Mut: mut, Kind: kind, Unit: unit, From: from, To: to, Face: face, Pick: pick, Die: die}
		if err := CheckEntryPoints(newState(), in); err != nil {
			t.Fatalf("%+v: %v", in, err)
		}
	})
}

// CheckEntryPoints plays in.Steps random legal actions on st, then probes
// every entry point with the mutated action and with garbage. A panic
// propagates (the fuzzer reports it with its stack); a broken contract is
// returned as an error.
func CheckEntryPoints(st rules.State, in FuzzInput) error {
	r := rand.New(rand.NewPCG(in.Seed, 0x5eed))
	for range min(int(in.Steps), MaxSteps) {
		if st.Result().Over {
			break
		}
		legal := st.Legal()
		if len(legal) == 0 {
			return fmt.Errorf("the decider %s has no legal action", st.Status().Decider)
		}
		a := legal[r.IntN(len(legal))]
		if _, err := st.Apply(a); err != nil {
			return fmt.Errorf("legal action %q refused: %w", a.Key(), err)
		}
	}
	legal := st.Legal()
	var base rules.Action
	if len(legal) > 0 {
		base = legal[r.IntN(len(legal))]
	}
	probe := in.Mutate(base)
	return probeAll(st, probe, in)
}

func probeAll(st rules.State, a rules.Action, in FuzzInput) error {
	before, err := st.Snapshot()
	if err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	_ = st.System()
	_ = st.Scenario()
	_ = st.Sides()
	_ = st.Status()
	_ = st.Result()
	_ = st.Chances()
	for _, s := range []rules.Side{rules.NoSide, rules.Chance, 0, 1, 2, 7, -9} {
		_ = st.View(s)
	}
	units := []string{a.Unit, in.Unit, in.Pick, "", "\x00"}
	hexes := []string{a.To, a.From, in.To, in.From, "", "0000", "-1"}
	if p, ok := st.(rules.Previewer); ok {
		_ = p.Preview(a)
		for _, k := range []string{a.Kind, in.Kind, "fire", "shock", "charge", "melee", "move", "end"} {
			for _, u := range units {
				for _, h := range hexes {
					_ = p.Preview(rules.Action{Kind: k, Unit: u, To: h})
				}
			}
			_ = p.Preview(rules.Action{Kind: k, Unit: a.Unit, To: a.To, Units: []string{in.Unit, in.From, a.Unit}})
		}
		// Every legal action with its unit or its target replaced.
		for _, l := range st.Legal() {
			_ = p.Preview(l)
			l.Unit, l.Units = in.Unit, append(l.Units, in.Unit)
			_ = p.Preview(l)
			l.To = in.To
			_ = p.Preview(l)
		}
	}
	if e, ok := st.(rules.Explainer); ok {
		for _, u := range units {
			for _, h := range hexes {
				_ = e.WhyNot(u, h)
			}
		}
	}
	if p, ok := st.(rules.Planner); ok {
		for _, u := range units {
			_ = p.Reach(u)
		}
	}
	if c, ok := st.(rules.Checker); ok {
		if err := c.CheckInvariants(); err != nil {
			return fmt.Errorf("invariant before the probe: %w", err)
		}
	}
	after, _ := st.Snapshot()
	if !bytes.Equal(before, after) {
		return fmt.Errorf("a query (View, Preview, WhyNot, Reach, Chances...) changed the state")
	}
	// Apply on a clone: accepted only if listed; refused leaves it unchanged.
	c := st.Clone()
	_, aerr := c.Apply(a)
	_, listed := rules.FindLegal(st, a)
	switch {
	case aerr == nil && !listed:
		return fmt.Errorf("Apply accepted %q, which Legal does not list", a.Key())
	case aerr != nil && listed:
		return fmt.Errorf("Apply refused legal %q: %v", a.Key(), aerr)
	case aerr != nil:
		if b, _ := c.Snapshot(); !bytes.Equal(before, b) {
			return fmt.Errorf("refused action %q changed the state", a.Key())
		}
		if _, ok := aerr.(*rules.RuleError); !ok {
			return fmt.Errorf("refused action %q: error %T is not a *rules.RuleError", a.Key(), aerr)
		}
	default:
		if ck, ok := c.(rules.Checker); ok {
			if err := ck.CheckInvariants(); err != nil {
				return fmt.Errorf("invariant after %q: %w", a.Key(), err)
			}
		}
		_ = c.View(0)
		_ = c.View(1)
	}
	if b, _ := st.Snapshot(); !bytes.Equal(before, b) {
		return fmt.Errorf("applying %q to a clone changed the original", a.Key())
	}
	return nil
}
