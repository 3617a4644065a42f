package game

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"grognard/render"
	"grognard/rules"
)

// Hint (H) [#21]: the side that decides asks what the normal computer
// would do now. The search runs like the computer's own (ai.go), from the
// asking side's view only; the action is outlined on the map with its
// reason, and the log records that a hint was used (in a game with hidden
// information the hint itself is the asking side's private text).

// Hint is the action the computer suggested and why.
type Hint struct {
	Side   rules.Side
	Action rules.Action
	Reason string
	Steps  int    // len(Game.Steps) when it was given
	Dest   string // where the route suggested ends (a whole route: the last of its steps)
}

// hintColor outlines the hinted places: a magenta ring over a dark one,
// unlike every highlight of the legal moves.
var (
	hintColor = color.RGBA{0xff, 0x30, 0xd0, 0xff}
	hintUnder = color.RGBA{0x10, 0x10, 0x10, 0xff}
)

// askHint starts the hint's search (H).
func (b *BoardScene) askHint(a *App) {
	s := b.S
	if !s.CanAct() {
		s.Message = "A hint is for the side that decides: " + s.notYours().Error()
		s.changed()
		return
	}
	if s.AI == nil {
		s.AI = &Computers{seed: seedNow()}
	}
	if s.AI.job != nil {
		return
	}
	s.Hint = nil
	s.AI.job = s.startSearch(s.Viewer, "normal", true)
	s.AI.shown = -1
	s.Message = "Hint: the normal computer is thinking…"
	s.changed()
}

// driveHint polls the hint's search and shows its answer.
func (b *BoardScene) driveHint(a *App) {
	s := b.S
	j := s.AI.job
	r := j.poll()
	if r == nil {
		if p := int(j.prog.Load() / 50); p != s.AI.shown {
			s.AI.shown = p
			s.Message = fmt.Sprintf("Hint: the normal computer is thinking… %d%%", p*5)
			s.changed()
			a.Redraw()
		}
		return
	}
	s.AI.job = nil
	if r.err != nil {
		s.Message = "No hint: " + r.err.Error()
		s.changed()
		return
	}
	s.Hint = &Hint{Side: j.side, Action: r.d.Action, Reason: r.d.Reason, Steps: len(s.Game.Steps)}
	for _, st := range r.d.Plan {
		if st.Kind == "move" && st.To != "" {
			s.Hint.Dest = st.To
		}
	}
	full := fmt.Sprintf("Hint used by %s (normal computer): %s — %s", s.SideName(j.side), r.d.Action.String(), r.d.Reason)
	ev := rules.Event{Kind: "hint", Side: j.side, Text: full}
	if s.System.Hidden {
		ev.Text = s.SideName(j.side) + " used a hint"
		ev.Private, ev.Owner = full, j.side
	}
	s.Game.Log = append(s.Game.Log, ev)
	s.Message = "Hint (outlined in magenta): " + r.d.Action.String() + " — " + r.d.Reason
	// The hinted unit and where it goes are brought into view.
	b.showHexes(a, s.HintPlaces(), true)
	s.changed()
	a.Redraw()
}

// HintPlaces are the map places of the hint's action: its unit's place,
// where it comes from and where it goes.
func (s *Session) HintPlaces() []string {
	h := s.Hint
	if h == nil || h.Steps != len(s.Game.Steps) || h.Side != s.Viewer {
		return nil
	}
	var out []string
	add := func(loc string) {
		for _, o := range out {
			if o == loc {
				return
			}
		}
		if loc != "" {
			out = append(out, loc)
		}
	}
	if h.Action.Unit != "" {
		if u, ok := s.Unit(h.Action.Unit); ok {
			add(u.At)
		}
	}
	add(h.Action.From)
	add(h.Action.To)
	add(h.Dest)
	return out
}

// drawHint outlines the hint's places on the map and returns the screen
// rectangle drawn over.
func (b *BoardScene) drawHint(dst *ebiten.Image) image.Rectangle {
	places := b.S.HintPlaces()
	if len(places) == 0 {
		return image.Rectangle{}
	}
	clip := dst.SubImage(b.Cam.Rect).(*ebiten.Image)
	rad := float32(math.Max(12, 0.8*render.HexSize*b.Cam.Zoom))
	w := float32(math.Max(3, 4*b.Cam.Zoom))
	var drawn image.Rectangle
	for i, loc := range places {
		x, y, ok := b.ScreenOf(loc)
		if !ok {
			continue
		}
		vector.StrokeCircle(clip, float32(x), float32(y), rad, w+3, hintUnder, true)
		vector.StrokeCircle(clip, float32(x), float32(y), rad, w, hintColor, true)
		if i > 0 {
			// An arrow-less line from the unit to where the hint sends it.
			px, py, _ := b.ScreenOf(places[0])
			vector.StrokeLine(clip, float32(px), float32(py), float32(x), float32(y), w, hintColor, true)
		}
		r := int(rad+w) + 4
		drawn = drawn.Union(image.Rect(int(x)-r, int(y)-r, int(x)+r+1, int(y)+r+1))
	}
	return drawn.Intersect(b.Cam.Rect)
}
