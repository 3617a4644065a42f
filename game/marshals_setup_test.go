package game

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/scenarios"
)

// The six Marshals scenarios as the engine sets them up (rules/marshals
// reading scenarios/marshals): every counter each side sees of its own, in
// the zone its set-up file names, with the losses' morale and demoralised
// marks; the other side sees none of their names [DEP-F] [DEP-A] [1.1.1].
func TestMarshalsSetupsAsTheEngineLoadsThem(t *testing.T) {
	ids := []string{"marshals-advance", "marshals-retreat", "marshals-three-armies", "marshals-talavera", "marshals-almonacid", "marshals-ocana"}
	for _, id := range ids {
		st, err := rules.NewState(id, nil)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		recs, err := scenarios.Load("marshals/" + id + "/setup.txt")
		if err != nil {
			t.Fatal(err)
		}
		views := [2]*rules.View{st.View(0), st.View(1)}
		mine := [2]map[string]rules.UnitView{{}, {}}
		for s := 0; s < 2; s++ {
			for _, u := range views[s].Units {
				if int(u.Side) == s && !u.Hidden {
					mine[s][u.ID] = u
				}
			}
		}
		dets := map[string]int{}
		for s := 0; s < 2; s++ {
			for _, u := range views[s].Units {
				if int(u.Side) == s && strings.Contains(u.ID, "-det-") && u.At != "" {
					dets[fmt.Sprintf("%s %s", detKind(u.ID), u.At)]++
				}
			}
		}
		want := map[string]int{}
		placed := 0
		for _, r := range recs {
			switch r.Kind {
			case "place":
				placed++
				u := r.Args[0]
				side := 1
				if strings.HasPrefix(u, "fr-") {
					side = 0
				}
				got, ok := mine[side][u]
				if !ok {
					t.Errorf("%s: %s is not in its side's view", id, u)
					continue
				}
				if got.At != r.Fields["at"] {
					t.Errorf("%s: %s at %q, set-up says %s", id, u, got.At, r.Fields["at"])
				}
				dem := false
				for _, m := range got.Markers {
					if m == "demoralised" {
						dem = true
					}
				}
				if dem != (r.Fields["demoral"] == "yes") {
					t.Errorf("%s: %s demoralised %v, set-up %q", id, u, dem, r.Fields["demoral"])
				}
				other := views[1-side]
				for _, o := range other.Units {
					if o.ID == u || (o.Name != "" && o.Name == got.Name && int(o.Side) == side) {
						t.Errorf("%s: the other side sees %s by name or id", id, u)
					}
				}
			case "detach":
				n := 1
				fmt.Sscan(r.Fields["count"], &n)
				want[fmt.Sprintf("%s-%s %s", r.Args[0], r.Args[1], r.Fields["at"])] += n
			}
		}
		if placed < 15 || len(mine[0])+len(mine[1]) < placed {
			t.Errorf("%s: %d placements, the views show %d and %d own counters", id, placed, len(mine[0]), len(mine[1]))
		}
		var a, b []string
		for k, n := range want {
			a = append(a, fmt.Sprintf("%s x%d", k, n))
		}
		for k, n := range dets {
			b = append(b, fmt.Sprintf("%s x%d", k, n))
		}
		sort.Strings(a)
		sort.Strings(b)
		if strings.Join(a, "; ") != strings.Join(b, "; ") {
			t.Errorf("%s: detachments on the map %v, set-up %v", id, b, a)
		}
	}
}

// detKind turns "french-det-infantry-3" into "french-infantry".
func detKind(id string) string {
	p := strings.SplitN(id, "-det-", 2)
	if len(p) != 2 {
		return id
	}
	arm := p[1]
	if i := strings.LastIndex(arm, "-"); i > 0 {
		arm = arm[:i]
	}
	return p[0] + "-" + arm
}
