package game

import (
	"fmt"
	"strings"

	"grognard/rules"
)

// What follows a move (newcomer issue #18, Albuera: the lit hex in front
// of an enemy read only "to 0507 (1 MP)", and the move stopped there for
// the enemy's reaction [13.1] with no warning). The move is taken on a
// copy of the game: when the decision then passes from the mover's side
// (a die, a Morale Check, the other side's reaction, its fire window), the
// hover says so with the prompt the game will show. Only for systems
// without hidden information (the copy sees the whole state).

// followMemo keeps the last answer (the hover asks at every frame).
var followMemo struct {
	s   *Session
	key string
	out []string
}

// moveFollows is the hover line saying what the move of unit to loc sets
// off, nil when the mover's side simply goes on deciding.
func (s *Session) moveFollows(unit, loc string) []string {
	if s.System.ID == "" || s.System.Hidden || s.Cover {
		return nil
	}
	key := fmt.Sprintf("%d|%d|%s|%s", s.version, s.Viewer, unit, loc)
	if followMemo.s == s && followMemo.key == key {
		return followMemo.out
	}
	followMemo.s, followMemo.key, followMemo.out = s, key, nil
	var act rules.Action
	found := false
	for _, a := range s.Legal() {
		if a.Kind == "move" && a.Unit == unit && a.To == loc && len(a.Units) == 0 {
			act, found = a, true
			break
		}
	}
	if !found {
		return nil
	}
	side := s.Game.State.Status().Decider
	c := s.Game.State.Clone()
	if _, err := c.Apply(act); err != nil {
		return nil
	}
	st := c.Status()
	if st.Decider == side || c.Result().Over {
		return nil
	}
	what := strings.TrimSpace(st.Prompt)
	what = strings.TrimPrefix(what, "Chance: ")
	if what == "" {
		return nil
	}
	followMemo.out = []string{"After this move: " + what}
	return followMemo.out
}
