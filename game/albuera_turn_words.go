package game

import "strings"

// Words of the Albuera turn played by clicks (newcomer issue #18 point 5).

// whyWords is a unit's reason for having no action as the strip and its
// card say it after the unit's name: without the engine's "no:" (the
// strip read "Werlé: no: its commander is not activated [4.4]").
func whyWords(w string) string {
	w = strings.TrimSpace(w)
	for {
		l := strings.ToLower(w)
		if !strings.HasPrefix(l, "no:") && !strings.HasPrefix(l, "no,") {
			return w
		}
		w = strings.TrimSpace(w[3:])
	}
}
