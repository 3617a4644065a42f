package game

import (
	"math"
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// TestRule10_CloseFormationQuestionNamesUnitAndFormation: the question
// before a move that closes the moving formation [10] names the unit
// that would move and the formation it closes, on its buttons too ("Move
// Navarre (Enter)", "Keep moving Labadie (Esc)"), not "this unit", "the
// other" and "Keep moving it".
func TestRule10_CloseFormationQuestionNamesUnitAndFormation(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s, _, other := almansaSecondFormation(t)
	a, b := scriptedApp(t, s)
	s.Select(other.Unit)
	x, y, _ := b.ScreenOf(other.To)
	step(t, a, Click(int(math.Round(x)), int(math.Round(y)))...)
	if b.dialog == nil {
		t.Fatal("no question")
	}
	mover, _ := s.Unit(other.Unit)
	form := closingFormation(s.Closing(other.Unit))
	if form == "" {
		t.Fatalf("no formation named in %q", s.Closing(other.Unit))
	}
	q := b.dialog
	if q.yes != "Move "+mover.Name+" (Enter)" || q.no != "Keep moving "+form+" (Esc)" {
		t.Errorf("buttons %q / %q", q.yes, q.no)
	}
	if !strings.Contains(q.title, form) || !strings.Contains(q.text, "once "+mover.Name+" moves, "+form+" may move no more") || !strings.Contains(q.text, "[10]") {
		t.Errorf("question %q: %q", q.title, q.text)
	}
	if strings.Count(q.text, "[10]") != 1 {
		t.Errorf("cites [10] %d times: %q", strings.Count(q.text, "[10]"), q.text)
	}
	if strings.Contains(q.text, "the other") || strings.Contains(q.no, " it ") {
		t.Errorf("still vague: %q / %q", q.text, q.no)
	}
	if got := closingFormation("Closes formation San Gil: it may move no more [10]"); got != "San Gil" {
		t.Errorf("closingFormation: %q", got)
	}
}

// TestRule11_DiceTrayKeepsClearOfTheHandoverBanner: after a fire [11]
// hands the decision to the other side, the dice tray of the roll was
// drawn over the hand-over banner ("Bourbon has the move ... click here or
// press Enter"); it now goes below the banner.
func TestRule11_DiceTrayKeepsClearOfTheHandoverBanner(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := almSetUp(t)
	a, b := scriptedApp(t, s)
	br := b.aboveHint(b.BoardRect(a))
	s.Handover = true
	banner := b.handoverRect(a)
	for _, h := range []int{60, 120, 220} {
		r := b.trayPlace(br, 420, h)
		if r.Overlaps(banner) {
			t.Errorf("a tray %d high at %v covers the banner %v", h, r, banner)
		}
		if !r.In(br) {
			t.Errorf("a tray %d high at %v leaves the board %v", h, r, br)
		}
	}
	s.Handover = false
	if r := b.trayPlace(br, 420, 60); r.Empty() || !r.In(br) {
		t.Errorf("without a banner the tray is at %v", r)
	}
}

// TestRule13_ShockOddsRowsShowWhole: an Almansa shock's odds [13] read
// "defender loses 1 step(s), defender ch…": the panel now widens so each
// row's words show whole (render.DrawOdds gives a row 55% of the width),
// and keeps its usual width for short rows.
func TestRule13_ShockOddsRowsShowWhole(t *testing.T) {
	long := "defender loses 1 step(s), defender checks morale"
	lines := []rules.OddsLine{{Result: "attacker checks morale", Num: 2, Den: 6}, {Result: long, Num: 1, Den: 6}}
	w := oddsWidth(lines, 900)
	lw, _ := render.Measure(long, render.Face(12.5))
	if room := oddsLabelShare*float64(w) - 8 - 6; room < lw {
		t.Errorf("a panel %d wide leaves %.0f px for a row of %.0f px", w, room, lw)
	}
	if w > 900 {
		t.Errorf("wider than the board allows: %d", w)
	}
	if got := oddsWidth(lines[:1], 900); got != oddsW {
		t.Errorf("short rows: width %d, want %d", got, oddsW)
	}
	if got := oddsWidth(lines, 300); got != oddsW {
		t.Errorf("a narrow board: %d", got)
	}
}
