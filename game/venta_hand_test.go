package game

import (
	"testing"

	"grognard/render"
)

// TestVentaOpeningHandShowsEveryCardsText: at 1280x720 the French hand of
// Venta del Pozo's first Command phase (four cards) is laid out whole —
// heading, text and citation — not as compact headings (#11 item 9: card
// text is never cut; a taller citation row once pushed the hand into its
// compact form).
func TestVentaOpeningHandShowsEveryCardsText(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s, err := NewSession("venta-del-pozo", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	a, b := scriptedApp(t, s)
	cards := 0
	for _, it := range b.panelItems(a) {
		if it.card == nil {
			continue
		}
		cards++
		if it.look.Compact {
			t.Errorf("%s is laid out compact (heading only) at %dx%d", it.card.Name, WindowW, WindowH)
		}
		if want := render.CardHeight(*it.card, sideWidth-16, render.CardLook{Why: it.why}); it.h != want {
			t.Errorf("%s is %d px high, want its whole height %d", it.card.Name, it.h, want)
		}
	}
	if cards < 4 {
		t.Fatalf("%d cards in the French opening hand, want 4", cards)
	}
}
