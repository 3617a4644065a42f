package game

import (
	"grognard/render"
	"grognard/rules"
)

// albueraWhat says what an Albuera action does and costs beyond its label,
// for the options that a label alone does not tell apart (newcomer issue
// #18 point 1, session 20): a cavalry unit beside the enemy after a
// straight run is offered both "to 0710: enters the enemy hex [11.10]"
// and "charges 0710 [9.2]", which read the same to a newcomer. "" for
// the actions whose label says it all. The texts are the book's: entering
// costs one more MP and makes a Clash Hex fought in the Clash subphase
// 2.4 [11.10], [15.1]; a Charge is a Clash fought at once, the charging
// horse's shift [9.2], [15.7] (table clash_shifts), and after a won Clash
// a morale check, then the run may go on [9.2.4], [9.3].
func albueraWhat(a rules.Action) string {
	switch {
	case a.Kind == "charge":
		return "the Clash is fought now with the charge's +2 shift; if won: a morale check [9.3], then it may move on [9.2.4]"
	case a.Kind == "move" && a.Rule == "11.10":
		return "+1 MP to enter; no charge: the Clash waits for subphase 2.4 [11.10], [15.1]"
	}
	return ""
}

// menuSub is the second row of a popup-menu option: in Albuera what the
// option does when its label does not say it (albueraWhat), else the
// action's Info and rule (ruleSub).
func (b *BoardScene) menuSub(a rules.Action) string {
	if b.S.System.ID == "albuera" {
		if w := albueraWhat(a); w != "" {
			return w
		}
	}
	return ruleSub(a)
}

// actionLines is one action as the hover over a lit place lists it: its
// label and rule, then in Albuera, on a line of its own, what it does
// when the label does not say it (albueraWhat).
func (s *Session) actionLines(a rules.Action) []string {
	out := []string{a.String()}
	if s.System.ID == "albuera" {
		if w := albueraWhat(a); w != "" {
			out = append(out, "   "+w)
		}
	}
	return out
}

// menuWidth is the width of the popup menu: 380 px, wider (to 620) when
// an option's label or its second row would be cut at 380.
func (b *BoardScene) menuWidth() int {
	w := 380
	for _, a := range b.S.Menu {
		for w < 620 && (!render.ButtonLabelFits(a.Label, w, 34) || !render.ButtonSubFits(b.menuSub(a), w, 34)) {
			w += 20
		}
	}
	return w
}
