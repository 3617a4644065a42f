package cli

import (
	"grognard/rules"
)

// Hidden information on the command line (#22).
//
// In a game with hidden information (hands, hidden units, decoys) a command
// prints a side's private information only when the user names the side
// (--as SIDE) or asks for spoilers (--reveal). Without either, 'show' prints
// the public view (what both sides may see) and says so, 'legal' lists the
// decider's actions only when the decision is public, and 'apply' prints the
// public text of what happened. So copying a save and playing the other
// side's decisions on the copy shows nothing of that side unless the user
// says, by name, that they are looking as that side.

// publicOnly reports whether the output must be the public view: a game with
// hidden information, and neither --as nor --reveal.
func publicOnly(st rules.State, as string, reveal bool) bool {
	return hiddenSystem(st) && as == "" && !reveal
}

// publicNote says what the public view is and how to see more.
const publicNote = "the public view: this game has hidden information, so without --as SIDE (that side's view) or --reveal (everything, a spoiler) only what both sides may see is shown"

// publicDecision reports whether the decider's current decision needs nothing
// private (the system says so): its actions may be listed publicly.
func publicDecision(st rules.State) bool {
	d := st.Status().Decider
	if d < 0 || st.Result().Over {
		return false
	}
	v := st.View(d)
	return v != nil && v.PublicDecision
}

// hiddenAction is what 'apply' prints of an action in the public view.
func hiddenAction(st rules.State, by rules.Side) rules.Action {
	return rules.Action{Label: "an action of " + sideName(st, by) + " (--as " + sideName(st, by) + " prints it)"}
}
