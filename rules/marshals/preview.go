package marshals

import (
	"sort"

	"grognard/rules"
)

// Preview gives the exact distribution of the melee's outcome once both
// stacks are revealed [5.4] (rules.Previewer): the artillery dice still to
// roll and the two CP dice. Before the reveal it gives nothing, so it can
// never tell a side what the enemy stack holds. Head units not yet chosen
// count with the best morale a side may choose.
func (s *State) Preview(a rules.Action) []rules.OddsLine {
	k := s.Combat
	if k == nil {
		return nil
	}
	switch s.Sub {
	case SubPre, SubHead, SubCPEv, SubFire, SubCP, SubCB:
	default:
		return nil
	}
	c := s.clone()
	ck := c.Combat
	for side := 0; side < 2; side++ {
		if i := c.idx(ck.Head[side]); i < 0 || !c.onMap(i) {
			best := -1
			for _, j := range c.stack(side) {
				if c.headOK(side, j) && (best < 0 || c.Morale(j) > c.Morale(best)) {
					best = j
				}
			}
			if best >= 0 {
				ck.Head[side] = c.def(best).ID
			}
		}
	}
	// Hit distributions of the fires still to come.
	var hits [2][]int
	for side := 0; side < 2; side++ {
		if ck.Fired[side] || c.artOf(side) == 0 {
			hits[side] = []int{1}
			continue
		}
		n, f := c.artOf(side), c.fireFaces(side)
		w := make([]int, n+1)
		for h := 0; h <= n; h++ {
			w[h] = binom(n, h) * pow(f, h) * pow(6-f, n-h)
		}
		hits[side] = w
	}
	den := 36
	for side := 0; side < 2; side++ {
		t := 0
		for _, w := range hits[side] {
			t += w
		}
		den *= t
	}
	if den <= 0 {
		return nil
	}
	counts := map[string]int{}
	for ha, wa := range hits[0] {
		for hd, wd := range hits[1] {
			if wa == 0 || wd == 0 {
				continue
			}
			if !ck.Fired[0] {
				ck.Hits[0] = ha
			}
			if !ck.Fired[1] {
				ck.Hits[1] = hd
			}
			var base [2]int
			for side := 0; side < 2; side++ {
				base[side], _ = c.CPParts(side)
			}
			amp := c.ssOf(0) + c.ssOf(1)
			st, _, big := c.Ratio()
			for da := 1; da <= 6; da++ {
				for dd := 1; dd <= 6; dd++ {
					cpA := base[ck.Att] + da
					cpD := base[1-ck.Att] + dd
					diff, win := cpA-cpD, ck.Att
					if diff < 0 {
						diff, win = -diff, 1-ck.Att
					}
					w, l, r := c.sc.Tab.MeleeResult(diff, amp)
					var key string
					if diff == 0 {
						key = meleeDrawOddsWords(w)
					} else {
						if st == win && big {
							w = 0
						}
						key = meleeOddsWords(win, w, l, r)
					}
					counts[key] += wa * wd
				}
			}
		}
	}
	out := make([]rules.OddsLine, 0, len(counts))
	for key, n := range counts {
		out = append(out, rules.OddsLine{Result: key, Num: n, Den: den})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Num != out[j].Num {
			return out[i].Num > out[j].Num
		}
		return out[i].Result < out[j].Result
	})
	return out
}
