package game

import (
	"strings"

	"grognard/rules"
)

// HeldHand is a system whose cards are held between their moments (The
// Marshals' events [4.0]): the side panel shows the seat's hand at all
// times, each card greyed with the moment it waits for when it cannot be
// played now, and the view's notes in the free card area. Systems without
// it (Venta del Pozo) show the hand only while a card can be played.
type HeldHand interface {
	HeldHand() bool
}

// heldHand reports whether the panel keeps the seat's hand shown: a
// held-hand system, on the seat's own screen (a public decision's view
// holds no hand, and the hand-over hides the panel).
func (b *BoardScene) heldHand() bool {
	h, ok := b.S.Game.State.(HeldHand)
	return ok && h.HeldHand() && !b.S.Public
}

// cardClickWhy is what a click on a held card that takes no action says:
// why it cannot be played now, or, when it can but not by this click,
// how ("Guerilla: playable now: choose how with the buttons below"; it
// read "Guerilla cannot be played now: playable now: …", seen playing the
// Marshals by clicks).
func cardClickWhy(name, why string) string {
	if strings.HasPrefix(why, "playable now") {
		return name + ": " + why
	}
	return name + " cannot be played now: " + why
}

// handWhy is why a held card is not played by clicking it in a held-hand
// system: several plays of it (one button each below), or a play that
// needs a unit selected first; "" when neither.
func (b *BoardScene) handWhy(id string, panel []rules.Action) (why string, many bool) {
	n := 0
	for _, a := range panel {
		if a.Kind == "play" && a.Choice == id {
			n++
		}
	}
	if n > 1 {
		return "playable now: choose how with the buttons below", true
	}
	if n == 0 && b.S.CanAct() {
		for _, a := range b.S.Legal() {
			if a.Kind == "play" && a.Choice == id {
				return "playable now: select the unit it names on the map", false
			}
		}
	}
	return "", false
}
