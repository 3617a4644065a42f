package game

import (
	"image"
	"testing"

	"grognard/render"
	"grognard/rules/almansa"
)

// TestMenuOptionsWhole: at 1280x720 every optional rule's whole name shows
// (wrapped, never cut) and no option box runs into another or into the
// bottom row.
func TestMenuOptionsWhole(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	a := NewApp()
	a.input = &scriptInput{}
	a.Layout(WindowW, WindowH)
	m := a.scene.(*menuScene)
	for i, s := range m.systems {
		if s.ID == "almansa" {
			m.sys = i
		}
	}
	m.layout(a)
	if sc, _ := m.current(); sc.ID != almansa.ScenarioID {
		t.Fatalf("scenario %s", sc.ID)
	}
	var opts []menuButton
	var bottom image.Rectangle
	for _, b := range m.buttons {
		if b.lines != nil {
			opts = append(opts, b)
		}
		if b.b.Label == "Start" {
			bottom = b.b.Rect
		}
	}
	if len(opts) < 5 {
		t.Fatalf("%d options", len(opts))
	}
	for i, o := range opts {
		for _, l := range o.lines {
			if w, _ := render.Measure(l, optFace()); w > float64(o.b.Rect.Dx()-12) {
				t.Errorf("%q is wider than its box", l)
			}
		}
		if o.b.Rect.Max.Y > bottom.Min.Y {
			t.Errorf("option %d %v runs into the bottom row at %d", i, o.b.Rect, bottom.Min.Y)
		}
		for _, p := range opts[:i] {
			if p.b.Rect.Overlaps(o.b.Rect) {
				t.Errorf("options %v and %v overlap", p.b.Rect, o.b.Rect)
			}
		}
	}
}
