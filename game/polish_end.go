package game

import "grognard/rules"

// The question before ending a phase says what comes next (newcomer issue
// #18: "every option of every choice shows what it does before it is
// clicked"): Almansa's "End the movement phase?" listed the units that
// had not moved but not what the end leads to, which the button's hover
// said ("Then: Allied defensive fire [11], Allied decides."). The
// question now says it too (endLeadsTo: systems without hidden
// information; Venta's own words already say it).

// endThen is " Then: ..." for the question before end, or "".
func (s *Session) endThen(end rules.Action) string {
	if next := s.endLeadsTo(end); next != "" {
		return " " + next
	}
	return ""
}

// The selection's hint said "click one of 60 lit places (1 MP)" for an
// Almansa cavalry: "1 MP" was the words of the one-hex steps the rules
// list, while most lit places are routes' ends labelled "2 MP" to "6 MP".
// SelectionHint gives the shared words only when the lit places are
// those steps' places (Venta's "(5 dice)" for its melee targets).
