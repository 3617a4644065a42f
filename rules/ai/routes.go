package ai

import (
	"sort"

	"grognard/rules"
)

// Whole routes (#21): in the systems whose movement is taken one step at a
// time (rules.Planner: Almansa, Albuera, The Marshals), the search does not
// decide hex by hex. Each unit that may move offers its destinations
// (Planner.Reach) as candidates, each a whole route of single steps; the
// routes are ordered by the system's priority of the destination
// (RoutePrioritizer, else the priority of a move straight there) and cut
// to a few per unit, so the level's width holds several units' best
// routes. The chosen route's first step is played and the rest is handed
// back as the decision's Plan, which the caller plays step by step without
// searching again (Plan.Next) until the rules interrupt it.

// RoutePrioritizer is implemented by systems that rank a unit's whole
// routes better than the priority of a single move to the destination.
type RoutePrioritizer interface {
	RoutePriority(unit string, r rules.Route) float64
}

// candidate is one choice at the root: one action, or a unit's whole route
// (its single steps, then the unit's finishing action when the rules ask
// for one and nothing else is left to it).
type candidate struct {
	steps  []rules.Action
	pri    float64
	key    string
	finish string // the unit whose move is finished after the steps ("" none)
}

// first is the action played now.
func (c candidate) first() rules.Action { return c.steps[0] }

// routeWidthPerUnit is how many routes of one unit the root keeps.
func routeWidthPerUnit(width int) int {
	return max(2, width/4)
}

// candidates returns the root's choices for the legal actions of st,
// ordered by priority and cut to width (0: all): whole routes in place of
// the single steps of the units that can plan one, a few per unit, and
// the end of the phase kept whenever it is legal (so the search may
// choose to stop moving).
//
// movers is the number of units with routes (before the cut).
func candidates(st rules.State, legal []rules.Action, width int) (cands []candidate, movers int) {
	var out []candidate
	routed := map[string]bool{}
	if pl, ok := st.(rules.Planner); ok {
		var units []string
		seen := map[string]bool{}
		for _, a := range legal {
			if a.Kind == "move" && a.Unit != "" && !seen[a.Unit] {
				seen[a.Unit] = true
				units = append(units, a.Unit)
			}
		}
		sort.Strings(units)
		legalKeys := make(map[string]rules.Action, len(legal))
		for _, a := range legal {
			legalKeys[a.Key()] = a
		}
		rp, hasRP := st.(RoutePrioritizer)
		per := routeWidthPerUnit(width)
		for _, u := range units {
			routes := safeReach(pl, u)
			var cs []candidate
			for _, r := range routes {
				if len(r.Steps) == 0 {
					continue
				}
				// The first step must be one of the legal actions (the
				// planner and the rules agree; never trust one alone).
				l, ok := legalKeys[r.Steps[0].Key()]
				if !ok {
					continue
				}
				steps := append([]rules.Action{l}, r.Steps[1:]...) // the first with its label
				p := 0.0
				if hasRP {
					p = rp.RoutePriority(u, r)
				} else {
					p = priority(st, rules.Action{Kind: "move", Unit: u, To: r.To, Choice: lastChoice(r)})
				}
				// Fewer steps first among routes of the same worth.
				p -= 0.001 * float64(len(r.Steps))
				cs = append(cs, candidate{steps: steps, pri: p, key: u + ">" + r.To, finish: u})
			}
			if len(cs) == 0 {
				continue
			}
			routed[u] = true
			sortCands(cs)
			if width > 0 && len(cs) > per {
				cs = cs[:per]
			}
			out = append(out, cs...)
		}
	}
	var end *candidate
	for _, a := range legal {
		if a.Kind == "move" && routed[a.Unit] {
			continue // its destinations are among the routes
		}
		c := candidate{steps: []rules.Action{a}, pri: priority(st, a), key: a.Key()}
		if (a.Kind == "end" || a.Kind == "pass") && a.Unit == "" && end == nil {
			e := c
			end = &e
		}
		out = append(out, c)
	}
	out = dropToggles(out)
	sortCands(out)
	if width > 0 && len(out) > width {
		out = out[:width]
		if end != nil && !containsKey(out, end.key) {
			out[width-1] = *end
		}
	}
	return out, len(routed)
}

// lastChoice is the Choice of a route's last step (a two-hex line's second
// hex in Albuera), so the priority reads the whole destination.
func lastChoice(r rules.Route) string {
	if len(r.Steps) == 0 {
		return ""
	}
	return r.Steps[len(r.Steps)-1].Choice
}

func sortCands(cs []candidate) {
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].pri != cs[j].pri {
			return cs[i].pri > cs[j].pri
		}
		return cs[i].key < cs[j].key
	})
}

func containsKey(cs []candidate, key string) bool {
	for _, c := range cs {
		if c.key == key {
			return true
		}
	}
	return false
}

// safeReach is Reach with a panic of the planner turned into no routes.
func safeReach(pl rules.Planner, unit string) (rs []rules.Route) {
	defer func() {
		if recover() != nil {
			rs = nil
		}
	}()
	return pl.Reach(unit)
}

// applyCandidate plays c's steps on st for side while side still decides
// and the steps stay legal (a reaction or a zone of control may stop a
// route short, as it stops a player's walk), then finishes the unit's
// move when that is all the rules leave to it. It reports whether the
// first step was legal.
func applyCandidate(st rules.State, side rules.Side, c candidate) bool {
	for k, a := range c.steps {
		if k > 0 && (st.Result().Over || st.Status().Decider != side) {
			return true
		}
		if err := safeApply(st, a); err != nil {
			return k > 0
		}
	}
	if c.finish != "" && !st.Result().Over && st.Status().Decider == side {
		if f, ok := finishAction(st.Legal(), c.finish); ok {
			_ = safeApply(st, f)
		}
	}
	return true
}

// finishAction is the action that finishes unit's move (Albuera's "Finish
// its move" [12.13]) when the legal actions are only that unit's further
// steps, turns and its finish: never a fire or a charge given away.
func finishAction(legal []rules.Action, unit string) (rules.Action, bool) {
	var f rules.Action
	found := false
	for _, a := range legal {
		switch {
		case a.Kind == "end" && a.Unit == unit:
			f, found = a, true
		case (a.Kind == "move" || a.Kind == "face") && a.Unit == unit:
		default:
			return rules.Action{}, false
		}
	}
	return f, found
}

// Plan is the rest of a route the computer chose: the caller plays its
// steps one by one (Next) without a new search, as long as nothing else
// happened in between and each step is still legal.
type Plan struct {
	Side   rules.Side
	Steps  []rules.Action
	Finish string // the unit whose move is finished at the end ("" none)
	Dest   string // where the route ends
	Reason string // the reason of the decision that chose the route
	Value  float64
	At     int // the number of the game's steps when the next step is due
}

// NewPlan is the plan left by decision d of side, taken when the game had
// at steps recorded after d's action was applied; nil if nothing is left.
func NewPlan(d Decision, side rules.Side, at int) *Plan {
	if len(d.Plan) == 0 && d.Finish == "" {
		return nil
	}
	dest := ""
	for _, a := range d.Plan {
		if a.Kind == "move" && a.To != "" {
			dest = a.To
		}
	}
	return &Plan{Side: side, Steps: append([]rules.Action(nil), d.Plan...), Finish: d.Finish, Dest: dest, Reason: d.Reason, Value: d.Value, At: at}
}

// Next returns the plan's next step as a decision when side decides in st
// and steps (the game's record) shows only side's own actions and chance
// outcomes since the plan's last step; ok is false when the plan is over
// or void (the caller searches again). Next advances the plan.
func (p *Plan) Next(st rules.State, side rules.Side, steps []rules.Step) (Decision, bool) {
	if p == nil || side != p.Side || st.Result().Over || st.Status().Decider != side || len(steps) < p.At {
		return Decision{}, false
	}
	for _, s := range steps[p.At:] {
		if s.By != side && s.By != rules.Chance {
			return Decision{}, false // the other side acted: think again
		}
	}
	var a rules.Action
	switch {
	case len(p.Steps) > 0:
		l, ok := rules.FindLegal(st, p.Steps[0])
		if !ok {
			p.Steps = nil
			return Decision{}, false
		}
		a = l
		p.Steps = p.Steps[1:]
	case p.Finish != "":
		f, ok := finishAction(st.Legal(), p.Finish)
		p.Finish = ""
		if !ok {
			return Decision{}, false
		}
		a = f
	default:
		return Decision{}, false
	}
	p.At = len(steps) + 1
	why := "on along its route"
	if p.Dest != "" {
		why += " to " + p.Dest
	}
	if len(p.Steps) == 0 && p.Finish == "" {
		why = "the end of its route"
	}
	return Decision{Action: a, Reason: why, Value: p.Value, Planned: true}, true
}

// routeBudget is the playouts of one decision among n candidates: the
// level's iterations, shared out when many units may still move in this
// phase (a movement phase is one decision per unit; the playouts, a few
// single steps each, tell its routes apart less than they tell combats
// apart): with more than six units routed, each decision gets the level's
// iterations times six over their number, at least three a candidate
// (never more than the level's iterations).
func routeBudget(iterations, n, movers int) int {
	if movers <= 6 {
		return iterations
	}
	return min(iterations, max(iterations*6/movers, 3*n))
}

// dropToggles removes the candidates of negative priority (a Prioritizer's
// mark for an action that changes no score and can be undone, as taking a
// counter back out of a stack being formed: [5.1] in The Marshals) while
// any other candidate is left. Scored one move ahead they tie with their
// own undoing, so a search could take one, then undo it, for ever (a
// Talavera duel did 19,000 such choices).
func dropToggles(cs []candidate) []candidate {
	keep := cs[:0:0]
	for _, c := range cs {
		if c.pri >= 0 {
			keep = append(keep, c)
		}
	}
	if len(keep) == 0 {
		return cs
	}
	return keep
}
