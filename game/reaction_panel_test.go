package game

import (
	"testing"

	"grognard/rules/lesson"
)

// TestReactionOptionsStayWhenTheMoverIsClicked (newcomer issue #18,
// Albuera [13.1]: a second click on the hex the dragoons had just entered
// selected them, an enemy unit, and II/34's reaction options vanished from
// the panel): with another side's unit selected the panel still offers the
// reacting unit's choices, and with nothing to react a unit's own panel is
// unchanged.
func TestReactionOptionsStayWhenTheMoverIsClicked(t *testing.T) {
	run := albueraLesson(t, "albuera-charge")
	s0 := albueraSessionAt(t, run)
	s0.Select("3DGa")
	for _, a := range s0.PanelActions() {
		if a.Unit == "II/34" {
			t.Errorf("before any reaction the panel offers %s", a.Label)
		}
	}
	playLessonUntil(t, run, func(st *lesson.Step) bool { return st.Act.Kind == "choose" && st.Rule == "13.1" })
	s := albueraSessionAt(t, run)
	s.Select("3DGa") // the mover, an Allied unit: the French decide
	fire := false
	for _, a := range s.PanelActions() {
		fire = fire || a.Choice == "react:fire" && a.Unit == "II/34"
	}
	if !fire {
		t.Fatalf("with 3DGa selected the panel lost II/34's reaction: %v", s.PanelActions())
	}
}
