package napoleonics

import (
	"strings"
	"testing"

	"grognard/rules"
)

// An order and the end of each phase say what they do before they are
// clicked [Sequence of Play: order, movement, combat]: what the ordered unit
// may do, its leader, how many of the card's orders are left, and what the
// end of a phase gives up.
func TestSequenceOfPlay_OrderChoicesSayWhatTheyDo(t *testing.T) {
	s := board(t, 1, PhOrder, "probe-left", map[string]string{"b-kgl1": "0407", "halkett": "0407", "b-kgl2": "0208", "f-d6": "0406"})
	why := s.ChoiceWhy(rules.Action{Kind: "order", Unit: "b-kgl1"})
	for _, want := range []string{"may move up to 2 hexes", "battle in the combat phase", "if it moved no more than 1 hex",
		"goes with it", "order 1 of the 2 that Probe Left gives; 1 order left after it", "Units not ordered stay"} {
		if !strings.Contains(why, want) {
			t.Errorf("order why lacks %q:\n%s", want, why)
		}
	}
	end := s.ChoiceWhy(rules.Action{Kind: "end"})
	if !strings.Contains(end, "No unit is ordered yet") || !strings.Contains(end, "2 orders of Probe Left go unused") || !strings.Contains(end, "Then: movement") {
		t.Errorf("end of the orders with none given: %s", end)
	}
	do(t, s, "order", "b-kgl1", "")
	why = s.ChoiceWhy(rules.Action{Kind: "order", Unit: "b-kgl2"})
	if !strings.Contains(why, "the last of the 2 orders that Probe Left gives") || strings.Contains(why, "goes with it") {
		t.Errorf("second order: %s", why)
	}
	end = s.ChoiceWhy(rules.Action{Kind: "end"})
	if !strings.Contains(end, "with 1 unit ordered: only it moves and battles") || !strings.Contains(end, "1 order of Probe Left goes unused") {
		t.Errorf("end of the orders with one given: %s", end)
	}
	do(t, s, "end", "", "")
	if end := s.ChoiceWhy(rules.Action{Kind: "end"}); !strings.Contains(end, "1 unit ordered and able to move stays where it is") || !strings.Contains(end, "Then: combat") {
		t.Errorf("end of movement: %s", end)
	}
	do(t, s, "end", "", "")
	if end := s.ChoiceWhy(rules.Action{Kind: "end"}); !strings.Contains(end, "1 unit ordered and able to battle gives up its battle this turn") || !strings.Contains(end, "British draws a command card") {
		t.Errorf("end of combat: %s", end)
	}
	// A leader ordered alone.
	s = board(t, 1, PhOrder, "probe-left", map[string]string{"b-kgl1": "0407", "halkett": "0407"})
	if why := s.ChoiceWhy(rules.Action{Kind: "order", Unit: "halkett"}); !strings.Contains(why, "a leader never battles") {
		t.Errorf("leader order: %s", why)
	}
	// Nothing to say for what the label says already, or for junk.
	if s.ChoiceWhy(rules.Action{Kind: "order", Unit: "nobody"}) != "" || (*State)(nil).ChoiceWhy(rules.Action{Kind: "end"}) != "" {
		t.Error("an unknown unit or a nil state has no explanation")
	}
}
