package marshals

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"

	"grognard/rules"
)

// Determinize returns a copy of the state in which what side may not know
// is replaced by a sample from r (for the computer player, rules/ai):
//
//   - the enemy counters on the map that side sees only as anonymous
//     blocks [1.1.1] [7.6], or not at all in a closed commander's box
//     [1.3], are dealt afresh over the places they stand: within each group
//     of counters of one nationality and activation, the identities are
//     shuffled over the group's places (a few draws, keeping one that side
//     would see as it sees the true places), so a decoy [7.5] or a
//     commander may be anywhere a block of its group stands;
//   - the other side's event markers in hand [4.0] are dealt afresh from
//     its hand and its container together (side sees only their number),
//     and so is a marker it has just drawn.
//
// The sample is cautious [7.5]: a decoy drawn where it stands in or next
// to a zone of side's units is, three times in four, swapped with a real
// counter of its group standing farther away, so the blocks that threaten
// side are more often taken for real than a uniform draw would (a French
// garrison of Madrid attacked a block it sampled as a decoy and lost the
// town, the Retreat, #21). The swap reads only the places side sees.
//
// The counters that side may see (its own, those revealed by the combat
// being fought [5.4], the stack moving) keep their places. The sample depends only
// on what side knows: each group's places and pooled markers are sorted
// before they are shuffled. Not resampled: the Foy entry letters [EV Foy].
func (s *State) Determinize(side rules.Side, r *rand.Rand) rules.State {
	c := s.Clone().(*State)
	if side != French && side != Allied {
		return c
	}
	me, opp := int(side), 1-int(side)
	fixed := map[string]bool{}
	if s.Combat != nil && s.Sub != SubDeclare {
		for k := 0; k < 2; k++ {
			for _, id := range s.Combat.Units[k] {
				fixed[id] = true
			}
		}
	}
	if s.Move != nil {
		for _, id := range s.Move.Units {
			fixed[id] = true
		}
	}
	if s.LastMove != nil {
		for _, id := range s.LastMove.Units {
			fixed[id] = true
		}
	}
	groups := map[string][]int{}
	for i := range s.Units {
		d := s.def(i)
		u := &s.Units[i]
		if d.Side == me || !s.onMap(i) || fixed[d.ID] {
			continue
		}
		key := fmt.Sprintf("%s|%v", d.Nat, u.Activated)
		if d.Side == French {
			key = fmt.Sprintf("|%v", u.Activated)
		}
		groups[key] = append(groups[key], i)
	}
	keys := sortedKeys(groups)
	places := make([][]string, len(keys))
	for g, key := range keys {
		for _, i := range groups[key] {
			places[g] = append(places[g], s.Units[i].At)
		}
		sort.Strings(places[g])
	}
	// A few draws, keeping the first whose counters side would see as it
	// sees the true ones (a commander's closed box hides what stands with
	// him [1.3]); else the last draw, which is still independent of the
	// hidden facts.
	want := s.viewOf(side, false).Units
	near := s.nearOwn(me)
	for try := 0; try < 6; try++ {
		for g, key := range keys {
			ps := append([]string(nil), places[g]...)
			r.Shuffle(len(ps), func(a, b int) { ps[a], ps[b] = ps[b], ps[a] })
			for k, i := range groups[key] {
				c.Units[i].At = ps[k]
			}
			c.cautious(groups[key], near, r)
		}
		if sameUnitViews(c.viewOf(side, false).Units, want) {
			break
		}
	}
	// The enemy's markers: hand, container and the marker just drawn.
	pool := map[string]int{}
	for id, n := range s.Containers[opp] {
		pool[id] += n
	}
	for _, id := range s.Hands[opp] {
		pool[id]++
	}
	drawn := s.Drawn != "" && s.Cur == opp
	if drawn {
		pool[s.Drawn]++
	}
	var ms []string
	for _, id := range sortedKeys(pool) {
		for range pool[id] {
			ms = append(ms, id)
		}
	}
	r.Shuffle(len(ms), func(a, b int) { ms[a], ms[b] = ms[b], ms[a] })
	n := len(s.Hands[opp])
	c.Hands[opp] = append([]string{}, ms[:n]...)
	ms = ms[n:]
	if drawn && len(ms) > 0 {
		c.Drawn, ms = ms[0], ms[1:]
	}
	c.Containers[opp] = map[string]int{}
	for _, id := range ms {
		c.Containers[opp][id]++
	}
	return c
}

// sameUnitViews: the two lists of counters show the same (what comparing
// their JSON said, without making it: every field equal, an empty list of
// markers or lines the same as none) [issue 20].
func sameUnitViews(a, b []rules.UnitView) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		x, y := &a[k], &b[k]
		if x.ID != y.ID || x.Name != y.Name || x.Short != y.Short || x.Side != y.Side || x.Type != y.Type ||
			x.Size != y.Size || x.Formation != y.Formation || x.Color != y.Color || x.At != y.At || x.At2 != y.At2 ||
			x.Facing != y.Facing || x.Values != y.Values || x.Strength != y.Strength || x.MaxStr != y.MaxStr ||
			x.Hidden != y.Hidden || x.Eliminated != y.Eliminated ||
			!slices.Equal(x.Markers, y.Markers) || !slices.Equal(x.Detail, y.Detail) {
			return false
		}
	}
	return true
}

// nearOwn is the set of zones holding side's counters or next to one.
func (s *State) nearOwn(side int) map[string]bool {
	out := map[string]bool{}
	for i := range s.Units {
		if s.def(i).Side != side || !s.onMap(i) {
			continue
		}
		z := s.Units[i].At
		if out[z] {
			continue
		}
		out[z] = true
		for _, e := range s.sc.Graph.Neighbors(z) {
			out[e.To] = true
		}
	}
	return out
}

// cautious swaps each decoy of the group drawn near side's counters, three
// times in four, with a counter of the group that is neither a decoy nor
// near (see Determinize).
func (c *State) cautious(group []int, near map[string]bool, r *rand.Rand) {
	var far []int
	for _, i := range group {
		if c.def(i).Kind != KDecoy && !near[c.Units[i].At] {
			far = append(far, i)
		}
	}
	for _, i := range group {
		if len(far) == 0 {
			return
		}
		if c.def(i).Kind != KDecoy || !near[c.Units[i].At] || r.IntN(4) == 0 {
			continue
		}
		k := r.IntN(len(far))
		j := far[k]
		c.Units[i].At, c.Units[j].At = c.Units[j].At, c.Units[i].At
		far = append(far[:k], far[k+1:]...)
	}
}
