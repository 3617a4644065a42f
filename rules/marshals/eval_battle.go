package marshals

import (
	"math"
	"slices"
	"sync"

	"grognard/rules/zone"
)

// Battles for the computer player's evaluation (#21): what a melee [5.4.3]
// is expected to give where both sides stand in one zone, and what the
// enemy stacks one move away threaten [5.3.3]. The Retreat's French
// normal forced a passage into Talavera against the whole Allied army on
// turn 1 (4 CP against 16, 14 SS lost), then attacked the town again with
// a lone artillery detachment (4 against 63), and left Madrid (5 VP) to
// three detachments while a Spanish division stood a march away: the
// evaluation counted the VP held and the SS kept, never the battle about
// to be fought. The state evaluated is the computer's sample of what it
// may know (determinize.go): the enemy's hidden stacks are sampled there.

// battleSide is one side's stack in a zone, as the melee counts it.
type battleSide struct {
	inf, cav   int  // main-track SS, infantry and the rest / cavalry [5.4.3]
	ss         int  // all SS (the amplitude) [5.4.3]
	art        int  // artillery SS (expected hits) [5.4.3]
	head       int  // best head-unit morale, -1: no fighting unit
	headInf    int  // best morale of a non-cavalry unit (outside clear terrain)
	cmd        int  // best commander SV [5.4.3]
	demoral    bool // [7.8]
	back       bool // [7.7]
	units      int  // counters that hold ground (not decoys, commanders)
	infantry   bool
	baggage    int
	mp         int // the slowest unit's MP (its reach)
	cavalryAll bool
}

// fights reports a stack that gives battle (some SS).
func (b *battleSide) fights() bool { return b.ss > 0 }

// battleMeta is per scenario: the zones each zone reaches within one move.
type battleMeta struct {
	near  [][]nearZone // by zone index: zones within 7 MP, their MP
	near2 [][]nearZone // zones within 14 MP (two moves), their MP
}

type nearZone struct {
	zi, mp int
}

var battleMetas sync.Map // *Scenario -> *battleMeta

func (sc *Scenario) battleMeta() *battleMeta {
	if m, ok := battleMetas.Load(sc); ok {
		return m.(*battleMeta)
	}
	m := &battleMeta{near: make([][]nearZone, len(sc.Graph.Zones)), near2: make([][]nearZone, len(sc.Graph.Zones))}
	cost := func(from, to string, c zone.Connection) (int, bool) {
		if c.Kind == zone.Ford {
			return 0, false
		}
		return sc.Tab.ConnMP[c.Kind], true
	}
	for zi, z := range sc.Graph.Zones {
		for id, re := range sc.Graph.Reachable(z.ID, 14, cost) {
			if zj, ok := sc.zi[id]; ok && zj != zi {
				if re.Cost <= 7 {
					m.near[zi] = append(m.near[zi], nearZone{zj, re.Cost})
				}
				m.near2[zi] = append(m.near2[zi], nearZone{zj, re.Cost})
			}
		}
		// in the order of the distance, then of the zone (the map's
		// iteration order must not reach the evaluation)
		for _, l := range [][]nearZone{m.near[zi], m.near2[zi]} {
			slices.SortFunc(l, func(a, b nearZone) int {
				if a.mp != b.mp {
					return a.mp - b.mp
				}
				return a.zi - b.zi
			})
		}
	}
	battleMetas.Store(sc, m)
	return m
}

// newBattleSide is an empty stack.
func newBattleSide() battleSide {
	return battleSide{head: -1, headInf: -1, mp: 99, cavalryAll: true}
}

// add counts counter i in the stack b [5.4.3].
func (s *State) addToBattle(b *battleSide, i int) {
	d := s.def(i)
	u := &s.Units[i]
	if d.Kind == KDecoy {
		return
	}
	if d.Kind == KCmd {
		b.cmd = max(b.cmd, d.SV)
		return
	}
	b.units++
	b.demoral = b.demoral || u.Demoral
	b.back = b.back || u.Back
	if d.Kind == KBaggage {
		b.baggage++
		return
	}
	c := s.CavSS(i)
	main := s.MainSS(i)
	b.cav += c
	b.inf += main - c
	b.ss += s.SS(i)
	b.art += s.ArtSS(i)
	b.mp = min(b.mp, s.UnitMP(i))
	if d.Kind == KDiv || d.Kind == KDet {
		m := s.Morale(i)
		if main > 0 || s.ArtSS(i) > 0 {
			b.head = max(b.head, m)
		}
		if d.Arm == Cavalry {
			return
		}
		b.cavalryAll = false
		if d.Arm == Infantry {
			b.infantry = true
		}
		b.headInf = max(b.headInf, m)
	}
}

// battleSides gathers, by zone index, each side's stack [5.4.3].
func (s *State) battleSides() [][2]battleSide {
	out := make([][2]battleSide, len(s.sc.Graph.Zones))
	for zi := range out {
		out[zi][0], out[zi][1] = newBattleSide(), newBattleSide()
	}
	for i := range s.Units {
		d := s.def(i)
		if (d.Side != French && d.Side != Allied) || !s.onMap(i) {
			continue
		}
		if zi, ok := s.sc.zi[s.Units[i].At]; ok {
			s.addToBattle(&out[zi][d.Side], i)
		}
	}
	return out
}

// battleOf is the stack of the counters is [5.4] [5.3.3].
func (s *State) battleOf(is []int) battleSide {
	b := newBattleSide()
	for _, i := range is {
		s.addToBattle(&b, i)
	}
	return b
}

// battleOutcome is a melee's expectation: the chance the attacker wins
// and each side's SS lost (by the melee table over the 36 rolls of one
// die each) [5.4.3].
type battleOutcome struct {
	pAtt, pDef float64
	loss       [2]float64 // attacker, defender
}

// expectBattle weighs a melee of att against def in a zone of terrain
// terr: head-unit morale, commander, expected artillery hits, strength
// ratio, terrain for the defender, forced passage, back to the river,
// demoralisation [5.4.3] [5.3.3] [7.7] [7.8]. The axes of retreat and the
// events are left out.
func (s *State) expectBattle(att, def *battleSide, terr string, forced bool) battleOutcome {
	var o battleOutcome
	if !att.fights() {
		if def.fights() {
			o.pDef = 1
		}
		return o
	}
	if !def.fights() {
		// A stack without SS (baggage alone) is overrun [7.2].
		o.pAtt = 1
		o.loss[1] = float64(def.baggage)
		return o
	}
	clear := terr == zone.TerrainClear
	eff := func(b *battleSide) int {
		c := b.cav
		if !clear {
			c = (c + 1) / 2
		}
		return b.inf + c
	}
	st, r, big := RatioOf(eff(att), eff(def))
	cp := func(b *battleSide, side int) float64 {
		h := b.head
		if !clear && b.infantry {
			h = b.headInf
		}
		v := float64(max(h, 0)) + float64(b.cmd)
		hit := 0.5
		if b.demoral {
			hit = 1.0 / 3
			v -= 2
		}
		v += hit * float64(b.art)
		if b.back {
			v--
		}
		if st == side {
			v += float64(r)
		}
		return v
	}
	lead := cp(att, 0) - cp(def, 1) - float64(s.sc.Tab.Defence[terr])
	if forced {
		lead -= 2
	}
	ld := int(math.Round(lead))
	amp := att.ss + def.ss
	for dd := -5; dd <= 5; dd++ {
		n := float64(6 - abs(dd)) // rolls of one die each with a - d = dd
		diff := ld + dd
		switch {
		case diff == 0:
			w, _, _ := s.sc.Tab.MeleeResult(0, amp)
			o.loss[0] += n * float64(min(w, att.ss))
			o.loss[1] += n * float64(min(w, def.ss))
		case diff > 0:
			w, l, _ := s.sc.Tab.MeleeResult(diff, amp)
			if st == 0 && big {
				w = 0
			}
			o.pAtt += n
			o.loss[0] += n * float64(min(w, att.ss))
			o.loss[1] += n * float64(min(l, def.ss))
		default:
			w, l, _ := s.sc.Tab.MeleeResult(-diff, amp)
			if st == 1 && big {
				w = 0
			}
			o.pDef += n
			o.loss[1] += n * float64(min(w, def.ss))
			o.loss[0] += n * float64(min(l, att.ss))
		}
	}
	o.pAtt /= 36
	o.pDef /= 36
	o.loss[0] /= 36
	o.loss[1] /= 36
	return o
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// lossWorth is a SS lost in the evaluation's units: its VP to the enemy
// (half a VP an infantry SS [8.0], over 6 half points) and the strength
// it takes away (0.08, as in Evaluate).
const lossWorth = 1.0/6 + 0.08

// threatReach weighs a battle one move away: the enemy must be activated,
// pass its command test and draw its fatigue before it strikes [5.2]
// [5.3.2]; and a stack that stands may move away first.
const threatReach = 0.4

// threatReach2 weighs a battle two moves away (a VP zone's) [8.0].
const threatReach2 = 0.2

// contestReach weighs a melee not yet declared in a zone both sides hold:
// the side that gains by it must still choose it in an operation [5.4],
// and the other may leave first; a declared one counts in full (a weak
// stack in contact attacked the whole Allied army at Torrejón rather than
// wait to be attacked, when its evaluation took the Allied attack for
// certain, #21).
const contestReach = 0.6

// battleTerm is, in the evaluation's units for the French (logit, VP in
// half points over 6), what the battles in sight are expected to change:
// in every zone both sides hold, the melee the side that gains by it
// will fight (the one declared or forced now, if any) [5.4] [5.3.3];
// and for every zone one side holds, the worst attack an enemy stack
// within its reach could make on it, weighed by threatReach [5.3.3].
func (s *State) battleTerm() float64 {
	bs := s.battleSides()
	meta := s.sc.battleMeta()
	zones := s.sc.Graph.Zones
	// worth of an outcome for the French, the attacker being att, in a
	// zone worth vp that hold holds now (-1: no one).
	worth := battleWorth
	total := 0.0
	for zi := range bs {
		b := &bs[zi]
		if b[0].units == 0 && b[1].units == 0 {
			continue
		}
		z := zones[zi].ID
		vp := s.sc.VP[z]
		terr := zones[zi].Terrain
		if b[0].units > 0 && b[1].units > 0 {
			// A battle fought here now, or the one the side that gains
			// by it will fight [5.4].
			if k := s.Combat; k != nil && k.Zone == z {
				if k.After == "" {
					// the stacks declared [5.4]
					att := k.Att
					ba, bd := s.battleOf(s.stack(att)), s.battleOf(s.stack(1-att))
					total += worth(s.expectBattle(&ba, &bd, terr, k.Forced), att, vp, -1)
				} else {
					total += s.meleeAfter(vp)
				}
				continue
			}
			if m := s.Move; m != nil && m.Zone == z && s.Sub == SubForced {
				// the moving stack against all the enemy's there [5.3.3]
				att := m.Side
				ba := s.battleOf(s.moving())
				total += worth(s.expectBattle(&ba, &b[1-att], terr, true), att, vp, -1)
				continue
			}
			vf := worth(s.expectBattle(&b[French], &b[Allied], terr, false), French, vp, -1)
			va := worth(s.expectBattle(&b[Allied], &b[French], terr, false), Allied, vp, -1)
			v := 0.0
			switch {
			case vf > 0 && va < 0:
				v = (vf + va) / 2
			case vf > 0:
				v = vf
			case va < 0:
				v = va
			}
			total += contestReach * v
			continue
		}
		// One side holds the zone: the worst an enemy stack one move away
		// could do to it [5.3.3] (fatigue and command tests aside); for a
		// zone worth VP, two moves away too, against the garrison and the
		// friendly stacks nearer the zone than that enemy (they can come
		// first) [8.0].
		hold := French
		if b[0].units == 0 {
			hold = Allied
		}
		enemy := 1 - hold
		owner := -1
		if vp > 0 {
			owner = s.controls(z)
		}
		list := meta.near[zi]
		if vp > 0 {
			list = meta.near2[zi]
		}
		worst := 0.0
		for _, nz := range list {
			e := &bs[nz.zi][enemy]
			if !e.fights() || nz.mp > 2*e.mp {
				continue
			}
			reach := threatReach
			def := &b[hold]
			if nz.mp > e.mp {
				reach = threatReach2
			}
			if vp > 0 {
				merged := b[hold]
				for _, f := range meta.near2[zi] {
					if f.mp >= nz.mp {
						break
					}
					if f.zi != nz.zi {
						merged.join(&bs[f.zi][hold])
					}
				}
				def = &merged
			}
			gain := worth(s.expectBattle(e, def, terr, true), enemy, vp, owner)
			if enemy == Allied {
				gain = -gain
			}
			if g := reach * gain; g > worst {
				worst = g
			}
		}
		if hold == French {
			worst = -worst
		}
		total += worst
	}
	return total
}

// meleeAfter is what a melee already fought still owes, in the
// evaluation's units for the French: the losses not yet allotted [5.4.3]
// (a playout cut in the middle of the allotment saw only those taken)
// and, while the loser has not yet left, the zone to the winner [5.4.4].
func (s *State) meleeAfter(vp int) float64 {
	k := s.Combat
	v := 0.0
	for side := range 2 {
		ss := 0
		for _, i := range s.stack(side) {
			ss += s.SS(i)
		}
		owed := float64(min(k.Loss[side], ss)) * lossWorth
		if side == French {
			v -= owed
		} else {
			v += owed
		}
	}
	if k.Winner >= 0 && vp > 0 && len(s.stack(1-k.Winner)) > 0 {
		w := float64(2*vp) / 6
		if k.Winner == Allied {
			w = -w
		}
		v += w
	}
	return v
}

// join adds the stack o to b (a stack that may come to its help).
func (b *battleSide) join(o *battleSide) {
	if o.units == 0 && o.cmd == 0 {
		return
	}
	b.inf += o.inf
	b.cav += o.cav
	b.ss += o.ss
	b.art += o.art
	b.head = max(b.head, o.head)
	b.headInf = max(b.headInf, o.headInf)
	b.cmd = max(b.cmd, o.cmd)
	b.demoral = b.demoral || o.demoral
	b.back = b.back || o.back
	b.units += o.units
	b.infantry = b.infantry || o.infantry
	b.baggage += o.baggage
	b.mp = min(b.mp, o.mp)
	b.cavalryAll = b.cavalryAll && o.cavalryAll
}

// battleWorth is an outcome's worth for the French, the attacker being
// att, in a zone worth vp that hold holds now (-1: no one) [5.4.3] [8.0].
func battleWorth(o battleOutcome, att, vp, hold int) float64 {
	sign := 1.0
	if att == Allied {
		sign = -1
	}
	v := (o.loss[1] - o.loss[0]) * lossWorth * sign
	if vp > 0 {
		swing := float64(2*vp) / 6 // the zone's VP to the winner
		if hold >= 0 {
			swing *= 2 // and from the loser
		}
		if hold != att {
			v += sign * o.pAtt * swing
		}
		if hold < 0 {
			v -= sign * o.pDef * swing
		}
	}
	return v
}
