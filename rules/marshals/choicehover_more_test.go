package marshals

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"grognard/rules"
)

// TestEveryMarshalsButtonSaysWhatItDoes (issue #18: "Pass [5.0]", "Stop
// here", "Do not play Contre-batterie" had no hover): in random games of
// the six scenarios, every decision offered as a button (no place on the
// map: To empty) says what it does before it is clicked, in its Info or
// in the system's ChoiceHover, and cites a rule there or in its own.
func TestEveryMarshalsButtonSaysWhatItDoes(t *testing.T) {
	kinds := map[string]bool{}
	for _, d := range ScenarioList {
		for seed := uint64(1); seed <= 2; seed++ {
			st, err := rules.NewState(d.ID, nil)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 31))
			for i := 0; i < 2500 && !st.Result().Over; i++ {
				var a rules.Action
				if st.Status().Decider == rules.Chance {
					a, _ = rules.Sample(st.Chances(), r)
				} else {
					s := st.(*State)
					l := st.Legal()
					for _, x := range l {
						if x.To != "" {
							continue
						}
						h := s.ChoiceHover(x)
						if strings.TrimSpace(x.Info) == "" && h == "" {
							t.Fatalf("%s %s: %q (%s) says nothing of what it does", d.ID, s.Sub, x.Label, x.Key())
						}
						if x.Rule == "" && !strings.Contains(x.Info+h, "[") {
							t.Errorf("%q cites no rule", x.Label)
						}
						kinds[s.Sub+" "+x.Kind+" "+strings.SplitN(x.Choice, "=", 2)[0]] = true
					}
					a = l[r.IntN(len(l))]
				}
				if _, err := st.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, k := range []string{"op pass ", "compose choose leave", "forced end stop", "declare end confirm"} {
		if !kinds[k] {
			t.Errorf("the games met no %q button", k)
		}
	}
	t.Logf("%d kinds of buttons checked", len(kinds))
}

// TestRule5_0_PassSaysWhatFollows: the hover of Pass says that the other
// side plays next, and, once the other side has just passed, that the
// operations phase then ends [5.0].
func TestRule5_0_PassSaysWhatFollows(t *testing.T) {
	s := newFixture(t)
	for i := 0; i < 400 && s.Sub != SubOp; i++ {
		st := rules.State(s)
		if st.Status().Decider == rules.Chance {
			play(t, s, st.Chances()[0].Action)
			continue
		}
		l := st.Legal()
		pick := l[0]
		for _, a := range l {
			if a.Kind == "end" || a.Choice == "keep" {
				pick = a
			}
		}
		play(t, s, pick)
	}
	if s.Sub != SubOp {
		t.Skipf("no operation reached: %s", s.Sub)
	}
	pass := rules.Action{Kind: "pass", Label: "Pass", Rule: "5.0"}
	s.Passes = 0
	if h := s.ChoiceHover(pass); !strings.Contains(h, "plays its next operation") || !strings.Contains(h, "[5.0]") {
		t.Errorf("Pass with no pass before reads %q", h)
	}
	s.Passes = 1
	if h := s.ChoiceHover(pass); !strings.Contains(h, "operations phase ends now") {
		t.Errorf("Pass after the other side's pass reads %q", h)
	}
}

// TestRule5_4_4_RetreatAndLastSSButtonsSayWhatFollows (seen in a
// Talavera game played by clicks: "Retreat to Maqueda" had no hover, and
// "Albuquerque loses 1 cavalry SS" destroyed the division without a word):
// a retreat button says which zone of how many it is and the river's cost
// [5.4.4] [7.7]; a one-loss button on a division's last SS says it is
// destroyed [7.4].
func TestRule5_4_4_RetreatAndLastSSButtonsSayWhatFollows(t *testing.T) {
	retreats, lasts := 0, 0
	for _, sc := range []string{"marshals-talavera", "marshals-almonacid", "marshals-ocana"} {
		for seed := uint64(1); seed <= 4; seed++ {
			st, err := rules.NewState(sc, nil)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 13))
			for i := 0; i < 3000 && !st.Result().Over; i++ {
				var a rules.Action
				if st.Status().Decider == rules.Chance {
					a, _ = rules.Sample(st.Chances(), r)
				} else {
					s := st.(*State)
					l := st.Legal()
					for _, x := range l {
						switch {
						case s.Sub == SubRetreat && x.Kind == "move":
							retreats++
							h := s.ChoiceHover(x)
							want := fmt.Sprintf("zone %d of the %d of its retreat", len(s.Combat.Path), s.Combat.Retreat)
							if !strings.Contains(h, want) || !strings.Contains(h, "[7.7]") {
								t.Errorf("%q hovers %q, want %q", x.Label, h, want)
							}
						case s.Sub == SubLoss && x.Choice == "loss" && s.def(s.idx(x.Unit)).Kind == KDiv:
							h := s.ChoiceHover(x)
							last := s.MainSS(s.idx(x.Unit)) == 1
							if last {
								lasts++
							}
							if last != strings.Contains(h, "the division is destroyed") {
								t.Errorf("%q (main SS %d) hovers %q", x.Label, s.MainSS(s.idx(x.Unit)), h)
							}
						}
					}
					a = l[r.IntN(len(l))]
				}
				if _, err := st.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if retreats == 0 || lasts == 0 {
		t.Fatalf("%d retreat buttons, %d last-SS buttons met", retreats, lasts)
	}
}

// TestRule7_5_ActivatingADecoySaysSo (seen playing Talavera by clicks: the
// hover of "Activate a stack at La Calzada de Oropesa" read "0 units that
// may act"): a zone of decoys only says it is a decoy [7.5].
func TestRule7_5_ActivatingADecoySaysSo(t *testing.T) {
	seen := 0
	for seed := uint64(1); seed <= 3; seed++ {
		st, err := rules.NewState("marshals-talavera", nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 3))
		for i := 0; i < 600 && !st.Result().Over; i++ {
			var a rules.Action
			if st.Status().Decider == rules.Chance {
				a, _ = rules.Sample(st.Chances(), r)
			} else {
				s := st.(*State)
				l := st.Legal()
				for _, x := range l {
					if x.Kind != "order" || s.Sub != SubOp {
						continue
					}
					only := true
					for _, j := range s.sideAt(int(s.decider()), x.To, nil) {
						if s.def(j).Kind != KDecoy && !s.Units[j].Activated {
							only = false
						}
					}
					h := s.ChoiceHover(x)
					if only {
						seen++
						if !strings.Contains(h, "decoy") || strings.Contains(h, "0 units") || strings.Contains(h, "] that may act") {
							t.Errorf("%q hovers %q", x.Label, h)
						}
					}
				}
				a = l[r.IntN(len(l))]
			}
			if _, err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no activation of a decoy met")
	}
}
