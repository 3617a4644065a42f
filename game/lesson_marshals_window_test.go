package game

import (
	"image"
	"os"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
)

// TestWindowLessonsMarshals completes a lesson of The Marshals in the real
// window by clicks, as TestWindowLessons does for the other systems: the
// menu's Learn, the lesson's button, each step's text in the card, the
// counter of the step ringed on the zone map (in the pixels), a legal
// action that is not the example's answered and not applied, the
// confirmation the board asks before activating a stack, the book's result
// and the lesson marked completed, then Try it yourself handed over as an
// ordinary unsaved game from the lesson's position [#19] [1.3] [7.4].
// GROGNARD_SHOTS=DIR saves the frames of each step.
func TestWindowLessonsMarshals(t *testing.T) {
	needLoop(t)
	const id = "marshals-leval"
	w := &walker{t: t, name: id, did: map[string]int{}, bad: map[string]bool{}, moved: map[string]int{}, shots: os.Getenv("GROGNARD_SHOTS")}
	ls := openLessonByClicks(w, id)
	run := ls.run
	wrong, ringed := false, 0
	for guard := 0; !run.Done() && guard < 20; guard++ {
		step := run.Step()
		i := run.I
		img := w.frame()
		w.save(img, id+"-step"+string(rune('1'+i)))
		var card image.Rectangle
		var text string
		winApp.Do(func() { ls.layout(winApp); card, text = ls.card, strings.Join(ls.lines, " ") })
		if first := strings.Join(strings.Fields(step.Text)[:3], " "); !strings.Contains(text, first) {
			t.Fatalf("step %d: the card does not show the step's text %q: %s", i, step.Text, text)
		}
		if n := inkIn(img, card, [3]int{0xee, 0xe8, 0xd8}, 40); n < 200 {
			t.Fatalf("step %d: the card's text is not drawn (%d pixels of ink)", i, n)
		}
		if unit, at := ls.stepUnit(); at != "" {
			var x, y float64
			winApp.Do(func() { x, y, _ = ls.b.ScreenOf(at) })
			r := render.HexSize * ls.b.Cam.Zoom * 1.2
			if n := counterPixels(img, x, y, r, 0x30e0ff); n < 30 {
				w.save(img, id+"-noring")
				t.Fatalf("step %d: %s at %s is not ringed (%d ring pixels)", i, unit, at, n)
			}
			if !image.Pt(int(x), int(y)).In(card) {
				ringed++
			}
		}
		if !wrong {
			for _, a := range w.s.Legal() {
				if a.Key() != step.Act.Key() && a.Kind == "end" {
					if p, ok := w.panelPoint(a); ok {
						w.click(p, false)
						if w.b.dialog != nil {
							w.key(ebiten.KeyEnter)
						}
						if run.I != i || !strings.Contains(ls.answer, "is legal, but the example does") {
							t.Fatalf("the legal %s was not answered (step %d→%d): %q", a.Key(), i, run.I, ls.answer)
						}
						wrong = true
					}
					break
				}
			}
		}
		act, _ := run.Expected()
		lessonDoByClicks(w, act)
		if run.I == i && w.b.dialog != nil {
			w.key(ebiten.KeyEnter) // "Activate this stack?" [5.2]
		}
		if run.I == i {
			w.save(w.frame(), id+"-stuck")
			t.Fatalf("step %d (%s) not taken by clicks: %s / %s", i, act.Key(), ls.answer, w.s.Message)
		}
	}
	if !wrong {
		t.Errorf("no legal non-example action was tried")
	}
	if ringed == 0 {
		t.Errorf("no step ringed a counter clear of the card")
	}
	if err := run.CheckResult(); err != nil {
		t.Fatal(err)
	}
	img := w.frame()
	w.save(img, id+"-end")
	var text string
	var try image.Point
	winApp.Do(func() {
		ls.layout(winApp)
		text = strings.Join(ls.lines, " ")
		for _, b := range ls.buttons {
			if b.b.Label == "Try it yourself" {
				try = b.b.Rect.Min.Add(b.b.Rect.Size().Div(2))
			}
		}
	})
	if !strings.Contains(text, "The board agrees") || !strings.Contains(text, "keeps its morale of 4") {
		t.Fatalf("the end does not state the book's result: %s", text)
	}
	// The board shows the result as the French (the lesson's side) see it:
	// Leval's own counter, not the Allied view of a hidden front [7.6].
	var viewer rules.Side
	var leval rules.UnitView
	winApp.Do(func() {
		viewer = w.s.Viewer
		for _, u := range w.s.View().Units {
			if u.ID == "fr-leval" {
				leval = u
			}
		}
	})
	if viewer != 0 || leval.Hidden || leval.Strength != 5 {
		t.Errorf("the result is shown to side %v with Leval %+v; want the French view, 5 SS", viewer, leval)
	}
	if !lessonsDone()[id] {
		t.Errorf("%s not marked completed", id)
	}
	w.click(try, false)
	var b *BoardScene
	winApp.Do(func() { b = winApp.Board() })
	if b == nil || b.S.Lesson != nil || b.S.Autosave != nil || b.S.NoSave == "" || b.S.Rebuild == nil {
		t.Fatalf("Try it yourself did not hand over an ordinary unsaved game: %+v", b)
	}
	w.b, w.s = b, b.S
	if b.S.Waiting() {
		w.key(ebiten.KeyEnter) // the hand-over of a hidden system
	}
	// The lesson's position, as the French see it: Leval whole at Madrid.
	if u, ok := b.S.Unit("fr-leval"); !ok || u.At != "madrid" || u.Strength != 6 {
		t.Errorf("Try it yourself: Leval %+v, want 6 SS at Madrid", u)
	}
	w.save(w.frame(), id+"-try")
	w.input(Key(ebiten.KeyS, true))
	if !strings.Contains(b.S.Message, "not saved") {
		t.Errorf("Ctrl+S in Try it yourself: %q", b.S.Message)
	}
}
