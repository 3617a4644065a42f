package game

import (
	"fmt"
	"sort"

	"grognard/rules"
)

// targetNotes are the lines an Albuera enemy's hover card adds for what a
// click on it does: one action, "Click: <it>"; several, every one listed,
// a Charge first (newcomer issue #18: the lancers beside the enemy read
// "Click: ... enters the enemy hex [11.10] (or 1 more)", the Charge they
// had run three hexes for hidden in "1 more").
func targetNotes(acts []rules.Action) []string {
	if len(acts) == 1 {
		return []string{"Click: " + acts[0].String()}
	}
	order := append([]rules.Action(nil), acts...)
	sort.SliceStable(order, func(i, j int) bool { return order[i].Kind == "charge" && order[j].Kind != "charge" })
	out := []string{fmt.Sprintf("Click: a menu of %d choices:", len(order))}
	for _, a := range order {
		out = append(out, "  "+a.String())
	}
	return out
}
