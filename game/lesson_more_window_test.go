package game

import (
	"image"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules/lesson"
)

// TestWindowLessonLineRingHintTry opens an Albuera lesson whose unit is a
// two-hex Line (I/51 on 1106-1107, albuera-line-olive) in the real window:
// both hexes of the rectangle are ringed; H outlines the step's own action
// in magenta (the game's hint, pointed at the example) and the step taken
// clears it; Try it yourself then plays on as a game: ending the
// movement does not run the Turn track to the end [#19].
func TestWindowLessonLineRingHintTry(t *testing.T) {
	needLoop(t)
	w := &walker{t: t, name: "lesson-ring", did: map[string]int{}, bad: map[string]bool{}, moved: map[string]int{}, shots: os.Getenv("GROGNARD_SHOTS")}
	ls0, err := lesson.Unchecked()
	if err != nil {
		t.Fatal(err)
	}
	l := lesson.Find(ls0, "albuera-line-olive")
	if l == nil {
		t.Fatal("no lesson albuera-line-olive")
	}
	var ls *lessonScene
	winApp.Do(func() {
		winApp.ToMenu("")
		if err := openLesson(winApp, l); err != nil {
			t.Error(err)
			return
		}
		ls, _ = winApp.scene.(*lessonScene)
	})
	if ls == nil {
		t.Fatal("the lesson did not open")
	}
	w.b, w.s = ls.b, ls.b.S
	w.input()
	img := w.frame()
	w.save(img, "lesson-line-ring")

	// Both hexes of the Line are ringed: each ring is counted away from
	// the other hex's ring.
	hs := ls.stepHexes()
	if len(hs) != 2 {
		t.Fatalf("the step's unit covers %v, want the Line's two hexes", hs)
	}
	var cx, cy [2]float64
	winApp.Do(func() {
		for i, h := range hs {
			cx[i], cy[i], _ = ls.b.ScreenOf(h)
		}
	})
	r := render.HexSize * ls.b.Cam.Zoom * 0.95
	for i := range 2 {
		if n := ringPixels(img, cx[i], cy[i], r, cx[1-i], cy[1-i], 0x30e0ff); n < 25 {
			t.Errorf("hex %s of I/51 is not ringed (%d ring pixels away from %s)", hs[i], n, hs[1-i])
		}
	}

	// H: the hint is the step's own action, outlined in magenta.
	step := ls.run.Step()
	w.key(ebiten.KeyH)
	if h := w.s.Hint; h == nil || h.Action.Key() != step.Act.Key() {
		t.Fatalf("H in the lesson: hint %+v, want the step's %s (message %q)", h, step.Act.Key(), w.s.Message)
	}
	if !strings.Contains(w.s.Message, "Hint") || !strings.Contains(w.s.Message, "["+step.Rule+"]") {
		t.Errorf("H in the lesson: message %q", w.s.Message)
	}
	img = w.frame()
	w.save(img, "lesson-line-hint")
	var tx, ty float64
	winApp.Do(func() { tx, ty, _ = ls.b.ScreenOf(step.Act.To) })
	if n := counterPixels(img, tx, ty, render.HexSize*ls.b.Cam.Zoom, 0xff30d0); n < 30 {
		t.Errorf("the hint's place %s is not outlined in magenta (%d pixels)", step.Act.To, n)
	}
	act, _ := ls.run.Expected()
	lessonDoByClicks(w, act)
	if !ls.run.Done() {
		t.Fatalf("the step was not taken by clicks: %s / %s", ls.answer, w.s.Message)
	}
	if w.s.Hint != nil {
		t.Errorf("the hint outlives its step: %+v", w.s.Hint)
	}

	// Try it yourself: a game that plays on.
	var try image.Point
	winApp.Do(func() {
		ls.layout(winApp)
		for _, b := range ls.buttons {
			if b.b.Label == "Try it yourself" {
				try = b.b.Rect.Min.Add(b.b.Rect.Size().Div(2))
			}
		}
	})
	w.click(try, false)
	var b *BoardScene
	winApp.Do(func() { b = winApp.Board() })
	if b == nil || b.S.Lesson != nil {
		t.Fatalf("Try it yourself did not hand over a game")
	}
	w.b, w.s = b, b.S
	for guard := 0; guard < 3 && b.S.Game.State.Status().Turn == 1 && !b.S.Game.State.Result().Over; guard++ {
		ended := false
		for _, a := range b.S.Legal() {
			if a.Kind == "end" && a.Unit == "" {
				if p, ok := w.panelPoint(a); ok {
					w.click(p, false)
					if w.b.dialog != nil {
						w.key(ebiten.KeyEnter)
					}
					ended = true
				}
				break
			}
		}
		if !ended {
			break
		}
	}
	st := b.S.Game.State
	if res := st.Result(); res.Over || st.Status().Turn > 2 {
		t.Fatalf("Try it yourself ran on to turn %d (%s): %s", st.Status().Turn, st.Status().Phase, res.Reason)
	}
}

// ringPixels counts the pixels of colour rgb on the circle of radius r
// around (cx, cy) (within 4 px of it) that are not on the circle of the
// same radius around (ox, oy).
func ringPixels(img *image.RGBA, cx, cy, r, ox, oy float64, rgb uint32) int {
	want := [3]int{int(rgb >> 16 & 0xff), int(rgb >> 8 & 0xff), int(rgb & 0xff)}
	n := 0
	for y := int(cy - r - 5); y <= int(cy+r+5); y++ {
		for x := int(cx - r - 5); x <= int(cx+r+5); x++ {
			if !image.Pt(x, y).In(img.Bounds()) {
				continue
			}
			d := math.Hypot(float64(x)-cx, float64(y)-cy)
			do := math.Hypot(float64(x)-ox, float64(y)-oy)
			if math.Abs(d-r) > 4 || math.Abs(do-r) < 8 {
				continue
			}
			i := img.PixOffset(x, y)
			e := 0
			for k := range 3 {
				v := int(img.Pix[i+k]) - want[k]
				e += v * v
			}
			if e < 40*40 {
				n++
			}
		}
	}
	return n
}

// TestWindowLearnFitsEverySystem: on the Learn screen each system's
// lessons stand whole on the screen, none over another or over the Back
// button, each with its title drawn (ink in the button), whichever system
// is chosen by a click [#19].
func TestWindowLearnFitsEverySystem(t *testing.T) {
	needLoop(t)
	w := &walker{t: t, name: "learn", did: map[string]int{}, bad: map[string]bool{}, moved: map[string]int{}, shots: os.Getenv("GROGNARD_SHOTS")}
	winApp.Do(func() { winApp.ToMenu(""); openLearn(winApp, "") })
	w.input()
	var syss []string
	winApp.Do(func() {
		l := winApp.scene.(*learnScene)
		for _, s := range l.systems {
			syss = append(syss, s.ID)
		}
	})
	for _, sys := range syss {
		var p image.Point
		winApp.Do(func() {
			l := winApp.scene.(*learnScene)
			l.layout(winApp)
			for i, id := range l.ids {
				if id == "system:"+sys {
					p = l.buttons[i].b.Rect.Min.Add(l.buttons[i].b.Rect.Size().Div(2))
				}
			}
		})
		w.click(p, false)
		img := w.frame()
		w.save(img, "learn-"+sys)
		var bs []image.Rectangle
		var ids []string
		var screen image.Rectangle
		var shown string
		var done map[string]bool
		winApp.Do(func() {
			l := winApp.scene.(*learnScene)
			l.layout(winApp)
			shown, done = l.sys, l.done
			screen = image.Rect(0, 0, winApp.w, winApp.h)
			for i, b := range l.buttons {
				bs, ids = append(bs, b.b.Rect), append(ids, l.ids[i])
			}
		})
		if n := len(lessonsOf(sys)); n > 0 && shown != sys {
			t.Fatalf("clicking %s shows %s", sys, shown)
		}
		for i, r := range bs {
			if !r.In(screen) {
				t.Errorf("%s: %s's button %v is off the %v screen", sys, ids[i], r, screen)
			}
			for j := i + 1; j < len(bs); j++ {
				if r.Overlaps(bs[j]) {
					t.Errorf("%s: the buttons of %s and %s overlap", sys, ids[i], ids[j])
				}
			}
			if ids[i] != "" && !strings.HasPrefix(ids[i], "system:") {
				// A completed lesson's button is gilded, its title dark
				// (render.Button's Active face); another test of this
				// process may have completed it.
				ink := [3]int{0xee, 0xe8, 0xd8}
				if done[ids[i]] {
					ink = [3]int{0x2a, 0x1e, 0x0c}
				}
				if n := inkIn(img, r, ink, 60); n < 40 {
					t.Errorf("%s: %s's title is not drawn (%d pixels of ink)", sys, ids[i], n)
				}
			}
		}
	}
}

func lessonsOf(sys string) []*lesson.Lesson {
	ls, _ := lesson.Unchecked()
	var out []*lesson.Lesson
	for _, l := range ls {
		if l.System == sys {
			out = append(out, l)
		}
	}
	return out
}
