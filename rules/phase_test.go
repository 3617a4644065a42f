package rules_test

import (
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"grognard/rules"
)

func TestPhaseMachine(t *testing.T) {
	bad := []struct {
		name   string
		phases []rules.Phase
		want   string
	}{
		{"no id", []rules.Phase{{ID: "a", Next: "b"}, {Name: "B"}}, "phase 1 has no id"},
		{"duplicate", []rules.Phase{{ID: "a"}, {ID: "b"}, {ID: "a"}}, `"a" declared twice`},
		{"unknown next", []rules.Phase{{ID: "a", Next: "b"}, {ID: "b", Next: "c"}}, `unknown phase "c"`},
	}
	for _, c := range bad {
		if _, err := rules.NewMachine(c.phases...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: MustMachine did not panic", c.name)
				}
			}()
			rules.MustMachine(c.phases...)
		}()
	}

	m, err := rules.NewMachine(
		rules.Phase{ID: "cmd", Name: "Command", Rule: "5", Next: "move"},
		rules.Phase{ID: "move", Name: "Movement", Rule: "10", Next: "fire"},
		rules.Phase{ID: "fire", Name: "Fire", Rule: "13", Next: "cmd"},
		rules.Phase{ID: "end", Name: "End", Rule: "20"},
	)
	if err != nil {
		t.Fatal(err)
	}
	if m.First().ID != "cmd" {
		t.Errorf("First = %q", m.First().ID)
	}
	// Next follows the declared transitions, looping back where told.
	var order []string
	id := "cmd"
	for range 4 {
		p, ok := m.Next(id)
		if !ok {
			t.Fatalf("no phase after %q", id)
		}
		order = append(order, p.ID)
		id = p.ID
	}
	if got := strings.Join(order, ","); got != "move,fire,cmd,move" {
		t.Errorf("Next order = %s", got)
	}
	if _, ok := m.Next("end"); ok {
		t.Errorf("a phase follows the last one")
	}
	if _, ok := m.Next("nowhere"); ok {
		t.Errorf("a phase follows an unknown one")
	}
	if p := m.Get("fire"); p.Name != "Fire" || p.Rule != "13" {
		t.Errorf("Get(fire) = %+v", p)
	}
	if p := m.Get("nowhere"); p != (rules.Phase{}) {
		t.Errorf("Get(unknown) = %+v", p)
	}
	// Phases returns a copy: editing it leaves the machine alone.
	ps := m.Phases()
	if len(ps) != 4 {
		t.Fatalf("Phases has %d rows", len(ps))
	}
	ps[0].Name = "changed"
	if m.First().Name != "Command" {
		t.Errorf("Phases shares the table")
	}
}

func TestRunAutoCap(t *testing.T) {
	calls := 0
	err := rules.RunAuto(func() (bool, error) { calls++; return true, nil })
	if err == nil || !strings.Contains(err.Error(), "rules loop") {
		t.Fatalf("an endless automatic step: error %v", err)
	}
	if calls != rules.MaxAuto {
		t.Errorf("step called %d times, want the cap %d", calls, rules.MaxAuto)
	}

	calls = 0
	if err := rules.RunAuto(func() (bool, error) { calls++; return calls < 5, nil }); err != nil || calls != 5 {
		t.Errorf("five steps: err %v, calls %d", err, calls)
	}

	boom := errors.New("boom")
	calls = 0
	if err := rules.RunAuto(func() (bool, error) { calls++; return true, boom }); !errors.Is(err, boom) || calls != 1 {
		t.Errorf("failing step: err %v after %d calls", err, calls)
	}
}

// fixed is a generator source that always returns the same value.
type fixed uint64

func (f fixed) Uint64() uint64 { return uint64(f) }

// forcing returns a generator whose next IntN(n) is k (0 <= k < n, n not a
// power of two): the top 64 bits of u*n are k.
func forcing(t *testing.T, k, n int) *rand.Rand {
	u, _ := bits.Div64(uint64(k), 1<<63, uint64(n))
	r := rand.New(fixed(u))
	if got := rand.New(fixed(u)).IntN(n); got != k {
		t.Fatalf("cannot force the generator: IntN(%d) gives %d, want %d", n, got, k)
	}
	return r
}

func TestSampleExactWeights(t *testing.T) {
	outs := []rules.Outcome{
		{Action: rules.Action{Kind: "roll", Dice: []int{1}}, Weight: 1},
		{Action: rules.Action{Kind: "roll", Dice: []int{2}}, Weight: 2},
		{Action: rules.Action{Kind: "roll", Dice: []int{3}}, Weight: 3},
		{Action: rules.Action{Kind: "roll", Dice: []int{4}}, Weight: 0},
		{Action: rules.Action{Kind: "roll", Dice: []int{5}}, Weight: 4},
	}
	total := 10

	// Forcing every value the generator can give: each outcome is picked
	// for exactly Weight of the Total values, in order.
	count := map[string]int{}
	var seq []int
	for k := range total {
		a, err := rules.Sample(outs, forcing(t, k, total))
		if err != nil {
			t.Fatal(err)
		}
		count[a.Key()]++
		seq = append(seq, a.Dice[0])
	}
	for _, o := range outs {
		if count[o.Action.Key()] != o.Weight {
			t.Errorf("%s picked for %d of %d values, want %d", o.Action.Key(), count[o.Action.Key()], total, o.Weight)
		}
	}
	want := []int{1, 2, 2, 3, 3, 3, 5, 5, 5, 5}
	for i := range want {
		if seq[i] != want[i] {
			t.Fatalf("values 0..9 pick %v, want %v", seq, want)
		}
	}

	// With the real generator the frequencies are close to the weights
	// (within 5 standard deviations) and the same seed draws the same.
	const draws = 100000
	r := rand.New(rand.NewPCG(11, 12))
	r2 := rand.New(rand.NewPCG(11, 12))
	freq := map[int]int{}
	for range draws {
		a, _ := rules.Sample(outs, r)
		b, _ := rules.Sample(outs, r2)
		if a.Key() != b.Key() {
			t.Fatalf("same seed, different draws")
		}
		freq[a.Dice[0]]++
	}
	for _, o := range outs {
		p := float64(o.Weight) / float64(total)
		got := float64(freq[o.Action.Dice[0]])
		sd := math.Sqrt(draws * p * (1 - p))
		if math.Abs(got-draws*p) > 5*sd+0.5 {
			t.Errorf("face %d drawn %v times, expected %v +- %v", o.Action.Dice[0], got, draws*p, 5*sd)
		}
	}
	if freq[4] != 0 {
		t.Errorf("a weight-0 outcome was drawn %d times", freq[4])
	}

	// The game's generator depends on the seed and the step number only.
	g1 := &rules.Game{Seed: 5, Steps: make([]rules.Step, 3)}
	g2 := &rules.Game{Seed: 5, Steps: make([]rules.Step, 3)}
	if g1.Rand().Uint64() != g2.Rand().Uint64() {
		t.Errorf("Rand differs for the same seed and step")
	}
	g2.Steps = g2.Steps[:2]
	if g1.Rand().Uint64() == g2.Rand().Uint64() {
		t.Errorf("Rand is the same for steps 3 and 2")
	}

	// Broken chance points are errors, not panics.
	if _, err := rules.Sample(nil, r); err == nil {
		t.Errorf("no outcomes: no error")
	}
	if _, err := rules.Sample([]rules.Outcome{{Weight: 0}}, r); err == nil {
		t.Errorf("all weights 0: no error")
	}
	if _, err := rules.Sample([]rules.Outcome{{Weight: 2}, {Action: rules.Action{Kind: "x"}, Weight: -1}}, r); err == nil || !strings.Contains(err.Error(), "negative") {
		t.Errorf("negative weight: error %v", err)
	}
}
