package almansa

import (
	"reflect"
	"testing"

	"grognard/rules"
)

// TestApplyContextIsTheStateNow: the move context doMove takes from the
// list build its action came from (applyCtx, #20) holds the occupancy and
// the enemy's zones of control [9] of the state as it stands, before every
// movement action of random games (a clone now and then).
func TestApplyContextIsTheStateNow(t *testing.T) {
	compared := 0
	for k, opts := range []rules.Options{nil, {OptGalway: true, OptReserve: true}} {
		st, err := rules.NewState(ScenarioID, opts)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		pick := uint64(3 + k)
		for n := 0; n < 2500 && !s.Over; n++ {
			legal := s.Legal()
			side := phaseSide(s.Phase)
			if phaseKind(s.Phase) == "move" && len(s.Tasks) == 0 && s.bufs != nil && s.bufs.built.first == &s.cache[0] && s.bufs.built.has[side] {
				got, want := s.bufs.built.mc[side], s.ctx(side)
				fm := s.fast()
				for _, c := range fm.coords {
					if a, b := got.o.at(c), want.o.at(c); !reflect.DeepEqual(a, b) {
						t.Fatalf("action %d, hex %s: units %v in the built context, %v now", n, s.num(c), a, b)
					}
					if a, b := got.zoc.has(c), want.zoc.has(c); a != b {
						t.Fatalf("action %d, hex %s: enemy ZoC %v in the built context, %v now", n, s.num(c), a, b)
					}
				}
				compared++
			}
			if n%40 == 0 {
				_ = s.Clone()
			}
			pick = pick*6364136223846793005 + 1442695040888963407
			if _, err := rules.ApplyListed(s, legal[int(pick>>33)%len(legal)]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if compared < 1000 {
		t.Fatalf("only %d contexts compared", compared)
	}
}
