package hex

import (
	"fmt"
	"sort"
)

// Hexside feature names shared by the systems' data files.
const (
	River      = "river"
	Stream     = "stream"
	Bridge     = "bridge"
	Ford       = "ford"
	Road       = "road"
	FieldWorks = "fieldworks"
	Slope      = "slope"
	Wall       = "wall"
)

// Cell is one hex of a map.
type Cell struct {
	Terrain string   `json:"terrain"`
	Level   int      `json:"level,omitempty"`    // hill level
	Label   string   `json:"label,omitempty"`    // set-up letters printed in the hex
	Name    string   `json:"name,omitempty"`     // place name
	Feature []string `json:"features,omitempty"` // features inside the hex (road, castle, redoubt...)
	Section []string `json:"sections,omitempty"` // board sections the hex belongs to
}

// Edge names a hexside canonically: the hex and one of directions 0-2.
type Edge struct {
	C   Coord
	Dir int
}

// EdgeOf returns the canonical edge between c and its neighbour in direction d.
func EdgeOf(c Coord, d int) Edge {
	d = Mod6(d)
	if d >= 3 {
		return Edge{c.Neighbor(d), d - 3}
	}
	return Edge{c, d}
}

// EdgeBetween returns the edge between adjacent hexes a and b.
func EdgeBetween(a, b Coord) (Edge, bool) {
	d := a.DirTo(b)
	if d < 0 {
		return Edge{}, false
	}
	return EdgeOf(a, d), true
}

// Map is a hex map: the cells that exist with their terrain, and the
// features on hexsides. It is built once at load and then only read.
type Map struct {
	Name     string             `json:"name"`
	Layout   Layout             `json:"layout"`
	Cells    map[Coord]*Cell    `json:"-"`
	Sides    map[Edge][]string  `json:"-"`
	Edges    map[string][]Coord `json:"-"` // named map edges ("west": hexes along it)
	Terrains map[string]string  `json:"-"` // terrain id -> display name, for the legend
	order    []Coord
}

// NewMap makes an empty map with the given layout.
func NewMap(name string, l Layout) *Map {
	return &Map{Name: name, Layout: l, Cells: map[Coord]*Cell{}, Sides: map[Edge][]string{},
		Edges: map[string][]Coord{}, Terrains: map[string]string{}}
}

// Set puts a cell on the map.
func (m *Map) Set(c Coord, cell *Cell) {
	if _, ok := m.Cells[c]; !ok {
		m.order = nil
	}
	m.Cells[c] = cell
}

// Cell returns the cell at c, or nil off the map.
func (m *Map) Cell(c Coord) *Cell { return m.Cells[c] }

// On reports whether c is on the map.
func (m *Map) On(c Coord) bool { _, ok := m.Cells[c]; return ok }

// Coords returns every hex of the map in a fixed order (column, then row).
func (m *Map) Coords() []Coord {
	if m.order == nil {
		m.order = make([]Coord, 0, len(m.Cells))
		for c := range m.Cells {
			m.order = append(m.order, c)
		}
		sort.Slice(m.order, func(i, j int) bool {
			ci, ri := m.Layout.ToOffset(m.order[i])
			cj, rj := m.Layout.ToOffset(m.order[j])
			if ci != cj {
				return ci < cj
			}
			return ri < rj
		})
	}
	return m.order
}

// AddSide puts a feature on the hexside between a and b.
func (m *Map) AddSide(a, b Coord, feature string) error {
	e, ok := EdgeBetween(a, b)
	if !ok {
		return fmt.Errorf("hexes %s and %s are not adjacent", m.Layout.Number(a), m.Layout.Number(b))
	}
	for _, f := range m.Sides[e] {
		if f == feature {
			return nil
		}
	}
	m.Sides[e] = append(m.Sides[e], feature)
	return nil
}

// SideHas reports whether the hexside between adjacent a and b has feature.
func (m *Map) SideHas(a, b Coord, feature string) bool {
	e, ok := EdgeBetween(a, b)
	if !ok {
		return false
	}
	for _, f := range m.Sides[e] {
		if f == feature {
			return true
		}
	}
	return false
}

// SideFeatures returns the features on the hexside between adjacent a and b.
func (m *Map) SideFeatures(a, b Coord) []string {
	e, ok := EdgeBetween(a, b)
	if !ok {
		return nil
	}
	return m.Sides[e]
}

// HasFeature reports whether the hex c has an in-hex feature.
func (m *Map) HasFeature(c Coord, feature string) bool {
	cell := m.Cells[c]
	if cell == nil {
		return false
	}
	for _, f := range cell.Feature {
		if f == feature {
			return true
		}
	}
	return false
}

// Num prints c's hex number.
func (m *Map) Num(c Coord) string { return m.Layout.Number(c) }

// ParseOn parses a hex number and checks it lies on the map.
func (m *Map) ParseOn(s string) (Coord, error) {
	c, err := m.Layout.Parse(s)
	if err != nil {
		return c, err
	}
	if !m.On(c) {
		return c, fmt.Errorf("hex %s is not on the map", s)
	}
	return c, nil
}
