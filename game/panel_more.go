package game

import (
	"fmt"
	"image"
	"strings"

	"grognard/render"
	"grognard/rules"
)

// The side panel's "N more actions" row. A Marshals player at the choice
// of an operation [5.0] holding Guerilla and Redoute is offered some
// hundred actions: the row said "100 more actions: select a unit or use
// Tab", but a click on it did nothing, and the plays aimed at an empty
// zone ("Play Guerilla at Arenas" [EV Guerilla]) could not be reached at
// all. The row is now a button that shows the next actions in the panel
// (the panel turns like pages, the last page leading back to the first),
// says what it hides, and the selected counter's stack's own actions
// (its activation [5.2]) come first (selectedZoneFirst).

// panelPinned reports an item that keeps its place on every page: a
// card, a note, the end or the pass.
func panelPinned(it panelItem) bool {
	return it.act == nil && (it.heading == "" || it.note) || it.card != nil || it.act != nil && (it.act.Kind == "end" || it.act.Kind == "pass")
}

// panelBlocks splits items into the blocks the pages turn by: a plain
// action button, or a group's heading with its choices.
func panelBlocks(items []panelItem) (blocks [][]panelItem, first, last int) {
	first, last = -1, -1
	// a lone group with no other action turns choice by choice (its
	// heading stays): the French choose a head unit among 15 [5.4.3]
	groups, plain := 0, 0
	for _, it := range items {
		switch {
		case it.heading != "" && !it.note:
			groups++
		case panelPlain(it):
			plain++
		}
	}
	lone := groups == 1 && plain == 0
	for i, it := range items {
		switch {
		case panelPinned(it) || lone && it.heading != "":
			continue
		case lone && it.short != "":
			blocks = append(blocks, []panelItem{it})
		case it.short != "" && len(blocks) > 0 && i > 0 && (items[i-1].short != "" || items[i-1].heading != ""):
			blocks[len(blocks)-1] = append(blocks[len(blocks)-1], it)
		default:
			blocks = append(blocks, []panelItem{it})
		}
		if first < 0 {
			first = i
		}
		last = i
	}
	return blocks, first, last
}

// pageItems turns the panel to its page: the blocks of actions are
// rotated by b.moreSkip (reset when the game moves on or the selection
// changes); the cards and notes above them, the end or the pass, and the
// cards put after them (choicesFirst) keep their places.
func (b *BoardScene) pageItems(items []panelItem) []panelItem {
	key := fmt.Sprintf("%d|%s", len(b.S.Game.Steps), b.S.Selected)
	if key != b.moreKey {
		b.moreKey, b.moreSkip = key, 0
	}
	blocks, first, last := panelBlocks(items)
	if len(blocks) == 0 || b.moreSkip%len(blocks) == 0 {
		return items
	}
	k := b.moreSkip % len(blocks)
	out := make([]panelItem, 0, len(items))
	out = append(out, items[:first]...)
	for _, it := range items[first : last+1] {
		if panelPinned(it) {
			out = append(out, it)
		}
	}
	for j := range blocks {
		out = append(out, blocks[(j+k)%len(blocks)]...)
	}
	return pairShorts(append(out, items[last+1:]...))
}

// pairShorts lays a group's short choices out two to a row again after
// the page turned (panelItems' rule: a choice too long for half a row
// keeps a row of its own).
func pairShorts(items []panelItem) []panelItem {
	beside := false
	for i := range items {
		it := &items[i]
		switch {
		case it.short == "" || it.wide:
			beside = false
		case beside:
			it.h, beside = 0, false
		default:
			it.h, beside = 34, true
		}
	}
	return items
}

// minMoreRow is the least height of the "N more actions" row: its words
// whole above the log.
const minMoreRow = 24

// moreRowNow reports that the panel's "more" row must come before the
// item that ends at next (less its gap): the items after it (rest) do not
// all fit above bottom, and the room it would leave is too thin for the
// row, which was laid in a sliver and cut in half by the log's top edge
// (seen playing Ocaña by clicks). rest's heights are counted at their
// least (an action button at the panel's button height bh).
func moreRowNow(rest []panelItem, next, bh, bottom int) bool {
	if bottom+8-next >= minMoreRow {
		return false
	}
	need := 0
	for _, it := range rest {
		switch {
		case it.h == 0:
		case it.act != nil && it.heading == "" && it.short == "" && it.card == nil:
			need += min(it.h, bh) + 4
		default:
			need += it.h + 4
		}
	}
	return next+need > bottom+4
}

// moreButton is the row standing for hidden (the items that did not fit
// after shown): it says what they are and a click shows them.
func (b *BoardScene) moreButton(rr image.Rectangle, shown, hidden []panelItem) panelButton {
	n := 0
	kinds := map[string]int{}
	var order []string
	for _, it := range hidden {
		if it.act == nil {
			continue
		}
		n++
		w := moreWords(*it.act)
		if kinds[w] == 0 {
			order = append(order, w)
		}
		kinds[w]++
	}
	// the blocks shown whole: the next page begins after them
	all := append(append([]panelItem{}, shown...), hidden...)
	blocks, _, _ := panelBlocks(all)
	lone := false
	for _, bl := range blocks {
		lone = lone || len(bl) == 1 && bl[0].short != ""
	}
	whole := 0
	for _, it := range shown {
		switch {
		case panelPinned(it) || it.heading != "" && lone:
		case lone || it.short == "":
			whole++
		}
	}
	if !lone && len(hidden) > 0 && hidden[0].short != "" && whole > 0 {
		whole-- // a group cut by the row begins the next page
	}
	noun := "actions"
	if n == 1 {
		noun = "action"
	}
	var parts []string
	for _, w := range order {
		parts = append(parts, fmt.Sprintf("%d × %s", kinds[w], w)) // "5 Head unit" read as a wrong plural
	}
	sub := strings.Join(parts, ", ")
	if len(parts) > 3 {
		sub = strings.Join(parts[:3], ", ") + ", …"
	}
	if rr.Dy() < 30 {
		sub = "" // no room for a second line (it was drawn over the log)
	}
	if len(blocks) < 2 {
		// nothing to turn: say what selecting does instead
		return panelButton{b: render.Button{Label: fmt.Sprintf("%d more %s: select a unit or use Tab", n, noun), Sub: sub, Rect: rr}}
	}
	hot := image.Pt(b.mx, b.my).In(rr)
	label := fmt.Sprintf("%d more %s: click to see them", n, noun)
	if rr.Dy() < 30 {
		// a row shrunk with the crowded panel has no room for a second
		// line (it was drawn over the log): the summary goes on the label
		// when it fits there
		sub = ""
		if len(parts) > 0 {
			first := parts[0]
			if len(order) == 1 {
				first = order[0] // "5 more (Head unit…)": one kind needs no count
			}
			if l := fmt.Sprintf("%d more (%s…): click", n, first); render.ButtonLabelFits(l, rr.Dx(), rr.Dy()) {
				label = l
			}
		}
	}
	return panelButton{b: render.Button{Label: label, Sub: sub, Rect: rr, Enabled: true, Hot: hot}, cmd: func(a *App) {
		b.moreSkip += max(1, whole)
		a.Redraw()
	}}
}

// moreWords is what an action hidden under the "more" row is, in a few
// words shared by its kind ("Activate a stack", "Play Guerilla").
func moreWords(a rules.Action) string {
	l := a.Label
	for _, sep := range []string{" at ", " on ", " to ", ": "} {
		if i := strings.Index(l, sep); i > 0 {
			l = l[:i]
		}
	}
	return l
}

// selectedZoneFirst puts the panel actions aimed at the selected
// counter's zone that name no counter (the Marshals "Activate a stack at
// Bargas" [5.2], "Combat at Torrijos" [5.4]) first: with some twenty
// stacks to activate, the one the player clicked on the map is at the top
// of the panel, never under the "more" row.
func (s *Session) selectedZoneFirst(acts []rules.Action) []rules.Action {
	if s.Selected == "" || s.System.ID != "marshals" {
		return acts
	}
	u, ok := s.Unit(s.Selected)
	if !ok || u.At == "" {
		return acts
	}
	here := func(a rules.Action) bool { return a.To == u.At && a.Unit == "" && a.Kind != "end" && a.Kind != "pass" }
	out := make([]rules.Action, 0, len(acts))
	for _, a := range acts {
		if here(a) {
			out = append(out, a)
		}
	}
	if len(out) == 0 || len(out) == len(acts) {
		return acts
	}
	for _, a := range acts {
		if !here(a) {
			out = append(out, a)
		}
	}
	return out
}

// sideKey is the key of the side panel's cached image: the session's
// version, the viewer, the button under the pointer, the log's scroll and
// the panel's page (a click on the "more" row changed the page but not
// the key, and the panel was not drawn again).
func (b *BoardScene) sideKey(hot int) string {
	return fmt.Sprintf("side|%d|%d|%d|%d|%d", b.S.Version(), b.S.Viewer, hot, b.logScroll, b.moreSkip)
}

// panelPlain reports a plain action button of the panel: not a card, not
// a heading, not a choice of a group, not the end or the pass.
func panelPlain(it panelItem) bool {
	return it.act != nil && it.card == nil && it.heading == "" && it.short == "" && it.act.Kind != "end" && it.act.Kind != "pass"
}
