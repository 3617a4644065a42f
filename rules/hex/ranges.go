package hex

// Ranges and fire arcs.

// Scale returns c multiplied by k.
func (c Coord) Scale(k int) Coord { return Coord{c.Q * k, c.R * k} }

// Ring returns the hexes at exactly distance r from c, 6r of them (just c
// when r is 0, none when r is negative), clockwise starting from the hex r
// steps from c in direction 0.
func Ring(c Coord, r int) []Coord {
	if r < 0 {
		return nil
	}
	if r == 0 {
		return []Coord{c}
	}
	out := make([]Coord, 0, 6*r)
	h := c.Add(Dirs[0].Scale(r))
	for side := range 6 {
		for range r {
			out = append(out, h)
			h = h.Neighbor(side + 2)
		}
	}
	return out
}

// Within returns every hex at distance at most r from c, nearest first and
// each ring in Ring's order, so the order is the same on every run.
func Within(c Coord, r int) []Coord {
	if r < 0 {
		return nil
	}
	out := make([]Coord, 0, 1+3*r*(r+1))
	for k := 0; k <= r; k++ {
		out = append(out, Ring(c, k)...)
	}
	return out
}

// InArc reports whether target lies in the front arc of a counter at c with
// vertex facing f.
//
// The front arc is the 60-degree wedge whose edges are the two rows of hexes
// running straight out from c through its two front hexes (directions f and
// f+1), those rows included: target-c is i steps in direction f plus j steps
// in direction f+1 with i, j >= 0. At range 1 it is exactly the two front
// hexes, at range 2 three hexes, at range 3 four. This is the reading of
// Almansa 7 and 12 ("artillery fires only in the direction of its two front
// hexes", at 1 to 3 hexes): the wedge is the set of hexes that are reached by
// going straight on through the front hexes. The wider reading, the
// 120-degree sector between the far corners of the two front hexsides, would
// let a gun fire at a hex whose every shortest path leaves through a flank
// hex, which the book rules out. The counter's own hex is not in its arc.
func InArc(c Coord, f int, target Coord) bool {
	if target == c {
		return false
	}
	d := target.Sub(c)
	// Rotate so that the facing is 0: front directions 0 (0,-1) and 1 (1,-1).
	d = RotateCoord(d, -Mod6(f))
	// d = i*(0,-1) + j*(1,-1) = (j, -i-j): j = d.Q, i = -d.R - d.Q.
	j := d.Q
	i := -d.R - d.Q
	return i >= 0 && j >= 0
}

// ArcHexes returns the hexes in the front arc of c with facing f at distance
// from lo to hi inclusive, in Within's order.
func ArcHexes(c Coord, f, lo, hi int) []Coord {
	var out []Coord
	for k := max(lo, 1); k <= hi; k++ {
		for _, h := range Ring(c, k) {
			if InArc(c, f, h) {
				out = append(out, h)
			}
		}
	}
	return out
}

// InRange reports whether target is at distance lo to hi from c.
func InRange(c, target Coord, lo, hi int) bool {
	d := Distance(c, target)
	return d >= lo && d <= hi
}
