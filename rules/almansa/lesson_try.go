package almansa

import (
	"fmt"

	"grognard/rules"
	"grognard/rules/lesson"
)

// Try it yourself from a lesson (issue #19). A lesson's bare position has
// only the units that matter and no leader, so at the next Command phase
// every formation on the map has lost its leader and its units may neither
// move nor attack [6]. For an ordinary game from the lesson's position each
// listed unit's formation leader, and the commander in chief who commands
// that formation, join the unit's hex (leaders do not count for stacking
// [8]): in command, the units play on. The historical set-up is a game
// already.
func init() { lesson.RegisterOpener(SystemID, tryOpener) }

func tryOpener(st rules.State, p lesson.Position) (rules.State, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("not an Almansa state")
	}
	if p.Set["start"] == "historical" {
		return s, nil
	}
	for _, pl := range p.Units {
		i := s.idx(pl.Unit)
		if i < 0 || !s.Units[i].On || s.sc.Units[i].Formation == "" {
			continue
		}
		f := s.sc.Units[i].Formation
		for j, d := range s.sc.Units {
			if s.Units[j].On || d.Side != s.sc.Units[i].Side {
				continue
			}
			commands := false
			for _, c := range d.Commands {
				commands = commands || c == f
			}
			if (d.Type == Leader && d.Formation == f) || (d.Type == Commander && commands) {
				s.Units[j].On, s.Units[j].At = true, s.Units[i].At
			}
		}
	}
	s.touch()
	if err := s.CheckInvariants(); err != nil {
		return nil, err
	}
	return s, nil
}
