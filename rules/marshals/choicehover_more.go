package marshals

import (
	"fmt"
	"strings"

	"grognard/rules"
)

// What the other Marshals buttons do, for their hover (issue #18: "Pass
// [5.0]", "Stop here", "Do not play Contre-batterie", "Add Ruffin to the
// stack" said nothing before they were clicked). ChoiceHover asks
// moreHover for every choice it has no words of its own for; every
// decision of the panel says what it does (TestEveryMarshalsButtonSaysWhatItDoes).

// moreHover is what choice a does now ("" for the moves and places on the
// map, whose hover is their place's).
func (s *State) moreHover(a rules.Action) string {
	if strings.TrimSpace(a.Info) != "" {
		return "" // the choice's Info says it (the window shows it on the hover)
	}
	side := int(s.decider())
	switch {
	case a.Kind == "move" && s.Sub == SubRetreat && s.Combat != nil && a.To != "":
		k := s.Combat
		done := len(k.Path) - 1 // zones already retreated
		return fmt.Sprintf("Your beaten stack retreats to %s: zone %d of the %d of its retreat; you choose each zone after the first, never one used twice; crossing a river costs 1 SS [7.7]; at the end, a demoralisation test (a die plus the zones retreated against the head unit's morale) [5.4.4] [5.4.5]",
			s.zoneOf(a.To).Name, done+1, k.Retreat)
	case a.Kind == "pass":
		other := "the other side"
		if side == French || side == Allied {
			other = "the " + sideNames[1-side] + " side"
		}
		if s.Passes >= 1 {
			return fmt.Sprintf("Do nothing this operation. %s passed just before: both sides have passed, so the operations phase ends now and the administration follows (supply, recovery, victory points) [5.0] [6.0]", strings.ToUpper(other[:1])+other[1:])
		}
		return fmt.Sprintf("Do nothing this operation: %s plays its next operation. If it passes too, the operations phase ends and the administration follows [5.0]", other)
	case a.Kind == "play":
		if t := eventText(a.Choice); t != "" {
			return evName(a.Choice) + " [" + evRule(a.Choice) + "]: " + t + " The marker is then discarded."
		}
	case a.Kind == "end" && a.Choice == "no" && windowEventOf(s.Sub) != "":
		e := windowEventOf(s.Sub)
		return fmt.Sprintf("Keep %s for later (or you do not hold it: the question is asked either way, so it reveals nothing) and go on with the combat [%s]. %s", evName(e), evRule(e), eventText(e))
	case a.Kind == "choose" && a.Choice == "none" && s.Sub == SubAxis:
		return "No connection leads to a free zone: your stack has no axis of retreat; it fights at -2 CP, and if it loses it stays and loses 1 more SS per zone of retreat [5.3.1] [5.4.3] [5.4.4]"
	case a.Kind == "choose" && a.Choice == "continue":
		return "Go on moving after the forced passage you won: your stack draws one more fatigue marker and keeps its MP left [5.3.3]"
	case a.Kind == "end" && a.Choice == "stop" && s.Sub == SubForced:
		return "Stop in the enemy's zone without a combat now: your stack's move ends, it is activated, and the zone is contested (a combat may come in a later operation) [5.3] [5.3.3]"
	case a.Kind == "end" && a.Choice == "stop" && s.Sub == SubContinue:
		return "End the move here, after the won forced passage: no more fatigue marker; the stack is activated [5.3.3]"
	case a.Kind == "end" && a.Choice == "stop":
		return "End this stack's move where it is: it is activated, the fatigue markers drawn on the way are counted, and the next operation is the other side's [5.3] [5.3.2]"
	case a.Kind == "choose" && a.Choice == "force":
		return "Fight the enemy stack of this zone now, at -2 CP for your stack: win, and you may go on moving (one more fatigue marker); lose, and your move ends [5.3.3]"
	case a.Kind == "end" && a.Choice == "confirm" && s.Sub == SubDeclare:
		return "Attack with the units chosen: both stacks are revealed, then the combat's steps follow (withdrawal, head units, events, artillery fire, the melee die) [5.4]"
	case a.Kind == "choose" && (a.Choice == "add" || a.Choice == "leave") && a.Unit != "":
		name := s.unitName(a.Unit)
		switch {
		case s.Sub == SubDeclare && a.Choice == "add":
			return name + " joins the attack: its SS count in the amplitude and the strength ratio, and it may take losses [5.4] [5.4.3]"
		case s.Sub == SubDeclare:
			return name + " stays out of the attack: it neither fights nor takes losses of this combat [5.4]"
		case a.Choice == "add":
			return name + " goes back into the stack that moves [5.1]"
		}
		return name + " stays where it is and does not move in this operation (it is not activated) [5.1]"
	case a.Kind == "choose" && a.Choice == "drop" && a.Unit != "":
		return s.unitName(a.Unit) + " stays in this zone: its move ends here and it is activated; the rest of the stack goes on [5.3]"
	case a.Kind == "choose" && a.Choice == "detach" && a.Unit != "":
		return "At the beginning of the move, the division gives 1 SS to a detachment counter of its arm, placed in its zone: a small unit that moves on its own [6.6]"
	case a.Kind == "choose" && a.Choice == "absorb" && a.Unit != "":
		return "At the beginning of the move, the division takes back a detachment of its zone: the detachment counter leaves the map and the division gets 1 SS back [6.6]"
	case a.Kind == "choose" && a.Choice == "withdraw":
		return "Your stack of cavalry alone tries to slip away before the melee: a command test; if it succeeds it retreats one zone and is pursued as the loser [5.4.1] [5.4.6]"
	case a.Kind == "choose" && s.Sub == SubFoy:
		return fmt.Sprintf("Note secretly that this Renfort marker enters at %s: the three reinforcements arrive at the zones noted, five turns later [EV Foy]", a.Choice)
	case a.Kind == "choose" && strings.HasPrefix(a.Choice, lossMany) || strings.HasPrefix(a.Choice, lossArtMany):
		if i := s.idx(a.Unit); i >= 0 && s.Combat != nil {
			return fmt.Sprintf("%s, in one click: the same as choosing it for each of these losses one by one (the first loss is the head unit's, the others are yours to allot freely) [5.4.3]", a.Label)
		}
	}
	return ""
}

// windowEventOf is the marker a combat window asks about ("" elsewhere).
func windowEventOf(sub string) string { return windowEvent[sub] }

// unitName is a unit's name, or its id.
func (s *State) unitName(id string) string {
	if i := s.idx(id); i >= 0 {
		return s.def(i).Name
	}
	return id
}

// lastSSWords warns that a one-loss choice destroys its counter: "; it is
// Albuquerque's last cavalry SS: the counter is destroyed [7.4]" (a
// detachment or a baggage train is always gone with its one SS).
func (s *State) lastSSWords(a rules.Action) string {
	i := s.idx(a.Unit)
	if i < 0 {
		return ""
	}
	d := s.def(i)
	switch {
	case d.Kind == KDet || d.Kind == KBaggage:
		return ". " + d.Name + " has 1 SS: it is eliminated [7.4] [7.2]"
	case d.Kind == KDiv && a.Choice == "loss" && s.MainSS(i) == 1:
		return fmt.Sprintf(". It is %s's last %s SS: the division is destroyed, its guns become detachments if any are left [7.4]", d.Name, d.Arm)
	}
	return ""
}
