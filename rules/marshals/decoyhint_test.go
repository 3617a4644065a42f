package marshals

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule7_5_DecoySetupHint: while a side places its starting decoys
// [7.5], its own view carries the decoy to place (off the map, with what
// to do and how many are left: the side panel's card) and the status
// prompt says how many are left; the other side's view has no such
// counter, and once the decoys are placed the hint is gone.
func TestRule7_5_DecoySetupHint(t *testing.T) {
	g, err := rules.NewGame("marshals-talavera", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := g.State.(*State)
	if s.Sub != SubDecoy || s.Placing != French {
		t.Fatalf("the game opens at %s/%d, not the French decoys", s.Sub, s.Placing)
	}
	hint := func(v *rules.View) (rules.UnitView, bool) {
		for _, u := range v.Units {
			if u.At == "" && !u.Eliminated && u.Values == "decoy" {
				return u, true
			}
		}
		return rules.UnitView{}, false
	}
	left := s.decoysLeft(French)
	if left < 2 {
		t.Fatalf("%d French starting decoys: the count proves nothing", left)
	}
	for n := left; n > 0; n-- {
		u, ok := hint(s.View(French))
		if !ok {
			t.Fatalf("%d decoys left: no decoy to place in the French view", n)
		}
		d := strings.Join(u.Detail, " ")
		if !strings.Contains(d, "[7.5]") || !strings.Contains(d, "lit zone") || !strings.Contains(d, strconv.Itoa(n)+" decoy") {
			t.Errorf("%d left: the hint says %q", n, d)
		}
		if u.ID != s.Legal()[0].Unit {
			t.Errorf("the hint shows %s, the legal actions place %s", u.ID, s.Legal()[0].Unit)
		}
		if p := s.Status().Prompt; !strings.Contains(p, "[7.5]") || !strings.Contains(p, "("+strconv.Itoa(n)+" left)") {
			t.Errorf("%d left: prompt %q", n, p)
		}
		if _, ok := hint(s.View(Allied)); ok {
			t.Fatal("the Allied view shows the French decoy being placed")
		}
		play(t, s, s.Legal()[0])
	}
	if s.Placing != Allied {
		t.Fatalf("after the French decoys: placing %d", s.Placing)
	}
	if _, ok := hint(s.View(French)); ok {
		t.Error("the French decoys are placed but the French view still shows one to place")
	}
	if _, ok := hint(s.View(Allied)); !ok && s.decoysLeft(Allied) > 0 {
		t.Error("the Allies place their decoys with no hint")
	}
}

// TestRule1_1_1_FrontShowsNationality: the front of a counter shows its
// affiliation [1.1.1] (the book has British and Spanish decoys apart): the
// French see each Allied block as British or Spanish, as many of each in a
// zone as there are counters of that nation outside the commanders' boxes,
// and nothing more; the Allies see the French blocks with no nationality.
func TestRule1_1_1_FrontShowsNationality(t *testing.T) {
	g, err := rules.NewGame("marshals-talavera", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := g.State.(*State)
	for s.Sub == SubDecoy {
		play(t, s, s.Legal()[0])
	}
	want, got := map[string]int{}, map[string]int{}
	for i := range s.Units {
		if d := s.def(i); d.Side == Allied && s.onMap(i) && !s.inBox(i) {
			want[s.Units[i].At+" "+d.Nat]++
		}
	}
	for _, u := range s.View(French).Units {
		if u.Side != Allied {
			continue
		}
		if !u.Hidden || !frontOnly(u) {
			t.Fatalf("the French see %+v", u)
		}
		got[u.At+" "+frontNat(u)]++
	}
	if fmt.Sprint(want) != fmt.Sprint(got) {
		t.Errorf("Allied fronts seen by the French %v, want %v", got, want)
	}
	brit, spa := 0, 0
	for k, n := range got {
		if strings.HasSuffix(k, " british") {
			brit += n
		} else if strings.HasSuffix(k, " spanish") {
			spa += n
		}
	}
	if brit == 0 || spa == 0 {
		t.Fatalf("%d British and %d Spanish blocks: the test proves nothing", brit, spa)
	}
	for _, u := range s.View(Allied).Units {
		if u.Side == French && (!u.Hidden || !frontOnly(u)) {
			t.Errorf("the Allies see %+v", u)
		}
	}
}
