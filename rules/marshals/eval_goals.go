package marshals

import "sync"

// Multi-turn goals for the computer player (#21): how close each side's
// units stand to the zones worth victory points [8.0], by the MP distance
// of the map (sc.distFrom, the terrain table's costs [5.3]). A zone is
// held at the end by the units standing in it (free of French units, it is
// the Allies' [S2 VC]); a march of two or three turns toward a town is
// invisible to a one-move scan and to short playouts unless the
// evaluation and the move ordering see the distance.

// goalTable is a scenario's VP zones and, by zone index, the MP distance
// from every zone to each of them (-1: no way without a ford).
type goalTable struct {
	vp   []string // VPOrder
	pts  []int    // their VP
	dist [][]int  // by zone index, by VP zone
}

var goalTables sync.Map // *Scenario -> *goalTable

// goals is the scenario's goal table, made once.
func (sc *Scenario) goals() *goalTable {
	if g, ok := goalTables.Load(sc); ok {
		return g.(*goalTable)
	}
	g := &goalTable{}
	for _, z := range sortedKeys(sc.VP) {
		if sc.VP[z] > 0 {
			g.vp = append(g.vp, z)
			g.pts = append(g.pts, sc.VP[z])
		}
	}
	g.dist = make([][]int, len(sc.Graph.Zones))
	for zi := range g.dist {
		g.dist[zi] = make([]int, len(g.vp))
		for k := range g.vp {
			g.dist[zi][k] = -1
		}
	}
	for k, v := range g.vp {
		for id, d := range sc.distFrom(v) {
			if zi, ok := sc.zi[id]; ok {
				g.dist[zi][k] = d
			}
		}
	}
	goalTables.Store(sc, g)
	return g
}

// goalReach is how near a unit at distance d (MP) stands to a goal: 1 in
// it, a half one move (about 5 MP) away, fading with the distance.
func goalReach(d int) float64 {
	if d < 0 {
		return 0
	}
	return 1 / (1 + float64(d)/5)
}

// goalPotential is, for each side, the sum over the VP zones of their VP
// times the nearness of that side's nearest unit (any counter that holds a
// zone [8.0]: not a commander) [5.3] [8.0].
func (s *State) goalPotential() [2]float64 {
	g := s.sc.goals()
	var out [2]float64
	if len(g.vp) == 0 {
		return out
	}
	var best [2][]float64
	best[0] = make([]float64, len(g.vp))
	best[1] = make([]float64, len(g.vp))
	for i := range s.Units {
		d := s.def(i)
		if !isUnit(d) || !s.onMap(i) || (d.Side != French && d.Side != Allied) {
			continue
		}
		zi, ok := s.sc.zi[s.Units[i].At]
		if !ok {
			continue
		}
		for k, dd := range g.dist[zi] {
			if r := goalReach(dd); r > best[d.Side][k] {
				best[d.Side][k] = r
			}
		}
	}
	for side := range 2 {
		for k, r := range best[side] {
			out[side] += float64(g.pts[k]) * r
		}
	}
	return out
}

// zoneNearness is how near zone z stands to the VP zones side does not
// hold now (the zones it holds count a quarter: they may need help), each
// by its VP: the move ordering's pull toward a town several turns away.
func (s *State) zoneNearness(side int, z string) float64 {
	g := s.sc.goals()
	zi, ok := s.sc.zi[z]
	if !ok {
		return 0
	}
	v := 0.0
	for k, vz := range g.vp {
		w := float64(g.pts[k])
		if s.controls(vz) == side && !s.heldThreatened(side, vz) {
			w /= 4
		}
		v += w * goalReach(g.dist[zi][k])
	}
	return v
}

// heldThreatened reports a VP zone side holds with fewer units than the
// enemy has within two moves of it (14 MP) [5.3] [8.0]: it needs help,
// and the move ordering pulls toward it as toward a zone to take (the
// Retreat's French left Madrid to three detachments while the Spanish
// armies marched on it, #21).
func (s *State) heldThreatened(side int, vz string) bool {
	zi, ok := s.sc.zi[vz]
	if !ok {
		return false
	}
	ix := s.pos()
	own := int(ix.cnt[zi][side])
	enemy := 0
	for _, nz := range s.sc.battleMeta().near2[zi] {
		enemy += int(ix.cnt[nz.zi][1-side])
	}
	return enemy > own
}

// zoneOpportunity is how much nearer a stack activated at z could come in
// one move (about 5 MP) to the VP zones side does not hold (those it holds
// count a quarter), each by its VP [5.2] [8.0].
func (s *State) zoneOpportunity(side int, z string) float64 {
	g := s.sc.goals()
	zi, ok := s.sc.zi[z]
	if !ok {
		return 0
	}
	v := 0.0
	for k, vz := range g.vp {
		d := g.dist[zi][k]
		if d < 0 {
			continue
		}
		w := float64(g.pts[k])
		if s.controls(vz) == side && !s.heldThreatened(side, vz) {
			w /= 4
		}
		v += w * (goalReach(max(0, d-5)) - goalReach(d))
	}
	return v
}
