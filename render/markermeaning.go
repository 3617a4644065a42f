package render

import "strings"

// markerMeanings say what a marker whose chip is an abbreviation means
// and its rule, for the unit card's "Markers:" line and the legend
// (newcomer issue #18, docs/NOTES.md: the Marshals "BAC" chip beside a
// stack did not explain itself, and the card read "back-to-river"). The
// chip's own letters come first, so the chip on the map is found in the
// words.
var markerMeanings = map[string]string{
	// The Marshals [7.7]: a stack that crossed a river into a zone the
	// enemy holds has -1 on its Combat Potential until its first combat.
	"back-to-river": "BAC: back to the river (Dos à la rivière), -1 CP in its next combat [7.7]",
	// The Marshals [5.4.3], [5.3.2]: a stack that has fought draws a
	// Fatigue marker for each before it moves again.
	"combatted": "COM: has fought (A combattu), one more Fatigue draw before its next move [5.3.2]",
}

// markerLegends are the legend's shorter rows for the same markers (the
// legend draws the chip beside them).
var markerLegends = map[string]string{
	"back-to-river": "Back to the river: -1 CP [7.7]",
	"combatted":     "Has fought: +1 Fatigue [5.3.2]",
}

// markerMeaning is what marker m means, with its chip's letters and its
// rule ("" when its name says it). Albuera's counted markers read "loss1"
// and "fired4" on the unit card (its chips "-1", "F4"): they say their
// count's meaning [3.4], [14.9.3], short enough that the card's line of
// markers stays one line (the panel's card has no room for more).
func markerMeaning(m string) string {
	if n, ok := strings.CutPrefix(m, "loss"); ok && n != "" && strings.Trim(n, "0123456789") == "" {
		word := " Losses"
		if n == "1" {
			word = " Loss"
		}
		return "-" + n + ": " + n + word + " [3.4]"
	}
	if n, ok := strings.CutPrefix(m, "fired"); ok && n != "" && strings.Trim(n, "0123456789") == "" {
		return "F" + n + ": fired " + n + "× [14.9.3]"
	}
	return markerMeanings[m]
}

// markerLegend is the legend's row for marker m ("" when its name says it).
func markerLegend(m string) string { return markerLegends[m] }
