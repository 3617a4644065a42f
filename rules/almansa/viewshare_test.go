package almansa

import (
	"reflect"
	"testing"

	"grognard/rules"
)

// TestViewUnitsAgreeWithViewsMadeAfresh: along random games (the optional
// rules on and off, chance outcomes picked at random too, a clone now and
// then), both sides' views list the units that unitView makes from
// nothing for the same state (#20: views share their units and remake
// only the units whose inputs changed).
func TestViewUnitsAgreeWithViewsMadeAfresh(t *testing.T) {
	for k, opts := range []rules.Options{{}, {OptAmmo: true, OptReserve: true}} {
		st, err := rules.NewState(ScenarioID, opts)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		var pick uint64 = 5 + uint64(k)
		checked := 0
		for n := 0; n < 2500 && !s.Over; n++ {
			if true {
				for side := range 2 {
					v := s.View(rules.Side(side))
					if len(v.Units) != len(s.Units) {
						t.Fatalf("action %d: %d units in the view", n, len(v.Units))
					}
					for i := range s.Units {
						if want := s.unitView(i); !reflect.DeepEqual(v.Units[i], want) {
							t.Fatalf("action %d, side %d, unit %s:\n got %+v\nwant %+v", n, side, s.def(i).ID, v.Units[i], want)
						}
					}
				}
				checked++
			}
			if n%50 == 17 {
				s = s.clone()
			}
			legal := s.Legal()
			pick = pick*6364136223846793005 + 1442695040888963407
			if _, err := s.Apply(legal[int(pick>>33)%len(legal)]); err != nil {
				t.Fatal(err)
			}
		}
		if checked < 1000 {
			t.Fatalf("only %d states compared", checked)
		}
	}
}
