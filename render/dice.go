package render

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// DrawBattleDie draws one face of a battle die (the command-card system's
// dice) as the picture on the die, a size x size square with its top-left
// corner at (x, y): the troop symbols as map symbols (infantry, cavalry,
// artillery), a flag, crossed sabres. hit rings the face in gold (a face
// that scores a hit). Newcomer issue #18 point 8: dice shown as the
// pictures on the dice, not only as words.
func DrawBattleDie(dst *ebiten.Image, x, y, size float64, sym string, hit bool) {
	g := gpu{dst}
	f := size / 100
	paper := rgb(0xf4, 0xee, 0xe0)
	ink := rgb(0x22, 0x1c, 0x16)
	g.fillRoundRect(x+2*f, y+3*f, size, size, 14*f, rgba(0, 0, 0, 0x60))
	g.fillRoundRect(x, y, size, size, 14*f, paper)
	edge := rgb(0x6a, 0x5e, 0x4c)
	w := 3 * f
	if hit {
		edge, w = colGold, 9*f
	}
	g.strokeRoundRect(x+w/2, y+w/2, size-w, size-w, 14*f, w, edge)
	cx, cy := x+size/2, y+size/2
	switch sym {
	case "infantry", "cavalry", "artillery":
		natoSymbol(g, sym, cx, cy, 62*f, 40*f, ink, paper, f*1.4)
	case "flag":
		g.line(cx-20*f, cy-30*f, cx-20*f, cy+32*f, 5*f, ink)
		g.fillPoly([]pt{{cx - 18*f, cy - 30*f}, {cx + 28*f, cy - 16*f}, {cx - 18*f, cy - 2*f}}, rgb(0xc0, 0x28, 0x20))
	case "sabre":
		g.line(cx-26*f, cy+26*f, cx+26*f, cy-26*f, 5*f, ink)
		g.line(cx+26*f, cy+26*f, cx-26*f, cy-26*f, 5*f, ink)
		g.line(cx-30*f, cy+12*f, cx-12*f, cy+30*f, 5*f, ink)
		g.line(cx+30*f, cy+12*f, cx+12*f, cy+30*f, 5*f, ink)
	default:
		textCentered(g, sym, Bold(22*f), cx, cy, ink)
	}
}

// DrawBar draws a chance as a bar: a dark track w x h at (x, y) filled to
// p in gold.
func DrawBar(dst *ebiten.Image, x, y, w, h, p float64) {
	fillRoundRect(dst, x, y, w, h, 3, rgb(0x3a, 0x34, 0x2c))
	if p > 0 {
		fillRoundRect(dst, x, y, max(3, w*min(p, 1)), h, 3, rgb(0xc8, 0x9a, 0x3a))
	}
}
