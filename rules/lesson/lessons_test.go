package lesson_test

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"grognard/rules/lesson"
	_ "grognard/rules/systems"
)

// play plays lesson id through the rules exactly as scripted (the book's
// dice forced) and checks the book's result: a fidelity test of the engine
// against the book's worked example.
func play(t *testing.T, id string) {
	t.Helper()
	ls, err := lesson.Unchecked()
	if err != nil {
		t.Fatal(err)
	}
	l := lesson.Find(ls, id)
	if l == nil {
		t.Fatalf("no lesson %s", id)
	}
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
}

// Every lesson has its TestLesson_<system>_<id> (the names are checked by
// TestLessonsAllHaveATest, which runs them all through the same helper).
func TestLessonsAllHaveATest(t *testing.T) {
	ls, err := lesson.Unchecked()
	if err != nil {
		t.Fatal(err)
	}
	src := testNames()
	for _, l := range ls {
		name := "TestLesson_" + l.System + "_" + strings.ReplaceAll(l.ID, "-", "_")
		if !src[name] {
			t.Errorf("lesson %s (%s) has no test %s", l.ID, l.File, name)
		}
	}
	// Issue #19: at least 30 lessons, a guided first turn per system, and
	// for The Marshals one on fog of war and decoys and one on a combat
	// from the amplitude table to the retreat.
	if len(ls) < 30 {
		t.Errorf("%d lessons; the issue asks for at least 30", len(ls))
	}
	have := map[string]bool{}
	systems := map[string]bool{}
	for _, l := range ls {
		have[l.ID] = true
		systems[l.System] = true
	}
	for _, want := range []string{"albuera-first-turn", "almansa-first-turn", "venta-first-turn", "marshals-first-turn", "marshals-decoys", "marshals-combat", "marshals-amplitude"} {
		if !have[want] {
			t.Errorf("no lesson %s", want)
		}
	}
	if len(systems) != 4 {
		t.Errorf("lessons of %d systems, want the four: %v", len(systems), systems)
	}
}

// testNames are the test functions of this package's test files.
func testNames() map[string]bool {
	out := map[string]bool{}
	pkgs, err := parser.ParseDir(token.NewFileSet(), ".", nil, 0)
	if err != nil {
		return out
	}
	for _, p := range pkgs {
		for _, f := range p.Files {
			for name, obj := range f.Scope.Objects {
				if obj.Kind.String() == "func" && strings.HasPrefix(name, "Test") {
					out[name] = true
				}
			}
		}
	}
	return out
}
