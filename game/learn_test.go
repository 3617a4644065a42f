package game

import (
	"os"
	"testing"

	"grognard/rules"
	"grognard/rules/lesson"
	"grognard/saves"
)

// TestLessonsCompletedKeptNextToTheSaves: completing a lesson writes one
// small file in the data folder and nothing else; it is read back [#19].
func TestLessonsCompletedKeptNextToTheSaves(t *testing.T) {
	t.Setenv(saves.HomeEnv, t.TempDir())
	if len(lessonsDone()) != 0 {
		t.Fatal("a fresh data folder has completed lessons")
	}
	for _, id := range []string{"venta-melee", "albuera-wheel", "venta-melee"} {
		if err := markLessonDone(id); err != nil {
			t.Fatal(err)
		}
	}
	done := lessonsDone()
	if len(done) != 2 || !done["venta-melee"] || !done["albuera-wheel"] {
		t.Fatalf("read back %v", done)
	}
	dir, _ := saves.Dir()
	es, _ := os.ReadDir(dir)
	if len(es) != 1 || es[0].Name() != lessonsDoneFile {
		t.Fatalf("the saves folder holds %v, want only %s", es, lessonsDoneFile)
	}
}

// TestLessonSessionAnswersWithoutApplying: in a lesson's session a legal
// action other than the example's is refused with the example's reason and
// the state is unchanged; the example's action is applied, with the book's
// dice; Undo, Save and Replay are refused [#19].
func TestLessonSessionAnswersWithoutApplying(t *testing.T) {
	ls, err := lesson.Unchecked()
	if err != nil {
		t.Fatal(err)
	}
	l := lesson.Find(ls, "venta-melee")
	run, err := lesson.Start(l)
	if err != nil {
		t.Fatal(err)
	}
	sc := &lessonScene{run: run}
	s, err := SessionFor(&rules.Game{Scenario: l.Scenario, Seed: 1, State: run.St})
	if err != nil {
		t.Fatal(err)
	}
	s.Lesson, s.NoSave = sc.do, lessonNoSave
	s.TakeSeat()
	want := run.Step().Act.Key()
	var other rules.Action
	for _, a := range s.Legal() {
		if a.Key() != want {
			other = a
			break
		}
	}
	if other.Kind == "" {
		t.Fatal("no other legal action to try")
	}
	snap := run.St.Clone()
	if _, err := s.Do(other); err == nil || run.I != 0 {
		t.Fatalf("the legal %s was applied (err %v, step %d)", other.Key(), err, run.I)
	}
	if same, _ := rules.SameState(snap, run.St); !same {
		t.Fatal("the refused action changed the state")
	}
	act, _ := run.Expected()
	if _, err := s.Do(act); err != nil {
		t.Fatal(err)
	}
	if run.I != 2 || len(s.roll.rolls) == 0 {
		t.Fatalf("after the melee: step %d, dice shown %v", run.I, s.roll)
	}
	if err := s.Undo(); err == nil {
		t.Error("Undo in a lesson")
	}
}
