package almansa

import (
	"testing"

	"grognard/rules"
	"grognard/rules/rulestest"
)

// FuzzEntryPoints: no public entry point panics on any input, an illegal
// action is refused and changes nothing [rules contract]. The seed corpus
// runs with the normal tests; fuzz with
//
//	go test -run XXX -fuzz FuzzEntryPoints -fuzztime 2m ./rules/almansa/
func FuzzEntryPoints(f *testing.F) {
	sc, err := Load()
	if err != nil {
		f.Fatal(err)
	}
	rulestest.FuzzEntryPoints(f, func() rules.State { return New(sc, nil) })
}
