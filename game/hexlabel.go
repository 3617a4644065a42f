package game

import (
	"fmt"
	"regexp"
	"strings"

	"grognard/rules"
)

// mpInLabel finds the movement cost an action's label states: "(2 MP)",
// "(1 MP each)", "(1.5 MP)".
var mpInLabel = regexp.MustCompile(`\(([0-9]+(?:[.,][0-9]+)?(?: ?1/2)? MP)(?: each)?[^)]*\)`)

// ruleLike matches a text that is only rule numbers ("12.1", "12.1 / 12.13",
// "[6.2]"): what a player cannot read as what an action does.
var ruleLike = regexp.MustCompile(`^[\[\]0-9.,/ ]+$`)

// hexWords is the short text a lit hex carries for one action: what it
// does and what it costs in the player's words ("1 MP", "2 MP back",
// "stack 1 MP", "charge"), never rule numbers (newcomer issue #18 point 4:
// two actions on one hex read "12.1 / 12.13"). The action's Info is used
// when it is words; otherwise the cost its label states, with the words
// that tell it from another action on the same hex.
func hexWords(a rules.Action) string {
	if a.Info != "" && !ruleLike.MatchString(a.Info) {
		return a.Info
	}
	l := strings.ToLower(a.Label)
	var words []string
	if strings.HasPrefix(l, "stack of ") {
		words = append(words, "stack")
	}
	if w := formationWords(l); w != "" { // albuera_words.go: "line of ... steps back (+1 MP)"
		return w
	}
	switch {
	case a.Kind == "move" || a.Kind == "walk" || a.Kind == "step":
	case a.Kind == "choose" || a.Kind == "" || a.Kind == "hex":
		if w := verbOf(a.Label); w != "" {
			words = append(words, w)
		}
	default:
		words = append(words, strings.ReplaceAll(a.Kind, "_", " "))
	}
	if m := mpInLabel.FindStringSubmatch(a.Label); m != nil {
		words = append(words, m[1])
	}
	if strings.Contains(l, "backwards") {
		words = append(words, "back")
	}
	if len(words) == 0 {
		switch {
		case a.Kind != "":
			return a.Kind
		}
		return ""
	}
	return strings.Join(words, " ")
}

// verbOf is the verb phrase of a "choose" action's label without its
// subject and cost ("forms square"), when the label has one of the
// common ones; "" otherwise.
func verbOf(label string) string {
	l := strings.ToLower(label)
	for _, v := range []string{"forms line", "forms column", "forms square", "limbers up", "unlimbers",
		"turns", "retreats", "advances", "charges", "fires", "holds", "routs"} {
		if strings.Contains(l, v) {
			return v
		}
	}
	return ""
}

// sayNo is a refusal as the strip shows it: one "No: " before the reason,
// however the reason began ("no: 3017 is not adjacent" read "No: no: ...").
func sayNo(w string) string {
	w = strings.TrimSpace(w)
	for {
		l := strings.ToLower(w)
		if strings.HasPrefix(l, "no:") {
			w = strings.TrimSpace(w[3:])
			continue
		}
		if strings.HasPrefix(l, "no,") {
			w = strings.TrimSpace(w[3:])
			continue
		}
		break
	}
	return "No: " + w
}

// idleCount says how many units that may still act have not, with the
// verb agreeing ("1 unit ... has not acted", "3 units ... have not acted").
func idleCount(n int) string {
	if n == 1 {
		return "1 unit that may still act has not acted"
	}
	return fmt.Sprintf("%d units that may still act have not acted", n)
}

// endTitle is the title of the question asked before an end action: the
// action itself ("End movement?", "End the Bourbon fire?"), not "End the
// phase?" for an action that ends one battalion's move or one command's.
func endTitle(act rules.Action) string {
	l := strings.TrimSpace(act.Label)
	if l == "" {
		return "End now?"
	}
	return l + "?"
}

// panelOnly reports a unit whose every action is in the side panel (a
// commander choosing what to activate [Albuera 4.5]): no place on the map
// is for it, so hovering one says nothing (the status says "its actions
// are in the side panel" once) rather than the same refusal on each hex.
func (s *Session) panelOnly(unit string) bool {
	for _, a := range s.Legal() {
		if involves(a, unit) && a.To != "" {
			return false
		}
	}
	return len(s.Routes()) == 0
}
