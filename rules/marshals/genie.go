package marshals

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"grognard/rules"
	"grognard/rules/zone"
)

// legalGenie [EV Génie]: when a stack holding divisional infantry is
// activated in a zone at one end of a bridge, the Génie marker destroys
// that bridge (both ends free; an enemy at one end: only on 5-6) or
// repairs a destroyed one (both ends free, no guerilla), instead of moving.
func (s *State) legalGenie() []rules.Action {
	m := s.Move
	if m == nil || m.Steps > 0 || m.Lone || !slices.Contains(s.Hands[m.Side], "genie") {
		return nil
	}
	inf := false
	var mb [16]int // (speed: no allocation)
	for _, i := range s.movingIn(mb[:0]) {
		if d := s.def(i); d.Kind == KDiv && d.Arm == Infantry {
			inf = true
		}
	}
	if !inf {
		return nil
	}
	var out []rules.Action
	for _, e := range s.sc.adj[m.Zone] {
		c := s.sc.Graph.Conns[e.ci]
		if c.Bridge == zone.None || s.sc.offmap[e.to] {
			continue
		}
		ci := strconv.Itoa(e.ci)
		if !s.Bridges[e.ci] {
			out = append(out, rules.Action{Kind: "play", Choice: "genie", To: e.to, Info: "destroy:" + ci,
				Label: fmt.Sprintf("Play Génie: destroy the %s bridge toward %s", c.Bridge, s.zoneOf(e.to).Name), Rule: "EV Génie"})
			continue
		}
		if s.flag("repair:"+ci) || !s.freeFor(m.Side, m.Zone) || !s.freeFor(m.Side, e.to) || s.Guerillas[m.Zone] || s.Guerillas[e.to] {
			continue
		}
		out = append(out, rules.Action{Kind: "play", Choice: "genie", To: e.to, Info: "repair:" + ci,
			Label: fmt.Sprintf("Play Génie: repair the bridge toward %s (usable next turn)", s.zoneOf(e.to).Name), Rule: "EV Génie"})
	}
	return out
}

func (s *State) applyGenie(a rules.Action) []rules.Event {
	m := s.Move
	s.discard(m.Side, "genie")
	ci := s.sc.Graph.ConnIndex(m.Zone, a.To, s.bridgeKind(m.Zone, a.To))
	ev := rules.Event{Kind: "event", Rule: "EV Génie", Side: rules.Side(m.Side)}
	if s.Bridges[ci] {
		s.setFlag("repair:" + strconv.Itoa(ci))
		ev.Text = fmt.Sprintf("%s engineers repair the bridge between %s and %s: usable next turn", sideNames[m.Side], s.zoneOf(m.Zone).Name, s.zoneOf(a.To).Name)
		return append([]rules.Event{ev}, s.endMove()...)
	}
	if s.freeFor(m.Side, m.Zone) && s.freeFor(m.Side, a.To) {
		s.destroyBridge(ci)
		ev.Text = fmt.Sprintf("%s engineers destroy the bridge between %s and %s", sideNames[m.Side], s.zoneOf(m.Zone).Name, s.zoneOf(a.To).Name)
		return append([]rules.Event{ev}, s.endMove()...)
	}
	ev.Text = fmt.Sprintf("%s engineers try to destroy the bridge between %s and %s under fire", sideNames[m.Side], s.zoneOf(m.Zone).Name, s.zoneOf(a.To).Name)
	s.Rolls = []Roll{{Kind: "genie", Unit: strconv.Itoa(ci)}}
	s.Sub = SubRolls
	return []rules.Event{ev}
}

// bridgeKind is the kind of the bridged connection between two zones.
func (s *State) bridgeKind(a, b string) zone.ConnKind {
	for _, c := range s.sc.Graph.Connected(a, b) {
		if c.Bridge != zone.None {
			return c.Kind
		}
	}
	return ""
}

func (s *State) destroyBridge(ci int) {
	s.Bridges = maps.Clone(s.Bridges) // copied on write (see delFlag)
	if s.Bridges == nil {
		s.Bridges = map[int]bool{}
	}
	s.Bridges[ci] = true
}

// rollGenie: under fire the bridge goes only on 5 or 6 [EV Génie].
func (s *State) rollGenie(arg string, die int) []rules.Event {
	ci, _ := strconv.Atoi(arg)
	ev := rules.Event{Kind: "roll", Rule: "EV Génie", Side: rules.NoSide, Dice: []int{die}}
	if die >= 5 {
		s.destroyBridge(ci)
		ev.Text = fmt.Sprintf("Génie die %d: the bridge is destroyed", die)
	} else {
		ev.Text = fmt.Sprintf("Génie die %d: the bridge stands", die)
	}
	return []rules.Event{ev}
}

// endRepairs: repaired bridges carry troops again from the next turn.
func (s *State) endRepairs() {
	for f := range s.Flags {
		if len(f) > 7 && f[:7] == "repair:" {
			ci, _ := strconv.Atoi(f[7:])
			if _, ok := s.Bridges[ci]; ok {
				s.Bridges = maps.Clone(s.Bridges) // copied on write (see delFlag)
				delete(s.Bridges, ci)
			}
			s.delFlag(f)
		}
	}
}
