package game

import (
	"image"

	"grognard/render"
	"grognard/rules"
)

// The odds card keeps clear of the counters (newcomer issue #18): on a
// board filled with counters (Venta del Pozo at the whole-board fit view)
// no place on the board holds the melee summary (400 x 230) without
// covering some, and the least-covering place hid a battery and the edges
// of two more. When the board place found touches a counter, the card
// goes into the side panel instead, over the selected unit's card (whose
// words the odds card's title repeats) and, when it must, the top of the
// log; it is laid out to the panel's width.

// oddsPanelBox is where an odds card of width w and height h(w) goes: the
// board place r when it touches no counter, else the side panel's room
// from the selected unit's card down (w narrowed to the panel), when the
// card fits there. h gives the height at a width (a title wraps more in
// the panel). inPanel says which.
func (b *BoardScene) oddsPanelBox(a *App, r image.Rectangle, w int, h func(w int) int) (box image.Rectangle, inPanel bool) {
	if r.Empty() || b.fullOdds || !b.oddsTouchesCounters(r) {
		return r, false
	}
	p := b.sideRect(a).Inset(8)
	if !b.cardRect.Empty() {
		p.Min.Y = max(p.Min.Y, b.cardRect.Min.Y)
	}
	pw := min(w, p.Dx())
	ph := h(pw)
	if ph > p.Dy() || pw < 300 {
		return r, false
	}
	return image.Rect(p.Min.X, p.Min.Y, p.Min.X+pw, p.Min.Y+ph), true
}

// oddsTouchesCounters reports whether the screen box r covers any pixel of
// a counter on the board (its box, the facing marker).
func (b *BoardScene) oddsTouchesCounters(r image.Rectangle) bool {
	if b.RB == nil {
		return false
	}
	for _, c := range b.RB.CounterBoxes(b.Cam, b.S.View(), b.openStack) {
		if c.Body.Overlaps(b.Cam.Rect) && (c.Body.Overlaps(r) || c.Front.Overlaps(r)) {
			return true
		}
	}
	return false
}

// oddsSummaryLayout is the summary card's layout at width w with n die
// faces: the title's lines, the dice's left edge and whether they take a
// row of their own (the panel is too narrow for them beside their label),
// the bar's width and the values' column.
type oddsSummaryLayout struct {
	title        []string
	footer       []string // the key to the rings and to T, wrapped
	diceX        float64
	diceRow      bool
	barW, valueX float64
}

// summaryLayout lays the summary card out at width w for a title, a
// footer and n faces.
func summaryLayout(title, footer string, w, n int) oddsSummaryLayout {
	l := oddsSummaryLayout{title: render.Wrap(title, render.Bold(14), float64(w-20)), diceX: 150, barW: 150, valueX: 310}
	l.footer = render.Wrap(footer, render.Face(11.5), float64(w-20))
	if 150+36*n > w-20 {
		l.diceX, l.diceRow = 0, true
	}
	if w < 400 {
		l.barW = float64(w-20) - 150 - 60
		l.valueX = 150 + l.barW + 10
	}
	return l
}

// height is the card's height.
func (l oddsSummaryLayout) height() int {
	h := oddsSummaryHeight(len(l.title))
	if l.diceRow {
		h += 22
	}
	return h + 15*max(0, len(l.footer)-1)
}

// summaryPlace is where the summary card of a title and a footer, w wide
// with n die faces, goes: on the board clear of the fight (oddsPlaceSize),
// or in the side panel when that place covers a counter; with its layout.
func (b *BoardScene) summaryPlace(a *App, title, foot string, w, n int) (image.Rectangle, oddsSummaryLayout) {
	lay := summaryLayout(title, foot, w, n)
	r := b.oddsPlaceSize(a, w, lay.height())
	r, in := b.oddsPanelBox(a, r, w, func(w int) int { return summaryLayout(title, foot, w, n).height() })
	if in {
		lay = summaryLayout(title, foot, r.Dx(), n)
	}
	return r, lay
}

// oddsTableBox is where a short odds table (Venta's battle back, its
// fire) goes: the board place r, or in the battle dice's system, when r
// covers a counter, the side panel, when the table fits its width whole
// (oddsWidth) and its height. The other systems keep r.
func (b *BoardScene) oddsTableBox(a *App, r image.Rectangle, title string, lines []rules.OddsLine) image.Rectangle {
	if _, ok := b.S.Game.State.(DieFacer); !ok {
		return r
	}
	p := b.sideRect(a).Inset(8)
	for _, l := range lines { // every row's words whole at the panel's width (oddsWidth)
		if w, _ := render.Measure(l.Result, render.Face(12.5)); (w+14)/oddsLabelShare > float64(p.Dx()) {
			return r
		}
	}
	box, in := b.oddsPanelBox(a, r, r.Dx(), func(w int) int {
		return 30 + 28*(len(lines)+len(render.Wrap(title, render.Bold(14), float64(w-20)))-1)
	})
	if !in {
		return r
	}
	return box
}

// trayInPanel is where the dice tray goes when its board place r covers a
// counter in the battle dice's system (Venta at the fit view: no corner is
// clear): the side panel's room from the selected unit's card down, below
// the odds when they are there, at the panel's width (lay wraps the rolls'
// words at a width and gives the tray's height), when it fits.
func (b *BoardScene) trayInPanel(r image.Rectangle, w int, lay func(w int) int) (image.Rectangle, bool) {
	if _, ok := b.S.Game.State.(DieFacer); !ok || r.Empty() || !b.oddsTouchesCounters(r) {
		return r, false
	}
	br := b.Cam.Rect // the board; the side panel lies right of it
	p := image.Rect(br.Max.X, br.Min.Y, br.Max.X+sideWidth, br.Max.Y).Inset(8)
	if !b.cardRect.Empty() {
		p.Min.Y = max(p.Min.Y, b.cardRect.Min.Y)
	}
	if !b.oddsRect.Empty() && !b.oddsRect.Overlaps(br) {
		p.Min.Y = max(p.Min.Y, b.oddsRect.Max.Y+6)
	}
	pw := min(w, p.Dx())
	if h := lay(pw); h <= p.Dy() && pw >= 300 {
		return image.Rect(p.Min.X, p.Min.Y, p.Min.X+pw, p.Min.Y+h), true
	}
	return r, false
}
