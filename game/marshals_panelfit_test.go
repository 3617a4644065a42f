package game

import (
	"testing"

	"grognard/rules"
)

// TestDrawnEventChoicesNotPushedOffThePanelByHeldMarkers: four markers
// that cannot be played now and the drawn event's text left no room for
// its Keep and Return buttons; when the panel is short the idle cards go
// after the choices, and a panel with room keeps its order.
func TestDrawnEventChoicesNotPushedOffThePanelByHeldMarkers(t *testing.T) {
	var items []panelItem
	for _, id := range []string{"fatigue", "genie", "initiative", "renfort"} {
		items = append(items, panelItem{card: &rules.Card{ID: id}, h: 80, why: "Cannot be played"})
	}
	items = append(items, panelItem{heading: "Event drawn: Génie ...", h: 100, note: true})
	keep, ret := rules.Action{Choice: "keep"}, rules.Action{Choice: "return"}
	items = append(items, panelItem{act: &ret, h: 40}, panelItem{act: &keep, h: 40})
	got := choicesFirst(items, 400)
	if got[0].note != true || got[1].act == nil || got[2].act == nil || got[3].card == nil || len(got) != len(items) {
		t.Errorf("a short panel: the note and the choices first, then the cards: %+v", got)
	}
	if got := choicesFirst(items, 1000); got[0].card == nil {
		t.Error("a panel with room changed its order")
	}
}
