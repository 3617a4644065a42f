package marshals

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"grognard/rules"
)

// TestViewMemoAgreesWithViewsMadeAfresh: along a random game of each
// scenario, every side's view after every action lists the same counters
// as the view of a clone (whose memo is empty, so it makes every counter's
// view afresh); the memo is both used and missed [issue 20].
func TestViewMemoAgreesWithViewsMadeAfresh(t *testing.T) {
	for _, d := range ScenarioList {
		st, err := rules.NewState(d.ID, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := rand.New(rand.NewPCG(3, 4))
		hits, views := 0, 0
		for n := 0; n < 700 && !s.Over; n++ {
			for _, v := range []rules.Side{rules.Side(French), rules.Side(Allied), rules.NoSide} {
				m := s.vmemo
				var was []Unit
				if m != nil && v >= -1 && v <= 1 {
					was = m.side[int(v)+1].snap
				}
				if reflect.DeepEqual(was, s.Units) {
					hits++
				}
				got, want := s.View(v).Units, s.clone().View(v).Units
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s step %d side %d: the view's counters differ\n got %+v\nwant %+v", d.ID, n, v, got, want)
				}
				views++
			}
			var a rules.Action
			if s.decider() == rules.Chance {
				a, _ = rules.Sample(s.Chances(), r)
			} else {
				l := s.Legal()
				a = l[r.IntN(len(l))]
			}
			if _, err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if hits < views/10 || hits == views {
			t.Fatalf("%s: %d of %d views had the counters of the last one: the memo is not exercised both ways", d.ID, hits, views)
		}
		t.Logf("%s: %d of %d views with unchanged counters", d.ID, hits, views)
	}
}
