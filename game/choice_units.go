package game

import (
	"fmt"
	"image"
	"image/color"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
)

// What a command choice would set in motion (newcomer issue #18: the
// "Activate X's brigade" buttons did not say which units they activate).
// Hovering such a button outlines on the map the units that could act once
// it is chosen, brings them into view, and its hover text counts and names
// them. The units are found by taking the choice on a copy of the game and
// reading which of the viewer's units have an action then: only the
// viewer's own units are named, so nothing hidden is told. Where a die
// follows the choice (a whole division's coordination roll [Albuera
// 4.5.2]), every outcome of the die is taken and the units of any of them
// are shown, the text saying that a roll decides.

// choiceUnits is what a choice would activate: the viewer's units that may
// act after it, and whether a die decides between outcomes.
type choiceUnits struct {
	ids    []string // unit ids, in view order
	hexes  []string // their places
	rolled bool     // a die decides (the units of any outcome are shown)
}

// isCommandChoice reports a panel choice that picks what acts next (an
// activation, a commander's brigade, an orphan division), not a choice
// about one unit or a place.
func isCommandChoice(a rules.Action) bool {
	if a.Kind != "choose" && a.Kind != "activate" && a.Kind != "order" {
		return false
	}
	if a.To != "" {
		return false
	}
	c := a.Choice
	return strings.HasPrefix(c, "brigade:") || strings.HasPrefix(c, "lead:") || c == "division" ||
		strings.HasPrefix(c, "orphan:") || strings.HasPrefix(a.Label, "Activate ") || a.Kind == "activate"
}

// wouldAct computes (and keeps for this state) what the command choice a
// would let act.
func (b *BoardScene) wouldAct(a rules.Action) (choiceUnits, bool) {
	s, m := b.S, &b.choiceMemo
	if !isCommandChoice(a) || s.Cover || !s.CanAct() {
		return choiceUnits{}, false
	}
	state := fmt.Sprintf("%d|%d", s.version, s.Viewer)
	if m.state != state || m.vals == nil {
		m.state, m.vals = state, map[string]choiceUnits{}
	}
	k := a.Key()
	cu, done := m.vals[k]
	if !done {
		var ok bool
		if cu, ok = s.computeWouldAct(a); !ok {
			cu = choiceUnits{}
		}
		m.vals[k] = cu
	}
	return cu, len(cu.ids) > 0
}

// choiceMemo keeps the last wouldAct answer and the hovered choice last
// brought into view (BoardScene.choiceMemo).
type choiceMemo struct {
	state string                 // the session's version and viewer the answers are for
	vals  map[string]choiceUnits // by the choice's key
	seen  string                 // the hovered choice last brought into view
	// followed is the unit followSelection last followed (follow_steps.go)
	followed string
}

func (s *Session) computeWouldAct(a rules.Action) (choiceUnits, bool) {
	side := s.Viewer
	seen := map[string]bool{}
	var out choiceUnits
	var visit func(st rules.State, depth int)
	visit = func(st rules.State, depth int) {
		stat := st.Status()
		if stat.Decider == rules.Chance && depth < 2 {
			ch := st.Chances()
			if len(ch) > 1 {
				out.rolled = true
			}
			for i, o := range ch {
				if i >= 12 {
					break
				}
				c := st.Clone()
				if _, err := c.Apply(o.Action); err == nil {
					visit(c, depth+1)
				}
			}
			return
		}
		if stat.Decider != side {
			return
		}
		for _, l := range st.Legal() {
			for _, id := range append([]string{l.Unit}, l.Units...) {
				if id != "" {
					seen[id] = true
				}
			}
		}
	}
	c := s.Game.State.Clone()
	if _, err := c.Apply(a); err != nil {
		return choiceUnits{}, false
	}
	visit(c, 0)
	// In the viewer's own view order, own units on the map only.
	for _, u := range s.View().Units {
		if seen[u.ID] && u.Side == side && u.At != "" && !u.Eliminated {
			out.ids = append(out.ids, u.ID)
			out.hexes = append(out.hexes, u.At)
		}
	}
	if len(out.ids) == 0 {
		return choiceUnits{}, false
	}
	return out, true
}

// hotCommandChoice is the command choice of the panel under the pointer.
func (b *BoardScene) hotCommandChoice() (rules.Action, bool) {
	for _, pb := range b.panel {
		if pb.act != nil && !pb.isCard && pb.b.Hot && isCommandChoice(*pb.act) {
			return *pb.act, true
		}
	}
	return rules.Action{}, false
}

// choiceUnitLines is the hover text's part naming the units a command
// choice would activate ("Activates 6 units, outlined on the map: ...").
func (b *BoardScene) choiceUnitLines(a rules.Action) []string {
	cu, ok := b.wouldAct(a)
	if !ok {
		return nil
	}
	// The units every other command choice of the panel lets act too
	// (supporting units, batteries [Albuera 4.7]) are told apart from the
	// choice's own.
	common := map[string]bool{}
	others := 0
	for _, pb := range b.panel {
		if pb.act == nil || pb.isCard || pb.act.Key() == a.Key() || !isCommandChoice(*pb.act) {
			continue
		}
		o, ok := b.wouldAct(*pb.act)
		if !ok {
			continue
		}
		in := map[string]bool{}
		for _, id := range o.ids {
			in[id] = true
		}
		if others == 0 {
			for _, id := range cu.ids {
				common[id] = in[id]
			}
		} else {
			for id := range common {
				common[id] = common[id] && in[id]
			}
		}
		others++
	}
	var own, any []string
	for _, id := range cu.ids {
		u, ok := b.S.Unit(id)
		if !ok {
			continue
		}
		n := u.Short
		if n == "" || n == strings.ToLower(n) && u.Name != "" {
			n = u.Name // a commander's id is his name in lower case
		}
		if others > 0 && common[id] {
			any = append(any, n)
		} else {
			own = append(own, n)
		}
	}
	list := func(names []string, most int) string {
		if len(names) > most {
			return strings.Join(names[:most], ", ") + fmt.Sprintf(" and %d more", len(names)-most)
		}
		return strings.Join(names, ", ")
	}
	units := func(n int) string {
		if n == 1 {
			return "1 unit"
		}
		return fmt.Sprintf("%d units", n)
	}
	var text string
	switch {
	case cu.rolled:
		text = fmt.Sprintf("A die decides: at most %s may act then, outlined on the map: %s.", units(len(cu.ids)), list(append(own, any...), 14))
	case len(any) == 0:
		text = fmt.Sprintf("Activates %s (they may act then), outlined on the map: %s.", units(len(own)), list(own, 14))
	default:
		text = fmt.Sprintf("Activates %s of its own: %s. Whichever is chosen, %d more may act too: %s. All outlined on the map.", units(len(own)), list(own, 12), len(any), list(any, 8))
	}
	return render.Wrap(text, render.Face(12.5), choiceTipWidth)
}

// choiceUnitColour outlines the units a hovered choice would activate:
// gold over a dark edge, apart from the white outline of the units that
// may act now.
var (
	choiceUnitColour = color.RGBA{0xff, 0xd0, 0x30, 0xff}
	choiceUnitEdge   = color.RGBA{0x30, 0x18, 0x00, 0xe0}
)

// drawChoiceUnits outlines the units the hovered command choice would
// activate.
func (b *BoardScene) drawChoiceUnits(dst *ebiten.Image) image.Rectangle {
	a, ok := b.hotCommandChoice()
	if !ok {
		return image.Rectangle{}
	}
	cu, ok := b.wouldAct(a)
	if !ok {
		return image.Rectangle{}
	}
	// One area per hex: each unit's own outline, so units of the brigade
	// apart from one another read as so many outlined counters.
	areas := make([][]string, 0, len(cu.hexes))
	seen := map[string]bool{}
	for _, h := range cu.hexes {
		if !seen[h] {
			seen[h] = true
			areas = append(areas, []string{h})
		}
	}
	return b.outlineHexes(dst, areas, choiceUnitColour, choiceUnitEdge, 4)
}

// followChoiceHover brings the units of a newly hovered command choice
// into view once (the camera stays where it is while the same button is
// hovered, and when the pointer leaves it).
func (b *BoardScene) followChoiceHover(a *App) {
	act, ok := b.hotCommandChoice()
	key := ""
	if ok {
		key = act.Key()
	}
	if key == b.choiceMemo.seen {
		return
	}
	b.choiceMemo.seen = key
	if !ok {
		return
	}
	cu, ok := b.wouldAct(act)
	if !ok {
		return
	}
	hs := append([]string(nil), cu.hexes...)
	sort.Strings(hs)
	if b.showHexes(a, b.mainCluster(hs), true) {
		a.Redraw()
	}
}
