package render

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	"strings"
	"testing"
)

// TestRule7_7_BACChipExplainsItself (newcomer issue #18, docs/NOTES.md):
// the Marshals "BAC" chip beside a stack (back to the river, [7.7]) did
// not say what it is: the unit card read "Markers: back-to-river" and the
// legend "Back to river". The card now names the chip's letters, the
// marker, its effect and rule; the legend row says its effect and rule,
// and the legend still fits its panel.
func TestRule7_7_BACChipExplainsItself(t *testing.T) {
	needLoop(t)
	v := scenarioView(t, "marshals-talavera")
	u := v.Units[0]
	u.Markers = append(u.Markers, "back-to-river", "combatted")
	v.Units[0] = u
	if ab, _ := markerInfo("back-to-river"); ab != "BAC" {
		t.Fatalf("the chip reads %q", ab)
	}
	_, _, body := unitFacts(u, v.Board)
	card := strings.Join(body, "\n")
	for _, want := range []string{"BAC: back to the river", "-1 CP in its next combat [7.7]", "COM: has fought", "[5.3.2]"} {
		if !strings.Contains(card, want) {
			t.Errorf("the unit card does not say %q:\n%s", want, card)
		}
	}
	items := legendItems(v)
	var labels []string
	for _, it := range items {
		labels = append(labels, it.label)
	}
	all := "|" + strings.Join(labels, "|") + "|"
	for _, want := range []string{"|Back to the river: -1 CP [7.7]|", "|Has fought: +1 Fatigue [5.3.2]|"} {
		if !strings.Contains(all, want) {
			t.Errorf("the legend lacks %q: %s", want, all)
		}
	}
	r := image.Rect(10, 74, 10+LegendWidth, 710)
	if bottom := legendBottom(items, r); bottom > float64(r.Max.Y) {
		t.Errorf("the legend's last row ends at %.0f, below its panel's %d", bottom, r.Max.Y)
	}
	img := ebiten.NewImage(1280, 720)
	DrawLegendView(img, r, v)
	savePNG(t, img, "legend_marshals_bac.png")
	cardImg := ebiten.NewImage(400, 500)
	DrawUnitCard(cardImg, 10, 10, u, v.Board)
	savePNG(t, cardImg, "unitcard_marshals_bac.png")
	// Albuera's counted markers on the card (chips "-1", "F4")
	if got := markerName("loss1"); got != "-1: 1 Loss [3.4]" {
		t.Errorf("loss1 reads %q", got)
	}
	if got := markerName("fired4"); got != "F4: fired 4× [14.9.3]" {
		t.Errorf("fired4 reads %q", got)
	}
	if got := markerName("loss2"); got != "-2: 2 Losses [3.4]" {
		t.Errorf("loss2 reads %q", got)
	}
	if !strings.Contains(strings.Join(func() []string {
		_, _, b := unitFacts(rulesUnitWith("loss1", "fired4"), nil)
		return b
	}(), "\n"), "Markers: -1: 1 Loss [3.4], F4: fired 4× [14.9.3]") {
		t.Error("the card's markers line of an Albuera battalion is not one short line")
	}
	if markerName("fired") != "Fired" {
		t.Errorf("fired (no count) reads %q", markerName("fired"))
	}
	// markers whose name says it are unchanged
	if MarkerName("activated") != "Activated" || markerName("routed") != "Routed" {
		t.Errorf("other markers changed: %q %q", MarkerName("activated"), markerName("routed"))
	}
}

// rulesUnitWith is a unit with the markers ms.
func rulesUnitWith(ms ...string) rules.UnitView {
	return rules.UnitView{ID: "x", Name: "x", Markers: ms, Facing: -1}
}
