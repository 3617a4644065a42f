package game

import (
	"image"
	"testing"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/lesson"
)

// Shared set-up of the Albuera screen tests (albuera_words_test.go,
// reaction_panel_test.go, albuera_clash_words_test.go): a lesson's
// position played to a step, a session on it with the seat taken, a board
// scene over it with its camera laid out.

// albueraLesson starts the Albuera lesson id (scenarios/albuera/lessons).
func albueraLesson(t *testing.T, id string) *lesson.Run {
	t.Helper()
	ls, err := lesson.All()
	if err != nil {
		t.Fatal(err)
	}
	l := lesson.Find(ls, id)
	if l == nil {
		t.Fatalf("no lesson %s", id)
	}
	run, err := lesson.Start(l)
	if err != nil {
		t.Fatal(err)
	}
	return run
}

// playLessonUntil takes the lesson's steps until stop holds for the next
// one (or the lesson ends) and returns the events they gave.
func playLessonUntil(t *testing.T, run *lesson.Run, stop func(*lesson.Step) bool) []rules.Event {
	t.Helper()
	var evs []rules.Event
	for run.Step() != nil && !stop(run.Step()) {
		r := run.Do(run.Step().Act)
		if !r.OK {
			t.Fatal(r.Msg)
		}
		evs = append(evs, r.Events...)
	}
	return evs
}

// albueraSessionAt is a session on a copy of the lesson's position, the
// seat taken by the side to decide.
func albueraSessionAt(t *testing.T, run *lesson.Run) *Session {
	t.Helper()
	s, err := SessionFor(&rules.Game{Scenario: "albuera-1811", Seed: 1, State: run.St.Clone()})
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	return s
}

// albueraOpening is a session on the scenario's opening at seed.
func albueraOpening(t *testing.T, seed uint64) *Session {
	t.Helper()
	s, err := NewSession("albuera-1811", seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// boardOver is a board scene over s, its map drawn by a render board and
// its camera on br at zoom (no window needed).
func boardOver(s *Session, br image.Rectangle, zoom float64) *BoardScene {
	b := &BoardScene{S: s, RB: render.NewBoard(s.View().Board)}
	b.Cam = render.Camera{Zoom: zoom, Rect: br}
	return b
}
