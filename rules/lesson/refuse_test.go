package lesson_test

import (
	"strings"
	"testing"

	"grognard/rules/lesson"
	"grognard/scenarios"
)

// The loader refuses a lesson whose action is not legal at its step, or
// whose result differs from the board, naming file and line.
func TestLessonLoaderRefusesWithFileAndLine(t *testing.T) {
	base := `lesson t-bad title="t" rules=10.8 scenario=albuera-1811 book="test"
position phase=move side=french window=opp
unit Sympher at=1206 facing=1 array=foot
unit II/34 at=1606 facing=4 array=line
step rule=10.8 act="%ACT%" text="fire"
roll rule=10.8 act="roll d=5" text="die"
result text="r"
expect unit=II/34 strength=%S%
`
	for _, c := range []struct{ act, s, want string }{
		{"fire u=Sympher to=1605", "4", "bad.txt:5:"},
		{"fire u=Sympher to=1606", "5", "bad.txt:8:"},
	} {
		src := strings.ReplaceAll(strings.ReplaceAll(base, "%ACT%", c.act), "%S%", c.s)
		d, err := scenarios.ParseLesson("bad.txt", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		d.System = "albuera"
		l, err := lesson.FromData(d)
		if err != nil {
			t.Fatal(err)
		}
		err = l.Check()
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s / strength %s: got %v, want an error at %s", c.act, c.s, err, c.want)
		}
	}
	// The good version plays.
	src := strings.ReplaceAll(strings.ReplaceAll(base, "%ACT%", "fire u=Sympher to=1606"), "%S%", "4")
	d, _ := scenarios.ParseLesson("good.txt", []byte(src))
	d.System = "albuera"
	l, _ := lesson.FromData(d)
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
}

// A legal action other than the lesson's is answered with the example's
// reason and not applied; "Try it yourself" is the starting position.
func TestLessonRunAnswersOtherActions(t *testing.T) {
	ls, err := lesson.Unchecked()
	if err != nil {
		t.Fatal(err)
	}
	l := lesson.Find(ls, "albuera-losses")
	r, err := lesson.Start(l)
	if err != nil {
		t.Fatal(err)
	}
	rep := r.Do(l.Steps[0].Act)
	if !rep.OK {
		t.Fatal(rep.Msg)
	}
	// Step 3 is "leave II/34 in place"; pushing it back is legal but not the example.
	if r.I != 2 {
		t.Fatalf("step %d after the fire and its forced die", r.I)
	}
	before := r.I
	rep = r.Do(lesson.MustAction("move u=II/34 to=1705 c=retreat"))
	if rep.OK || !rep.Legal || !strings.Contains(rep.Msg, "the example does") || r.I != before {
		t.Fatalf("another legal action: %+v (step %d)", rep, r.I)
	}
	rep = r.Do(lesson.MustAction("move u=II/34 to=0101"))
	if rep.OK || rep.Legal {
		t.Fatalf("an illegal action: %+v", rep)
	}
	st := r.TryItYourself()
	if st.Status().Turn != 1 || len(st.Legal()) == 0 {
		t.Fatal("try it yourself: the starting position with its legal actions")
	}
}
