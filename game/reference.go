package game

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
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
	return t
}

// referenceScene shows a system's rules reference, scrollable; F1 or Esc
// goes back to the board.
type referenceScene struct {
	sys    rules.SystemInfo
	back   scene
	text   []string // source lines
	lines  []refLine
	width  int
	scroll int
}

type refLine struct {
	s    string
	bold bool
	mono bool
}

func newReference(a *App, sys rules.SystemInfo, back scene) *referenceScene {
	return &referenceScene{sys: sys, back: back, text: strings.Split(ReferenceText(sys.ID), "\n")}
}

const refLineH = 20

// wrap lays the text out for a width: headings bold, tables (lines that
// start with '|' or are indented) monospaced and unwrapped.
func (r *referenceScene) wrap(width int) {
	if width == r.width && r.lines != nil {
		return
	}
	r.width = width
	r.lines = r.lines[:0]
	f := render.Face(16)
	for _, l := range r.text {
		switch {
		case strings.HasPrefix(l, "#"):
			r.lines = append(r.lines, refLine{s: strings.TrimSpace(strings.TrimLeft(l, "#")), bold: true})
		case strings.HasPrefix(l, "|") || strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t"):
			r.lines = append(r.lines, refLine{s: l, mono: true})
		case strings.TrimSpace(l) == "":
			r.lines = append(r.lines, refLine{})
		default:
			for _, w := range render.Wrap(l, f, float64(width)) {
				r.lines = append(r.lines, refLine{s: w})
			}
		}
	}
}

func (r *referenceScene) update(a *App, evs []Event) error {
	page := max(1, (a.h-120)/refLineH)
	for _, e := range evs {
		switch e.Kind {
		case EvWheel:
			r.scroll -= int(e.DY * 3)
		case EvKey:
			switch e.Key {
			case ebiten.KeyEscape, ebiten.KeyF1:
				a.scene = r.back
			case ebiten.KeyArrowDown:
				r.scroll++
			case ebiten.KeyArrowUp:
				r.scroll--
			case ebiten.KeyPageDown, ebiten.KeySpace:
				r.scroll += page
			case ebiten.KeyPageUp:
				r.scroll -= page
			case ebiten.KeyHome:
				r.scroll = 0
			case ebiten.KeyEnd:
				r.scroll = len(r.lines)
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
	r.wrap(a.w - 120)
	r.scroll = max(0, min(r.scroll, len(r.lines)-page))
	return nil
}

func (r *referenceScene) draw(a *App, dst *ebiten.Image) {
	r.wrap(a.w - 120)
	render.DrawText(dst, "Rules reference: "+r.sys.Name, render.Bold(24), 40, 20, textColor)
	render.DrawText(dst, "Wheel, arrows or Page Up/Down to scroll; F1 or Esc to go back", render.Face(14), 42, 54, dimColor)
	y := 90.0
	for i := r.scroll; i < len(r.lines) && y < float64(a.h-20); i++ {
		l := r.lines[i]
		f := render.Face(16)
		c := textColor
		switch {
		case l.bold:
			f = render.Bold(18)
		case l.mono:
			f = render.Mono(14)
			c = dimColor
		}
		render.DrawText(dst, l.s, f, 60, y, c)
		y += refLineH
	}
}
