package game

import (
	"fmt"
	"image"
	"image/color"
	"regexp"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
)

// DieFacer is a system whose dice are pictures (rules/napoleonics' battle
// dice): the symbol on each face, the symbols a roll's dice index, and the
// symbols that hit for a combat action [optional].
type DieFacer interface {
	DieFaces() []string
	DieSymbols() []string
	HitSymbols(a rules.Action) []int
}

// oddsSummary is what a player decides a battle on (newcomer issue #18
// point 8: the melee odds were 15 rows of hit and flag combinations over
// half the board): the chance of at least one hit and of at least one
// flag, the expected hits, the likeliest outcome.
type oddsSummary struct {
	anyHit, anyFlag, hits float64
	likely                string
	likelyP               float64
}

var (
	hitsRe  = regexp.MustCompile(`(\d+) hits?\b`)
	flagsRe = regexp.MustCompile(`(\d+) flags?\b`)
)

// summarizeOdds reads a distribution whose results count hits and flags
// ("1 hit, 2 flags"); ok is false for another kind of table or a short one
// (a table of a few rows is its own summary).
func summarizeOdds(lines []rules.OddsLine) (oddsSummary, bool) {
	var s oddsSummary
	if len(lines) <= 6 {
		return s, false
	}
	for _, l := range lines {
		h := hitsRe.FindStringSubmatch(l.Result)
		f := flagsRe.FindStringSubmatch(l.Result)
		if h == nil || l.Den <= 0 {
			return oddsSummary{}, false
		}
		p := float64(l.Num) / float64(l.Den)
		nh, _ := strconv.Atoi(h[1])
		nf := 0
		if f != nil {
			nf, _ = strconv.Atoi(f[1])
		}
		if nh > 0 {
			s.anyHit += p
		}
		if nf > 0 {
			s.anyFlag += p
		}
		s.hits += p * float64(nh)
		if p > s.likelyP {
			s.likely, s.likelyP = l.Result, p
		}
	}
	return s, true
}

// oddsSummaryHeight is the height of the summary panel for a title of n
// wrapped lines.
func oddsSummaryHeight(n int) int { return 20 + 20*n + 44 + 4*24 + 26 }

// drawOddsSummary draws the summary of a long hit-and-flag table in place
// of the table, with the dice as their pictures (the faces that hit ringed
// in gold), and, when the player asked for it (T), the full table over the
// side panel, clear of the board. It reports whether it drew.
func (b *BoardScene) drawOddsSummary(a *App, dst *ebiten.Image, act rules.Action, title string, lines []rules.OddsLine) bool {
	sum, ok := summarizeOdds(lines)
	if !ok {
		return false
	}
	const w = 400
	var faces []string
	hit := map[string]bool{}
	if df, ok := b.S.Game.State.(DieFacer); ok {
		faces = df.DieFaces()
		syms := df.DieSymbols()
		for _, i := range df.HitSymbols(act) {
			if i >= 0 && i < len(syms) {
				hit[syms[i]] = true
			}
		}
	}
	more := fmt.Sprintf("T: the full table (%d rows) beside the board", len(lines))
	if b.fullOdds {
		more = "T: hide the full table"
	}
	foot := "Gold ring: a face that hits. " + more
	r, lay := b.summaryPlace(a, title, foot, w, len(faces)) // polish_odds.go: clear of the counters
	tl := lay.title
	b.oddsRect = r
	key := fmt.Sprintf("oddsum|%s|%.4f|%.4f|%.4f|%s|%v|%v|%d", title, sum.anyHit, sum.anyFlag, sum.hits, act.Info, hit, b.fullOdds, r.Dx())
	inPanel := !r.Overlaps(b.BoardRect(a))
	b.cache.draw(dst, key, r, func(img *ebiten.Image, r image.Rectangle) {
		if inPanel { // polish_odds.go: opaque over the selected unit's card
			img.SubImage(r).(*ebiten.Image).Fill(background)
		}
		render.DrawPanel(img, r)
		x, y := float64(r.Min.X+10), float64(r.Min.Y+10)
		for _, l := range tl {
			render.DrawText(img, l, render.Bold(14), x, y, gold)
			y += 20
		}
		y += 4
		// The die: every symbol on it, the faces that hit ringed.
		dice := act.Info
		if dice == "" {
			dice = "Dice"
		}
		render.DrawText(img, dice+"; a die shows:", render.Face(12.5), x, y+8, textColor)
		if lay.diceRow {
			y += 22
		}
		dx := x + lay.diceX
		for _, s := range faces {
			render.DrawBattleDie(img, dx, y, 30, s, hit[s])
			dx += 36
		}
		y += 44
		row := func(label string, p float64, val string) {
			render.DrawText(img, label, render.Face(13), x, y, textColor)
			if p >= 0 {
				render.DrawBar(img, x+150, y+3, lay.barW, 13, p)
			}
			render.DrawText(img, val, render.Bold(13), x+lay.valueX, y, textColor)
			y += 24
		}
		row("At least one hit", sum.anyHit, pct(sum.anyHit))
		row("At least one flag", sum.anyFlag, pct(sum.anyFlag))
		row("Expected hits", -1, fmt.Sprintf("%.2f", sum.hits))
		row("Likeliest: "+sum.likely, sum.likelyP, pct(sum.likelyP))
		for _, l := range lay.footer {
			render.DrawText(img, l, render.Face(11.5), x, y+2, dimColor)
			y += 15
		}
	})
	if b.fullOdds {
		sr := b.sideRect(a).Inset(8)
		sr.Min.Y = max(sr.Min.Y, b.cardRect.Min.Y)
		b.oddsRect = b.oddsRect.Union(sr)
		b.cache.draw(dst, "oddsfull|"+key, sr, func(img *ebiten.Image, r image.Rectangle) {
			img.SubImage(r).(*ebiten.Image).Fill(background) // opaque over the panel
			render.DrawOdds(img, r, title, lines)
		})
	}
	return true
}

// pct is a chance as a percentage.
func pct(p float64) string { return fmt.Sprintf("%.0f%%", 100*p+1e-9) }

// gold is the titles' colour.
var gold = color.RGBA{0xe8, 0xc0, 0x4a, 0xff}

// oddsPlaceSize is oddsPlace for a w x h panel.
func (b *BoardScene) oddsPlaceSize(a *App, w, h int) image.Rectangle {
	br := b.BoardRect(a)
	var avoid []image.Rectangle
	if b.S.Menu != nil {
		b.layoutMenu(a)
		avoid = append(avoid, b.menu...)
	}
	if x, y, ok := b.ScreenOf(b.hoverLoc); ok {
		avoid = append(avoid, image.Rect(int(x)-30, int(y)-30, int(x)+30, int(y)+30))
	}
	avoid = append(avoid, b.litRects()...)
	avoid = append(avoid, b.coverRect) // a lesson's card
	br = b.aboveHint(br)               // never over the prompt strip (#18)
	// hover_place.go: clear of the counters too
	return b.oddsBox(br.Inset(10), w, h, avoid)
}

// diceWords is the die faces of a roll as words, for tests and hovers.
func diceWords(syms []string, dice []int) string {
	var out []string
	for _, d := range dice {
		if d >= 0 && d < len(syms) {
			out = append(out, syms[d])
		}
	}
	return strings.Join(out, ", ")
}
