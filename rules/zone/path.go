package zone

import "math"

// CostFunc prices crossing connection c from zone from to zone to (the
// direction of travel). ok=false means the connection cannot be used (e.g. a
// path for baggage [7.2] or artillery [7.3], a destroyed major bridge [7.7],
// a ford in rain). Negative costs are treated as 0. A nil CostFunc charges 1
// per connection.
//
// [5.3] The MP cost of a move depends on the connection taken, so pricing is
// left to the rules package through this function.
type CostFunc func(from, to string, c Connection) (cost int, ok bool)

// StopFunc reports whether a zone may be entered but not left, e.g. [5.3] a
// zone occupied by an enemy stack ends the move (unless forced passage
// [5.3.3]), or a guerilla marker stops a French stack.
type StopFunc func(zone string) bool

// Reach is how a zone was reached by Reachable.
type Reach struct {
	Cost int    // least total cost from the origin
	Prev string // previous zone on a least-cost path; "" for the origin
	Via  int    // index in Graph.Conns of the connection used to enter; -1 for the origin
}

// UnitCost charges 1 per connection, whatever its kind.
func UnitCost(from, to string, c Connection) (int, bool) { return 1, true }

// KindCosts returns a CostFunc charging by connection kind [5.3] (the
// terrain table of the map). Kinds missing from costs are impassable.
func KindCosts(costs map[ConnKind]int) CostFunc {
	m := make(map[ConnKind]int, len(costs))
	for k, v := range costs {
		m[k] = v
	}
	return func(from, to string, c Connection) (int, bool) {
		v, ok := m[c.Kind]
		return v, ok
	}
}

// WithDestroyedBridges wraps base with the bridge rules of [7.7]: crossing a
// destroyed minor bridge costs 2 extra MP, a destroyed major bridge makes the
// connection unusable. destroyed reports whether the bridge on a connection
// is currently destroyed; it is only consulted for bridged connections.
func WithDestroyedBridges(base CostFunc, destroyed func(c Connection) bool) CostFunc {
	if base == nil {
		base = UnitCost
	}
	return func(from, to string, c Connection) (int, bool) {
		v, ok := base(from, to, c)
		if !ok || c.Bridge == None || destroyed == nil || !destroyed(c) {
			return v, ok
		}
		if c.Bridge == Major {
			return 0, false // [7.7] destroyed major bridge: connection cannot be used
		}
		return v + 2, true // [7.7] destroyed minor bridge: +2 MP
	}
}

// Path returns a least-cost path from from to to (both included), its total
// cost and whether one exists. Ties between equal-cost paths are broken
// deterministically (see Reachable). from == to gives ([from], 0, true).
func (g *Graph) Path(from, to string, cost CostFunc) (path []string, total int, ok bool) {
	return g.PathStop(from, to, cost, nil)
}

// PathStop is Path where zones for which stop returns true may be entered
// (and be the destination) but not passed through. The origin is never
// stopped.
func (g *Graph) PathStop(from, to string, cost CostFunc, stop StopFunc) (path []string, total int, ok bool) {
	src, ok1 := g.rank[from]
	dst, ok2 := g.rank[to]
	if !ok1 || !ok2 {
		return nil, 0, false
	}
	s := g.search(src, dst, -1, cost, stop)
	if s.dist[dst] == unreached {
		return nil, 0, false
	}
	var rev []string
	for r := dst; r != -1; r = s.prev[r] {
		rev = append(rev, g.ids[r])
	}
	path = make([]string, len(rev))
	for i, id := range rev {
		path[len(rev)-1-i] = id
	}
	return path, s.dist[dst], true
}

// Reachable returns every zone reachable from from for at most budget (a
// negative budget means unlimited), with its least cost and predecessor; the
// origin is included with cost 0. Unknown origins give an empty map.
//
// Search is Dijkstra's algorithm. Neighbours are scanned in (zone ID, kind)
// order, zones are settled in (cost, zone ID) order and a zone's predecessor
// is only replaced by a strictly cheaper one, so results do not depend on the
// order of zones and connections given to New.
func (g *Graph) Reachable(from string, budget int, cost CostFunc) map[string]Reach {
	return g.ReachableStop(from, budget, cost, nil)
}

// ReachableStop is Reachable where a zone for which stop returns true can be
// entered but not left [5.3]. The origin is never stopped.
func (g *Graph) ReachableStop(from string, budget int, cost CostFunc, stop StopFunc) map[string]Reach {
	out := make(map[string]Reach)
	src, ok := g.rank[from]
	if !ok {
		return out
	}
	s := g.search(src, -1, budget, cost, stop)
	for r, d := range s.dist {
		if d == unreached {
			continue
		}
		re := Reach{Cost: d, Via: s.via[r]}
		if p := s.prev[r]; p >= 0 {
			re.Prev = g.ids[p]
		}
		out[g.ids[r]] = re
	}
	return out
}

// Trace rebuilds the path from the origin of a Reachable result to zone to
// (both included); nil if to is not in reach.
func Trace(reach map[string]Reach, to string) []string {
	if _, ok := reach[to]; !ok {
		return nil
	}
	var rev []string
	for z := to; z != ""; z = reach[z].Prev {
		rev = append(rev, z)
		if len(rev) > len(reach) { // malformed input: a cycle
			return nil
		}
	}
	out := make([]string, len(rev))
	for i, z := range rev {
		out[len(rev)-1-i] = z
	}
	return out
}

const unreached = math.MaxInt

type searchResult struct {
	dist []int // unreached if not reached
	prev []int // predecessor rank, -1 for none
	via  []int // connection index, -1 for none
}

// search runs Dijkstra from src. If dst >= 0 it stops once dst is settled;
// if budget >= 0 no zone costing more than budget is recorded.
func (g *Graph) search(src, dst, budget int, cost CostFunc, stop StopFunc) searchResult {
	if cost == nil {
		cost = UnitCost
	}
	n := len(g.ids)
	s := searchResult{dist: make([]int, n), prev: make([]int, n), via: make([]int, n)}
	for i := range s.dist {
		s.dist[i], s.prev[i], s.via[i] = unreached, -1, -1
	}
	done := make([]bool, n)
	s.dist[src] = 0
	h := minHeap{{0, src}}
	for len(h) > 0 {
		it := h.pop()
		u := it.node
		if done[u] || it.cost != s.dist[u] {
			continue
		}
		done[u] = true
		if u == dst {
			break
		}
		if u != src && stop != nil && stop(g.ids[u]) {
			continue // [5.3] entered but cannot be left
		}
		from := g.ids[u]
		for _, a := range g.adj[u] {
			if done[a.to] {
				continue
			}
			c, ok := cost(from, g.ids[a.to], g.Conns[a.conn])
			if !ok {
				continue
			}
			if c < 0 {
				c = 0
			}
			nd := it.cost + c
			if nd < it.cost { // overflow
				continue
			}
			if budget >= 0 && nd > budget {
				continue
			}
			if nd < s.dist[a.to] {
				s.dist[a.to], s.prev[a.to], s.via[a.to] = nd, u, a.conn
				h.push(item{nd, a.to})
			}
		}
	}
	return s
}

type item struct{ cost, node int }

// minHeap orders items by cost then node rank (zone ID order).
type minHeap []item

func (h minHeap) less(i, j int) bool {
	if h[i].cost != h[j].cost {
		return h[i].cost < h[j].cost
	}
	return h[i].node < h[j].node
}

func (h *minHeap) push(x item) {
	*h = append(*h, x)
	s := *h
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !s.less(i, p) {
			break
		}
		s[i], s[p] = s[p], s[i]
		i = p
	}
}

func (h *minHeap) pop() item {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s = s[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(s) && s.less(l, m) {
			m = l
		}
		if r < len(s) && s.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		s[i], s[m] = s[m], s[i]
		i = m
	}
	*h = s
	return top
}
