package scenarios

import (
	"fmt"
	"strings"

	"grognard/rules/hex"
)

// LoadHexMap reads a hex map file. Its records:
//
//	map name="Almansa" layout=flat shove=odd cols=1-30 rows=1-22 default=clear
//	terrain clear name="Clear"                 # every terrain id used must be declared
//	hexes 0304 0305 0306 terrain=woods         # bulk terrain (also level=, label=, name=, features=)
//	hex 1210 terrain=town level=1 name="Almansa" label=Av features=road,castle
//	side 0101 0102 river,bridge                # hexside features between two adjacent hexes
//	path 0101 0102 0203 feature=road           # a feature on every hexside along a chain
//	edge west 0101 0102 ...                    # a named map edge (also: edge west col=1)
//	section left cols=1-5                      # board sections (cols or hexes)
//	off 0130                                   # a hex that is not on the map
//
// Every hex in the cols x rows rectangle exists with the default terrain
// unless declared 'off'. Errors name the file and line.
func LoadHexMap(path string) (*hex.Map, error) {
	recs, err := Load(path)
	if err != nil {
		return nil, err
	}
	return ParseHexMap(recs)
}

// hexSideFeatures are the hexside features a map may use.
var hexSideFeatures = map[string]bool{hex.River: true, hex.Stream: true, hex.Bridge: true, hex.Ford: true,
	hex.Road: true, hex.FieldWorks: true, hex.Slope: true, hex.Wall: true, "trail": true, "ravine": true, "section": true}

// ParseHexMap builds a map from already parsed records.
func ParseHexMap(recs []Record) (*hex.Map, error) {
	if len(recs) == 0 || recs[0].Kind != "map" {
		if len(recs) == 0 {
			return nil, &Error{File: "map", Msg: "empty map file"}
		}
		return nil, recs[0].Errf("the first record of a map file must be 'map'")
	}
	mr := &recs[0]
	var l hex.Layout
	switch lay := mr.Opt("layout", "flat"); lay {
	case "flat":
		l.Flat = true
	case "pointy":
	default:
		return nil, mr.Errf("layout=%s: want flat or pointy", lay)
	}
	switch sh := mr.Opt("shove", "odd"); sh {
	case "odd":
		l.ShoveOdd = true
	case "even":
	default:
		return nil, mr.Errf("shove=%s: want odd or even", sh)
	}
	c0, c1, err := rangeField(mr, "cols")
	if err != nil {
		return nil, err
	}
	r0, r1, err := rangeField(mr, "rows")
	if err != nil {
		return nil, err
	}
	def := mr.Opt("default", "clear")
	m := hex.NewMap(mr.Opt("name", ""), l)
	if err := mr.Unused(); err != nil {
		return nil, err
	}
	terrains := map[string]bool{}
	// Terrain declarations first, so order in the file does not matter.
	for i := range recs {
		r := &recs[i]
		if r.Kind != "terrain" {
			continue
		}
		id, err := r.Arg(0, "terrain id")
		if err != nil {
			return nil, err
		}
		m.Terrains[id] = r.Opt("name", id)
		terrains[id] = true
		if err := r.Unused(); err != nil {
			return nil, err
		}
	}
	if !terrains[def] {
		return nil, mr.Errf("default terrain %q is not declared by a 'terrain' record", def)
	}
	off := map[hex.Coord]bool{}
	for i := range recs {
		r := &recs[i]
		if r.Kind == "off" {
			for _, a := range r.Args {
				c, err := l.Parse(a)
				if err != nil {
					return nil, r.Errf("%v", err)
				}
				off[c] = true
			}
		}
	}
	for col := c0; col <= c1; col++ {
		for row := r0; row <= r1; row++ {
			c := l.FromOffset(col, row)
			if !off[c] {
				m.Set(c, &hex.Cell{Terrain: def})
			}
		}
	}
	parseOn := func(r *Record, s string) (hex.Coord, error) {
		c, err := m.ParseOn(s)
		if err != nil {
			return c, r.Errf("%v", err)
		}
		return c, nil
	}
	for i := range recs[1:] {
		r := &recs[i+1]
		switch r.Kind {
		case "terrain", "off":
		case "hex", "hexes":
			if len(r.Args) == 0 {
				return nil, r.Errf("%s: no hex number given", r.Kind)
			}
			if r.Kind == "hex" && len(r.Args) != 1 {
				return nil, r.Errf("hex: one hex number per 'hex' record (use 'hexes' for several)")
			}
			t := r.Opt("terrain", "")
			if t != "" && !terrains[t] {
				return nil, r.Errf("unknown terrain %q (declare it with a 'terrain' record)", t)
			}
			lv, err := r.OptInt("level", -1)
			if err != nil {
				return nil, err
			}
			label, name, feats, secs := r.Opt("label", ""), r.Opt("name", ""), r.List("features"), r.List("sections")
			if err := r.Unused(); err != nil {
				return nil, err
			}
			for _, a := range r.Args {
				c, err := parseOn(r, a)
				if err != nil {
					return nil, err
				}
				cell := m.Cell(c)
				if t != "" {
					cell.Terrain = t
				}
				if lv >= 0 {
					cell.Level = lv
				}
				if label != "" {
					cell.Label = label
				}
				if name != "" {
					cell.Name = name
				}
				cell.Feature = append(cell.Feature, feats...)
				cell.Section = append(cell.Section, secs...)
			}
		case "side", "path":
			var feats []string
			var hexes []string
			if r.Kind == "side" {
				if len(r.Args) != 3 {
					return nil, r.Errf("side: want two adjacent hex numbers and features (side 0101 0102 river,bridge)")
				}
				hexes, feats = r.Args[:2], strings.Split(r.Args[2], ",")
			} else {
				f, err := r.Str("feature")
				if err != nil {
					return nil, err
				}
				hexes, feats = r.Args, strings.Split(f, ",")
				if len(hexes) < 2 {
					return nil, r.Errf("path: want at least two hexes")
				}
			}
			if err := r.Unused(); err != nil {
				return nil, err
			}
			for _, f := range feats {
				if !hexSideFeatures[f] {
					return nil, r.Errf("unknown hexside feature %q", f)
				}
			}
			for j := 0; j+1 < len(hexes); j++ {
				a, err := parseOn(r, hexes[j])
				if err != nil {
					return nil, err
				}
				b, err := parseOn(r, hexes[j+1])
				if err != nil {
					return nil, err
				}
				for _, f := range feats {
					if err := m.AddSide(a, b, f); err != nil {
						return nil, r.Errf("%v", err)
					}
				}
			}
		case "edge":
			name, err := r.Arg(0, "edge name")
			if err != nil {
				return nil, err
			}
			var cs []hex.Coord
			if r.Has("col") || r.Has("row") {
				col, err := r.OptInt("col", -1)
				if err != nil {
					return nil, err
				}
				row, err := r.OptInt("row", -1)
				if err != nil {
					return nil, err
				}
				for _, c := range m.Coords() {
					cc, rr := l.ToOffset(c)
					if cc == col || rr == row {
						cs = append(cs, c)
					}
				}
			}
			for _, a := range r.Args[1:] {
				c, err := parseOn(r, a)
				if err != nil {
					return nil, err
				}
				cs = append(cs, c)
			}
			if err := r.Unused(); err != nil {
				return nil, err
			}
			if len(cs) == 0 {
				return nil, r.Errf("edge %s names no hex", name)
			}
			m.Edges[name] = append(m.Edges[name], cs...)
		case "section":
			name, err := r.Arg(0, "section name")
			if err != nil {
				return nil, err
			}
			a, b, err := rangeField(r, "cols")
			if err != nil {
				return nil, err
			}
			if err := r.Unused(); err != nil {
				return nil, err
			}
			for _, c := range m.Coords() {
				if cc, _ := l.ToOffset(c); cc >= a && cc <= b {
					cell := m.Cell(c)
					cell.Section = append(cell.Section, name)
				}
			}
		default:
			return nil, r.Errf("unknown record %q in a map file", r.Kind)
		}
	}
	return m, nil
}

func rangeField(r *Record, key string) (int, int, error) {
	s, err := r.Str(key)
	if err != nil {
		return 0, 0, err
	}
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	var x, y int
	if _, err := fmt.Sscanf(a+" "+b, "%d %d", &x, &y); err != nil || x > y || x < 0 {
		return 0, 0, r.Errf("%s=%s: want a range like 1-30", key, s)
	}
	return x, y, nil
}
