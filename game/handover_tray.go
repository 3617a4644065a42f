package game

import "image"

// trayPlace is where the dice tray of the last rolls goes on the board br:
// a corner clear of the odds, a lesson's card, the lit hexes and the
// counters, and below the hand-over banner while one is open. After the
// Allied fire [11] the tray was drawn over the banner "Bourbon has the
// move: Bourbon defensive fire ... click here or press Enter", so the
// player saw the dice but not whose move it was nor where to click
// (issue #18, Almansa played by clicks).
func (b *BoardScene) trayPlace(br image.Rectangle, w, h int) image.Rectangle {
	avoid := append([]image.Rectangle{b.oddsRect, b.coverRect}, b.litRects()...)
	avoid = append(avoid, b.counterRects()...) // albuera_words.go: a corner clear of counters where one is
	room := br
	if b.S.Handover {
		// the banner (handoverRect) spans the board's top 84 px
		room.Min.Y = max(room.Min.Y, min(room.Max.Y-h-20, br.Min.Y+handoverBottom))
	}
	return placeIn(room.Inset(10), w, h, cornersOf(room.Inset(10), w, h), avoid)
}

// handoverBottom is how far the hand-over banner reaches below the board's
// top (handoverRect).
const handoverBottom = 84
