package render

import (
	"fmt"
	"image"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	"grognard/rules/hex"
)

// unitFacts are the lines of a unit's card: its kind (and formation) under
// the name, then values, strength, place (with its terrain), facing and
// markers.
func unitFacts(u rules.UnitView, board *rules.Board) (name string, kind, body []string) {
	name = u.Name
	if name == "" {
		name = u.Short
	}
	if u.Hidden {
		// An unidentified enemy: where it stands and its markers are
		// public, nothing else.
		name = "Unidentified unit"
	} else {
		k := strings.ReplaceAll(u.Type, "-", " ")
		if u.Size != "" {
			k += " (" + u.Size + ")"
		}
		kind = append(kind, k)
		if u.Formation != "" {
			kind = append(kind, u.Formation)
		}
		if u.Values != "" {
			body = append(body, "Values: "+u.Values)
		}
		if u.MaxStr > 0 {
			body = append(body, fmt.Sprintf("Strength: %d of %d", u.Strength, u.MaxStr))
		}
	}
	if u.At != "" {
		body = append(body, "At: "+unitPlace(u, board))
	}
	if u.Facing >= 0 && board != nil && board.Hex != nil && !u.Hidden && u.Type != "leader" && u.Type != "commander" {
		body = append(body, "Facing: "+FacingWord(board.Hex.Layout, u.Facing))
	}
	var marks []string
	for _, m := range u.Markers {
		marks = append(marks, markerName(m))
	}
	if len(marks) > 0 {
		body = append(body, "Markers: "+strings.Join(marks, ", "))
	}
	return name, kind, body
}

// unitPlace is where a unit stands as a player reads it: the zone's name,
// or the hex number(s) with the terrain.
func unitPlace(u rules.UnitView, board *rules.Board) string {
	at := u.At
	if u.At2 != "" {
		at += " – " + u.At2
	}
	if board != nil && board.Zones != nil {
		if z, ok := board.Zones.Zone(u.At); ok {
			at = z.Name
		}
	}
	if board != nil && board.Hex != nil {
		if c, err := board.Hex.ParseOn(u.At); err == nil {
			if cell := board.Hex.Cell(c); cell != nil {
				tn := cell.Terrain
				if n, ok := board.Hex.Terrains[tn]; ok {
					tn = n
				}
				at += " (" + tn + ")"
			}
		}
	}
	return at
}

// DrawSelectionCard draws the selected unit's card into r (the free room
// of the side panel): a heading, its counter (or block, with style
// "block"), name, kind, values, strength, place, markers, then what it may
// do now (the status lines), then its card's detail lines as far as they
// fit. Lines that do not fit are left out; nothing is drawn outside r.
func DrawSelectionCard(dst *ebiten.Image, r image.Rectangle, u rules.UnitView, board *rules.Board, style string, status []string) {
	if r.Dx() < 120 || r.Dy() < 60 {
		return
	}
	t := dst.SubImage(r).(*ebiten.Image)
	x, y, w, h := rectF(r)
	pad := 10.0
	fillRoundRect(t, x, y, w, h, 6, rgba(0xf4, 0xec, 0xd6, 0xf4))
	fillRect(t, x+6, y, w-12, 4, unitColor(u.Color, int(u.Side)))
	strokeRoundRect(t, x+0.5, y+0.5, w-1, h-1, 6, 1.2, rgb(0x6e, 0x5a, 0x40))
	cs := 52.0
	drawCounter(t, u, x+pad, y+pad+4, cs, style, false)
	tx := x + pad + cs + 10
	tw := x + w - pad - tx
	name, kind, body := unitFacts(u, board)
	cy := y + pad + 2
	bottom := y + h - pad
	put := func(s string, f faceT, c colorT, lx, width float64) bool {
		for _, l := range Wrap(s, f, width) {
			lh := lineHeight(f)
			if cy+lh > bottom {
				return false
			}
			DrawText(t, l, f, lx, cy, c)
			cy += lh
		}
		return true
	}
	DrawText(t, "SELECTED", Bold(10), tx, cy, rgb(0x8a, 0x2a, 0x20))
	cy += lineHeight(Bold(10))
	put(name, Bold(15), colInk, tx, tw)
	for _, k := range kind {
		put(k, Face(12.5), rgb(0x5a, 0x4a, 0x38), tx, tw)
	}
	if top := y + pad + 4 + cs + 6; cy < top {
		cy = top
	}
	for _, l := range body {
		if !put(l, Face(12.5), colInk, x+pad, w-2*pad) {
			return
		}
	}
	if len(status) > 0 {
		cy += 3
		line(t, x+pad, cy, x+w-pad, cy, 1, rgb(0xc4, 0xb0, 0x8c))
		cy += 4
		for _, l := range status {
			if !put(l, Bold(12.5), rgb(0x2c, 0x4a, 0x2a), x+pad, w-2*pad) {
				return
			}
		}
	}
	if len(u.Detail) > 0 && !u.Hidden {
		cy += 3
		line(t, x+pad, cy, x+w-pad, cy, 1, rgb(0xc4, 0xb0, 0x8c))
		cy += 4
		for _, l := range u.Detail {
			// a paragraph cut by the card's bottom ends with "…", never
			// mid-sentence as if it were whole
			f, c := Face(12), rgb(0x4a, 0x3c, 0x2c)
			ls := Wrap(l, f, w-2*pad)
			for i, s := range ls {
				lh := lineHeight(f)
				if cy+lh > bottom {
					return
				}
				if i < len(ls)-1 && cy+2*lh > bottom {
					for mw, _ := Measure(s+" …", f); mw > w-2*pad && strings.Contains(s, " "); mw, _ = Measure(s+" …", f) {
						s = s[:strings.LastIndex(s, " ")]
					}
					DrawText(t, s+" …", f, x+pad, cy, c)
					return
				}
				DrawText(t, s, f, x+pad, cy, c)
				cy += lh
			}
		}
	}
}

// FacingWord names facing f (a counter facing f points at corner f) as a
// compass direction a player reads: "north-east".
func FacingWord(l hex.Layout, f int) string {
	fx, fy := l.Corner(f, 1)
	bearing := math.Atan2(fy, fx)*180/math.Pi + 90
	for bearing < 0 {
		bearing += 360
	}
	names := []string{"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}
	return names[int(math.Round(bearing/45))%8]
}
