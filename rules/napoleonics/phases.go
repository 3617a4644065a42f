package napoleonics

import "grognard/rules"

// The sequence of play in one table (Sequence of Play). The deal comes
// once, before the first turn; each turn then runs command, order,
// movement, combat and draw for the active side.
var machine = rules.MustMachine(
	rules.Phase{ID: PhDeal, Name: "Deal", Rule: "Battle Notes: command cards", Next: PhCommand},
	rules.Phase{ID: PhCommand, Name: "Command", Rule: "Sequence of Play: command", Next: PhOrder},
	rules.Phase{ID: PhOrder, Name: "Order", Rule: "Sequence of Play: order", Next: PhMove},
	rules.Phase{ID: PhMove, Name: "Movement", Rule: "Sequence of Play: movement", Next: PhCombat},
	rules.Phase{ID: PhCombat, Name: "Combat", Rule: "Sequence of Play: combat", Next: PhDraw},
	rules.Phase{ID: PhDraw, Name: "Draw", Rule: "Sequence of Play: draw", Next: PhCommand},
	rules.Phase{ID: PhOver, Name: "Game over", Rule: "Victory"},
)

// Rule citations used in labels and events. The rulebook has no numbers,
// so its section names are the citations.
const (
	rCommand   = "Sequence of Play: command"
	rOrder     = "Sequence of Play: order"
	rMove      = "Sequence of Play: movement"
	rCombat    = "Sequence of Play: combat"
	rDraw      = "Sequence of Play: draw"
	rUnits     = "Units and Leaders"
	rRanged    = "Ranged Combat"
	rAdjacent  = "Ranged Combat: adjacent enemy"
	rMelee     = "Melee Combat"
	rRetreat   = "Retreats"
	rLeaders   = "Leaders"
	rLoneBack  = "Leaders: a lone leader falls back (authored)"
	rCaptured  = "Leaders: no way back (authored)"
	rCasualty  = "Leaders: casualty check"
	rMorale    = "Morale"
	rBack      = "Battle Back"
	rTake      = "Infantry Taking Ground"
	rBreak     = "Cavalry Breakthrough"
	rRetire    = "Cavalry Retire and Reform"
	rSquare    = "Infantry Forming Square"
	rCombined  = "Combined Arms Combat"
	rVictory   = "Victory"
	rExit      = "Special Rules: banner exit"
	rDeck      = "cards.txt (authored)"
	rScout     = "cards.txt: Scout (authored)"
	rSquareOut = "Infantry Forming Square: leaving square (authored)"
	rCap       = "scenario.txt: turn cap (authored)"
	rReshuffle = "cards.txt: reshuffle (authored)"
	rRally     = "Command card: Rally (authored)"
	rSupply    = "Command card: Short Supply (authored)"
)
