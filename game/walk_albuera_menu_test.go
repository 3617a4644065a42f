package game

import (
	"image"
	"math"

	"grognard/render"
	"grognard/rules"
)

// clickChargeMenu takes the lesson's Charge as a player does, through the
// popup menu the dragoons' click on II/34's hex opens, and checks that
// menu on the screen (session 20): "enters the enemy hex [11.10]" and
// "charges [9.2]" are told apart by what each does and costs, each
// option's second row is drawn (its ink), and no option covers the
// counter on the hex (its values, its facing).
func clickChargeMenu(w *walker, act rules.Action) {
	t := w.t
	t.Helper()
	w.selectUnit(act.Unit)
	var p image.Point
	winApp.Do(func() {
		x, y, _ := w.b.ScreenOf(act.To)
		p = image.Pt(int(math.Round(x)), int(math.Round(y)))
	})
	w.click(p, false)
	if w.s.Menu == nil {
		t.Fatalf("no menu at %s for the charge", act.To)
	}
	img := w.frame()
	var rects []image.Rectangle
	var subs []string
	var half int
	winApp.Do(func() {
		w.b.layoutMenu(winApp)
		rects = append(rects, w.b.menu...)
		for _, m := range w.s.Menu {
			subs = append(subs, w.b.menuSub(m))
		}
		half = int(render.HexSize * w.b.Cam.Zoom * 0.75) // a counter with its facing mark
	})
	kinds := map[string]bool{}
	at := -1
	for i, m := range w.s.Menu {
		if i >= len(rects) {
			t.Fatalf("menu of %d options laid out in %d places", len(w.s.Menu), len(rects))
		}
		if m.Key() == act.Key() {
			at = i
		}
		if what := albueraWhat(m); what != "" {
			kinds[m.Kind] = true
			if subs[i] != what || !render.ButtonSubFits(what, rects[i].Dx(), rects[i].Dy()) {
				t.Errorf("option %q: second row %q is not what it does, or is cut", m.Label, subs[i])
			}
		}
		low := image.Rect(rects[i].Min.X+10, rects[i].Min.Y+rects[i].Dy()*6/10, rects[i].Max.X-10, rects[i].Max.Y-1)
		if n := inkIn(img, low, [3]int{0xb0, 0xa4, 0x8c}, 60); n < 40 {
			w.save(img, "albuera-charge-menu-nosub")
			t.Errorf("option %q: its second row is not drawn (%d pixels of ink)", m.Label, n)
		}
	}
	if !kinds["move"] || !kinds["charge"] {
		t.Errorf("the menu does not tell entering from charging: %v", subs)
	}
	counter := image.Rect(p.X-half, p.Y-half, p.X+half, p.Y+half)
	for i, r := range rects {
		if r.Overlaps(counter) {
			t.Errorf("option %q covers the counter at %s (%v over %v)", w.s.Menu[i].Label, act.To, r, counter)
		}
	}
	w.save(img, "albuera-charge-menu")
	if at < 0 {
		t.Fatalf("%s is not in the menu", act.Key())
	}
	w.click(rects[at].Min.Add(rects[at].Size().Div(2)), false)
}
