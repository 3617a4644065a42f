package marshals

import "grognard/rules"

// The battles in the move ordering (#21). On a loaded machine the
// computer's searches are cut short by their deadline after a few
// candidates, scanned in the order of their priority: the Retreat's
// French marched the Garde into Talavera against the whole Allied army
// (2 candidates scanned) and attacked at La Puebla de Montalbán at 5 CP
// against 47. A march into a zone the enemy holds [5.3.3], a combat
// declared [5.4] and a forced passage taken now rank by the melee the
// sample expects (eval_battle.go): one expected to lose comes after every
// other move, one expected to win first.

// battlePriority is the rank of a that starts a melee, if it does.
func (s *State) battlePriority(a rules.Action) (float64, bool) {
	side := int(s.Status().Decider)
	if side != French && side != Allied {
		return 0, false
	}
	var z string
	var att battleSide
	forced := false
	switch {
	case a.Kind == "move" && s.Move != nil && s.Move.Side == side && a.To != "" && s.hasUnits(1-side, a.To):
		z, forced = a.To, true
		att = s.battleOf(s.moving())
	case s.Sub == SubForced && s.Move != nil && s.Move.Side == side && (a.Choice == "force" || (a.Kind == "end" && a.Choice == "stop")):
		z, forced = s.Move.Zone, true
		att = s.battleOf(s.moving())
	case a.Kind == "choose" && a.Choice == "combat" && a.To != "" && s.Sub == SubOp:
		z = a.To
		att = s.battleOf(s.sideAt(side, z, nil))
	default:
		return 0, false
	}
	zi, ok := s.sc.zi[z]
	if !ok {
		return 0, false
	}
	def := s.battleOf(s.sideAt(1-side, z, nil))
	o := s.expectBattle(&att, &def, s.sc.Graph.Zones[zi].Terrain, forced)
	hold := -1
	if !s.hasUnits(side, z) || a.Kind == "move" {
		hold = 1 - side
	}
	gain := battleWorth(o, side, s.sc.VP[z], hold)
	if side == Allied {
		gain = -gain
	}
	if a.Kind == "end" {
		// stopping short of a passage expected to fail [5.3.3]
		if gain < 0 {
			return 0.5, true
		}
		return 0, true
	}
	if gain < 0 {
		return 0.05, true
	}
	return 1.5, true
}
