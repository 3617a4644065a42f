package marshals

import (
	"maps"
	"slices"

	"grognard/rules"
	"grognard/rules/zone"
)

// armyOf is the depot family of a counter [CR2]: French, Spanish or English
// depots; "" gives every depot of the side.
func armyOf(d *UnitDef) string {
	if d == nil {
		return ""
	}
	return d.Nat
}

// isDepotFor reports whether zone z is a depot of nationality nat (any of
// the side's nationalities when nat is "") [1.5] [CR2].
func (s *State) isDepotFor(side int, nat, z string) bool {
	dz := s.sc.depots[z]
	if dz == nil {
		return false
	}
	if nat != "" {
		return dz[nat]
	}
	if side == French {
		return dz[natFrench]
	}
	return dz["british"] || dz["spanish"]
}

// occupancy says, for every zone, whether each side has units there [1.5]:
// by zone index (a place that is not a zone of the map, in other).
type occupancy struct {
	zi    map[string]int
	v     [][2]bool
	other map[string][2]bool
	// bits is v by side as bits when the map has at most 256 zones
	// (hasBits), from the position index [issue 20].
	bits    [2][4]uint64
	hasBits bool
}

// at is the occupancy of zone z.
func (o occupancy) at(z string) [2]bool {
	if i, ok := o.zi[z]; ok {
		return o.v[i]
	}
	return o.other[z]
}

func (s *State) occupancy() occupancy { return s.occupancyIn(nil) }

// occupancyIn is occupancy with its zones in buf when it is long enough (a
// caller's array: no allocation).
func (s *State) occupancyIn(buf [][2]bool) occupancy {
	var v [][2]bool
	if n := len(s.sc.zoff); n <= len(buf) {
		v = buf[:n]
	} else {
		v = make([][2]bool, n)
	}
	o := occupancy{zi: s.sc.zi, v: v}
	ix := s.pos()
	copy(v, ix.occ)
	o.bits, o.hasBits = ix.occBits, len(v) <= 256
	if ix.other == 0 {
		return o
	}
	for i := range s.Units {
		if ix.uz[i] != -2 {
			continue
		}
		d := s.def(i)
		if !isUnit(d) {
			continue
		}
		if o.other == nil {
			o.other = map[string][2]bool{}
		}
		u := &s.Units[i]
		v := o.other[u.At]
		v[d.Side] = true
		o.other[u.At] = v
	}
	return o
}

// crossable: a connection carries a line of communication unless it is a
// ford or its major bridge is destroyed [1.5] [7.7] (spec §3.11).
func (s *State) crossable(c zone.Connection) bool {
	if c.Kind == zone.Ford {
		return false
	}
	if c.Bridge == zone.Major {
		i := s.sc.Graph.ConnIndex(c.A, c.B, c.Kind)
		return !s.Bridges[i]
	}
	return true
}

// locFree: a zone carries side's line if it holds no enemy unit; for the
// French a guerilla marker cuts it; an off-map zone is only an end [1.5].
func (s *State) locFree(side int, o occupancy) func(string) bool {
	return func(z string) bool {
		return !s.sc.offmap[z] && !o.at(z)[1-side]
	}
}

// crossableIdx is crossable for connection ci [1.5] [7.7].
func (s *State) crossableIdx(ci int) bool {
	// connKind: a ford, a major bridge, or open (the kind and bridge of
	// the connection, read from a table made once) [issue 20].
	switch s.sc.connKind[ci] {
	case connFord:
		return false
	case connMajor:
		return len(s.Bridges) == 0 || !s.Bridges[ci]
	}
	return true
}

// LoC reports a line of communication from zone z to a depot of nat
// (nat "" = any of the side's depots) [1.5]: the departure zone must not
// be contested.
func (s *State) LoC(side int, nat, z string) bool {
	var ob [256][2]bool // (speed: no allocation)
	o := s.occupancyIn(ob[:])
	return s.locFrom(side, nat, z, o, s.locSet(side, nat, o))
}

// depotIdx reports a depot of nat (any of the side's when "") by zone index.
func (s *State) depotIdx(side int, nat string, zi int) bool {
	d := s.sc.zdepot[zi]
	switch nat {
	case natFrench:
		return d[0]
	case "british":
		return d[1]
	case "spanish":
		return d[2]
	}
	if side == French {
		return d[0]
	}
	return d[1] || d[2]
}

// locSet is every zone (by index) that is free for side and joined to one
// of its depots through free zones and crossable connections [1.5]: one
// search backward from the depots serves every question of a state.
func (s *State) locSet(side int, nat string, o occupancy) []bool {
	sc := s.sc
	n := len(sc.zoff)
	// The memo asked first from the occupancy's bits, without the arrays
	// below (the same key, made from bits) [issue 20].
	if o.hasBits && n <= 128 && len(sc.connKind) <= 192 {
		var key locMemo
		key.blocked = [2]uint64{o.bits[1-side][0], o.bits[1-side][1]}
		for _, v := range o.other {
			if v[1-side] {
				key.blocked[0] |= 1
			}
		}
		if side == French {
			for z := range s.Guerillas {
				zi := sc.zi[z]
				key.blocked[zi>>6] |= 1 << (zi & 63)
			}
		}
		bridgesOK := true
		for ci, d := range s.Bridges {
			if ci < 0 || ci >= len(sc.connKind) {
				bridgesOK = false
				break
			}
			if d && sc.connKind[ci] == connMajor {
				key.bridges[ci>>6] |= 1 << (ci & 63)
			}
		}
		if m := &s.locMemo[depotKey(side, nat)]; bridgesOK && m.ok && m.blocked == key.blocked && m.bridges == key.bridges {
			return m.set
		}
	}
	// blocked: an enemy unit [1.5], for the French a guerilla marker
	// [EV Guerilla] (as the map of zones did for a place not on the map,
	// such a place marks zone 0).
	var blockedBuf [256]bool
	blocked := blockedBuf[:0]
	if n <= len(blockedBuf) {
		blocked = blockedBuf[:n]
	} else {
		blocked = make([]bool, n)
	}
	// The same blocked zones and destroyed bridges give the same set: the
	// last one of this family of depots is remembered (the key is made in
	// the same pass).
	memoOK := n <= 128 && len(sc.connKind) <= 192
	var key locMemo
	if memoOK {
		for zi, v := range o.v {
			if v[1-side] {
				blocked[zi] = true
				key.blocked[zi>>6] |= 1 << (zi & 63)
			}
		}
	} else {
		for zi, v := range o.v {
			blocked[zi] = v[1-side]
		}
	}
	mark := func(zi int) {
		blocked[zi] = true
		if memoOK {
			key.blocked[zi>>6] |= 1 << (zi & 63)
		}
	}
	for _, v := range o.other {
		if v[1-side] {
			mark(0)
		}
	}
	if side == French {
		for z := range s.Guerillas {
			mark(sc.zi[z]) // [EV Guerilla] cuts French lines
		}
	}
	if memoOK {
		for ci, d := range s.Bridges {
			if ci < 0 || ci >= len(sc.connKind) {
				memoOK = false
				break
			}
			if d && sc.connKind[ci] == connMajor {
				key.bridges[ci>>6] |= 1 << (ci & 63)
			}
		}
	}
	mk := depotKey(side, nat)
	if m := &s.locMemo[mk]; memoOK && m.ok && m.blocked == key.blocked && m.bridges == key.bridges {
		return m.set
	}
	r := make([]bool, n)
	var queueBuf [256]int32
	queue := queueBuf[:0]
	if n > len(queueBuf) {
		queue = make([]int32, 0, n)
	}
	for _, i := range sc.depotsOf(side, nat) {
		if sc.zoff[i] || !blocked[i] {
			r[i] = true
			queue = append(queue, int32(i))
		}
	}
	noBridge := len(s.Bridges) == 0
	for h := 0; h < len(queue); h++ {
		for _, e := range sc.adjI[queue[h]] {
			if r[e.ti] || sc.zoff[e.ti] || blocked[e.ti] {
				continue
			}
			switch sc.connKind[e.ci] {
			case connFord:
				continue
			case connMajor:
				if !noBridge && s.Bridges[e.ci] {
					continue
				}
			}
			r[e.ti] = true
			queue = append(queue, int32(e.ti))
		}
	}
	if memoOK {
		key.ok, key.set = true, r
		s.locMemo[mk] = key
	}
	return r
}

// locNear answers locFrom where zone z settles it without the search
// (known false otherwise): no line from a contested zone or, for the
// French, a guerilla's; a line from a depot, or from a zone joined by a
// crossable connection to a depot that locSet starts from (on the map
// and free of the enemy, or off the map) [1.5].
func (s *State) locNear(side int, nat, z string, o occupancy) (has, known bool) {
	if v := o.at(z); v[0] && v[1] || side == French && s.Guerillas[z] {
		return false, true
	}
	if s.isDepotFor(side, nat, z) {
		return true, true
	}
	for _, e := range s.sc.adj[z] {
		if s.depotIdx(side, nat, e.ti) && (s.sc.zoff[e.ti] || !s.blockedFor(side, e.ti, o)) && s.crossableIdx(e.ci) {
			return true, true
		}
	}
	return false, false
}

// locNearIdx is locNear for the zone of index zi and a nationality of
// the depots (french, british, spanish), without the maps [issue 20].
func (s *State) locNearIdx(side int, nat string, zi int, o occupancy) (has, known bool) {
	if v := o.v[zi]; v[0] && v[1] || side == French && len(s.Guerillas) > 0 && s.Guerillas[s.sc.Graph.Zones[zi].ID] {
		return false, true
	}
	if s.depotIdx(side, nat, zi) {
		return true, true
	}
	for _, e := range s.sc.adjI[zi] {
		if s.depotIdx(side, nat, e.ti) && (s.sc.zoff[e.ti] || !s.blockedFor(side, e.ti, o)) && s.crossableIdx(e.ci) {
			return true, true
		}
	}
	return false, false
}

// locFromIdx is locFrom for the zone of index zi and a nationality of the
// depots, without the maps [issue 20].
func (s *State) locFromIdx(side int, nat string, zi int, o occupancy, set []bool) bool {
	if v := o.v[zi]; v[0] && v[1] || side == French && len(s.Guerillas) > 0 && s.Guerillas[s.sc.Graph.Zones[zi].ID] {
		return false
	}
	if s.depotIdx(side, nat, zi) {
		return true
	}
	for _, e := range s.sc.adjI[zi] {
		if set[e.ti] && s.crossableIdx(e.ci) {
			return true
		}
	}
	return false
}

// blockedFor is locSet's test of a zone: an enemy unit, or for the French
// a guerilla marker [1.5] [EV Guerilla] (a place off the map's list of
// zones marks zone 0, as locSet does).
func (s *State) blockedFor(side, zi int, o occupancy) bool {
	if o.v[zi][1-side] {
		return true
	}
	if zi == 0 {
		for _, v := range o.other {
			if v[1-side] {
				return true
			}
		}
	}
	if side == French {
		for g := range s.Guerillas {
			if s.sc.zi[g] == zi {
				return true
			}
		}
	}
	return false
}

// locFrom answers LoC for zone z given the state's locSet.
func (s *State) locFrom(side int, nat, z string, o occupancy, set []bool) bool {
	if v := o.at(z); v[0] && v[1] || side == French && s.Guerillas[z] {
		return false
	}
	if s.isDepotFor(side, nat, z) {
		return true
	}
	for _, e := range s.sc.adj[z] {
		if set[e.ti] && s.crossableIdx(e.ci) {
			return true
		}
	}
	return false
}

// LoCTo reports a line between two on-map zones (a stack and its CinC) [5.2].
func (s *State) LoCTo(side int, from, to string) bool {
	if s.Contested(from) || s.Contested(to) {
		return false
	}
	if from == to {
		return true
	}
	if !s.sc.connSelf {
		free := s.locFree(side, s.occupancy())
		_, ok := s.sc.Graph.LineOfCommunicationVia(from, func(id string) bool { return id == to }, free, s.crossable, -1)
		return ok
	}
	var obuf [256][2]bool // no allocation on maps of up to 256 zones (speed)
	o := s.occupancyIn(obuf[:])
	// The search of zone.LineOfCommunicationVia by zone index: through
	// crossable connections into on-map zones free of the enemy [1.5].
	src, ok := s.sc.zi[from]
	if !ok {
		return false
	}
	n := len(s.sc.zoff)
	var seenBuf [256]bool
	var queueBuf [256]int32
	seen, queue := seenBuf[:0], queueBuf[:0]
	if n <= len(seenBuf) {
		seen = seenBuf[:n]
	} else {
		seen, queue = make([]bool, n), make([]int32, 0, n)
	}
	seen[src] = true
	queue = append(queue, int32(src))
	for h := 0; h < len(queue); h++ {
		for _, e := range s.sc.adjI[queue[h]] {
			if seen[e.ti] || !s.crossableIdx(e.ci) || s.sc.zoff[e.ti] || o.v[e.ti][1-side] {
				continue
			}
			if e.to == to {
				return true
			}
			seen[e.ti] = true
			queue = append(queue, int32(e.ti))
		}
	}
	return false
}

// axes returns the Retraite markers of a zone ([-1,-1] when none).
func (s *State) axes(z string) [2]int {
	if a, ok := s.Axes[z]; ok {
		return a
	}
	return [2]int{-1, -1}
}

func (s *State) setAxes(z string, a [2]int) {
	s.Axes = maps.Clone(s.Axes) // copied on write (see delFlag)
	if s.Axes == nil {
		s.Axes = map[string][2]int{}
	}
	s.Axes[z] = a
}

// validAxis: a Retraite marker goes on a connection toward a zone free for
// the side, usable by every unit of the stack (spec §3.5) [5.3.1].
func (s *State) validAxis(side int, z string, ci int, units []int) bool {
	if ci < 0 || ci >= len(s.sc.Graph.Conns) {
		return false
	}
	c := s.sc.Graph.Conns[ci]
	if c.A != z && c.B != z {
		return false
	}
	if c.Kind == zone.Ford || (c.Bridge == zone.Major && s.Bridges[ci]) {
		return false
	}
	if c.Kind == zone.Path {
		for _, i := range units {
			if s.noPath(i) {
				return false
			}
		}
	}
	to := c.Other(z)
	if s.zoneOf(to).IsOffmap() {
		return true
	}
	return s.freeFor(side, to)
}

// sweep runs after every action: decoys without a line to a friendly
// depot (so every decoy in a contested zone) are eliminated [7.5]; the
// Retraite markers of zones no longer contested are removed [5.3.1]; the
// Madrid marker goes in or out of the French container [CR8]; scenario
// triggers are noted.
func (s *State) sweep() []rules.Event {
	var ob [256][2]bool // (speed: no allocation)
	evs, _, _ := s.sweepOcc(ob[:])
	return evs
}

// sweepOcc is sweep that also gives the occupancy it read and whether
// it still holds (no decoy removed) for the step that follows.
// buf is for the occupancy (a caller's array: no allocation).
func (s *State) sweepOcc(buf [][2]bool) (evs []rules.Event, o occupancy, still bool) {
	if s.Phase == PhSetup {
		return nil, o, false
	}
	o = s.occupancyIn(buf)
	still = true
	var sets [5][]bool // locSet by depot family (depotKey)
	for _, i := range s.sc.decoys {
		d := s.def(i)
		if !s.onMap(i) {
			continue
		}
		if s.Move != nil && !s.Move.Composing && slices.Contains(s.Move.Units, d.ID) && !s.Contested(s.Units[i].At) {
			continue // a moving decoy is judged where it stops
		}
		// locFrom, with the search from the depots made only when the
		// zone itself does not settle it: contested or a guerilla (no
		// line), a depot or next to a depot the line may start from (a
		// line) [1.5] [7.5].
		z := s.Units[i].At
		var has, known bool
		zi := int(s.pos().uz[i])
		byIdx := zi >= 0 && (d.Nat == natFrench || d.Nat == "british" || d.Nat == "spanish")
		if byIdx {
			has, known = s.locNearIdx(d.Side, d.Nat, zi, o)
		} else {
			has, known = s.locNear(d.Side, d.Nat, z, o)
		}
		if !known {
			k := depotKey(d.Side, d.Nat)
			set := sets[k]
			if set == nil {
				set = s.locSet(d.Side, d.Nat, o)
				sets[k] = set
			}
			if byIdx {
				has = s.locFromIdx(d.Side, d.Nat, zi, o, set)
			} else {
				has = s.locFrom(d.Side, d.Nat, z, o, set)
			}
		}
		if !has {
			z := s.Units[i].At
			still = false
			s.Units[i].Off = OffEliminated
			s.placed(i)
			if s.Move != nil {
				s.Move.Units = slices.DeleteFunc(s.Move.Units, func(id string) bool { return id == d.ID })
			}
			evs = append(evs, rules.Event{Kind: "eliminated", Text: aSide(d.Side) + " counter is removed at " + s.zoneOf(z).Name + " (a decoy without a line of communication)", Rule: "7.5", Side: rules.Side(d.Side)})
		}
	}
	// Contested and hasUnits read from the occupancy while it holds.
	contested := func(z string) bool {
		if still && z != "" {
			v := o.at(z)
			return v[0] && v[1]
		}
		return s.Contested(z)
	}
	for z := range s.Axes {
		if !contested(z) {
			if _, ok := s.Axes[z]; ok {
				s.Axes = maps.Clone(s.Axes) // copied on write (see delFlag)
			}
			delete(s.Axes, z)
		}
	}
	// [EV Redoute] the marker goes when no Spanish divisional infantry holds the zone.
	for f := range s.Flags {
		if len(f) > 8 && f[:8] == "redoute:" {
			z := f[8:]
			if len(s.sideAt(Allied, z, func(d *UnitDef) bool { return d.Kind == KDiv && d.Arm == Infantry && d.Nat == "spanish" })) == 0 {
				s.delFlag(f)
			}
		}
	}
	// [CR8] (spec §3.12 reading): an Allied unit in Madrid without French
	// puts the Madrid marker in the French container; a French unit there
	// takes it out again.
	if s.sc.madrid {
		var fr, al bool
		if still {
			v := o.at("madrid")
			fr, al = v[French], v[Allied]
		} else {
			fr, al = s.hasUnits(French, "madrid"), s.hasUnits(Allied, "madrid")
		}
		in := s.Containers[French]["madrid"] > 0
		if al && !fr && !in && !s.flag("madrid-out") {
			s.Containers[French] = maps.Clone(s.Containers[French]) // copied on write (see delFlag)
			s.Containers[French]["madrid"] = 1
			evs = append(evs, rules.Event{Kind: "event", Text: "The Madrid marker goes into the French container", Rule: "CR8", Side: rules.Side(French)})
		} else if fr && in {
			s.Containers[French] = maps.Clone(s.Containers[French]) // copied on write (see delFlag)
			delete(s.Containers[French], "madrid")
			evs = append(evs, rules.Event{Kind: "event", Text: "The Madrid marker is taken out of the French container", Rule: "CR8", Side: rules.Side(French)})
		}
	}
	return evs, o, still
}
