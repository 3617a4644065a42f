package napoleonics

import (
	"testing"

	"grognard/rules"
	"grognard/rules/rulestest"
)

// FuzzEntryPoints: no public entry point panics on any input, an illegal
// action is refused and changes nothing. The seed corpus runs with the
// normal tests; fuzz with
//
//	go test -run XXX -fuzz FuzzEntryPoints -fuzztime 2m ./rules/napoleonics/
func FuzzEntryPoints(f *testing.F) {
	rulestest.FuzzEntryPoints(f, func() rules.State {
		st, err := New(ScenarioID, nil)
		if err != nil {
			panic(err)
		}
		return st
	})
}
