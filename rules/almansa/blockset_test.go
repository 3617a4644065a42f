package almansa

import (
	"testing"

	"grognard/rules"
)

// TestRule6_BlockSetAgreesWithBlockers: the hexes a line of command may not
// cross, marked by hex index (blocks, #20), are those of the map blockers
// builds [6, 9], for both sides after every action of a random game; the
// command markers [6] it sets are those the map gives.
func TestRule6_BlockSetAgreesWithBlockers(t *testing.T) {
	st, err := rules.NewState(ScenarioID, rules.Options{OptReserve: true})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	var pick uint64 = 5
	compared, marked := 0, 0
	for n := 0; n < 2500 && !s.Over; n++ {
		if n%5 == 0 {
			fm := s.fast()
			for side := range 2 {
				m, b := s.blockers(side), s.blocks(side)
				for h, c := range fm.coords {
					if b.in[h] != m[c] {
						t.Fatalf("action %d, side %d, hex %s: by index %v, the map %v", n, side, s.num(c), b.in[h], m[c])
					}
					if m[c] {
						marked++
					}
				}
				for i := range s.Units {
					if s.alive(i) && s.def(i).Side == side {
						if got, want := s.unitInCommandB(b, i), s.unitInCommand(m, i); got != want {
							t.Fatalf("action %d, %s: in command %v by index, %v by the map", n, s.def(i).ID, got, want)
						}
					}
				}
				compared++
			}
		}
		legal := s.Legal()
		pick = pick*6364136223846793005 + 1442695040888963407
		if _, err := s.Apply(legal[int(pick>>33)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	if compared < 500 || marked < 1000 {
		t.Fatalf("only %d sets compared, %d hexes marked", compared, marked)
	}
}
