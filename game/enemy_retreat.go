package game

import (
	"strings"

	"grognard/render"
	"grognard/rules"
)

// The retreat the enemy places (Albuera [14.11], newcomer issue #18): after
// a failed Morale Check the opposing player decides whether the unit
// retreats and places it. The engine's prompt says so ("The French place
// the retreating 2/57th: the enemy chooses its retreat path [14.11]"); the
// unit is selected at once (autoSelect) so its legal places are lit; the
// hot-seat hand-over to the placing side names the reason instead of the
// bare phase.

// enemyRetreat reports a decision that is only the placing of another
// side's retreating unit: every legal action is a retreat ("retreat" or
// "retreat:none") of a unit not of the deciding side. unit is that unit.
func (s *Session) enemyRetreat() (unit string, ok bool) {
	d := s.Decider()
	if d < 0 {
		return "", false
	}
	legal := s.Legal()
	if len(legal) == 0 && s.Handover && !s.System.Hidden {
		// the hand-over's banner: the seat's decision, on an open game
		// (nothing hidden to leak)
		legal = s.Game.State.View(d).Legal
	}
	if len(legal) == 0 {
		return "", false
	}
	for _, a := range legal {
		if a.Choice != "retreat" && a.Choice != "retreat:none" || a.Unit == "" {
			return "", false
		}
		u, found := s.Unit(a.Unit)
		if !found || u.Side == d || u.Side < 0 {
			return "", false
		}
		if unit != "" && unit != a.Unit {
			return "", false
		}
		unit = a.Unit
	}
	return unit, true
}

// handoverText is the hand-over banner's title and line: "French has the
// move:" and the phase, or, when the seat passes only to place the other
// side's retreating unit, what and why: "French has the move: place the
// retreating 1/23 [14.11]" over "After its failed Morale Check the enemy
// chooses its retreat path or leaves it in place [14.11]. French: click
// here or press Enter." The unit is named in full when it fits width, by
// its counter's identifier otherwise.
func (b *BoardScene) handoverText(seat, prev string, st rules.Status, width float64) (title, sub string) {
	title = seat + " has the move"
	if st.Phase != "" {
		title += ": " + st.Phase
	}
	sub = seat + ": click here or press Enter to take the keyboard.  " + prev + " may still take back the last move (Ctrl+Z)."
	id, ok := b.S.enemyRetreat()
	if !ok {
		return b.handoverDecision(seat, title, sub, st, width) // the decision itself (albuera_turn_words.go)
	}
	u, _ := b.S.Unit(id)
	rule := "[14.11]"
	if r := enemyRetreatRule(st.Prompt); r != "" {
		rule = r
	}
	leave := ""
	if strings.Contains(st.Prompt, "leaves it in place") {
		leave = " or leaves it in place"
	}
	sub = "After its failed Morale Check the enemy chooses its retreat path" + leave + " " + rule + ".  " + seat + ": click here or press Enter."
	for _, name := range []string{u.Name, u.Short, id} {
		if name == "" {
			continue
		}
		t := seat + " has the move: place the retreating " + name + " " + rule
		if w, _ := render.Measure(t, render.Bold(19)); w <= width {
			return t, sub
		}
	}
	return title, sub
}

// enemyRetreatRule is the rules cited at the end of the engine's prompt
// of an enemy retreat ("... retreat path [15.12], [14.11]"), "" if none.
func enemyRetreatRule(prompt string) string {
	_, after, ok := strings.Cut(prompt, "chooses its retreat path")
	if !ok {
		return ""
	}
	after = strings.TrimSpace(strings.TrimPrefix(after, " or leaves it in place"))
	if !strings.HasPrefix(after, "[") {
		return ""
	}
	return after
}
