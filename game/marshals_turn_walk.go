package game

import (
	"fmt"
	"strings"

	"grognard/rules"
)

// walkStopped is the message of a route taken step by step that stopped
// before step i of n (Walk): the next step is not legal now. Playing the
// Advance by clicks, a click on La Calzada de Oropesa two zones away
// moved the stack one zone and read "stopped after 1 of 2 steps at : no
// move is under way [5.3]": the Marshals steps name no zone they leave,
// and the move was not over but waited for the fatigue marker's question
// [5.3.2]. When the decision now asks something else than a move, the
// message says where the stack stands, the question and that a click on
// the destination again goes on.
func (s *Session) walkStopped(i, n int, r rules.Route, why string) error {
	step := r.Steps[i]
	at := step.From
	if at == "" && i > 0 {
		at = r.Steps[i-1].To
	}
	moves := false
	for _, a := range s.Legal() {
		if a.Kind == step.Kind && a.Kind != "" {
			moves = true
			break
		}
	}
	if !moves {
		st := s.Game.State.Status()
		q := st.Prompt
		if q == "" {
			q = st.SubPhase
		}
		dest := r.Steps[len(r.Steps)-1].To
		return fmt.Errorf("moved %d of %d steps, to %s: answer on the right first (%s), then click %s again to go on", i, n, s.placeName(at), strings.TrimSuffix(q, "."), s.placeName(dest))
	}
	if at == "" {
		return fmt.Errorf("stopped after %d of %d steps: %s", i, n, why)
	}
	return fmt.Errorf("stopped after %d of %d steps at %s: %s", i, n, s.placeName(at), why)
}

// placeName is a zone's name on a zone map, else the place as it is (a
// hex's number).
func (s *Session) placeName(loc string) string {
	if v := s.View(); v.Board != nil && v.Board.Zones != nil {
		if z, ok := v.Board.Zones.Zone(loc); ok && z.Name != "" {
			return z.Name
		}
	}
	return loc
}
