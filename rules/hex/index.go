package hex

// Index is a dense, integer-indexed table of a map's hexes, built once per
// scenario for the rules' hot paths (#20): each hex gets an index (the
// order of Map.Coords: column then row, which is also the order of the
// printed numbers), found from its coordinate through a grid over the
// axial bounding box, with its printed number and its neighbours by
// direction. It answers what Map answers (TestIndexAgreesWithTheMap); it
// never changes after NewIndex.
type Index struct {
	minQ, minR, w, h int
	grid             []int16 // (q-minQ)*h + (r-minR) -> hex index, -1 off the map

	Coords []Coord    // hex index -> coordinate
	Num    []string   // hex index -> printed number (Map.Num)
	Nb     [][6]int16 // neighbour index by direction, -1 off the map
}

// NewIndex builds m's flat table.
func NewIndex(m *Map) *Index {
	f := &Index{}
	cs := m.Coords()
	if len(cs) > 0 {
		minQ, maxQ, minR, maxR := cs[0].Q, cs[0].Q, cs[0].R, cs[0].R
		for _, c := range cs {
			minQ, maxQ = min(minQ, c.Q), max(maxQ, c.Q)
			minR, maxR = min(minR, c.R), max(maxR, c.R)
		}
		f.minQ, f.minR, f.w, f.h = minQ, minR, maxQ-minQ+1, maxR-minR+1
	}
	f.grid = make([]int16, f.w*f.h)
	for i := range f.grid {
		f.grid[i] = -1
	}
	n := len(cs)
	f.Coords = append([]Coord(nil), cs...)
	f.Num = make([]string, n)
	f.Nb = make([][6]int16, n)
	for i, c := range cs {
		f.grid[(c.Q-f.minQ)*f.h+(c.R-f.minR)] = int16(i)
	}
	for i, c := range cs {
		f.Num[i] = m.Num(c)
		for d, nc := range c.Neighbors() {
			f.Nb[i][d] = int16(f.Idx(nc))
		}
	}
	return f
}

// Idx is hex c's index, or -1 off the map.
func (x *Index) Idx(c Coord) int {
	q, r := c.Q-x.minQ, c.R-x.minR
	if q < 0 || q >= x.w || r < 0 || r >= x.h {
		return -1
	}
	return int(x.grid[q*x.h+r])
}

// Len is the number of hexes.
func (x *Index) Len() int { return len(x.Coords) }

// SideFlags tells, for every hex index and direction, whether the hexside
// there carries feature (Map.SideHas).
func (x *Index) SideFlags(m *Map, feature string) [][6]bool {
	out := make([][6]bool, len(x.Coords))
	for i, c := range x.Coords {
		for d, nc := range c.Neighbors() {
			out[i][d] = m.SideHas(c, nc, feature)
		}
	}
	return out
}
