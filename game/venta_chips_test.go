package game

import (
	"image"
	"os"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/napoleonics"
)

// TestSequenceOfPlay_OutlineOfOrderedUnitsClearOfTheirChips (session 21,
// Venta del Pozo): the outline around the units a card ordered crossed the
// "ORD×2" and "ATT" chips of an ordered unit with its leader. The outline
// kept clear of the chips' rectangles, but those were in the pixels of the
// board's layer (drawn at a margin, copied at an offset), not of the
// screen. The chips' screen rectangles now hold the chips, and the frame
// shows them there as a board drawn without the outline does.
func TestSequenceOfPlay_OutlineOfOrderedUnitsClearOfTheirChips(t *testing.T) {
	needLoop(t)
	s, err := NewSession("venta-del-pozo", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	// Play a card that orders a unit with an attached leader, and order it.
	ordered := false
	for _, play := range s.Legal() {
		if play.Kind != "play" || ordered {
			continue
		}
		g := s.Game.Clone()
		if _, err := g.Apply(play); err != nil {
			continue
		}
		for _, o := range g.State.Legal() {
			if o.Kind == "order" && strings.Contains(o.Label, " with ") {
				if _, err := s.Do(play); err != nil {
					t.Fatal(err)
				}
				if _, err := s.Do(o); err != nil {
					t.Fatal(err)
				}
				ordered = true
				break
			}
		}
	}
	if !ordered {
		t.Skip("no card of this hand orders a unit with its leader")
	}
	checkOutlineClearOfPrint(t, s)
}

// checkOutlineClearOfPrint draws a frame of s as the window does (the board
// through its layer, the outline of the units that may act over it) and
// checks that the marker chips and count badges read as on the board drawn
// alone.
func checkOutlineClearOfPrint(t *testing.T, s *Session) {
	t.Helper()
	t.Setenv("GROGNARD_HOME", t.TempDir())
	var a *App
	var b *BoardScene
	winApp.Do(func() {
		a, b = scriptedApp(t, s) // the camera as the window sets it
		step(t, a)
	})
	if len(b.activeHexes()) == 0 {
		t.Fatal("no outline of ordered units to test")
	}
	var got, want *image.RGBA
	var rects []image.Rectangle
	winApp.Do(func() {
		img := ebiten.NewImage(WindowW, WindowH)
		defer img.Deallocate()
		b.invalidate()
		b.draw(a, img) // the board through its layer, the outline over it
		rects = b.screenChipRects()
		got = pixels(img)
		ref := ebiten.NewImage(WindowW, WindowH)
		defer ref.Deallocate()
		b.RB.Draw(ref, b.Cam, s.View(), render.Overlay{}) // the board alone, straight to the screen
		want = pixels(ref)
	})
	if len(rects) == 0 {
		t.Fatal("no marker chips noted")
	}
	checked := 0
	chipColours := []uint32{0x1f6f3a, 0x237e80} // ORD, ATT (render/palette.go)
	for _, r := range rects {
		r = r.Intersect(b.Cam.Rect)
		if r.Dx() < 6 || r.Dy() < 6 {
			continue
		}
		cx, cy := float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2
		fill := 0
		for _, c := range chipColours {
			fill += counterPixels(want, cx, cy, float64(min(r.Dx(), r.Dy()))/2-1, c)
		}
		if fill < r.Dx()*r.Dy()/8 {
			continue // a chip of another colour
		}
		checked++
		if n := counterPixels(got, cx, cy, float64(min(r.Dx(), r.Dy()))/2-1, chipColours[0]) + counterPixels(got, cx, cy, float64(min(r.Dx(), r.Dy()))/2-1, chipColours[1]); n < fill*9/10 {
			t.Errorf("the chip at %v shows %d of its %d pixels of colour: something is drawn over it", r, n, fill)
		}
	}
	// The stacks' count badges too ("2" on an ordered unit with its leader).
	var badges []image.Rectangle
	winApp.Do(func() {
		for _, r := range b.RB.BadgeRects() {
			badges = append(badges, r.Add(b.chipShift))
		}
	})
	for _, r := range badges {
		r = r.Intersect(b.Cam.Rect)
		differ := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				i := got.PixOffset(x, y)
				for k := range 3 {
					if d := int(got.Pix[i+k]) - int(want.Pix[i+k]); d > 40 || d < -40 {
						differ++
						break
					}
				}
			}
		}
		if differ > r.Dx()*r.Dy()/10 {
			t.Errorf("the count badge at %v: %d of its pixels covered", r, differ)
		}
	}
	// The outline is cut around every badge as around every chip.
	cuts := map[image.Rectangle]bool{}
	for _, r := range b.screenChipRects() {
		cuts[r] = true
	}
	for _, r := range badges {
		if !cuts[r] {
			t.Errorf("the count badge at %v is not kept clear of the outline", r)
		}
	}
	if checked == 0 {
		t.Errorf("no ORD or ATT chip at the chips' screen rectangles %v: they are not where the chips are drawn", rects)
	}
}

// TestSequenceOfPlay_SectionCardOutlinesTheUnitsItOrders (session 21): a
// British Probe Centre orders 2 of the centre's units and leaders, more
// than half the British, and no unit was outlined, although the hint said
// "click an outlined unit" elsewhere. The units a card may order are
// outlined unless nearly all may act.
func TestSequenceOfPlay_SectionCardOutlinesTheUnitsItOrders(t *testing.T) {
	s := britishProbeCentre(t)
	want := map[string]bool{}
	actors := 0
	for _, a := range s.Legal() {
		if a.Kind == "order" {
			u, _ := s.Unit(a.Unit)
			want[u.At] = true
			actors++
		}
	}
	own := 0
	for _, u := range s.View().Units {
		if u.Side == 1 && u.At != "" {
			own++
		}
	}
	if 2*actors < own {
		t.Fatalf("the test wants a card that may order half the side or more: %d of %d", actors, own)
	}
	got := map[string]bool{}
	for _, h := range s.ActorMarks() {
		got[h.At] = true
	}
	if len(got) != len(want) {
		t.Fatalf("outlined %v, want the hexes of the units Probe Centre may order %v", got, want)
	}
	for at := range want {
		if !got[at] {
			t.Errorf("%s not outlined", at)
		}
	}
	// The outline keeps clear of the stacks' count badges ("2": a unit
	// with its leader) and chips.
	if os.Getenv("DISPLAY") != "" && winApp != nil {
		checkOutlineClearOfPrint(t, s)
	}
}

// TestSequenceOfPlay_EndOfOrdersAsksWhatIsGivenUp (session 21): with one
// order of a Probe left, ending the orders asked about "5 units that may
// still act have not acted", although only one more could be ordered. The
// question says what ending gives up: the card's unused order.
func TestSequenceOfPlay_EndOfOrdersAsksWhatIsGivenUp(t *testing.T) {
	s := britishProbeCentre(t)
	doLegal(t, s, func(_ string, kind, _, _ string) bool { return kind == "order" })
	var end rules.Action
	for _, a := range s.Legal() {
		if a.Kind == "end" {
			end = a
		}
	}
	w := s.EndWarning(end)
	if !strings.Contains(w, "1 order of Probe Centre goes unused") || strings.Contains(w, "may still act") || !strings.HasSuffix(w, "End the order phase?") {
		t.Errorf("the question before ending the orders: %q", w)
	}
}

// britishProbeCentre is a Venta session with the British at the seat, a
// Probe Centre just played.
func britishProbeCentre(t *testing.T) *Session {
	t.Helper()
	s, err := NewSession("venta-del-pozo", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := s.Game.State.(*napoleonics.State)
	st.Active, st.Phase = 1, napoleonics.PhCommand
	st.Hands[1] = append([]string{"probe-centre"}, st.Hands[1][1:]...)
	s.Seat = 1
	s.TakeSeat()
	doLegal(t, s, func(_ string, kind, _, choice string) bool { return kind == "play" && choice == "probe-centre" })
	return s
}
