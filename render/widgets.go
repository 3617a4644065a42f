package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	"grognard/rules/hex"
)

// Widget colours: dark walnut panels with parchment text.
var (
	colPanel     = rgba(0x26, 0x22, 0x1e, 0xf0)
	colPanelEdge = rgb(0x6e, 0x5e, 0x48)
	colText      = rgb(0xf0, 0xe6, 0xd0)
	colTextDim   = rgb(0xb0, 0xa4, 0x8c)
	colGold      = rgb(0xe8, 0xc0, 0x4a)
	colRule      = rgb(0x9c, 0xc4, 0xe0)
)

// Button is a clickable control; Sub is an optional second line. Base,
// when set, is the height whose faces the words take (a button made
// taller to wrap a long label keeps the faces of its row's others).
type Button struct {
	Label, Sub           string
	Rect                 image.Rectangle
	Enabled, Hot, Active bool
	Base                 int
}

func rectF(r image.Rectangle) (x, y, w, h float64) {
	return float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
}

// DrawPanel draws a panel background.
func DrawPanel(dst *ebiten.Image, r image.Rectangle) {
	x, y, w, h := rectF(r)
	if w <= 0 || h <= 0 {
		return
	}
	fillRoundRect(dst, x+2, y+3, w, h, 6, rgba(0, 0, 0, 0x50))
	fillRoundRect(dst, x, y, w, h, 6, colPanel)
	strokeRoundRect(dst, x+0.5, y+0.5, w-1, h-1, 6, 1, colPanelEdge)
	strokeRoundRect(dst, x+3.5, y+3.5, w-7, h-7, 4, 1, rgba(0x6e, 0x5e, 0x48, 0x50))
}

// DrawButton draws b: disabled buttons are dim, hot ones lit, active ones gilded.
func DrawButton(dst *ebiten.Image, b Button) {
	x, y, w, h := rectF(b.Rect)
	if w <= 0 || h <= 0 {
		return
	}
	bg, edge, fg := rgb(0x4a, 0x3e, 0x30), rgb(0x8a, 0x74, 0x56), colText
	switch {
	case !b.Enabled:
		bg, edge, fg = rgb(0x33, 0x30, 0x2c), rgb(0x4a, 0x46, 0x40), rgb(0x7c, 0x76, 0x6c)
	case b.Active:
		bg, edge, fg = rgb(0x7a, 0x5c, 0x22), colGold, rgb(0x2a, 0x1e, 0x0c)
	case b.Hot:
		bg, edge = rgb(0x62, 0x52, 0x3e), rgb(0xd8, 0xb8, 0x78)
	}
	fillRoundRect(dst, x, y+1.5, w, h, 5, rgba(0, 0, 0, 0x60))
	fillRoundRect(dst, x, y, w, h, 5, bg)
	if b.Enabled {
		line(dst, x+5, y+1.5, x+w-5, y+1.5, 1, withAlpha(shade(bg, 0.35), 0xc0))
	}
	strokeRoundRect(dst, x+0.5, y+0.5, w-1, h-1, 5, 1.2, edge)
	fh := h
	if b.Base > 0 {
		fh = float64(b.Base)
	}
	lf, _, lines, _ := buttonLayout(b.Label, b.Sub, w, h, fh)
	_, lh := Measure("Ag", lf)
	if b.Sub == "" {
		top := y + h/2 - lh*float64(len(lines)-1)/2
		for i, l := range lines {
			drawTextCentered(dst, l, lf, x+w/2, top+lh*float64(i), fg)
		}
		return
	}
	sf := subFace(fh)
	_, sh := Measure("Ag", sf)
	top := y + (h-lh*float64(len(lines))-sh)/2
	for i, l := range lines {
		drawTextCentered(dst, l, lf, x+w/2, top+lh*float64(i)+lh/2, fg)
	}
	top += lh * float64(len(lines)-1)
	sc := colTextDim
	if b.Active && b.Enabled {
		sc = rgb(0x4a, 0x36, 0x14) // dark on the gilded ground
	}
	if !b.Enabled {
		sc = rgb(0x6c, 0x66, 0x5c)
	}
	drawTextCentered(dst, fitText(b.Sub, sf, w-10), sf, x+w/2, top+lh+sh/2, sc)
}

// buttonFace is the face of a button's label, by the button's height.
func buttonFace(h float64) faceT { return Bold(buttonFaceSize(h)) }

func buttonFaceSize(h float64) float64 { return math.Min(15, math.Max(10, h*0.38)) }

// subFace is the face of a button's second line (its rule), by height.
func subFace(h float64) faceT { return Face(math.Min(12, math.Max(9, h*0.26))) }

// ButtonLabelFits reports whether label shows whole (not cut with "…") on
// one line of a button w x h pixels.
func ButtonLabelFits(label string, w, h int) bool {
	tw, _ := Measure(label, buttonFace(float64(h)))
	return tw <= float64(w)-10
}

// ButtonSubFits reports whether sub shows whole (not cut with "…") as the
// second line of a button w x h pixels.
func ButtonSubFits(sub string, w, h int) bool {
	tw, _ := Measure(sub, subFace(float64(h)))
	return tw <= float64(w)-20
}

// buttonLayout is how a button w x h shows label (over sub, when set):
// on one line in the face the height fh gives; else wrapped over as many
// lines as its height holds, in that face or one a little smaller (not
// below 10 px); else, when nothing holds it, on one line cut with "…"
// (whole false).
func buttonLayout(label, sub string, w, h, fh float64) (f faceT, size float64, lines []string, whole bool) {
	f, size = buttonFace(fh), buttonFaceSize(fh)
	if tw, _ := Measure(label, f); tw <= w-10 {
		return f, size, []string{label}, true
	}
	room := h - 6
	if sub != "" {
		_, sh := Measure("Ag", subFace(fh))
		room -= sh
	}
	for size := buttonFaceSize(fh); size >= 10; size -= 0.5 {
		g := Bold(size)
		ls := Wrap(label, g, w-10)
		_, lh := Measure("Ag", g)
		wide := false
		for _, l := range ls {
			if tw, _ := Measure(l, g); tw > w-10 {
				wide = true
			}
		}
		if !wide && lh*float64(len(ls)) <= room {
			return g, size, ls, true
		}
	}
	return f, size, []string{fitText(label, f, w-10)}, false
}

// ButtonLabelWhole reports whether a button w x h (Base base, 0 for h)
// shows label (over sub) whole, on one line or wrapped.
func ButtonLabelWhole(label, sub string, w, h, base int) bool {
	if base <= 0 {
		base = h
	}
	_, _, _, whole := buttonLayout(label, sub, float64(w), float64(h), float64(base))
	return whole
}

// ButtonHeight is the height of a button w wide that shows label (over
// sub) whole in the face of a button h high: h when it fits on one line,
// else taller, to hold it wrapped in that face (drawn with Base h).
func ButtonHeight(label, sub string, w, h int) int {
	if ButtonLabelFits(label, w, h) {
		return h
	}
	f := buttonFace(float64(h))
	_, lh := Measure("Ag", f)
	need := 6 + lh*float64(len(Wrap(label, f, float64(w)-10)))
	if sub != "" {
		_, sh := Measure("Ag", subFace(float64(h)))
		need += sh
	}
	// as tall as the wrapped lines need in the face of height h, not
	// shrunk to a smaller face
	for hh := max(h, int(math.Ceil(need))); hh < h+200; hh += 2 {
		if _, size, _, whole := buttonLayout(label, sub, float64(w), float64(hh), float64(h)); whole && size >= buttonFaceSize(float64(h))-0.01 {
			return hh
		}
	}
	return h
}

// fitText shortens s with an ellipsis to fit width.
func fitText(s string, f faceT, width float64) string {
	if w, _ := Measure(s, f); w <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		t := string(r) + "…"
		if w, _ := Measure(t, f); w <= width {
			return t
		}
	}
	return string(r)
}

func sideName(v *rules.View, s rules.Side) string {
	switch s {
	case rules.Chance:
		return "Chance (dice or cards)"
	case rules.NoSide:
		return "nobody"
	}
	if int(s) >= 0 && int(s) < len(v.Sides) {
		return v.Sides[s]
	}
	return s.String()
}

// DrawHUD draws the turn, phase (with its rule), sub-phase, whose turn it
// is, who decides now, the prompt and the score lines.
func DrawHUD(dst *ebiten.Image, r image.Rectangle, v *rules.View) {
	DrawPanel(dst, r)
	if v == nil {
		return
	}
	if r.Dx() > 4*r.Dy() {
		drawHUDStrip(dst, r, v)
		return
	}
	x, y, w, h := rectF(r)
	pad := 10.0
	cx, cy := x+pad, y+pad
	tw := w - 2*pad
	bottom := y + h - pad
	st := v.Status
	put := func(s string, f faceT, c color.Color) {
		for _, l := range Wrap(s, f, tw) {
			_, lh := Measure(l, f)
			if cy+lh > bottom {
				return
			}
			DrawText(dst, l, f, cx, cy, c)
			cy += lh
		}
	}
	turn := fmt.Sprintf("Turn %d", st.Turn)
	if st.Turns > 0 {
		turn = fmt.Sprintf("Turn %d/%d", st.Turn, st.Turns)
	}
	DrawText(dst, turn, Bold(17), cx, cy, colGold)
	if int(st.Active) >= 0 {
		name := sideName(v, st.Active)
		sw, _ := Measure(name, Bold(15))
		fillCircle(dst, x+w-pad-sw-12, cy+10, 5, sideColorFor(v, st.Active))
		DrawText(dst, name, Bold(15), x+w-pad-sw, cy+1, colText)
	}
	_, lh := Measure("Ag", Bold(17))
	cy += lh + 2
	phase := st.Phase
	if st.PhaseRule != "" {
		phase += "  [" + st.PhaseRule + "]"
	}
	put(phase, Bold(14), colText)
	if st.SubPhase != "" {
		put(st.SubPhase, Face(13), colTextDim)
	}
	cy += 3
	if v.Result.Over {
		res := "Game over: draw"
		if v.Result.Winner >= 0 {
			res = "Game over: " + sideName(v, v.Result.Winner) + " wins"
		}
		put(res, Bold(14), colGold)
		if v.Result.Reason != "" {
			put(v.Result.Reason, Face(13), colText)
		}
	} else {
		put("Decides now: "+sideName(v, st.Decider), Face(13), colText)
	}
	if st.Prompt != "" {
		cy += 2
		put(st.Prompt, Italic(13), rgb(0xf4, 0xdc, 0xa0))
	}
	if len(v.Score) > 0 {
		cy += 4
		if cy < bottom {
			line(dst, cx, cy, cx+tw, cy, 1, colPanelEdge)
		}
		cy += 4
		for _, s := range v.Score {
			put(s, Face(12.5), colText)
		}
	}
	for _, n := range v.Notes {
		put(n, Face(12.5), colTextDim)
	}
	for _, t := range v.Tracks {
		put(t.Name+": "+strings.Join(t.Items, " · "), Face(12), colTextDim)
	}
}

// drawHUDStrip lays the HUD out in three columns for a wide, low strip at
// the top of the window: where the game stands (turn, phase with its rule,
// sub-phase), who acts (whose turn, who decides now), and the score.
func drawHUDStrip(dst *ebiten.Image, r image.Rectangle, v *rules.View) {
	x, y, w, h := rectF(r)
	pad := 10.0
	st := v.Status
	colW := (w - 4*pad) / 3
	clip := func(s string, f faceT, width float64) string {
		if tw, _ := Measure(s, f); tw <= width {
			return s
		}
		rs := []rune(s)
		for n := len(rs) - 1; n > 1; n-- {
			c := strings.TrimRight(string(rs[:n]), " ") + "…"
			if tw, _ := Measure(c, f); tw <= width {
				return c
			}
		}
		return s
	}
	// Left: turn, phase [rule], sub-phase.
	lx, ly := x+pad, y+pad-2
	turn := fmt.Sprintf("Turn %d", st.Turn)
	if st.Turns > 0 {
		turn = fmt.Sprintf("Turn %d of %d", st.Turn, st.Turns)
	}
	DrawText(dst, turn, Bold(17), lx, ly, colGold)
	_, lh := Measure("Ag", Bold(17))
	phase := st.Phase
	if st.PhaseRule != "" {
		phase += "  [" + st.PhaseRule + "]"
	}
	DrawText(dst, clip(phase, Bold(14), 1.4*colW), Bold(14), lx, ly+lh+1, colText)
	if st.SubPhase != "" {
		_, ph := Measure("Ag", Bold(14))
		DrawText(dst, clip(st.SubPhase, Face(12.5), 1.4*colW), Face(12.5), lx, ly+lh+ph+2, colTextDim)
	}
	// Middle: whose turn and who decides now (a reaction by the other side
	// stands out in gold).
	mx := x + pad + 1.45*colW
	my := y + pad
	if v.Result.Over {
		res := "Game over: draw"
		if v.Result.Winner >= 0 {
			res = "Game over: " + sideName(v, v.Result.Winner) + " wins"
		}
		DrawText(dst, res, Bold(15), mx, my, colGold)
		if v.Result.Reason != "" {
			DrawText(dst, clip(v.Result.Reason, Face(12.5), 0.95*colW), Face(12.5), mx, my+22, colText)
		}
	} else {
		if int(st.Active) >= 0 {
			fillCircle(dst, mx+5, my+9, 5, sideColorFor(v, st.Active))
			DrawText(dst, sideName(v, st.Active)+"'s turn", Bold(15), mx+16, my, colText)
		}
		dc := color.Color(colText)
		if st.Decider != st.Active {
			dc = colGold
		}
		DrawText(dst, "Decides now: "+sideName(v, st.Decider), Face(13), mx+16, my+22, dc)
	}
	// Right: score lines, right-aligned.
	ry := y + pad - 1
	rx := x + w - pad
	for _, sc := range v.Score {
		line := clip(sc, Face(12.5), 0.95*colW)
		tw, th := Measure(line, Face(12.5))
		if ry+th > y+h-4 {
			break
		}
		DrawText(dst, line, Face(12.5), rx-tw, ry, colText)
		ry += th + 1
	}
}

func sideColorFor(v *rules.View, s rules.Side) colorT {
	if int(s) >= 0 && int(s) < len(v.Sides) {
		if c := sideColorByName(v.Sides[s]); c != colLabel {
			return c
		}
	}
	return sideColor(int(s))
}

// logPad is the inner margin of the log panel.
const logPad = 8.0

// logFace is the log's face.
func logFace() faceT { return Face(12.5) }

// LogRows returns how many wrapped rows lines take in a log panel of
// rectangle r and how many rows the panel shows (for the scroll range).
func LogRows(r image.Rectangle, lines []string) (total, shown int) {
	f := logFace()
	lh := lineHeight(f)
	shown = int((float64(r.Dy()) - 2*logPad) / lh)
	for _, l := range lines {
		total += len(Wrap(l, f, float64(r.Dx())-2*logPad-8))
	}
	return total, shown
}

// LogMoreRect is where the log says how many newer lines lie below when
// it is scrolled up (a click there returns to the newest).
func LogMoreRect(r image.Rectangle) image.Rectangle {
	return image.Rect(r.Max.X-170, r.Max.Y-24, r.Max.X-4, r.Max.Y-4)
}

// DrawLog draws log lines, newest at the bottom, each wrapped to the width;
// scroll is the number of (wrapped) lines scrolled up from the newest.
// Scrolled up, a mark at the bottom says how many newer lines lie below,
// and one at the top that older lines lie above.
func DrawLog(dst *ebiten.Image, r image.Rectangle, lines []string, scroll int) {
	DrawPanel(dst, r)
	x, y, w, h := rectF(r)
	pad := logPad
	f := logFace()
	lh := lineHeight(f)
	rows := int((h - 2*pad) / lh)
	if rows <= 0 {
		return
	}
	// wrap from the newest backwards until the window is filled
	need := rows + max(scroll, 0) + 1
	var wrapped []string
	for i := len(lines) - 1; i >= 0 && len(wrapped) < need; i-- {
		ws := Wrap(lines[i], f, w-2*pad-8)
		for j := len(ws) - 1; j >= 0; j-- {
			if j > 0 {
				ws[j] = "  " + ws[j]
			}
			wrapped = append(wrapped, ws[j])
		}
	}
	// wrapped is newest-first
	start := max(scroll, 0)
	if start > len(wrapped) {
		start = len(wrapped)
	}
	end := logEnd(start, rows, len(wrapped)) // logmark.go
	cy := y + h - pad - lh
	for i := start; i < end; i++ {
		drawLogLine(dst, wrapped[i], f, x+pad, cy, i == 0 && scroll == 0)
		cy -= lh
	}
	if scroll > 0 {
		m := LogMoreRect(r)
		mx, my, mw, mh := rectF(m)
		fillRoundRect(dst, mx, my, mw, mh, 4, rgba(0x1e, 0x1a, 0x16, 0xf4))
		strokeRoundRect(dst, mx+0.5, my+0.5, mw-1, mh-1, 4, 1, colGold)
		drawTextCentered(dst, fmt.Sprintf("▼ %d newer below", scroll), Face(11.5), mx+mw/2, my+mh/2, colGold)
	}
	if len(wrapped) > end {
		DrawText(dst, "▲ older above", Face(11), x+w-pad-80, y+2, colTextDim)
	}
}

// drawLogLine colours a trailing rule citation "[10.2]" apart.
func drawLogLine(dst *ebiten.Image, s string, f faceT, x, y float64, newest bool) {
	c := colText
	if !newest {
		c = rgb(0xdc, 0xd2, 0xbc)
	}
	if i := strings.LastIndex(s, " ["); i > 0 && strings.HasSuffix(s, "]") {
		DrawText(dst, s[:i], f, x, y, c)
		w, _ := Measure(s[:i], f)
		DrawText(dst, s[i:], f, x+w, y, colRule)
		return
	}
	DrawText(dst, s, f, x, y, c)
}

// DrawTooltip draws a small box of lines near (x, y), kept on screen.
func DrawTooltip(dst *ebiten.Image, x, y float64, lines []string) {
	if len(lines) == 0 {
		return
	}
	f := Face(12.5)
	lh := lineHeight(f)
	w := 0.0
	for _, l := range lines {
		lw, _ := Measure(l, f)
		w = math.Max(w, lw)
	}
	w += 14
	h := float64(len(lines))*lh + 10
	x, y = keepOn(dst, x+14, y+16, w, h)
	fillRoundRect(dst, x+2, y+2, w, h, 4, rgba(0, 0, 0, 0x60))
	fillRoundRect(dst, x, y, w, h, 4, rgba(0x1e, 0x1a, 0x16, 0xf4))
	strokeRoundRect(dst, x+0.5, y+0.5, w-1, h-1, 4, 1, colPanelEdge)
	for i, l := range lines {
		c := colText
		if i == 0 {
			c = colGold
		}
		DrawText(dst, l, f, x+7, y+5+float64(i)*lh, c)
	}
}

func keepOn(dst *ebiten.Image, x, y, w, h float64) (float64, float64) {
	b := dst.Bounds()
	if x+w > float64(b.Max.X)-4 {
		x = float64(b.Max.X) - 4 - w
	}
	if y+h > float64(b.Max.Y)-4 {
		y = float64(b.Max.Y) - 4 - h
	}
	return math.Max(x, float64(b.Min.X)+4), math.Max(y, float64(b.Min.Y)+4)
}

var markerNames = map[string]string{
	"disorganised": "Disorganised", "routed": "Routed", "fired": "Fired", "moved": "Moved",
	"activated": "Activated", "out-of-command": "Out of command", "demoralised": "Demoralised",
	"square": "In square", "ordered": "Ordered", "attached": "Attached", "ammo-out": "Out of ammunition",
}

func markerName(m string) string {
	if n := markerMeaning(m); n != "" { // markermeaning.go
		return n
	}
	if n, ok := markerNames[m]; ok {
		return n
	}
	return m
}

// unitCardLayout is the unit card's text wrapped to its width and the
// card's size: DrawUnitCard draws it, UnitCardSize measures it, so a card
// is placed at the size it is drawn.
type unitCardLayout struct {
	w, h, pad, cs, tx, topH float64
	nameLines, wrapped      []string
	bodyW, detW             []string
}

func layoutUnitCard(u rules.UnitView, board *rules.Board) unitCardLayout {
	l := unitCardLayout{w: 290.0, pad: 10.0, cs: 58.0}
	l.tx = l.pad + l.cs + 10
	tw := l.w - l.tx - l.pad
	name, kind, body := unitFacts(u, board)
	bf := Face(12.5)
	blh := lineHeight(bf)
	for _, k := range kind {
		l.wrapped = append(l.wrapped, Wrap(k, bf, tw)...)
	}
	l.nameLines = Wrap(name, Bold(15), tw)
	for _, b := range body {
		l.bodyW = append(l.bodyW, Wrap(b, bf, l.w-2*l.pad)...)
	}
	for _, d := range u.Detail {
		l.detW = append(l.detW, Wrap(d, Face(12), l.w-2*l.pad)...)
	}
	l.topH = math.Max(l.cs, float64(len(l.nameLines))*lineHeight(Bold(15))+float64(len(l.wrapped))*blh)
	l.h = l.pad + l.topH + 8 + float64(len(l.bodyW))*blh + float64(len(l.detW))*lineHeight(Face(12)) + l.pad
	if len(l.detW) > 0 {
		l.h += 8
	}
	return l
}

// DrawUnitCard draws the hover card of a unit near (x, y): its counter, name,
// type, formation, values, strength, markers and Detail lines.
func DrawUnitCard(dst *ebiten.Image, x, y float64, u rules.UnitView, board *rules.Board) {
	lay := layoutUnitCard(u, board)
	w, h, pad, cs, tx, topH := lay.w, lay.h, lay.pad, lay.cs, lay.tx, lay.topH
	nameLines, wrapped, bodyW, detW := lay.nameLines, lay.wrapped, lay.bodyW, lay.detW
	bf := Face(12.5)
	blh := lineHeight(bf)
	x, y = keepOn(dst, x+16, y+16, w, h)
	fillRoundRect(dst, x+3, y+3, w, h, 6, rgba(0, 0, 0, 0x60))
	fillRoundRect(dst, x, y, w, h, 6, rgba(0xf4, 0xec, 0xd6, 0xfa))
	col := unitColor(u.Color, int(u.Side))
	fillRect(dst, x+6, y, w-12, 4, col)
	strokeRoundRect(dst, x+0.5, y+0.5, w-1, h-1, 6, 1.2, rgb(0x6e, 0x5a, 0x40))
	drawCounter(dst, u, x+pad, y+pad, cs, "", false)
	cy := y + pad
	for _, l := range nameLines {
		DrawText(dst, l, Bold(15), x+tx, cy, colInk)
		cy += lineHeight(Bold(15))
	}
	for _, l := range wrapped {
		DrawText(dst, l, bf, x+tx, cy, rgb(0x5a, 0x4a, 0x38))
		cy += blh
	}
	cy = y + pad + topH + 8
	for _, l := range bodyW {
		DrawText(dst, l, bf, x+pad, cy, colInk)
		cy += blh
	}
	if len(detW) > 0 {
		line(dst, x+pad, cy+3, x+w-pad, cy+3, 1, rgb(0xc4, 0xb0, 0x8c))
		cy += 8
		for _, l := range detW {
			DrawText(dst, l, Face(12), x+pad, cy, rgb(0x4a, 0x3c, 0x2c))
			cy += lineHeight(Face(12))
		}
	}
}

// legend swatches, cached per terrain id and layout
type swatchKey struct {
	terrain string
	level   int
	flat    bool
}

var (
	swatchMu sync.Mutex
	swatches = map[swatchKey]*ebiten.Image{}
)

// terrainSwatch paints one hex of terrain t as a legend sample.
func terrainSwatch(t string, level int, flat bool) *ebiten.Image {
	swatchMu.Lock()
	defer swatchMu.Unlock()
	k := swatchKey{t, level, flat}
	if img, ok := swatches[k]; ok {
		return img
	}
	m := hex.NewMap("swatch", hex.Layout{Flat: flat, ShoveOdd: true})
	m.Set(hex.Coord{}, &hex.Cell{Terrain: t, Level: level})
	b := NewBoard(&rules.Board{Kind: "hex", Hex: m})
	n := int(math.Ceil(b.w))
	img := ebiten.NewImage(n, int(math.Ceil(b.h)))
	cv := newCanvas(image.NewRGBA(image.Rect(0, 0, n, int(math.Ceil(b.h)))))
	p := &painter{dst: img, sf: &sheet{cv: cv}, s: 1, w: b.w, h: b.h}
	cx, cy := b.hexCenter(hex.Coord{})
	p.fillPoly(b.hexCorners(cx, cy, HexSize), terrainBase(t, level))
	b.paintTerrainGlyphs(p, hex.Coord{}, m.Cell(hex.Coord{}))
	p.strokePoly(b.hexCorners(cx, cy, HexSize), true, 1.5, colInk)
	p.flushTexts()
	swatches[k] = img
	return img
}

func hlName(k HighlightKind) string {
	switch k {
	case HLMove:
		return "Move (dots)"
	case HLFire:
		return "Fire (hatched)"
	case HLShock:
		return "Shock (cross-hatch)"
	case HLDeploy:
		return "Deploy (double line)"
	case HLOrder:
		return "Order (brackets)"
	}
	return "Other"
}

var (
	hlSampleOnce sync.Once
	hlSampleB    *Board
)

func hlSample(dst *ebiten.Image, k HighlightKind, x, y float64) {
	hlSampleOnce.Do(func() {
		m := hex.NewMap("sample", hex.Layout{Flat: true, ShoveOdd: true})
		m.Set(hex.Coord{}, &hex.Cell{Terrain: "clear"})
		hlSampleB = NewBoard(&rules.Board{Kind: "hex", Hex: m})
	})
	sw := terrainSwatch("clear", 0, true)
	s := 34 / float64(sw.Bounds().Dx())
	drawImageAt(dst, sw, x-2, y-2, s)
	st := hlSampleB.stamps(4)
	img := st.hl[k]
	k2 := 34 / float64(img.Bounds().Dx()) * (HexSize + 4) / (HexSize + mapMargin + HexSize*0.0 + 4)
	drawImageCentered(dst, img, x-2+float64(sw.Bounds().Dx())*s/2, y-2+float64(sw.Bounds().Dy())*s/2, k2, 0)
}

func sideSample(dst *ebiten.Image, id string, x, y float64) {
	p := &painter{dst: dst, sf: gpu{dst}, s: 1}
	a, e := pt{x, y}, pt{x + 26, y}
	switch id {
	case hex.River:
		p.roundLine(a.X, a.Y, e.X, e.Y, 7, colWaterInk)
		p.roundLine(a.X, a.Y, e.X, e.Y, 3, rgb(0x7f, 0xae, 0xd6))
	case hex.Stream:
		p.roundLine(a.X, a.Y, e.X, e.Y, 3.5, colStream)
	case hex.Bridge:
		p.roundLine(a.X, a.Y, e.X, e.Y, 7, colWaterInk)
		plank(p, x+13, y, math.Pi/2, 20, 8)
	case hex.Ford:
		p.roundLine(a.X, a.Y, e.X, e.Y, 7, colWaterInk)
		for _, o := range []float64{-4, 0, 4} {
			p.dash(x+13+o, y-9, x+13+o, y+9, 1.5, 3, 2, rgb(0xf4, 0xfa, 0xff))
		}
	case hex.Road:
		p.roundLine(a.X, a.Y, e.X, e.Y, 5.5, colRoad)
		p.roundLine(a.X, a.Y, e.X, e.Y, 2.2, colRoadCore)
	case "trail":
		p.dash(a.X, a.Y, e.X, e.Y, 1.6, 4, 3, colRoad)
	case hex.FieldWorks:
		zigzag(p, a, e, 2.5, colEarth, 1.8)
	case hex.Slope:
		p.line(a.X, a.Y, e.X, e.Y, 1.2, colEarth)
		for i := 1; i < 7; i++ {
			xx := x + float64(i)*26/7
			p.line(xx, y, xx, y+5+float64(i%2)*2, 0.9, colEarth)
		}
	case hex.Wall:
		p.roundLine(a.X, a.Y, e.X, e.Y, 5, colStone)
		p.line(a.X, a.Y, e.X, e.Y, 1.5, rgb(0xc0, 0xb8, 0xac))
	case "ravine":
		zigzag(p, a, e, 3, rgb(0x6e, 0x4a, 0x28), 2.2)
	}
}

// DrawCard draws a command card in r; hot cards are lifted and gilded.
func DrawCard(dst *ebiten.Image, r image.Rectangle, c rules.Card, hot bool) {
	DrawCardAs(dst, r, c, CardLook{Hot: hot})
}

// CardLook is how a card of the hand is drawn: Hot under the cursor;
// Why, when set, says why it cannot be played (the card is greyed);
// Compact shows the heading only (the hover shows the whole text), never
// a text cut short.
type CardLook struct {
	Hot     bool
	Why     string
	Compact bool
	// Tight keeps the whole text in less height (a hand of five at
	// 1280x720, newcomer issue #18 point 8): the section and the citation
	// share the top row, the text in a smaller face, no rule under the name.
	Tight bool
}

const cardPad = 11.0

// CardHeight is the height a card needs at width w to show its whole
// text (or, compact, its heading and reason).
func CardHeight(c rules.Card, w int, look CardLook) int {
	return int(math.Ceil(cardLayout(nil, 0, 0, float64(w), c, look)))
}

// cardLayout draws the card's content from (x, y) at width w when dst is
// not nil, and returns the height it takes.
func cardLayout(dst *ebiten.Image, x, y, w float64, c rules.Card, look CardLook) float64 {
	pad := cardPad
	cy := y + pad
	ink := colInk
	if look.Tight && !look.Compact {
		return tightCardLayout(dst, x, y, w, c, look)
	}
	if c.Section != "" {
		if dst != nil {
			DrawText(dst, fitText(strings.ToUpper(c.Section), Bold(10), w-2*pad), Bold(10), x+pad, cy, colLabel)
		}
		cy += 14
	}
	for _, l := range Wrap(c.Name, Bold(14), w-2*pad) {
		if dst != nil {
			DrawText(dst, l, Bold(14), x+pad, cy, ink)
		}
		cy += lineHeight(Bold(14))
	}
	if !look.Compact && c.Text != "" {
		cy += 3
		if dst != nil {
			line(dst, x+pad, cy, x+w-pad, cy, 1, rgba(0x7a, 0x60, 0x40, 0xa0))
		}
		cy += 5
		f := Face(12)
		for _, l := range Wrap(c.Text, f, w-2*pad) {
			if dst != nil {
				DrawText(dst, l, f, x+pad, cy, ink)
			}
			cy += lineHeight(f)
		}
	}
	if look.Why != "" {
		f := Bold(11.5)
		for _, l := range Wrap(WhyLine(look.Why), f, w-2*pad) {
			if dst != nil {
				DrawText(dst, l, f, x+pad, cy+2, colLabel)
			}
			cy += lineHeight(f)
		}
	}
	if c.Rule != "" {
		// the citation's row, clear of the text above and of the frame
		// below (DrawCardAs)
		cy += cardCiteGap + lineHeight(Face(11)) + cardCiteLift
	}
	return cy + pad - y
}

// The citation of a card stands cardCiteGap below its text and
// cardCiteLift above the card's padding, so that its letters keep clear of
// the inner frame (TestCardCitationClearOfFrame). No more: every point of
// a card's height counts four times in Venta's hand of four, which goes
// compact (headings only) when it does not fit the side panel at 1280x720
// (TestVentaOpeningHandShowsEveryCardsText).
const (
	cardCiteGap  = 2.0
	cardCiteLift = 1.0
)

// colCardRule is a citation's ink on a card's light face (colRule is for
// the dark panels).
var colCardRule = rgb(0x2e, 0x5c, 0x8c)

// DrawCardAs draws a card of the hand in r (see CardLook); r should be
// CardHeight high.
func DrawCardAs(dst *ebiten.Image, r image.Rectangle, c rules.Card, look CardLook) {
	x, y, w, h := rectF(r)
	if w <= 0 || h <= 0 {
		return
	}
	hot := look.Hot && look.Why == ""
	if hot {
		y -= 6
	}
	face := rgb(0xf3, 0xea, 0xd2)
	fillRoundRect(dst, x+3, y+4, w, h, 8, rgba(0, 0, 0, 0x70))
	fillRoundRect(dst, x, y, w, h, 8, face)
	if look.Why != "" {
		// Greyed: the face dimmed, the text kept readable.
		fillRoundRect(dst, x, y, w, h, 8, rgba(0x80, 0x80, 0x80, 0x50))
	}
	edge := rgb(0x7a, 0x60, 0x40)
	if hot {
		edge = colGold
	}
	strokeRoundRect(dst, x+0.5, y+0.5, w-1, h-1, 8, 2, edge)
	strokeRoundRect(dst, x+5.5, y+5.5, w-11, h-11, 5, 1, rgba(0x7a, 0x60, 0x40, 0x90))
	cardLayout(dst, x, y, w, c, look)
	if c.Rule != "" && !(look.Tight && !look.Compact) {
		s := "[" + c.Rule + "]"
		sw, _ := Measure(s, Face(11))
		DrawText(dst, s, Face(11), x+w-cardPad-cardCiteLift-sw, y+h-cardPad-cardCiteLift-lineHeight(Face(11)), colCardRule)
	}
}

// DrawOdds draws a combat preview: one bar per outcome with its exact
// fraction and percentage.
func DrawOdds(dst *ebiten.Image, r image.Rectangle, title string, lines []rules.OddsLine) {
	DrawPanel(dst, r)
	x, y, w, h := rectF(r)
	pad := 10.0
	cy := y + pad
	for _, l := range Wrap(title, Bold(14), w-2*pad) {
		DrawText(dst, l, Bold(14), x+pad, cy, colGold)
		cy += lineHeight(Bold(14))
	}
	cy += 4
	f := Face(12.5)
	mf := Mono(12)
	labelW := 0.0
	for _, l := range lines {
		lw, _ := Measure(l.Result, f)
		labelW = math.Max(labelW, lw)
	}
	labelW = math.Min(labelW+8, w*0.55) // a Clash row "A+1: attacker loses, back in 1 turns" whole (#18)
	numW := 120.0
	barX := x + pad + labelW
	barW := math.Max(20, w-2*pad-labelW-numW)
	rowH := math.Max(lineHeight(f), 16) + 4
	for _, l := range lines {
		if cy+rowH > y+h-pad {
			break
		}
		DrawText(dst, fitText(l.Result, f, labelW-6), f, x+pad, cy+1, colText)
		p := 0.0
		if l.Den > 0 {
			p = float64(l.Num) / float64(l.Den)
		}
		fillRoundRect(dst, barX, cy+2, barW, rowH-6, 3, rgb(0x3a, 0x34, 0x2c))
		if p > 0 {
			fillRoundRect(dst, barX, cy+2, math.Max(3, barW*p), rowH-6, 3, rgb(0xc8, 0x9a, 0x3a))
		}
		s := fmt.Sprintf("%d/%d %5.1f%%", l.Num, l.Den, 100*p)
		DrawText(dst, s, mf, barX+barW+8, cy+1, colText)
		cy += rowH
	}
}

// DrawCoverNotes draws the hand-over cover with, under it, what the last
// decision brought about (public lines: the dice of a combat), so the side
// that decided sees the outcome before the seat passes.
func DrawCoverNotes(dst *ebiten.Image, title, sub string, notes []string) {
	DrawCover(dst, title, sub)
	if len(notes) == 0 {
		return
	}
	b := dst.Bounds()
	x, _, w, h := rectF(b)
	f := Face(15)
	lh := lineHeight(f)
	var lines []string
	for _, n := range notes {
		lines = append(lines, Wrap(n, f, math.Min(w-120, 900))...)
	}
	if len(lines) > 10 {
		lines = lines[len(lines)-10:]
	}
	bw := math.Min(w-80, 940)
	bh := float64(len(lines))*lh + 44
	bx, by := x+(w-bw)/2, float64(b.Min.Y)+h*0.66
	if by+bh > float64(b.Max.Y)-10 {
		by = float64(b.Max.Y) - 10 - bh
	}
	fillRoundRect(dst, bx, by, bw, bh, 8, rgba(0x2c, 0x26, 0x20, 0xf0))
	strokeRoundRect(dst, bx+0.5, by+0.5, bw-1, bh-1, 8, 1, colPanelEdge)
	DrawText(dst, "What your last decision brought about:", Bold(14), bx+20, by+10, colGold)
	for i, l := range lines {
		DrawText(dst, l, f, bx+20, by+34+float64(i)*lh, colText)
	}
}

// DrawCover draws the full-screen hand-over cover that hides the board.
func DrawCover(dst *ebiten.Image, title, sub string) {
	b := dst.Bounds()
	x, y, w, h := rectF(b)
	fillRect(dst, x, y, w, h, rgb(0x1e, 0x1b, 0x18))
	drawCoverPattern(dst, x, y, w, h) // a faint hex pattern, drawn once (coverpattern.go)
	cx, cy := x+w/2, y+h/2
	tf := Bold(34)
	tw, th := Measure(title, tf)
	bw := math.Max(tw, 360) + 80
	fillRoundRect(dst, cx-bw/2, cy-th-40, bw, th+110, 10, rgba(0x2c, 0x26, 0x20, 0xf0))
	strokeRoundRect(dst, cx-bw/2+0.5, cy-th-40+0.5, bw-1, th+110-1, 10, 1.5, colGold)
	drawTextCentered(dst, title, tf, cx, cy-th/2-10, colText)
	line(dst, cx-bw/2+40, cy+8, cx+bw/2-40, cy+8, 1, colPanelEdge)
	sf := Face(16)
	sy := cy + 20
	for _, l := range Wrap(sub, sf, bw-60) {
		drawTextCentered(dst, l, sf, cx, sy+8, colTextDim)
		sy += lineHeight(sf)
	}
}

// LogRowAt returns the text of the log row DrawLog draws at screen height
// y in r (lines and scroll as given to DrawLog), "" when none is there.
func LogRowAt(r image.Rectangle, lines []string, scroll int, y int) string {
	_, row := LogLineAt(r, lines, scroll, y)
	return row
}

// LogLineAt is the index in lines of the log line whose wrapped row DrawLog
// draws at height y in the panel r scrolled by scroll, and that row's text
// (-1 and "" when no row is there).
func LogLineAt(r image.Rectangle, lines []string, scroll int, y int) (int, string) {
	_, y0, w, h := rectF(r)
	f := logFace()
	lh := lineHeight(f)
	rows := int((h - 2*logPad) / lh)
	// Row i from the bottom (0: newest shown) spans [top, top+lh).
	i := int(math.Floor((y0 + h - logPad - float64(y)) / lh))
	if i < 0 || i >= rows {
		return -1, ""
	}
	want := max(scroll, 0) + i
	n := 0
	for k := len(lines) - 1; k >= 0; k-- {
		ws := Wrap(lines[k], f, w-2*logPad-8)
		for j := len(ws) - 1; j >= 0; j-- {
			if n == want {
				return k, ws[j]
			}
			n++
		}
	}
	return -1, ""
}

// RuleCited returns the rule of the last citation "[...]" in s, "" if none.
func RuleCited(s string) string {
	j := strings.LastIndex(s, "]")
	if j < 0 {
		return ""
	}
	i := strings.LastIndex(s[:j], "[")
	if i < 0 || i+1 >= j {
		return ""
	}
	return s[i+1 : j]
}
