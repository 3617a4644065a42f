package hex

// Least-cost movement search.
//
// Costs are whole numbers. A system whose book charges half movement points
// (Almansa: 1/2 MP per hexside turned; Albuera: 1.5 MP for a line in clear)
// counts in half points throughout: every cost and the Budget are doubled.
//
// The search is Dijkstra's algorithm with a fixed order among equal
// candidates: lower cost first, then fewer steps, then the lower hex number
// (column, then row, by the map's layout; by Q then R without a map), then
// for facing searches the lower facing. Among equal-cost routes to a hex the
// predecessor is the first one found in that order, so the same position
// always yields the same paths and replays are identical.

// StepCost is the cost of one step from a hex to its neighbour to, in
// direction dir; ok is false when the step is not allowed. A negative cost
// also forbids the step (the search needs costs of zero or more).
type StepCost func(from, to Coord, dir int) (cost int, ok bool)

// Search finds the least-cost moves of a unit over a map.
type Search struct {
	// Map bounds the search: hexes off it are never entered. Without a map
	// the search stays within Unbounded hexes of the start.
	Map  *Map
	Cost StepCost // cost of each step
	// Stop marks hexes a unit may enter but not leave in the same move (an
	// enemy zone of control, say). The starting hex is never a stop: leaving
	// it is the Cost function's business.
	Stop func(Coord) bool
	// Budget is the most a move may cost (movement allowance, in the units
	// of Cost); negative means no limit.
	Budget int
	// MinimalMove lets the unit always make one step, even one that costs
	// more than Budget; that step ends the move (Albuera 12.5).
	MinimalMove bool
}

// Reach is how a hex is reached: the least cost, the hex before it on the
// chosen path (the start's Prev is the start itself) and the number of steps.
type Reach struct {
	Cost  int   `json:"cost"`
	Prev  Coord `json:"prev"`
	Steps int   `json:"steps"`
	// Over is true for a hex reached only by the minimal move beyond Budget.
	Over bool `json:"over,omitempty"`
}

// Unbounded is how far from its start a search without a Map may go, so that
// free steps or no budget cannot run forever.
const Unbounded = 64

// offMap reports whether n may not be entered on a search from start.
func offMap(m *Map, start, n Coord) bool {
	if m == nil {
		return Distance(start, n) > Unbounded
	}
	return !m.On(n)
}

// key orders hexes by printed number (column then row).
func hexKey(m *Map, c Coord) (int, int) {
	if m == nil {
		return c.Q, c.R
	}
	return m.Layout.ToOffset(c)
}

type item struct {
	c       Coord
	f       int
	cost    int
	steps   int
	k1, k2  int
	stopped bool // cannot be expanded further
}

// pq is a binary min-heap of items (typed, so pushes do not allocate).
type pq []item

func (p pq) less(i, j int) bool {
	a, b := &p[i], &p[j]
	if a.cost != b.cost {
		return a.cost < b.cost
	}
	if a.steps != b.steps {
		return a.steps < b.steps
	}
	if a.k1 != b.k1 {
		return a.k1 < b.k1
	}
	if a.k2 != b.k2 {
		return a.k2 < b.k2
	}
	return a.f < b.f
}

func (p *pq) push(x item) {
	*p = append(*p, x)
	h := *p
	for i := len(h) - 1; i > 0; {
		parent := (i - 1) / 2
		if !h.less(i, parent) {
			break
		}
		h[i], h[parent] = h[parent], h[i]
		i = parent
	}
}

func (p *pq) pop() item {
	h := *p
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h) && h.less(l, m) {
			m = l
		}
		if r < len(h) && h.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	*p = h
	return top
}

// better reports whether (cost, steps) beats the recorded reach.
func better(cost, steps int, r Reach) bool {
	return cost < r.Cost || cost == r.Cost && steps < r.Steps
}

// Reachable returns every hex the unit at from can reach within Budget with
// how it gets there. from itself is included at cost 0.
func (s Search) Reachable(from Coord) map[Coord]Reach {
	out := make(map[Coord]Reach, 64)
	out[from] = Reach{Prev: from}
	k1, k2 := hexKey(s.Map, from)
	q := &pq{{c: from, k1: k1, k2: k2}}
	for len(*q) > 0 {
		it := q.pop()
		// Items are pushed only on a strict improvement, so an item that
		// no longer matches the best known reach is stale. A hex already
		// settled is never improved again (costs are not negative).
		if r := out[it.c]; r.Cost != it.cost || r.Steps != it.steps {
			continue
		}
		if it.stopped || (it.c != from && s.Stop != nil && s.Stop(it.c)) {
			continue
		}
		for d := range 6 {
			n := it.c.Neighbor(d)
			if offMap(s.Map, from, n) {
				continue
			}
			cost, ok := s.Cost(it.c, n, d)
			if !ok || cost < 0 {
				continue
			}
			nc, ns := it.cost+cost, it.steps+1
			over := false
			if s.Budget >= 0 && nc > s.Budget {
				if !(s.MinimalMove && it.c == from) {
					continue
				}
				over = true
			}
			if old, seen := out[n]; seen && !better(nc, ns, old) {
				continue
			}
			out[n] = Reach{Cost: nc, Prev: it.c, Steps: ns, Over: over}
			a, b := hexKey(s.Map, n)
			q.push(item{c: n, cost: nc, steps: ns, k1: a, k2: b, stopped: over})
		}
	}
	return out
}

// Path returns the least-cost path from from to to (both included), its
// cost, and whether to can be reached at all.
func (s Search) Path(from, to Coord) ([]Coord, int, bool) {
	reach := s.Reachable(from)
	return PathTo(reach, from, to)
}

// PathTo rebuilds the path to to from the result of Reachable.
func PathTo(reach map[Coord]Reach, from, to Coord) ([]Coord, int, bool) {
	r, ok := reach[to]
	if !ok {
		return nil, 0, false
	}
	path := []Coord{to}
	for c := to; c != from; {
		c = reach[c].Prev
		path = append(path, c)
		if len(path) > len(reach)+1 {
			return nil, 0, false // not from this start
		}
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path, r.Cost, true
}

// State is a unit's hex and vertex facing.
type State struct {
	C      Coord `json:"c"`
	Facing int   `json:"facing"`
}

// FacingSearch finds the least-cost moves of a unit whose facing matters:
// the state is (hex, facing), a move keeps the facing and a turn changes the
// facing by one corner (60 degrees) in place. Almansa 7 and 10: moves only
// into front hexes, 1/2 MP per hexside turned (so in half points: Turn
// returns 1, clear terrain costs 2, Budget is twice the allowance).
type FacingSearch struct {
	Map *Map // as Search.Map
	// Turn is the cost of turning one corner from facing from to facing to
	// (always one step apart); a negative cost forbids the turn.
	Turn func(from, to int) (cost int)
	// Step is the cost of moving from hex from with facing facing to the
	// adjacent hex to, keeping facing; ok false forbids it (say, to is not
	// a front hex).
	Step func(from Coord, facing int, to Coord) (cost int, ok bool)
	// Stop marks hexes that end movement once entered (see Search.Stop).
	Stop func(Coord) bool
	// TurnInStop lets a unit still turn in place after entering a Stop hex.
	TurnInStop bool
	Budget     int // negative: no limit
}

// FacingReach is how a state is reached: least cost, the previous state
// (the start's Prev is itself) and the number of single steps (moves and
// turns).
type FacingReach struct {
	Cost  int   `json:"cost"`
	Prev  State `json:"prev"`
	Steps int   `json:"steps"`
	// Turn is true when the last step into this state was a turn.
	Turn bool `json:"turn,omitempty"`
}

// FacingResult holds every reachable state.
type FacingResult struct {
	From   State
	States map[State]FacingReach
}

// Reachable returns every (hex, facing) state reachable from hex from with
// facing facing within Budget.
func (s FacingSearch) Reachable(from Coord, facing int) FacingResult {
	start := State{from, Mod6(facing)}
	out := make(map[State]FacingReach, 256)
	out[start] = FacingReach{Prev: start}
	k1, k2 := hexKey(s.Map, from)
	q := &pq{{c: from, f: start.Facing, k1: k1, k2: k2}}
	try := func(cur item, nxt State, cost int, turn bool) {
		nc, ns := cur.cost+cost, cur.steps+1
		if s.Budget >= 0 && nc > s.Budget {
			return
		}
		if old, seen := out[nxt]; seen && !(nc < old.Cost || nc == old.Cost && ns < old.Steps) {
			return
		}
		out[nxt] = FacingReach{Cost: nc, Prev: State{cur.c, cur.f}, Steps: ns, Turn: turn}
		a, b := hexKey(s.Map, nxt.C)
		q.push(item{c: nxt.C, f: nxt.Facing, cost: nc, steps: ns, k1: a, k2: b})
	}
	for len(*q) > 0 {
		it := q.pop()
		if r := out[State{it.c, it.f}]; r.Cost != it.cost || r.Steps != it.steps {
			continue // stale (see Search.Reachable)
		}
		stopped := it.c != from && s.Stop != nil && s.Stop(it.c)
		if !stopped || s.TurnInStop {
			for _, nf := range [2]int{Mod6(it.f + 1), Mod6(it.f - 1)} {
				if s.Turn == nil {
					break
				}
				if c := s.Turn(it.f, nf); c >= 0 {
					try(it, State{it.c, nf}, c, true)
				}
			}
		}
		if stopped {
			continue
		}
		for d := range 6 {
			n := it.c.Neighbor(d)
			if offMap(s.Map, from, n) {
				continue
			}
			if c, ok := s.Step(it.c, it.f, n); ok && c >= 0 {
				try(it, State{n, it.f}, c, false)
			}
		}
	}
	return FacingResult{From: start, States: out}
}

// Move is one single step of a facing path: a move to an adjacent hex or a
// turn in place by one corner.
type Move struct {
	From State `json:"from"`
	To   State `json:"to"`
	Turn bool  `json:"turn,omitempty"`
	Cost int   `json:"cost"` // cost of this step alone
}

// Moves rebuilds the single steps that lead from the start to state to.
func (r FacingResult) Moves(to State) ([]Move, bool) {
	to.Facing = Mod6(to.Facing)
	if _, ok := r.States[to]; !ok {
		return nil, false
	}
	var out []Move
	for cur := to; cur != r.From; {
		fr := r.States[cur]
		prev := r.States[fr.Prev]
		out = append(out, Move{From: fr.Prev, To: cur, Turn: fr.Turn, Cost: fr.Cost - prev.Cost})
		cur = fr.Prev
		if len(out) > len(r.States) {
			return nil, false
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, true
}

// Best returns the cheapest state in hex c (ties: fewer steps, then the
// lower facing) and whether any state there is reachable.
func (r FacingResult) Best(c Coord) (State, FacingReach, bool) {
	var best State
	var br FacingReach
	found := false
	for f := range 6 {
		st := State{c, f}
		fr, ok := r.States[st]
		if !ok {
			continue
		}
		if !found || fr.Cost < br.Cost || fr.Cost == br.Cost && fr.Steps < br.Steps {
			best, br, found = st, fr, true
		}
	}
	return best, br, found
}

// Hexes returns the cheapest cost of reaching each hex in any facing.
func (r FacingResult) Hexes() map[Coord]int {
	out := map[Coord]int{}
	for st, fr := range r.States {
		if c, ok := out[st.C]; !ok || fr.Cost < c {
			out[st.C] = fr.Cost
		}
	}
	return out
}
