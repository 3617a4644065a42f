package marshals

import (
	"math/rand/v2"
	"strings"
	"testing"

	"grognard/rules"
)

// firstDivision is the index of a division of side on the map with a
// morale above 1 and below 6 (so a die may pass or fail).
func firstDivision(t *testing.T, s *State, side int) int {
	t.Helper()
	for i := range s.Units {
		if d := s.def(i); d.Side == side && d.Kind == KDiv && s.onMap(i) && s.Morale(i) > 1 && s.Morale(i) < 6 {
			return i
		}
	}
	t.Fatalf("no division of side %d on the map", side)
	return -1
}

// TestRule7_9_RecoveryLineSaysWhatIsTested (seen playing Ocaña by clicks:
// "French tests recovery [7.9]" came once per division, identical lines
// that said neither what was tested nor how): the opponent reads that a
// division with losses tests its recovery and how the die decides, never
// which division nor its die; the owner reads the division, the die
// against the morale and the outcome.
func TestRule7_9_RecoveryLineSaysWhatIsTested(t *testing.T) {
	for _, pass := range []bool{true, false} {
		s := newFixture(t)
		i := firstDivision(t, s, French)
		s.Units[i].Losses = 1
		m := s.Morale(i)
		die := m
		if !pass {
			die = m + 1
		}
		d := s.def(i)
		evs := s.rollRecover(d.ID, die)
		if len(evs) != 1 {
			t.Fatalf("%d events", len(evs))
		}
		pub := evs[0].TextFor(rules.Side(Allied))
		if !strings.Contains(pub, "French tests the recovery of a division with losses") || !strings.Contains(pub, "[7.9]") {
			t.Errorf("public line %q", pub)
		}
		if strings.Contains(pub, d.Name) {
			t.Errorf("the opponent reads the division: %q", pub)
		}
		own := evs[0].TextFor(rules.Side(French))
		want := "no loss recovered"
		if pass {
			want = "one loss recovered"
		}
		if !strings.Contains(own, "Recovery of "+d.Name) || !strings.Contains(own, want) || !strings.Contains(own, "morale") {
			t.Errorf("die %d against morale %d: the owner reads %q, want %q", die, m, own, want)
		}
		if got := s.Units[i].Losses; pass && got != 0 || !pass && got != 1 {
			t.Errorf("die %d against morale %d: losses now %d", die, m, got)
		}
	}
}

// TestRule7_8_RallyLineSaysWhatIsTested: the rally's lines likewise.
func TestRule7_8_RallyLineSaysWhatIsTested(t *testing.T) {
	s := newFixture(t)
	i := firstDivision(t, s, Allied)
	s.Units[i].Demoral = true
	m := s.Morale(i)
	d := s.def(i)
	evs := s.rollRally(d.ID, m+1)
	if pub := evs[0].TextFor(rules.Side(French)); !strings.Contains(pub, "Allied tests the rally of a demoralised unit") || strings.Contains(pub, d.Name) {
		t.Errorf("public line %q", pub)
	}
	if own := evs[0].TextFor(rules.Side(Allied)); !strings.Contains(own, "Rally of "+d.Name) || !strings.Contains(own, "still demoralised") {
		t.Errorf("owner's line %q", own)
	}
	if !s.Units[i].Demoral {
		t.Error("a die above the morale rallied the unit")
	}
}

// TestRule5_4_3_LossesOnNoCounterCountOneAndMany (seen playing Ocaña by
// clicks: "1 more loss(es) fall on no counter").
func TestRule5_4_3_LossesOnNoCounterCountOneAndMany(t *testing.T) {
	if got := noCounterLossesText(French, 1); got != "French: 1 more loss falls on no counter, none is left to take it" {
		t.Errorf("one: %q", got)
	}
	if got := noCounterLossesText(Allied, 3); got != "Allied: 3 more losses fall on no counter, none is left to take them" {
		t.Errorf("many: %q", got)
	}
}

// TestRule5_4_6_CombatEndsWhereItWasFought (seen playing Ocaña by clicks:
// after a pursuit the log read "The combat at Añover de Tajo ends" for a
// combat fought at Ocaña, two zones back along the retreat).
func TestRule5_4_6_CombatEndsWhereItWasFought(t *testing.T) {
	s := newFixture(t)
	k := &CombatState{Zone: "madrid", Path: []string{"ocana", "aranjuez", "madrid"}}
	if got := s.combatEndsText(k); got != "The combat at Ocaña ends (the loser retreated to Madrid)" {
		t.Errorf("after a pursuit: %q", got)
	}
	k = &CombatState{Zone: "ocana"}
	if got := s.combatEndsText(k); got != "The combat at Ocaña ends" {
		t.Errorf("no retreat: %q", got)
	}
	k = &CombatState{Zone: "ocana", Path: []string{"ocana", "aranjuez"}}
	if got := s.combatEndsText(k); got != "The combat at Ocaña ends" {
		t.Errorf("a retreat without pursuit: %q", got)
	}
}

// TestRule7_4_DetachmentButtonReadsAnInfantry (seen playing Ocaña by
// clicks: "Valence creates a infantry detachment").
func TestRule7_4_DetachmentButtonReadsAnInfantry(t *testing.T) {
	if anArm("infantry") != "an infantry" || anArm("cavalry") != "a cavalry" || anArm("artillery") != "an artillery" {
		t.Errorf("%q %q %q", anArm("infantry"), anArm("cavalry"), anArm("artillery"))
	}
	seen := 0
	for seed := uint64(1); seed <= 6 && seen == 0; seed++ {
		st, err := rules.NewState("marshals-ocana", nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 11))
		for n := 0; n < 800 && !st.Result().Over; n++ {
			for _, a := range st.Legal() {
				if a.Choice != "detach" {
					continue
				}
				seen++
				if strings.Contains(a.Label, " a infantry") || strings.Contains(a.Label, " a artillery") || !strings.Contains(a.Label, " creates an infantry") && !strings.Contains(a.Label, " creates a cavalry") && !strings.Contains(a.Label, " creates an artillery") {
					t.Errorf("%q", a.Label)
				}
			}
			a, err := rules.RandomAction(st, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if seen == 0 {
		t.Skip("no detachment offered in the games played")
	}
}

// TestRuleCR6_CommandDieSaysWhatItDecided (seen playing the Advance by
// clicks: "Allied command die: 1" said nothing of what it decided).
func TestRuleCR6_CommandDieSaysWhatItDecided(t *testing.T) {
	st, err := rules.NewState("marshals-advance", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	ids := s.cincCandidates(Allied)
	if len(ids) < 2 {
		t.Fatalf("candidates %v", ids)
	}
	s.CinC[Allied] = ids[0]
	_, d := s.unit(ids[0])
	if got := s.commandDieText(3); got != "Allied command die: 3, not a 6: "+d.Name+" stays commander in chief this turn" {
		t.Errorf("die 3: %q", got)
	}
	if got := s.commandDieText(6); !strings.Contains(got, "roles are reversed") {
		t.Errorf("die 6: %q", got)
	}
}
