package rules_test

import (
	"runtime/debug"
	"syscall"
	"testing"

	"grognard/rules"
	_ "grognard/rules/systems"
)

// cpuNs is the CPU time (user + system) of the process so far, in
// nanoseconds: the machine is shared, so the benchmarks below report CPU
// time per action besides the wall-clock rate.
func cpuNs() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// BenchmarkCheckedPlayout is `grognard playout SCENARIO` (issue #20: at
// least 20,000 actions a second): each iteration is rules.Playout of
// checkedGames games from seed 1 with every check of the command (the
// system's invariants and both views after every action, the deep checks
// every 25th, the second run of the first seed, the replay of every game).
// It reports the counted actions (the games' steps) per second of wall
// time and the CPU microseconds per counted action (user+sys of the
// process; the machine is shared). Run one scenario with
//
//	go test -run X -bench 'CheckedPlayout/venta' -benchtime 1x ./rules/
func BenchmarkCheckedPlayout(b *testing.B) {
	const checkedGames = 3
	// As the command runs (see rules.PlayoutGCPercent).
	defer debug.SetGCPercent(debug.SetGCPercent(rules.PlayoutGCPercent))
	for _, sc := range rules.Scenarios("") {
		b.Run(sc.ID, func(b *testing.B) {
			actions := 0
			c0 := cpuNs()
			b.ResetTimer()
			for range b.N {
				st, err := rules.Playout(sc.ID, rules.PlayoutConfig{Games: checkedGames, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				actions += st.Actions
			}
			b.StopTimer()
			cpu := cpuNs() - c0
			b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
			b.ReportMetric(float64(cpu)/1e3/float64(actions), "cpu-us/action")
			b.ReportMetric(float64(actions)/float64(b.N), "actions/op")
		})
	}
}
