package marshals

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"grognard/rules"
	"grognard/rules/zone"
)

// connCost is the MP cost of crossing connection ci for the given units
// [5.3] [EV Pluie] [7.7]; ok false if one of them may not use it.
func (s *State) connCost(ci int, units []int, lone bool) (int, bool) {
	c := s.sc.Graph.Conns[ci]
	if c.Kind == zone.Ford {
		return 0, false // fords only by a Gué move (spec §3.5)
	}
	cost := s.sc.Tab.ConnMP[c.Kind]
	if c.Kind == zone.Path && !lone {
		for _, i := range units {
			if s.noPath(i) {
				return 0, false // [7.2] [7.3]
			}
		}
	}
	if s.flag("pluie") {
		cost++
	}
	if c.Bridge != zone.None && s.Bridges[ci] {
		if c.Bridge == zone.Major {
			return 0, false
		}
		cost += 2
	}
	return cost, true
}

// depotDistances gives the MP distance from z to each depot of side [7.8].
func (s *State) depotDistances(side int, z string) map[string]int {
	if !s.LoC(side, "", z) {
		return map[string]int{} // [7.8] no line: it cannot move
	}
	out := map[string]int{}
	for d := range s.sc.depots {
		if !s.isDepotFor(side, "", d) {
			continue
		}
		if v, ok := s.sc.distFrom(d)[z]; ok {
			out[d] = v
		}
	}
	return out
}

// demoralOK: a demoralised stack may only step where some depot is no
// farther than it was at the start [7.8] (spec §3.5).
func (s *State) demoralOK(to string) bool {
	m := s.Move
	if m.Depots == nil {
		return true
	}
	if len(m.Depots) == 0 {
		return false
	}
	if s.sc.offmap[to] && s.isDepotFor(m.Side, "", to) {
		_, ok := m.Depots[to]
		return ok
	}
	for id, start := range m.Depots {
		if v, ok := s.sc.distFrom(id)[to]; ok && v <= start {
			return true
		}
	}
	return false
}

type stepOpt struct {
	ci   int
	to   string
	cost int
	bo   bool
	gue  bool
}

// steps lists the connections the moving stack may take now [5.3].
func (s *State) steps() []stepOpt {
	m := s.Move
	if m == nil || m.Entered || m.BattleOrder || m.Halt {
		return nil
	}
	var mb [16]int // (speed: no allocation)
	ms := s.movingIn(mb[:0])
	if len(ms) == 0 {
		return nil
	}
	adj := s.sc.adj[m.Zone]
	out := make([]stepOpt, 0, 2*len(adj)) // (speed: one allocation)
	// (Asked once, not per connection: nothing changes in between.)
	contested := m.Steps == 0 && s.Contested(m.Zone)
	for _, e := range adj {
		cost, ok := s.connCost(e.ci, ms, m.Lone)
		if !ok || m.Spent+cost > m.MP {
			continue
		}
		// [5.3.1] leaving a contested zone, not toward the enemy's axis.
		if contested && s.axes(m.Zone)[1-m.Side] == e.ci {
			continue
		}
		to := e.to
		off := s.sc.zoff[e.ti]
		if m.Lone && (off || s.hasUnits(1-m.Side, to) && !s.hasUnits(m.Side, to)) {
			continue // [7.1] a lone commander does not walk into the enemy
		}
		if !s.demoralOK(to) {
			continue
		}
		out = append(out, stepOpt{ci: e.ci, to: to, cost: cost})
		// [5.3.4] move in battle order: one connection into an enemy zone.
		if m.Steps == 0 && !m.Lone && !off && s.hasUnits(1-m.Side, to) {
			out = append(out, stepOpt{ci: e.ci, to: to, cost: cost, bo: true})
		}
	}
	// [EV Gué] a move in battle order across a ford, never in rain.
	if m.Steps == 0 && !m.Lone && s.flag(gueFlag[m.Side]) && !s.flag("pluie") {
		for _, e := range s.sc.adj[m.Zone] {
			if s.sc.Graph.Conns[e.ci].Kind != zone.Ford || s.sc.offmap[e.to] {
				continue
			}
			cost := s.sc.Tab.ConnMP[zone.Ford]
			if cost <= m.MP && s.demoralOK(e.to) {
				out = append(out, stepOpt{ci: e.ci, to: e.to, cost: cost, bo: true, gue: true})
			}
		}
	}
	if len(out) == 0 {
		return nil // as the list grown from nil was
	}
	return out
}

func (s *State) legalMove() []rules.Action {
	m := s.Move
	var mb [16]int // (speed: no allocation)
	ms := s.movingIn(mb[:0])
	if len(ms) == 0 {
		out := make([]rules.Action, 1, 8)
		out[0] = rules.Action{Kind: "end", Choice: "stop", Label: "End the move", Rule: "5.3"}
		return out
	}
	// The list is allocated once at its length [issue 20].
	steps, detach, genie := s.steps(), s.legalDetach(), s.legalGenie()
	n := 1 + len(steps) + len(detach) + len(genie)
	if m.Steps > 0 && len(ms) > 1 {
		n += len(ms)
	}
	out := make([]rules.Action, 1, n)
	out[0] = rules.Action{Kind: "end", Choice: "stop", Label: "End the move", Rule: "5.3"}
	lead := s.def(ms[0]).ID
	for _, st := range steps {
		c := s.sc.Graph.Conns[st.ci]
		// The labels as fmt wrote them ("%s", "%d"), built by hand [issue 20].
		name, mp := s.zoneName(st.to), strconv.Itoa(st.cost)
		a := rules.Action{Kind: "move", Unit: lead, To: st.to, Choice: strconv.Itoa(st.ci), Rule: "5.3",
			Label: "Move to " + name + " by " + string(c.Kind) + " (" + mp + " MP)", Info: mp + " MP"}
		if s.sc.offmap[st.to] {
			a.Label = "Leave the map " + towardName(name) + " (" + mp + " MP)"
			a.Rule = "5.3.5"
		}
		if st.gue {
			a.Choice = "gue:" + a.Choice
			a.Label = "Cross the ford to " + name + " in battle order (" + mp + " MP)"
			a.Rule = "EV Gué"
		} else if st.bo {
			a.Choice = "bo:" + a.Choice
			a.Label = "Move in battle order into " + name + " (" + mp + " MP, no fatigue)"
			a.Rule = "5.3.4"
		}
		out = append(out, a)
	}
	out = append(out, detach...)
	out = append(out, genie...)
	if m.Steps > 0 && len(ms) > 1 {
		for _, i := range ms {
			out = append(out, rules.Action{Kind: "choose", Unit: s.def(i).ID, Choice: "drop", Label: "Leave " + s.def(i).Name + " here", Rule: "5.3"})
		}
	}
	return out
}

func (s *State) applyMove(a rules.Action) ([]rules.Event, error) {
	m := s.Move
	if a.Kind == "end" {
		return s.endMove(), nil
	}
	if a.Choice == "genie" {
		return s.applyGenie(a), nil
	}
	if a.Choice == "detach" || a.Choice == "absorb" {
		return s.applyDetach(a), nil
	}
	if a.Choice == "drop" {
		i := s.idx(a.Unit)
		s.Units[i].Activated = true
		m.Units = slices.DeleteFunc(m.Units, func(id string) bool { return id == a.Unit })
		return []rules.Event{{Kind: "move", Text: "A counter stays at " + s.zoneOf(m.Zone).Name, Rule: "5.3", Side: rules.Side(m.Side),
			Private: s.def(i).Name + " stays at " + s.zoneOf(m.Zone).Name, Owner: rules.Side(m.Side)}}, nil
	}
	bo, gue := false, false
	cs := a.Choice
	if len(cs) > 3 && cs[:3] == "bo:" {
		bo, cs = true, cs[3:]
	}
	if len(cs) > 4 && cs[:4] == "gue:" {
		bo, gue, cs = true, true, cs[4:]
	}
	ci, _ := strconv.Atoi(cs)
	c := s.sc.Graph.Conns[ci]
	var mb [16]int // (speed: no allocation)
	ms := s.movingIn(mb[:0])
	cost, _ := s.connCost(ci, ms, m.Lone)
	if gue {
		cost = s.sc.Tab.ConnMP[zone.Ford]
		m.Gue = true
	}
	from, to := m.Zone, c.Other(m.Zone)
	wasContested := s.Contested(to)
	enemyHere := s.hasUnits(1-m.Side, to)
	m.Spent += cost
	m.Steps++
	m.Zone = to
	m.Conn = ci
	m.Visited = append(m.Visited, to)
	m.BattleOrder = bo
	for _, i := range ms {
		s.Units[i].At = to
		s.placed(i)
	}
	evs := []rules.Event{{Kind: "move", Text: fmt.Sprintf("%s stack moves from %s to %s", aSide(m.Side), s.zoneOf(from).Name, s.zoneOf(to).Name),
		Rule: a.Rule, Side: rules.Side(m.Side)}}
	if bo {
		evs[0].Rule = "5.3.4"
	}
	// [5.3.5] leaving the map.
	if s.zoneOf(to).IsOffmap() {
		evs = append(evs, s.exitMap(ms, to)...)
		return append(evs, s.endMove()...), nil
	}
	if m.Lone {
		return evs, nil
	}
	// [7.7] back to the river: crossing a river into an enemy-held zone
	// that was not already contested.
	if c.River && enemyHere && !wasContested {
		for _, i := range ms {
			if isUnit(s.def(i)) {
				s.Units[i].Back = true
			}
		}
	}
	// [S1.2] [S1.3] scenario triggers on entering Talavera, Arenas, La Nava.
	s.triggers(m.Side, ms, to, c)
	// Entry resolution: lone baggage and artillery detachments [7.2] [7.3],
	// decoys [7.5], lone commanders [7.1].
	occupied := false
	for _, i := range s.sideAt(1-m.Side, to, nil) {
		if isUnit(s.def(i)) {
			occupied = true
		}
	}
	evs = append(evs, s.entryResolution(m.Side, to)...)
	real := s.hasUnits(1-m.Side, to)
	if m.Side == French && s.Guerillas[to] {
		// [EV Guerilla] a French stack entering the zone removes the marker and stops.
		s.delGuerilla(to)
		m.Halt = true
		evs = append(evs, rules.Event{Kind: "event", Text: "The guerilla at " + s.zoneOf(to).Name + " stops the French stack", Rule: "EV Guerilla", Side: rules.Side(Allied)})
	}
	if real {
		if !wasContested {
			// [5.3.1] the mover's marker on the connection just crossed.
			ax := [2]int{-1, -1}
			if s.validAxis(m.Side, to, ci, ms) && !gue {
				ax[m.Side] = ci
			}
			s.setAxes(to, ax)
		} else {
			ax := s.axes(to)
			if ax[1-m.Side] == ci {
				ax[1-m.Side] = -1 // entering by the enemy's axis removes it [5.3.1]
			}
			if gue {
				// [EV Gué] arriving in a contested zone: back to the river, no axis.
				ax[m.Side] = -1
				for _, i := range ms {
					if isUnit(s.def(i)) {
						s.Units[i].Back = true
					}
				}
			}
			s.setAxes(to, ax)
		}
		m.Entered = true
	}
	// [5.3.2] fatigue markers due for this connection.
	if !bo {
		due := 1 + s.sizeDraws(ms)
		if !s.LoC(m.Side, "", from) && !s.LoC(m.Side, "", to) {
			due++
		}
		if occupied {
			due++
		}
		if s.flag("canicule") {
			due++
		}
		if !m.Converted {
			m.Converted = true
			conv := 0
			for _, i := range ms {
				conv = max(conv, int(s.Units[i].Combats))
				s.Units[i].Combats = 0
			}
			due += conv
		}
		m.Pending = due
	}
	if real && !wasContested {
		s.Sub = SubAxis
		return evs, nil
	}
	return append(evs, s.toFatigue()...), nil
}

// sizeDraws: +1 marker per connection per 10 SS above 10 [5.3.2];
// baggage, decoys and commanders count 0.
func (s *State) sizeDraws(ms []int) int {
	ss := 0
	for _, i := range ms {
		ss += s.SS(i)
	}
	if ss <= 0 {
		return 0
	}
	return (ss - 1) / 10
}

// toFatigue starts the fatigue draws of the step (or goes on).
func (s *State) toFatigue() []rules.Event {
	m := s.Move
	if m.BattleOrder {
		return s.endMove()
	}
	m.Due = m.Pending
	m.Pending = 0
	s.Sub = SubFatigue
	return nil
}

// entryResolution eliminates what cannot stay when side enters z.
func (s *State) entryResolution(side int, z string) []rules.Event {
	var evs []rules.Event
	opp := 1 - side
	fighters := func(sd int) bool {
		for _, i := range s.sideAt(sd, z, nil) {
			if d := s.def(i); (d.Kind == KDiv || d.Kind == KDet) && (d.Arm == Infantry || d.Arm == Cavalry) || d.Kind == KDecoy {
				return true
			}
		}
		return false
	}
	if !fighters(side) {
		return nil
	}
	// [7.5] decoys of both sides in a contested zone are eliminated.
	if s.hasUnits(opp, z) {
		for _, sd := range []int{opp, side} {
			for _, i := range s.sideAt(sd, z, func(d *UnitDef) bool { return d.Kind == KDecoy }) {
				s.Units[i].Off = OffEliminated
				s.placed(i)
				if s.Move != nil {
					s.Move.Units = slices.DeleteFunc(s.Move.Units, func(id string) bool { return id == s.def(i).ID })
				}
				evs = append(evs, rules.Event{Kind: "eliminated", Text: aSide(sd) + " decoy is removed at " + s.zoneOf(z).Name, Rule: "7.5", Side: rules.Side(sd)})
			}
		}
	}
	// [7.2] [7.3] baggage and artillery detachments alone are eliminated.
	oppFight := false
	for _, i := range s.sideAt(opp, z, nil) {
		if d := s.def(i); (d.Kind == KDiv) || d.Kind == KDet && (d.Arm == Infantry || d.Arm == Cavalry) {
			oppFight = true
		}
	}
	if !oppFight && fighters(side) {
		for _, i := range s.sideAt(opp, z, func(d *UnitDef) bool { return d.Kind == KBaggage || d.Kind == KDet }) {
			evs = append(evs, rules.Event{Kind: "eliminated", Text: fmt.Sprintf("%s %s is overrun at %s", sideNames[opp], s.def(i).Name, s.zoneOf(z).Name), Rule: "7.2", Side: rules.Side(opp)})
			evs = append(evs, s.eliminate(i, true)...)
		}
	}
	return evs
}

// loneCommanders are side's commanders standing without a unit of theirs
// in a zone that holds enemy units [7.1].
func (s *State) loneCommanders(side int) []int {
	var ob [256][2]bool // (speed: no allocation)
	var out []int
	var o occupancy
	built := false
	for i := range s.Units {
		d := s.def(i)
		if d.Kind != KCmd || d.Side != side || !s.onMap(i) {
			continue
		}
		if !built {
			o, built = s.occupancyIn(ob[:]), true
		}
		if v := o.at(s.Units[i].At); v[1-side] && !v[side] {
			out = append(out, i)
		}
	}
	return out
}

// pendingFlee: a side with a lone commander among enemies, if any.
// It is given the occupancy when known (built).
func (s *State) pendingFleeOcc(o occupancy, built bool) (int, bool) {
	var ob [256][2]bool // (speed: no allocation)
	for side := 0; side < 2; side++ {
		for _, i := range s.sc.cmds {
			d := s.def(i)
			if d.Side != side || !s.onMap(i) {
				continue
			}
			if !built {
				o, built = s.occupancyIn(ob[:]), true
			}
			var v [2]bool
			if zi := s.pos().uz[i]; zi >= 0 {
				v = o.v[zi]
			} else {
				v = o.at(s.Units[i].At)
			}
			if v[1-side] && !v[side] {
				return side, true
			}
		}
	}
	return 0, false
}

func (s *State) fleeing() []int { return s.loneCommanders(s.Cur) }

// resumeAfterFlee goes back to the step the flight interrupted.
func (s *State) resumeAfterFlee() {
	s.Sub, s.Cur = s.FleeResume, s.FleeCur
	s.FleeResume = ""
}

func (s *State) legalFlee() []rules.Action {
	f := s.fleeing()
	if len(f) == 0 {
		return nil
	}
	i := f[0]
	var out []rules.Action
	z := s.Units[i].At
	for _, e := range s.sc.Graph.Neighbors(z) {
		if _, ok := s.connCost(e.Index, nil, true); !ok || s.zoneOf(e.To).IsOffmap() {
			continue
		}
		if s.hasUnits(1-s.Cur, e.To) && !s.hasUnits(s.Cur, e.To) {
			continue
		}
		out = append(out, rules.Action{Kind: "move", Unit: s.def(i).ID, To: e.To, Choice: strconv.Itoa(e.Index), Label: "Commander flees to " + s.zoneOf(e.To).Name, Rule: "7.1"})
	}
	// [EV Fatigue] the flight is the other decision the enemy move hands
	// its victim (spec §3.13): the marker joins the draws still due.
	if len(out) > 0 && s.FleeResume == SubFatigue && s.fatigueDuringMove(s.Cur) {
		out = append(out, rules.Action{Kind: "play", Choice: "fatigue", Label: "Play Fatigue: the moving enemy stack draws one more fatigue marker now [EV Fatigue]", Rule: "EV Fatigue"})
	}
	return out
}

func (s *State) applyFlee(a rules.Action) ([]rules.Event, error) {
	if a.Kind == "play" && a.Choice == "fatigue" {
		s.discard(s.Cur, "fatigue")
		s.Move.Extra++
		s.Move.Due++
		return []rules.Event{{Kind: "event", Text: sideNames[s.Cur] + " plays Fatigue: the moving stack draws one more fatigue marker", Rule: "EV Fatigue", Side: rules.Side(s.Cur)}}, nil
	}
	i := s.idx(a.Unit)
	from := s.Units[i].At
	s.Units[i].At = a.To
	s.placed(i)
	ev := rules.Event{Kind: "move", Text: fmt.Sprintf("%s commander leaves %s for %s", aSide(s.Cur), s.zoneOf(from).Name, s.zoneOf(a.To).Name), Rule: "7.1", Side: rules.Side(s.Cur)}
	if len(s.fleeing()) == 0 {
		s.resumeAfterFlee()
	}
	return []rules.Event{ev}, nil
}

// fleeAll: a lone commander with nowhere to go is eliminated [7.1].
func (s *State) fleeAll() []rules.Event {
	var evs []rules.Event
	for _, i := range s.fleeing() {
		if len(s.legalFlee()) > 0 && s.fleeing()[0] == i {
			return evs
		}
		evs = append(evs, rules.Event{Kind: "eliminated", Text: fmt.Sprintf("%s %s cannot flee and is captured", sideNames[s.Cur], s.def(i).Name), Rule: "7.1", Side: rules.Side(s.Cur)})
		evs = append(evs, s.eliminate(i, true)...)
	}
	if len(s.fleeing()) == 0 {
		s.resumeAfterFlee()
	}
	return evs
}

func (s *State) legalAxis() []rules.Action {
	m := s.Move
	opp := 1 - m.Side
	z := m.Zone
	ax := s.axes(z)
	out := []rules.Action{}
	units := s.sideAt(opp, z, nil)
	for _, e := range s.sc.Graph.Neighbors(z) {
		if e.Index == ax[m.Side] || !s.validAxis(opp, z, e.Index, units) {
			continue
		}
		out = append(out, rules.Action{Kind: "choose", To: e.To, Choice: strconv.Itoa(e.Index), Label: "Retraite marker toward " + s.zoneOf(e.To).Name, Rule: "5.3.1"})
	}
	if len(out) == 0 {
		out = append(out, rules.Action{Kind: "choose", Choice: "none", Label: "No axis of retreat (no free zone)", Rule: "5.3.1"})
	}
	// [EV Fatigue] "at any moment during the movement of an adverse
	// stack": the opponent's one decision inside the enemy move (this
	// window exists whatever the hands hold, spec §3.13).
	if s.fatigueDuringMove(opp) {
		out = append(out, rules.Action{Kind: "play", Choice: "fatigue", Label: "Play Fatigue: the moving enemy stack draws one more fatigue marker now [EV Fatigue]", Rule: "EV Fatigue"})
	}
	return out
}

// fatigueDuringMove: side may play [EV Fatigue] on the moving enemy stack
// now (a stack that draws fatigue: not a lone commander, not battle order).
func (s *State) fatigueDuringMove(side int) bool {
	m := s.Move
	return m != nil && m.Side != side && !m.Lone && !m.BattleOrder && m.Extra == 0 && slices.Contains(s.Hands[side], "fatigue")
}

func (s *State) applyAxis(a rules.Action) ([]rules.Event, error) {
	m := s.Move
	opp := 1 - m.Side
	if a.Kind == "play" && a.Choice == "fatigue" {
		// [EV Fatigue] one more marker in this step's draw, which no
		// commander or baggage may return; the axis is still to place.
		s.discard(opp, "fatigue")
		m.Extra++
		m.Pending++
		return []rules.Event{{Kind: "event", Text: sideNames[opp] + " plays Fatigue: the moving stack draws one more fatigue marker", Rule: "EV Fatigue", Side: rules.Side(opp)}}, nil
	}
	ax := s.axes(m.Zone)
	ev := rules.Event{Kind: "axis", Rule: "5.3.1", Side: rules.Side(opp)}
	if a.Choice == "none" {
		ax[opp] = -1
		ev.Text = sideNames[opp] + " has no axis of retreat at " + s.zoneOf(m.Zone).Name
	} else {
		ci, _ := strconv.Atoi(a.Choice)
		ax[opp] = ci
		ev.Text = fmt.Sprintf("%s places its Retraite marker toward %s", sideNames[opp], s.zoneOf(a.To).Name)
	}
	s.setAxes(m.Zone, ax)
	return append([]rules.Event{ev}, s.toFatigue()...), nil
}

func (s *State) fatigueChances() []rules.Outcome {
	k := 0
	for v := 0; v <= 9; v++ {
		if s.Bag[v] > 0 {
			k++
		}
	}
	if k == 0 {
		return nil
	}
	out := make([]rules.Outcome, 0, k)
	for v := 0; v <= 9; v++ {
		if n := s.Bag[v]; n > 0 {
			out = append(out, rules.Outcome{Action: rules.Action{Kind: "draw", Choice: fatigueChoice[v], Label: "Fatigue marker", Rule: "5.3.2"}, Weight: n})
		}
	}
	return out
}

// fatigueChoice is the choice of drawing a fatigue marker of each value.
var fatigueChoice = func() (c [10]string) {
	for v := range c {
		c[v] = "fatigue=" + strconv.Itoa(v)
	}
	return c
}()

func (s *State) applyFatigue(a rules.Action) ([]rules.Event, error) {
	m := s.Move
	v, _ := strconv.Atoi(a.Choice[len("fatigue="):])
	s.addBag(v, -1)
	m.Drawn = append(m.Drawn, v)
	m.Due--
	m.Last = v
	ev := rules.Event{Kind: "draw", Text: sideNames[m.Side] + " draws a fatigue marker", Rule: "5.3.2", Side: rules.Side(m.Side),
		Private: fmt.Sprintf("Fatigue marker: %d (total %d)", v, sum(m.Drawn)), Owner: rules.Side(m.Side)}
	switch {
	case m.Extra > 0:
		m.Extra-- // [EV Fatigue] the extra marker cannot be returned
		ev.Text += " (Fatigue event)"
		ev.Rule = "EV Fatigue"
	case m.Returns > 0:
		s.Sub = SubReturn
	}
	return []rules.Event{ev}, nil
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func (s *State) applyReturn(a rules.Action) ([]rules.Event, error) {
	m := s.Move
	s.Sub = SubFatigue
	if a.Choice == "return" {
		s.addBag(m.Last, 1)
		m.Drawn = m.Drawn[:len(m.Drawn)-1]
		m.Returns--
		return []rules.Event{{Kind: "draw", Text: sideNames[m.Side] + " returns a fatigue marker", Rule: "5.3.2", Side: rules.Side(m.Side),
			Private: fmt.Sprintf("Returned a fatigue marker of %d", m.Last), Owner: rules.Side(m.Side)}}, nil
	}
	return nil, nil
}

// afterFatigue tallies the markers [5.3.2]: units whose morale the total
// exceeds stop and lose 1 SS (a detachment is demoralised instead).
func (s *State) afterFatigue() []rules.Event {
	m := s.Move
	total := sum(m.Drawn)
	var evs []rules.Event
	var mb [16]int // (speed: no allocation)
	for _, i := range s.movingIn(mb[:0]) {
		d := s.def(i)
		if d.Kind != KDiv && d.Kind != KDet {
			continue
		}
		if total <= s.Morale(i) {
			continue
		}
		m.Units = slices.DeleteFunc(m.Units, func(id string) bool { return id == d.ID })
		s.Units[i].Activated = true
		ev := rules.Event{Kind: "fatigue", Text: aSide(m.Side) + " counter stops, worn out", Rule: "5.3.2", Side: rules.Side(m.Side), Owner: rules.Side(m.Side)}
		if d.Kind == KDet {
			s.Units[i].Demoral = true
			ev.Private = d.Name + " stops and is demoralised by fatigue"
			evs = append(evs, ev)
			continue
		}
		ev.Private = d.Name + " stops and loses 1 SS to fatigue"
		evs = append(evs, ev)
		evs = append(evs, s.loseSS(i, false)...)
	}
	hasUnit := false
	for _, i := range s.movingIn(mb[:0]) {
		if isUnit(s.def(i)) {
			hasUnit = true
		}
	}
	switch {
	case !hasUnit && m.Entered:
		return append(evs, s.endMove()...)
	case !s.anyMoving():
		return append(evs, s.endMove()...)
	case m.Entered && !m.Forced:
		s.Sub = SubForced
	case m.Entered:
		s.Sub = SubForced
	default:
		s.Sub = SubMove
	}
	return evs
}

func (s *State) applyForced(a rules.Action) ([]rules.Event, error) {
	if a.Choice == "stop" {
		return s.endMove(), nil
	}
	m := s.Move
	m.Forced = true
	return s.startCombat(m.Side, m.Zone, true), nil
}

func (s *State) applyContinue(a rules.Action) ([]rules.Event, error) {
	m := s.Move
	if a.Choice == "stop" {
		return s.endMove(), nil
	}
	m.Entered = false
	m.Pending = 1 // [5.3.3] one more fatigue marker
	return s.toFatigue(), nil
}

// endMove: the markers go back to the container, the stack is activated.
func (s *State) endMove() []rules.Event {
	m := s.Move
	if m == nil {
		return s.afterOp()
	}
	if !m.Lone && !m.BattleOrder && m.Steps > 0 {
		lm := &LastMove{Side: m.Side, Total: sum(m.Drawn)}
		var mb [16]int // (speed: no allocation)
		for _, i := range s.movingIn(mb[:0]) {
			lm.Units = append(lm.Units, s.def(i).ID)
		}
		if len(lm.Units) > 0 {
			s.LastMove = lm
		}
	}
	for _, v := range m.Drawn {
		s.addBag(v, 1)
	}
	m.Drawn = nil
	var mb [16]int // (speed: no allocation)
	for _, i := range s.movingIn(mb[:0]) {
		s.Units[i].Activated = true
	}
	return s.afterOp()
}

// exitMap: units leaving the map are removed; toward an enemy depot they
// give VP to the opponent [5.3.5]; the Allies at Fuentidueña wait [CR7].
func (s *State) exitMap(ms []int, to string) []rules.Event {
	var evs []rules.Event
	for _, i := range ms {
		d := s.def(i)
		if d.Side == Allied && isFuentiduena(to) {
			s.Units[i].Off, s.Units[i].OffTurn = OffFuentidu, int16(s.Turn)
			s.placed(i)
			continue
		}
		friendly := s.isDepotFor(d.Side, "", to)
		if d.Kind == KDiv {
			s.Units[i].Exited = true // [S2 VC] [S3 VC] [S5 VC]
			s.Units[i].OffTurn = int16(s.Turn)
		}
		if friendly {
			s.Units[i].Off = OffExited
			s.placed(i)
			continue
		}
		evs = append(evs, s.eliminate(i, true)...)
		s.Units[i].Off = OffExited
		s.Units[i].At = to
		s.placed(i)
	}
	evs = append(evs, rules.Event{Kind: "exit", Text: aSide(s.def(ms[0]).Side) + " stack leaves the map " + towardName(s.zoneOf(to).Name), Rule: "5.3.5", Side: rules.Side(s.def(ms[0]).Side)})
	return evs
}

// exitVPTurn is the first turn of the August 8 exits [S2 VC] [S3 VC].
func (s *State) exitVPTurn() int {
	switch s.sc.ID {
	case "marshals-retreat":
		return 11
	case "marshals-three-armies":
		return 22
	}
	return 1 << 30
}

// triggers notes the scenario triggers of [S1.2] and [S1.3].
func (s *State) triggers(side int, ms []int, to string, c zone.Connection) {
	if side != Allied || s.sc.ID != "marshals-advance" {
		return
	}
	key := to
	if key == "talavera" || key == "arenas" || key == "la-nava" {
		s.setFlag("s1-2-released")
		for _, i := range ms {
			if n := s.def(i).Nat; n == "british" || s.def(i).Army == "estremadura" {
				if !s.flag("s1-3-fired") {
					s.setFlag("s1-3-fired")
					s.setFlag("mesentente-due")
				}
			}
		}
	}
	if c.RiverName == "tagus" {
		for _, i := range ms {
			if s.def(i).Army == "lamancha" {
				s.setFlag("s1-2-released")
			}
		}
	}
}

// isFuentiduena: the linked exits toward Fuentidueña [CR7].
func isFuentiduena(z string) bool { return strings.Contains(z, "fuentiduena") }
