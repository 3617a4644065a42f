package marshals

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule5_4_3_MeleeResultSaysWhoseLossesAreWhose (newcomer issue #18):
// the melee result read "French wins by 3; losses 1/4, retreat 2", and
// the window rewrote it with a regular expression. The engine now says
// whose losses are whose and the loser's retreat in zones [5.4.3]
// [5.4.4]; a strength ratio above 6 is named when it spares the victor.
// Every melee of random Talavera games is held against the losses and the
// retreat the state then holds.
func TestRule5_4_3_MeleeResultSaysWhoseLossesAreWhose(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{meleeWinWords(French, 5, 5, 8, 2, false), ": French wins by 5: the French (victors) lose 5 SS, the Allied lose 8 SS and retreat 2 zones [5.4.4]"},
		{meleeWinWords(Allied, 1, 0, 2, 1, false), ": Allied wins by 1: the Allied (victors) lose nothing, the French lose 2 SS and retreat 1 zone [5.4.4]"},
		{meleeWinWords(French, 9, 0, 6, 3, true), ": French wins by 9: the French (victors) lose nothing (strength ratio above 6), the Allied lose 6 SS and retreat 3 zones [5.4.4]"},
		{meleeDrawWords(2), ": difference 0, a draw: each side loses 2 SS, no retreat and no pursuit"},
		{meleeOddsWords(French, 1, 4, 2), "French win: the French lose 1 SS, the Allied lose 4 SS and retreat 2 zones"},
		{meleeDrawOddsWords(0), "Drawn melee: each side loses nothing, no retreat"},
	} {
		if c.got != c.want {
			t.Errorf("reads %q\nwant  %q", c.got, c.want)
		}
	}
	seen := 0
	for seed := uint64(1); seed <= 4 && seen < 6; seed++ {
		st, err := rules.NewState("marshals-talavera", nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 77))
		for i := 0; i < 3000 && !st.Result().Over && seen < 6; i++ {
			var a rules.Action
			if st.Status().Decider == rules.Chance {
				a, _ = rules.Sample(st.Chances(), r)
			} else {
				l := st.Legal()
				a = l[r.IntN(len(l))]
			}
			evs, err := st.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				if !strings.HasPrefix(e.Text, "Melee at ") {
					continue
				}
				seen++
				k := st.(*State).Combat
				if strings.Contains(e.Text, "losses ") {
					t.Errorf("the result still reads as a fraction: %q", e.Text)
				}
				if k.Winner < 0 {
					if want := fmt.Sprintf("each side loses %s", ssWords(k.Loss[0])); !strings.Contains(e.Text, want) {
						t.Errorf("%q lacks %q", e.Text, want)
					}
					continue
				}
				w, l := sideNames[k.Winner], sideNames[1-k.Winner]
				want := fmt.Sprintf("the %s (victors) lose %s", w, ssWords(k.Loss[k.Winner]))
				want2 := fmt.Sprintf("the %s lose %s and retreat %s", l, ssWords(k.Loss[1-k.Winner]), zoneWords(k.Retreat))
				if k.Retreat == 0 {
					want2 = fmt.Sprintf("the %s lose %s and do not retreat", l, ssWords(k.Loss[1-k.Winner]))
				}
				if !strings.Contains(e.Text, want) || !strings.Contains(e.Text, want2) {
					t.Errorf("%q\nlacks %q or %q", e.Text, want, want2)
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no melee was fought")
	}
}

// TestRule5_4_RevealIsOneShortLine (issue #18: a reveal of a stack of
// nineteen counters wrapped to twenty lines of the log): a stack of more
// than three counters is summed up (SS, artillery, cavalry, best morale,
// best commander), a small one listed; the amplitude closes the line.
func TestRule5_4_RevealIsOneShortLine(t *testing.T) {
	n := 0
	for seed := uint64(1); seed <= 4 && n < 8; seed++ {
		st, err := rules.NewState("marshals-talavera", nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 77))
		for i := 0; i < 3000 && !st.Result().Over && n < 8; i++ {
			var a rules.Action
			if st.Status().Decider == rules.Chance {
				a, _ = rules.Sample(st.Chances(), r)
			} else {
				l := st.Legal()
				a = l[r.IntN(len(l))]
			}
			evs, _ := st.Apply(a)
			for _, e := range evs {
				if !strings.HasPrefix(e.Text, "Stacks revealed at ") {
					continue
				}
				n++
				s := st.(*State)
				k := s.Combat
				if want := fmt.Sprintf("; amplitude %d", k.Amplitude); !strings.HasSuffix(e.Text, want) {
					t.Errorf("%q does not end with %q", e.Text, want)
				}
				for side := 0; side < 2; side++ {
					if want := fmt.Sprintf("%s %s %d SS", sideNames[side], map[bool]string{true: "attacker", false: "defender"}[side == k.Att], s.ssOf(side)); !strings.Contains(e.Text, want) {
						t.Errorf("%q lacks %q", e.Text, want)
					}
				}
				if len(e.Text) > 400 { // the nineteen-counter reveal was 1,300 characters
					t.Errorf("the reveal is %d characters long: %q", len(e.Text), e.Text)
				}
				if len(e.Units) != len(s.stack(0))+len(s.stack(1)) {
					t.Errorf("the reveal names %d counters, the stacks hold %d", len(e.Units), len(s.stack(0))+len(s.stack(1)))
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no reveal")
	}
}
