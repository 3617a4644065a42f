package almansa

import (
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
// phase).
func (s *State) aiCommandCost(i int) float64 {
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
