package game

import "grognard/rules"

// choiceOddser is a system whose panel choices that start a battle say
// their odds before they are clicked (rules/marshals: "Combat at" [5.4]
// and the forced passage [5.3.3]; newcomer issue #18 point 3), from what
// the deciding side knows.
type choiceOddser interface {
	ChoiceOdds(a rules.Action) string
}

// withChoiceOdds fills the Info of the choices whose odds the system
// gives (the button's second line, its hover in full).
func withChoiceOdds(st rules.State, acts []rules.Action) []rules.Action {
	o, ok := st.(choiceOddser)
	if !ok {
		return acts
	}
	for i := range acts {
		if acts[i].Info == "" {
			acts[i].Info = o.ChoiceOdds(acts[i])
		}
	}
	return acts
}

// manyPlaces is the number of plays of events offered several times (at
// map places or on counters) past which they go after the other choices
// in the panel.
const manyPlaces = 4

// placePlaysLast puts the plays of an event offered several times after
// the other choices when there are more than manyPlaces of them: a
// Marshals player holding Guerilla was offered "Play Guerilla at <zone>"
// for some ninety zones before "Activate a stack at ...", which fell out
// of the panel under "93 more actions" (newcomer issue #18 point 5:
// operations could not be found); holding Redoute too, the six "Play
// Redoute on <division>" [EV Redoute] kept all the activations but one
// [5.2] under "100 more actions". The order within each part is kept.
func placePlaysLast(acts []rules.Action) []rules.Action {
	per := map[string]int{}
	for _, a := range acts {
		if a.Kind == "play" && (a.To != "" || a.Unit != "") {
			per[a.Choice]++
		}
	}
	many := func(a rules.Action) bool {
		return a.Kind == "play" && (a.To != "" || a.Unit != "") && per[a.Choice] > 1
	}
	n := 0
	for _, a := range acts {
		if many(a) {
			n++
		}
	}
	if n <= manyPlaces {
		return acts
	}
	out := make([]rules.Action, 0, len(acts))
	for _, a := range acts {
		if !many(a) {
			out = append(out, a)
		}
	}
	for _, a := range acts {
		if many(a) {
			out = append(out, a)
		}
	}
	return out
}
