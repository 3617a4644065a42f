package almansa

import (
	"grognard/rules/hex"
)

// The closing-in term of the evaluation (#21): how well the Bourbon army
// has come to grips with the Allies [5]. The Bourbons win only by
// destroying Allied steps, and steps are destroyed in contact [11] [13];
// the old measure was the mean distance of each Bourbon unit to its
// nearest enemy, which an Allied step toward the Bourbons raised as much
// as a Bourbon one: in the search's short playouts, ending the Bourbon
// movement phase at once (the Allies then walk up in the playout) scored
// better than moving, and the normal computer's first hint of the game
// was "End the movement phase".
//
// A Bourbon unit now counts as closed in by the lesser of two measures:
// its nearness to the nearest enemy, and its own advance from its map
// edge toward the Allied line (the Allied set-up line of the scenario, a
// fixed place): an Allied approach alone no longer closes the Bourbons
// in; a Bourbon advance does. A unit in contact counts in full. Then good
// order [6] [7] [9]:
//   - a unit beyond its leader's command radius will be out of command
//     next turn, unable to move or attack [6]: it counts half (in the
//     Bourbon movement phase, while its leader may still follow, a tenth
//     less: eval_command.go);
//   - a unit in contact with an enemy in its flank or rear (not one of its
//     two front hexes [7]) is open to enfilade (+1 to the fire die [11],
//     +1 column in shock [13]) and counts less; an Allied unit so placed
//     counts for the Bourbons as a unit more in contact, and so does an
//     Allied unit stacked with another in contact (a fire hits every unit
//     of the hex [11]).

// aiClosing is 0 (the army far from the enemy) to 1 (every Bourbon combat
// unit in good order in contact).
func (s *State) aiClosing() float64 {
	line := s.aiAlliedLine()
	o := s.occupancy()
	sum, n := 0.0, 0
	for i := range s.Units {
		d := s.def(i)
		if !s.alive(i) || !d.Combat() || d.Person() {
			continue
		}
		if d.Side == Allied {
			// An Allied unit with a Bourbon in its flank or rear is open to
			// enfilade: as good for the Bourbons as one more unit closed in.
			if s.aiFlankOpen(o, i) {
				sum += 0.5
			}
			// A fire hits every unit in the target hex [11]: an Allied
			// unit stacked with another in contact doubles what one die
			// takes.
			if s.aiStackedInContact(o, i) {
				sum += 0.5
			}
			continue
		}
		n++
		at := s.Units[i].At
		dist := min(s.nearestEnemy(at, Bourbon), 10)
		u := 1.0
		if dist > 1 {
			near := 1 - float64(dist-1)/9
			adv := 1.0
			if line > 0 {
				adv = min(1, float64(s.sc.EdgeDist[Bourbon][at])/line)
			}
			u = 0.9 * min(near, adv)
		} else if s.aiFlankOpen(o, i) {
			u = 0.6
		}
		// Out of command next turn [6] (eval_command.go): half.
		u *= 1 - 0.5*s.aiCommandCost(i)
		sum += u
	}
	if n == 0 {
		return 0
	}
	return min(1, sum/float64(n))
}

// aiAlliedLine is the distance from the Bourbon edge of the Allied set-up
// line: the mean over the hexes that carry an Allied formation's set-up
// letter [4] (a fixed place, whatever the Allies do).
func (s *State) aiAlliedLine() float64 {
	sum, n := 0, 0
	for _, f := range s.sc.Forms {
		if f.Side != Allied {
			continue
		}
		for _, c := range s.sc.ByLabel[f.ID] {
			sum += s.sc.EdgeDist[Bourbon][c]
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(sum) / float64(n)
}

// aiFlankOpen reports whether unit i stands next to an enemy combat unit
// that is not in one of its front hexes [7].
func (s *State) aiFlankOpen(o occ, i int) bool {
	at, f, side := s.Units[i].At, s.Units[i].Facing, s.def(i).Side
	for _, c := range at.Neighbors() {
		if !s.hasSide(o, c, 1-side, func(j int) bool { return s.def(j).Combat() && !s.def(j).Person() }) {
			continue
		}
		if arc, ok := hex.ArcOf(at, f, c); ok && arc != hex.Front {
			return true
		}
	}
	return false
}

// aiStackedInContact reports whether combat unit i shares its hex with
// another friendly combat unit while an enemy combat unit stands next to
// it: a fire at the hex hits both [11].
func (s *State) aiStackedInContact(o occ, i int) bool {
	at, side := s.Units[i].At, s.def(i).Side
	others := 0
	for _, j := range o.at(at) {
		if j != i && s.def(j).Side == side && s.def(j).Combat() && !s.def(j).Person() {
			others++
		}
	}
	if others == 0 {
		return false
	}
	for _, c := range at.Neighbors() {
		if s.hasSide(o, c, 1-side, func(j int) bool { return s.def(j).Combat() && !s.def(j).Person() }) {
			return true
		}
	}
	return false
}

// aiThreat is the Allied steps the Bourbon fire now in place may be
// expected to take at its next volley [11] [12]: for each hex of Allied
// combat units, the Bourbon infantry next to it with the hex in a front
// hex [7] and the Bourbon guns within range with the hex in their arc
// [12] fire together (the formations' order aside), the Fire Table's
// mean steps at that total (unmodified die), times the units in the hex
// (a fire hits every unit of the hex [11]). An Allied unit that falls
// back out of contact [10] takes its steps out of it.
func (s *State) aiThreat() float64 {
	ft := s.sc.fire
	if ft == nil {
		return 0
	}
	o := s.occupancy()
	seen := map[hex.Coord]bool{}
	total := 0.0
	for i := range s.Units {
		d := s.def(i)
		if !s.alive(i) || d.Side != Allied || !d.Combat() || d.Person() {
			continue
		}
		at := s.Units[i].At
		if seen[at] {
			continue
		}
		seen[at] = true
		n := 0
		for _, j := range o.at(at) {
			if s.def(j).Side == Allied && s.def(j).Combat() && !s.def(j).Person() {
				n++
			}
		}
		cf := 0
		for j := range s.Units {
			dj := s.def(j)
			if !s.alive(j) || dj.Side != Bourbon || s.Units[j].DSB {
				continue
			}
			uj := s.Units[j]
			dist := hex.Distance(uj.At, at)
			switch {
			case dj.Type == Infantry && dist == 1:
				if arc, ok := hex.ArcOf(uj.At, uj.Facing, at); ok && arc == hex.Front {
					cf += s.fireFactor(j)
				}
			case dj.Type == Artillery && dist >= 1 && dist <= s.sc.P("artillery_range"):
				for _, c := range s.gunArc(uj.At, uj.Facing) {
					if c == at {
						cf += s.fireFactor(j)
						break
					}
				}
			}
		}
		if cf == 0 {
			continue
		}
		col := ft.column(cf)
		if col < 0 {
			continue
		}
		mean := 0.0
		for r := range ft.rows {
			mean += float64(ft.rows[r][col].Steps) / 6
		}
		total += mean * float64(n)
	}
	return total
}
