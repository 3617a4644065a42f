package marshals

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"grognard/rules"
	"grognard/scenarios"
)

// eventDesc is an event marker's window and effect as scenarios/marshals/
// events.txt words them (the book's "Events of the six scenarios").
type eventDesc struct {
	Name, When, Text string
}

var (
	eventDescOnce sync.Once
	eventDescs    map[string]eventDesc
)

// eventDescOf returns the marker's description from the data file; ok is
// false for an unknown id or an unreadable file (then the choice keeps its
// bare label).
func eventDescOf(e string) (eventDesc, bool) {
	eventDescOnce.Do(func() {
		eventDescs = map[string]eventDesc{}
		recs, err := scenarios.Load("marshals/events.txt")
		if err != nil {
			return
		}
		for _, r := range recs {
			if r.Kind != "event" || len(r.Args) == 0 {
				continue
			}
			eventDescs[r.Args[0]] = eventDesc{Name: r.Fields["name"], When: whenWords(r.Fields["when"]), Text: r.Fields["text"]}
		}
	})
	d, ok := eventDescs[e]
	return d, ok
}

// whenWords makes a marker's window read after "Played" and "play it":
// events.txt words eleven of them "events phase, as soon as drawn", and
// the drawn Orage said "Played events phase, as soon as drawn" [4.0].
func whenWords(w string) string {
	if strings.HasPrefix(w, "events phase") {
		return "in the " + w
	}
	return w
}

// sentence capitalises the first letter and ends s with a full stop.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// drawnNote is the note that tells the player who drew a marker what it
// does before he returns, keeps or plays it [4.0]: its window and effect.
func drawnNote(e string) string {
	n := "Event drawn: " + evName(e)
	d, ok := eventDescOf(e)
	if !ok {
		return n + ". " + eventText(e)
	}
	if d.Name != "" {
		n = "Event drawn: " + d.Name
	}
	return n + " [" + evRule(e) + "]. Played " + strings.TrimSuffix(d.When, ".") + ". " + sentence(d.Text)
}

// drawnInfo is the detail of each answer to a drawn marker [4.0].
func drawnInfo(e, choice string) string {
	d, ok := eventDescOf(e)
	when, text := "", eventText(e)
	if ok {
		when, text = d.When, sentence(d.Text)
	}
	switch choice {
	case "return":
		return evName(e) + " goes back into your container (it may be drawn again); the opponent scores 2 VP"
	case "keep":
		if when == "" {
			return "Hold it secretly: " + text
		}
		return "Hold it secretly; play it " + strings.TrimSuffix(when, ".") + ": " + text
	}
	return text // played at once
}

// cincInfo is what choosing a commander in chief does [CR6] [3.0] [5.2].
func (s *State) cincInfo(id string) string {
	u, d := s.unit(id)
	if d == nil {
		return ""
	}
	at := ""
	if u != nil && u.At != "" {
		at = " (at " + s.zoneOf(u.At).Name + ")"
	}
	return fmt.Sprintf("SV %d added to the Allied initiative die [3.0]; stacks in his zone%s move with all their MP without a command test, a line of communication to him gives +1 [5.2]; on a 6 (1 in 6) the other one takes his place [CR6]", d.SV, at)
}

// windowInfo is what leaving the initiative means; asked every turn, held
// marker or not, so the question itself reveals nothing [EV Initiative].
func (s *State) windowInfo() string {
	keep := sideNames[s.Initiative] + " keeps the initiative and operates first"
	if !slices.Contains(s.Hands[s.Cur], "initiative") {
		return "You hold no Initiative marker, so this is your only answer (asked every turn so that it reveals nothing): " + keep
	}
	return keep + "; you keep your Initiative marker"
}

// decoysPlaced counts the side's decoys on the map during the set-up, so
// the prompt says "2 of 3 placed" [7.5].
func (s *State) decoysPlaced(side int) int {
	n := 0
	for i := range s.Units {
		if d := s.def(i); d.Kind == KDecoy && d.Side == side && s.onMap(i) {
			n++
		}
	}
	return n
}

// returnInfo says what keeping or returning the fatigue marker just drawn
// does [5.3.2]: the total against the lowest morale of the moving stack.
func (s *State) returnInfo(ret bool) string {
	m := s.Move
	if m == nil {
		return ""
	}
	total := sum(m.Drawn)
	low := -1
	var mb [16]int // (speed: no allocation)
	for _, i := range s.movingIn(mb[:0]) {
		if d := s.def(i); (d.Kind == KDiv || d.Kind == KDet) && (low < 0 || s.Morale(i) < low) {
			low = s.Morale(i)
		}
	}
	stop := ""
	if low >= 0 {
		stop = fmt.Sprintf("; a unit whose morale (lowest here %d) the total exceeds stops and loses 1 SS", low)
	}
	stop += dueWords(m.Due)
	if ret {
		return fmt.Sprintf("A commander or baggage sends the %d back: fatigue total %d%s; %s left after this", m.Last, total-m.Last, stop, returnsWords(m.Returns-1))
	}
	kept := "your return"
	if m.Returns > 1 {
		kept = fmt.Sprintf("your %d returns", m.Returns)
	}
	return fmt.Sprintf("The %d stays: fatigue total %d%s; you keep %s for a later marker", m.Last, total, stop, kept)
}

// dueWords says how many fatigue markers the step still draws after this
// one [5.3.2]: the total shown is only the total so far, and a return kept
// may be worth more on a later marker.
func dueWords(n int) string {
	switch {
	case n <= 0:
		return "; no marker left to draw"
	case n == 1:
		return "; 1 more marker to draw"
	}
	return fmt.Sprintf("; %d more markers to draw", n)
}

// returnsWords counts the fatigue returns left [5.3.2] in words, one and
// many ("1 return(s) left" read as a form to fill).
func returnsWords(n int) string {
	switch {
	case n <= 0:
		return "no return"
	case n == 1:
		return "1 return"
	}
	return fmt.Sprintf("%d returns", n)
}

// signed is n as fmt's "%+d" writes it.
func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// commandOdds says what activating the composed stack gives before its
// command test is rolled [5.2]: no test beside the commander in chief,
// else the chances of all, half or no MP on one die with its modifiers.
func (s *State) commandOdds() string {
	if !s.anyMoving() {
		return ""
	}
	full := s.stackMP()
	if s.autoCommand() {
		return "No command test: the commander in chief is here, all " + strconv.Itoa(full) + " MP [5.2]"
	}
	mod, why := s.CommandMods()
	all, half, none := 0, 0, 0
	for d := 1; d <= 6; d++ {
		switch t := d + mod; {
		case t >= 5:
			all++
		case t >= 3:
			half++
		default:
			none++
		}
	}
	// (The text fmt's "%+d" and "%d" made, by concatenation [issue 20].)
	out := "Command test, one die " + signed(mod) + ": all " + strconv.Itoa(full) + " MP on " + strconv.Itoa(all) + " in 6, half (" + strconv.Itoa((full+1)/2) + " MP) on " + strconv.Itoa(half) + " in 6, no move on " + strconv.Itoa(none) + " in 6"
	if len(why) > 0 {
		out += " (" + strings.Join(why, ", ") + ")"
	}
	return out
}

// ChoiceHover is what a panel choice does, for its hover only (the
// button keeps its one line, so twenty activations still fit the panel):
// "Activate a stack at ..." [5.2] and the commander's box [1.3]; "" for
// the others.
func (s *State) ChoiceHover(a rules.Action) string {
	switch {
	case a.Kind == "order" && a.To != "" && s.Sub == SubOp:
		return s.orderInfo(a.To)
	case a.Kind == "end" && a.Choice == "no" && s.Sub == SubPre && s.Combat != nil:
		return "No cavalry withdrawal and no event now [5.4.1]: the combat goes on. The amplitude is the SS of both stacks [5.4.2]; each side names its head unit, artillery fires, then one die each with the CP decides the winner, the loser's SS losses by the melee table, and its retreat [5.4.3] [5.4.4]"
	case a.Kind == "end" && a.Choice == "draw" && s.Sub == SubBefore:
		return "Play no Renfort or Bagages marker now: you draw one event marker from your container, then read it and keep it secretly, return it (the opponent scores 2 VP) or play it if it must be played at once [4.0]"
	case a.Kind == "end" && a.Choice == "no" && s.Sub == SubCPEv && s.Combat != nil:
		return "Play no more event that adds to your CP (Elan, Feu, Mitraille, Chargez) in this combat: the artillery fires next, then one die each decides the melee [5.4.3]"
	case a.Choice == "head" && a.Unit != "" && s.Combat != nil:
		if i := s.idx(a.Unit); i >= 0 {
			return fmt.Sprintf("%s leads your stack in the melee: his morale (%d) is the base of your CP, and he takes the first SS your stack loses [5.4.3]; a higher morale gives more CP", s.def(i).Name, s.Morale(i))
		}
	case (a.Choice == "loss" || a.Choice == "loss-art") && s.Combat != nil:
		if side := int(s.Status().Decider); side == French || side == Allied {
			if n := s.Combat.Loss[side]; n > 0 {
				left := "This is the last SS your stack loses"
				if n > 1 {
					left = fmt.Sprintf("Your stack has %d SS to lose, this one included (%d after it)", n, n-1)
				}
				return left + "; you choose the counter that loses each [5.4.3]" + s.lastSSWords(a) // choicehover_more.go
			}
		}
	case a.Kind == "choose" && (a.Choice == "box-open" || a.Choice == "box-close") && a.From != "":
		return boxInfo(a.Choice == "box-open", s.zoneOf(a.From).Name)
	}
	return s.moreHover(a) // choicehover_more.go
}

// orderInfo is what activating the stack at z does, for the hover of
// "Activate a stack at Bargas" [5.2]: the button said nothing, and a
// newcomer choosing his first operation read only the rule number.
func (s *State) orderInfo(z string) string {
	side := int(s.Status().Decider)
	if side != French && side != Allied {
		return ""
	}
	n, decoys := 0, 0
	for _, i := range s.sideAt(side, z, nil) {
		if d := s.def(i); d.Kind != KDecoy && !s.Units[i].Activated {
			n++
		} else if d.Kind == KDecoy && !s.Units[i].Activated {
			decoys++
		}
	}
	units := strconv.Itoa(n) + " units"
	if n == 1 {
		units = "1 unit"
	}
	if n == 0 && decoys > 0 {
		// "0 units that may act" was read playing Talavera by clicks
		units = "only a decoy: it moves like light cavalry and is removed when an enemy stack enters its zone [7.5]"
		if decoys > 1 {
			units = strconv.Itoa(decoys) + " decoys only: they move like light cavalry and are removed when an enemy stack enters their zone [7.5]"
		}
	}
	if n > 0 || decoys == 0 {
		units += " that may act"
	} // a decoy's words end with their rule ("... [7.5] that may act" read playing Ocaña by clicks)
	return "This operation moves the stack at " + s.zoneOf(z).Name + " (" + units + "): next, click any unit to leave it behind [5.1], then \"Activate this stack\" makes its command test, which gives its MP [5.2]; then move it zone by zone, drawing fatigue [5.3]; entering an enemy zone on the march, you force a passage (a combat) or stop [5.3.3]"
}

// boxInfo is what opening or closing a commander's box does [1.3]: a
// way of showing the stack that costs no operation.
func boxInfo(open bool, at string) string {
	if open {
		return "The units hidden in the box of your commander at " + at + " are drawn on the map, each counter in view; this is no operation and costs nothing [1.3]"
	}
	return "The units at " + at + " go back into their commander's box, drawn as one stack; this is no operation and costs nothing [1.3]"
}
