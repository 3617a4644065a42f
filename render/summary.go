package render

import (
	"strings"
)

// compactMaxPx is the largest on-screen counter side (in pixels at its
// bucket's scale) painted as a summary: below it the full print (name,
// symbol, pips, three values) is too small to read (newcomer issue #18
// point 10: at the fit zoom counters were about 20 px and unreadable).
const compactMaxPx = 26.0

// compactFace reports whether a counter face is painted as a summary.
func compactFace(k faceKey) bool {
	return !k.block && !k.hidden && k.lenU == 0 && CounterSide*bucketScales[k.bucket] <= compactMaxPx
}

// headValue is the first of a counter's values ("4" of "4-4-4", "8pdr"
// of "8pdr 2*"), the number a summary prints large.
func headValue(values string) string {
	v := strings.TrimSpace(values)
	for i, r := range v {
		if r == '-' || r == '–' || r == ' ' || r == '(' || r == '·' {
			if i > 0 {
				return v[:i]
			}
		}
	}
	return v
}

// paintCompact paints a counter's summary: the side's colour as ground
// with the formation colour along the top, the unit symbol and, large, its
// first value (its combat strength), with its steps lost shown by a light
// corner; readable at 20-25 pixels where the full print is not.
func paintCompact(dst surface, k faceKey, x, y, w, h float64) {
	f := min(w, h) / 100
	base := k.side
	r := 8 * f
	dst.fillRoundRect(x, y, w, h, r, shade(base, -0.55))
	dst.fillRoundRect(x, y, w-3*f, h-3*f, r, base)
	ink := inkOn(base)
	band := k.col
	dst.fillRect(x+3*f, y+3*f, w-9*f, 12*f, band)
	cx := x + w/2
	natoSymbol(dst, k.typ, cx, y+33*f, 56*f, 28*f, ink, base, f*1.6)
	v := headValue(k.values)
	if v == "" && k.short != "" {
		v = k.short
		if len(v) > 3 {
			v = v[:3]
		}
	}
	if v != "" {
		fs := 50 * f
		fc := Bold(fs)
		for tw, _ := Measure(v, fc); tw > w-8*f && fs > 20*f; tw, _ = Measure(v, fc) {
			fs -= 2 * f
			fc = Bold(fs)
		}
		textCentered(dst, v, fc, cx, y+73*f, ink)
	}
	if k.max > 1 && k.str < k.max {
		// reduced: a light triangle in the bottom-right corner
		for i := 0.0; i < 16; i++ {
			dst.line(x+w-22*f+i*f, y+h-4*f, x+w-4*f, y+h-22*f+i*f, f, withAlpha(ink, 0x70))
		}
	}
}

// CompactAt reports whether counters are painted as summaries at a camera
// zoom (the board's fit zoom on a large map).
func CompactAt(zoom float64) bool {
	return CounterSide*bucketScales[bucketFor(zoom)] <= compactMaxPx
}
