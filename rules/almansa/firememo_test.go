package almansa

import (
	"reflect"
	"testing"

	"grognard/rules/hex"
)

// TestRule12_GunArcsAndLinesAgreeWithTheGeometry: the arcs and lines of
// fire made once per scenario (#20) are hex.ArcHexes and hex.Trace, for
// every hex and facing, asked twice (made, then from the memo).
func TestRule12_GunArcsAndLinesAgreeWithTheGeometry(t *testing.T) {
	s := fresh(t, nil)
	r := s.sc.P("artillery_range")
	for pass := range 2 {
		for _, c := range s.fast().coords {
			for f := range 6 {
				want := hex.ArcHexes(c, f, 1, r)
				got := s.gunArc(c, f)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("pass %d: arc of %s facing %d: %v, want %v", pass, s.num(c), f, got, want)
				}
				for _, b := range want {
					if got, want := s.line(c, b), hex.Trace(c, b); !reflect.DeepEqual(got, want) {
						t.Fatalf("pass %d: line %s-%s: %v, want %v", pass, s.num(c), s.num(b), got, want)
					}
				}
			}
		}
	}
}
