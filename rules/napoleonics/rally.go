package napoleonics

import (
	"fmt"
	"sort"
	"strings"

	"grognard/rules"
)

// Command card: Rally (authored: the beginner's summary has no Rally; this
// is the family's card in its simplest reading). The player rolls as many
// battle dice as the command cards held when it is played, this one
// included. Each troop symbol rolled gives back one lost block to a unit of
// that class on the board, each sabre one block to a unit of any class;
// flags do nothing. No unit goes above the blocks of its unit card and an
// eliminated unit never comes back. A unit given a block is ordered (its
// attached leader with it) and may move and battle as usual; the card
// orders no other unit.

// rallyUsable reports whether a symbol rolled may restore a block.
func (s *State) rallyUsable(sym int) bool {
	return sym == s.sym("sabre") || sym == s.sym("infantry") || sym == s.sym("cavalry") || sym == s.sym("artillery")
}

// canRally reports whether symbol sym may give a block back to u.
func (s *State) canRally(u *Unit, sym int) bool {
	if !onBoard(u) || isLeader(u) || u.Side != s.Active || u.Blocks >= s.card(u).Blocks {
		return false
	}
	return sym == s.sym("sabre") || sym == s.sym(s.class(u))
}

// rallying reports whether the card in effect is Rally (not fallen back).
func (s *State) rallying() bool {
	e := s.effCard()
	return e != nil && e.Rally && !s.Fallback
}

// rallyActions: each unused symbol on each unit it may restore.
func (s *State) rallyActions() []rules.Action {
	var as []rules.Action
	seen := map[int]bool{}
	for _, sym := range s.Rally {
		if seen[sym] {
			continue
		}
		seen[sym] = true
		name := s.sys.Symbols[sym].Name
		for i := range s.Units {
			u := &s.Units[i]
			if !s.canRally(u, sym) {
				continue
			}
			as = append(as, rules.Action{Kind: "rally", Unit: u.ID, Choice: s.sys.Symbols[sym].ID,
				Label: fmt.Sprintf("%s (%s) regains a block for the %s rolled", s.name(u), plural(u.Blocks, "block", "blocks"), strings.ToLower(name)),
				Rule:  rRally})
		}
	}
	return as
}

// rallyRoll records the symbols rolled that can restore a block.
func (w *applier) rallyRoll(dice []int) {
	w.RallyDice = 0
	w.Rally = nil
	for _, d := range dice {
		if w.rallyUsable(d) {
			w.Rally = append(w.Rally, d)
		}
	}
	sort.Ints(w.Rally)
	e := w.ev("roll", rRally, fmt.Sprintf("%s rolls for Rally: %s (%s to give back)", w.sideName(w.Active), w.faces(dice), plural(len(w.Rally), "block", "blocks")))
	e.Dice = dice
}

// rallyBlock gives one block back to u for the symbol named sym; the first
// block orders the unit.
func (w *applier) rallyBlock(u *Unit, symID string) {
	sym := w.sym(symID)
	for i, x := range w.Rally {
		if x == sym {
			w.Rally = append(w.Rally[:i:i], w.Rally[i+1:]...)
			break
		}
	}
	u.Blocks++
	w.ev("rally", rRally, fmt.Sprintf("%s regains a block (%s): %s", w.name(u), w.sys.Symbols[sym].Name, plural(u.Blocks, "block", "blocks")), u.ID)
	if !w.Ordered[u.ID] {
		w.order(u)
	}
}
