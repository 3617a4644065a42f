package game

import (
	"fmt"
	"image"

	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
)

// choiceTipWidth is the width a choice's explanation wraps to.
const choiceTipWidth = 320

// choiceLines is what a panel choice does and costs, for its hover: the
// label, then the action's Info (the drawn event's window and effect, the
// commander's strategic value, what leaving the initiative means) wrapped
// whole, and the rule it applies. Nil when the button already says it all
// (no Info, or Info is the label).
func choiceLines(a rules.Action) []string {
	info := strings.TrimSpace(a.Info)
	if info == "" || info == a.Label {
		return nil
	}
	lines := render.Wrap(a.Label, render.Face(12.5), choiceTipWidth)
	lines = append(lines, render.Wrap(info, render.Face(12.5), choiceTipWidth)...)
	if a.Rule != "" && !strings.Contains(info, "["+a.Rule+"]") {
		lines = append(lines, "["+a.Rule+"]")
	}
	return lines
}

// choiceHover draws the explanation of the panel choice under the pointer
// beside the panel, over the board, so it never covers the button itself
// (its one-line second row is cut when long: the hover says it whole).
// It reports whether it drew one.
func (b *BoardScene) choiceHover(dst *ebiten.Image) bool {
	for _, pb := range b.panel {
		if pb.act == nil || pb.isCard || !pb.b.Hot {
			continue
		}
		lines := b.choiceHoverLines(*pb.act)
		if len(lines) == 0 {
			return false
		}
		x := float64(pb.b.Rect.Min.X - choiceTipWidth - 40)
		y := b.tipClearOfFocus(x, b.belowTray(x, float64(pb.b.Rect.Min.Y-16)), lines, dst.Bounds()) // albuera_words.go, marshals_tipplace.go
		w, h := tipSize(lines)
		r := b.sideTipBox(b.Cam.Rect, pb.b.Rect, w, h, true, []image.Point{{int(x) + 14, int(y) + 16}}, marshalsFocus(b.S)) // hover_place.go: clear of the counters too
		b.tipAt(dst, r, lines)
		return true
	}
	return false
}

// hoverMemo keeps the lines of the choice hovered last: they are asked
// of the systems (odds, what follows, the units a command moves) once per
// choice and state, not at every frame the pointer rests on the button.
type hoverMemo struct {
	s     *Session
	key   string
	lines []string
}

// choiceHoverLines are the lines of choice a's hover: its label and info,
// then what the system and the session say it does.
func (b *BoardScene) choiceHoverLines(a rules.Action) []string {
	key := fmt.Sprintf("%d|%v|%d|%s", b.S.version, b.S.Cover, b.S.Seat, a.Key())
	if m := &b.hoverMemo; m.s == b.S && m.key == key {
		return m.lines
	}
	lines := choiceLines(a)
	more := b.S.choiceWhy(a)                         // choice_why.go
	more = append(more, b.choiceUnitLines(a)...)     // choice_units.go
	more = append(more, b.S.choiceDice(a)...)        // choice_dice.go
	more = append(more, b.S.albueraChoiceNote(a)...) // albuera_words.go
	more = append(more, b.S.axisWhatLines(a)...)     // marshals_movetip.go
	if len(more) > 0 {
		if len(lines) == 0 {
			lines = render.Wrap(a.Label, render.Face(12.5), choiceTipWidth)
		}
		lines = append(lines, more...)
	}
	b.hoverMemo = hoverMemo{s: b.S, key: key, lines: lines}
	return lines
}

// panelHint is the status strip's advice when no counter may act and the
// decision is one of the panel's buttons (a drawn event, the commander in
// chief, the initiative).
const panelHint = "Choose on the right: point at a button to read what it does"
