package game

import (
	"fmt"
	"image"
	"time"
)

// A button that appears under the pointer does not take the second click
// of a double click (newcomer issue #18): under lag the second click,
// meant for the map or for the button just clicked, landed on the button
// drawn there after the first ("End the move"; Almansa's "Done: end the
// set-up" drawn where "Historical set-up" was; a hand-over's cover taken
// by the player who had just ended his turn).
//
// The guard, for a press at the spot of the press before (within a few
// pixels) on a button other than the one that press was on:
//   - a press read before the first tick after the frame that first drew
//     that button is not taken (under lag the press was made before the
//     frame reached the screen; a button laid out but not yet drawn, on a
//     board that draws, likewise);
//   - a press from the mouse within doubleClick of the press before is not
//     taken either (the second click of a double click, the button drawn
//     between the two at full speed).
// The player is told what the button is and that the next click does it
// (the next press at that spot is on the same button, so it is taken). A
// press elsewhere, on the button pressed before, or after a pause, a key
// (Space, Enter) and the map are never held back, so fast play is not
// slowed. Events injected by tests count as mouse presses only when
// marked so (Event.device): scripted play runs faster than any hand.

// doubleClick is the longest gap between the two presses of a double
// click (one is 100 to 250 ms; a player reading a new label takes longer).
const doubleClick = 300 * time.Millisecond

// clickSpot is how far (pixels) a press may lie from the press before and
// still be the same spot (a hand's jitter between the two clicks).
const clickSpot = 4

// pointerGuard is the board's memory of the buttons on the screen and of
// the last press.
type pointerGuard struct {
	seen      map[string]time.Time // each button drawn: its first tick (zero until it runs)
	pressAt   image.Point
	pressID   string // the button the last press was on ("" none)
	pressT    time.Time
	havePress bool
	held      bool   // the press being made may not click
	label     string // the words of the button held back
	now       func() time.Time
}

func (g *pointerGuard) clock() time.Time {
	if g.now != nil {
		return g.now()
	}
	return time.Now()
}

// guardButton is a button a click may press: its identity, words and box.
type guardButton struct {
	id, label string
	r         image.Rectangle
}

// buttonsNow lists what a click may press now, in click's order: a
// question's answers alone; the hand-over's cover (the whole window);
// the hand-over banner, then the popup menu's entries alone, else the
// side panel's buttons.
func (b *BoardScene) buttonsNow(a *App) []guardButton {
	var out []guardButton
	if b.dialog != nil {
		b.layoutDialog(a)
		for i, r := range b.dialog.btns {
			label := b.dialog.yes
			if i == 1 {
				label = b.dialog.no
			}
			out = append(out, guardButton{fmt.Sprint("ask|", b.dialog.title, "|", label, "|", r), label, r})
		}
		return out
	}
	if b.S.Cover {
		who := b.S.SideName(b.S.Seat)
		return []guardButton{{"cover|" + who, "Pass the seat to " + who, image.Rect(0, 0, a.w, a.h)}}
	}
	if b.S.Handover {
		who := b.S.SideName(b.S.Seat)
		out = append(out, guardButton{"handover|" + who, who + " takes the keyboard", b.handoverRect(a)})
	}
	if b.S.Menu != nil {
		b.layoutMenu(a)
		for i, r := range b.menu {
			if i < len(b.S.Menu) {
				out = append(out, guardButton{fmt.Sprint("menu|", b.S.Menu[i].Key(), "|", r), b.S.Menu[i].Label, r})
			}
		}
		return out
	}
	lr := b.logRect(a)
	b.layoutPanel(a)
	for _, pb := range b.panel {
		if !pb.heading && !pb.b.Rect.Empty() && !pb.b.Rect.Overlaps(lr) {
			out = append(out, guardButton{fmt.Sprint("panel|", pb.b.Label, "|", pb.b.Rect), pb.b.Label, pb.b.Rect})
		}
	}
	return out
}

// guardButtonAt is the button a click at p presses now (zero when none).
func guardButtonAt(bs []guardButton, p image.Point) guardButton {
	for _, gb := range bs {
		if p.In(gb.r) {
			return gb
		}
	}
	return guardButton{}
}

// guardDrawn notes the buttons a frame drew; those new to the screen wait
// for their first tick (guardTick).
func (b *BoardScene) guardDrawn(a *App) {
	g := &b.guard
	m := make(map[string]time.Time, len(g.seen)+4)
	for _, gb := range b.buttonsNow(a) {
		m[gb.id] = g.seen[gb.id] // zero for a new one
	}
	g.seen = m
}

// guardTick ends a tick's input: the buttons drawn since the last tick
// start their time on the screen.
func (b *BoardScene) guardTick() {
	g := &b.guard
	var now time.Time
	for id, t := range g.seen {
		if t.IsZero() {
			if now.IsZero() {
				now = g.clock()
			}
			g.seen[id] = now
		}
	}
}

// guardPress is called at every left press at x, y (device: read from the
// mouse): it notes whether the press may click.
func (b *BoardScene) guardPress(a *App, x, y int, device bool) {
	g := &b.guard
	p, now := image.Pt(x, y), g.clock()
	gb := guardButtonAt(b.buttonsNow(a), p)
	same := g.havePress && abs(x-g.pressAt.X) <= clickSpot && abs(y-g.pressAt.Y) <= clickSpot
	g.held = false
	if gb.id != "" && same && gb.id != g.pressID {
		t, drawn := g.seen[gb.id]
		g.held = g.seen != nil && (!drawn || t.IsZero()) || device && now.Sub(g.pressT) < doubleClick
		g.label = gb.label
	}
	g.pressAt, g.pressID, g.pressT, g.havePress = p, gb.id, now, true
}

// guardRelease reports whether the click ending now is held back, and
// then tells the player which button it was and that the next click on it
// does it.
func (b *BoardScene) guardRelease() bool {
	g := &b.guard
	if !g.held {
		return false
	}
	g.held = false
	b.S.Message = fmt.Sprintf("Not taken: %q appeared under the pointer as you clicked; click it again to do it", g.label)
	b.S.changed()
	return true
}
