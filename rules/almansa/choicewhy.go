package almansa

import (
	"fmt"
	"strings"

	"grognard/rules"
)

// ChoiceWhy says what a set-up choice does before it is clicked, for the
// window's hover over its button: what the historical set-up places, what
// ending the set-up leaves, and which formation, leader and command radius
// the cavalry reserve would serve under [4] [6]. It is "" for any other
// action (their labels and Info say it) and never changes the state.
func (s *State) ChoiceWhy(a rules.Action) string {
	if s == nil || s.sc == nil || a.Kind != "choose" {
		return ""
	}
	side := phaseSide(s.Phase)
	if side < 0 || side > 1 {
		return ""
	}
	army := s.sc.Sides[side].Name
	switch {
	case a.Choice == "historical" && s.reserveOpen(side):
		return "Ends the Bourbon set-up as it stands: " + s.reserveNames() +
			" stay with the formation they serve now; then the Allied army sets up [4] [6]."
	case a.Choice == "historical":
		msg := "Every unit of the " + army + " army takes its hex of 1707 at once [4]."
		if side == Bourbon && !s.opt(OptReserve) && !s.ResChosen {
			msg += " " + s.reserveNames() + " stay with the Reserve as in 1707; you may still attach them elsewhere before you end the set-up [6]."
		}
		return msg
	case strings.HasPrefix(a.Choice, "attach:"):
		f := s.sc.Form(strings.TrimPrefix(a.Choice, "attach:"))
		if f == nil {
			return ""
		}
		name, lead := "the "+f.Name+" formation", ""
		if l := s.sc.Unit(f.Leader); l != nil {
			if l.Name == f.Name {
				name = f.Name + "'s formation"
			} else {
				lead = ", led by " + l.Name
			}
			lead += fmt.Sprintf(" (leadership %d, command radius %d hexes)", l.Rating, l.Radius)
		}
		msg := s.reserveNames() + " join " + name + lead
		msg += ", for the whole battle: they set up on that formation's lettered hexes and must stay in its leader's command [6]."
		if n := s.formationSize(f.ID); n > 0 {
			msg += fmt.Sprintf(" The formation has %d units before them.", n)
		}
		return msg
	}
	return ""
}

// reserveNames names the two regiments of the Bourbon cavalry reserve
// with their values ("Mahony (4-4-6) and Rosellon Nuevo (4-3-6)").
func (s *State) reserveNames() string {
	var names []string
	for _, id := range s.reserveIDs() {
		if d := s.sc.Unit(id); d != nil {
			names = append(names, fmt.Sprintf("%s (%d-%d-%d)", d.Name, d.CF[0], d.Morale, d.MP))
		}
	}
	if len(names) == 0 {
		return "The cavalry reserve"
	}
	return strings.Join(names, " and ")
}

// formationSize counts the combat units whose home formation is form.
func (s *State) formationSize(form string) int {
	n := 0
	for i := range s.sc.Units {
		if d := &s.sc.Units[i]; d.Formation == form && d.Combat() && !d.Reserve {
			n++
		}
	}
	return n
}
