package marshals

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"grognard/rules"
)

// mayOperate reports whether a counter may be activated this turn under
// [EV Inactivité] (only units in contested zones; the Allied marker only
// binds the La Mancha army) and [S1.2] (the frozen French).
func (s *State) mayOperate(i int) bool {
	d := s.def(i)
	z := s.Units[i].At
	if s.flag(inactiviteFlag[d.Side]) && !s.Contested(z) {
		if d.Side == French || d.Army == "lamancha" {
			return false
		}
	}
	return !s.frozen(i)
}

// inactiviteFlag is the flag of [EV Inactivité] for each side.
var inactiviteFlag = [2]string{"inactivite-0", "inactivite-1"}

// frozen: [S1.2] Joseph, Victor, the Reserve Army and the 1st corps (and
// the detachments and decoys with them) wait until an Allied unit reaches
// Talavera, Arenas or La Nava or La Mancha crosses the Tagus.
func (s *State) frozen(i int) bool {
	if s.sc.ID != "marshals-advance" || s.flag("s1-2-released") {
		return false
	}
	d := s.def(i)
	if d.Side != French {
		return false
	}
	if d.Army == "reserve" || d.Army == "1st" {
		return true
	}
	if d.Kind == KDet || d.Kind == KDecoy {
		for _, j := range s.sideAt(French, s.Units[i].At, nil) {
			if dj := s.def(j); dj.Army == "reserve" || dj.Army == "1st" {
				return true
			}
		}
	}
	return false
}

// available counters of side at zone: on the map, not activated [5.0].
func (s *State) available(side int, z string) []int {
	var out []int
	var ab [64]int // (speed: the counters there, no allocation)
	for _, i := range s.sideAtIn(ab[:0], side, z) {
		if !s.Units[i].Activated && s.mayOperate(i) {
			out = append(out, i)
		}
	}
	return out
}

// zonesOf lists the zones holding counters of side, sorted.
func (s *State) zonesOf(side int) []string {
	ix := s.pos()
	if ix.other > 0 {
		return s.zonesOfSlow(side)
	}
	// Every zone holding a counter of the side, from the index, in the
	// order of the sorted ids [issue 20].
	n := 0
	for _, zi := range s.sc.idsZi {
		if ix.all[zi][side] > 0 {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]string, 0, n)
	for k, zi := range s.sc.idsZi {
		if ix.all[zi][side] > 0 {
			out = append(out, s.sc.ids[k])
		}
	}
	return out
}

// zonesOfSlow is zonesOf by a pass over the counters.
func (s *State) zonesOfSlow(side int) []string {
	var out []string
	var seenBuf [256]bool // (speed: no allocation)
	seen := seenBuf[:0]
	if n := len(s.sc.zoff); n <= len(seenBuf) {
		seen = seenBuf[:n]
	} else {
		seen = make([]bool, n)
	}
	for i := range s.Units {
		if s.def(i).Side != side || !s.onMap(i) {
			continue
		}
		z := s.Units[i].At
		if zi, ok := s.sc.zi[z]; ok {
			if !seen[zi] {
				seen[zi] = true
				out = append(out, z)
			}
		} else if !slices.Contains(out, z) {
			out = append(out, z)
		}
	}
	slices.Sort(out)
	return out
}

// legalOp: move a stack, fight in a contested zone, or pass [5.0].
func (s *State) legalOp() []rules.Action {
	side := s.Act
	evs := s.legalOpEvents(side)
	fatigue := false
	if lm := s.LastMove; lm != nil && lm.Side != side && slices.Contains(s.Hands[side], "fatigue") {
		fatigue = true
	}
	boxes := s.legalBoxes(side)
	// One pass over the counters: for each zone of the side, whether a
	// counter there is available [5.0] and whether one can fight [5.4]
	// (available and canAttackFrom, zone by zone).
	zs := s.zonesOf(side)
	var availBuf, attackBuf [64]bool // (speed: no allocation)
	avail, attack := availBuf[:0], attackBuf[:0]
	if len(zs) <= len(availBuf) {
		avail, attack = availBuf[:len(zs)], attackBuf[:len(zs)]
	} else {
		avail, attack = make([]bool, len(zs)), make([]bool, len(zs))
	}
	for i := range s.Units {
		if s.def(i).Side != side || !s.onMap(i) {
			continue
		}
		k, _ := slices.BinarySearch(zs, s.Units[i].At)
		if avail[k] && attack[k] {
			continue
		}
		if !s.mayOperate(i) {
			continue
		}
		if !s.Units[i].Activated {
			avail[k] = true
		}
		if d := s.def(i); d.Kind == KDiv || d.Kind == KDet {
			attack[k] = true
		}
	}
	var ob [256][2]bool // (speed: no allocation)
	o := s.occupancyIn(ob[:])
	// The list is allocated once at its length [issue 20].
	n := 1 + len(evs) + len(boxes)
	if fatigue {
		n++
	}
	for k, z := range zs {
		if avail[k] {
			n++
		}
		if v := o.at(z); v[0] && v[1] && attack[k] {
			n++
		}
	}
	out := make([]rules.Action, 1, n)
	out[0] = rules.Action{Kind: "pass", Label: "Pass", Rule: "5.0"}
	out = append(out, evs...)
	if fatigue {
		out = append(out, rules.Action{Kind: "play", Choice: "fatigue", Label: "Play Fatigue: the enemy stack that just moved draws one more fatigue marker", Rule: "EV Fatigue"})
	}
	out = append(out, boxes...)
	for k, z := range zs {
		zi, isZone := s.sc.zi[z]
		if avail[k] {
			label := "Activate a stack at " + s.zoneOf(z).Name
			if isZone {
				label = s.sc.lbl.activate[zi] // the same text, made once
			}
			out = append(out, rules.Action{Kind: "order", To: z, Label: label, Rule: "5.2"})
		}
		if v := o.at(z); v[0] && v[1] && attack[k] {
			label := "Combat at " + s.zoneOf(z).Name
			if isZone {
				label = s.sc.lbl.combat[zi]
			}
			out = append(out, rules.Action{Kind: "choose", Choice: "combat", To: z, Label: label, Rule: "5.4"})
		}
	}
	return out
}

// canAttackFrom: a combat needs a fighting unit of the side in the zone
// that the turn's restrictions let operate [5.4] [EV Inactivité].
func (s *State) canAttackFrom(side int, z string) bool {
	for _, i := range s.sideAt(side, z, nil) {
		if d := s.def(i); (d.Kind == KDiv || d.Kind == KDet) && s.mayOperate(i) {
			return true
		}
	}
	return false
}

func (s *State) applyOp(a rules.Action) ([]rules.Event, error) {
	side := s.Act
	if a.Kind == "play" && a.Choice == "fatigue" {
		s.discard(side, "fatigue")
		s.Sub = SubFatEv
		return []rules.Event{{Kind: "event", Text: sideNames[side] + " plays Fatigue: the stack that just moved draws one more fatigue marker", Rule: "EV Fatigue", Side: rules.Side(side)}}, nil
	}
	if a.Choice == "box-open" || a.Choice == "box-close" {
		return s.applyBox(side, a), nil // [1.3] part of the operation choice
	}
	if a.Kind != "play" && a.Kind != "deploy" {
		s.LastMove = nil
	}
	switch a.Kind {
	case "pass":
		s.Passes++
		ev := rules.Event{Kind: "pass", Text: sideNames[side] + " passes", Rule: "5.0", Side: rules.Side(side)}
		if s.Passes >= 2 {
			s.nextPhase()
			return []rules.Event{ev, {Kind: "phase", Text: "Both sides passed: the operations phase ends", Rule: "5.0", Side: rules.NoSide}}, nil
		}
		return append([]rules.Event{ev}, s.afterOp()...), nil
	case "order":
		s.Passes = 0
		var ids []string
		for _, i := range s.available(side, a.To) {
			ids = append(ids, s.def(i).ID)
		}
		s.Move = &MoveState{Side: side, From: a.To, Zone: a.To, Units: ids, Composing: true, Last: -1, Conn: -1}
		s.Sub = SubCompose
		return []rules.Event{{Kind: "order", Text: sideNames[side] + " activates a stack at " + s.zoneOf(a.To).Name, Rule: "5.0", Side: rules.Side(side)}}, nil
	case "choose":
		s.Passes = 0
		return s.startCombat(side, a.To, false), nil
	case "play", "deploy":
		return s.applyOpEvent(a)
	}
	return nil, rules.Illegal("5.0", "unknown operation")
}

// afterOp ends an operation: the storm die [EV Orage], then the other side.
func (s *State) afterOp() []rules.Event {
	s.BoxZones = nil
	s.Move = nil
	s.Combat = nil
	s.delFlag("gue-0")
	s.delFlag("gue-1")
	if s.flag("orage") {
		s.Sub = SubOrage
		return nil
	}
	s.Act = 1 - s.Act
	s.Sub = SubOp
	return nil
}

func (s *State) applyOrage(a rules.Action) ([]rules.Event, error) {
	ev := rules.Event{Kind: "roll", Text: fmt.Sprintf("Storm die: %d", a.Dice[0]), Rule: "EV Orage", Side: rules.NoSide, Dice: a.Dice}
	if a.Dice[0] == 6 {
		ev.Text += ": the operations phase ends"
		s.nextPhase()
		return []rules.Event{ev}, nil
	}
	s.Act = 1 - s.Act
	s.Sub = SubOp
	return []rules.Event{ev}, nil
}

// moving returns the indexes of the moving counters.
func (s *State) moving() []int {
	if s.Move == nil {
		return nil
	}
	return s.movingIn(make([]int, 0, len(s.Move.Units)))
}

// movingIn is moving appended to buf (a caller's array: no allocation); nil
// when no counter moves, as moving.
func (s *State) movingIn(buf []int) []int {
	if s.Move == nil {
		return nil
	}
	out := buf
	for _, id := range s.Move.Units {
		if i := s.idx(id); i >= 0 && s.onMap(i) {
			out = append(out, i)
		}
	}
	return out
}

// anyMoving is len(moving()) > 0 without the list.
func (s *State) anyMoving() bool {
	if s.Move == nil {
		return false
	}
	for _, id := range s.Move.Units {
		if i := s.idx(id); i >= 0 && s.onMap(i) {
			return true
		}
	}
	return false
}

// legalCompose: add or leave counters of the zone, then confirm [5.1].
func (s *State) legalCompose() []rules.Action {
	m := s.Move
	avail := s.available(m.Side, m.From)
	out := make([]rules.Action, 0, len(avail)+1)
	for _, i := range avail {
		id := s.def(i).ID
		if slices.Contains(m.Units, id) {
			out = append(out, rules.Action{Kind: "choose", Unit: id, Choice: "leave", Label: s.sc.lbl.leave[i], Rule: "5.1"})
		} else {
			out = append(out, rules.Action{Kind: "choose", Unit: id, Choice: "add", Label: s.sc.lbl.add[i], Rule: "5.1"})
		}
	}
	if why := s.stackProblem(); why == "" {
		out = append(out, rules.Action{Kind: "end", Choice: "confirm", Label: "Activate this stack", Rule: "5.2", Info: s.commandOdds()})
	}
	if len(out) == 0 {
		return nil // as the list grown from nil was
	}
	return out
}

// anyAvailable is len(available(side, z)) > 0 without the list.
func (s *State) anyAvailable(side int, z string) bool {
	for i := range s.Units {
		d := s.def(i)
		if d.Side == side && s.Units[i].At == z && s.Units[i].Off == OffNone && !s.Units[i].Activated && s.mayOperate(i) {
			return true
		}
	}
	return false
}

// stackProblem says why the composed stack may not be activated ("" if it may).
func (s *State) stackProblem() string {
	var mb [16]int // (speed: no allocation)
	ms := s.movingIn(mb[:0])
	if len(ms) == 0 {
		return "the stack is empty [5.1]"
	}
	if s.flag("mesentente") && s.Move.Side == Allied {
		brit, spain := false, false
		for _, i := range ms {
			switch s.def(i).Nat {
			case "british":
				brit = true
			case "spanish":
				spain = true
			}
		}
		if brit && spain {
			return "British and Spanish units cannot be activated together this turn [EV Mésentente]"
		}
	}
	return ""
}

func (s *State) applyCompose(a rules.Action) ([]rules.Event, error) {
	m := s.Move
	switch a.Choice {
	case "leave":
		m.Units = slices.DeleteFunc(m.Units, func(id string) bool { return id == a.Unit })
		return nil, nil
	case "add":
		m.Units = append(m.Units, a.Unit)
		slices.Sort(m.Units)
		return nil, nil
	}
	m.Composing = false
	var mb [16]int // (speed: no allocation)
	ms := s.movingIn(mb[:0])
	m.Lone = true
	for _, i := range ms {
		if isUnit(s.def(i)) {
			m.Lone = false
		}
	}
	ev := rules.Event{Kind: "order", Text: sideNames[m.Side] + " stack at " + s.zoneOf(m.From).Name + " is activated", Rule: "5.2", Side: rules.Side(m.Side)}
	if m.Lone {
		// [7.1] commanders alone: 10 MP, no command test, no fatigue.
		m.MP = 10
		s.startMove()
		return []rules.Event{ev}, nil
	}
	if s.autoCommand() {
		// [5.2] the commander in chief in the (uncontested) zone.
		m.MP = s.stackMP()
		ev.Private = "The commander in chief is here: the stack moves with all its MP"
		ev.Owner = rules.Side(m.Side)
		s.startMove()
		return []rules.Event{ev}, nil
	}
	s.Sub = SubCommand
	return []rules.Event{ev}, nil
}

// stackMP is the MP of the stack: its slowest member [5.3] (spec §3.5).
func (s *State) stackMP() int {
	mp := 0
	var mb [16]int // (speed: no allocation)
	for k, i := range s.movingIn(mb[:0]) {
		v := s.UnitMP(i)
		if k == 0 || v < mp {
			mp = v
		}
	}
	return mp
}

// cincOf is the commander in chief a counter answers to: its army's own
// commander in chief (La Mancha), else the side's of the turn [CR1] [CR6].
func (s *State) cincOf(i int) string {
	// The candidates (a commander in chief of the counter's own army, not
	// one of the side's) are fixed per scenario: armyCinC [issue 20].
	for _, j := range s.sc.armyCinC(i) {
		if s.onMap(j) {
			return s.sc.Defs[j].ID
		}
	}
	return s.CinC[s.def(i).Side]
}

// autoCommand: no test when a commander in chief of the stack stands in
// the zone and the zone is not contested [5.2].
func (s *State) autoCommand() bool {
	m := s.Move
	if s.Contested(m.From) {
		return false
	}
	var mb [16]int // (speed: no allocation)
	for _, i := range s.movingIn(mb[:0]) {
		c := s.cincOf(i)
		if c == "" {
			continue
		}
		if u, _ := s.unit(c); u != nil && u.Off == OffNone && u.At == m.From {
			return true
		}
	}
	return false
}

// CommandMods lists the command-test modifiers of the moving stack [5.2].
func (s *State) CommandMods() (int, []string) {
	m := s.Move
	var mb [16]int // (speed: no allocation)
	ms := s.movingIn(mb[:0])
	total := 0
	var why []string
	// Subordinate commander: his SV if a unit of his corps is in the stack [5.2] [7.10].
	best, name := 0, ""
	for _, i := range ms {
		d := s.def(i)
		if d.Kind != KCmd || d.ID == s.CinC[m.Side] && !s.Contested(m.From) {
			continue
		}
		ok := d.Army == ""
		for _, j := range ms {
			if dj := s.def(j); isUnit(dj) && dj.Army == d.Army {
				ok = true
			}
		}
		if ok && d.SV > best {
			best, name = d.SV, d.Name
		}
	}
	if best > 0 {
		total += best
		why = append(why, "+"+strconv.Itoa(best)+" "+name+" [5.2]")
	}
	cav, units := true, 0
	var armyBuf [8]string // the army corps met (speed: no map)
	armies := armyBuf[:0]
	spanish := false
	for _, i := range ms {
		d := s.def(i)
		if !isUnit(d) {
			continue
		}
		units++
		if !d.Cav() {
			cav = false
		}
		if d.Kind != KDet && d.Kind != KDecoy && d.Army != "" && !slices.Contains(armies, d.Army) {
			armies = append(armies, d.Army)
		}
		if d.Nat == "spanish" {
			spanish = true
		}
	}
	if units > 0 && cav {
		total++
		why = append(why, "+1 cavalry only [5.2]")
	}
	// +1 with a line of communication to the commander in chief [5.2] [CR4] [CR5].
	// (Each commander's place is asked once, and no more once a line is
	// found: LoCTo changes nothing.)
	loc := false
	var askedBuf [8]string
	asked := askedBuf[:0]
	for _, i := range ms {
		c := s.cincOf(i)
		if slices.Contains(asked, c) {
			continue
		}
		asked = append(asked, c)
		if cu, _ := s.unit(c); cu != nil && cu.Off == OffNone && s.LoCTo(m.Side, m.From, cu.At) {
			loc = true
			break
		}
	}
	if !loc {
		loc = s.substituteLoC(ms)
	}
	if loc {
		total++
		why = append(why, "+1 line of communication to the commander in chief [5.2]")
	}
	if s.Contested(m.From) {
		mine, theirs := 0, 0
		for _, i := range ms {
			mine += s.CavSS(i)
		}
		for _, i := range s.sideAt(1-m.Side, m.From, nil) {
			theirs += s.CavSS(i)
		}
		if mine > theirs {
			total++
			why = append(why, "+1 more cavalry in the contested zone [5.2]")
		} else {
			total--
			why = append(why, "-1 not more cavalry in the contested zone [5.2]")
		}
	}
	if len(armies) > 1 {
		total--
		why = append(why, "-1 units of different army corps [7.10]")
	}
	if s.flag("hesitations") && m.Side == Allied && spanish {
		total -= 2
		why = append(why, "-2 Hésitations [EV Hésitations]")
	}
	return total, why
}

// applyCommand resolves the command test [5.2]: 5+ all MP, 3-4 half
// (rounded up [1.5]), 1-2 activated without doing anything.
func (s *State) applyCommand(a rules.Action) ([]rules.Event, error) {
	m := s.Move
	mod, why := s.CommandMods()
	t := a.Dice[0] + mod
	ev := rules.Event{Kind: "roll", Text: sideNames[m.Side] + " tests command", Rule: "5.2", Side: rules.Side(m.Side), Owner: rules.Side(m.Side)}
	detail := fmt.Sprintf("Command test: die %d", a.Dice[0])
	if len(why) > 0 {
		detail += " " + strings.Join(why, " ")
	}
	full := s.stackMP()
	switch {
	case t >= 5:
		m.MP = full
		ev.Private = fmt.Sprintf("%s = %d: all %d MP", detail, t, full)
	case t >= 3:
		m.MP = (full + 1) / 2
		ev.Private = fmt.Sprintf("%s = %d: half MP (%d)", detail, t, m.MP)
	default:
		ev.Private = fmt.Sprintf("%s = %d: the stack is activated without moving", detail, t)
		var mb [16]int // (speed: no allocation)
		for _, i := range s.movingIn(mb[:0]) {
			s.Units[i].Activated = true
		}
		evs := []rules.Event{ev, {Kind: "order", Text: "The stack does not move", Rule: "5.2", Side: rules.Side(m.Side)}}
		return append(evs, s.afterOp()...), nil
	}
	s.startMove()
	return []rules.Event{ev}, nil
}

// startMove opens the move proper after the command test.
func (s *State) startMove() {
	m := s.Move
	s.Sub = SubMove
	m.Visited = []string{m.From}
	// [5.3.2] returns: one per baggage unit, one for a commander; a corps
	// baggage or corps commander only with a unit of his corps [7.10] (a
	// commander in chief always).
	cmd := false
	var mb [16]int // (speed: no allocation)
	ms := s.movingIn(mb[:0])
	hasCorps := func(army string) bool {
		if army == "" {
			return true
		}
		for _, j := range ms {
			if dj := s.def(j); isUnit(dj) && dj.Kind != KBaggage && dj.Army == army {
				return true
			}
		}
		return false
	}
	for _, i := range ms {
		d := s.def(i)
		switch d.Kind {
		case KBaggage:
			if hasCorps(d.Army) {
				m.Returns++
			}
		case KCmd:
			if d.CinC || hasCorps(d.Army) {
				cmd = true
			}
		}
	}
	if cmd {
		m.Returns++
	}
	// [7.8] a demoralised stack moves only toward a depot.
	if s.stackDemoral() {
		m.Depots = s.depotDistances(m.Side, m.From)
	}
}

func (s *State) stackDemoral() bool {
	var mb [16]int // (speed: no allocation)
	for _, i := range s.movingIn(mb[:0]) {
		if s.Units[i].Demoral {
			return true
		}
	}
	return false
}

// substituteLoC: [CR4] La Mancha units (scenarios 1, 2, 3, 5) count a line
// to a Spanish depot of their own army (Ciudad Real, Bailén, Albacete,
// Fuentidueña: the Spanish depots the British do not share) as a line to
// their commander in chief; [CR5] the French 2nd, 5th and 6th corps
// (scenarios 1 and 3) count a line to the exits toward Ávila or Salamanca.
func (s *State) substituteLoC(ms []int) bool {
	m := s.Move
	if s.Contested(m.From) {
		return false
	}
	var target func(string) bool
	for _, i := range ms {
		d := s.def(i)
		switch {
		case d.Army == "lamancha" && s.sc.ID != "marshals-ocana" && s.sc.ID != "marshals-talavera":
			target = func(z string) bool { return s.isDepotFor(Allied, "spanish", z) && !s.isDepotFor(Allied, "british", z) }
		case (d.Army == "2nd" || d.Army == "5th" || d.Army == "6th") && (s.sc.ID == "marshals-advance" || s.sc.ID == "marshals-three-armies"):
			target = func(z string) bool {
				return s.sc.offmap[z] && (strings.Contains(z, "avila") || strings.Contains(z, "salamanca"))
			}
		}
		if target != nil {
			break
		}
	}
	if target == nil {
		return false
	}
	if target(m.From) {
		return true
	}
	var ob [256][2]bool // (speed: no allocation)
	o := s.occupancyIn(ob[:])
	free := s.locFree(m.Side, o)
	_, ok := s.sc.Graph.LineOfCommunicationVia(m.From, target, func(z string) bool { return target(z) || free(z) }, s.crossable, -1)
	return ok
}

// fatigueEvent [EV Fatigue]: one more marker for the stack that just moved,
// which no commander or baggage may return; units whose morale the new
// total exceeds (and the old did not) lose 1 SS, detachments are
// demoralised [5.3.2]. A mixed unit loses from its main track (spec §3.13:
// asking its owner would hand the seat back).
func (s *State) fatigueEvent(v int) []rules.Event {
	lm := s.LastMove
	s.LastMove = nil
	s.Sub = SubOp
	total := lm.Total + v
	evs := []rules.Event{{Kind: "draw", Text: sideNames[lm.Side] + " draws the extra fatigue marker", Rule: "EV Fatigue", Side: rules.Side(lm.Side),
		Private: fmt.Sprintf("Extra fatigue marker: %d (total %d)", v, total), Owner: rules.Side(lm.Side)}}
	for _, id := range lm.Units {
		i := s.idx(id)
		if i < 0 || !s.onMap(i) {
			continue
		}
		d := s.def(i)
		if d.Kind != KDiv && d.Kind != KDet {
			continue
		}
		mor := s.Morale(i)
		if total <= mor || lm.Total > mor {
			continue
		}
		ev := rules.Event{Kind: "fatigue", Text: aSide(lm.Side) + " counter suffers from fatigue", Rule: "EV Fatigue", Side: rules.Side(lm.Side), Owner: rules.Side(lm.Side)}
		if d.Kind == KDet {
			s.Units[i].Demoral = true
			ev.Private = d.Name + " is demoralised by fatigue"
			evs = append(evs, ev)
			continue
		}
		ev.Private = d.Name + " loses 1 SS to fatigue"
		evs = append(evs, ev)
		evs = append(evs, s.loseSS(i, false)...)
	}
	return evs
}
