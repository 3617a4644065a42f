package scenarios

import (
	"strconv"

	"grognard/rules/zone"
)

// LoadZoneMap reads a point-to-point map file (The Marshals' kind of map).
// Its records:
//
//	zonemap name="Central Spain, 1809"
//	zone madrid name="Madrid" terrain=town x=0.52 y=0.48 depot=yes side=french exit="To Andalusia" entry=A
//	conn madrid aranjuez kind=road                   # road, route, path or ford
//	conn aranjuez ocana kind=route river=yes bridge=major
//
// x and y place the zone for drawing (0..1 across and down the map). Every
// problem is reported as file:line: an unknown zone in a connection, a zone
// declared twice, a bad kind or bridge, a ford that crosses no river, a
// bridge where no river is crossed, a connection given twice.
func LoadZoneMap(path string) (*zone.Graph, error) {
	recs, err := Load(path)
	if err != nil {
		return nil, err
	}
	return ParseZoneMap(recs)
}

// ParseZoneMap builds a zone graph from already parsed records.
func ParseZoneMap(recs []Record) (*zone.Graph, error) {
	if len(recs) == 0 {
		return nil, &Error{File: "map", Msg: "empty map file"}
	}
	if recs[0].Kind != "zonemap" {
		return nil, recs[0].Errf("the first record of a zone map file must be 'zonemap'")
	}
	recs[0].Opt("name", "")
	if err := recs[0].Unused(); err != nil {
		return nil, err
	}
	var zones []zone.Zone
	var conns []zone.Connection
	declared := map[string]int{}
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
				DepotSide: r.Opt("side", ""), Exit: r.Opt("exit", ""), Entry: r.Opt("entry", "")}
			if z.X, err = coord(r, "x"); err != nil {
				return nil, err
			}
			if z.Y, err = coord(r, "y"); err != nil {
				return nil, err
			}
			if z.Depot, err = r.Bool("depot"); err != nil {
				return nil, err
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
			var err error
			if c.River, err = r.Bool("river"); err != nil {
				return nil, err
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
		default:
			return nil, r.Errf("unknown record %q in a zone map file", r.Kind)
		}
	}
	g, err := zone.New(zones, conns)
	if err != nil {
		return nil, &Error{File: recs[0].File, Msg: err.Error()}
	}
	return g, nil
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
