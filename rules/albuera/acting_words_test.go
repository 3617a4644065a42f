package albuera

import (
	"math/rand/v2"
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule4_4_MovementPromptNamesTheActivatedBrigades: the subphase 2.2
// prompt names the brigades whose units act, and the chit when it is
// another commander's; it named the chit only ("the units of Beresford"
// while Colborne's brigade was the one activated).
func TestRule4_4_MovementPromptNamesTheActivatedBrigades(t *testing.T) {
	own, other := 0, 0
	for seed := uint64(1); seed <= 6 && (own == 0 || other == 0); seed++ {
		st := newGameWith(t, nil)
		r := rand.New(rand.NewPCG(seed, 7))
		for step := 0; step < 1500 && !st.Over; step++ {
			if st.Phase == phMove && st.Window != "opp" && st.Motion < 0 && len(st.Brigs) > 0 && len(st.Tasks) == 0 {
				p := st.Status().Prompt
				for _, b := range st.Brigs {
					if n := st.name(st.idx(b)); !strings.Contains(p, n+"'s") {
						t.Fatalf("seed %d: prompt %q does not name %s's brigade", seed, p, n)
					}
				}
				chit := st.name(st.idx(st.Chit))
				if len(st.Brigs) == 1 && st.Brigs[0] == st.Chit {
					own++
					if strings.Contains(p, "chit") {
						t.Fatalf("seed %d: prompt %q names the chit of the brigade's own commander", seed, p)
					}
				} else {
					other++
					if !strings.Contains(p, "("+chit+"'s chit)") {
						t.Fatalf("seed %d: prompt %q does not say whose chit activated the brigades", seed, p)
					}
				}
			}
			a, err := rules.RandomAction(st, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.Apply(a); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
		}
	}
	if own == 0 || other == 0 {
		t.Fatalf("random play met %d prompts of a brigade's own chit and %d of another commander's: both kinds are needed", own, other)
	}
}

// TestRule12_7_TurnSaysItsCompassDirection: a turn's action and its log
// line name the new facing as a compass direction ("turns to face
// north-east (1 MP)"), not a number the command line printed as it was.
func TestRule12_7_TurnSaysItsCompassDirection(t *testing.T) {
	st := newGameWith(t, nil)
	r := rand.New(rand.NewPCG(2, 7))
	turns := 0
	for step := 0; step < 3000 && !st.Over && turns < 5; step++ {
		a, err := rules.RandomAction(st, r)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range st.Legal() {
			if l.Kind == "face" && l.Choice == "turn" {
				if want := "turns to face " + st.facingWord(l.Facing) + " ("; !strings.Contains(l.Label, want) {
					t.Fatalf("turn label %q, want %q", l.Label, want)
				}
				a = l
				break
			}
		}
		evs, err := st.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		if a.Kind == "face" && a.Choice == "turn" {
			turns++
			said := false
			for _, e := range evs {
				said = said || strings.HasSuffix(e.Text, "turns to face "+st.facingWord(a.Facing))
			}
			if !said {
				t.Fatalf("the turn's log %v does not name its facing %q", evs, st.facingWord(a.Facing))
			}
		}
	}
	if turns == 0 {
		t.Fatal("no turn was made")
	}
}
