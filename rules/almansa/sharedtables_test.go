package almansa

import (
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"grognard/rules"
)

// playKeys plays n random actions from seed and returns every legal list's
// labels and the events' texts, in order.
func playKeys(t *testing.T, seed uint64, n int) []string {
	st, err := rules.NewState(ScenarioID, nil)
	if err != nil {
		t.Error(err)
		return nil
	}
	r := rand.New(rand.NewPCG(seed, 7))
	var out []string
	for k := 0; k < n && !st.Result().Over; k++ {
		l := st.Legal()
		for _, a := range l {
			out = append(out, a.Label)
		}
		evs, err := st.Apply(l[r.IntN(len(l))])
		if err != nil {
			t.Error(err)
			return out
		}
		for _, e := range evs {
			out = append(out, e.Text)
		}
		if k%50 == 0 {
			st = st.Clone() // go on from a clone now and then
		}
	}
	return out
}

// TestSharedTablesOnSeveralGoroutines: the scenario's label table and the
// guns' arcs and lines [12] are shared by every state (#20); games played at
// once on several goroutines read the same texts as games played one after
// another (run with -race to check the sharing itself).
func TestSharedTablesOnSeveralGoroutines(t *testing.T) {
	const games, n = 3, 400
	// At once first (the tables filling on every goroutine), then one
	// after another.
	got := make([][]string, games)
	var wg sync.WaitGroup
	for g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[g] = playKeys(t, uint64(g+1), n)
		}()
	}
	wg.Wait()
	want := make([][]string, games)
	for g := range games {
		want[g] = playKeys(t, uint64(g+1), n)
	}
	for g := range games {
		if !reflect.DeepEqual(got[g], want[g]) {
			t.Fatalf("game %d differs when played alongside others", g)
		}
		if len(want[g]) < n {
			t.Fatalf("game %d read only %d texts", g, len(want[g]))
		}
	}
}
