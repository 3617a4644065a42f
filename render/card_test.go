package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
)

// TestCardCitationClearOfFrame: a held event card of The Marshals (its
// citation "[EV Initiative]" in the bottom corner), greyed with the moment
// it waits for or not, draws the citation's letters whole inside the
// card, at least 4 px clear of the inner frame's bottom bar and of its
// right side, and in an ink that stands out from the card's face.
func TestCardCitationClearOfFrame(t *testing.T) {
	needLoop(t)
	c := rules.Card{ID: "initiative", Name: "Initiative", Text: "After the initiative roll: take the initiative this turn.", Rule: "EV Initiative"}
	for _, look := range []CardLook{{}, {Why: "its moment is after the initiative roll [EV Initiative]"}, {Compact: true, Why: "its moment is after the initiative roll"}} {
		const w = 340 // the side panel's card width at 1280x720
		h := CardHeight(c, w, look)
		img := ebiten.NewImage(w+20, h+20)
		img.Fill(colPanel)
		r := image.Rect(10, 10, 10+w, 10+h)
		DrawCardAs(img, r, c, look)
		shot := image.NewRGBA(img.Bounds())
		img.ReadPixels(shot.Pix)
		// the citation: the card's only blue pixels
		cite := image.Rectangle{}
		n := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				p := shot.RGBAAt(x, y)
				if int(p.B) > int(p.R)+40 && p.B > p.G {
					cite = cite.Union(image.Rect(x, y, x+1, y+1))
					n++
				}
			}
		}
		if n < 30 {
			t.Fatalf("%+v: %d citation pixels: no [EV Initiative] drawn", look, n)
		}
		// the inner frame: its bottom bar and right side, darker than the face
		bar, side := r.Max.Y-6, r.Max.X-6
		face := shot.RGBAAt(r.Min.X+w/2, bar-8)
		if p := shot.RGBAAt(r.Min.X+w/2, bar); luminance(p) > luminance(face)-8 {
			t.Fatalf("%+v: no frame bar at y=%d (%v, face %v)", look, bar, p, face)
		}
		if gap := bar - cite.Max.Y; gap < 4 {
			t.Errorf("%+v: the citation %v ends %d px above the frame's bottom bar at y=%d, want >= 4", look, cite, gap, bar)
		}
		if gap := side - cite.Max.X; gap < 4 {
			t.Errorf("%+v: the citation %v ends %d px left of the frame's side at x=%d, want >= 4", look, cite, gap, side)
		}
		if cite.Dy() < 8 {
			t.Errorf("%+v: the citation is %d px tall: cut or unreadable", look, cite.Dy())
		}
		// the ink stands out from the face
		darkest := 255.0
		for y := cite.Min.Y; y < cite.Max.Y; y++ {
			for x := cite.Min.X; x < cite.Max.X; x++ {
				if p := shot.RGBAAt(x, y); int(p.B) > int(p.R)+40 {
					darkest = min(darkest, luminance(p))
				}
			}
		}
		if luminance(face)-darkest < 60 {
			t.Errorf("%+v: the citation's ink (luminance %.0f) is too close to the face's (%.0f)", look, darkest, luminance(face))
		}
		savePNG(t, img, "card-citation.png")
	}
}
