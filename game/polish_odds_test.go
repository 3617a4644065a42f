package game

import (
	"image"
	"strings"
	"testing"

	"grognard/rules"
)

// TestVentaOddsCardKeepsClearOfCountersAtTheFitView: Venta del Pozo's
// whole board (F), the French hovering a British unit in the middle of
// the board: no place on the board holds the melee summary (400 wide)
// clear of every counter, so it goes into the side panel, whole (its rows
// and its key at the panel's width), and covers no counter; so does the
// battle back's short table. Zoomed in on
// an empty corner of the map it stays on the board, clear of the counters.
func TestVentaOddsCardKeepsClearOfCountersAtTheFitView(t *testing.T) {
	a, b := ventaCombatFit(t)
	s := b.S
	var target string
	for _, u := range s.View().Units {
		if u.Side != s.Viewer && u.At != "" {
			target = u.At
			break
		}
	}
	if target == "" {
		t.Fatal("no enemy unit on the map")
	}
	b.hoverLoc = target
	title := "13e Chasseurs à cheval attacks 11th Light Dragoons in 0604 [Melee Combat]"
	foot := "Gold ring: a face that hits. T: the full table (21 rows) beside the board"
	r, lay := b.summaryPlace(a, title, foot, 400, 6)
	if b.oddsTouchesCounters(r) {
		t.Fatalf("the odds card %v covers a counter at the fit view", r)
	}
	if r.Overlaps(b.BoardRect(a)) {
		t.Fatalf("the odds card %v is on the board %v although every board place covers a counter", r, b.BoardRect(a))
	}
	if !r.In(b.sideRect(a)) {
		t.Errorf("the odds card %v leaves the side panel %v", r, b.sideRect(a))
	}
	if r.Dy() < lay.height() || r.Dx() < 300 {
		t.Errorf("the odds card %v is smaller than its layout (%d high)", r, lay.height())
	}
	if len(lay.footer) < 2 || !lay.diceRow {
		t.Errorf("at the panel's width %d the key (%d lines) and the dice (own row %v) are not laid out to fit", r.Dx(), len(lay.footer), lay.diceRow)
	}
	// the battle back's short table (six rows, not summed up) likewise
	lines := []rules.OddsLine{{Result: "0 hits, 0 flags", Num: 1, Den: 4}, {Result: "0 hits, 1 flag", Num: 1, Den: 6},
		{Result: "0 hits, 2 flags", Num: 1, Den: 36}, {Result: "1 hit, 0 flags", Num: 1, Den: 3},
		{Result: "1 hit, 1 flag", Num: 1, Den: 9}, {Result: "2 hits, 0 flags", Num: 1, Den: 9}}
	back := "11th Light Dragoons battles back against 13e Chasseurs à cheval [Battle Back]"
	tr := b.oddsTableBox(a, b.oddsPlaceW(a, len(lines)+1, oddsW), back, lines)
	if b.oddsTouchesCounters(tr) || !tr.In(b.sideRect(a)) {
		t.Errorf("the battle back's odds %v cover a counter or leave the side panel %v", tr, b.sideRect(a))
	}
	// zoomed in on the map's empty bottom left corner: the board holds it
	b.Cam.Zoom = 1.6
	b.Cam.X, b.Cam.Y = 0, 0
	w, h := b.RB.Size()
	b.Cam.Y = h - float64(b.Cam.Rect.Dy())/b.Cam.Zoom
	_ = w
	b.hoverLoc = ""
	r, _ = b.summaryPlace(a, title, foot, 400, 6)
	if !r.In(b.BoardRect(a)) || b.oddsTouchesCounters(r) {
		t.Errorf("zoomed in, the odds card %v is not on the board clear of the counters", r)
	}
}

// ventaCombatFit is Venta del Pozo (seed 3) at the French combat phase of
// turn 1, the whole board in view (F), on a 1280x720 app with no window.
func ventaCombatFit(t *testing.T) (*App, *BoardScene) {
	t.Helper()
	s := newcomerSession(t, "venta-del-pozo", 3)
	// on to the French combat phase: a card played, its first orders,
	// no move (the hand leaves the panel after the command phase)
	for i := 0; i < 40 && !strings.Contains(strings.ToLower(s.Game.State.Status().Phase), "combat"); i++ {
		l := s.Game.State.Legal()
		pick := l[0]
		for _, act := range l {
			if act.Kind == "play" || act.Kind == "order" {
				pick = act
				break
			}
		}
		if _, err := s.Game.Apply(pick); err != nil {
			t.Fatal(err)
		}
		s.afterChange()
		s.TakeSeat()
	}
	if st := s.Game.State.Status(); !strings.Contains(strings.ToLower(st.Phase), "combat") {
		t.Fatalf("not at the combat phase: %+v", st)
	}
	a := &App{w: 1280, h: 720, input: noInput{}}
	b := newBoard(a, s)
	a.scene = b
	b.Fit(a)
	b.layoutPanel(a)
	return a, b
}

// TestVentaDiceTrayKeepsClearOfCountersAtTheFitView: at Venta's whole
// board no corner holds the dice tray of two rolls clear of the counters
// (it hid the horse artillery's values); it goes into the side panel at
// the panel's width, its words wrapped there, below the odds when they
// are in the panel.
func TestVentaDiceTrayKeepsClearOfCountersAtTheFitView(t *testing.T) {
	a, b := ventaCombatFit(t)
	full := b.BoardRect(a)
	b.hintRect = image.Rect(full.Min.X+10, full.Max.Y-34, full.Min.X+640, full.Max.Y-8) // the prompt strip as drawn
	br := b.aboveHint(full)
	lay := func(w int) int { return 14 + 2*(30+6+17*2+8) }
	r := b.trayPlace(br, 420, lay(420))
	if !b.oddsTouchesCounters(r) {
		t.Skipf("a board corner %v is clear of the counters: nothing to check", r)
	}
	got, in := b.trayInPanel(r, 420, lay)
	if !in || got.Overlaps(full) || !got.In(b.sideRect(a)) || b.oddsTouchesCounters(got) {
		t.Fatalf("the dice tray %v (in the panel: %v) covers a counter or leaves the side panel %v", got, in, b.sideRect(a))
	}
	b.oddsRect = image.Rect(got.Min.X, got.Min.Y, got.Max.X, got.Min.Y+120)
	got2, _ := b.trayInPanel(r, 420, lay)
	if got2.Overlaps(b.oddsRect) {
		t.Errorf("the dice tray %v covers the odds %v in the panel", got2, b.oddsRect)
	}
}
