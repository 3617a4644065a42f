package render

import (
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
)

// Small images drawn many times per frame, each rendered once per zoom
// bucket: marker chips, count badges, label pills, highlight patterns,
// facing arrows, path dots, rings.

type chipKey struct {
	label  string
	bucket int
}

var chipMu sync.Mutex

// chipImage is a marker chip: a small coloured tile with an abbreviation.
func chipImage(marker string, bucket int) *ebiten.Image {
	chipMu.Lock()
	defer chipMu.Unlock()
	k := chipKey{marker, bucket}
	if img, ok := images.get(k); ok {
		return img
	}
	ab, col := markerInfo(marker)
	img := renderChip(ab, col, bucket)
	images.put(k, img)
	return img
}

func renderChip(ab string, col colorT, bucket int) *ebiten.Image {
	s := bucketScales[bucket]
	f := Bold(8.5 * s)
	tw, _ := Measure(ab, f)
	h := 13 * s
	w := math.Max(tw+5*s, h)
	sh := newSheet(int(math.Ceil(w+2)), int(math.Ceil(h+2)))
	sh.fillRoundRect(1.5, 1.5, w, h, 2.5*s, withAlpha(colInk, 0x80))
	sh.fillRoundRect(0.5, 0.5, w, h, 2.5*s, col)
	sh.strokeRoundRect(0.5, 0.5, w, h, 2.5*s, math.Max(0.8, 0.8*s), shade(col, -0.5))
	textCentered(sh, ab, f, 0.5+w/2, 0.5+h/2, inkOn(col))
	return sh.image()
}

// mapChipImage is a chip for a marker on a hex or zone (View.Markers).
// On the map it carries the marker's words without their rule citation
// (the "[...]" part) and no wider than about two hexes.
func mapChipImage(kind, txt string, bucket int) *ebiten.Image {
	label := mapChipLabel(kind, txt)
	chipMu.Lock()
	defer chipMu.Unlock()
	k := chipKey{"map:" + kind + ":" + label, bucket}
	if img, ok := images.get(k); ok {
		return img
	}
	_, col := markerInfo(kind)
	img := renderChip(label, col, bucket)
	images.put(k, img)
	return img
}

// mapChipLabel is the words of a marker's map chip (mapChipImage).
func mapChipLabel(kind, txt string) string {
	label := txt
	if i := strings.Index(label, " ["); i > 0 {
		label = label[:i]
	}
	if label == "" {
		label, _ = markerInfo(kind)
	}
	return fitText(label, Bold(8.5), HexSize*2)
}

// badgeImage is the count badge of a stack of n.
func badgeImage(n, bucket int) *ebiten.Image {
	chipMu.Lock()
	defer chipMu.Unlock()
	k := badgeKey{n, bucket}
	if img, ok := images.get(k); ok {
		return img
	}
	s := bucketScales[bucket]
	r := 8 * s
	sh := newSheet(int(math.Ceil(2*r+3)), int(math.Ceil(2*r+3)))
	sh.fillCircle(r+1.5, r+1.5, r, rgb(0x22, 0x1c, 0x16))
	sh.strokeCircle(r+1.5, r+1.5, r, math.Max(1, 1.2*s), rgb(0xf5, 0xe9, 0xc8))
	textCentered(sh, strconv.Itoa(n), Bold(10*s), r+1.5, r+1.5, rgb(0xf5, 0xe9, 0xc8))
	img := sh.image()
	images.put(k, img)
	return img
}

// frontDepth is how far a front marker reaches out of its counter.
const (
	frontDepth = 9.0
	frontHalfW = 9.0 // half the arrowhead's base
)

// frontImage is the front marker of a faced counter, pointing right.
func frontImage(bucket int) *ebiten.Image {
	chipMu.Lock()
	defer chipMu.Unlock()
	if img, ok := images.get(frontKey(bucket)); ok {
		return img
	}
	s := bucketScales[bucket]
	d, hw := frontDepth*s, frontHalfW*s
	n := int(math.Ceil(2*math.Max(d, hw) + 6))
	sh := newSheet(n, n)
	c := float64(n) / 2
	tri := []pt{{c - d/2, c - hw}, {c + d/2, c}, {c - d/2, c + hw}}
	sh.fillPoly(tri, rgb(0x1a, 0x14, 0x10))
	sh.strokePoly(tri, true, math.Max(1, 1.6*s), rgb(0xfb, 0xf6, 0xe8))
	sh.fillPoly(tri, rgb(0x1a, 0x14, 0x10))
	img := sh.image()
	images.put(frontKey(bucket), img)
	return img
}

type pillKey struct {
	text   string
	kind   HighlightKind
	bucket int
}

// boardStamps are the stamps of one Board at one bucket (their shapes
// depend on the map: flat or pointy hexes, or zone discs).
type boardStamps struct {
	hl        [HLOther + 1]*ebiten.Image
	hover     *ebiten.Image
	arrowOn   *ebiten.Image
	arrowOff  *ebiten.Image
	dot       *ebiten.Image
	dotEnd    *ebiten.Image
	ring      *ebiten.Image // selection ring of a one-hex counter
	openShade *ebiten.Image
	// openShadeK is how much larger openShade is drawn than painted
	openShadeK float64
}

func (b *Board) stamps(bucket int) *boardStamps {
	if b.stampCache == nil {
		b.stampCache = map[int]*boardStamps{}
		b.longRings = map[[2]int]*ebiten.Image{}
	}
	if st, ok := b.stampCache[bucket]; ok {
		return st
	}
	s := bucketScales[bucket]
	st := &boardStamps{}
	for k := HLMove; k <= HLOther; k++ {
		st.hl[k] = b.renderHighlight(k, s)
	}
	st.hover = b.renderHover(s)
	st.arrowOn = renderArrow(s, true)
	st.arrowOff = renderArrow(s, false)
	st.dot = renderDot(s, 3.6, false)
	st.dotEnd = renderDot(s, 7, true)
	st.ring = renderRing(CounterSide, CounterSide, s)
	// The shade under an open stack is a plain disc: painted at half scale
	// at most and drawn enlarged (at the largest zoom it would be a
	// 1440-pixel image otherwise).
	r, ss := CounterSide*3.6, math.Min(s, 0.5)
	shade := newSheet(int(2*r*ss)+2, int(2*r*ss)+2)
	shade.fillCircle(r*ss+1, r*ss+1, r*ss, rgba(0x18, 0x14, 0x10, 0x58))
	st.openShade, st.openShadeK = shade.image(), s/ss
	b.stampCache[bucket] = st
	return st
}

// shapePts returns the outline of a location shape centred on (c, c) in a
// stamp of scale s, inset by in map units.
func (b *Board) shapePts(c, s, in float64) []pt {
	var out []pt
	if b.hm != nil {
		for i := range 6 {
			x, y := b.hm.Layout.Corner(i, (HexSize-in)*s)
			out = append(out, pt{c + x, c + y})
		}
		return out
	}
	r := (b.zoneR() + 4 - in) * s
	for i := range 48 {
		a := float64(i) / 48 * 2 * math.Pi
		out = append(out, pt{c + r*math.Cos(a), c + r*math.Sin(a)})
	}
	return out
}

func (b *Board) stampExtent() float64 {
	if b.hm != nil {
		return HexSize + 4
	}
	return b.zoneR() + 8
}

func (b *Board) renderHighlight(k HighlightKind, s float64) *ebiten.Image {
	e := b.stampExtent() * s
	n := int(math.Ceil(2 * e))
	img := newSheet(n, n)
	c := float64(n) / 2
	col := hlColor(k)
	outer := b.shapePts(c, s, 1.5)
	// pattern layer, masked to the shape
	pat := newSheet(n, n)
	switch k {
	case HLMove:
		pat.fillPoly(outer, withAlpha(col, 0x38))
		step := 9 * s
		for y := step / 2; y < float64(n); y += step {
			for x := step / 2; x < float64(n); x += step {
				pat.fillCircle(x, y, math.Max(1, 1.7*s), withAlpha(col, 0xd0))
			}
		}
	case HLFire, HLShock:
		pat.fillPoly(outer, withAlpha(col, 0x30))
		step := 7 * s
		for t := -float64(n); t < float64(n); t += step {
			pat.line(t, float64(n), t+float64(n), 0, math.Max(1, 1.6*s), withAlpha(col, 0xd8))
			if k == HLShock {
				pat.line(t, 0, t+float64(n), float64(n), math.Max(1, 1.6*s), withAlpha(col, 0xd8))
			}
		}
	case HLDeploy:
		pat.fillPoly(outer, withAlpha(col, 0x40))
	case HLOrder:
		pat.fillPoly(outer, withAlpha(col, 0x30))
	default:
		pat.fillPoly(outer, rgba(0xff, 0xff, 0xff, 0x50))
	}
	img.fillWith(outer, pat)
	w := 3.2 * s
	switch k {
	case HLMove:
		for i := range outer {
			a, e2 := outer[i], outer[(i+1)%len(outer)]
			if b.hm != nil {
				img.dashLine(a.X, a.Y, e2.X, e2.Y, w, 7*s, 4*s, col)
			} else if i%2 == 0 {
				img.line(a.X, a.Y, e2.X, e2.Y, w, col)
			}
		}
	case HLFire, HLShock:
		img.strokePoly(outer, true, w, col)
	case HLDeploy:
		img.strokePoly(outer, true, w, col)
		img.strokePoly(b.shapePts(c, s, 7.5), true, w*0.8, col)
	case HLOrder:
		img.strokePoly(outer, true, 1.2*s, withAlpha(col, 0xa0))
		// corner brackets
		if b.hm != nil {
			for i := range outer {
				p, q, r := outer[(i+5)%6], outer[i], outer[(i+1)%6]
				a := pt{q.X + (p.X-q.X)*0.3, q.Y + (p.Y-q.Y)*0.3}
				e2 := pt{q.X + (r.X-q.X)*0.3, q.Y + (r.Y-q.Y)*0.3}
				img.strokePoly([]pt{a, q, e2}, false, w*1.5, col)
			}
		} else {
			for i := 0; i < len(outer); i += 12 {
				img.strokePoly([]pt{outer[(i+46)%48], outer[i], outer[(i+2)%48]}, false, w*1.5, col)
			}
		}
	default:
		img.strokePoly(outer, true, 1.6*s, rgb(0x20, 0x20, 0x20))
	}
	return img.image()
}

func (b *Board) renderHover(s float64) *ebiten.Image {
	e := b.stampExtent() * s
	n := int(math.Ceil(2 * e))
	img := newSheet(n, n)
	c := float64(n) / 2
	img.strokePoly(b.shapePts(c, s, 1), true, 2.6*s, rgba(0x20, 0x18, 0x10, 0xa0))
	img.strokePoly(b.shapePts(c, s, 1), true, 1.2*s, rgb(0xff, 0xfb, 0xe8))
	return img.image()
}

// renderArrow draws a facing arrow pointing right (angle 0).
func renderArrow(s float64, on bool) *ebiten.Image {
	r := 9 * s
	n := int(math.Ceil(2*r + 4))
	img := newSheet(n, n)
	c := float64(n) / 2
	bg, fg := rgba(0x60, 0x60, 0x60, 0x70), rgba(0xe0, 0xe0, 0xe0, 0x90)
	if on {
		bg, fg = rgb(0xff, 0xd2, 0x3c), rgb(0x20, 0x18, 0x10)
	}
	img.fillCircle(c, c, r, bg)
	img.strokeCircle(c, c, r, math.Max(1, 1.3*s), fg)
	head := []pt{{c + r*0.7, c}, {c - r*0.35, c - r*0.55}, {c - r*0.1, c}, {c - r*0.35, c + r*0.55}}
	img.fillPoly(head, fg)
	return img.image()
}

func renderDot(s, r float64, end bool) *ebiten.Image {
	rr := r * s
	n := int(math.Ceil(2*rr + 4))
	img := newSheet(n, n)
	c := float64(n) / 2
	if end {
		img.strokeCircle(c, c, rr-1, math.Max(1.5, 2.6*s), rgb(0x20, 0x18, 0x10))
		img.strokeCircle(c, c, rr-1, math.Max(1, 1.3*s), rgb(0xff, 0xff, 0xff))
		return img.image()
	}
	img.fillCircle(c, c, rr, rgb(0x20, 0x18, 0x10))
	img.fillCircle(c, c, rr*0.62, rgb(0xff, 0xff, 0xff))
	return img.image()
}

// renderRing is the selection ring around a w x h counter.
func renderRing(w, h, s float64) *ebiten.Image {
	m := 6.0
	img := newSheet(int(math.Ceil((w+2*m)*s)), int(math.Ceil((h+2*m)*s)))
	img.strokeRoundRect(2.5*s, 2.5*s, (w+2*m-5)*s, (h+2*m-5)*s, 6*s, 4.5*s, rgb(0x14, 0x10, 0x0c))
	img.strokeRoundRect(2.5*s, 2.5*s, (w+2*m-5)*s, (h+2*m-5)*s, 6*s, 2.4*s, rgb(0xff, 0xd8, 0x30))
	return img.image()
}

func (b *Board) longRing(lenU, bucket int) *ebiten.Image {
	k := [2]int{lenU, bucket}
	if img, ok := b.longRings[k]; ok {
		return img
	}
	img := renderRing(float64(lenU), CounterSide, bucketScales[bucket])
	b.longRings[k] = img
	return img
}

// pill is a highlight's text label.
func (b *Board) pill(txt string, kind HighlightKind, bucket int) *ebiten.Image {
	k := pillOf{b, pillKey{txt, kind, bucket}}
	if img, ok := images.get(k); ok {
		return img
	}
	s := bucketScales[bucket]
	f := Bold(10 * s)
	// No wider than its hex: a longer label would cover the neighbours'.
	txt = fitText(txt, f, (HexSize*1.75-9)*s)
	tw, _ := Measure(txt, f)
	h := 14 * s
	w := tw + 9*s
	sh := newSheet(int(math.Ceil(w+3)), int(math.Ceil(h+3)))
	col := hlColor(kind)
	sh.fillRoundRect(1.5, 1.5, w, h, h/2, rgba(0xff, 0xfc, 0xf2, 0xf0))
	sh.strokeRoundRect(1.5, 1.5, w, h, h/2, math.Max(1, 1.5*s), col)
	textCentered(sh, txt, f, 1.5+w/2, 1.5+h/2, rgb(0x1c, 0x16, 0x10))
	img := sh.image()
	images.put(k, img)
	return img
}
