package hex

import (
	"math"
	"sort"
)

// Lines of sight.
//
// A line of sight joins the centres of two hexes (or, for a two-hex line
// counter, the midpoint of the hexside between its hexes and a hex centre).
// Most lines pass through the interior of one hex after another. Lines drawn
// in one of the six corner directions (the "hexspine" directions) instead run
// exactly along hexsides for part of their length: there the two hexes
// either side of the hexside are both candidates, and each system says
// whether such a grazed hexside is blocked when one of the two hexes blocks
// or only when both do (GrazeRule).
//
// Two traces are offered:
//
//   - Line is the Red Blob Games interpolation: the segment is sampled at
//     Distance+1 evenly spaced points in cube coordinates, each rounded to a
//     hex (nudged a hair so that a sample on a hexside always falls the same
//     way). It is a chain of Distance+1 adjacent hexes, good for drawing and
//     for "a path of hexes" rules, but it can step past a hex whose corner
//     the true line clips between two samples, and it cannot tell a hexside
//     the line runs along from one it merely crosses at a sample.
//   - Trace (and LineHexes, Blocked) is exact geometry: every hex whose
//     interior the segment crosses, however little, and every hexside it
//     runs along, reported as a grazed pair. A hex touched only at a corner
//     is left out. This is what "the line crosses a blocking hex" means on
//     the printed map, so it is the one used to judge lines of sight.
//
// Both are symmetric: Line(b, a) is Line(a, b) reversed (the interpolation
// always runs from the lesser endpoint, by Less) and Trace(b, a) is
// Trace(a, b) reversed. Every hex of Line is in Trace.

// LineStep is one step along a line of sight. Usually it is one hex (Graze is
// false and Alt equals Hex). Where the line runs exactly along the hexside
// between two hexes, Graze is true and Hex and Alt are those two hexes, in
// canonical order (Hex is Less than Alt).
type LineStep struct {
	Hex   Coord `json:"hex"`
	Alt   Coord `json:"alt"`
	Graze bool  `json:"graze,omitempty"`
}

// Hexes returns the one or two hexes of the step.
func (s LineStep) Hexes() []Coord {
	if s.Graze {
		return []Coord{s.Hex, s.Alt}
	}
	return []Coord{s.Hex}
}

// Has reports whether c is one of the hexes of the step.
func (s LineStep) Has(c Coord) bool { return s.Hex == c || (s.Graze && s.Alt == c) }

// Less orders coordinates by Q then R. It is the canonical order used for
// symmetric lines and for grazed pairs; it is not the printed-number order.
func Less(a, b Coord) bool {
	if a.Q != b.Q {
		return a.Q < b.Q
	}
	return a.R < b.R
}

// The nudge: a tiny cube offset (it sums to zero and is parallel to no
// hexside), added or subtracted before rounding.
const nudgeQ, nudgeR = 1e-6, 2e-6

// sampleLine interpolates from a to b in cube coordinates, nudged by sign.
func sampleLine(a, b Coord, sign float64) []Coord {
	n := Distance(a, b)
	out := make([]Coord, n+1)
	aq, ar := float64(a.Q)+sign*nudgeQ, float64(a.R)+sign*nudgeR
	bq, br := float64(b.Q)+sign*nudgeQ, float64(b.R)+sign*nudgeR
	for i := 0; i <= n; i++ {
		t := 0.0
		if n > 0 {
			t = float64(i) / float64(n)
		}
		out[i] = roundAxial(aq+(bq-aq)*t, ar+(br-ar)*t)
	}
	out[0], out[n] = a, b
	return out
}

// Trace returns the steps of the line of sight from the centre of a to the
// centre of b by exact geometry (see TraceSegment): the first step is a, the
// last b. Trace(b, a) is Trace(a, b) reversed.
func Trace(a, b Coord) []LineStep { return TraceSegment(Centre(a), Centre(b)) }

func reverseSteps(s []LineStep) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// Line returns the hexes of the line from a to b, a first and b last,
// Distance(a, b)+1 of them, each adjacent to the next. Where the line grazes
// a hexside it takes one of the two hexes, always the same one whichever way
// the line is drawn, so Line(b, a) is Line(a, b) reversed. Use Trace or
// LineHexes to see both candidates.
func Line(a, b Coord) []Coord {
	if Less(b, a) {
		l := Line(b, a)
		for i, j := 0, len(l)-1; i < j; i, j = i+1, j-1 {
			l[i], l[j] = l[j], l[i]
		}
		return l
	}
	return sampleLine(a, b, +1)
}

// LineHexes splits the exact line from a to b (Trace) into the hexes whose
// interior it crosses (strict, in order from a to b, both included) and the
// grazed hexsides (alternatives, in order from a to b: the two hexes either
// side of each hexside the line runs along).
func LineHexes(a, b Coord) (strict []Coord, alternatives [][2]Coord) {
	for _, s := range Trace(a, b) {
		if s.Graze {
			alternatives = append(alternatives, [2]Coord{s.Hex, s.Alt})
		} else {
			strict = append(strict, s.Hex)
		}
	}
	return strict, alternatives
}

// GrazeRule says when a line running along a hexside is blocked.
type GrazeRule int

const (
	// GrazeEither: the line is blocked when either hex beside the hexside
	// blocks (Albuera 14.1: the hexside of a blocking hex blocks too).
	GrazeEither GrazeRule = iota
	// GrazeBoth: the line is blocked only when both hexes block; one clear
	// side lets it through.
	GrazeBoth
)

// Blocked reports whether the line of sight from a to b is blocked: some hex
// strictly between them blocks, or a grazed hexside is blocked under rule.
// The end hexes a and b never block their own line.
func Blocked(a, b Coord, blocks func(Coord) bool, rule GrazeRule) bool {
	t := Trace(a, b)
	if len(t) <= 2 {
		return false
	}
	return StepsBlocked(t[1:len(t)-1], blocks, rule)
}

// StepsBlocked reports whether any of the given steps blocks, grazed steps
// being judged by rule.
func StepsBlocked(steps []LineStep, blocks func(Coord) bool, rule GrazeRule) bool {
	for _, s := range steps {
		if !s.Graze {
			if blocks(s.Hex) {
				return true
			}
			continue
		}
		x, y := blocks(s.Hex), blocks(s.Alt)
		if rule == GrazeBoth && x && y || rule != GrazeBoth && (x || y) {
			return true
		}
	}
	return false
}

// Point is a fractional axial position: a hex centre, or a point such as the
// midpoint of a hexside.
type Point struct {
	Q, R float64
}

// Centre returns the point at the centre of c.
func Centre(c Coord) Point { return Point{float64(c.Q), float64(c.R)} }

// Mid returns the midpoint between the centres of a and b; for adjacent hexes
// it is the middle of the hexside between them.
func Mid(a, b Coord) Point {
	return Point{(float64(a.Q) + float64(b.Q)) / 2, (float64(a.R) + float64(b.R)) / 2}
}

// Round returns the hex containing p (a point exactly on a hexside goes to
// one of the two hexes).
func (p Point) Round() Coord { return roundAxial(p.Q, p.R) }

// plane maps a point to the plane of a flat layout with unit size; the
// combinatorics are the same for pointy maps.
func (p Point) plane() (x, y float64) { return 1.5 * p.Q, math.Sqrt(3) * (p.R + p.Q/2) }

// normals are the outward unit normals of the six edges of a flat-topped hex
// in the plane of Point.plane, at 30+60k degrees; the neighbour across edge k
// is in direction k+2.
var normals = func() (n [6][2]float64) {
	for k := range 6 {
		a := (30 + 60*float64(k)) * math.Pi / 180
		n[k] = [2]float64{math.Cos(a), math.Sin(a)}
	}
	return n
}()

// TraceSegment returns the steps of the straight segment from p to q by
// exact geometry: every hex whose interior the segment crosses, and every
// hexside it runs along (as a grazed pair), ordered from p to q. A hex the
// segment only touches at a corner is left out. TraceSegment(q, p) is
// TraceSegment(p, q) reversed.
func TraceSegment(p, q Point) []LineStep {
	x0, y0 := p.plane()
	x1, y1 := q.plane()
	dx, dy := x1-x0, y1-y0
	length := math.Hypot(dx, dy)
	// Candidate hexes: the hex of each sample and its neighbours, samples
	// at most 1.5 apart (hex size 1). Any point of the segment is then
	// within 0.75 of a sample; a hex containing that point has its centre
	// within 1.75 of the sample, so within 2.75 of the sample hex's centre,
	// and hex centres two steps apart are at least 3 apart: the hex is the
	// sample's hex or one of its neighbours.
	n := int(math.Ceil(length/1.5)) + 1
	seen := make(map[Coord]bool, 4*n)
	cands := make([]Coord, 0, 4*n)
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		c := Point{p.Q + (q.Q-p.Q)*t, p.R + (q.R-p.R)*t}.Round()
		if !seen[c] {
			seen[c] = true
			cands = append(cands, c)
		}
		for _, h := range c.Neighbors() {
			if !seen[h] {
				seen[h] = true
				cands = append(cands, h)
			}
		}
	}
	type hit struct {
		step LineStep
		t    float64
	}
	hits := make([]hit, 0, 2*n)
	var grazed map[Edge]bool
	const eps = 1e-9
	h := math.Sqrt(3) / 2 // apothem
	for _, c := range cands {
		cx, cy := Centre(c).plane()
		if length < eps {
			// A point: the hex containing it.
			if c == p.Round() {
				hits = append(hits, hit{LineStep{Hex: c, Alt: c}, 0})
			}
			continue
		}
		// Quick reject: farther from the segment's line than a corner.
		if math.Abs((cx-x0)*dy-(cy-y0)*dx) > 1.01*length {
			continue
		}
		t0, t1 := 0.0, 1.0
		out := false
		for k := range 6 {
			nx, ny := normals[k][0], normals[k][1]
			num := h - ((x0-cx)*nx + (y0-cy)*ny)
			den := dx*nx + dy*ny
			if math.Abs(den) < 1e-12 {
				if num < -eps {
					out = true
					break
				}
				continue
			}
			t := num / den
			if den > 0 {
				t1 = math.Min(t1, t)
			} else {
				t0 = math.Max(t0, t)
			}
		}
		if out || (t1-t0)*length <= eps {
			continue
		}
		tm := (t0 + t1) / 2
		mx, my := x0+dx*tm-cx, y0+dy*tm-cy
		edge := -1
		for k := range 6 {
			if h-(mx*normals[k][0]+my*normals[k][1]) <= eps {
				edge = k
			}
		}
		if edge < 0 {
			hits = append(hits, hit{LineStep{Hex: c, Alt: c}, tm})
			continue
		}
		e := EdgeOf(c, edge+2)
		if grazed[e] {
			continue
		}
		if grazed == nil {
			grazed = map[Edge]bool{}
		}
		grazed[e] = true
		o := c.Neighbor(edge + 2)
		a, b := c, o
		if Less(b, a) {
			a, b = b, a
		}
		hits = append(hits, hit{LineStep{Hex: a, Alt: b, Graze: true}, tm})
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].t < hits[j].t })
	steps := make([]LineStep, len(hits))
	for i, x := range hits {
		steps[i] = x.step
	}
	return steps
}
