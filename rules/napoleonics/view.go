package napoleonics

import (
	"fmt"
	"strconv"
	"strings"

	"grognard/rules"
)

// View is what side v may see: the board, every unit and its blocks, the
// card played, the banners, the number of cards each side holds, and its
// own hand only (hidden information: the opponent's hand and the draw pile
// order).
func (s *State) View(v rules.Side) *rules.View {
	st := s.Status()
	view := &rules.View{Side: v, Sides: s.Sides(), Status: st, Result: s.Result(), Hidden: true, Style: "block",
		Board: &rules.Board{Kind: "hex", Hex: s.sc.Map}}
	// Session 20: each unit's view is written in place, its texts and
	// marker lists are the scenario's (made once, read-only, capacity cut).
	view.Units = make([]rules.UnitView, len(s.Units))
	t := s.tables()
	for i := range s.Units {
		u := &s.Units[i]
		var d *UnitDef
		same := i < len(s.sc.Units) && s.sc.Units[i].ID == u.ID && i < len(t.detail) && t.detail[i] != nil
		if same {
			d = &s.sc.Units[i] // the state's units are the scenario's, in order
		} else {
			d = s.def(u.ID)
		}
		c := s.card(u)
		uv := &view.Units[i]
		uv.ID, uv.Name, uv.Short, uv.Side, uv.Type = u.ID, d.Name, d.Short, rules.Side(u.Side), u.Type
		if same {
			uv.Color = t.color[i]
		} else {
			uv.Color = s.sys.Nations[d.Nation].Color
		}
		uv.Facing, uv.Strength, uv.MaxStr, uv.Eliminated = -1, u.Blocks, c.Blocks, u.Gone != ""
		if u.Gone == "" {
			uv.At = s.num(u.At)
		}
		var m int
		if u.Side == s.Active && s.Ordered[u.ID] {
			m |= mkOrdered
		}
		if u.Side == s.Active {
			if _, ok := s.Moved[u.ID]; ok {
				m |= mkMoved
			}
		}
		if u.Square {
			m |= mkSquare
		}
		if isLeader(u) && u.Gone == "" {
			if o := s.unitAt(u.At); o != nil && o.Side == u.Side {
				m |= mkAttached
			}
		}
		uv.Markers = markerLists[m]
		if same && u.Gone == "" {
			uv.Detail = t.detail[i] // made once, read-only (session 20)
		} else {
			uv.Detail = []string{c.Name + " (" + s.sys.Nations[d.Nation].Name + ")", c.Text}
			if u.Gone != "" {
				uv.Detail = append(uv.Detail, goneLine(u.Gone))
			}
		}
	}
	view.HandCounts = []int{len(s.Hands[0]), len(s.Hands[1])}
	view.Score = []string{t.banners(s, 0), t.banners(s, 1)}
	if v == 0 || v == 1 {
		for _, id := range s.Hands[v] {
			view.Hand = append(view.Hand, s.cardView(s.sys.CardByID[id]))
		}
		if st.Decider == v {
			view.Legal = s.Legal()
			view.PublicDecision = s.publicDecision()
		}
	}
	if e := s.effCard(); e != nil {
		played := s.sys.CardByID[s.Card]
		note := "Card played: " + played.Name
		if played.ID != e.ID || s.Mirror {
			note += " as " + s.cardTitle(e, s.Mirror)
		}
		view.Notes = append(view.Notes, note+" ("+s.orderLimit()+")")
		view.Cards = append(view.Cards, s.cardView(played))
	}
	if p := s.Pend; p != nil {
		view.Notes = append(view.Notes, fmt.Sprintf("Combat: %s against %s (%s)", s.name(s.unit(p.Att)), s.name(s.unit(p.Def)), p.Stage))
	}
	if s.exitOpen() {
		view.Notes = append(view.Notes, fmt.Sprintf("%s units may leave by %s for a banner each [%s]", s.sideName(s.sc.ExitSide), s.num(s.sc.ExitHex), rExit))
	}
	if s.sc.HasExit {
		view.Markers = append(view.Markers, rules.Marker{At: s.num(s.sc.ExitHex), Kind: "banner", Text: s.sideName(s.sc.ExitSide) + " exit [" + rExit + "]"})
	}
	view.Extra = append(view.Extra, rules.KV{Key: "Draw pile", Value: strconv.Itoa(s.pileSize())},
		rules.KV{Key: "Discards", Value: strconv.Itoa(total(s.Discard))})
	return view
}

// publicDecision: the decisions of a combat in progress that rest only on
// what both sides see — the blocks on the map, the dice rolled, the unit
// cards face up — need no hand-over: retire and reform [Cavalry Retire and
// Reform], disregarding flags [Morale], the retreat [Retreats] and the
// leader's [Leaders], battle back [Battle Back], taking ground [Infantry
// Taking Ground], the breakthrough and its second melee [Cavalry
// Breakthrough]. Forming square sets a command card of the hand aside
// [Infantry Forming Square], so it stays private.
func (s *State) publicDecision() bool {
	if s.Phase != PhCombat || s.Pend == nil {
		return false
	}
	switch s.Pend.Stage {
	case "retire", "flags", "retreat", "lretreat", "battleback", "advance", "extra", "bonus":
		return true
	}
	return false
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func (s *State) cardView(c *CardDef) rules.Card {
	sec := strings.Join(c.Sections, ",")
	return rules.Card{ID: c.ID, Name: c.Name, Text: c.Text, Section: sec, Rule: rDeck}
}
