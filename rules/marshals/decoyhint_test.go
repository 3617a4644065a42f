package marshals

import (
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
