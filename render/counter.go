package render

import (
	"image"
	"math"

	"strconv"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
)

// faceKey identifies one rendered counter or block face: everything visible
// on it, and the pixel bucket it was rendered at.
type faceKey struct {
	block  bool
	side   colorT // the side's base colour: the counter's ground
	col    colorT // the formation colour: a band along the top
	typ    string
	short  string
	values string
	size   string
	str    int
	max    int
	hidden bool
	lenU   int // length in map units (long two-hex counters), else 0
	// portrait paints a long counter standing (its length down the
	// image), for a counter lying near upright on the map
	portrait bool
	bucket   int
}

var faceMu2 sync.Mutex

// keyOf is the face of u. A face is always printed upright: the facing of
// a unit shows by the front marker drawn beside it (Board.drawFront), so
// its values and name read the same whatever way it faces. sides are the
// side names (nil: those of the view last drawn).
func keyOf(u *rules.UnitView, sides []string, block bool, lenU int, bucket int) faceKey {
	k := faceKey{block: block, side: sideBaseOf(sides, int(u.Side)), hidden: u.Hidden, lenU: lenU, bucket: bucket}
	if !u.Hidden {
		k.col = unitColor(u.Color, int(u.Side))
		k.typ, k.short, k.values, k.size, k.str, k.max = u.Type, u.Short, u.Values, u.Size, u.Strength, u.MaxStr
	} else if block {
		// a hidden block still shows whether it is a leader by its shape
		if isLeader(u.Type) {
			k.typ = "leader"
		}
	}
	return k
}

func isLeader(t string) bool { return t == "leader" || t == "commander" }

// faceImage returns the cached face for k, rendering it on first use.
func faceImage(k faceKey) *ebiten.Image {
	faceMu2.Lock()
	defer faceMu2.Unlock()
	if img, ok := images.get(k); ok {
		return img
	}
	s := bucketScales[k.bucket]
	hpx := CounterSide * s
	wpx := hpx
	if k.lenU > 0 {
		wpx = float64(k.lenU) * s
		if k.portrait {
			wpx, hpx = hpx, wpx
		}
	}
	pad := 2.0 // room for the drop shadow and antialiasing
	sh := newSheet(int(math.Ceil(wpx+2*pad)), int(math.Ceil(hpx+2*pad)))
	if k.block {
		paintBlock(sh, k, pad, pad, wpx, hpx)
	} else if compactFace(k) {
		paintCompact(sh, k, pad, pad, wpx, hpx) // summary.go: legible when small
	} else {
		paintCounter(sh, k, pad, pad, wpx, hpx)
	}
	img := sh.image()
	images.put(k, img)
	return img
}

// paintCounter draws a die-cut cardboard counter in the rectangle: the
// side's colour as ground, the formation's colour as a band along the top
// carrying the unit's name, the unit symbol with its strength beside it,
// and the values large along the bottom.
func paintCounter(dst surface, k faceKey, x, y, w, h float64) {
	f := math.Min(w, h) / 100 // one face unit: a hundredth of the short side
	base := k.side
	r := 6 * f
	dst.fillRoundRect(x, y, w, h, r, shade(base, -0.55)) // the cut edge
	dst.fillRoundRect(x, y, w-1.4*f-0.5, h-1.4*f-0.5, r, base)
	// bevel: light top-left, dark bottom-right
	dst.line(x+r, y+1.3*f, x+w-r, y+1.3*f, 1.4*f, withAlpha(shade(base, 0.5), 0xb0))
	dst.line(x+1.3*f, y+r, x+1.3*f, y+h-r, 1.4*f, withAlpha(shade(base, 0.4), 0x90))
	ink := inkOn(base)
	if k.hidden {
		// back printed with a diagonal weave (kept inside the cut edge)
		// and a question mark in a frame, all in the side's colour
		in := dst.clip(image.Rect(int(math.Ceil(x+3*f)), int(math.Ceil(y+3*f)), int(x+w-4*f), int(y+h-4*f)))
		for t := -h; t < w; t += 9 * f {
			in.line(x+t, y+h, x+t+h, y, 1.2*f, shade(base, -0.15))
		}
		dst.strokeRect(x+7*f, y+7*f, w-14*f-1, h-14*f-1, 2*f, mixColor(base, ink, 0.45))
		textCentered(dst, "?", Bold(52*f), x+w/2, y+h/2, ink)
		return
	}
	long := k.lenU > 0 && !k.portrait
	standing := k.lenU > 0 && k.portrait
	cx := x + w/2
	// the formation band
	bandH := 27 * f
	bx, by, bw := x+2.2*f, y+2.2*f, w-5*f
	band := k.col
	dst.fillRoundRect(bx, by, bw, bandH, r*0.7, band)
	dst.fillRect(bx, by+bandH*0.5, bw, bandH*0.5, band)
	dst.line(bx, by+bandH, bx+bw, by+bandH, 1.6*f, shade(base, -0.55))
	if k.short != "" {
		fs := 21 * f
		fc := Bold(fs)
		for tw, _ := Measure(k.short, fc); tw > bw-6*f && fs > 9*f; tw, _ = Measure(k.short, fc) {
			fs -= f
			fc = Bold(fs)
		}
		textCentered(dst, k.short, fc, cx, by+bandH/2+0.5*f, inkOn(band))
	}
	// unit symbol, strength beside it
	symCx, symCy := cx-8*f, y+47*f
	pipCx, pipCy := cx+31*f, symCy
	if long {
		symCx, symCy = x+h*0.42, y+61*f
		pipCx, pipCy = symCx+h*0.42, symCy
	}
	if standing {
		// the print of a square counter, spread down the standing one
		symCy = y + h*0.42
		pipCy = symCy
	}
	natoSymbol(dst, k.typ, symCx, symCy, 44*f, 24*f, ink, base, f)
	if k.size != "" && !isLeader(k.typ) {
		textCentered(dst, k.size, Bold(10*f), symCx, symCy-17*f, ink)
	}
	drawPipsColumn(dst, k.str, k.max, pipCx, pipCy, f, ink)
	// values along the bottom, as large as the width allows
	if k.values != "" {
		vx, vy, vw := cx, y+80*f, w-8*f
		fs := 34 * f
		if long {
			vx, vy, vw = x+w*0.7, y+61*f, w*0.55
			fs = 40 * f
		}
		if standing {
			vy = y + h - 22*f
		}
		fc := Bold(fs)
		for tw, _ := Measure(k.values, fc); tw > vw && fs > 9*f; tw, _ = Measure(k.values, fc) {
			fs -= f
			fc = Bold(fs)
		}
		textCentered(dst, k.values, fc, vx, vy, ink)
	}
}

// drawPipsColumn draws strength as a column of squares (filled for the
// steps left, hollow for those lost), or "s/m" when many.
func drawPipsColumn(dst surface, str, mx int, cx, cy, f float64, ink colorT) {
	if mx <= 1 {
		return
	}
	if mx > 4 {
		textCentered(dst, strconv.Itoa(str)+"/"+strconv.Itoa(mx), Bold(12*f), cx, cy, ink)
		return
	}
	sz, gap := 8*f, 3*f
	total := float64(mx)*sz + float64(mx-1)*gap
	for i := range mx {
		py := cy - total/2 + float64(i)*(sz+gap)
		if i < str {
			dst.fillRect(cx-sz/2, py, sz, sz, ink)
		} else {
			dst.strokeRect(cx-sz/2+0.5, py+0.5, sz-1, sz-1, math.Max(1, 1.3*f), withAlpha(ink, 0xb0))
		}
	}
}

// natoSymbol draws the unit-type symbol centred on (cx, cy) in a w x h box.
func natoSymbol(dst surface, typ string, cx, cy, w, h float64, ink, bg colorT, f float64) {
	x0, y0, x1, y1 := cx-w/2, cy-h/2, cx+w/2, cy+h/2
	lw := math.Max(1, 2.6*f)
	box := func() {
		dst.fillRect(x0, y0, w, h, withAlpha(mixColor(bg, rgb(0xff, 0xff, 0xff), 0.55), 0xff))
		dst.strokeRect(x0, y0, w, h, lw, ink)
	}
	letter := func(s string) {
		dst.text(s, Bold(12*f), x1+2.5*f, y1-13*f, ink)
	}
	diag := func() { dst.line(x0, y1, x1, y0, lw, ink) }
	cross := func() {
		dst.line(x0, y0, x1, y1, lw, ink)
		dst.line(x0, y1, x1, y0, lw, ink)
	}
	switch typ {
	case "infantry":
		box()
		cross()
	case "light-infantry":
		box()
		cross()
		letter("L")
	case "cavalry":
		box()
		diag()
	case "light-cavalry":
		box()
		diag()
		letter("L")
	case "heavy-cavalry":
		box()
		diag()
		dst.line(x0, y1-4*f, x1-4*f, y0, lw*0.8, ink)
		letter("H")
	case "dragoons":
		// mounted infantry: the infantry cross with a bar
		box()
		cross()
		dst.line(x0, cy, x1, cy, lw, ink)
	case "artillery":
		box()
		dst.fillCircle(cx, cy, 6*f, ink)
	case "horse-artillery":
		box()
		diag()
		dst.fillCircle(cx, cy, 6*f, ink)
	case "leader":
		// a flag on a staff
		px := cx - w*0.22
		dst.line(px, y0-6*f, px, y1+4*f, lw, ink)
		flagPts := []pt{{px, y0 - 6*f}, {px + w*0.5, y0 + 2*f}, {px + w*0.42, y0 + 9*f}, {px + w*0.5, y0 + 16*f}, {px, y0 + 16*f}}
		dst.fillPoly(flagPts, mixColor(bg, rgb(0xff, 0xff, 0xff), 0.6))
		dst.strokePoly(flagPts, true, lw*0.7, ink)
	case "commander":
		star(dst, cx, cy, h*0.62, ink, mixColor(bg, rgb(0xff, 0xe0, 0x70), 0.7))
	case "train":
		box()
		dst.line(x0, cy, x1, cy, lw*0.8, ink)
		dst.fillCircle(x0+w*0.25, y1+5*f, 4.5*f, ink)
		dst.fillCircle(x1-w*0.25, y1+5*f, 4.5*f, ink)
	case "":
	default:
		box()
		t := []rune(typ)
		if len(t) > 0 {
			s := string(t[0])
			if t[0] >= 'a' && t[0] <= 'z' {
				s = string(t[0] - 32)
			}
			textCentered(dst, s, Bold(18*f), cx, cy, ink)
		}
	}
}

func star(dst surface, cx, cy, r float64, ink, fill colorT) {
	var pts []pt
	for i := range 10 {
		rr := r
		if i%2 == 1 {
			rr = r * 0.42
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts = append(pts, pt{cx + rr*math.Cos(a), cy + rr*math.Sin(a)})
	}
	dst.fillPoly(pts, fill)
	dst.strokePoly(pts, true, math.Max(1, r*0.08), ink)
}

// paintBlock draws a wooden block: side-coloured wood with a light label
// carrying the unit symbol and its strength squares.
func paintBlock(dst surface, k faceKey, x, y, w, h float64) {
	f := h / 100
	col := k.side
	leader := isLeader(k.typ)
	shape := func(x, y, w, h float64, c colorT) {
		if leader {
			dst.fillPoly(archPts(x, y, w, h, 8*f), c)
		} else {
			dst.fillRoundRect(x, y, w, h, 9*f, c)
		}
	}
	shape(x, y, w, h, shade(col, -0.4))
	shape(x, y, w-2.5*f, h-2.5*f, col)
	shape(x+3*f, y+3*f, w-9*f, h-9*f, shade(col, 0.1))
	// wood grain
	for i := 1; i < 6; i++ {
		yy := y + h*float64(i)/6 + math.Sin(float64(i))*2*f
		dst.line(x+6*f, yy, x+w-8*f, yy+1.5*f, 0.8*f, withAlpha(shade(col, -0.2), 0x50))
	}
	if k.hidden {
		return
	}
	// the label
	lx, ly, lw, lh := x+9*f, y+9*f, w-21*f, h-21*f
	paper := rgb(0xf6, 0xef, 0xdc)
	if leader {
		dst.fillPoly(archPts(lx, ly, lw, lh, 4*f), paper)
	} else {
		dst.fillRoundRect(lx, ly, lw, lh, 4*f, paper)
	}
	ink := shade(col, -0.25)
	if luminance(ink) > 150 {
		ink = rgb(0x30, 0x28, 0x20)
	}
	// the nation or formation colour as a thin band along the label's top
	if k.col != col && k.col != (colorT{}) {
		dst.fillRect(lx+3*f, ly+1.2*f, lw-6*f, 3.2*f, k.col)
	}
	cx := lx + lw/2
	if k.short != "" {
		fs := 21 * f
		fc := Bold(fs)
		for tw, _ := Measure(k.short, fc); tw > lw-4*f && fs > 8*f; tw, _ = Measure(k.short, fc) {
			fs -= f
			fc = Bold(fs)
		}
		textCentered(dst, k.short, fc, cx, ly+15*f, ink)
	}
	if leader {
		// The flag's staff rises above its box: lower and smaller, clear
		// of the leader's name.
		natoSymbol(dst, k.typ, cx-4*f, ly+lh*0.58, lw*0.62, lh*0.28, ink, paper, f)
	} else {
		natoSymbol(dst, k.typ, cx-4*f, ly+lh*0.45, lw*0.62, lh*0.34, ink, paper, f)
	}
	// strength: one square per step remaining, hollow for steps lost
	if k.max > 0 {
		n := k.max
		sz, gap := 9*f, 3*f
		if n > 6 {
			sz, gap = 5*f, 1.5*f
		}
		total := float64(n)*sz + float64(n-1)*gap
		for i := range n {
			px := cx - total/2 + float64(i)*(sz+gap)
			py := ly + lh - 14*f
			if i < k.str {
				dst.fillRect(px, py, sz, sz, ink)
			} else {
				dst.strokeRect(px+0.5, py+0.5, sz-1, sz-1, math.Max(1, f), withAlpha(ink, 0x90))
			}
		}
	}
	if k.values != "" {
		textCentered(dst, k.values, Bold(13*f), cx, ly+lh-26*f, ink)
	}
}

// DrawCounter draws one unit, unrotated, with its top-left corner at (x, y)
// and side size pixels: a counter, or a block if style is "block". Its
// markers are drawn as chips down its right edge.
func DrawCounter(dst *ebiten.Image, u rules.UnitView, x, y, size float64, style string) {
	drawCounter(dst, u, x, y, size, style, true)
}

func drawCounter(dst *ebiten.Image, u rules.UnitView, x, y, size float64, style string, chips bool) {
	if size <= 0 {
		return
	}
	bk := bucketFor(size / CounterSide)
	img := faceImage(keyOf(&u, nil, style == "block", 0, bk))
	k := size / (CounterSide * bucketScales[bk])
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(-2, -2)
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(x, y)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, &op)
	if !chips {
		return
	}
	cy := y
	for _, m := range u.Markers {
		chip := chipImage(m, bk)
		cw := float64(chip.Bounds().Dx()) * k
		drawImageAt(dst, chip, x+size+1, cy, k)
		_ = cw
		cy += float64(chip.Bounds().Dy()) * k * 0.95
	}
}
