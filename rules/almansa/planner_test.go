package almansa

import (
	"strings"
	"testing"
	"time"

	"grognard/rules"
)

// TestRule10_ReachWalksLegalSteps: every route the planner offers is a
// sequence of legal single steps that ends where it says, at its cost.
func TestRule10_ReachWalksLegalSteps(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("lb1", "0414", 1)
	s.put("v1", "0814", 4)
	routes := s.Reach("lb1")
	if len(routes) < 10 {
		t.Fatalf("too few routes: %d", len(routes))
	}
	behind := false
	for _, r := range routes {
		c := s.clone()
		for _, st := range r.Steps {
			if _, err := c.Apply(st); err != nil {
				t.Fatalf("route to %s: step %s refused: %v", r.To, st.Key(), err)
			}
		}
		if got := c.hexOf("lb1"); got != r.To {
			t.Fatalf("route to %s ends at %s", r.To, got)
		}
		if mp(c.unit("lb1").Spent) != r.Cost {
			t.Fatalf("route to %s costs %s, spent %s", r.To, r.Cost, mp(c.unit("lb1").Spent))
		}
		behind = behind || r.To == "0314" // behind: turn three times then move
	}
	if !behind {
		t.Fatal("a rear hex is reachable by turning first")
	}
	// Hexes beyond an enemy ZoC are not reachable through it [9].
	for _, r := range routes {
		if r.To == "0914" {
			t.Fatal("the route passes through v1's ZoC")
		}
	}
	if why := s.WhyNot("lb1", "1014"); !strings.Contains(why, "[") {
		t.Fatalf("why not cites rules: %q", why)
	}
}

func TestPreviewDistribution(t *testing.T) {
	s := board(t, nil, phaseBShock)
	s.put("v1", "0514", 4)
	s.put("lb1", "0414", 1)
	pv := s.Preview(rules.Action{Kind: "shock", Unit: "lb1", To: "0514"})
	n := 0
	for _, l := range pv {
		if l.Den != 6 {
			t.Fatalf("denominator %d", l.Den)
		}
		n += l.Num
	}
	if n != 6 || len(pv) < 2 {
		t.Fatalf("preview: %+v", pv)
	}
	// 1:1, the table's column: die 1 A1, 2 AM, 3 A1/D1, 4 DM, 5 DM, 6 D1.
	for _, l := range pv {
		if strings.Contains(l.Result, "defender checks morale") && !strings.Contains(l.Result, "loses") && l.Num != 2 {
			t.Fatalf("DM comes up on 4 and 5: %+v", pv)
		}
	}
}

func TestViewHasNoHiddenInformation(t *testing.T) {
	s := started(t, nil)
	b, a := s.View(rules.Side(Bourbon)), s.View(rules.Side(Allied))
	if len(b.Units) != len(a.Units) || b.Style != "counter" || len(b.Legal) == 0 || len(a.Legal) != 0 {
		t.Fatal("both sides see every unit; only the decider gets actions")
	}
	for _, u := range b.Units {
		if u.Type == "" || u.Short == "" || u.Color == "" || (u.At == "" && !u.Eliminated) {
			t.Fatalf("incomplete unit view %+v", u)
		}
	}
}

func benchGame(b *testing.B) *State {
	sc, err := Load()
	if err != nil {
		b.Fatal(err)
	}
	s := New(sc, nil)
	for range 3 { // Bourbon, Bourbon done with the reserve [6], Allied
		s.Apply(rules.Action{Kind: "choose", Choice: "historical"})
	}
	return s
}

func BenchmarkLegal(b *testing.B) {
	s := benchGame(b)
	b.ResetTimer()
	for range b.N {
		s.touch()
		s.Legal()
	}
}

func BenchmarkApply(b *testing.B) {
	s := benchGame(b)
	start := time.Now()
	n := 0
	b.ResetTimer()
	for range b.N {
		if s.Over {
			s = benchGame(b)
		}
		acts := s.Legal()
		a := acts[(n*7919+13)%len(acts)]
		if _, err := s.Apply(a); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/time.Since(start).Seconds(), "actions/s")
}

func BenchmarkPlayout(b *testing.B) {
	start := time.Now()
	actions := 0
	for i := range b.N {
		st, err := rules.Playout(ScenarioID, rules.PlayoutConfig{Games: 1, Seed: uint64(1000 + i), Check: invariants})
		if err != nil {
			b.Fatal(err)
		}
		actions += st.Actions
	}
	b.ReportMetric(float64(actions)/time.Since(start).Seconds(), "actions/s")
}
