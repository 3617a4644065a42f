package rulestest

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"grognard/rules"
)

// Auditing the log against the state (#22).
//
// A log line that announces a loss, an elimination or a score the state
// never shows is a bug a player cannot see: the log says "Allied loses 1 SS
// crossing the river" and no counter is any weaker. AuditGame plays a random
// game and holds every event's claim, as a system's ClaimParser reads it,
// against the change of the state:
//
//   - ClaimUnitLoss: the named unit is weaker (or eliminated) after the step
//     that logged it;
//   - ClaimEliminated: the named unit is eliminated (or off the map with no
//     strength) after that step;
//   - ClaimLoss: the side must lose N strength points, allotted now or in
//     later decisions; they must be taken before the side's next ClaimLoss
//     and before the game ends, unless a ClaimExcused says why they fall on
//     nobody;
//   - ClaimScore: after the step, a line of the public score reads Text.
//
// Strength is read from each side's own view of its own units (the full
// information), so hidden units count too.

// Claim kinds.
const (
	ClaimUnitLoss   = "unit-loss"
	ClaimEliminated = "eliminated"
	ClaimLoss       = "loss"
	ClaimExcused    = "excused"
	ClaimScore      = "score"
)

// Claim is what one event says changed.
type Claim struct {
	Kind string
	Side rules.Side // ClaimLoss, ClaimExcused
	Unit string     // unit id or name (ClaimUnitLoss, ClaimEliminated)
	// Units (ClaimExcused): the counters that could have taken the losses;
	// every one must be gone.
	Units []string
	N     int    // ClaimLoss: strength points
	Text  string // ClaimScore: the text a score line must hold
}

// ClaimParser reads the claims of one event; st is the state after the step.
type ClaimParser func(st rules.State, e rules.Event) []Claim

type unitStr struct {
	side rules.Side
	str  int
	gone bool
}

// strengths reads every unit's strength from its own side's view.
func strengths(st rules.State) (map[string]unitStr, map[string]string) {
	out := map[string]unitStr{}
	names := map[string]string{}
	for s := range st.Sides() {
		v := st.View(rules.Side(s))
		if v == nil {
			continue
		}
		for _, u := range v.Units {
			if u.Side != rules.Side(s) || u.Hidden {
				continue
			}
			str := u.Strength
			if u.Eliminated {
				str = 0
			}
			out[u.ID] = unitStr{side: u.Side, str: str, gone: u.Eliminated}
			names[u.Name] = u.ID
			if u.Short != "" {
				if _, dup := names[u.Short]; !dup {
					names[u.Short] = u.ID
				}
			}
		}
	}
	return out, names
}

// AuditGame plays one random game (at most maxActions actions) from st and
// checks every claim parse finds. It returns the first claim the state
// belies. Strength is read again only after a step that logged something (a
// change nobody logs is not a claim).
func AuditGame(st rules.State, seed uint64, maxActions int, parse ClaimParser) error {
	r := rand.New(rand.NewPCG(seed, 0xa0d17))
	pending := map[rules.Side]int{}
	why := map[rules.Side]string{}
	before, _ := strengths(st)
	for n := 0; n < maxActions && !st.Result().Over; n++ {
		var legal []rules.Action
		if st.Status().Decider == rules.Chance {
			for _, o := range st.Chances() {
				legal = append(legal, o.Action)
			}
		} else {
			legal = st.Legal()
		}
		if len(legal) == 0 {
			return fmt.Errorf("step %d: no legal action", n)
		}
		a := legal[r.IntN(len(legal))]
		evs, err := st.Apply(a)
		if err != nil {
			return fmt.Errorf("step %d: legal %s refused: %v", n, a.Key(), err)
		}
		if len(evs) == 0 {
			continue
		}
		after, names := strengths(st)
		// what each side lost in this step
		taken := map[rules.Side]int{}
		for id, b := range before {
			aft, ok := after[id]
			if !ok {
				aft = unitStr{side: b.side, gone: true}
			}
			d := b.str - aft.str
			if aft.gone && !b.gone {
				d = max(d, 1) // a counter eliminated is at least one loss (a baggage train shows no strength)
			}
			if d > 0 {
				taken[b.side] += d
			}
		}
		lookup := func(u string) (string, bool) {
			if _, ok := after[u]; ok {
				return u, true
			}
			if _, ok := before[u]; ok {
				return u, true
			}
			id, ok := names[u]
			return id, ok
		}
		var score []string
		for _, e := range evs {
			for _, c := range parse(st, e) {
				where := fmt.Sprintf("step %d (%s), event %q [%s]", n, a.Key(), e.Text, e.Rule)
				switch c.Kind {
				case ClaimUnitLoss, ClaimEliminated:
					id, ok := lookup(c.Unit)
					if !ok {
						return fmt.Errorf("%s: no unit %q", where, c.Unit)
					}
					b, aft := before[id], after[id]
					if _, ok := after[id]; !ok {
						aft = unitStr{gone: true}
					}
					if c.Kind == ClaimUnitLoss && aft.str >= b.str && !aft.gone {
						return fmt.Errorf("%s: %s claimed a loss but its strength went %d -> %d", where, id, b.str, aft.str)
					}
					if c.Kind == ClaimEliminated && !aft.gone && aft.str > 0 {
						return fmt.Errorf("%s: %s claimed eliminated but it is on with strength %d", where, id, aft.str)
					}
				case ClaimLoss:
					// this step's losses settle the earlier claim first
					use := min(pending[c.Side], taken[c.Side])
					pending[c.Side] -= use
					taken[c.Side] -= use
					if pending[c.Side] > 0 {
						return fmt.Errorf("%s: %d loss(es) announced by %q were never taken", where, pending[c.Side], why[c.Side])
					}
					// losses taken in this same step count toward it
					pending[c.Side] = c.N
					why[c.Side] = e.Text
				case ClaimExcused:
					for _, u := range c.Units {
						if aft, ok := after[u]; ok && !aft.gone && aft.str > 0 {
							return fmt.Errorf("%s: losses dropped as falling on no counter, but %s is on with strength %d", where, u, aft.str)
						}
					}
					pending[c.Side] = 0
				case ClaimScore:
					if score == nil {
						score = append([]string{""}, st.View(rules.Side(0)).Score...)
					}
					found := false
					for _, l := range score {
						found = found || strings.Contains(l, c.Text)
					}
					if !found {
						return fmt.Errorf("%s: the score does not read %q: %q", where, c.Text, score[1:])
					}
				}
			}
		}
		for s, d := range taken {
			pending[s] = max0(pending[s] - d)
		}
		before = after
	}
	for s, p := range pending {
		if p > 0 && st.Result().Over {
			return fmt.Errorf("game over with %d loss(es) of %s announced by %q never taken", p, st.Sides()[s], why[s])
		}
	}
	return nil
}

func max0(n int) int {
	if n < 0 {
		return 0
	}
	return n
}
