package game

import (
	"image"

	"grognard/render"
)

// clearOfCounters moves a lesson's card from the top left of the board to
// its bottom left (above the prompt strip) when the top covers more
// counters than the bottom would (newcomer issue #18: the card hid a
// battery's values and facing, and the dice and odds drawn beneath it).
func (ls *lessonScene) clearOfCounters(a *App, card image.Rectangle) image.Rectangle {
	b := ls.b
	br := b.BoardRect(a)
	// Above the prompt strip, also before the strip is first laid out
	// (two rows: the hint and a reason).
	bottom := min(b.aboveHint(br).Max.Y, br.Max.Y-64)
	low := card.Add(image.Pt(0, bottom-10-card.Max.Y))
	if low.Min.Y <= card.Min.Y {
		return card
	}
	if up, down := ls.stepPlaceUnder(card), ls.stepPlaceUnder(low); up != down { // albuera_words.go: the step's own place first
		if up {
			return low
		}
		return card
	}
	if n := ls.countersUnder(card); n > 0 && ls.countersUnder(low) < n {
		return low
	}
	return card
}

// countersUnder counts the counters on the map whose square meets r.
func (ls *lessonScene) countersUnder(r image.Rectangle) int {
	b := ls.b
	half := int(render.HexSize * b.Cam.Zoom * 0.6)
	n := 0
	for _, u := range b.S.View().Units {
		if u.At == "" || u.Eliminated {
			continue
		}
		x, y, ok := b.ScreenOf(u.At)
		if !ok {
			continue
		}
		c := image.Rect(int(x)-half, int(y)-half, int(x)+half, int(y)+half)
		if c.Overlaps(r) {
			n++
		}
	}
	return n
}
