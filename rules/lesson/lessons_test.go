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
	if len(ls) < 30 {
		t.Logf("%d lessons; the issue asks for at least 30", len(ls))
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
