package game

import (
	"strings"

	"grognard/rules"
)

// The Marshals loss allotment in the side panel [5.4.3] (issue #18: a
// melee's 13 SS took 13 clicks). rules/marshals offers, beside each
// one-loss choice, the unit's box taking all it can at once ("c=loss=N")
// and "Allot the N losses left as proposed" ("c=loss-rest"). The panel
// shows the proposal first, then each unit's choices together, its
// quicker one first, so the few clicks are at the top of the panel.

// lossQuickFirst orders a loss allotment's panel actions: the proposal,
// then unit by unit (in the engine's order) the unit's all-at-once choice
// before its one-loss choices. Other decisions are unchanged.
func lossQuickFirst(acts []rules.Action) []rules.Action {
	rest, bulk := -1, false
	for i, a := range acts {
		if a.Kind != "choose" {
			continue
		}
		if a.Choice == "loss-rest" {
			rest = i
		}
		if isManyLosses(a) {
			bulk = true
		}
	}
	if rest < 0 && !bulk {
		return acts
	}
	out := make([]rules.Action, 0, len(acts))
	if rest >= 0 {
		out = append(out, acts[rest])
	}
	done := map[int]bool{rest: true}
	for i, a := range acts {
		if done[i] {
			continue
		}
		if a.Unit == "" || !strings.HasPrefix(a.Choice, "loss") {
			out = append(out, a)
			done[i] = true
			continue
		}
		// this unit's choices: its quicker ones first
		for _, many := range []bool{true, false} {
			for j, b := range acts {
				if !done[j] && b.Unit == a.Unit && strings.HasPrefix(b.Choice, "loss") && isManyLosses(b) == many {
					out = append(out, b)
					done[j] = true
				}
			}
		}
	}
	return out
}

// isManyLosses is a unit's all-at-once loss choice ("loss=3", "loss-art=2").
func isManyLosses(a rules.Action) bool {
	return a.Kind == "choose" && a.Unit != "" && (strings.HasPrefix(a.Choice, "loss=") || strings.HasPrefix(a.Choice, "loss-art="))
}
