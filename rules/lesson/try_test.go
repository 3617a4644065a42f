package lesson_test

import (
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/lesson"
)

// Try it yourself from every Albuera lesson is a game that plays on: after
// the position's own phase the next turn waits for its chit draws and the
// players' decisions instead of running the Turn track to the end at once
// (the bare position has no commander, so its pool would be empty [3.3]).
// The policy ends everything it can: one turn must still need a decision
// of a side, and the game must not be over.
func TestTryItYourselfAlbueraPlaysOn(t *testing.T) {
	ls, err := lesson.Unchecked()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range ls {
		if l.System != "albuera" {
			continue
		}
		n++
		r, err := lesson.Start(l)
		if err != nil {
			t.Fatal(err)
		}
		st := r.TryItYourself()
		turn := st.Status().Turn
		decided := 0 // side decisions taken in the next turn
		for k := 0; k < 2000 && !st.Result().Over && st.Status().Turn <= turn+1; k++ {
			legal := st.Legal()
			if len(legal) == 0 {
				break
			}
			a := legal[0]
			for _, x := range legal {
				if x.Kind == "end" {
					a = x
				}
			}
			if st.Status().Decider != rules.Chance && st.Status().Turn == turn+1 {
				decided++
			}
			if _, err := st.Apply(a); err != nil {
				t.Fatalf("%s: %s: %v", l.ID, a.Key(), err)
			}
		}
		if res := st.Result(); res.Over || (st.Status().Turn == 16 && turn < 15) {
			t.Errorf("%s: Try it yourself ran to %s on turn %d from turn %d: %s", l.ID, st.Status().Phase, st.Status().Turn, turn, res.Reason)
		}
		if decided == 0 {
			t.Errorf("%s: turn %d went by with no decision of a side", l.ID, turn+1)
		}
	}
	if n == 0 {
		t.Fatal("no Albuera lesson")
	}
}

// Try it yourself from an Almansa lesson keeps its units in command: each
// listed unit's formation leader and commander in chief join it, so after
// the next Command phase no listed unit is out of command [6].
func TestTryItYourselfAlmansaInCommand(t *testing.T) {
	ls, err := lesson.Unchecked()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range ls {
		if l.System != "almansa" || l.Pos.Set["start"] == "historical" {
			continue
		}
		n++
		r, err := lesson.Start(l)
		if err != nil {
			t.Fatal(err)
		}
		st := r.TryItYourself()
		turn := st.Status().Turn
		for k := 0; k < 500 && !st.Result().Over && st.Status().Turn <= turn; k++ {
			legal := st.Legal()
			if len(legal) == 0 {
				break
			}
			a := legal[0]
			for _, x := range legal {
				if x.Kind == "end" {
					a = x
				}
			}
			if _, err := st.Apply(a); err != nil {
				t.Fatalf("%s: %s: %v", l.ID, a.Key(), err)
			}
		}
		if st.Status().Turn != turn+1 {
			t.Fatalf("%s: Try it yourself did not reach turn %d (%s)", l.ID, turn+1, st.Status().Phase)
		}
		for _, u := range st.View(0).Units { // markers are public
			for _, p := range l.Pos.Units {
				if u.ID == p.Unit && u.At != "" && strings.Contains(strings.Join(u.Markers, ","), "out-of-command") {
					t.Errorf("%s: Try it yourself: %s is out of command on turn %d", l.ID, u.ID, turn+1)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no Almansa lesson")
	}
}
