package game

import (
	"fmt"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/lesson"
)

// TestSquareChoiceShowsItsDieOdds (newcomer issue #18: "tries to form
// square (Morale Check) [Albuera 7.2]" was offered with no odds though a
// die follows): the choice's hover tells what the die makes of it and the
// chance of each; a choice that sets off no die, and a reaction whose own
// text has its odds, get no such line; a move into an enemy's Front hex
// says that the enemy's Morale Check follows [13.1].
func TestSquareChoiceShowsItsDieOdds(t *testing.T) {
	ls, err := lesson.All()
	if err != nil {
		t.Fatal(err)
	}
	l := lesson.Find(ls, "albuera-charge")
	if l == nil {
		t.Fatal("no lesson albuera-charge")
	}
	run, err := lesson.Start(l)
	if err != nil {
		t.Fatal(err)
	}
	session := func() *Session {
		s, err := SessionFor(&rules.Game{Scenario: l.Scenario, Seed: 1, State: run.St.Clone()})
		if err != nil {
			t.Fatal(err)
		}
		s.TakeSeat()
		return s
	}
	// Before the third hex: the move into II/34's Front hex says what follows.
	for run.Step() != nil && run.Step().Act.Key() != "move u=3DGa to=0507" {
		if r := run.Do(run.Step().Act); !r.OK {
			t.Fatal(r.Msg)
		}
	}
	s := session()
	if got := strings.Join(s.moveFollows("3DGa", "0507"), " "); !strings.Contains(got, "Morale Check of 2e bataillon, 34e Ligne") {
		t.Errorf("the move into the Front hex: %q", got)
	}
	if got := s.moveFollows("3DGa", "0508"); got != nil {
		t.Errorf("a move that sets nothing off: %q", got)
	}
	// The reaction: its fire option has its odds in its own text.
	if r := run.Do(run.Step().Act); !r.OK {
		t.Fatal(r.Msg)
	}
	s = session()
	for _, a := range s.Legal() {
		if a.Choice == "react:fire" {
			if got := s.choiceDice(a); got != nil {
				t.Errorf("the reaction fire already gives its odds, the hover adds %q", got)
			}
		}
	}
	// On to the square question.
	for run.Step() != nil && run.Step().Rule != "7.2" {
		if r := run.Do(run.Step().Act); !r.OK {
			t.Fatal(r.Msg)
		}
	}
	s = session()
	var try, no rules.Action
	for _, a := range s.Legal() {
		switch a.Choice {
		case "square:try":
			try = a
		case "square:no":
			no = a
		}
	}
	if try.Choice == "" || no.Choice == "" {
		t.Fatalf("no square question: %v", s.Legal())
	}
	got := strings.Join(s.choiceDice(try), " ")
	if !strings.Contains(got, "Then a die:") || strings.Count(got, " in 10") != 2 {
		t.Fatalf("the square attempt's hover: %q", got)
	}
	// The faces of the d10 that pass and those that fail, ten in all.
	var pass, fail int
	for _, part := range strings.Split(strings.TrimPrefix(got, "Then a die: "), ";") {
		var n int
		f := strings.Fields(part)
		if len(f) >= 3 {
			fmt.Sscan(f[len(f)-3], &n)
		}
		switch {
		case strings.Contains(part, "passes its Morale Check"):
			pass = n
		case strings.Contains(part, "fails its Morale Check"):
			fail = n
		}
	}
	if pass < 1 || fail < 1 || pass+fail != 10 {
		t.Errorf("the square attempt's odds: %q (passes %d, fails %d)", got, pass, fail)
	}
	if d := s.choiceDice(no); d != nil {
		t.Errorf("staying as it is rolls no die, the hover says %q", d)
	}
}
