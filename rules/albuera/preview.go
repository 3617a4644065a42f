package albuera

import (
	"fmt"
	"sort"
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
)

// Preview gives the exact odds of a fire, a Clash, a coordination roll or a
// pending Morale Check (rules.Previewer).
func (s *State) Preview(a rules.Action) []rules.OddsLine {
	if _, ok := rules.FindLegal(s, a); !ok {
		return nil
	}
	defer s.indexed()()
	switch a.Kind {
	case "fire":
		return s.previewFire(a)
	case "melee", "charge":
		h, err := s.sc.Map.ParseOn(a.To)
		if err != nil {
			return nil
		}
		var atk []int
		charge := a.Kind == "charge"
		if charge {
			atk = []int{s.idx(a.Unit)}
		} else {
			atk = s.fighters(s.group(h), s.Side)
		}
		if len(atk) == 0 {
			return nil
		}
		if s.loneArt(h, 1-s.side(atk[0])) {
			return []rules.OddsLine{{Result: "guns captured (1-8) [10.10]", Num: 8, Den: 10}, {Result: "attack fails: 2 Losses, rout (0, 9) [10.10]", Num: 2, Den: 10}}
		}
		return s.previewClash(atk, s.group(h), charge)
	case "choose":
		if a.Choice == "division" && len(s.Tasks) > 0 {
			r := s.def(s.Tasks[0].Unit).Coord
			return []rules.OddsLine{{Result: "whole division activated [4.5.2]", Num: r + 1, Den: 10}, {Result: "coordination fails [4.5.2.1]", Num: 9 - r, Den: 10}}
		}
		if (a.Choice == "react:fire" || a.Choice == "react:fire-counter" || a.Choice == "react:fire-retreat") && len(s.Tasks) > 0 {
			t := s.Tasks[0]
			if h, ok := s.reactTarget(t.Unit, t.Other); ok {
				return s.previewFire(rules.Action{Kind: "fire", Unit: s.id(t.Unit), To: s.num(h)})
			}
		}
		if (a.Choice == "react:counter" || a.Choice == "react:fire-counter") && len(s.Tasks) > 0 {
			t := s.Tasks[0]
			c := s.clone()
			target, atk, ok := c.counterMove(t.Unit, t.Other)
			if ok && len(atk) > 0 {
				return append(s.previewFireIf(a, t), c.previewClash(atk, c.group(target), false)...)
			}
		}
		if a.Choice == "square:try" && len(s.Tasks) > 0 {
			t := s.Tasks[0]
			p := passCount(0, s.morale(t.Unit))
			return []rules.OddsLine{{Result: "square formed [7.2]", Num: p, Den: 10}, {Result: "one Loss, array unchanged [7.2]", Num: 10 - p, Den: 10}}
		}
	case "roll":
		if len(s.Tasks) > 0 {
			t := s.Tasks[0]
			if t.Kind == "mc" || t.Kind == "rmc" {
				p := passCount(t.Mod, s.morale(t.Unit))
				return []rules.OddsLine{{Result: "Morale Check passed [3.4]", Num: p, Den: 10}, {Result: "failed", Num: 10 - p, Den: 10}}
			}
		}
	}
	return nil
}

// reactOdds is the short odds of a reaction option for its label [13.1]:
// the chance that the mover fails its Morale Check under the reaction fire,
// and the chance that the counterattack wins its Clash.
func (s *State) reactOdds(t Task, o string) string {
	defer s.indexed()()
	var parts []string
	if o == "react:fire" || o == "react:fire-counter" || o == "react:fire-retreat" {
		if h, ok := s.reactTarget(t.Unit, t.Other); ok {
			fails := 0
			for _, l := range s.previewFire(rules.Action{Kind: "fire", Unit: s.id(t.Unit), To: s.num(h)}) {
				if strings.Contains(l.Result, " fails") {
					fails += l.Num
				}
			}
			parts = append(parts, fmt.Sprintf("%s fails its check %d in 10", s.id(t.Other), fails))
		}
	}
	if o == "react:counter" || o == "react:fire-counter" {
		c := s.clone()
		if target, atk, ok := c.counterMove(t.Unit, t.Other); ok && len(atk) > 0 {
			wins := 0
			for _, l := range c.previewClash(atk, c.group(target), false) {
				if strings.HasPrefix(l.Result, "D") {
					wins += l.Num
				}
			}
			parts = append(parts, fmt.Sprintf("Clash won %d in 10", wins))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "odds: " + strings.Join(parts, ", ")
}

// passCount is the number of die faces 0-9 passing a check [3.4].
func (s *State) previewFireIf(a rules.Action, t Task) []rules.OddsLine {
	if a.Choice != "react:fire-counter" {
		return nil
	}
	if h, ok := s.reactTarget(t.Unit, t.Other); ok {
		return s.previewFire(rules.Action{Kind: "fire", Unit: s.id(t.Unit), To: s.num(h)})
	}
	return nil
}

func passCount(mod, morale int) int {
	n := 0
	for d := 0; d < 10; d++ {
		if d+mod <= morale {
			n++
		}
	}
	return n
}

func (s *State) previewFire(a rules.Action) []rules.OddsLine {
	g := []int{s.idx(a.Unit)}
	for _, id := range a.Units {
		g = append(g, s.idx(id))
	}
	t, err := s.sc.Map.ParseOn(a.To)
	if err != nil {
		return nil
	}
	side := 1 - s.side(g[0])
	if s.loneArt(t, side) {
		if s.kind(g[0]) == KArt {
			return []rules.OddsLine{{Result: "the lone battery rolls twice [10.9]", Num: 1, Den: 1}}
		}
		n := s.fp(g[0])
		m := 0
		if s.U[g[0]].Fires >= 2 { // this fire is its 3rd or later [14.9.4]
			m = s.sc.P("lone_battery_late_fire")
		}
		p := 0
		for d := 0; d < 10; d++ {
			if d+m < n {
				p++
			}
		}
		return []rules.OddsLine{{Result: "guns captured [14.9.4]", Num: p, Den: 10}, {Result: "no effect", Num: 10 - p, Den: 10}}
	}
	mod, _, row := s.fireMods(g, t)
	var out []rules.OddsLine
	var targets []int
	if s.kind(g[0]) == KArt {
		for _, j := range s.occ(t) {
			if s.side(j) == side && s.kind(j) != KArt {
				targets = append(targets, j)
			}
		}
	} else if tg := s.top(t, side); tg >= 0 {
		targets = []int{tg}
	}
	for _, j := range targets {
		p := passCount(mod, s.morale(j))
		res := "fails: one Loss, may be made to retreat [14.11]"
		if s.kind(g[0]) == KComp {
			res = "fails: may be made to retreat (no Loss from skirmishers) [8.9]"
		} else if s.U[j].MP == 1 {
			res = "fails: eliminated [3.4]"
		}
		out = append(out, rules.OddsLine{Result: fmt.Sprintf("%s passes (MC %s vs %d)", s.name(j), sgn(mod), s.morale(j)), Num: p, Den: 10},
			rules.OddsLine{Result: s.name(j) + " " + res, Num: 10 - p, Den: 10})
	}
	if row != nil && row.Lo >= 5 || s.kind(g[0]) == KArt && s.dist(g[0], t) <= s.sc.P("cmd_hit_art_range") {
		for _, c := range s.cdrsAt(t) {
			if s.side(c) == side {
				out = append(out, rules.OddsLine{Result: s.name(c) + " killed [4.10.1]", Num: 1, Den: 10},
					rules.OddsLine{Result: s.name(c) + " wounded [4.10.1]", Num: 1, Den: 10})
			}
		}
	}
	return out
}

func (s *State) previewClash(atk []int, g []hex.Coord, charge bool) []rules.OddsLine {
	col, svc, _ := s.clashColumn(atk, g, charge)
	key := colName(col, false)
	if svc {
		key = "svc"
	}
	count := map[string]int{}
	for d := 0; d < 10; d++ {
		count[s.sc.Clash[key][d].Text]++
	}
	var keys []string
	for k := range count {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []rules.OddsLine
	for _, k := range keys {
		who := "attacker"
		if k[0] == 'D' {
			who = "defender"
		}
		out = append(out, rules.OddsLine{Result: fmt.Sprintf("%s: %s loses, back in %s (column %s) [15.8]", k, who, turnsText(k[2:]), colName(col, svc)), Num: count[k], Den: 10})
	}
	return out
}

// turnsText is "1 turn", "2 turns": how many turns a routed side waits on
// the Turn track [15.8] (a clash result's digits).
func turnsText(n string) string {
	if n == "1" {
		return "1 turn"
	}
	return n + " turns"
}
