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

// actFollowsMemo keeps the answers of actFollows for one version of the
// session (the menu asks at every frame).
var actFollowsMemo struct {
	s       *Session
	version int
	out     map[string]string
}

// actFollows says what an action on the map sets off when the decision
// then passes from the deciding side: "then a die: Morale Check of 1st
// Light Bn, King's German Legion (Morale 8, −3) [13.1A]" (the enemy's
// check to react), "then French decides: ..."; "" when the same side goes
// on deciding. The action is taken on
// a copy of the game; open games only. (Newcomer issue #18 point 5: the
// popup menu of a hex two moves share, the single battalion's and its
// stack's, said nothing of the reaction either move set off; only the
// hex's hover did, for the single move.)
func (s *Session) actFollows(a rules.Action) string {
	if s.System.ID == "" || s.System.Hidden || s.Cover || a.To == "" || (a.Kind != "move" && a.Kind != "charge") {
		return ""
	}
	m := &actFollowsMemo
	if m.s != s || m.version != s.version {
		m.s, m.version, m.out = s, s.version, map[string]string{}
	}
	key := a.Key()
	if w, ok := m.out[key]; ok {
		return w
	}
	m.out[key] = ""
	side := s.Game.State.Status().Decider
	c := s.Game.State.Clone()
	if _, err := c.Apply(a); err != nil {
		return ""
	}
	st := c.Status()
	if st.Decider == side || c.Result().Over {
		return ""
	}
	what := strings.TrimSpace(st.Prompt)
	if w, ok := strings.CutPrefix(what, "Chance: "); ok {
		what = "a die: " + w
	}
	if what == "" {
		return ""
	}
	m.out[key] = "then " + what
	return m.out[key]
}

// withFollows is a popup-menu option's second row sub with what the
// option sets off (actFollows) when both fit the widest menu on one line;
// sub alone otherwise (the hex's hover says it).
func (s *Session) withFollows(sub string, a rules.Action) string {
	f := s.actFollows(a)
	if f == "" {
		return sub
	}
	if sub != "" {
		f = sub + "; " + f
	}
	if !render.ButtonSubFits(f, 620, 34) {
		return sub
	}
	return f
}

// ownFirst is legal with the actions of one unit before those of a stack
// (Units set), each in its order: a lit hex where a battalion and its
// stack may both go is labelled with the battalion's own cost first ("2
// MP back / …"). It read "stack / …", the stack's move having no cost in
// its label, and the selected battalion's cost was lost (newcomer issue
// #18 point 5).
func ownFirst(legal []rules.Action) []rules.Action {
	stacks := 0
	for _, a := range legal {
		if len(a.Units) > 0 {
			stacks++
		}
	}
	if stacks == 0 || stacks == len(legal) {
		return legal
	}
	out := make([]rules.Action, 0, len(legal))
	for _, a := range legal {
		if len(a.Units) == 0 {
			out = append(out, a)
		}
	}
	for _, a := range legal {
		if len(a.Units) > 0 {
			out = append(out, a)
		}
	}
	return out
}
