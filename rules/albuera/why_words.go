package albuera

import (
	"math"

	"grognard/rules/hex"
)

// Words of the refusals (WhyNot) that a newcomer read badly (issue #18).

// firstTaskWhy is why nothing else may be done while task t waits: the
// decision that comes first, by whom ("the Allied decision comes first:
// Beresford activates one brigade commander at any distance [4.6]"). It
// read "first Allied decides: ...", as if the side were the subject.
func (s *State) firstTaskWhy(t Task) string {
	what, _ := s.taskPrompt(t)
	if t.Side < 0 {
		return "no: a die roll comes first: " + what
	}
	return "no: the " + sideNames[t.Side] + " decision comes first: " + what
}

// cdrMovesIn23 is why a commander does not move in subphase 2.2: the
// commanders move in 2.3, after the units [3.3]. It read "its commander is
// not activated [4.4]" for an activated brigade commander.
const cdrMovesIn23 = "no: commanders move in subphase 2.3, after the units [3.3]"

// facingWord names facing f (a counter facing f points at corner f of its
// hex) as the compass direction a player reads: "north-east". The return
// of a routed unit offered "returns at 1904 facing 0" ... "facing 5", six
// numbers a newcomer cannot tell apart (issue #18).
func (s *State) facingWord(f int) string { return s.sc.facingWord(f) }

// facingWord is State.facingWord for the scenario's map: a unit's turn
// reads "turns to face north-east" [12.7], not "turns to face 1" (the
// window rewrote the number, the command line printed it).
func (sc *Scenario) facingWord(f int) string {
	fx, fy := sc.Map.Layout.Corner(hex.Mod6(f), 1)
	bearing := math.Atan2(fy, fx)*180/math.Pi + 90
	for bearing < 0 {
		bearing += 360
	}
	names := []string{"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}
	return names[int(math.Round(bearing/45))%8]
}
