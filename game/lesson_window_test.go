package game

import (
	"image"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
	"grognard/saves"
)

// TestWindowLessons plays one lesson of each system that has one (Albuera,
// Almansa, Venta del Pozo) in the real window through the game's own input
// path: the menu's Learn button, the lesson's button, then clicks on the
// units, the lit places, the menus and the panel. Each step's text is in
// the card, the unit to use is ringed on the screen, a legal action that is
// not the example's is answered and not applied; at the end the book's
// result stands, the lesson is completed (lessons-completed.txt, nothing
// else written to the saves), and Try it yourself hands over an ordinary
// game from the lesson's position with no autosave and no save [#19].
func TestWindowLessons(t *testing.T) {
	needLoop(t)
	dir, err := saves.Dir()
	if err != nil {
		t.Fatal(err)
	}
	before := savesFiles(dir)
	for _, id := range []string{"albuera-line-olive", "almansa-enfilade", "venta-melee"} {
		t.Run(id, func(t *testing.T) { playLessonInWindow(t, id) })
	}
	done := lessonsDone()
	for _, id := range []string{"albuera-line-olive", "almansa-enfilade", "venta-melee"} {
		if !done[id] {
			t.Errorf("%s not marked completed: %v", id, done)
		}
	}
	for f := range savesFiles(dir) {
		if !before[f] && f != lessonsDoneFile {
			t.Errorf("a lesson wrote %s in the saves folder", f)
		}
	}
}

func savesFiles(dir string) map[string]bool {
	out := map[string]bool{}
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		out[e.Name()] = true
	}
	return out
}

func playLessonInWindow(t *testing.T, id string) {
	w := &walker{t: t, name: id, did: map[string]int{}, bad: map[string]bool{}, moved: map[string]int{}}
	ls := openLessonByClicks(w, id)
	run := ls.run
	// The step's rule opens the rules reference there, and Esc comes back.
	var rule image.Point
	winApp.Do(func() {
		ls.layout(winApp)
		rule = ls.buttons[0].b.Rect.Min.Add(ls.buttons[0].b.Rect.Size().Div(2))
	})
	w.click(rule, false)
	var ref *referenceScene
	winApp.Do(func() { ref, _ = winApp.scene.(*referenceScene) })
	if ref == nil || ref.back != scene(ls) {
		t.Fatalf("the rule button did not open the reference over the lesson: %T", winApp.scene)
	}
	w.key(ebiten.KeyEscape)
	var back scene
	winApp.Do(func() { back = winApp.scene })
	if back != scene(ls) {
		t.Fatalf("Esc in the reference went to %T, not the lesson", back)
	}
	wrong := false
	for guard := 0; !run.Done() && guard < 20; guard++ {
		step := run.Step()
		i := run.I
		img := w.frame()
		// The step's text is in the card, drawn.
		var card image.Rectangle
		var text string
		winApp.Do(func() { ls.layout(winApp); card, text = ls.card, strings.Join(ls.lines, " ") })
		if first := strings.Fields(step.Text)[0]; !strings.Contains(text, first) {
			t.Fatalf("step %d: the card does not show the step's text %q: %s", i, step.Text, text)
		}
		if n := inkIn(img, card, [3]int{0xee, 0xe8, 0xd8}, 40); n < 200 {
			t.Fatalf("step %d: the card's text is not drawn (%d pixels of ink)", i, n)
		}
		// The unit of the step is ringed.
		if unit, at := ls.stepUnit(); at != "" {
			var x, y float64
			winApp.Do(func() { x, y, _ = ls.b.ScreenOf(at) })
			r := render.HexSize * ls.b.Cam.Zoom * 1.2
			if n := counterPixels(img, x, y, r, 0x30e0ff); n < 30 {
				w.save(img, id+"-noring")
				t.Fatalf("step %d: %s at %s is not ringed (%d ring pixels)", i, unit, at, n)
			}
		}
		// Once: a legal action that is not the example's is answered, not applied.
		if !wrong {
			for _, a := range w.s.Legal() {
				if a.Key() != step.Act.Key() && (a.Kind == "end" || a.Kind == "pass") {
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
		if run.I == i {
			w.save(w.frame(), id+"-stuck")
			t.Fatalf("step %d (%s) not taken by clicks: %s / %s", i, act.Key(), ls.answer, w.s.Message)
		}
	}
	if err := run.CheckResult(); err != nil {
		t.Fatal(err)
	}
	img := w.frame()
	if n := len(w.s.Legal()); n != 0 || w.s.CanAct() {
		t.Errorf("the lesson is over but %d actions are still offered", n)
	}
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
	if !strings.Contains(text, "The board agrees") || !strings.Contains(text, strings.Fields(run.L.Result)[0]) {
		t.Fatalf("the end does not state the book's result: %s", text)
	}
	// Try it yourself: an ordinary game from the lesson's position.
	w.click(try, false)
	var b *BoardScene
	winApp.Do(func() { b = winApp.Board() })
	if b == nil || b.S.Lesson != nil || b.S.Autosave != nil || b.S.NoSave == "" || b.S.Rebuild == nil {
		t.Fatalf("Try it yourself did not hand over an ordinary unsaved game: %+v", b)
	}
	start := run.TryItYourself()
	for _, u := range start.View(0).Units {
		if got, ok := b.S.Unit(u.ID); ok && !u.Hidden && got.At != u.At {
			t.Errorf("Try it yourself: %s at %s, the lesson starts it at %s", u.ID, got.At, u.At)
		}
	}
	w.b, w.s = b, b.S
	if b.S.Waiting() {
		w.key(ebiten.KeyEnter) // the hand-over of a hidden system
	}
	w.input(Key(ebiten.KeyS, true))
	if !strings.Contains(b.S.Message, "not saved") {
		t.Errorf("Ctrl+S in Try it yourself: %q", b.S.Message)
	}
}

// lessonDoByClicks takes one action with the mouse: the unit, then the
// place (and the menu's line), or the panel's button.
func lessonDoByClicks(w *walker, act rules.Action) {
	if act.Unit != "" && act.To != "" {
		w.selectUnit(act.Unit)
		var p image.Point
		winApp.Do(func() {
			x, y, _ := w.b.ScreenOf(act.To)
			p = image.Pt(int(math.Round(x)), int(math.Round(y)))
		})
		w.click(p, false)
		if w.s.Menu != nil {
			var q image.Point
			winApp.Do(func() {
				w.b.layoutMenu(winApp)
				for i, m := range w.s.Menu {
					if m.Key() == act.Key() && i < len(w.b.menu) {
						q = w.b.menu[i].Min.Add(w.b.menu[i].Size().Div(2))
					}
				}
			})
			w.click(q, false)
		}
		return
	}
	if act.Unit != "" {
		w.selectUnit(act.Unit)
	}
	if p, ok := w.panelPoint(act); ok {
		w.click(p, false)
	}
}
