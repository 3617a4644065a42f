package marshals

import (
	"fmt"
	"slices"
	"strings"

	"grognard/rules"
)

// WhyNotPlay says why the side deciding now cannot play an event it holds
// now, with its rule ("" when a play of it is legal). The app keeps the
// held events in a private hand [4.0] and greys those that cannot be
// played now, with this reason: the moment the event waits for.
func (s *State) WhyNotPlay(card string) string { return s.whyNotPlay(card, s.Legal) }

// WhyNotPlayIn is WhyNotPlay given the legal actions of the side deciding
// now (its view's Legal), so that the app, which asks for every held card
// on a redraw, does not compute them again for each card.
func (s *State) WhyNotPlayIn(card string, legal []rules.Action) string {
	return s.whyNotPlay(card, func() []rules.Action { return legal })
}

// whyNotPlay is WhyNotPlay with the legal actions asked of legal, only
// when the event is held by the side deciding.
func (s *State) whyNotPlay(card string, legal func() []rules.Action) string {
	if _, ok := Events[card]; !ok {
		return "no such event"
	}
	if s.Result().Over {
		return "the game is over"
	}
	d := int(s.decider())
	if d != French && d != Allied {
		return "no side decides now"
	}
	if !slices.Contains(s.Hands[d], card) {
		return fmt.Sprintf("the %s side does not hold it [4.0]", sideNames[d])
	}
	for _, a := range legal() {
		if a.Kind == "play" && a.Choice == card {
			return ""
		}
	}
	when, _, _ := strings.Cut(eventText(card), ":")
	if when == "" {
		return "not at this moment [" + evRule(card) + "]"
	}
	return "its moment is " + strings.ToLower(when[:1]) + when[1:] + " [" + evRule(card) + "]"
}

// HeldHand reports that the side's events are held between their moments
// [4.0]: the app shows the seat's held events as a private hand at all
// times, not only while one can be played.
func (s *State) HeldHand() bool { return true }
