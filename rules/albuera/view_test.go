package albuera

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"testing"

	"grognard/rules"
)

// TestViewSameAsMadeAfresh compares both sides' views after every action
// of a random game with views made from nothing by the code View had
// before it kept anything (viewSlow below: every unit's view made again,
// the tracks and notes with fmt): the kept unit views, the parts shared
// by the two sides of a version and the clones' own views change nothing.
func TestViewSameAsMadeAfresh(t *testing.T) {
	st := newGameWith(t, nil)
	r := rand.New(rand.NewPCG(9, 3))
	// The last view handed out stays as it was (a new list is patched from
	// a copy of the last one, never in place).
	var held, heldCopy *rules.View
	for n := 0; n < 2500 && !st.Over; n++ {
		for side := rules.Side(0); side < 2 && (n < 400 || n%15 == 0); side++ {
			if g, w := st.View(side), st.viewSlow(side); !reflect.DeepEqual(g, w) {
				t.Fatalf("action %d: side %d's view\n%+v\nmade afresh\n%+v", n, side, g, w)
			}
		}
		if n < 400 {
			if held != nil && !reflect.DeepEqual(held, heldCopy) {
				t.Fatalf("action %d: the view of the action before changed", n)
			}
			held, heldCopy = st.View(0), st.viewSlow(0)
		}
		a, _ := rules.RandomAction(st, r)
		if n%97 == 0 {
			c := st.Clone().(*State)
			if g, w := c.View(0), st.viewSlow(0); !reflect.DeepEqual(g, w) {
				t.Fatalf("action %d: a clone's view differs", n)
			}
			if _, err := c.Apply(a); err != nil {
				t.Fatal(err)
			}
			c.View(1)
		}
		if _, err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

// viewSlow is View as it was before any of it was kept (#20).
func (s *State) viewSlow(side rules.Side) *rules.View {
	v := &rules.View{Side: side, Sides: s.Sides(), Status: s.Status(), Result: s.Result(), Style: "counter",
		Board: &rules.Board{Kind: "hex", Hex: s.sc.Map}}
	if s.decider() == side && side >= 0 {
		v.Legal = s.Legal()
	}
	done := s.indexed()
	for i := range s.U {
		if uv, ok := s.unitView(i); ok {
			v.Units = append(v.Units, uv)
		}
	}
	done()
	v.Score = []string{s.vpText() + " [16.2]", s.autoWinText()} // two short lines: the HUD never cuts them
	var pool []string
	for _, c := range s.Pool {
		pool = append(pool, s.name(s.idx(c)))
	}
	var aside []string
	for _, c := range s.Aside {
		aside = append(aside, s.name(s.idx(c)))
	}
	v.Notes = append(v.Notes, s.clock())
	v.Tracks = append(v.Tracks, rules.Track{Name: "Activation pool [3.3]", Items: pool}, rules.Track{Name: "Chits set aside until next turn [4.5.1.1]", Items: aside}) // session 20: "Set aside" said not what nor why
	if s.Chit != "" && s.Phase != phDraw {
		v.Tracks = append(v.Tracks, rules.Track{Name: "Drawn", Items: []string{s.chitName()}})
		v.Notes = append(v.Notes, fmt.Sprintf("Activated: %s (%s)", s.chitName(), sideNames[s.Side]))
	}
	boxes := map[int][]string{}
	for i, u := range s.U {
		if u.Where == Routed {
			boxes[u.Box] = append(boxes[u.Box], s.name(i))
		}
	}
	var keys []int
	for k := range boxes {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	var items []string
	for _, k := range keys {
		items = append(items, fmt.Sprintf("turn %d: %s", k, strings.Join(boxes[k], ", ")))
	}
	items = append(items, "VP marker: "+s.vpText())
	v.Tracks = append(v.Tracks, rules.Track{Name: "Turn track [15.11]", Items: items})
	if len(s.Tasks) > 0 {
		_, p := s.taskPrompt(s.Tasks[0])
		v.Notes = append(v.Notes, p)
	}
	return v
}
