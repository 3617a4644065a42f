package marshals

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"grognard/rules"
)

// EventInfo is an event marker's name and timing [§4].
type EventInfo struct {
	Name      string
	Immediate bool // "Phase B immediately": played at once or returned [4.0]
	Rule      string
}

// Events is the catalogue of the 28 event markers (names from the book).
var Events = map[string]EventInfo{
	"arriere-garde": {Name: "Arrière-garde"}, "au-son-du-canon": {Name: "Au son du canon"},
	"bagages": {Name: "Bagages"}, "canicule": {Name: "Canicule", Immediate: true},
	"charge-incontrolee": {Name: "Charge incontrôlée"}, "chargez": {Name: "Chargez"},
	"contre-batterie": {Name: "Contre-batterie"}, "elan": {Name: "Elan"}, "fatigue": {Name: "Fatigue"},
	"feu": {Name: "Feu"}, "foy": {Name: "Foy", Immediate: true}, "genie": {Name: "Génie"}, "gue": {Name: "Gué"},
	"guerilla": {Name: "Guerilla"}, "hesitations": {Name: "Hésitations", Immediate: true},
	"inactivite": {Name: "Inactivité", Immediate: true}, "initiative": {Name: "Initiative"},
	"leurre": {Name: "Leurre"}, "madrid": {Name: "Madrid", Immediate: true},
	"mesentente": {Name: "Mésentente", Immediate: true}, "mitraille": {Name: "Mitraille"},
	"mort-au-combat": {Name: "Mort au combat"}, "non-ravitaille": {Name: "Non ravitaillé", Immediate: true},
	"orage": {Name: "Orage", Immediate: true}, "panique": {Name: "Panique"}, "pluie": {Name: "Pluie", Immediate: true},
	"redoute": {Name: "Redoute"}, "renfort": {Name: "Renfort"},
}

func evName(id string) string {
	if e, ok := Events[id]; ok {
		return e.Name
	}
	return id
}

func evRule(id string) string { return "EV " + evName(id) }

// enterEvents: scheduled insertions, then the French block [4.0].
func (s *State) enterEvents() []rules.Event {
	var evs []rules.Event
	// [EV Foy] Renfort markers whose turn has come go into the container.
	for _, m := range s.Schedule[s.Turn] {
		s.addContainer(French, m, 1, false)
		evs = append(evs, rules.Event{Kind: "event", Text: "A Renfort marker goes into the French container", Rule: "EV Foy", Side: rules.Side(French)})
	}
	if _, ok := s.Schedule[s.Turn]; ok {
		s.Schedule = maps.Clone(s.Schedule) // copied on write (see delFlag)
		delete(s.Schedule, s.Turn)
	}
	// [S1.3] three Mésentente markers, the turn after the trigger.
	if s.flag("mesentente-due") {
		s.delFlag("mesentente-due")
		s.addContainer(Allied, "mesentente", 3, false)
		evs = append(evs, rules.Event{Kind: "event", Text: "Three Mésentente markers go into the Allied container", Rule: "S1.3", Side: rules.Side(Allied)})
	}
	s.Cur = French
	s.Sub = SubBefore
	return evs
}

// legalBefore: before the draw a side may play its Renfort or Bagages
// markers; the decision is offered every turn so it reveals nothing [4.0].
func (s *State) legalBefore() []rules.Action {
	out := []rules.Action{{Kind: "end", Choice: "draw", Label: "Go to the event draw", Rule: "4.0"}}
	if slices.Contains(s.Hands[s.Cur], "renfort") && s.reinfFor(s.Cur, s.Renforts[s.Cur]+1) != nil {
		out = append(out, rules.Action{Kind: "play", Choice: "renfort", Label: "Play Renfort: reinforcements arrive", Rule: "EV Renfort"})
	}
	if s.Cur == Allied && slices.Contains(s.Hands[s.Cur], "bagages") && s.bagagesOK() {
		out = append(out, rules.Action{Kind: "play", Choice: "bagages", Label: "Play Bagages: the British baggage arrives", Rule: "EV Bagages"})
	}
	return out
}

// reinfFor finds the reinforcement group a Renfort marker brings.
func (s *State) reinfFor(side, group int) *Reinf {
	for i := range s.sc.Reinfs {
		r := &s.sc.Reinfs[i]
		if r.Side == side && r.Group == group {
			if s.reinfZone(r, group) == "" {
				return nil
			}
			return r
		}
	}
	return nil
}

// reinfZone is where a group arrives: its zone, its entry letter, or the
// letter noted with Foy [5.3.6] [EV Foy].
func (s *State) reinfZone(r *Reinf, group int) string {
	if r.At != "" {
		return r.At
	}
	letter := r.Entry
	if letter == "" && group-1 < len(s.Foy) {
		letter = s.Foy[group-1]
	}
	if letter == "" {
		return ""
	}
	return s.entryZone(letter)
}

// entryZone is the on-map zone of an entry letter: the zone itself, or
// for an off-map exit the zone at the inner end of its connection [5.3.6]
// (spec §3.5 reading of "on the connection leading to map exit A").
func (s *State) entryZone(letter string) string {
	for _, z := range s.sc.Graph.Entries() {
		if z.Entry != letter {
			continue
		}
		if !z.IsOffmap() {
			return z.ID
		}
		for _, e := range s.sc.adj[z.ID] {
			if !s.sc.offmap[e.to] {
				return e.to
			}
		}
	}
	return ""
}

// bagagesUnit is the British baggage not yet in play [EV Bagages], or -1.
func (s *State) bagagesUnit() int {
	for i := range s.Units {
		d := s.def(i)
		if d.Kind == KBaggage && d.Nat == "british" && (s.Units[i].Off == OffPool || s.Units[i].Off == OffRenfort) {
			return i
		}
	}
	return -1
}

// bagagesZone is where the British baggage arrives [EV Bagages].
const bagagesZone = "plasencia"

func (s *State) bagagesOK() bool {
	// INTERPRETATION (spec §4): not while enemy units hold Plasencia.
	return s.bagagesUnit() >= 0 && s.sc.Graph.Has(bagagesZone) && s.freeFor(Allied, bagagesZone)
}

func (s *State) applyBefore(a rules.Action) ([]rules.Event, error) {
	switch a.Choice {
	case "renfort":
		s.discard(s.Cur, "renfort")
		s.Renforts[s.Cur]++
		return s.placeReinf(s.reinfFor(s.Cur, s.Renforts[s.Cur]), s.Renforts[s.Cur], "EV Renfort"), nil
	case "bagages":
		s.discard(s.Cur, "bagages")
		i := s.bagagesUnit()
		s.Units[i].Off, s.Units[i].At, s.Units[i].Activated = OffNone, bagagesZone, false
		s.placed(i)
		return []rules.Event{{Kind: "event", Text: "Allied plays Bagages: baggage arrives at " + s.zoneOf(bagagesZone).Name, Rule: "EV Bagages", Side: rules.Side(Allied)}}, nil
	}
	// [S3.2] the Foy marker is a mandatory draw on the July 22 turn.
	if s.Cur == French && s.sc.ID == "marshals-three-armies" && s.Turn == 5 && s.Containers[French]["foy"] > 0 {
		s.addContainer(French, "foy", -1, false)
		s.Drawn = "foy"
		s.Sub = SubDrawn
		return []rules.Event{{Kind: "event", Text: "The French draw the Foy marker (mandatory on July 22)", Rule: "S3.2", Side: rules.Side(French)}}, nil
	}
	s.Sub = SubDraw
	return nil, nil
}

// placeReinf puts a reinforcement stack on its entry zone [5.3.6].
func (s *State) placeReinf(r *Reinf, group int, rule string) []rules.Event {
	if r == nil {
		return nil
	}
	z := s.reinfZone(r, group)
	n := 0
	for _, id := range r.Units {
		u, _ := s.unit(id)
		if u != nil && u.Off == OffRenfort {
			u.Off, u.At, u.Activated = OffNone, z, false
			s.placed(s.idx(id))
			n++
		}
	}
	for k := 0; k < r.Decoys; k++ {
		if i := s.poolDecoy(r.Side, ""); i >= 0 {
			s.Units[i].Off, s.Units[i].At = OffNone, z
			s.placed(i)
		}
	}
	evs := []rules.Event{{Kind: "event", Text: fmt.Sprintf("%s reinforcements arrive at %s", sideNames[r.Side], s.zoneOf(z).Name), Rule: rule, Side: rules.Side(r.Side)}}
	if s.Contested(z) {
		evs = append(evs, s.reinfAxis(r.Side, z)...)
	}
	return evs
}

// reinfAxis [5.3.6]: a reinforcement stack arriving in a contested zone
// places its Retraite marker according to [5.3.1], on a connection toward
// a friendly depot if the zone has one, and then its opponent places his.
// Each is the player's choice when more than one connection fits (the
// seat passes to the opponent for his); a single fit is placed at once.
// If the zone was contested already, the newcomer's side keeps the axis of
// its stack there and the opponent his [5.3.1].
func (s *State) reinfAxis(side int, z string) []rules.Event {
	if _, known := s.Axes[z]; known {
		return nil
	}
	ax := s.axes(z)
	ax[side], ax[1-side] = -1, -1
	s.setAxes(z, ax)
	evs := []rules.Event{{Kind: "axis", Text: "Retraite markers to place at " + s.zoneOf(z).Name + " (reinforcements among the enemy)", Rule: "5.3.6", Side: rules.Side(side)}}
	s.RAxis = &RAxisState{Zone: z, Side: side, Who: side, Resume: s.Sub}
	return append(evs, s.raxisNext()...)
}

// raxisChoices are the connections the placing side may take [5.3.6].
func (s *State) raxisChoices() []int {
	r := s.RAxis
	ax := s.axes(r.Zone)
	var ok, depot []int
	for _, e := range s.sc.Graph.Neighbors(r.Zone) {
		if r.Who != r.Side && e.Index == ax[r.Side] || !s.validAxis(r.Who, r.Zone, e.Index, s.sideAt(r.Who, r.Zone, nil)) || slices.Contains(ok, e.Index) {
			continue
		}
		ok = append(ok, e.Index)
		if r.Who == r.Side && s.isDepotFor(r.Who, "", e.To) {
			depot = append(depot, e.Index)
		}
	}
	if len(depot) > 0 {
		return depot // [5.3.6] the newcomer's marker goes toward its depot
	}
	return ok
}

// raxisNext places what has one answer and stops at a real choice.
func (s *State) raxisNext() []rules.Event {
	var evs []rules.Event
	for s.RAxis != nil {
		ch := s.raxisChoices()
		if len(ch) > 1 {
			s.Sub = SubRAxis
			return evs
		}
		ci := -1
		if len(ch) == 1 {
			ci = ch[0]
		}
		evs = append(evs, s.raxisPlace(ci))
	}
	return evs
}

// raxisPlace puts the placing side's marker on ci (-1: no axis) and
// passes to the opponent, or back to the step the arrival came from.
func (s *State) raxisPlace(ci int) rules.Event {
	r := s.RAxis
	ax := s.axes(r.Zone)
	ax[r.Who] = ci
	s.setAxes(r.Zone, ax)
	ev := rules.Event{Kind: "axis", Rule: "5.3.6", Side: rules.Side(r.Who)}
	if ci < 0 {
		ev.Text = fmt.Sprintf("%s has no axis of retreat at %s", sideNames[r.Who], s.zoneOf(r.Zone).Name)
	} else {
		ev.Text = fmt.Sprintf("%s places its Retraite marker toward %s", sideNames[r.Who], s.zoneOf(s.sc.Graph.Conns[ci].Other(r.Zone)).Name)
	}
	if r.Who == r.Side {
		s.RAxis = &RAxisState{Zone: r.Zone, Side: r.Side, Who: 1 - r.Side, Resume: r.Resume}
	} else {
		s.Sub = r.Resume
		s.RAxis = nil
	}
	return ev
}

func (s *State) legalRAxis() []rules.Action {
	r := s.RAxis
	var out []rules.Action
	for _, ci := range s.raxisChoices() {
		to := s.sc.Graph.Conns[ci].Other(r.Zone)
		lbl := "Retraite marker toward " + s.zoneOf(to).Name
		if r.Who == r.Side {
			lbl += " (reinforcements)"
		}
		out = append(out, rules.Action{Kind: "choose", To: to, Choice: strconv.Itoa(ci), Label: lbl, Rule: "5.3.6"})
	}
	return out
}

func (s *State) applyRAxis(a rules.Action) ([]rules.Event, error) {
	ci, err := strconv.Atoi(a.Choice)
	if err != nil || !slices.Contains(s.raxisChoices(), ci) {
		return nil, rules.Illegal("5.3.6", "no such Retraite connection")
	}
	return append([]rules.Event{s.raxisPlace(ci)}, s.raxisNext()...), nil
}

// poolDecoy finds a decoy of side (nationality nat, "" any) out of play.
func (s *State) poolDecoy(side int, nat string) int {
	for i := range s.Units {
		d := s.def(i)
		if d.Kind == KDecoy && d.Side == side && (nat == "" || d.Nat == nat) && s.Units[i].Off == OffPool {
			return i
		}
	}
	return -1
}

func (s *State) drawChances() []rules.Outcome {
	c := s.Containers[s.Cur]
	keys := make([]string, 0, len(c))
	for k, n := range c {
		if n > 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	out := make([]rules.Outcome, len(keys))
	for i, k := range keys {
		out[i] = rules.Outcome{Action: rules.Action{Kind: "draw", Choice: k, Label: "Event drawn", Rule: "4.0"}, Weight: c[k]}
	}
	return out
}

func (s *State) applyDraw(a rules.Action) ([]rules.Event, error) {
	s.addContainer(s.Cur, a.Choice, -1, true)
	s.Drawn = a.Choice
	s.Sub = SubDrawn
	return []rules.Event{{Kind: "draw", Text: sideNames[s.Cur] + " draws an event marker", Rule: "4.0", Side: rules.Side(s.Cur),
		Private: "You draw " + evName(a.Choice), Owner: rules.Side(s.Cur)}}, nil
}

// afterDraw: an empty container gives no draw [4.0].
func (s *State) afterDraw() []rules.Event {
	ev := rules.Event{Kind: "event", Text: sideNames[s.Cur] + "'s container is empty: no event", Rule: "4.0", Side: rules.Side(s.Cur)}
	return append([]rules.Event{ev}, s.nextEventSide()...)
}

func (s *State) nextEventSide() []rules.Event {
	s.Drawn = ""
	if s.Cur == French {
		s.Cur = Allied
		s.Sub = SubBefore
		return nil
	}
	s.nextPhase()
	return nil
}

func (s *State) legalDrawn() []rules.Action {
	e := s.Drawn
	out := []rules.Action{{Kind: "choose", Choice: "return", Label: "Return the marker to the container (+2 VP to the opponent)", Rule: "4.0", Info: drawnInfo(e, "return")}}
	if Events[e].Immediate {
		out = append(out, rules.Action{Kind: "play", Choice: e, Label: "Play " + evName(e) + " now", Rule: evRule(e), Info: drawnInfo(e, "play")})
	} else {
		out = append(out, rules.Action{Kind: "choose", Choice: "keep", Label: "Keep the marker secretly", Rule: "4.0", Info: drawnInfo(e, "keep")})
	}
	return out
}

func (s *State) applyDrawn(a rules.Action) ([]rules.Event, error) {
	side := s.Cur
	e := s.Drawn
	switch a.Choice {
	case "return":
		// [4.0] [8.0] tempting fate: +2 VP to the opponent.
		s.addContainer(side, e, 1, false)
		s.VP2[1-side] += 4
		evs := []rules.Event{{Kind: "event", Text: sideNames[side] + " returns the marker to the container: +2 VP to the opponent", Rule: "4.0", Side: rules.Side(side)}}
		return append(evs, s.nextEventSide()...), nil
	case "keep":
		s.Hands[side] = append(s.Hands[side], e)
		sort.Strings(s.Hands[side])
		evs := []rules.Event{{Kind: "event", Text: sideNames[side] + " keeps the marker", Rule: "4.0", Side: rules.Side(side),
			Private: "You keep " + evName(e), Owner: rules.Side(side)}}
		return append(evs, s.nextEventSide()...), nil
	}
	return s.playImmediate(side, e)
}

// playImmediate resolves a "Phase B immediately" event [§4].
func (s *State) playImmediate(side int, e string) ([]rules.Event, error) {
	ev := rules.Event{Kind: "event", Rule: evRule(e), Side: rules.Side(side)}
	switch e {
	case "pluie", "orage", "canicule":
		// Both drawn: no cumulative effect [EV Pluie] [EV Orage] [EV Canicule].
		s.setFlag(e)
		ev.Text = fmt.Sprintf("%s plays %s", sideNames[side], evName(e))
		switch e {
		case "pluie":
			ev.Text += ": every connection costs 1 MP more and fords are impassable this turn"
		case "orage":
			ev.Text += ": after each operation a 6 on a die ends the operations phase"
		case "canicule":
			ev.Text += ": every moving stack draws one more fatigue marker per connection this turn"
		}
	case "hesitations":
		s.setFlag("hesitations")
		ev.Text = "Allied plays Hésitations: -2 to command tests of stacks with Spanish units this turn"
	case "inactivite":
		s.setFlag(fmt.Sprintf("inactivite-%d", side))
		ev.Text = sideNames[side] + " plays Inactivité: only units in contested zones may operate this turn"
		if side == Allied {
			ev.Text += " (La Mancha army only)"
		}
	case "mesentente":
		s.setFlag("mesentente")
		ev.Text = "Allied plays Mésentente: British and Spanish units cannot move or attack together this turn"
	case "madrid":
		s.EndTurn = true
		ev.Text = "French plays Madrid: the scenario ends at the end of this turn"
	case "foy":
		ev.Text = "French plays Foy: three Renfort markers will come in five days"
		ev.Private = ev.Text + "; note their entry zones"
		ev.Owner = rules.Side(French)
		s.Foy = nil
		s.Drawn = ""
		s.Sub = SubFoy
		return []rules.Event{ev}, nil
	case "non-ravitaille":
		ev.Text = sideNames[side] + " plays Non ravitaillé"
		s.Drawn = ""
		if side == Allied {
			s.queueNonRav(func(d *UnitDef) bool { return d.Nat == "british" })
			return append([]rules.Event{ev}, s.afterQueue()...), nil
		}
		s.Rolls = []Roll{{Kind: "nonrav-corps"}}
		s.Sub = SubRolls
		return []rules.Event{ev}, nil
	}
	return append([]rules.Event{ev}, s.nextEventSide()...), nil
}

// queueNonRav queues one die per affected divisional unit on the map.
func (s *State) queueNonRav(keep func(d *UnitDef) bool) {
	for i := range s.Units {
		d := s.def(i)
		if d.Kind == KDiv && s.onMap(i) && keep(d) {
			s.Rolls = append(s.Rolls, Roll{Kind: "nonrav", Unit: d.ID})
		}
	}
}

func (s *State) afterQueue() []rules.Event {
	if len(s.Rolls) > 0 {
		s.Sub = SubRolls
		return nil
	}
	return s.afterRolls()
}

// entryLetters are the reinforcement entry letters of the map [5.3.6].
func (s *State) entryLetters() []string {
	var out []string
	for _, z := range s.sc.Graph.Entries() {
		if s.entryZone(z.Entry) != "" && !slices.Contains(out, z.Entry) {
			out = append(out, z.Entry)
		}
	}
	sort.Strings(out)
	return out
}

func (s *State) legalFoy() []rules.Action {
	var out []rules.Action
	for _, l := range s.entryLetters() {
		out = append(out, rules.Action{Kind: "choose", Choice: l, Label: fmt.Sprintf("Renfort marker %d enters at %s", len(s.Foy)+1, l), Rule: "EV Foy"})
	}
	return out
}

func (s *State) applyFoy(a rules.Action) ([]rules.Event, error) {
	s.Foy = append(s.Foy, a.Choice)
	ev := rules.Event{Kind: "event", Text: "The French note an entry zone", Rule: "EV Foy", Side: rules.Side(French),
		Private: fmt.Sprintf("Renfort %d will enter at %s", len(s.Foy), a.Choice), Owner: rules.Side(French)}
	if len(s.Foy) < 3 {
		return []rules.Event{ev}, nil
	}
	s.Schedule = maps.Clone(s.Schedule) // copied on write (see delFlag), its lists too
	if s.Schedule == nil {
		s.Schedule = map[int][]string{}
	}
	t := s.Turn + 5
	s.Schedule[t] = append(slices.Clip(s.Schedule[t]), "renfort", "renfort", "renfort")
	return append([]rules.Event{ev}, s.nextEventSide()...), nil
}

// applyRolls resolves the first queued die.
func (s *State) applyRolls(a rules.Action) ([]rules.Event, error) {
	r := s.Rolls[0]
	s.Rolls = s.Rolls[1:]
	d := a.Dice[0]
	switch r.Kind {
	case "recover":
		return s.rollRecover(r.Unit, d), nil
	case "genie":
		return s.rollGenie(r.Unit, d), nil
	case "rally":
		return s.rollRally(r.Unit, d), nil
	case "nonrav-corps":
		// [EV Non ravitaillé] French: 1-5 the 1st corps, 6 the 4th corps.
		corps := "1st"
		if d == 6 {
			corps = "4th"
		}
		s.queueNonRav(func(u *UnitDef) bool { return u.Side == French && u.Army == corps })
		return []rules.Event{{Kind: "roll", Text: fmt.Sprintf("Non ravitaillé: die %d, the %s corps is affected", d, corps), Rule: "EV Non ravitaillé", Side: rules.Side(French), Dice: a.Dice}}, nil
	case "nonrav":
		i := s.idx(r.Unit)
		if i < 0 || !s.onMap(i) {
			return nil, nil
		}
		side := s.def(i).Side
		ev := rules.Event{Kind: "roll", Text: sideNames[side] + " tests a unit for supply", Rule: "EV Non ravitaillé", Side: rules.Side(side), Owner: rules.Side(side)}
		if d > s.Morale(i) {
			s.Units[i].Demoral = true
			evs := s.loseSS(i, false)
			ev.Private = fmt.Sprintf("%s: die %d > morale: demoralised and loses 1 SS", s.def(i).Name, d)
			return append([]rules.Event{ev}, evs...), nil
		}
		ev.Private = fmt.Sprintf("%s: die %d: supplied", s.def(i).Name, d)
		return []rules.Event{ev}, nil
	}
	return nil, nil
}

// afterRolls continues the phase once the queue is empty.
func (s *State) afterRolls() []rules.Event {
	if s.Phase == PhAdmin {
		return s.endAdmin()
	}
	if s.Phase == PhOperations {
		return s.endMove()
	}
	return s.nextEventSide()
}

// heldText lists a hand for its owner.
func heldText(h []string) string {
	n := make([]string, len(h))
	for i, e := range h {
		n[i] = evName(e)
	}
	return strings.Join(n, ", ")
}
