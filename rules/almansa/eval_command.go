package almansa

import (
	"fmt"

	"grognard/rules/hex"
)

// Command in the evaluation (#21): a unit beyond its formation leader's
// command radius at its side's Command phase may neither move nor attack
// that turn [6]. The computer's evaluation counts it as a cost for either
// side, so that neither the computer nor its hint (H) leaves a unit where
// its leader cannot reach it:
//   - a Bourbon unit so cut off counts half in the closing-in term
//     (eval_close.go): it will not attack next turn;
//   - an Allied unit so cut off counts for the Bourbons as aiCutOffSteps
//     Allied steps: it can neither fall back out of contact [10] nor fire
//     next turn.
//
// While the unit's side is moving and its formation has not finished
// moving, the leader (who moves after his troops, Priority) may still
// follow: the unit is cut off only when it stands farther from him than
// his radius plus the hexes his movement left may take him (one a MP);
// beyond the radius alone it costs aiFollowShare of the full cost (the
// leader must still spend his move on it). A plain distance, not the
// traced line of command (the rules' business, command.go): cheap enough
// for every position a search scores.

// aiCutOffSteps is the Allied steps an Allied unit out of command counts
// for the Bourbons (authored: it cannot fall back out of a volley, about
// half a step of the Fire Table's mean at the usual columns [12]).
const aiCutOffSteps = 0.5

// aiFollowShare is the share of the cost of being out of command counted
// for a unit beyond its leader's radius that the leader may still reach
// in this movement phase (authored).
const aiFollowShare = 0.2

// aiCommandCost is 0 (unit i in command or not subject to command: a
// leader, artillery, a unit of no formation), 1 (out of command at its
// side's next Command phase as things stand [6]), or aiFollowShare (beyond
// its leader's radius, but the leader may still follow in this movement
// phase); or, when more, the chance that its formation's out-of-command
// roll takes it out of normal order (aiFormOut).
func (s *State) aiCommandCost(i int) float64 {
	c := s.aiUnitCost(i)
	if c < 1 && s.Units[i].Form != "" && s.def(i).Combat() && !s.def(i).Person() && s.def(i).Type != Artillery {
		c = max(c, s.aiFormOut(s.Units[i].Form))
	}
	return c
}

// aiUnitCost is aiCommandCost for unit i's own line to its leader.
func (s *State) aiUnitCost(i int) float64 {
	d := s.def(i)
	if !d.Combat() || d.Person() || d.Type == Artillery || s.Units[i].Form == "" {
		return 0
	}
	f := s.sc.Form(s.Units[i].Form)
	if f == nil || f.Leader == "" {
		return 0
	}
	l := s.idx(f.Leader)
	if l < 0 || !s.alive(l) {
		return 1 // no leader: out of command [6]
	}
	dist := hex.Distance(s.Units[i].At, s.Units[l].At)
	r := s.def(l).Radius
	if dist <= r {
		return 0
	}
	if phaseKind(s.Phase) == "move" && phaseSide(s.Phase) == d.Side && !s.Done[f.ID] && !s.Units[l].OOC {
		if dist <= r+max(0, s.remaining(l))/2 {
			return aiFollowShare
		}
	}
	return 1
}

// aiAlliedCutOff is the Allied steps the Allied units out of command
// count for the Bourbons (aiCommandCost times aiCutOffSteps).
func (s *State) aiAlliedCutOff() float64 {
	sum := 0.0
	for i := range s.Units {
		if s.alive(i) && s.def(i).Side == Allied {
			sum += s.aiCommandCost(i)
		}
	}
	return aiCutOffSteps * sum
}

// aiFormOut is the chance that formation f is out of normal order at its
// side's next Command phase as things stand [6]: 0 while its leader stands
// within his commander in chief's radius (and a junior commander in chief
// within cinc_apart hexes of the senior: Das Minas of Galway), else the
// out-of-command table's chance of "attack" or "withdraw" for the leader's
// rating (an Allied formation forced to attack walks into the Bourbon fire
// and must shock; one that withdraws may not move [6]). In its side's
// movement phase, while the commander in chief (who moves at any time)
// and the leader (until his formation has moved) may still close the gap,
// aiFollowShare of it. A formation whose leader is gone is out of command
// unit by unit (aiUnitCost).
func (s *State) aiFormOut(f string) float64 {
	form := s.sc.Form(f)
	if form == nil || form.Leader == "" {
		return 0
	}
	l := s.idx(form.Leader)
	if l < 0 || !s.alive(l) {
		return 0
	}
	c := s.commanderOf(f)
	if c >= 0 && !s.alive(c) {
		c = -1
	}
	moving := phaseKind(s.Phase) == "move" && phaseSide(s.Phase) == form.Side
	slack := func(j int) int {
		if !moving {
			return 0
		}
		if s.def(j).Type != Commander && s.Done[f] {
			return 0
		}
		return max(0, s.remaining(j)) / 2
	}
	out, gap := c < 0, 0
	if c >= 0 {
		d := hex.Distance(s.Units[l].At, s.Units[c].At)
		if d > s.def(c).Radius {
			out, gap = true, max(gap, d-s.def(c).Radius-slack(l)-slack(c))
		}
		if s.def(c).ID == form.CinC && !s.seniorIs(c) {
			for k := range s.Units {
				if k != c && s.def(k).Side == form.Side && s.def(k).Type == Commander && s.alive(k) && s.seniorIs(k) {
					if d := hex.Distance(s.Units[k].At, s.Units[c].At); d > s.sc.P("cinc_apart") {
						out, gap = true, max(gap, d-s.sc.P("cinc_apart")-slack(c)-slack(k))
					}
				}
			}
		}
	}
	if !out {
		return 0
	}
	p := s.aiOOCChance(s.def(l).Rating)
	if c >= 0 && gap <= 0 {
		return aiFollowShare * p
	}
	return p
}

// aiOOCChance is the chance of a result other than "normal" on the
// out-of-command table [6] for a leader of rating r (die + rating, 6 and
// more read as 6).
func (s *State) aiOOCChance(r int) float64 {
	t := s.sc.Tables["ooc"]
	if t == nil {
		return 1
	}
	bad := 0
	for d := 1; d <= 6; d++ {
		if res, ok := t.Cell(fmt.Sprint(min(6, d+r)), "result"); ok && res != "normal" {
			bad++
		}
	}
	return float64(bad) / 6
}
