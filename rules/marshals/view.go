package marshals

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"grognard/rules"
)

func init() { register() }

// View is what side v may see [7.6] (spec §3.13): its own counters in
// full; each enemy counter on the map as an anonymous block ("stack-
// <zone>-<k>": its side and whether it was activated, as the counter's
// front [1.1.1]; decoys look the same), the counters in a nominative
// commander's closed box not at all [1.3]; the stacks revealed by the
// combat being fought in full [5.4]; its own hand, the number of markers
// each side holds; public markers.
func (s *State) View(v rules.Side) *rules.View { return s.viewOf(v, true) }

// viewOf builds View(v); full=false stops after the counters (the
// publicDecision check compares the two sides' counters).
func (s *State) viewOf(v rules.Side, full bool) *rules.View {
	vw := &rules.View{Side: v, Sides: sideNames[:], Status: s.Status(), Result: s.Result(), Hidden: true, Style: "counter",
		Board: &rules.Board{Kind: "zone", Zones: s.sc.Graph}}
	side := int(v)
	if side != French && side != Allied {
		side = -1
	}
	// The position index is read many times below (controls, the legal
	// list): brought up to date once and trusted until the view is made;
	// nothing here moves a counter [issue 20].
	s.trustPos()
	defer s.untrustPos()
	var revealed []bool // by counter
	if s.Combat != nil && s.Sub != SubDeclare {
		revealed = make([]bool, len(s.Units))
		for k := 0; k < 2; k++ {
			for _, id := range s.Combat.Units[k] {
				if i := s.idx(id); i >= 0 {
					revealed[i] = true
				}
			}
		}
	}
	if units := s.viewUnitsMemo(side, revealed); len(units) > 0 {
		vw.Units = units // [issue 20] made again only when a counter changed
	}
	if !full {
		return vw
	}
	if side >= 0 {
		for _, e := range s.Hands[side] {
			vw.Hand = append(vw.Hand, rules.Card{ID: e, Name: evName(e), Rule: evRule(e), Text: eventText(e)})
		}
		if s.Drawn != "" && s.Cur == side {
			vw.Notes = append(vw.Notes, drawnNote(s.Drawn))
		}
		if s.Move != nil && s.Move.Side == side && !s.Move.Composing {
			vw.Notes = append(vw.Notes, fmt.Sprintf("Moving stack: %d of %d MP spent, fatigue %d", s.Move.Spent, s.Move.MP, sum(s.Move.Drawn)))
		}
		if side == French && len(s.Foy) > 0 {
			vw.Notes = append(vw.Notes, "Foy entries noted: "+strings.Join(s.Foy, ", ")+" [EV Foy]")
		}
	}
	vw.HandCounts = []int{len(s.Hands[0]), len(s.Hands[1])}
	for _, f := range []string{"pluie", "orage", "canicule", "hesitations", "mesentente", "inactivite-0", "inactivite-1"} {
		if s.flag(f) {
			vw.Notes = append(vw.Notes, "In force this turn: "+flagText[f])
		}
	}
	for _, z := range sortedKeys(s.Axes) {
		ax := s.Axes[z]
		for k := 0; k < 2; k++ {
			if ax[k] >= 0 {
				c := s.sc.Graph.Conns[ax[k]]
				vw.Markers = append(vw.Markers, rules.Marker{At: z, Kind: "retreat", Text: fmt.Sprintf("%s Retraite toward %s [5.3.1]", sideNames[k], s.zoneOf(c.Other(z)).Name), To: c.Other(z)})
			}
		}
	}
	for _, ci := range sortedInts(s.Bridges) {
		c := s.sc.Graph.Conns[ci]
		vw.Markers = append(vw.Markers, rules.Marker{At: c.A, Kind: "bridge-destroyed", Text: "Bridge destroyed toward " + s.zoneOf(c.B).Name + " [7.7]", To: c.B})
	}
	if s.Combat != nil {
		vw.Markers = append(vw.Markers, rules.Marker{At: s.Combat.Zone, Kind: "battle", Text: "Battle [5.4]"})
	}
	vw.Extra = append(vw.Extra, rules.KV{Key: "French events in container", Value: strconv.Itoa(total(s.Containers[French]))},
		rules.KV{Key: "Allied events in container", Value: strconv.Itoa(total(s.Containers[Allied]))})
	vw.Tracks = append(vw.Tracks, rules.Track{Name: "Initiative", Items: []string{sideNames[s.Initiative]}})
	if s.Over {
		vp, lines := s.FinalVP()
		vw.Score = append([]string{fmt.Sprintf("French %s VP, Allied %s VP [8.0]", half(vp[0]), half(vp[1]))}, lines...)
	} else {
		vw.Score = s.heldNow()
	}
	if s.decider() == v && v >= 0 {
		vw.Legal = s.legal()
		vw.PublicDecision = s.publicDecision()
	}
	return vw
}

// viewUnitsOf is the counters of View(side) (viewOf): side's own in full,
// the enemy's as anonymous blocks, none in a closed box [1.3] [1.1.1];
// revealed marks the counters of the combat being fought [5.4].
func (s *State) viewUnitsOf(side int, revealed []bool) []rules.UnitView {
	// [1.3] the zones where a side's nominative commander stands with his
	// box closed: the side's counters there (not commanders, not decoys)
	// are hidden in it (inBox, once per view).
	var closed [2][]string
	for _, j := range s.sc.cmds {
		c := s.def(j)
		if (c.Side == French || c.Side == Allied) && !s.isGeneric(c.ID) && s.onMap(j) && !s.Units[j].BoxOpen {
			closed[c.Side] = append(closed[c.Side], s.Units[j].At)
		}
	}
	// [1.3] [1.1.1] the enemy's counters on the map: one anonymous block
	// per counter (its front: the side and whether it was activated),
	// except the counters hidden in a nominative commander's box.
	// What each counter shows: nothing, in full or as a block (counted
	// first, so the list is made once at its size).
	var showBuf [160]uint8
	show := showBuf[:0]
	if len(s.Units) > len(showBuf) {
		show = make([]uint8, 0, len(s.Units))
	}
	count := 0
	for i := range s.Units {
		d := s.def(i)
		u := &s.Units[i]
		sh := showNone
		switch {
		case d.Side == side:
			if u.Off != OffPool && u.Off != OffSetup && u.Off != OffRenfort {
				sh = showFull
			}
		case !s.onMap(i):
		case revealed != nil && revealed[i] && side >= 0:
			sh = showFull
		case d.Kind != KCmd && d.Kind != KDecoy && (d.Side == French || d.Side == Allied) && slices.Contains(closed[d.Side], u.At):
			// in a closed box (inBox)
		default:
			sh = showBlock
		}
		show = append(show, sh)
		if sh != showNone {
			count++
		}
	}
	if s.Sub == SubDecoy && s.Placing == side {
		count++
	}
	units := make([]rules.UnitView, 0, count)
	ix := s.pos()
	// The enemy blocks are listed as keys (counter, zone, front), sorted,
	// and only then made into views [issue 20].
	var keyBuf [160]blockKey
	blocks := keyBuf[:0]
	for i, sh := range show {
		if sh == showFull {
			units = append(units, s.unitViewMemo(i))
		}
		if sh != showBlock {
			continue
		}
		d := s.def(i)
		u := &s.Units[i]
		k := blockKey{at: u.At, i: i, side: d.Side, rank: -1}
		if zi := ix.uz[i]; zi >= 0 {
			k.rank = s.sc.zrank[zi]
		}
		if d.Side == Allied {
			// the front shows the counter's affiliation [1.1.1]: British or
			// Spanish (the book's decoys are of one nation or the other)
			k.nat, k.marks = d.Nat, 1
		}
		if u.Activated {
			k.marks++
		}
		blocks = append(blocks, k)
	}
	// [7.5] the starting decoy the side is placing: on its owner's screen
	// (off the map) so the side panel says what to do and how many are left.
	if s.Sub == SubDecoy && s.Placing == side {
		if i := s.nextDecoy(side); i >= 0 {
			uv := s.unitView(i)
			placed, left := s.decoysPlaced(side), s.decoysLeft(side)
			uv.Name = fmt.Sprintf("Starting decoy %d of %d [7.5]", placed+1, placed+left)
			uv.Detail = append(uv.Detail, decoyHint(s.decoysLeft(side)))
			units = append(units, uv)
		}
	}
	// The blocks by zone (in the order of the zone ids); within a zone the
	// order shows only what the fronts show: side, nationality, then the
	// counters still to activate first, then the counters' order.
	slices.SortFunc(blocks, func(a, b blockKey) int {
		if a.rank >= 0 && b.rank >= 0 {
			if a.rank != b.rank {
				return int(a.rank) - int(b.rank)
			}
		} else if c := strings.Compare(a.at, b.at); c != 0 {
			return c
		}
		if a.side != b.side {
			return a.side - b.side
		}
		if a.nat != b.nat {
			return strings.Compare(a.nat, b.nat)
		}
		if a.marks != b.marks {
			return a.marks - b.marks
		}
		return a.i - b.i // the order of the counters (as a stable sort)
	})
	n := 0
	for k, bk := range blocks {
		if k == 0 || blocks[k-1].at != bk.at {
			n = 0
		}
		n++
		b := rules.UnitView{ID: "stack-" + bk.at + "-" + strconv.Itoa(n), Side: rules.Side(bk.side), At: bk.at, Facing: -1, Hidden: true}
		switch u := &s.Units[bk.i]; {
		case bk.side == Allied && u.Activated:
			b.Markers = []string{bk.nat, "activated"}
		case bk.side == Allied:
			b.Markers = []string{bk.nat}
		case u.Activated:
			b.Markers = activatedMark[:]
		}
		units = append(units, b)
	}
	return units
}

var flagText = map[string]string{
	"pluie": "Pluie: +1 MP per connection, fords impassable [EV Pluie]", "orage": "Orage: a 6 after an operation ends the phase [EV Orage]",
	"canicule": "Canicule: +1 fatigue marker per connection [EV Canicule]", "hesitations": "Hésitations: -2 to Spanish command tests [EV Hésitations]",
	"mesentente": "Mésentente: British and Spanish apart [EV Mésentente]", "inactivite-0": "French Inactivité [EV Inactivité]",
	"inactivite-1": "Allied Inactivité (La Mancha) [EV Inactivité]",
}

func total(m map[string]int) int {
	t := 0
	for _, n := range m {
		t += n
	}
	return t
}

func sortedInts(m map[int]bool) []int {
	var out []int
	for k, v := range m {
		if v {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// unitView is a counter seen in full (own, or revealed in combat).
func (s *State) unitView(i int) rules.UnitView {
	d := s.def(i)
	u := &s.Units[i]
	ss := s.SS(i)
	uv := rules.UnitView{ID: d.ID, Name: d.Name, Short: d.Name, Side: rules.Side(d.Side), At: u.At, Facing: -1,
		Strength: ss, MaxStr: len(d.Track) + d.Art, Formation: d.Army}
	combat := d.Kind != KCmd && d.Kind != KDecoy && d.Kind != KBaggage
	var morale, mp int
	if combat {
		morale, mp = s.Morale(i), s.UnitMP(i)
	}
	switch d.Kind {
	case KCmd:
		uv.Type = "leader"
		if d.CinC {
			uv.Type = "commander"
		}
		uv.Values = "SV " + strconv.Itoa(d.SV)
	case KBaggage:
		uv.Type = "train"
		uv.Values = strconv.Itoa(d.MP) + " MP"
	case KDecoy:
		uv.Type = "light-cavalry"
		uv.Values = "decoy"
	case KDet:
		uv.Type = detType(d.Arm)
		uv.Size = "detachment"
		uv.MaxStr = 1
		uv.Values = valuesText(morale, mp)
	default:
		uv.Type = d.Arm
		if d.Heavy > 0 {
			uv.Type = "heavy-cavalry"
		}
		uv.Values = valuesText(morale, mp)
	}
	if u.Off == OffEliminated || u.Off == OffExited {
		uv.Eliminated = true
		uv.At = ""
	}
	n := int(u.Combats)
	for _, b := range [...]bool{u.Activated, u.Demoral, u.Back} {
		if b {
			n++
		}
	}
	if n > 0 {
		uv.Markers = make([]string, 0, n)
		if u.Activated {
			uv.Markers = append(uv.Markers, "activated")
		}
		if u.Demoral {
			uv.Markers = append(uv.Markers, "demoralised")
		}
		for k := 0; k < int(u.Combats); k++ {
			uv.Markers = append(uv.Markers, "combatted")
		}
		if u.Back {
			uv.Markers = append(uv.Markers, "back-to-river")
		}
	}
	if combat {
		uv.Detail = cardDetail(ss, s.ArtSS(i), morale, mp)
	}
	return uv
}

// blockKey is an enemy counter seen as an anonymous block: its zone, its
// side, the nationality its front shows and how many markers it bears.
type blockKey struct {
	at    string
	nat   string
	i     int
	side  int
	marks int
	rank  int32 // the zone's place among the sorted zone ids, -1 not a zone
}

// What a view shows of a counter.
const (
	showNone uint8 = iota
	showFull
	showBlock
)

// activatedMark is the markers of a French block just activated (shared:
// len == cap, so an append makes a new array) [1.1.1].
var activatedMark = [1]string{"activated"}

// The texts of a counter's card depend on a few small numbers only: they
// are made once and shared by every view (a Detail list of one line,
// len == cap, so an append makes a new array; nobody writes into a view's
// lists) [issue 20].
var (
	valuesTexts  [16 * 16]atomic.Pointer[string]            // morale, MP
	detailsTexts [32 * 4 * 16 * 16]atomic.Pointer[[]string] // SS, artillery SS, morale, MP
)

// valuesText is "<morale>-<MP>", the values printed on a counter [1.1.1].
func valuesText(morale, mp int) string {
	if morale < 0 || morale >= 16 || mp < 0 || mp >= 16 {
		return strconv.Itoa(morale) + "-" + strconv.Itoa(mp)
	}
	p := &valuesTexts[morale<<4|mp]
	if v := p.Load(); v != nil {
		return *v
	}
	t := strconv.Itoa(morale) + "-" + strconv.Itoa(mp)
	p.Store(&t)
	return t
}

// cardDetail is the card line of a unit: strength, artillery, morale, MP.
func cardDetail(ss, art, morale, mp int) []string {
	line := func() []string {
		return []string{strconv.Itoa(ss) + " SS (" + strconv.Itoa(art) + " artillery), morale " + strconv.Itoa(morale) + ", " + strconv.Itoa(mp) + " MP"}
	}
	if ss < 0 || ss >= 32 || art < 0 || art >= 4 || morale < 0 || morale >= 16 || mp < 0 || mp >= 16 {
		return line()
	}
	p := &detailsTexts[ss<<10|art<<8|morale<<4|mp]
	if v := p.Load(); v != nil {
		return *v
	}
	t := line()
	p.Store(&t)
	return t
}

// detType is a detachment's counter type by its arm.
func detType(arm string) string {
	switch arm {
	case Infantry:
		return "infantry"
	case Cavalry:
		return "cavalry"
	case ArtArm:
		return "artillery"
	case HorseArt:
		return "horse-artillery"
	}
	return ""
}

// eventText is a held marker's effect, in the engine's own words.
func eventText(e string) string {
	switch e {
	case "initiative":
		return "After the initiative roll: take the initiative this turn."
	case "renfort":
		return "Before the draw: the scenario's reinforcements arrive."
	case "bagages":
		return "Before the draw: the British baggage arrives at Plasencia."
	case "elan":
		return "In a combat with French divisional infantry: +1 CP."
	case "feu":
		return "In a combat with British divisional infantry: +1 CP."
	case "mitraille":
		return "Before the artillery fire: your dice hit on 3-6; you lose 1 artillery SS."
	case "chargez":
		return "In a combat: a French heavy-cavalry unit becomes head unit, +1 CP."
	case "arriere-garde":
		return "Before your retreat with cavalry: lose 1 cavalry SS; no demoralisation, no pursuit."
	case "au-son-du-canon":
		return "Before a melee: a fresh stack next door in a free zone joins the battle."
	case "charge-incontrolee":
		return "Before the losses: Payne takes the first Allied loss."
	case "contre-batterie":
		return "After the artillery fire, with guns: the enemy's hits do not count."
	case "fatigue":
		return "Right after an enemy move: its stack draws one more fatigue marker."
	case "genie":
		return "When a stack with divisional infantry is activated at a bridge: destroy or repair it."
	case "gue":
		return "At the start of your operation: a stack may cross a ford in battle order."
	case "guerilla":
		return "At the start of your operation: a guerilla marker on a zone free of French units."
	case "leurre":
		return "At the start of your operation: an eliminated decoy returns with a friendly stack."
	case "mort-au-combat":
		return "After a combat against a commander in chief: 11 or 12 on two dice kills him."
	case "panique":
		return "Before a melee: a Spanish division of the enemy stack flees one zone, demoralised."
	case "redoute":
		return "At the start of your operation: a Spanish infantry division digs in, +1 CP in its zone."
	}
	return "Played at once when drawn."
}

// publicDecision: the decisions that rest only on what both sides know —
// the head unit, the losses and the retreat of a revealed combat [5.4],
// the Retraite marker placed on the map [5.3.1] — AND whose screen shows
// nothing private of the decider. The hand-over screen protects the
// decider's own secrets from the player still at the screen, so the
// decision is public only when the decider's view holds nothing the
// opponent's view does not: every counter it shows in full is shown the
// same to the opponent (the revealed combat stacks), no held event, no
// private note (spec §3.13). In a campaign the decider's whole army is on
// its screen, so this is rare: conservative by design.
func (s *State) publicDecision() bool {
	switch s.Sub {
	case SubHead, SubLoss, SubRetreat, SubAxis, SubRAxis:
	default:
		return false
	}
	d := int(s.decider())
	if d != French && d != Allied || len(s.Hands[d]) > 0 || d == French && len(s.Foy) > 0 {
		return false // a private hand, or the Foy entries noted [EV Foy]
	}
	if s.Move != nil && s.Move.Side == d && !s.Move.Composing || s.Drawn != "" && s.Cur == d {
		return false // the mover's fatigue tally, an event just drawn
	}
	mine := s.viewUnits(d)
	theirs := map[string]rules.UnitView{}
	for _, u := range s.viewUnits(1 - d) {
		theirs[u.ID] = u
	}
	for _, u := range mine {
		if u.Hidden {
			continue // an enemy marker: both sides see it
		}
		o, ok := theirs[u.ID]
		if !ok || o.Hidden || fmt.Sprint(o) != fmt.Sprint(u) {
			return false
		}
	}
	return true
}

// viewUnits is View(side).Units without the rest of the view.
func (s *State) viewUnits(side int) []rules.UnitView {
	return s.viewOf(rules.Side(side), false).Units
}

// inBox: counter i is hidden in the box of a nominative commander of its
// side standing in its zone whose box is closed [1.3]. Decoys stay on the
// map [7.5]; the generic commander has no box [EV Mort au combat].
func (s *State) inBox(i int) bool {
	d := s.def(i)
	if d.Kind == KCmd || d.Kind == KDecoy || !s.onMap(i) {
		return false
	}
	at := s.Units[i].At
	for j := range s.Units {
		c := s.def(j)
		if c.Kind == KCmd && c.Side == d.Side && !s.isGeneric(c.ID) && s.onMap(j) && s.Units[j].At == at && !s.Units[j].BoxOpen {
			return true
		}
	}
	return false
}

// boxStacks are the zones where side has a nominative commander and
// counters he may hide, with whether the box is open there [1.3].
func (s *State) boxStacks(side int) map[string]bool {
	out := map[string]bool{}
	for j := range s.Units {
		c := s.def(j)
		if c.Kind != KCmd || c.Side != side || s.isGeneric(c.ID) || !s.onMap(j) {
			continue
		}
		z := s.Units[j].At
		for i := range s.Units {
			if d := s.def(i); d.Side == side && d.Kind != KCmd && d.Kind != KDecoy && s.onMap(i) && s.Units[i].At == z {
				out[z] = out[z] || s.Units[j].BoxOpen
				break
			}
		}
	}
	return out
}

// legalBoxes: at its operation a side may open the commanders' boxes of
// a zone (its counters then show on the map as blocks) or close them
// (hidden again), once per zone and operation [1.3].
func (s *State) legalBoxes(side int) []rules.Action {
	var out []rules.Action
	// boxStacks, from the position index: the zones (by their place in
	// the sorted ids) of the side's nominative commanders on the map that
	// hold a counter of the side other than a commander or decoy [issue 20].
	ix := s.pos()
	if ix.other > 0 || len(s.sc.zoff) > 256 {
		return s.legalBoxesSlow(side)
	}
	var zones [4]uint64  // zone indices with such a commander
	var opened [4]uint64 // ... one of whose boxes is open
	for _, j := range s.sc.cmds {
		c := s.def(j)
		if c.Side != side || s.isGeneric(c.ID) || !s.onMap(j) {
			continue
		}
		zi := int(ix.uz[j])
		if zi < 0 || !s.holdsBoxable(ix, side, zi) {
			continue
		}
		zones[zi>>6] |= 1 << (zi & 63)
		if s.Units[j].BoxOpen {
			opened[zi>>6] |= 1 << (zi & 63)
		}
	}
	if zones == [4]uint64{} {
		return nil
	}
	for k, zi := range s.sc.idsZi {
		if zones[zi>>6]&(1<<(zi&63)) == 0 {
			continue
		}
		z := s.sc.ids[k]
		if slices.Contains(s.BoxZones, z) {
			continue
		}
		if opened[zi>>6]&(1<<(zi&63)) != 0 {
			out = append(out, rules.Action{Kind: "choose", Choice: "box-close", From: z, Label: s.sc.lbl.boxClose[zi], Rule: "1.3"})
		} else {
			out = append(out, rules.Action{Kind: "choose", Choice: "box-open", From: z, Label: s.sc.lbl.boxOpen[zi], Rule: "1.3"})
		}
	}
	return out
}

// holdsBoxable: zone zi holds a counter of side that a commander's box
// may hide (not a commander, not a decoy) [1.3].
func (s *State) holdsBoxable(ix *posIndex, side, zi int) bool {
	base := zi * ix.words
	for w := 0; w < ix.words; w++ {
		for b := ix.mem[base+w]; b != 0; b &= b - 1 {
			if d := s.def(w<<6 | bits.TrailingZeros64(b)); d.Side == side && d.Kind != KCmd && d.Kind != KDecoy {
				return true
			}
		}
	}
	return false
}

// legalBoxesSlow is legalBoxes from boxStacks.
func (s *State) legalBoxesSlow(side int) []rules.Action {
	var out []rules.Action
	st := s.boxStacks(side)
	for _, z := range sortedKeys(st) {
		if slices.Contains(s.BoxZones, z) {
			continue
		}
		if st[z] {
			out = append(out, rules.Action{Kind: "choose", Choice: "box-close", From: z, Label: "Hide the stack at " + s.zoneOf(z).Name + " (close the box)", Rule: "1.3"})
		} else {
			out = append(out, rules.Action{Kind: "choose", Choice: "box-open", From: z, Label: "Show the stack at " + s.zoneOf(z).Name + " (open the box)", Rule: "1.3"})
		}
	}
	return out
}

// applyBox opens or closes the boxes of the side's commanders in a zone.
func (s *State) applyBox(side int, a rules.Action) []rules.Event {
	open := a.Choice == "box-open"
	for j := range s.Units {
		if c := s.def(j); c.Kind == KCmd && c.Side == side && s.onMap(j) && s.Units[j].At == a.From {
			s.Units[j].BoxOpen = open
		}
	}
	s.BoxZones = append(s.BoxZones, a.From)
	ev := rules.Event{Kind: "box", Rule: "1.3", Side: rules.Side(side)}
	if open {
		ev.Text = sideNames[side] + " shows a stack at " + s.zoneOf(a.From).Name
	} else {
		ev.Text = sideNames[side] + " hides a stack at " + s.zoneOf(a.From).Name + " in its commander's box"
	}
	return []rules.Event{ev}
}

// heldNow is the victory status the HUD shows during the game: who holds
// each of the scenario's VP zones now (public: where the counters stand
// and the lines through free zones) [8.0]; the losses, which fatigue
// makes private, are only counted at the end.
func (s *State) heldNow() []string {
	var held [2][]string
	for k, z := range s.sc.vpOrder {
		c := s.controls(z)
		if c < 0 {
			continue
		}
		held[c] = append(held[c], s.sc.vpShort[k])
	}
	out := make([]string, 0, 3)
	for k, who := range []string{"French hold ", "Allies hold "} {
		if len(held[k]) > 0 {
			out = append(out, who+strings.Join(held[k], ", "))
		}
	}
	return append(out, "Turn "+strconv.Itoa(s.Turn)+" of "+strconv.Itoa(s.sc.Turns)+"; losses and exits count at the end [8.0]")
}

// makeVPNames lists the VP zones in the order of VPOrder with the short
// names heldNow shows (made once per scenario) [8.0].
func (sc *Scenario) makeVPNames() {
	sc.vpOrder = sc.VPOrder()
	sc.vpShort = make([]string, len(sc.vpOrder))
	for k, z := range sc.vpOrder {
		zz, _ := sc.Graph.Zone(z)
		n := zz.Name
		for _, sep := range []string{" de la ", " ("} { // the HUD is narrow: "Talavera"
			if i := strings.Index(n, sep); i > 0 {
				n = n[:i]
			}
		}
		if v := sc.VP[z]; v != 1 {
			n += fmt.Sprintf(" (%d)", v)
		}
		sc.vpShort[k] = n
	}
}

// decoysLeft is how many starting decoys side has still to place [7.5].
func (s *State) decoysLeft(side int) int {
	n := 0
	for i := range s.Units {
		if d := s.def(i); d.Kind == KDecoy && d.Side == side && s.Units[i].Off == OffSetup {
			n++
		}
	}
	return n
}

// decoyHint is what the player placing starting decoys is told [7.5].
func decoyHint(left int) string {
	w := "decoys"
	if left == 1 {
		w = "decoy"
	}
	// short enough to be read whole under the held markers (the card of
	// the sixth Allied decoy was cut at "depots [7.5]. 6")
	return fmt.Sprintf("%d %s left to place [7.5]. A lit zone is free of enemy units and linked to one of your depots.", left, w)
}

// frontNat is the nationality an enemy block's front shows ("" for the
// French, whose fronts show one nation) [1.1.1].
func frontNat(u rules.UnitView) string {
	for _, m := range u.Markers {
		if m != "activated" {
			return m
		}
	}
	return ""
}
