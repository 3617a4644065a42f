package scenarios

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"grognard/rules/zone"
)

// ZoneMap is a zone map file with what the bare graph cannot say: the map's
// extent, which zones are off-map exits, which armies use each depot, the
// river each crossing belongs to and the rivers' courses for drawing.
type ZoneMap struct {
	Name     string
	Authored string  // the zonemap record's authored="…" (why the map is authored)
	Width    float64 // extent in map units; 0 when the file gives none (positions stay 0..1)
	Height   float64
	Graph    *zone.Graph
	// Offmap holds the off-map zones: map exits [5.3.5] and boxes such as
	// Fuentidueña [CR7]. Nothing stands in them; moving into one leaves the map.
	Offmap map[string]bool
	// Depots lists, per depot zone, the armies that may trace lines of
	// communication to it ("french", "spanish", "british") [1.5] [CR2].
	Depots map[string][]string
	// RiverOf names the river crossed by Graph.Conns[i] ("" when none).
	RiverOf []string
	// Rivers are the courses drawn on the map, in the file's order.
	Rivers []River
}

// River is a river's course for drawing: points in the same units as the
// zones (0..1 scaled by the map's extent).
type River struct {
	ID, Name string
	Course   [][2]float64
}

// Crossings returns the indices in Graph.Conns of the connections that
// cross the river id.
func (m *ZoneMap) Crossings(id string) []int {
	var out []int
	for i, r := range m.RiverOf {
		if r == id {
			out = append(out, i)
		}
	}
	return out
}

var (
	zoneMapsMu sync.Mutex
	zoneMaps   = map[*zone.Graph]*ZoneMap{}
)

// ZoneMapOf returns the map file a graph was loaded from by ParseZoneMapFile
// (nil for a graph built otherwise). The renderer uses it to draw the river
// courses and the map's extent.
func ZoneMapOf(g *zone.Graph) *ZoneMap {
	zoneMapsMu.Lock()
	defer zoneMapsMu.Unlock()
	return zoneMaps[g]
}

// LoadZoneMap reads a point-to-point map file (The Marshals' kind of map)
// and returns its graph. See ParseZoneMapFile for the records.
func LoadZoneMap(path string) (*zone.Graph, error) {
	m, err := LoadZoneMapFile(path)
	if err != nil {
		return nil, err
	}
	return m.Graph, nil
}

// LoadZoneMapFile reads a zone map file from the embedded data.
func LoadZoneMapFile(path string) (*ZoneMap, error) {
	recs, err := Load(path)
	if err != nil {
		return nil, err
	}
	return ParseZoneMapFile(recs)
}

// ParseZoneMap builds a zone graph from already parsed records.
func ParseZoneMap(recs []Record) (*zone.Graph, error) {
	m, err := ParseZoneMapFile(recs)
	if err != nil {
		return nil, err
	}
	return m.Graph, nil
}

// ParseZoneMapFile reads a zone map. Its records:
//
//	zonemap name="Central Spain, 1809" width=2400 height=2050 authored="why"
//	zone madrid name="Madrid" terrain=town x=0.52 y=0.48 depot=french entry=A
//	zone x-badajoz name="toward Badajoz" terrain=offmap offmap=yes depot=spanish,british x=0.04 y=0.68
//	conn madrid aranjuez kind=road                   # road, route, path or ford
//	conn aranjuez ocana kind=route river=tagus bridge=major
//	river tagus name="Tagus (Tajo)" course="0.20,0.45 0.30,0.46 …"
//
// x and y place the zone for drawing (0..1 across and down the map); with
// width and height on the zonemap record the graph holds them in map units
// (x·width, y·height). depot=yes (with side=ARMY) or depot=army,army names
// the armies using a depot [CR2]. offmap=yes makes the zone a map exit
// [5.3.5]: its terrain is "offmap", it is joined to on-map zones only, and
// its name is the exit's label. river= names the river a connection crosses
// (river=yes for an unnamed one); when the file has river records every
// named river must be declared. Every zone must be reachable from every
// other. Every problem is reported as file:line: an unknown zone in a
// connection, a zone declared twice, a bad kind or bridge, a ford that
// crosses no river, a bridge where no river is crossed, a connection given
// twice, an exit joined to nothing or to another exit, a disconnected map.
func ParseZoneMapFile(recs []Record) (*ZoneMap, error) {
	if len(recs) == 0 {
		return nil, &Error{File: "map", Msg: "empty map file"}
	}
	head := &recs[0]
	if head.Kind != "zonemap" {
		return nil, head.Errf("the first record of a zone map file must be 'zonemap'")
	}
	m := &ZoneMap{Name: head.Opt("name", ""), Authored: head.Opt("authored", ""),
		Offmap: map[string]bool{}, Depots: map[string][]string{}}
	var err error
	if m.Width, err = extent(head, "width"); err != nil {
		return nil, err
	}
	if m.Height, err = extent(head, "height"); err != nil {
		return nil, err
	}
	if (m.Width == 0) != (m.Height == 0) {
		return nil, head.Errf("zonemap: give both width and height, or neither")
	}
	if err := head.Unused(); err != nil {
		return nil, err
	}
	sx, sy := 1.0, 1.0
	if m.Width > 0 {
		sx, sy = m.Width, m.Height
	}
	var zones []zone.Zone
	var conns []zone.Connection
	var connRecs []*Record
	declared := map[string]int{}
	rivers := map[string]int{}
	type pairKind struct {
		a, b string
		k    zone.ConnKind
	}
	seen := map[pairKind]int{}
	for i := range recs[1:] {
		r := &recs[i+1]
		switch r.Kind {
		case "zone":
			id, err := r.Arg(0, "zone id")
			if err != nil {
				return nil, err
			}
			if line, dup := declared[id]; dup {
				return nil, r.Errf("zone %s declared twice (first at line %d)", id, line)
			}
			declared[id] = r.Line
			z := zone.Zone{ID: id, Name: r.Opt("name", id), Terrain: r.Opt("terrain", zone.TerrainClear),
				Exit: r.Opt("exit", ""), Entry: r.Opt("entry", "")}
			r.Opt("authored", "")
			side := r.Opt("side", "")
			if z.X, err = coord(r, "x"); err != nil {
				return nil, err
			}
			if z.Y, err = coord(r, "y"); err != nil {
				return nil, err
			}
			z.X *= sx
			z.Y *= sy
			off, err := r.Bool("offmap")
			if err != nil {
				return nil, err
			}
			if off {
				if z.Terrain != "offmap" && r.Has("terrain") {
					return nil, r.Errf("zone: an off-map zone has terrain=offmap, not %q", z.Terrain)
				}
				z.Terrain = zone.TerrainOffmap
				z.Offmap = true
				m.Offmap[id] = true
			} else if z.Terrain == "offmap" {
				return nil, r.Errf("zone: terrain=offmap needs offmap=yes")
			}
			if d := r.Opt("depot", ""); d != "" {
				var armies []string
				switch d {
				case "yes", "true":
					if side != "" {
						armies = []string{side}
					}
				case "no", "false":
				default:
					for _, a := range strings.Split(d, ",") {
						a = strings.TrimSpace(a)
						if a == "" || slices.Contains(armies, a) {
							return nil, r.Errf("zone: depot=%s: want yes or a list of armies (french,spanish)", d)
						}
						armies = append(armies, a)
					}
				}
				if d != "no" && d != "false" {
					z.Depot = true
					z.DepotSide = strings.Join(armies, ",")
					z.Depots = armies
					m.Depots[id] = armies
				}
			} else if side != "" {
				return nil, r.Errf("zone: side=%s without depot=yes", side)
			}
			if err := r.Unused(); err != nil {
				return nil, err
			}
			zones = append(zones, z)
		case "conn":
			if len(r.Args) != 2 {
				return nil, r.Errf("conn: want two zone ids (conn madrid toledo kind=road)")
			}
			c := zone.Connection{A: r.Args[0], B: r.Args[1], Kind: zone.ConnKind(r.Opt("kind", "")),
				Bridge: zone.BridgeKind(r.Opt("bridge", ""))}
			river := r.Opt("river", "")
			r.Opt("authored", "")
			switch river {
			case "", "no", "false":
				river = ""
			case "yes", "true":
				river = "river"
			}
			c.River = river != ""
			if river != "river" {
				c.RiverName = river
			}
			if err := r.Unused(); err != nil {
				return nil, err
			}
			for _, id := range r.Args {
				if _, ok := declared[id]; !ok {
					return nil, r.Errf("conn: unknown zone %q (declare it with a 'zone' record before its connections)", id)
				}
			}
			switch {
			case c.A == c.B:
				return nil, r.Errf("conn: a zone cannot connect to itself")
			case !c.Kind.Valid() || c.Kind == "":
				return nil, r.Errf("conn: kind=%q: want road, route, path or ford", c.Kind)
			case !c.Bridge.Valid():
				return nil, r.Errf("conn: bridge=%q: want minor or major", c.Bridge)
			case c.Kind == zone.Ford && !c.River:
				return nil, r.Errf("conn: a ford must cross a river (add river=yes)")
			case c.Kind == zone.Ford && c.Bridge != zone.None:
				return nil, r.Errf("conn: a ford has no bridge")
			case c.Bridge != zone.None && !c.River:
				return nil, r.Errf("conn: a bridge needs a river crossing (add river=yes)")
			case m.Offmap[c.A] && m.Offmap[c.B]:
				return nil, r.Errf("conn: %s and %s are both off the map; an exit joins an on-map zone", c.A, c.B)
			case (m.Offmap[c.A] || m.Offmap[c.B]) && c.River:
				return nil, r.Errf("conn: an exit connection crosses no river")
			}
			a, b := c.A, c.B
			if b < a {
				a, b = b, a
			}
			if line, dup := seen[pairKind{a, b, c.Kind}]; dup {
				return nil, r.Errf("conn: %s connection between %s and %s given twice (first at line %d)", c.Kind, a, b, line)
			}
			seen[pairKind{a, b, c.Kind}] = r.Line
			conns = append(conns, c)
			connRecs = append(connRecs, r)
			m.RiverOf = append(m.RiverOf, river)
		case "river":
			id, err := r.Arg(0, "river id")
			if err != nil {
				return nil, err
			}
			if line, dup := rivers[id]; dup {
				return nil, r.Errf("river %s declared twice (first at line %d)", id, line)
			}
			rivers[id] = r.Line
			rv := River{ID: id, Name: r.Opt("name", id)}
			course, err := r.Str("course")
			if err != nil {
				return nil, err
			}
			for _, p := range strings.Fields(course) {
				xs, ys, ok := strings.Cut(p, ",")
				x, errx := strconv.ParseFloat(xs, 64)
				y, erry := strconv.ParseFloat(ys, 64)
				if !ok || errx != nil || erry != nil || x < 0 || x > 1 || y < 0 || y > 1 {
					return nil, r.Errf("river: course point %q: want x,y with both from 0 to 1", p)
				}
				rv.Course = append(rv.Course, [2]float64{x * sx, y * sy})
			}
			if len(rv.Course) < 2 {
				return nil, r.Errf("river: a course needs at least two points")
			}
			r.Opt("authored", "")
			if err := r.Unused(); err != nil {
				return nil, err
			}
			m.Rivers = append(m.Rivers, rv)
		default:
			return nil, r.Errf("unknown record %q in a zone map file", r.Kind)
		}
	}
	if len(rivers) > 0 {
		for i, name := range m.RiverOf {
			if _, ok := rivers[name]; name != "" && !ok {
				return nil, connRecs[i].Errf("conn: river=%s: no river record declares it", name)
			}
		}
	}
	g, err := zone.New(zones, conns)
	if err != nil {
		return nil, &Error{File: head.File, Msg: err.Error()}
	}
	m.Graph = g
	if err := m.checkConnected(recs, declared); err != nil {
		return nil, err
	}
	zoneMapsMu.Lock()
	zoneMaps[g] = m
	zoneMapsMu.Unlock()
	return m, nil
}

// checkConnected refuses a map where some zone cannot be reached from the
// first one, and an off-map zone that no connection joins.
func (m *ZoneMap) checkConnected(recs []Record, declared map[string]int) error {
	g := m.Graph
	if len(g.Zones) == 0 {
		return nil
	}
	start := g.Zones[0].ID
	seen := map[string]bool{start: true}
	queue := []string{start}
	for len(queue) > 0 {
		z := queue[0]
		queue = queue[1:]
		for _, e := range g.Neighbors(z) {
			if !seen[e.To] {
				seen[e.To] = true
				queue = append(queue, e.To)
			}
		}
	}
	var lost []string
	for _, z := range g.Zones {
		if !seen[z.ID] {
			lost = append(lost, z.ID)
		}
	}
	if len(lost) == 0 {
		return nil
	}
	first := &Record{File: recs[0].File, Line: declared[lost[0]]}
	what := "the map is not connected"
	if m.Offmap[lost[0]] && len(g.Neighbors(lost[0])) == 0 {
		what = "an exit with no connection"
	}
	return first.Errf("zone %s: %s: %s cannot be reached from %s", lost[0], what, strings.Join(lost, ", "), start)
}

func extent(r *Record, key string) (float64, error) {
	if !r.Has(key) {
		return 0, nil
	}
	s, _ := r.Str(key)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 100 || v > 100000 {
		return 0, r.Errf("zonemap: %s=%s: want a number of map units from 100 to 100000", key, s)
	}
	return v, nil
}

func coord(r *Record, key string) (float64, error) {
	s, err := r.Str(key)
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || v > 1 {
		return 0, r.Errf("zone: %s=%s: want a number from 0 to 1", key, s)
	}
	return v, nil
}
