package albuera

import (
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule4_6_WhyNotNamesTheDecisionThatComesFirst (newcomer issue #18):
// hovering the map while Beresford's choice waited read "No: first Allied
// decides: Beresford activates ...". The refusal names whose decision
// comes first and what it is.
func TestRule4_6_WhyNotNamesTheDecisionThatComesFirst(t *testing.T) {
	g, err := rules.NewGame("albuera-1811", 1, rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var s *State
	for step := 0; step < 400 && s == nil; step++ {
		if g.State.Status().Decider == rules.Chance {
			if _, err := g.ResolveChance(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if st := g.State.(*State); len(st.Tasks) > 0 && st.Tasks[0].Kind == "cinc" {
			s = st
			break
		}
		legal := g.State.Legal()
		if _, err := g.Apply(legal[len(legal)-1]); err != nil {
			t.Fatal(err)
		}
	}
	if s == nil {
		t.Fatal("no commander-in-chief's choice reached")
	}
	side := s.Tasks[0].Side
	var u rules.UnitView
	for _, x := range s.View(rules.Side(side)).Units {
		if x.At != "" && x.Type != "commander" && !x.Eliminated {
			u = x
			break
		}
	}
	cinc := s.name(s.Tasks[0].Unit)
	got := s.WhyNot(u.ID, u.At)
	want := "no: the " + sideNames[side] + " decision comes first: " + cinc + " activates one brigade commander at any distance [4.6]"
	if got != want {
		t.Errorf("WhyNot = %q, want %q", got, want)
	}
}

// TestRule3_3_ActivatedCommanderWaitsFor23 (newcomer issue #18): the
// activated Werlé, clicked in subphase 2.2, said "its commander is not
// activated [4.4]". A commander moves in subphase 2.3 [3.3], and the
// refusal says so.
func TestRule3_3_ActivatedCommanderWaitsFor23(t *testing.T) {
	g, err := rules.NewGame("albuera-1811", 1, rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for step := 0; step < 50; step++ {
		if g.State.Status().Decider == rules.Chance {
			if _, err := g.ResolveChance(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		s := g.State.(*State)
		if s.Phase == phMove && len(s.Tasks) == 0 {
			break
		}
		if _, err := g.Apply(g.State.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	s := g.State.(*State)
	if s.Phase != phMove {
		t.Fatalf("no subphase 2.2 reached: %q", s.Status().Phase)
	}
	checked := 0
	for i := range s.U {
		if s.kind(i) != KCdr || !s.U[i].Activated || s.U[i].Where != OnMap || s.side(i) != s.Side {
			continue
		}
		id, at := s.id(i), s.num(s.U[i].At)
		w := s.WhyNot(id, at)
		if w != cdrMovesIn23 {
			t.Errorf("%s in 2.2: %q, want %q", id, w, cdrMovesIn23)
		}
		if strings.Contains(w, "not activated") {
			t.Errorf("%s is activated, the refusal says not: %q", id, w)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no activated commander of the moving side to ask about")
	}
}
