package almansa

import (
	"reflect"
	"testing"

	"grognard/rules"
)

// TestLegalListStaysThroughOneApply: the list Legal hands out is the
// state's own and its array is reused (#20), but only two lists later: a
// caller may read the list it had before an action while it reads the list
// after it. Along a random game, each list equals its copy after the next
// Apply and the next Legal.
func TestLegalListStaysThroughOneApply(t *testing.T) {
	st, err := rules.NewState(ScenarioID, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	var pick uint64 = 5
	var prev, prevCopy []rules.Action
	reused := 0
	for n := 0; n < 3000 && !s.Over; n++ {
		legal := s.Legal()
		if len(legal) == 0 {
			t.Fatalf("action %d: no legal action", n)
		}
		if prev != nil {
			if !reflect.DeepEqual(prev, prevCopy) {
				t.Fatalf("action %d: the list handed out before the last action changed", n)
			}
			if &prev[0] != &legal[0] && cap(prev) > 0 {
				reused++
			}
		}
		prev, prevCopy = legal, append([]rules.Action(nil), legal...)
		pick = pick*6364136223846793005 + 1442695040888963407
		if _, err := s.Apply(legal[int(pick>>33)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	if reused == 0 {
		t.Fatal("no list compared")
	}
}
