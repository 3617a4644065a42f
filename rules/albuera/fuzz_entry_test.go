package albuera

import (
	"testing"

	"grognard/rules"
	"grognard/rules/rulestest"
)

// FuzzEntryPoints: no public entry point panics on any input, a refused
// action changes nothing and Apply accepts exactly what Legal lists
// (rules/rulestest). The seed corpus runs with the normal tests.
func FuzzEntryPoints(f *testing.F) {
	rulestest.FuzzEntryPoints(f, func() rules.State {
		st, err := rules.NewState("albuera-1811", nil)
		if err != nil {
			panic(err)
		}
		return st
	})
}
