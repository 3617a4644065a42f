package napoleonics

import (
	"fmt"
	"sort"

	"grognard/rules"
)

// Preview gives the exact distribution of hits and flags of a fire or
// melee action before it is rolled (the defender's square or retire
// choice, if any, is not assumed).
func (s *State) Preview(a rules.Action) []rules.OddsLine {
	if a.Kind != "fire" && a.Kind != "melee" {
		return nil
	}
	u := s.unit(a.Unit)
	to, err := s.sc.Map.ParseOn(a.To)
	if u == nil || err != nil {
		return nil
	}
	t := s.target(u.Side, to)
	if t == nil {
		return nil
	}
	var n int
	kind := "melee"
	if a.Kind == "fire" {
		kind = "fire"
		n, _ = s.fireDice(u, to)
	} else {
		back := s.Pend != nil && s.Pend.Stage == "battleback"
		n, _ = s.meleeDice(u, to, !back)
		for _, id := range a.Units {
			if art := s.unit(id); art != nil {
				m, _ := s.fireDice(art, to)
				n += m
			}
		}
	}
	set := s.hitSet(kind, u, t, false)
	flag := map[int]bool{s.sym("flag"): true}
	type key struct{ h, f int }
	dist := map[key]int{}
	den := 0
	for _, o := range s.rollOutcomes(n, "", "") {
		dist[key{count(o.Action.Dice, set), count(o.Action.Dice, flag)}] += o.Weight
		den += o.Weight
	}
	keys := make([]key, 0, len(dist))
	for k := range dist {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].h != keys[j].h {
			return keys[i].h < keys[j].h
		}
		return keys[i].f < keys[j].f
	})
	var out []rules.OddsLine
	for _, k := range keys {
		num, d := dist[k], den
		g := gcd(num, d)
		out = append(out, rules.OddsLine{Result: fmt.Sprintf("%s, %s", plural(k.h, "hit", "hits"), plural(k.f, "flag", "flags")), Num: num / g, Den: d / g})
	}
	return out
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
