package albuera

import (
	"math/rand/v2"
	"runtime/debug"
	"syscall"
	"testing"
	"time"

	"grognard/rules"
)

// busyPosition plays the battle at random and keeps the 2.2 decision point
// with the most legal actions (the busiest position).
func busyPosition(tb testing.TB) *State {
	sc, err := Load()
	if err != nil {
		tb.Fatal(err)
	}
	st, err := New(sc)
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(42, 1))
	var best *State
	bestN := 0
	for n := 0; n < 6000 && !st.Over; n++ {
		if st.Phase == phMove && len(st.Tasks) == 0 {
			if k := len(st.Legal()); k > bestN {
				best, bestN = st.clone(), k
			}
		}
		l := st.Legal()
		if _, err := st.Apply(l[r.IntN(len(l))]); err != nil {
			tb.Fatal(err)
		}
	}
	if best == nil {
		tb.Fatal("no busy position found")
	}
	return best
}

// BenchmarkLegalBusy measures Legal() for the decider in a busy position
// (goal: at most 1 ms).
func BenchmarkLegalBusy(b *testing.B) {
	noMarkChecks(b)
	st := busyPosition(b)
	b.Logf("%d units may act, %d legal actions", len(st.Act), len(st.Legal()))
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		st.cache = nil
		st.ver++
		st.Legal()
	}
}

// BenchmarkRawPlayout is random legal play with no checks (issue #20): per
// action Legal, a random pick (a chance outcome sampled from Chances at a
// chance point) and Apply; a finished game starts a new one. It reports
// actions/s, allocations per action and the mean Legal and Apply times.
func BenchmarkRawPlayout(b *testing.B) {
	noMarkChecks(b)
	r := rand.New(rand.NewPCG(1, 2))
	st := newGameWith(b, nil)
	var tLegal, tApply time.Duration
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		if st.Over {
			b.StopTimer()
			st = newGameWith(b, nil)
			b.StartTimer()
		}
		t0 := time.Now()
		a, _ := rules.RandomAction(st, r)
		t1 := time.Now()
		if _, err := st.Apply(a); err != nil {
			b.Fatal(err)
		}
		tLegal += t1.Sub(t0)
		tApply += time.Since(t1)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "actions/s")
	// CPU time of the process per action (the machine is shared: wall
	// time swings with the load, CPU time much less).
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/1000, "cpu-us/action")
	b.ReportMetric(float64(tLegal.Nanoseconds())/float64(b.N)/1000, "legal-us")
	b.ReportMetric(float64(tApply.Nanoseconds())/float64(b.N)/1000, "apply-us")
}

// BenchmarkClone clones positions taken all along a random game (Clone at
// any point of a game, issue #20).
func BenchmarkClone(b *testing.B) {
	noMarkChecks(b)
	pos := positionsAlongAGame(b, func(c *State) {})
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		_ = pos[n%len(pos)].Clone()
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/1000, "cpu-us/clone")
}

// cpuTime is the user and system CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCheckedPlayout is `grognard playout albuera-1811 --games 1`
// (rules.Playout: every action checked, the game replayed twice); it
// reports the playout's actions/s and the CPU time per counted action.
func BenchmarkCheckedPlayout(b *testing.B) {
	noMarkChecks(b)
	// As the command runs (see rules.PlayoutGCPercent).
	defer debug.SetGCPercent(debug.SetGCPercent(rules.PlayoutGCPercent))
	acts := 0
	cpu0 := cpuTime()
	for n := 0; n < b.N; n++ {
		st, err := rules.Playout(ScenarioID, rules.PlayoutConfig{Games: 1, Seed: uint64(n + 1)})
		if err != nil {
			b.Fatal(err)
		}
		acts += st.Actions
	}
	b.ReportMetric(float64(acts)/b.Elapsed().Seconds(), "actions/s")
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(acts)/1000, "cpu-us/action")
}

// BenchmarkCheckInvariants runs the invariant check (the checked
// playout's, after every action) on positions all along a game, their
// legal lists and occupancy indexes made beforehand (the playout's next
// action uses that list; the playout's state keeps its index up to date).
func BenchmarkCheckInvariants(b *testing.B) {
	noMarkChecks(b)
	pos := positionsAlongAGame(b, func(c *State) {
		if err := c.CheckInvariants(); err != nil { // its index and legal list made
			b.Fatal(err)
		}
	})
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		if err := pos[n%len(pos)].CheckInvariants(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/1000, "cpu-us/check")
}

// positionsAlongAGame plays a random game (seed 3, 4; no automatic
// victory) and returns a clone of every 50th position, each passed to
// prep first.
func positionsAlongAGame(b *testing.B, prep func(*State)) []*State {
	b.Helper()
	r := rand.New(rand.NewPCG(3, 4))
	st := newGameWith(b, rules.Options{"autowin_none": true})
	var pos []*State
	for n := 0; !st.Over; n++ {
		if n%50 == 0 {
			c := st.clone()
			prep(c)
			pos = append(pos, c)
		}
		a, _ := rules.RandomAction(st, r)
		if _, err := st.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	return pos
}

// BenchmarkCloneThenApply is what the checked playout's deep checks do
// every 25 actions: clone a position (its legal list made) and apply a
// legal action to the clone, for positions all along a game (the
// decider's positions; chance points take a chance outcome).
func BenchmarkCloneThenApply(b *testing.B) {
	noMarkChecks(b)
	pos := positionsAlongAGame(b, func(c *State) {
		if err := c.CheckInvariants(); err != nil { // its index and legal list made
			b.Fatal(err)
		}
	})
	acts := make([]rules.Action, len(pos))
	r := rand.New(rand.NewPCG(5, 6))
	for k, p := range pos {
		acts[k], _ = rules.RandomAction(p, r)
	}
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		k := n % len(pos)
		if _, err := pos[k].Clone().Apply(acts[k]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/1000, "cpu-us/op")
}
