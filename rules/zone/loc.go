package zone

// LineOfCommunication finds a shortest chain of zones (fewest connections)
// from from to a zone for which isDepot is true [1.5]: "a succession of
// connections of free zones all crossable between two zones". Every zone after
// from, the depot included, must be free (no enemy units) [1.5]; a guerilla
// marker or an enemy decoy [7.5] makes a zone not free. maxLen bounds the
// number of connections; -1 means unlimited. The returned path includes from
// and the depot; if from is itself a free depot it is ([from], true).
//
// Whether from itself may be contested is a rules decision (the departure
// zone must not be contested [1.5], but fatigue [5.3.2] tests a line "from
// the connection" the stack is on), so from is not checked unless it is the
// depot. nil isDepot uses Zone.Depot; nil free treats every zone as free.
// Every connection is crossable; see LineOfCommunicationVia for destroyed
// bridges.
//
// Ties between equally short chains are broken by zone ID order.
func (g *Graph) LineOfCommunication(from string, isDepot func(zone string) bool, free func(zone string) bool, maxLen int) (path []string, ok bool) {
	return g.LineOfCommunicationVia(from, isDepot, free, nil, maxLen)
}

// LineOfCommunicationVia is LineOfCommunication using only connections for
// which crossable returns true (nil: all). [7.7] A destroyed major bridge
// cuts lines of communication, a destroyed minor bridge does not: see
// CrossableForLines.
func (g *Graph) LineOfCommunicationVia(from string, isDepot, free func(zone string) bool, crossable func(c Connection) bool, maxLen int) (path []string, ok bool) {
	src, known := g.rank[from]
	if !known {
		return nil, false
	}
	if isDepot == nil {
		isDepot = func(id string) bool {
			z, _ := g.Zone(id)
			return z.Depot
		}
	}
	if free == nil {
		free = func(string) bool { return true }
	}
	if isDepot(from) && free(from) {
		return []string{from}, true
	}
	n := len(g.ids)
	prev := make([]int, n)
	depth := make([]int, n)
	for i := range prev {
		prev[i] = -2 // unvisited
	}
	prev[src] = -1
	queue := []int{src}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		if maxLen >= 0 && depth[u] >= maxLen {
			continue
		}
		for _, a := range g.adj[u] {
			v := a.to
			if prev[v] != -2 {
				continue
			}
			if crossable != nil && !crossable(g.Conns[a.conn]) {
				continue
			}
			id := g.ids[v]
			if !free(id) { // [1.5] only free zones carry the line
				continue
			}
			prev[v] = u
			depth[v] = depth[u] + 1
			if isDepot(id) {
				path = make([]string, depth[v]+1)
				for r, i := v, depth[v]; r != -1; r, i = prev[r], i-1 {
					path[i] = g.ids[r]
				}
				return path, true
			}
			queue = append(queue, v)
		}
	}
	return nil, false
}

// CrossableForLines returns a crossable predicate for LineOfCommunicationVia
// encoding [7.7]: a connection whose major bridge is destroyed cuts lines of
// communication; a destroyed minor bridge does not. destroyed reports whether
// the bridge on a connection is currently destroyed (nil: none are).
func CrossableForLines(destroyed func(c Connection) bool) func(c Connection) bool {
	return func(c Connection) bool {
		return c.Bridge != Major || destroyed == nil || !destroyed(c)
	}
}
