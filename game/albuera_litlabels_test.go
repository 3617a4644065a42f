package game

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// kglSelected is the Albuera opening at seed 1 (Alten's brigade moves
// first) with the 1st Light Bn KGL selected: beside it stands the line of
// the 2nd KGL, so several of its lit hexes are entered by two actions.
func kglSelected(t *testing.T) *Session {
	t.Helper()
	s := albueraOpening(t, 1)
	if !s.CanAct() {
		s.TakeSeat()
	}
	s.Selected = "1KGL"
	if len(s.Highlights()) == 0 {
		t.Fatal("the 1st KGL has no lit hex at the opening of seed 1")
	}
	return s
}

// TestRule12_6_LitHexWhereTwoActionsMeetSaysItsCost (session 22): a hex
// both the battalion and the line beside it could enter went unlabelled,
// its words joined ("1 MP / line forward") too long for the pill; so did
// a line's step back ("line back +1 MP") [12.6]. The label now gives the
// first action's words and "…" (the hover names both), and a line's step
// without its extra cost.
func TestRule12_6_LitHexWhereTwoActionsMeetSaysItsCost(t *testing.T) {
	s := kglSelected(t)
	got := map[string]string{}
	for _, h := range s.Highlights() {
		got[h.At] = h.Text
	}
	want := map[string]string{"1507": "1 MP / …", "1306": "2 MP back", "1307": "3 MP back", "1308": "line back"}
	for at, w := range want {
		if got[at] != w {
			t.Errorf("lit hex %s reads %q, want %q", at, got[at], w)
		}
	}
	for at, txt := range got {
		if txt == "" {
			t.Errorf("lit hex %s has no words (all: %v)", at, got)
		}
		if strings.Contains(txt, "[") {
			t.Errorf("lit hex %s reads rule numbers %q", at, txt)
		}
	}
}

// TestRule12_6_OutlineLeavesLitHexLabelsWhole (session 22): the outline
// of the activated command was drawn over the label of the hex beside the
// selected battalion, "2 MP back" reading "2 MP bac". The outline keeps
// clear of the labels as of the chips; their pixels are as the board drew
// them.
func TestRule12_6_OutlineLeavesLitHexLabelsWhole(t *testing.T) {
	needLoop(t)
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := kglSelected(t)
	var a *App
	var b *BoardScene
	winApp.Do(func() {
		a, b = scriptedApp(t, s)
		s.Selected = "1KGL"
		step(t, a)
	})
	if len(b.activeHexes()) == 0 && len(b.commandOutlines()) == 0 {
		t.Fatal("no outline drawn to test")
	}
	var got, want *image.RGBA
	var labels []image.Rectangle
	winApp.Do(func() {
		img := ebiten.NewImage(WindowW, WindowH)
		defer img.Deallocate()
		b.invalidate()
		b.draw(a, img)
		got = pixels(img)
		for _, r := range b.RB.LabelRects() {
			labels = append(labels, r.Add(b.chipShift))
		}
		ref := ebiten.NewImage(WindowW, WindowH)
		defer ref.Deallocate()
		b.RB.Draw(ref, b.Cam, s.View(), b.Overlay()) // the board alone, labels on top
		want = pixels(ref)
	})
	if len(labels) < 4 {
		t.Fatalf("only %d labels drawn", len(labels))
	}
	for _, r := range labels {
		r = r.Intersect(b.Cam.Rect)
		differ := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				i, j := got.PixOffset(x, y), want.PixOffset(x, y)
				for k := range 3 {
					if d := int(got.Pix[i+k]) - int(want.Pix[j+k]); d > 40 || d < -40 {
						differ++
						break
					}
				}
			}
		}
		if differ > r.Dx()*r.Dy()/20 {
			t.Errorf("the label at %v: %d of its %d pixels covered", r, differ, r.Dx()*r.Dy())
		}
	}
}
