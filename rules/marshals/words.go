package marshals

import "strings"

// aSide is the side's name with its article for a log line ("A French",
// "An Allied"): the public events name a side, not the counter.
func aSide(side int) string {
	if side < 0 || side >= len(sideNames) {
		return "A"
	}
	if n := sideNames[side]; n != "" && strings.ContainsRune("AEIOU", rune(n[0])) {
		return "An " + n
	}
	return "A " + sideNames[side]
}

// firstTurnRule is the special rule of each scenario that gives the
// initiative of the first turn: rule 1 of its special rules (S1.1 of
// scenario 1, ..., S6.1 of scenario 6).
func firstTurnRule(id string) string {
	switch id {
	case "marshals-retreat":
		return "S2.1"
	case "marshals-three-armies":
		return "S3.1"
	case "marshals-talavera":
		return "S4.1"
	case "marshals-almonacid":
		return "S5.1"
	case "marshals-ocana":
		return "S6.1"
	}
	return "S1.1"
}

// towardName is an off-map zone's name after "leaves the map": the map's
// names of exits already start "toward ..." ("toward Salamanca (Béjar
// road)"), so the word is not doubled.
func towardName(name string) string {
	if strings.HasPrefix(name, "toward ") {
		return name
	}
	return "toward " + name
}
