package game

import (
	"image"
	"testing"
)

// TestHoverCardStaysNearThePointerWhenANearClearSpotExists: a counter
// hovered in the middle of the board with other counters' values right,
// left, above and below it (every place beside it touches one) and a clean
// gap at its upper right; the board's corners are clean too. The card goes
// into the near gap, not to a corner across the board.
func TestHoverCardStaysNearThePointerWhenANearClearSpotExists(t *testing.T) {
	room := image.Rect(0, 0, 900, 600)
	a := image.Rect(430, 280, 470, 320) // the counter hovered
	w, h := 200, 120
	var keeps []hoverKeep
	add := func(r image.Rectangle) { keeps = append(keeps, hoverKeep{r, valuesKeep}) }
	// counters' values in a cross around the anchor, leaving the upper
	// right quadrant near it clear
	for x := 100; x < 430; x += 60 { // a row to the left
		add(image.Rect(x, 290, x+30, 310))
	}
	for x := 480; x < 800; x += 60 { // a row to the right
		add(image.Rect(x, 290, x+30, 310))
	}
	for y := 330; y < 560; y += 50 { // a column below
		add(image.Rect(440, y, 460, y+12))
		add(image.Rect(300, y, 330, y+12))
		add(image.Rect(560, y, 590, y+12))
	}
	for y := 60; y < 270; y += 50 { // a column above, and one on the left
		add(image.Rect(440, y, 460, y+12))
		add(image.Rect(300, y, 330, y+12))
	}
	keeps = append(keeps, hoverKeep{a, hardKeep})
	box := placeHover(room, a, w, h, hoverCandidates(room, a, w, h, 60), keeps, true)
	for _, k := range keeps {
		if box.Overlaps(k.r) {
			t.Fatalf("the card %v covers %v", box, k.r)
		}
	}
	if d := rectGap(box, a); d > 60 {
		t.Errorf("the card %v lies %d px from the counter hovered %v: a clear spot at its upper right is within 30 px", box, d, a)
	}
}

// TestSelectedUnitHoverCardNotRepeatedOverItsLitHexes: Almansa, a unit
// selected in the movement phase, its card shown in the side panel; the
// pointer resting on it draws no second card on the board (it covered its
// lit hexes), while another unit hovered still gets its card.
func TestSelectedUnitHoverCardNotRepeatedOverItsLitHexes(t *testing.T) {
	s := almansaMovement(t)
	a := &App{w: 1280, h: 720, input: noInput{}}
	b := newBoard(a, s)
	a.scene = b
	var sel, other string
	for _, act := range s.Legal() {
		if act.Kind == "move" && act.Unit != "" {
			if sel == "" {
				sel = act.Unit
			} else if act.Unit != sel {
				other = act.Unit
				break
			}
		}
	}
	if sel == "" || other == "" {
		t.Fatal("no two units to move")
	}
	s.Select(sel)
	b.layoutPanel(a)
	if b.cardRect.Dy() < 96 {
		t.Fatalf("the side panel has no room for the selected unit's card: %v", b.cardRect)
	}
	if !b.selectedCardInPanel(sel) {
		t.Error("the selected unit hovered gets a second card over the board")
	}
	if b.selectedCardInPanel(other) {
		t.Error("another unit hovered gets no card")
	}
}

// TestHoverCardInThePanelWhenTheBoardHasNoClearPlace: Venta del Pozo's
// whole board, nothing selected: a unit whose card has no place beside it
// clear of the other counters (it hid those around it; the dice tray
// takes the board's empty corner) shows its
// card in the side panel's room for a card, which covers no counter; with
// a unit selected the room is the selected unit's and the card stays on
// the board.
func TestHoverCardInThePanelWhenTheBoardHasNoClearPlace(t *testing.T) {
	a, b := ventaCombatFit(t)
	s := b.S
	s.Select("")
	b.layoutPanel(a)
	b.trayRect = image.Rect(10, 583, 430, 670) // the last rolls' dice, as after a melee
	br := b.BoardRect(a)
	moved := 0
	for _, u := range s.View().Units {
		if u.At == "" {
			continue
		}
		b.hoverUnit, b.hoverLoc = u.ID, u.At
		r := b.unitCardBox(br, u, s.View().Board)
		got, in := b.unitCardInPanel(r)
		if !in {
			if b.coversValues(r) {
				t.Errorf("%s: its card %v covers counters' values and stays on the board (panel room %v)", u.ID, r, b.cardRect)
			}
			continue
		}
		moved++
		if got.Overlaps(br) || !got.In(b.sideRect(a)) || got.Dx() != r.Dx() || got.Dy() != r.Dy() {
			t.Errorf("%s: its card %v is not whole in the side panel %v", u.ID, got, b.sideRect(a))
		}
	}
	if moved == 0 {
		t.Fatal("no unit's card covered counters at the whole-board view: the case is not checked")
	}
	for _, u := range s.View().Units {
		if u.At != "" && u.Side == s.Viewer {
			s.Select(u.ID)
			break
		}
	}
	b.layoutPanel(a)
	if _, in := b.unitCardInPanel(image.Rect(10, 10, 200, 200)); in {
		t.Error("with a unit selected a hovered unit's card went over the selected unit's card")
	}
}
