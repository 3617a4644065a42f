package albuera

import (
	"strings"
	"testing"

	"grognard/rules/lesson"
)

// TestRule5_LessonArrayMustBeKnown: a lesson's position refuses an array
// the unit cannot take (a typo, a battalion "mounted", horse artillery
// limbered) with an error naming the arrays it may take; the arrays the
// set-up knows are accepted [5]-[10].
func TestRule5_LessonArrayMustBeKnown(t *testing.T) {
	pos := func(unit, at, array string) error {
		_, err := position(lesson.Position{Scenario: ScenarioID, Set: map[string]string{"phase": "move", "side": "allied"}, Units: []lesson.Place{
			{Unit: unit, Fields: map[string]string{"at": at, "facing": "1", "array": array}}}})
		return err
	}
	for _, c := range []struct{ unit, array, want string }{
		{"II/34", "colum", "column, line, square"},
		{"II/34", "cavalry", "not an array of a infantry"},
		{"3DGa", "column", "(cavalry)"},
		{"3DGa", "", "(cavalry)"},
	} {
		err := pos(c.unit, "0607", c.array)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s array=%q: got %v, want an error with %q", c.unit, c.array, err, c.want)
		}
	}
	for _, c := range []struct{ unit, array string }{{"II/34", "column"}, {"II/34", "square"}, {"3DGa", "cavalry"}} {
		if err := pos(c.unit, "0607", c.array); err != nil {
			t.Errorf("%s array=%s refused: %v", c.unit, c.array, err)
		}
	}
}

// TestRule15_8_OddsSayOneTurn: the Clash odds read "back in 1 turn" and
// "back in 2 turns", never "1 turns".
func TestRule15_8_OddsSayOneTurn(t *testing.T) {
	if got := turnsText("1"); got != "1 turn" {
		t.Errorf("turnsText(1) = %q", got)
	}
	if got := turnsText("2"); got != "2 turns" {
		t.Errorf("turnsText(2) = %q", got)
	}
}
