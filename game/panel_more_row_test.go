package game

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"grognard/rules"
)

// TestPanelMoreRowIsNeverASliver: the "N more actions" row at the foot of
// a full panel is tall enough to read and ends above the log; at a crowded
// Ocaña panel it was laid where a few pixels were left and its words were
// cut in half by the log's top edge (seen playing Ocaña by clicks).
// Random play of each Marshals scenario lays the panel out at every step.
func TestPanelMoreRowIsNeverASliver(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	rows := 0
	for _, sc := range []string{"marshals-ocana", "marshals-advance", "marshals-talavera"} {
		g, err := rules.NewGame(sc, 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		s, err := SessionFor(g)
		if err != nil {
			t.Fatal(err)
		}
		s.TakeSeat()
		a, b := scriptedApp(t, s)
		r := rand.New(rand.NewPCG(3, 9))
		for n := 0; n < 600 && !g.State.Result().Over; n++ {
			if g.State.Status().Decider != rules.Chance {
				b.layoutPanel(a)
				lr := b.logRect(a)
				for _, pb := range b.panel {
					if pb.act != nil || pb.isCard || pb.heading || !isMoreRow(pb.b.Label) {
						continue
					}
					rr := pb.b.Rect
					rows++
					if rr.Dy() < minMoreRow || rr.Max.Y > lr.Min.Y {
						t.Fatalf("%s step %d: the row %q is %d px high at y %d-%d, the log at %d", sc, n, pb.b.Label, rr.Dy(), rr.Min.Y, rr.Max.Y, lr.Min.Y)
					}
				}
			}
			act, err := rules.RandomAction(g.State, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Do(act); err != nil {
				t.Fatal(err)
			}
			s.TakeSeat()
			s.Selected = ""
		}
	}
	t.Logf("%d more rows seen", rows)
	if rows == 0 {
		t.Fatal("no panel was full: the test needs a more row")
	}
}

func isMoreRow(l string) bool {
	var n int
	var rest string
	k, _ := fmt.Sscanf(l, "%d more%s", &n, &rest)
	return k == 2
}
