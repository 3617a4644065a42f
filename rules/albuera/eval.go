package albuera

import (
	"math"
	"sync"

	"grognard/rules"
	"grognard/rules/hex"
)

// Knowledge for the computer player (rules/ai): an evaluation of a
// position and a priority for move ordering and playouts. Albuera has no
// hidden information, so the computer needs no determinizer.

// Evaluate scores the position for side in 0..1: the chance that the
// French win, by the victory points [16.1] taken as a random walk to the
// end: the French win at once with 8 VP at the end of a turn, the Allies
// with 6 [16.4], and after the last turn the French with any lead [16.3].
// The walk's drift is the Manpower each army keeps [3.4]; the VP now are
// corrected by what is at stake next to the enemy: captured guns the
// enemy can walk back into [10.12], batteries and commanders in contact
// [10.12] [16.1].
func (s *State) Evaluate(side rules.Side) float64 {
	var mp [2]float64
	var full [2]float64
	for i := range s.U {
		d := s.def(i)
		if d.Kind == KCdr || d.N <= 0 {
			continue
		}
		full[d.Side] += float64(d.N)
		if s.U[i].Where != Gone && !s.U[i].Captured {
			mp[d.Side] += float64(s.U[i].MP)
		}
	}
	m := 0.0
	if full[0] > 0 && full[1] > 0 {
		m = mp[French]/full[French] - mp[Allied]/full[Allied]
	}
	fw, aw, on := s.autoWin()
	if !on {
		fw, aw = 40, 40
	}
	left := s.sc.P("turns") - max(s.Turn, 1) + 1
	vp := float64(s.VP) + s.aiAtStake()
	f := aiWinChance(vp, max(left, 1), aiDriftPerManpower*m, fw, aw)
	// The walk is flat past the victory leads (a won position is won):
	// a twentieth of the score still grows with every VP and man, so
	// that the computer never faces a field of equal choices (two
	// searches that both saw a won or lost game played round and round
	// for 20,000 actions at Albuera, seeds 1 and 3).
	f = 0.95*f + 0.05/(1+math.Exp(-(vp/3+2*m)))
	if side == French {
		return f
	}
	return 1 - f
}

// The random walk of the victory points (authored: games of the greedy
// players swing 3 VP a turn, a battery taken and retaken 4 each way).
const (
	aiVPSigma          = 3.0
	aiDriftPerManpower = 1.5 // VP a turn for a whole army's Manpower ahead
)

// aiAtStake is the VP, French positive, that the position puts at stake
// next to the enemy, each weighed by a rough chance: captured guns left
// free of their captor with their own side near (2 VP + white stars on
// recapture) [10.12], batteries with an enemy unit next to them (the same
// on capture) [10.12], commanders in contact (3 VP) [16.1].
func (s *State) aiAtStake() float64 {
	// The hexes of each side's units (commanders and captured guns
	// aside), gathered once.
	var at [2][]hex.Coord
	stake := false
	for j := range s.U {
		u := &s.U[j]
		if u.Where != OnMap {
			continue
		}
		k := s.kind(j)
		if u.Captured || k == KCdr || k == KArt {
			stake = true
		}
		if u.Captured || k == KCdr {
			continue
		}
		sd := s.side(j)
		at[sd] = append(at[sd], u.At)
		if u.Two {
			at[sd] = append(at[sd], u.At2)
		}
	}
	if !stake {
		return 0
	}
	nearest := func(c hex.Coord, side int) int {
		best := 10
		for _, h := range at[side] {
			best = min(best, hex.Distance(c, h))
		}
		return best
	}
	x := 0.0
	for i := range s.U {
		u := &s.U[i]
		if u.Where != OnMap {
			continue
		}
		d := s.def(i)
		sign := 1.0 // for the French
		if d.Side == Allied {
			sign = -1
		}
		switch {
		case u.Captured && !u.Retaken:
			if nearest(u.At, 1-d.Side) == 0 {
				continue // its captor holds the hex
			}
			p := 0.0
			switch nearest(u.At, d.Side) {
			case 0, 1:
				p = 0.6
			case 2:
				p = 0.3
			case 3:
				p = 0.1
			}
			x += sign * p * float64(s.sc.P("vp_recapture")+d.Stars)
		case u.Captured:
		case d.Kind == KArt:
			if nearest(u.At, 1-d.Side) <= 1 {
				x -= sign * 0.2 * float64(s.sc.P("vp_capture")+d.Stars)
			}
		case d.Kind == KCdr:
			if nearest(u.At, 1-d.Side) <= 1 {
				x -= sign * 0.15 * float64(s.sc.P("vp_commander"))
			}
		}
	}
	return x
}

// aiWinChance is the chance that a walk of the net VP from vp, with the
// given drift a turn and spread aiVPSigma, reaches fw (French win) at the
// end of one of the next left turns before -aw (Allied win), or ends the
// last one above 0 [16.3] [16.4]. The tables are kept per drift (to a
// tenth) and number of turns.
func aiWinChance(vp float64, left int, drift float64, fw, aw int) float64 {
	key := aiWalkKey{left: left, drift: int(math.Round(drift * 10)), fw: fw, aw: aw}
	var tab []float64
	if t, ok := aiWalks.Load(key); ok {
		tab = t.([]float64)
	} else {
		tab = aiWalkTable(key)
		aiWalks.Store(key, tab)
	}
	// tab[v+aw] for v in -aw..fw; interpolated between whole VP.
	lo := math.Floor(vp)
	fr := vp - lo
	at := func(v int) float64 {
		switch {
		case v >= fw:
			return 1
		case v <= -aw:
			return 0
		}
		return tab[v+aw]
	}
	return (1-fr)*at(int(lo)) + fr*at(int(lo)+1)
}

type aiWalkKey struct{ left, drift, fw, aw int }

var aiWalks sync.Map // aiWalkKey -> []float64

// aiWalkTable builds the chances of aiWinChance for every whole VP.
func aiWalkTable(k aiWalkKey) []float64 {
	const span = 8
	d := float64(k.drift) / 10
	var w [2*span + 1]float64
	sum := 0.0
	for j := range w {
		x := float64(j-span) - d
		w[j] = math.Exp(-x * x / (2 * aiVPSigma * aiVPSigma))
		sum += w[j]
	}
	for j := range w {
		w[j] /= sum
	}
	n := k.fw + k.aw + 1
	cur := make([]float64, n) // after the last turn: the French with a lead [16.3]
	for v := -k.aw; v <= k.fw; v++ {
		if v > 0 {
			cur[v+k.aw] = 1
		}
	}
	next := make([]float64, n)
	for range k.left {
		for v := -k.aw; v <= k.fw; v++ {
			p := 0.0
			for j := range w {
				t := v + j - span
				switch {
				case t >= k.fw:
					p += w[j]
				case t <= -k.aw:
				default:
					p += w[j] * cur[t+k.aw]
				}
			}
			next[v+k.aw] = p
		}
		cur, next = next, cur
	}
	return cur
}

// Priority orders actions: fire and clashes first, then moves that close
// on the enemy, facing changes and the end of an activation last.
func (s *State) Priority(a rules.Action) float64 {
	switch a.Kind {
	case "fire", "charge", "clash", "shock":
		return 3
	case "move":
		i := s.idx(a.Unit)
		to, err := s.sc.Map.ParseOn(a.To)
		if i < 0 || err != nil {
			return 1
		}
		if s.kind(i) == KCdr {
			// A commander keeps near his troops [3.3]: he moves only to
			// come closer to them, after them, never ahead.
			before, after := s.aiNearestFriend(i, s.U[i].At), s.aiNearestFriend(i, to)
			if after >= before {
				return -0.5
			}
			return 0.6 + 0.05*float64(before-after)
		}
		return 1 + 0.5*float64(s.aiNearestEnemy(i, s.U[i].At)-s.aiNearestEnemy(i, to))
	case "end", "pass":
		return 0
	case "face":
		// Turning in place is worth it only to face the nearest enemy
		// [12.7]; else it ranks below the end, never turned round and round.
		i := s.idx(a.Unit)
		if i < 0 || s.U[i].Two {
			return 0.5
		}
		if e, ok := s.aiNearestEnemyAt(i); ok && aiFacesToward(s.U[i].At, a.Facing, e) && !aiFacesToward(s.U[i].At, s.U[i].Facing, e) {
			return 0.9
		}
		return -0.5
	}
	return 0.8
}

// aiNearestEnemy is the distance from c to the nearest enemy of unit i.
func (s *State) aiNearestEnemy(i int, c hex.Coord) int {
	best := 99
	for j := range s.U {
		if s.side(j) != s.side(i) && s.U[j].Where == OnMap && !s.U[j].Captured && s.kind(j) != KCdr {
			if d := hex.Distance(c, s.U[j].At); d < best {
				best = d
			}
		}
	}
	return best
}

// aiNearestFriend is the distance from c to the nearest friendly unit of
// unit i (commanders aside), at most 10.
func (s *State) aiNearestFriend(i int, c hex.Coord) int {
	best := 10
	for j := range s.U {
		if j != i && s.side(j) == s.side(i) && s.U[j].Where == OnMap && !s.U[j].Captured && s.kind(j) != KCdr {
			best = min(best, hex.Distance(c, s.U[j].At))
		}
	}
	return best
}

// aiNearestEnemyAt is where the nearest enemy unit of unit i stands.
func (s *State) aiNearestEnemyAt(i int) (hex.Coord, bool) {
	best, at, ok := 1<<30, hex.Coord{}, false
	for j := range s.U {
		if s.side(j) != s.side(i) && s.U[j].Where == OnMap && !s.U[j].Captured && s.kind(j) != KCdr {
			if d := hex.Distance(s.U[i].At, s.U[j].At); d < best {
				best, at, ok = d, s.U[j].At, true
			}
		}
	}
	return at, ok
}

// aiFacesToward reports whether a unit at c facing f has a Front hex on
// the way to target (a neighbour closer to it).
func aiFacesToward(c hex.Coord, f int, target hex.Coord) bool {
	d := hex.Distance(c, target)
	for _, n := range c.Neighbors() {
		if hex.Distance(n, target) < d {
			if arc, ok := hex.ArcOf(c, f, n); ok && arc == hex.Front {
				return true
			}
		}
	}
	return false
}
