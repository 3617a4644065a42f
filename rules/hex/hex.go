// Package hex is the geometry of hex maps: printed four-digit hex numbers,
// axial/cube coordinates, neighbours and distance, hexside features, vertex
// facing, lines of sight, ranges and fire arcs, two-hex line counters and
// least-cost movement.
//
// Coordinates follow the axial system of the Red Blob Games hex guide. The
// six directions are numbered clockwise; on a flat-topped map direction 0 is
// north, on a pointy-topped map it is north-west. A printed hex number is
// four digits, column then row ("0412": column 4, row 12).
//
// Where things are:
//
//   - hex.go: Coord, Dirs, Neighbor, Distance, Layout (offsets, numbers,
//     pixels).
//   - facing.go: vertex facing; front, flank and rear of a one-hex counter.
//   - map.go: Map, Cell, hexside Edge and features.
//   - los.go: Line (thin interpolated line, Distance+1 hexes), Trace and
//     LineHexes (exact line with grazed hexsides), Blocked with a GrazeRule,
//     TraceSegment from any point (e.g. a hexside's middle).
//   - ranges.go: Ring, Within, InArc (the 60-degree front arc), ArcHexes.
//   - line2.go: Line2, the two-hex line counter (three front hexes, forward
//     and backward moves, wheels, sight from its middle) and LineSearch, its
//     least-cost movement.
//   - search.go: Search (least-cost hexes within a budget, Path) and
//     FacingSearch (states of hex and facing, with turn costs and the steps
//     to rebuild a route). Costs are integers: count half movement points
//     as 1 where a book uses halves.
package hex

import (
	"fmt"
	"math"
	"strconv"
)

// Coord is an axial hex coordinate; the cube coordinate s is -Q-R.
type Coord struct {
	Q int `json:"q"`
	R int `json:"r"`
}

// S is the third cube coordinate.
func (c Coord) S() int { return -c.Q - c.R }

// Add returns c+d.
func (c Coord) Add(d Coord) Coord { return Coord{c.Q + d.Q, c.R + d.R} }

// Sub returns c-d.
func (c Coord) Sub(d Coord) Coord { return Coord{c.Q - d.Q, c.R - d.R} }

// Dirs are the six axial direction vectors, clockwise.
var Dirs = [6]Coord{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}

// Neighbor returns the neighbour of c in direction d (taken modulo 6).
func (c Coord) Neighbor(d int) Coord { return c.Add(Dirs[Mod6(d)]) }

// Neighbors returns the six neighbours of c, in direction order.
func (c Coord) Neighbors() [6]Coord {
	var n [6]Coord
	for d := range 6 {
		n[d] = c.Add(Dirs[d])
	}
	return n
}

// DirTo returns the direction from c to an adjacent hex n, or -1 if n is not
// adjacent.
func (c Coord) DirTo(n Coord) int {
	d := n.Sub(c)
	for i, v := range Dirs {
		if v == d {
			return i
		}
	}
	return -1
}

// Distance is the number of hex steps between a and b.
func Distance(a, b Coord) int {
	d := a.Sub(b)
	return (abs(d.Q) + abs(d.R) + abs(d.S())) / 2
}

// Mod6 reduces d into 0..5.
func Mod6(d int) int { return ((d % 6) + 6) % 6 }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Layout says how a map's printed numbers and drawing relate to axial
// coordinates. Flat maps have vertical columns of flat-topped hexes (most
// hex wargames); pointy maps have horizontal rows of pointy-topped hexes
// (the card-and-dice boards). ShoveOdd says the odd-numbered columns (flat)
// or rows (pointy) are shifted half a hex down (flat) or right (pointy).
type Layout struct {
	Flat     bool `json:"flat"`
	ShoveOdd bool `json:"shove_odd"`
}

// FromOffset converts a printed column and row to axial coordinates.
func (l Layout) FromOffset(col, row int) Coord {
	if l.Flat {
		if l.ShoveOdd {
			return Coord{col, row - floorDiv(col-(col&1), 2)}
		}
		return Coord{col, row - floorDiv(col+(col&1), 2)}
	}
	if l.ShoveOdd {
		return Coord{col - floorDiv(row-(row&1), 2), row}
	}
	return Coord{col - floorDiv(row+(row&1), 2), row}
}

// ToOffset converts axial coordinates to a printed column and row.
func (l Layout) ToOffset(c Coord) (col, row int) {
	if l.Flat {
		if l.ShoveOdd {
			return c.Q, c.R + floorDiv(c.Q-(c.Q&1), 2)
		}
		return c.Q, c.R + floorDiv(c.Q+(c.Q&1), 2)
	}
	if l.ShoveOdd {
		return c.Q + floorDiv(c.R-(c.R&1), 2), c.R
	}
	return c.Q + floorDiv(c.R+(c.R&1), 2), c.R
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// Number prints c as a four-digit hex number (column then row).
func (l Layout) Number(c Coord) string {
	col, row := l.ToOffset(c)
	return fmt.Sprintf("%02d%02d", col, row)
}

// Parse reads a four-digit printed hex number.
func (l Layout) Parse(s string) (Coord, error) {
	if len(s) != 4 {
		return Coord{}, fmt.Errorf("hex number %q: want four digits, column then row", s)
	}
	for i := range 4 {
		// Digits only: Atoi alone would take "+1" or "-1" as a column.
		if s[i] < '0' || s[i] > '9' {
			return Coord{}, fmt.Errorf("hex number %q: want four digits, column then row", s)
		}
	}
	col, _ := strconv.Atoi(s[:2])
	row, _ := strconv.Atoi(s[2:])
	return l.FromOffset(col, row), nil
}

// Center returns the pixel centre of c for hexes of the given size (centre
// to corner).
func (l Layout) Center(c Coord, size float64) (x, y float64) {
	if l.Flat {
		return size * 1.5 * float64(c.Q), size * math.Sqrt(3) * (float64(c.R) + float64(c.Q)/2)
	}
	return size * math.Sqrt(3) * (float64(c.Q) + float64(c.R)/2), size * 1.5 * float64(c.R)
}

// Corner returns the offset from a hex centre of corner i (0-5) for hexes of
// the given size. Corner i lies between the neighbours in directions i and
// i+1, so a counter facing f points at Corner(f).
func (l Layout) Corner(i int, size float64) (x, y float64) {
	// Direction 0 is at -90 degrees (north) on flat maps and -120 on pointy
	// maps; corner i is 30 degrees clockwise of direction i.
	base := -90.0
	if !l.Flat {
		base = -120.0
	}
	a := (base + 30 + 60*float64(Mod6(i))) * math.Pi / 180
	return size * math.Cos(a), size * math.Sin(a)
}

// DirAngle returns the screen angle in radians (0 = east, clockwise positive
// with y down) of direction d.
func (l Layout) DirAngle(d int) float64 {
	base := -90.0
	if !l.Flat {
		base = -120.0
	}
	return (base + 60*float64(Mod6(d))) * math.Pi / 180
}

// FromPixel returns the hex containing pixel (x, y) for hexes of the given
// size (the inverse of Center).
func (l Layout) FromPixel(x, y, size float64) Coord {
	var q, r float64
	if l.Flat {
		q = (2.0 / 3 * x) / size
		r = (-1.0/3*x + math.Sqrt(3)/3*y) / size
	} else {
		q = (math.Sqrt(3)/3*x - 1.0/3*y) / size
		r = (2.0 / 3 * y) / size
	}
	return roundAxial(q, r)
}

func roundAxial(fq, fr float64) Coord {
	fs := -fq - fr
	q, r, s := math.Round(fq), math.Round(fr), math.Round(fs)
	dq, dr, ds := math.Abs(q-fq), math.Abs(r-fr), math.Abs(s-fs)
	if dq > dr && dq > ds {
		q = -r - s
	} else if dr > ds {
		r = -q - s
	}
	return Coord{int(q), int(r)}
}
