package game

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
)

// MoveConsequencer is a system that says what a move brings about beyond
// the move itself (rules/almansa: artillery forfeits its offensive fire,
// a unit ends out of command) [optional].
type MoveConsequencer interface {
	MoveConsequences(unit, target string) []string
}

// CommandAreas is a system whose leaders command within a radius
// (rules/almansa) [optional].
type CommandAreas interface {
	CommandArea(unit string) (leader string, radius int, hexes []string)
}

// commandOutlines returns the outlines to draw: the command area of the
// selected unit's leader (or of the selected leader), or, with the
// all-leaders key (C), of every leader of the viewer.
func (b *BoardScene) commandOutlines() [][]string {
	ca, ok := b.S.Game.State.(CommandAreas)
	if !ok || b.S.Cover {
		return nil
	}
	var out [][]string
	seen := map[string]bool{}
	add := func(unit string) {
		l, _, hexes := ca.CommandArea(unit)
		if l != "" && !seen[l] && len(hexes) > 0 {
			seen[l] = true
			out = append(out, hexes)
		}
	}
	if b.radii {
		for _, u := range b.S.View().Units {
			if u.Side == b.S.Viewer && u.At != "" && (u.Type == "leader") {
				add(u.ID)
			}
		}
		return out
	}
	if b.S.Selected != "" {
		add(b.S.Selected)
	}
	return out
}

// drawCommandOutlines outlines each command area on the board (the edges
// between a hex inside and one outside), returning the screen rectangle
// drawn over.
func (b *BoardScene) drawCommandOutlines(dst *ebiten.Image, areas [][]string) image.Rectangle {
	return b.outlineHexes(dst, areas, color.RGBA{0xf0, 0xc8, 0x40, 0xe0}, nil, 3) // activated.go
}

// facingUnder returns the selected unit's legal face action whose arrow is
// under the screen point: a target larger than the drawn arrow (at least
// 16 px around it, or 0.42 of a hex).
func (b *BoardScene) facingUnder(sx, sy float64) (rules.Action, bool) {
	v := b.S.View()
	if b.S.Selected == "" || v.Board == nil || v.Board.Hex == nil {
		return rules.Action{}, false
	}
	faces := b.S.FaceActions()
	if len(faces) == 0 {
		return rules.Action{}, false
	}
	u, ok := b.S.Unit(b.S.Selected)
	if !ok || u.At == "" {
		return rules.Action{}, false
	}
	cx, cy, ok := b.RB.Center(u.At)
	if !ok {
		return rules.Action{}, false
	}
	z := math.Max(b.Cam.Zoom, 0.01)
	rad := math.Max(render.HexSize*0.42, 16/z)
	mx, my := b.Cam.ToMap(sx, sy)
	// Zoomed out, 16 px reach into the neighbouring hexes: a point near
	// a neighbour's centre aims at that hex (a move), not at an arrow.
	if loc, ok := b.RB.Pick(b.Cam, sx, sy); ok && loc != u.At {
		if hx, hy, ok := b.RB.Center(loc); ok && math.Hypot(mx-hx, my-hy) < 0.55*render.HexSize {
			return rules.Action{}, false
		}
	}
	best, bd := -1, math.Inf(1)
	for i, a := range faces {
		fx, fy := v.Board.Hex.Layout.Corner(a.Facing, 1)
		x, y := cx+fx*render.HexSize*1.02, cy+fy*render.HexSize*1.02
		if d := math.Hypot(mx-x, my-y); d <= rad && d < bd {
			best, bd = i, d
		}
	}
	if best < 0 {
		return rules.Action{}, false
	}
	return faces[best], true
}

// faceHover is the hover of a facing arrow: "Face north-east: 1/2 MP [7]".
func (b *BoardScene) faceHover(a rules.Action) string {
	v := b.S.View()
	t := "Face " + render.FacingWord(v.Board.Hex.Layout, a.Facing)
	if a.Info != "" {
		t += ": " + a.Info
	}
	if a.Rule != "" {
		t += " [" + a.Rule + "]"
	}
	return t
}
