package cli

import (
	"runtime/debug"

	"grognard/rules"
)

// playoutGC sets the garbage collector's percent for a checked playout (a
// batch job that keeps little: see rules.PlayoutGCPercent) and returns the
// function that restores the previous setting.
func playoutGC() func() {
	old := debug.SetGCPercent(rules.PlayoutGCPercent)
	return func() { debug.SetGCPercent(old) }
}
