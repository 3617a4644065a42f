package game

import (
	"fmt"
	"regexp"
	"strings"

	"grognard/render"
	"grognard/rules"
)

// The die behind a panel choice (newcomer issue #18: "tries to form square
// (Morale Check) [7.2]" was offered with no odds, though a die follows).
// The choice is taken on a copy of the game; when a die decides next,
// each of its faces is taken on a further copy and the first thing each
// face makes happen is told with its chance ("forms square 6 in 10"). Only
// for systems without hidden information, and only for choices whose own
// text gives no odds.

var diceMemo struct {
	s   *Session
	key string
	out []string
}

// detail drops the arithmetic in parentheses and the rule citations of an
// event's text, so the faces that make the same thing happen group.
// saysOdds finds odds already in a choice's text ("6 in 10", "30%").
var saysOdds = regexp.MustCompile(`\d+ in \d+|\d%`)

var detail = regexp.MustCompile(`\s*(\([^)]*\)|\[[^\]]*\])`)

// choiceDice is the hover line giving the chances of what a die makes of
// the choice a, nil when no die follows or the choice already says.
func (s *Session) choiceDice(a rules.Action) []string {
	if a.Kind != "choose" || a.To != "" || saysOdds.MatchString(a.Label+" "+a.Info) || s.Cover || !s.CanAct() {
		return nil
	}
	if s.System.ID == "" || s.System.Hidden {
		return nil
	}
	key := fmt.Sprintf("%d|%d|%s", s.version, s.Viewer, a.Key())
	if diceMemo.s == s && diceMemo.key == key {
		return diceMemo.out
	}
	diceMemo.s, diceMemo.key, diceMemo.out = s, key, nil
	c := s.Game.State.Clone()
	if _, err := c.Apply(a); err != nil || c.Status().Decider != rules.Chance {
		return nil
	}
	faces := c.Chances()
	if len(faces) < 2 || len(faces) > 36 {
		return nil
	}
	total := 0
	var order []string
	weight := map[string]int{}
	for _, o := range faces {
		cc := c.Clone()
		evs, err := cc.Apply(o.Action)
		if err != nil || len(evs) == 0 || o.Weight <= 0 {
			return nil
		}
		what := strings.TrimSpace(detail.ReplaceAllString(evs[0].Text, ""))
		if what == "" {
			return nil
		}
		if _, ok := weight[what]; !ok {
			order = append(order, what)
		}
		weight[what] += o.Weight
		total += o.Weight
	}
	if len(order) < 2 || len(order) > 4 {
		return nil
	}
	parts := make([]string, len(order))
	for i, w := range order {
		if total == 10 {
			parts[i] = fmt.Sprintf("%s %d in 10", w, weight[w])
		} else {
			parts[i] = fmt.Sprintf("%s %s", w, pct(float64(weight[w])/float64(total)))
		}
	}
	diceMemo.out = render.Wrap("Then a die: "+strings.Join(parts, "; ")+".", render.Face(12.5), choiceTipWidth)
	return diceMemo.out
}
