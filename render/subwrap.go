package render

import (
	"strings"

	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// SubWrapMax is the most lines a button's second line is wrapped over; a
// longer text ends its last line with "…" (the button's hover says it whole).
const SubWrapMax = 4

// subWrapLayout is a button w wide whose words take the faces of a button
// base high: its label wrapped whole, its second line (what the choice
// does) wrapped over at most SubWrapMax lines.
func subWrapLayout(label, sub string, w, base int) (lf, sf faceT, lines, subs []string, lh, sh float64) {
	fh := float64(base)
	lf, sf = buttonFace(fh), subFace(fh)
	lines = Wrap(label, lf, float64(w)-10)
	subs = Wrap(sub, sf, float64(w)-20)
	if len(subs) > SubWrapMax {
		subs = subs[:SubWrapMax]
		subs[SubWrapMax-1] = fitText(subs[SubWrapMax-1]+" …", sf, float64(w)-20)
		if r := []rune(subs[SubWrapMax-1]); len(r) > 0 && r[len(r)-1] != '…' {
			subs[SubWrapMax-1] += "…"
		}
	}
	_, lh = Measure("Ag", lf)
	_, sh = Measure("Ag", sf)
	return
}

// SubLines is how a button w wide (faces of a button base high) shows its
// second line when wrapped: at most SubWrapMax lines.
func SubLines(sub string, w, base int) []string {
	_, _, _, subs, _, _ := subWrapLayout("x", sub, w, base)
	return subs
}

// ButtonHeightSubWrapped is the height of a button w wide that shows its
// label and its second line wrapped (DrawButtonSubWrapped), in the faces
// of a button base high; never less than base.
func ButtonHeightSubWrapped(label, sub string, w, base int) int {
	_, _, lines, subs, lh, sh := subWrapLayout(label, sub, w, base)
	need := 8 + lh*float64(len(lines)) + sh*float64(len(subs))
	return max(base, int(math.Ceil(need)))
}

// DrawButtonSubWrapped draws b like DrawButton, its Sub wrapped over as
// many lines as SubLines gives instead of one line cut with "…" (b.Base is
// the height whose faces the words take; b.Rect should be
// ButtonHeightSubWrapped high).
func DrawButtonSubWrapped(dst *ebiten.Image, b Button) {
	bare := b
	bare.Label, bare.Sub = "", ""
	DrawButton(dst, bare)
	x, y, w, h := rectF(b.Rect)
	if w <= 0 || h <= 0 {
		return
	}
	base := b.Base
	if base <= 0 {
		base = b.Rect.Dy()
	}
	lf, sf, lines, subs, lh, sh := subWrapLayout(b.Label, b.Sub, b.Rect.Dx(), base)
	fg, sc := colText, colTextDim
	switch {
	case !b.Enabled:
		fg, sc = rgb(0x7c, 0x76, 0x6c), rgb(0x6c, 0x66, 0x5c)
	case b.Active:
		fg, sc = rgb(0x2a, 0x1e, 0x0c), rgb(0x4a, 0x36, 0x14)
	}
	top := y + (h-lh*float64(len(lines))-sh*float64(len(subs)))/2
	for i, l := range lines {
		drawTextCentered(dst, l, lf, x+w/2, top+lh*float64(i)+lh/2, fg)
	}
	top += lh * float64(len(lines))
	for i, l := range subs {
		drawTextCentered(dst, l, sf, x+w/2, top+sh*float64(i)+sh/2, sc)
	}
}

// WhyLine is a held card's line under its text: "Cannot be played: " and
// why, or, for a card that is playable now by other means than a click on
// it ("playable now: choose how with the buttons below", "playable now:
// select the unit it names on the map"), that advice alone: "Cannot be
// played: playable now: ..." contradicted itself (Session 20).
func WhyLine(why string) string {
	if strings.HasPrefix(why, "playable now") {
		return "P" + why[1:]
	}
	return "Cannot be played: " + why
}
