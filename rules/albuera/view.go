package albuera

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"grognard/rules"
)

// View shows everything: Albuera has no hidden information.
//
// Everything but Side and Legal is made once per version and shared by
// the views of that version (speed, issue #20: the checked playout asks
// for both sides' views after every action): Units, Score, Notes and
// Tracks are read-only for callers (a caller that wants to change one
// assigns a new slice, as the full slice expressions make any append do).
func (s *State) View(side rules.Side) *rules.View {
	v := new(rules.View)
	if s.decider() == side && side >= 0 {
		v.Legal = s.Legal()
	}
	if s.views == nil || s.views.ver != s.ver || s.views.tmpl == nil {
		s.buildView()
	}
	legal := v.Legal
	*v = *s.views.tmpl
	v.Side, v.Legal = side, legal
	v.Board = &rules.Board{Kind: "hex", Hex: s.sc.Map}
	return v
}

// buildView makes the shared part of this version's views.
func (s *State) buildView() {
	t := &rules.View{Sides: s.Sides(), Status: s.Status(), Result: s.Result(), Style: "counter"}
	done := s.indexed()
	full := s.vlast == nil // the whole list is made again (else the last one, patched)
	if len(s.uvc) != len(s.U) {
		s.uvc, s.uvcShared, full = make([]uvEntry, len(s.U)), false, true
	}
	s.markActors()
	move := s.Phase == phMove
	// What every unit's key reads of the state, as at the last build: while
	// it is the same, a unit equal to the one its view was made from has the
	// same key (speed, issue #20: no key made for each of 279 units).
	g := &s.ix.vg
	same := g.ok && len(s.uvc) > 0 && g.arr == &s.uvc[0] && g.move == move && g.side == s.Side && slices.Equal(g.brigs, s.Brigs) && len(g.u) == len(s.U)
	routedChg := false // a unit was routed, rallied or moved to another box of the turn track [15.11]
	if len(g.u) != len(s.U) {
		g.u, g.act, g.rbox = make([]Unit, len(s.U)), make([]bool, len(s.U)), make([]int32, len(s.U))
		routedChg = true
	}
	act := s.ix.actor
	chg := s.ix.vchg[:0]
	for b := 0; b < len(s.U); b += viewBlock {
		end := min(b+viewBlock, len(s.U))
		// a block of units whose bytes are as at the last build is skipped
		// at once (speed: one compare of a few KB, viewsame.go)
		if same && sameUnitBytes(g.u[b:end], s.U[b:end]) && (!move || slices.Equal(g.act[b:end], act[b:end])) {
			continue
		}
		for i := b; i < end; i++ {
			e := &s.uvc[i]
			if same && (sameUnitBytes(g.u[i:i+1], s.U[i:i+1]) || g.u[i] == s.U[i]) && (!move || g.act[i] == act[i]) {
				continue
			}
			k := s.uvKeyOf(i, move)
			if e.key != k {
				if s.uvcShared { // a clone shares the entries: copy on write
					s.uvc, s.uvcShared = append([]uvEntry(nil), s.uvc...), false
					e = &s.uvc[i]
				}
				uv, ok := s.unitView(i)
				if ok != e.ok || ok && e.pos < 0 {
					full = true // the list's length or order changes
				}
				*e = uvEntry{key: k, ok: ok, uv: uv, pos: e.pos}
				chg = append(chg, int32(i))
			}
			if s.uvcShared {
				s.uvc, s.uvcShared = append([]uvEntry(nil), s.uvc...), false
			}
			g.u[i], g.act[i] = s.U[i], act[i]
			rb := int32(0)
			if s.U[i].Where == Routed {
				rb = int32(s.U[i].Box) + 1
			}
			if g.rbox[i] != rb {
				g.rbox[i], routedChg = rb, true
			}
		}
	}
	s.ix.vchg = chg
	g.ok, g.move, g.side, g.brigs = len(s.uvc) > 0, move, s.Side, append(g.brigs[:0], s.Brigs...)
	if g.ok {
		g.arr = &s.uvc[0]
	}
	done()
	switch {
	case full:
		n := 0
		for k := range s.uvc {
			if s.uvc[k].ok {
				n++
			}
		}
		us := make([]rules.UnitView, n)
		n = 0
		for k := range s.uvc {
			e := &s.uvc[k]
			e.pos = -1
			if e.ok {
				us[n] = e.uv
				e.pos = int32(n)
				n++
			}
		}
		s.vlast = &viewCache{units: us}
	case len(chg) > 0:
		// The last list with the changed views (a list handed out stays as
		// it was: this is a new array, copied in one move).
		us := slices.Clone(s.vlast.units)
		for _, i := range chg {
			if e := &s.uvc[i]; e.ok {
				us[e.pos] = e.uv
			}
		}
		s.vlast = &viewCache{units: us}
	} // else the last list is this one (speed: no copy of 279 views)
	// The full slice expression makes an append copy.
	t.Units = s.vlast.units[:len(s.vlast.units):len(s.vlast.units)]
	vt := s.viewTexts(routedChg)
	t.Score = vt.score
	t.Notes = make([]string, 1, 3)
	t.Notes[0] = vt.clock
	t.Tracks = make([]rules.Track, 0, 4)
	t.Tracks = append(t.Tracks, rules.Track{Name: "Activation pool [3.3]", Items: vt.poolN}, rules.Track{Name: "Chits set aside until next turn [4.5.1.1]", Items: vt.asidN}) // session 20: "Set aside" said not what nor why
	if s.Chit != "" && s.Phase != phDraw {
		t.Tracks = append(t.Tracks, rules.Track{Name: "Drawn", Items: []string{s.chitName()}})
		t.Notes = append(t.Notes, "Activated: "+s.chitName()+" ("+sideNames[s.Side]+")")
	}
	t.Tracks = append(t.Tracks, rules.Track{Name: "Turn track [15.11]", Items: vt.track})
	if len(s.Tasks) > 0 {
		_, p := s.taskPrompt(s.Tasks[0])
		t.Notes = append(t.Notes, p)
	}
	t.Notes = t.Notes[:len(t.Notes):len(t.Notes)]
	t.Tracks = t.Tracks[:len(t.Tracks):len(t.Tracks)]
	s.views = &viewCache{ver: s.ver, units: s.vlast.units, tmpl: t}
}

// uvKeyOf is everything unitView reads for unit i: its view is made
// again only when this changes (speed: not when a field it never shows
// changes, as every unit's start hex, order or moved flags do at each
// 2.2). Of the phase, side, activated brigades and units that may act it
// keeps only what the view shows (the out-of-command marker and the MP
// left of 2.2: not every unit's view made again at each start and end of
// a 2.2). TestViewSameAsMadeAfresh compares the views with views made
// from nothing.
func (s *State) uvKeyOf(i int, move bool) uvKey {
	u := &s.U[i]
	d := s.def(i)
	k := uvKey{at: u.At, at2: u.At2, facing: u.Facing, mp: u.MP, where: u.Where, box: u.Box, fires: u.Fires,
		spent: u.Spent, array: u.Array, two: u.Two, artFired: u.ArtFired, tech: u.Tech, captured: u.Captured,
		retaken: u.Retaken, activated: u.Activated, wounded: u.Wounded, double: u.Double,
		set: true}
	if move { // unitView reads them only in 2.2: the out-of-command marker and the MP left
		act := s.ix.actor[i]
		k.ooc = s.side(i) == s.Side && u.Where == OnMap && contains(s.Brigs, d.Cmd) && !act
		k.showMP = act
	}
	return k
}

// turnTrack lists the routed units by the turn they return on [15.11],
// then the VP marker.
func (s *State) turnTrack() []string {
	var boxes []int // the boxes in use, in order
	for i := range s.U {
		if s.U[i].Where == Routed && !slices.Contains(boxes, s.U[i].Box) {
			boxes = append(boxes, s.U[i].Box)
		}
	}
	slices.Sort(boxes)
	items := make([]string, 0, len(boxes)+1)
	for _, b := range boxes {
		var sb strings.Builder
		sb.WriteString("turn ")
		sb.WriteString(strconv.Itoa(b))
		sb.WriteString(": ")
		first := true
		for i := range s.U {
			if s.U[i].Where == Routed && s.U[i].Box == b {
				if !first {
					sb.WriteString(", ")
				}
				sb.WriteString(s.name(i))
				first = false
			}
		}
		items = append(items, sb.String())
	}
	return append(items, "VP marker: "+s.vpText())
}

// markActors sets the index's actor flags: the units of s.Act (canAct,
// read for every unit by View).
func (s *State) markActors() {
	ix := s.ix
	if len(ix.actor) != len(s.U) {
		ix.actor = make([]bool, len(s.U))
	} else {
		clear(ix.actor)
	}
	for _, i := range s.Act {
		if i >= 0 && i < len(ix.actor) {
			ix.actor[i] = true
		}
	}
}

// static is the part of a unit's card that never changes.
type static struct {
	typ, values string
	detail      []string
}

func (s *State) staticView(i int) *static {
	s.sc.once.Do(func() {
		s.sc.static = make([]static, len(s.sc.Units))
		for k := range s.sc.Units {
			d := &s.sc.Units[k]
			st := &s.sc.static[k]
			st.typ = map[string]string{KInf: "infantry", KComp: "light-infantry", KCav: "cavalry", KArt: "artillery", KCdr: "commander"}[d.Kind]
			if d.Kind == KArt && d.ArtKind == Horse {
				st.typ = "horse-artillery"
			}
			if d.Kind == KCdr && d.CKind != CinC {
				st.typ = "leader"
			}
			if d.Type != "" {
				st.typ = d.Type
			}
			switch d.Kind {
			case KCdr:
				st.values = d.CKind
				if d.Coord > 0 {
					st.values += fmt.Sprintf(" · coordination %d", d.Coord)
				}
				continue
			case KArt:
				var bs []string
				for _, b := range s.sc.Bands[d.Calibre] {
					bs = append(bs, fmt.Sprintf("%d-%d:%s", b.Lo, b.Hi, effectText(b.Mod)))
				}
				// The counter prints the calibre (and its white stars); the
				// range bands, too long for a counter, go on the unit card.
				st.values = d.Calibre
				if d.Stars > 0 {
					st.values += fmt.Sprintf(" %d*", d.Stars)
				}
				st.detail = append(st.detail, "Range bands: "+strings.Join(bs, " ")+" [10.3]")
				if d.Stars > 0 {
					st.detail = append(st.detail, fmt.Sprintf("%d white stars [10.8]", d.Stars))
				}
			}
			cmd := "?"
			if c := s.sc.Def(d.Cmd); c != nil {
				cmd = c.Name
			}
			st.detail = append(st.detail, fmt.Sprintf("Morale %d front / %d back [3.4]", d.Morale[0], d.Morale[1]), "Commander: "+cmd)
			if d.Support {
				st.detail = append(st.detail, "Supporting unit [4.7]")
			}
			if d.Baker {
				st.detail = append(st.detail, "Baker rifles [8.11]")
			}
		}
	})
	return &s.sc.static[i]
}

func (s *State) unitView(i int) (rules.UnitView, bool) {
	d := s.def(i)
	u := &s.U[i]
	if d.Kind == KComp && u.Where == OffMap {
		return rules.UnitView{}, false
	}
	st := s.staticView(i)
	uv := rules.UnitView{ID: d.ID, Name: d.Name, Short: d.ID, Side: rules.Side(d.Side), Type: st.typ, Formation: u.Array,
		Color: d.Colour, Facing: u.Facing, Strength: u.MP, MaxStr: d.N, Values: st.values}
	if u.Where == OnMap {
		uv.At = s.num(u.At)
		if u.Two {
			uv.At2 = s.num(u.At2)
		}
	}
	uv.Eliminated = u.Where == Gone
	if d.Kind == KCdr {
		uv.Facing = -1
		uv.Strength, uv.MaxStr = 0, 0
		if u.Activated {
			uv.Markers = append(uv.Markers, "activated")
		}
		if u.Wounded {
			uv.Markers = append(uv.Markers, "wounded")
		}
		return uv, true
	}
	uv.Detail = make([]string, len(st.detail), len(st.detail)+4)
	copy(uv.Detail, st.detail)
	if u.Where == Routed {
		uv.Markers = append(uv.Markers, "routed")
		uv.Detail = append(uv.Detail, "Routed: returns on turn "+strconv.Itoa(u.Box)+" [15.11]")
	}
	if n := s.lossMarker(i); n > 0 {
		uv.Markers = append(uv.Markers, "loss"+strconv.Itoa(n)) // [3.4]
	}
	if u.Fires > 0 {
		uv.Markers = append(uv.Markers, "fired"+strconv.Itoa(u.Fires)) // [14.9.3]
	}
	if u.Array == Square {
		uv.Markers = append(uv.Markers, "square")
	}
	if u.ArtFired || u.Tech {
		uv.Markers = append(uv.Markers, "fired") // [10.7]
	}
	if u.Captured {
		uv.Markers = append(uv.Markers, "captured") // [10.12]
		if u.Retaken {
			uv.Detail = append(uv.Detail, "Recaptured: the guns cannot fire again [10.12]")
		} else {
			uv.Detail = append(uv.Detail, "Captured by the enemy: retake the hex for 2 VP + white stars [10.12]")
		}
	}
	if s.Phase == phMove && s.side(i) == s.Side && u.Where == OnMap && contains(s.Brigs, d.Cmd) && !s.canAct(i) {
		uv.Markers = append(uv.Markers, "out-of-command") // [4.2.1]
	}
	if d.Kind != KArt {
		// Printed as on the book's counters, Morale-Manpower(-Firepower) [3.4],
		// large enough to read at the opening zoom; the words on the card.
		uv.Values = strconv.Itoa(s.morale(i)) + "-" + strconv.Itoa(u.MP)
		words := "Morale " + strconv.Itoa(s.morale(i)) + " · Manpower " + strconv.Itoa(u.MP)
		if d.Kind == KInf && !d.NoFire {
			uv.Values += "-" + strconv.Itoa(s.fp(i))
			words += " · Firepower " + strconv.Itoa(s.fp(i))
		}
		uv.Detail = append(uv.Detail, words+" (printed "+uv.Values+") [3.4]")
	}
	if d.Kind == KInf || d.Kind == KComp {
		uv.Detail = append(uv.Detail, "Fires this turn: "+strconv.Itoa(u.Fires)+" of "+strconv.Itoa(s.fireLimit(i))+" [14.9.1]")
	}
	if s.Phase == phMove && s.canAct(i) {
		uv.Detail = append(uv.Detail, "MP left: "+half(s.left(i))+" of "+half(s.ma(i))+" [12.8]")
	}
	return uv, true
}

// clock is the time of day of the turn: each turn is turn_minutes long
// from start_hour [2.1], [3.2].
func (s *State) clock() string {
	m := s.sc.P("turn_minutes")
	start := s.sc.P("start_hour")*60 + (s.Turn-1)*m
	end := start + m
	return fmt.Sprintf("Turn %d: %02d:%02d-%02d:%02d [2.1]", s.Turn, start/60, start%60, end/60, end%60)
}

// lossMarker is the "-n" marker on the counter's current side [3.4].
func (s *State) lossMarker(i int) int {
	n, back := s.def(i).N, s.def(i).Back
	mp := s.U[i].MP
	if mp > back {
		return n - mp
	}
	return back - mp
}
