package marshals

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"grognard/rules"
)

// Quicker loss allotment [5.4.3] (issue #18: a melee's 13 SS took 13
// clicks). "Losses are applied freely by the concerned players except for
// the first loss which must be applied to the head unit" [5.4.3]; the
// pursuit's come first from baggage and artillery [5.4.6]; a river
// crossed in retreat, freely [7.7]. The one-loss choices stay as they were
// (their keys keep old saves and recorded games legal); beside them:
//
//   - "choose u=<unit> c=loss=N" / "c=loss-art=N": the unit's box takes N
//     losses at once, N the most it can take in a row (all the losses left,
//     or all the SS of the box); each of the N is the one-loss choice, so
//     the first-loss and priority rules hold as they do one at a time;
//   - "choose c=loss-rest": the losses left are allotted as proposed, the
//     proposal said on the button ("4 on Ruffin, 3 on Villatte"): each loss on
//     the division with the most infantry or cavalry SS left (never its
//     last SS while another can take it), then detachments, then
//     artillery, baggage last. The owner remains free to allot otherwise.
//
// A bulk choice is offered only where it saves a click (2 losses or more).

const (
	lossRest    = "loss-rest"
	lossMany    = "loss="     // + N
	lossArtMany = "loss-art=" // + N
)

// lossBulk lists the bulk choices of side's allotment.
func (s *State) lossBulk(side int, singles []rules.Action) []rules.Action {
	k := s.Combat
	left := k.Loss[side]
	if left < 2 || len(singles) == 0 {
		return nil
	}
	var out []rules.Action
	for _, a := range singles {
		i := s.idx(a.Unit)
		d := s.def(i)
		if d.Kind != KDiv {
			continue // a baggage train or a detachment takes one loss and is gone
		}
		box, have, word, prefix := "", 0, "", lossMany
		if a.Choice == "loss-art" {
			have, word, prefix = s.ArtSS(i), "artillery", lossArtMany
		} else {
			have, word = s.MainSS(i), d.Arm
		}
		n := min(left, have)
		if n < 2 {
			continue
		}
		switch {
		case n == have && a.Choice != "loss-art" && n == left:
			box = fmt.Sprintf("all %d losses left, its last %s SS: it is destroyed [7.4]", n, word)
		case n == have && a.Choice != "loss-art":
			box = "all it has: it is destroyed [7.4]"
		case n == have:
			box = "all its guns"
		default:
			box = fmt.Sprintf("all %d losses left", n)
		}
		out = append(out, rules.Action{Kind: "choose", Unit: a.Unit, Choice: prefix + strconv.Itoa(n),
			Label: fmt.Sprintf("%s loses %d %s SS (%s)", d.Name, n, word, box), Rule: a.Rule})
	}
	if plan := s.lossPlan(side); len(plan) > 0 && !sameAsOneBox(plan, left, out) {
		out = append(out, rules.Action{Kind: "choose", Choice: lossRest,
			Label: fmt.Sprintf("Allot the %d losses left as proposed: %s%s", left, planWords(s, plan), overWords(left-len(plan))), Rule: "5.4.3",
			Info: "Proposed: each loss on the division with the most SS left, its artillery and its last SS spared while another can take it; baggage last. The allotment is free [5.4.3]: choose unit by unit to do otherwise."})
	}
	return out
}

// sameAsOneBox reports a proposal that puts every loss left on one box
// whose own choice ("Milhaud loses 2 SS (all 2 losses left)") is already
// listed: the two buttons would do the same, so the proposal is left out
// (seen playing Ocaña by clicks, issue #18).
func sameAsOneBox(plan []planStep, left int, bulk []rules.Action) bool {
	if len(plan) != left {
		return false
	}
	for _, p := range plan[1:] {
		if p != plan[0] {
			return false
		}
	}
	prefix := lossMany
	if plan[0].art {
		prefix = lossArtMany
	}
	for _, a := range bulk {
		if a.Unit == plan[0].unit && a.Choice == prefix+strconv.Itoa(left) {
			return true
		}
	}
	return false
}

// planStep is one loss of a proposal: the unit and its box.
type planStep struct {
	unit string
	art  bool
}

// lossPlan is the proposal for side's losses left (nil when none), played
// on a copy of the state one loss at a time through the one-loss choices.
func (s *State) lossPlan(side int) []planStep {
	c := s.clone()
	c.trustPos()
	defer c.untrustPos()
	var plan []planStep
	left := 0
	if c.Combat != nil {
		left = c.Combat.Loss[side]
	}
	// The plan stops at the losses left now: a loss that comes after them
	// (a river crossed in the retreat they set off [7.7]) is a new
	// allotment, counted anew, not part of the proposal its button states.
	for guard := 0; guard < 200 && len(plan) < left; guard++ {
		k := c.Combat
		if c.Sub != SubLoss || k == nil || k.Turn != side || k.Loss[side] <= 0 {
			break
		}
		opts := c.lossOptions(side)
		if len(opts) == 0 {
			break
		}
		best, bestScore := 0, -1
		for j, a := range opts {
			if sc := c.proposalScore(a); sc > bestScore {
				best, bestScore = j, sc
			}
		}
		a := opts[best]
		plan = append(plan, planStep{unit: a.Unit, art: a.Choice == "loss-art"})
		if _, err := c.applyCombat(a); err != nil {
			return nil
		}
	}
	return plan
}

// proposalScore ranks a one-loss choice for the proposal: a division
// with SS to spare by its SS left, then a detachment, a division's last
// SS, artillery, baggage.
func (s *State) proposalScore(a rules.Action) int {
	i := s.idx(a.Unit)
	d := s.def(i)
	switch {
	case d.Kind == KBaggage:
		return 1
	case a.Choice == "loss-art":
		return 2
	case d.Kind == KDet:
		return 4
	case s.MainSS(i) <= 1:
		return 3
	}
	return 10 + s.MainSS(i)
}

// planWords is "4 on Ruffin, 3 on Villatte, 1 on Lapisse artillery" ("French
// infantry detachment 1 1" read badly).
func planWords(s *State, plan []planStep) string {
	type cnt struct {
		name string
		n    int
	}
	var order []string
	by := map[string]*cnt{}
	for _, p := range plan {
		key := p.unit
		name := s.def(s.idx(p.unit)).Name
		if p.art {
			key += "/art"
			name += " artillery"
		}
		if by[key] == nil {
			by[key] = &cnt{name: name}
			order = append(order, key)
		}
		by[key].n++
	}
	var parts []string
	for _, k := range order {
		parts = append(parts, fmt.Sprintf("%d on %s", by[k].n, by[k].name))
	}
	return strings.Join(parts, ", ")
}

// overWords is "; 6 fall on no counter (none left)" for the losses a stack
// cannot take [5.4.3] ("" when it takes them all).
func overWords(n int) string {
	switch {
	case n <= 0:
		return ""
	case n == 1:
		return "; 1 falls on no counter (none left)"
	}
	return fmt.Sprintf("; %d fall on no counter (none left)", n)
}

// isLossBulk reports a bulk allotment choice.
func isLossBulk(a rules.Action) bool {
	return a.Choice == lossRest || strings.HasPrefix(a.Choice, lossMany) || strings.HasPrefix(a.Choice, lossArtMany)
}

// applyLossBulk plays a bulk choice as its one-loss choices, each checked
// among the one-loss options, and says each unit's losses in one line.
func (s *State) applyLossBulk(a rules.Action) ([]rules.Event, error) {
	side := s.Combat.Turn
	var steps []planStep
	switch {
	case a.Choice == lossRest:
		steps = s.lossPlan(side)
	default:
		art := strings.HasPrefix(a.Choice, lossArtMany)
		n, err := strconv.Atoi(a.Choice[strings.LastIndexByte(a.Choice, '=')+1:])
		if err != nil || n < 1 {
			return nil, rules.Illegal("5.4.3", "%s: not a number of losses", a.Choice)
		}
		for range n {
			steps = append(steps, planStep{unit: a.Unit, art: art})
		}
	}
	if len(steps) == 0 {
		return nil, rules.Illegal("5.4.3", "no loss to allot")
	}
	var lossEvs, other []rules.Event
	for _, p := range steps {
		k := s.Combat
		if s.Sub != SubLoss || k == nil || k.Turn != side {
			break // (the bounds of lossBulk keep this from happening)
		}
		choice := "loss"
		if p.art {
			choice = "loss-art"
		}
		var one *rules.Action
		for _, o := range s.lossOptions(side) {
			if o.Unit == p.unit && o.Choice == choice {
				one = &o
				break
			}
		}
		if one == nil {
			break
		}
		evs, err := s.applyCombat(*one)
		if err != nil {
			return nil, err
		}
		for _, e := range evs {
			if e.Kind == "loss" && oneLoss.MatchString(e.Text) {
				lossEvs = append(lossEvs, e)
			} else {
				other = append(other, e)
			}
		}
	}
	return append(groupLosses(lossEvs), other...), nil
}

// oneLoss is the event of one loss taken: "French loses 1 SS from Ruffin".
var oneLoss = regexp.MustCompile(`^(\S+) loses 1 SS from (.+)$`)

// groupLosses says the losses of each unit in one line: "French loses 4
// SS from Ruffin", in the order the units were first hit.
func groupLosses(evs []rules.Event) []rules.Event {
	var out []rules.Event
	count := map[string]int{}
	at := map[string]int{}
	for _, e := range evs {
		if j, ok := at[e.Text]; ok {
			count[e.Text]++
			_ = j
			continue
		}
		at[e.Text] = len(out)
		count[e.Text] = 1
		out = append(out, e)
	}
	for j, e := range out {
		if n := count[e.Text]; n > 1 {
			m := oneLoss.FindStringSubmatch(e.Text)
			out[j].Text = fmt.Sprintf("%s loses %d SS from %s", m[1], n, m[2])
		}
	}
	return out
}
