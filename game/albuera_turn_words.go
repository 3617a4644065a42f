package game

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"grognard/render"
	"grognard/rules"
)

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

// handoverDecision is the hand-over banner's title and line when the seat
// passes for a decision the bare phase does not name (newcomer issue #18
// point 5: in the middle of the French movement the banner read "Allied
// has the move: 2.2 Movement, fire, charges, counterattacks" for the
// KGL's reaction [13.1], and "French has the move: 2.2 ..." for the facing
// of a victorious battalion [15.8]). The decision is the game's prompt
// without its "Allied decides: ": in the title when it fits width, else
// first in the line below. Open games only (the prompt is the whole
// state's; a game with hidden information keeps the bare phase).
func (b *BoardScene) handoverDecision(seat, title, sub string, st rules.Status, width float64) (string, string) {
	if b.S.System.Hidden {
		return title, sub
	}
	what := strings.TrimSpace(st.Prompt)
	if d := int(st.Decider); d >= 0 {
		what = strings.TrimPrefix(what, b.S.SideName(st.Decider)+" decides: ")
	}
	if what == "" || what == st.Phase {
		return title, sub
	}
	if t := seat + " has the move: " + what; textWidth(t, render.Bold(19)) <= width {
		return t, sub
	}
	return title, "To decide: " + what + ".  " + seat + ": click here or press Enter."
}

// textWidth is the width of t in face f.
func textWidth(t string, f text.Face) float64 {
	w, _ := render.Measure(t, f)
	return w
}
