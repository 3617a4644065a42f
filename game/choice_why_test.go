package game

import (
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule6_AlmansaSetupChoicesSayWhatTheyDo: in the window's session the
// Almansa set-up buttons explain themselves on hover (the historical set-up
// [4], each formation the cavalry reserve may join with its leader and
// command radius [6]); and an end of phase says where it leads before it is
// clicked (Bourbon movement ends into Allied movement [10]).
func TestRule6_AlmansaSetupChoicesSayWhatTheyDo(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s, err := NewSession("almansa-1707", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	choices := 0
	for _, a := range s.Legal() {
		why := strings.Join(s.choiceWhy(a), " ")
		if a.Kind != "choose" {
			continue
		}
		choices++
		if a.Choice == "historical" && !strings.Contains(why, "1707") {
			t.Errorf("%q explains %q", a.Label, why)
		}
		if strings.HasPrefix(a.Choice, "attach:") && !strings.Contains(why, "command radius") {
			t.Errorf("%q explains %q", a.Label, why)
		}
	}
	if choices < 2 {
		t.Fatalf("%d set-up choices", choices)
	}
	do := func(choice string) {
		t.Helper()
		if s.Waiting() {
			s.TakeSeat()
		}
		if _, err := s.Do(rules.Action{Kind: "choose", Choice: choice}); err != nil {
			t.Fatal(err)
		}
	}
	do("historical") // Bourbon: historical set-up
	do("historical") // Bourbon: done, the reserve as in 1707
	do("historical") // Allied: historical set-up
	if s.Waiting() {
		s.TakeSeat()
	}
	st := s.View().Status
	if !strings.Contains(st.Phase, "movement") {
		t.Fatalf("phase %q after the set-up", st.Phase)
	}
	var end *rules.Action
	for _, a := range s.Legal() {
		if a.Kind == "end" {
			end = &a
		}
	}
	if end == nil {
		t.Fatal("no end of the movement phase")
	}
	why := strings.Join(s.choiceWhy(*end), " ")
	if !strings.Contains(why, "Then: Allied movement [10]") || !strings.Contains(why, "Allied decides") {
		t.Fatalf("the end of the Bourbon movement says %q", why)
	}
	if s.View().Status.Phase != st.Phase {
		t.Fatal("explaining the end changed the game")
	}
	// A move is not a choice: it has no such text.
	for _, a := range s.Legal() {
		if a.Kind == "move" {
			if why := s.choiceWhy(a); len(why) != 0 {
				t.Fatalf("a move explains itself as a choice: %q", why)
			}
			break
		}
	}
}
