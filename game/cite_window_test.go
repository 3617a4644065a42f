package game

import (
	"testing"

	"grognard/render"
)

// TestWindowRule13CitationOpensTheReferenceAtTheRule (#11.13) in the real
// window: clicking a log line that cites a rule opens the rules reference
// scrolled to that rule, and the screen shows it at once (the page was
// first drawn at its top before it sought the rule, and stayed so until
// something else asked for a frame). Checked by pixels: the page as opened
// differs from the same page after Home (its top).
func TestWindowRule13CitationOpensTheReferenceAtTheRule(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	s := almSetUp(t)
	var b *BoardScene
	var x, y int
	rule := ""
	winApp.Do(func() {
		b = winApp.OpenSession(s)
		b.Fit(winApp)
		lr := b.logRect(winApp)
		for yy := lr.Max.Y - 4; yy > lr.Min.Y && rule == ""; yy -= 3 {
			if r := render.RuleCited(render.LogRowAt(lr, s.LogLines(), b.logScroll, yy)); r != "" && r != "0" && r != "2" {
				rule, x, y = r, lr.Min.X+40, yy
			}
		}
	})
	if rule == "" {
		t.Fatal("no log line cites a rule")
	}
	xclick(t, win, float64(x), float64(y))
	var ref *referenceScene
	waitFor(t, "the reference at ["+rule+"]", func() bool {
		var ok bool
		ref, ok = winApp.scene.(*referenceScene) // waitFor runs on the window's thread
		return ok
	})
	settle(t) // the cursor stays still: a moving one would ask for a frame
	opened := grab(t, win, "cite-1-opened")
	var scroll float64
	winApp.Do(func() { scroll = ref.scroll })
	if scroll <= 0 {
		t.Fatalf("the reference did not seek rule [%s]", rule)
	}
	xkey(t, "Home")
	waitFor(t, "the top of the page", func() bool {
		return ref.scroll == 0
	})
	settle(t)
	top := grab(t, win, "cite-2-top")
	text := opened.Bounds()
	text.Min.Y = refTop
	if sh := changedShare(opened, top, text); sh < 0.02 {
		t.Fatalf("the screen showed the top of the reference, not rule [%s] (%.2f%% of the page differs from its top)", rule, sh*100)
	}
	xkey(t, "Escape")
	waitFor(t, "back to the board", func() bool {
		_, ok := winApp.scene.(*BoardScene)
		return ok
	})
}
