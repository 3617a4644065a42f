// Package zone models the point-to-point operational maps of "The Marshals"
// series (Les Maréchaux IV: Joseph 1809) as a graph of zones joined by typed
// connections.
//
// [1.2] The map is made of zones (stages) of terrain clear, defensive or
// town; two zones about 10 km apart are joined by a connection. [5.3] Stacks
// move along connections of route, road or path, paying the MP cost of the
// connection taken. [7.7] Some connections cross rivers, on a ford, on a minor
// or major bridge. [1.5] A line of communication is a chain of free zones
// between two zones, used for command [5.2], fatigue [5.3.2], decoys [7.5],
// demoralisation [7.8] and zone control [8.0].
//
// The graph itself is static map data. Everything that changes during play
// (enemy stacks, destroyed bridges, rain, unit restrictions such as baggage
// not using paths [7.2]) is supplied by the caller through CostFunc, StopFunc
// and the predicates of LineOfCommunication.
//
// Every query is deterministic: neighbours are ordered by zone ID then by
// connection kind, and searches break ties the same way whatever order the
// zones and connections were given to New, so games replay identically.
//
// The package is pure Go and uses no I/O; a Graph is read-only after New and
// safe for concurrent readers.
package zone

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Terrain values used by the series [1.2]. Zone.Terrain is a free string so
// that other games can use their own terrain names; New does not check it.
const (
	TerrainClear     = "clear"
	TerrainDefensive = "defensive"
	TerrainTown      = "town"
	// TerrainOffmap marks an off-map exit pseudo-zone [5.3.5] (spec §1.4).
	TerrainOffmap = "offmap"
)

// ConnKind is the kind of a connection between two zones [5.3].
type ConnKind string

// Connection kinds. [5.3] Movement uses roads, routes and paths; [7.2] and
// [7.3] baggage and artillery cannot use a path ("sentier"); a ford ("gué")
// crosses a river and becomes impassable in rain (event "Pluie").
const (
	Road  ConnKind = "road"
	Route ConnKind = "route"
	Path  ConnKind = "path"
	Ford  ConnKind = "ford"
)

// kindOrder is the canonical ordering of kinds used wherever connections
// between the same pair of zones are listed.
func kindOrder(k ConnKind) int {
	switch k {
	case Road:
		return 0
	case Route:
		return 1
	case Path:
		return 2
	case Ford:
		return 3
	}
	return 4
}

// Valid reports whether k is one of the known connection kinds.
func (k ConnKind) Valid() bool { return kindOrder(k) < 4 }

// BridgeKind says whether a river crossing carries a bridge, and which [7.7].
type BridgeKind string

// Bridge kinds [7.7]. The zero value is None. A destroyed minor bridge costs
// 2 extra MP but does not cut lines of communication; a destroyed major bridge
// closes the connection and cuts lines of communication.
const (
	None  BridgeKind = ""
	Minor BridgeKind = "minor"
	Major BridgeKind = "major"
)

// Valid reports whether b is one of the known bridge kinds.
func (b BridgeKind) Valid() bool { return b == None || b == Minor || b == Major }

// Zone is one stage of the map [1.2].
type Zone struct {
	ID      string  // unique, non-empty key
	Name    string  // display name
	Terrain string  // [1.2] clear, defensive or town (see Terrain* constants)
	X, Y    float64 // drawing position, normalised 0..1 or map units
	// Depot marks a logistical centre of an army [1.5]; lines of
	// communication lead to depots. DepotSide names the army or camp that
	// may use it (scenario rule 2: French, Spanish and English depots are
	// distinct).
	Depot     bool
	DepotSide string
	// Exit is the label of the map exit reached from this zone through a
	// connection with an arrow [5.3.5], e.g. "Badajoz"; "" if none.
	Exit string
	// Entry is the reinforcement entry letter of the zone [5.3.6], e.g. "A";
	// "" if none.
	Entry string
	// Offmap marks a map exit modelled as an off-map pseudo-zone joined to
	// the map by an ordinary connection with its own kind and cost [5.3.5]:
	// a stack enters it only to leave the map, a line of communication may
	// end at it (it is a depot) but never pass through it [1.5] (spec §1.4).
	Offmap bool
	// Depots lists the armies (french, spanish, british) whose depot this
	// zone is [CR2]; several armies may share one (Badajoz). Empty: use
	// DepotSide when Depot is set.
	Depots []string
}

// DepotOf reports whether the zone is a depot of army [1.5] [CR2]: listed
// in Depots, or (when Depots is empty) named by the comma-separated
// DepotSide of a Depot zone.
func (z Zone) DepotOf(army string) bool {
	if len(z.Depots) > 0 {
		return slices.Contains(z.Depots, army)
	}
	if !z.Depot {
		return false
	}
	for _, s := range strings.Split(z.DepotSide, ",") {
		if strings.TrimSpace(s) == army {
			return true
		}
	}
	return false
}

// IsOffmap reports an off-map exit zone: Offmap set or terrain "offmap".
func (z Zone) IsOffmap() bool { return z.Offmap || z.Terrain == TerrainOffmap }

// Connection joins two zones [1.2]. Connections are undirected.
type Connection struct {
	A, B   string     // zone IDs
	Kind   ConnKind   // road, route, path or ford [5.3]
	River  bool       // the connection crosses a river [7.7]
	Bridge BridgeKind // bridge carrying the crossing, if any [7.7]
	// RiverName names the river crossed ("tagus"), for scenario rules such
	// as [S1.2] "a La Mancha unit crosses the Rio Tajo"; "" when unnamed.
	RiverName string
}

// Other returns the end of c opposite id (B for A, A for anything else).
func (c Connection) Other(id string) string {
	if c.A == id {
		return c.B
	}
	return c.A
}

// Joins reports whether c joins zones a and b, in either direction.
func (c Connection) Joins(a, b string) bool {
	return (c.A == a && c.B == b) || (c.A == b && c.B == a)
}

func (c Connection) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s-%s %s", c.A, c.B, c.Kind)
	if c.River {
		sb.WriteString(" river")
	}
	if c.Bridge != None {
		fmt.Fprintf(&sb, " %s bridge", c.Bridge)
	}
	return sb.String()
}

// Edge is one connection seen from one of its zones.
type Edge struct {
	To    string     // the zone at the other end
	Index int        // index of the connection in Graph.Conns
	Conn  Connection // the connection itself, as stored
}

// Graph is a validated zone map. Zones and Conns keep the order given to New
// (Edge.Index and Reach.Via index Conns); treat them as read-only.
type Graph struct {
	Zones []Zone
	Conns []Connection

	ids   []string       // zone IDs sorted; a zone's rank is its index here
	rank  map[string]int // zone ID -> rank
	zone  []int          // rank -> index in Zones
	adj   [][]arc        // rank -> arcs sorted by (neighbour rank, kind)
	pairs map[[2]int][]int
}

// arc is an internal adjacency entry.
type arc struct {
	to   int // neighbour rank
	conn int // index in Conns
}

// Validation errors returned (wrapped, possibly several joined) by New. Test
// with errors.Is; the messages name the offending zone or connection.
var (
	ErrEmptyID          = errors.New("zone: empty zone ID")
	ErrDuplicateZone    = errors.New("zone: duplicate zone ID")
	ErrUnknownZone      = errors.New("zone: connection names an unknown zone")
	ErrSelfLoop         = errors.New("zone: connection joins a zone to itself")
	ErrDuplicateConn    = errors.New("zone: duplicate connection")
	ErrBadKind          = errors.New("zone: unknown connection kind")
	ErrBadBridge        = errors.New("zone: unknown bridge kind")
	ErrFordWithoutRiver = errors.New("zone: ford does not cross a river")
	ErrBridgeNoRiver    = errors.New("zone: bridge on a connection that crosses no river")
	ErrFordWithBridge   = errors.New("zone: ford carries a bridge")
)

// New validates zones and connections and builds a Graph. It checks that
// zone IDs are non-empty and unique, that every connection names two known,
// distinct zones with a known kind and bridge, that no two connections of the
// same kind join the same pair of zones, that a ford crosses a river and
// carries no bridge, and that a bridge is only on a river crossing [7.7].
// All problems found are reported, joined, in input order.
func New(zones []Zone, conns []Connection) (*Graph, error) {
	g := &Graph{
		Zones: slices.Clone(zones),
		Conns: slices.Clone(conns),
		rank:  make(map[string]int, len(zones)),
		pairs: make(map[[2]int][]int),
	}
	var errs []error

	first := make(map[string]int, len(zones))
	for i, z := range g.Zones {
		if z.ID == "" {
			errs = append(errs, fmt.Errorf("%w: zones[%d] (name %q)", ErrEmptyID, i, z.Name))
			continue
		}
		if j, dup := first[z.ID]; dup {
			errs = append(errs, fmt.Errorf("%w: %q at zones[%d] and zones[%d]", ErrDuplicateZone, z.ID, j, i))
			continue
		}
		first[z.ID] = i
		g.ids = append(g.ids, z.ID)
	}
	slices.Sort(g.ids)
	g.zone = make([]int, len(g.ids))
	for r, id := range g.ids {
		g.rank[id] = r
		g.zone[r] = first[id]
	}
	g.adj = make([][]arc, len(g.ids))

	type key struct {
		lo, hi string
		kind   ConnKind
	}
	seen := make(map[key]int, len(conns))
	for i, c := range g.Conns {
		name := fmt.Sprintf("conns[%d] %s", i, c)
		bad := false
		for _, end := range []string{c.A, c.B} {
			if _, ok := g.rank[end]; !ok {
				errs = append(errs, fmt.Errorf("%w: %s: no zone %q", ErrUnknownZone, name, end))
				bad = true
			}
		}
		if c.A == c.B {
			errs = append(errs, fmt.Errorf("%w: %s", ErrSelfLoop, name))
			bad = true
		}
		if !c.Kind.Valid() {
			errs = append(errs, fmt.Errorf("%w: %s: kind %q", ErrBadKind, name, c.Kind))
			bad = true
		}
		if !c.Bridge.Valid() {
			errs = append(errs, fmt.Errorf("%w: %s: bridge %q", ErrBadBridge, name, c.Bridge))
			bad = true
		}
		// [7.7] a ford ("gué") is a river crossing without a bridge.
		if c.Kind == Ford && !c.River {
			errs = append(errs, fmt.Errorf("%w: %s", ErrFordWithoutRiver, name))
			bad = true
		}
		if c.Kind == Ford && c.Bridge != None {
			errs = append(errs, fmt.Errorf("%w: %s", ErrFordWithBridge, name))
			bad = true
		}
		// [7.7] bridges exist only on rivers.
		if c.Bridge != None && !c.River {
			errs = append(errs, fmt.Errorf("%w: %s", ErrBridgeNoRiver, name))
			bad = true
		}
		lo, hi := c.A, c.B
		if hi < lo {
			lo, hi = hi, lo
		}
		k := key{lo, hi, c.Kind}
		if j, dup := seen[k]; dup {
			errs = append(errs, fmt.Errorf("%w: %s repeats conns[%d]", ErrDuplicateConn, name, j))
			bad = true
		} else {
			seen[k] = i
		}
		if bad {
			continue
		}
		a, b := g.rank[c.A], g.rank[c.B]
		g.adj[a] = append(g.adj[a], arc{to: b, conn: i})
		g.adj[b] = append(g.adj[b], arc{to: a, conn: i})
		p := pairKey(a, b)
		g.pairs[p] = append(g.pairs[p], i)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}

	for r := range g.adj {
		slices.SortFunc(g.adj[r], func(x, y arc) int {
			if x.to != y.to {
				return x.to - y.to
			}
			return kindOrder(g.Conns[x.conn].Kind) - kindOrder(g.Conns[y.conn].Kind)
		})
	}
	for p, list := range g.pairs {
		slices.SortFunc(list, func(x, y int) int {
			return kindOrder(g.Conns[x].Kind) - kindOrder(g.Conns[y].Kind)
		})
		g.pairs[p] = list
	}
	return g, nil
}

func pairKey(a, b int) [2]int {
	if b < a {
		a, b = b, a
	}
	return [2]int{a, b}
}

// Zone returns the zone with the given ID.
func (g *Graph) Zone(id string) (Zone, bool) {
	r, ok := g.rank[id]
	if !ok {
		return Zone{}, false
	}
	return g.Zones[g.zone[r]], true
}

// Has reports whether the graph has a zone with the given ID.
func (g *Graph) Has(id string) bool {
	_, ok := g.rank[id]
	return ok
}

// IDs returns all zone IDs in ascending order.
func (g *Graph) IDs() []string { return slices.Clone(g.ids) }

// Neighbors returns the connections leaving zone id, ordered by neighbour
// zone ID then by kind (road, route, path, ford). A pair of zones joined by
// several connections yields several edges. Unknown zones have no edges.
func (g *Graph) Neighbors(id string) []Edge {
	r, ok := g.rank[id]
	if !ok {
		return nil
	}
	out := make([]Edge, len(g.adj[r]))
	for i, a := range g.adj[r] {
		out[i] = Edge{To: g.ids[a.to], Index: a.conn, Conn: g.Conns[a.conn]}
	}
	return out
}

// Connected returns every connection joining a and b, ordered by kind
// (road, route, path, ford); nil if they are not adjacent.
func (g *Graph) Connected(a, b string) []Connection {
	ra, ok1 := g.rank[a]
	rb, ok2 := g.rank[b]
	if !ok1 || !ok2 {
		return nil
	}
	list := g.pairs[pairKey(ra, rb)]
	if len(list) == 0 {
		return nil
	}
	out := make([]Connection, len(list))
	for i, c := range list {
		out[i] = g.Conns[c]
	}
	return out
}

// ConnIndex returns the index in Conns of the connection of kind k
// joining a and b, or -1.
func (g *Graph) ConnIndex(a, b string, k ConnKind) int {
	ra, ok1 := g.rank[a]
	rb, ok2 := g.rank[b]
	if !ok1 || !ok2 {
		return -1
	}
	for _, i := range g.pairs[pairKey(ra, rb)] {
		if g.Conns[i].Kind == k {
			return i
		}
	}
	return -1
}

// Depots returns the depot zones [1.5], ordered by ID.
func (g *Graph) Depots() []Zone {
	return g.filter(func(z Zone) bool { return z.Depot })
}

// DepotsOf returns the depot zones usable by side (Zone.DepotSide), ordered
// by ID. Scenario rule 2: each army uses only its own depots.
func (g *Graph) DepotsOf(side string) []Zone {
	return g.filter(func(z Zone) bool { return z.Depot && z.DepotSide == side })
}

// MapExits returns the zones with a map exit [5.3.5], ordered by ID.
func (g *Graph) MapExits() []Zone {
	return g.filter(func(z Zone) bool { return z.Exit != "" })
}

// Entries returns the reinforcement entry zones [5.3.6], ordered by ID.
func (g *Graph) Entries() []Zone {
	return g.filter(func(z Zone) bool { return z.Entry != "" })
}

func (g *Graph) filter(keep func(Zone) bool) []Zone {
	var out []Zone
	for _, zi := range g.zone {
		if z := g.Zones[zi]; keep(z) {
			out = append(out, z)
		}
	}
	return out
}
