package game

import (
	"image"
	"image/color"
	"math"
	"regexp"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/marshals"
	"grognard/scenarios"
)

// NoReference is shown when a system has no reference text yet.
const NoReference = "No reference yet"

// ReferenceText returns the rules reference of a system
// (scenarios/<system>/reference.md), or NoReference.
func ReferenceText(system string) string {
	t, err := scenarios.Text(system + "/reference.md")
	if err != nil || strings.TrimSpace(t) == "" {
		return NoReference
	}
	return t + eventMarkers(system)
}

// eventMarkers is a system's section on its event markers (The
// Marshals': rules/marshals.EventsSection), "" for a system without them.
func eventMarkers(system string) string {
	if system == "marshals" {
		return marshals.EventsSection()
	}
	return ""
}

// referenceScene shows a system's rules reference, scrollable; F1 or Esc
// goes back to the board. The text is the small Markdown of the reference
// files: headings, paragraphs and list items (hard-wrapped in the source,
// reflowed to the window), **marked** words (the authored tables and our
// interpretations stand out in gold), tables with a header row, and
// fenced blocks kept as they are.
type referenceScene struct {
	sys    rules.SystemInfo
	back   scene
	text   []string // source lines
	lines  []refLine
	width  int
	height float64 // of the whole laid-out text
	scroll float64 // pixels
	// at is a rule to show first (a citation clicked), "" for the top.
	at string
}

// refLine is one laid-out line (a table row is one line however many
// text lines its cells take).
type refLine struct {
	h     float64
	items []refItem
	shade color.Color // a background for the line (table rows), or nil
	w     float64     // the width of the background
	rule  bool        // a thin line under it (headings, table header)
}

// refItem is a piece of text placed within its line.
type refItem struct {
	s     string
	face  text.Face
	c     color.Color
	x, dy float64
}

var (
	refGold  = color.RGBA{0xe8, 0xc0, 0x5a, 0xff}
	refTable = color.RGBA{0x2c, 0x30, 0x38, 0xff}
	refZebra = color.RGBA{0x33, 0x37, 0x40, 0xff}
	refHead  = color.RGBA{0x3e, 0x36, 0x2a, 0xff}
	refRule  = color.RGBA{0x5a, 0x52, 0x44, 0xff}
)

func newReference(a *App, sys rules.SystemInfo, back scene) *referenceScene {
	return &referenceScene{sys: sys, back: back, text: strings.Split(ReferenceText(sys.ID), "\n")}
}

// newReferenceAt opens the reference at the section of a rule citation
// ("10.2" shows section 10; "Sequence of Play: draw" the section cited so
// or, failing that, "Sequence of Play").
func newReferenceAt(a *App, sys rules.SystemInfo, back scene, rule string) *referenceScene {
	r := newReference(a, sys, back)
	r.at = rule
	return r
}

// lineText is a laid-out line's words.
func (l refLine) text() string {
	var w []string
	for _, it := range l.items {
		w = append(w, it.s)
	}
	return strings.Join(w, " ")
}

// seek scrolls to the first heading of the rule r.at names and reports
// whether one was found.
func (r *referenceScene) seek() bool {
	var cands []string
	for _, part := range strings.Split(r.at, ";") {
		c := strings.TrimSpace(part)
		cands = append(cands, c)
		if i := strings.Index(c, ":"); i > 0 {
			cands = append(cands, strings.TrimSpace(c[:i]))
		}
		if i := strings.Index(c, "."); i > 0 {
			cands = append(cands, c[:i], c[:i]+".0") // "15.7": section 15, headed "15.0 Clash" in Albuera's
		}
	}
	for _, c := range cands {
		y := 0.0
		for _, l := range r.lines {
			t := l.text()
			if l.rule && (strings.Contains(t, "["+c+"]") || strings.HasPrefix(t, c+". ") || strings.HasPrefix(t, c+" ")) {
				r.scroll = y
				return true
			}
			y += l.h
		}
	}
	// No heading: the first line that cites the rule (Venta del Pozo's
	// sections such as [Battle Back] are paragraphs of a heading).
	for _, c := range cands {
		y := 0.0
		for _, l := range r.lines {
			if strings.Contains(l.text(), "["+c+"]") {
				r.scroll = y
				return true
			}
			y += l.h
		}
	}
	return false
}

// The reference page's geometry.
const (
	refTop      = 84  // below the title
	refMarginX  = 60  // left margin of the text
	refMaxWidth = 880 // text no wider than this, for reading
	refStep     = 60  // pixels a wheel notch scrolls
)

var (
	listMarker = regexp.MustCompile(`^\s*([-*+]|\d+[.)])\s+`)
	tableRule  = regexp.MustCompile(`^:?-{2,}:?$`)
)

// mdRun is a piece of inline text, marked (between ** **) or not, or
// code (between backticks: counter values, file names), shown in its own
// colour without the backticks.
type mdRun struct {
	s    string
	mark bool
	code bool
}

// refCode is the colour of `code` runs.
var refCode = color.RGBA{0xa8, 0xd0, 0xe8, 0xff}

// runs splits inline Markdown at its ** pairs.
func runs(s string) []mdRun {
	parts := strings.Split(s, "**")
	var out []mdRun
	for i, p := range parts {
		for j, q := range strings.Split(p, "`") {
			if q != "" {
				out = append(out, mdRun{s: q, mark: i%2 == 1, code: j%2 == 1})
			}
		}
	}
	return out
}

// flow lays runs out in lines no wider than width from x0 (later lines from
// x1: a list item's hanging indent), in face f (marked runs bold and gold).
func flow(rs []mdRun, f, bold text.Face, c color.Color, x0, x1, width float64) []refLine {
	lh := math.Ceil(f.Metrics().HAscent + f.Metrics().HDescent + f.Metrics().HLineGap + 3)
	space, _ := render.Measure(" ", f)
	var out []refLine
	cur := refLine{h: lh}
	x, left := x0, x0
	spaced := false // whether the text so far ended with a space
	for _, r := range rs {
		face, col := f, c
		if r.mark {
			face, col = bold, refGold
		}
		if r.code {
			col = refCode
		}
		words := strings.Fields(r.s)
		lead := spaced || strings.HasPrefix(r.s, " ") || strings.HasPrefix(r.s, "\t")
		spaced = strings.HasSuffix(r.s, " ") || strings.HasSuffix(r.s, "\t")
		for i, w := range words {
			ww, _ := render.Measure(w, face)
			gap := 0.0
			if x > left && (i > 0 || lead) {
				gap = space
			}
			if x+gap+ww > x0+width && x > left {
				out = append(out, cur)
				cur = refLine{h: lh}
				x, left, gap = x1, x1, 0
			}
			cur.items = append(cur.items, refItem{s: w, face: face, c: col, x: x + gap})
			x += gap + ww
		}
	}
	if len(cur.items) > 0 {
		out = append(out, cur)
	}
	return out
}

// wrap lays the text out for a width.
func (r *referenceScene) wrap(width int) {
	if width == r.width && r.lines != nil {
		return
	}
	r.width = width
	r.lines = r.lines[:0]
	w := float64(min(width, refMaxWidth))
	body, bold := render.Face(16), render.Bold(16)
	blank := func(h float64) { r.lines = append(r.lines, refLine{h: h}) }
	src := r.text
	for i := 0; i < len(src); {
		l := src[i]
		t := strings.TrimSpace(l)
		switch {
		case t == "":
			i++
		case strings.HasPrefix(t, "```"):
			i++
			for ; i < len(src) && !strings.HasPrefix(strings.TrimSpace(src[i]), "```"); i++ {
				r.lines = append(r.lines, refLine{h: 19, items: []refItem{{s: src[i], face: render.Mono(14), c: dimColor}}})
			}
			i++
			blank(8)
		case strings.HasPrefix(t, "#"):
			level := len(t) - len(strings.TrimLeft(t, "#"))
			s := strings.TrimSpace(strings.TrimLeft(t, "#"))
			f, c := render.Bold(18), textColor
			switch level {
			case 1:
				f, c = render.Bold(22), refGold
			case 3, 4, 5, 6:
				f = render.Bold(16)
			}
			if len(r.lines) > 0 {
				blank(10)
			}
			hl := flow(runs(s), f, f, c, 0, 0, w)
			if n := len(hl); n > 0 && level <= 2 {
				hl[n-1].rule = true
				hl[n-1].h += 6
			}
			r.lines = append(r.lines, hl...)
			blank(8)
			i++
		case strings.HasPrefix(t, "|"):
			var rows [][]string
			for ; i < len(src) && strings.HasPrefix(strings.TrimSpace(src[i]), "|"); i++ {
				rows = append(rows, scenarios.MarkdownCells(src[i]))
			}
			r.table(rows, w)
			blank(12)
		default:
			// A paragraph or a list item: its lines up to a blank line, a
			// heading, a table or the next item.
			marker := ""
			if m := listMarker.FindStringSubmatch(l); m != nil {
				marker = m[1]
				l = l[len(m[0]):]
			}
			parts := []string{strings.TrimSpace(l)}
			for i++; i < len(src); i++ {
				n := strings.TrimSpace(src[i])
				if n == "" || strings.HasPrefix(n, "#") || strings.HasPrefix(n, "|") || strings.HasPrefix(n, "```") || listMarker.MatchString(src[i]) {
					break
				}
				parts = append(parts, n)
			}
			s := strings.Join(parts, " ")
			if marker == "" {
				r.lines = append(r.lines, flow(runs(s), body, bold, textColor, 0, 0, w)...)
				blank(10)
				continue
			}
			bullet := "•"
			if marker[0] >= '0' && marker[0] <= '9' {
				bullet = marker
			}
			ind := 22.0
			if bw, _ := render.Measure(bullet+" ", body); bw > ind {
				ind = bw
			}
			ls := flow(runs(s), body, bold, textColor, ind, ind, w-ind)
			if len(ls) > 0 {
				ls[0].items = append([]refItem{{s: bullet, face: body, c: refGold, x: 4}}, ls[0].items...)
			}
			r.lines = append(r.lines, ls...)
			next := ""
			if i < len(src) {
				next = src[i]
			}
			if !listMarker.MatchString(next) {
				blank(10)
			} else {
				blank(3)
			}
		}
	}
	r.height = 0
	for _, l := range r.lines {
		r.height += l.h
	}
}

// table lays a Markdown table out: columns as wide as their text where the
// width allows, else shrunk in proportion (never below their longest
// word), each cell wrapped in its column; the header row bold on a darker
// ground, the rows in alternate shades.
func (r *referenceScene) table(rows [][]string, width float64) {
	var body [][]string
	for i, row := range rows {
		sep := true
		for _, c := range row {
			sep = sep && tableRule.MatchString(c)
		}
		if sep && i == 1 {
			continue
		}
		body = append(body, row)
	}
	if len(body) == 0 {
		return
	}
	cols := 0
	for _, row := range body {
		cols = max(cols, len(row))
	}
	f, hf := render.Face(14), render.Bold(14)
	const pad = 8.0
	natural := make([]float64, cols)
	least := make([]float64, cols)
	for ri, row := range body {
		face := f
		if ri == 0 {
			face = hf
		}
		for c, cell := range row {
			s := strings.ReplaceAll(strings.ReplaceAll(cell, "**", ""), "`", "")
			w, _ := render.Measure(s, face)
			natural[c] = math.Max(natural[c], w+2*pad)
			for _, word := range strings.Fields(s) {
				ww, _ := render.Measure(word, face)
				least[c] = math.Max(least[c], ww+2*pad)
			}
		}
	}
	colW := append([]float64(nil), natural...)
	total := 0.0
	for _, w := range natural {
		total += w
	}
	if total > width {
		// Give every column its longest word, then share the rest out
		// evenly among the columns that want more, none beyond its
		// natural width: short columns stay whole, long ones wrap.
		rest := width
		for c := range colW {
			colW[c] = least[c]
			rest -= least[c]
		}
		for rest > 0.5 {
			var open []int
			for c := range colW {
				if colW[c] < natural[c]-0.5 {
					open = append(open, c)
				}
			}
			if len(open) == 0 {
				break
			}
			share := rest / float64(len(open))
			for _, c := range open {
				d := math.Min(share, natural[c]-colW[c])
				colW[c] += d
				rest -= d
			}
		}
	}
	tableW := 0.0
	for _, w := range colW {
		tableW += w
	}
	for ri, row := range body {
		line := refLine{shade: refTable, w: tableW}
		if ri%2 == 0 {
			line.shade = refZebra
		}
		face, bface, col := f, render.Bold(14), textColor
		if ri == 0 {
			line.shade, line.rule, face, col = refHead, true, hf, refGold
		}
		x := 0.0
		for c := range cols {
			cell := ""
			if c < len(row) {
				cell = row[c]
			}
			ls := flow(runs(cell), face, bface, col, x+pad, x+pad, colW[c]-2*pad)
			dy := 4.0
			for _, l := range ls {
				for _, it := range l.items {
					it.dy = dy
					line.items = append(line.items, it)
				}
				dy += l.h
			}
			line.h = math.Max(line.h, dy+4)
			x += colW[c]
		}
		r.lines = append(r.lines, line)
	}
}

func (r *referenceScene) viewH(a *App) float64 { return float64(a.h - refTop - 10) }

func (r *referenceScene) update(a *App, evs []Event) error {
	page := r.viewH(a) - 40
	for _, e := range evs {
		switch e.Kind {
		case EvWheel:
			r.scroll -= e.DY * refStep
		case EvKey:
			switch e.Key {
			case ebiten.KeyEscape, ebiten.KeyF1:
				a.scene = r.back
			case ebiten.KeyArrowDown:
				r.scroll += 40
			case ebiten.KeyArrowUp:
				r.scroll -= 40
			case ebiten.KeyPageDown, ebiten.KeySpace:
				r.scroll += page
			case ebiten.KeyPageUp:
				r.scroll -= page
			case ebiten.KeyHome:
				r.scroll = 0
			case ebiten.KeyEnd:
				r.scroll = math.Inf(1)
			}
		case EvUp:
			if e.Button == ebiten.MouseButtonRight {
				a.scene = r.back
			}
		default:
			continue
		}
		a.Redraw()
	}
	r.layout(a)
	return nil
}

// layout wraps the text to the window, scrolls to the rule cited (once)
// and keeps the scroll in range. Both update and draw call it: the scene's
// first frame is drawn before its first update (the board that opened it
// asked for the redraw), and a quick click brings no event to make the
// scene draw again, so a reference opened at a rule must be at the rule
// in its very first picture.
func (r *referenceScene) layout(a *App) {
	r.wrap(a.w - 2*refMarginX - 20)
	if r.at != "" {
		r.seek()
		r.at = ""
		a.Redraw()
	}
	r.scroll = math.Max(0, math.Min(r.scroll, r.height-r.viewH(a)+20))
}

func (r *referenceScene) draw(a *App, dst *ebiten.Image) {
	r.layout(a)
	render.DrawText(dst, "Rules reference: "+r.sys.Name, render.Bold(24), 40, 20, textColor)
	render.DrawText(dst, "Wheel, arrows or Page Up/Down to scroll; F1 or Esc to go back", render.Face(14), 42, 54, dimColor)
	view := image.Rect(0, refTop, a.w, a.h-10)
	if view.Empty() {
		return
	}
	clip := dst.SubImage(view).(*ebiten.Image)
	x0 := float64(refMarginX)
	tw := float64(min(a.w-2*refMarginX-20, refMaxWidth))
	y := float64(refTop) - r.scroll
	for _, l := range r.lines {
		if y > float64(view.Max.Y) {
			break
		}
		if y+l.h >= float64(view.Min.Y) {
			if l.shade != nil {
				vector.DrawFilledRect(clip, float32(x0), float32(y), float32(l.w), float32(l.h), l.shade, false)
			}
			for _, it := range l.items {
				render.DrawText(clip, it.s, it.face, x0+it.x, y+it.dy, it.c)
			}
			if l.rule {
				w := tw
				if l.w > 0 {
					w = l.w
				}
				vector.StrokeLine(clip, float32(x0), float32(y+l.h-1), float32(x0+w), float32(y+l.h-1), 1, refRule, false)
			}
		}
		y += l.h
	}
	// A scroll bar: where the page stands in the whole text.
	if vh := float64(view.Dy()); r.height > vh {
		bx := float32(a.w - 24)
		vector.DrawFilledRect(dst, bx, float32(view.Min.Y), 6, float32(vh), refTable, false)
		th := math.Max(24, vh*vh/r.height)
		ty := float64(view.Min.Y) + (vh-th)*r.scroll/math.Max(1, r.height-vh+20)
		vector.DrawFilledRect(dst, bx, float32(ty), 6, float32(th), refRule, false)
	}
}
