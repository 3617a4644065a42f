package game

import (
	"image"
	"sort"
	"strings"
	"testing"

	"grognard/rules/lesson"
)

// TestRule14_11_EnemyPlacesTheRetreatSaysSo (newcomer issue #18): after a
// failed Morale Check the enemy places the retreating unit [14.11], and
// nothing on screen said so ("French decides: retreat of 1/23"). In the
// retreat lesson's position (I/51's fire at 1/23, the check failed): the
// prompt the strip shows says who places what and why; the retreating
// unit is selected at once and the lit hexes are exactly its legal
// places; in hot-seat the hand-over to the French names the reason.
func TestRule14_11_EnemyPlacesTheRetreatSaysSo(t *testing.T) {
	run := albueraLesson(t, "albuera-retreat")
	playLessonUntil(t, run, func(st *lesson.Step) bool { return st.Act.Choice == "retreat" })
	if run.Step() == nil {
		t.Fatal("the lesson has no retreat")
	}
	s := albueraSessionAt(t, run)
	st := s.Game.State.Status()
	want := "The French place the retreating 1st Bn, 23rd (Royal Welch) Fusiliers: the enemy chooses its retreat path or leaves it in place [14.11]"
	if p := s.promptWords(st.Prompt); p != want {
		t.Errorf("the prompt strip reads %q, want %q", p, want)
	}
	if st.Decider != 0 {
		t.Fatalf("the French (side 0) place the Allied unit, decider %d", st.Decider)
	}
	if u, ok := s.enemyRetreat(); !ok || u != "1/23" {
		t.Fatalf("the decision is not seen as the enemy's retreat of 1/23: %q %v", u, ok)
	}
	if s.Selected != "1/23" {
		t.Fatalf("the retreating unit is not selected: %q", s.Selected)
	}
	var lit, places []string
	for _, h := range s.Highlights() {
		lit = append(lit, h.At)
	}
	for _, a := range s.Legal() {
		if a.Choice == "retreat" {
			places = append(places, a.To)
		}
	}
	sort.Strings(lit)
	sort.Strings(places)
	if len(places) == 0 || strings.Join(lit, " ") != strings.Join(places, " ") {
		t.Errorf("lit hexes %v, legal retreat places %v", lit, places)
	}
	// hot-seat: the Allies held the seat; the decision passes to the
	// French, whose hand-over banner says why
	s.Handovers, s.Holder, s.Viewer = true, 1, 1
	s.afterChange()
	if !s.Handover || s.Seat != 0 {
		t.Fatalf("no hand-over to the French: handover %v seat %d", s.Handover, s.Seat)
	}
	b := boardOver(s, image.Rect(0, 0, 1000, 600), 1)
	title, sub := b.handoverText("French", "Allied", s.Game.State.Status(), 868) // the banner's text width at 1280x720
	if title != "French has the move: place the retreating 1st Bn, 23rd (Royal Welch) Fusiliers [14.11]" {
		t.Errorf("the hand-over reads %q", title)
	}
	if sub != "After its failed Morale Check the enemy chooses its retreat path or leaves it in place [14.11].  French: click here or press Enter." {
		t.Errorf("the hand-over's line reads %q", sub)
	}
	// a narrower banner names the unit by its counter
	if short, _ := b.handoverText("French", "Allied", s.Game.State.Status(), 500); short != "French has the move: place the retreating 1/23 [14.11]" {
		t.Errorf("a narrow banner reads %q", short)
	}
	if r := enemyRetreatRule("The Allied place the retreating II/34: the enemy chooses its retreat path or leaves it in place [15.12], [14.11]"); r != "[15.12], [14.11]" {
		t.Errorf("the rules of a crisis retreat read %q", r)
	}
	s.TakeSeat()
	if s.Selected != "1/23" || !s.CanAct() {
		t.Errorf("after the hand-over the French cannot place 1/23 at once: selected %q", s.Selected)
	}
	if _, ok := s.enemyRetreat(); !ok {
		t.Error("the retreat decision is lost after the hand-over")
	}
}
