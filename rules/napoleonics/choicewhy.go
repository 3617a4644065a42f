package napoleonics

import (
	"fmt"
	"strings"

	"grognard/rules"
)

// ChoiceWhy says what a choice does before it is clicked, where its label
// does not: an order (what the ordered unit may then do, and how many of
// the card's orders it leaves), and the end of the order, movement and
// combat phases (what is given up, and what comes next). It reads only
// what the side deciding sees: its own orders and the public board.
func (s *State) ChoiceWhy(a rules.Action) string {
	if s == nil || s.sys == nil {
		return ""
	}
	switch a.Kind {
	case "order":
		return s.orderWhy(a)
	case "end":
		if s.Pend != nil {
			return ""
		}
		switch s.Phase {
		case PhOrder:
			return s.endOrderWhy()
		case PhMove:
			return s.endMoveWhy()
		case PhCombat:
			return s.endCombatWhy()
		}
	}
	return ""
}

// orderWhy: what an ordered unit may do this turn [Sequence of Play: order].
func (s *State) orderWhy(a rules.Action) string {
	u := s.unit(a.Unit)
	if u == nil || s.effCard() == nil {
		return ""
	}
	var b strings.Builder
	c := s.card(u)
	if isLeader(u) {
		fmt.Fprintf(&b, "Ordered, %s may move 1 to %d hexes this turn; a leader never battles [%s].", s.name(u), c.Move, rMove)
	} else {
		fmt.Fprintf(&b, "Ordered, %s may move up to %s in the movement phase [%s]", s.name(u), plural(c.Move, "hex", "hexes"), rMove)
		if c.Melee > 0 || c.MeleeBlocks || c.Range > 0 {
			fmt.Fprintf(&b, " and then battle in the combat phase [%s]", rCombat)
			if c.BattleMove < c.Move {
				if c.BattleMove == 0 {
					b.WriteString(", if it did not move")
				} else {
					fmt.Fprintf(&b, ", if it moved no more than %s", plural(c.BattleMove, "hex", "hexes"))
				}
			}
		}
		b.WriteString(".")
		if l := s.attached(u); l != nil && !s.Ordered[l.ID] {
			fmt.Fprintf(&b, " %s, in its hex, goes with it and lets it ignore one flag [Leaders].", s.name(l))
		}
	}
	if n := s.orderLimitN(); n > 0 {
		left := n - len(s.Orders) - 1
		if left < 0 {
			left = 0
		}
		if left == 0 {
			fmt.Fprintf(&b, " This is the last of the %s that %s gives.", plural(n, "order", "orders"), s.effCard().Name)
		} else {
			fmt.Fprintf(&b, " This is order %d of the %d that %s gives; %s left after it.", len(s.Orders)+1, n, s.effCard().Name, plural(left, "order", "orders"))
		}
	}
	b.WriteString(" Units not ordered stay where they are and do not battle this turn.")
	return b.String()
}

// endOrderWhy: ending the orders gives up the card's unused orders.
func (s *State) endOrderWhy() string {
	var b strings.Builder
	switch n := len(s.Orders); {
	case n == 0:
		b.WriteString("No unit is ordered yet: ending now, none of your units moves or battles this turn.")
	default:
		fmt.Fprintf(&b, "Ends the orders with %s ordered: only %s this turn.", plural(n, "unit", "units"), pick(n, "it moves and battles", "they move and battle"))
	}
	if lim := s.orderLimitN(); lim > len(s.Orders) && s.effCard() != nil {
		k := lim - len(s.Orders)
		fmt.Fprintf(&b, " %s of %s %s unused.", plural(k, "order", "orders"), s.effCard().Name, pick(k, "goes", "go"))
	}
	fmt.Fprintf(&b, " Then: movement [%s].", rMove)
	return b.String()
}

// endMoveWhy: ordered units that may still move stay in place.
func (s *State) endMoveWhy() string {
	still := s.unitsThatMay("move")
	out := ""
	if still > 0 {
		out = fmt.Sprintf("%s ordered and able to move %s where %s. ", plural(still, "unit", "units"), pick(still, "stays", "stay"), pick(still, "it is", "they are"))
	}
	return out + fmt.Sprintf("Then: combat [%s]: ordered units in range or next to an enemy may battle.", rCombat)
}

// endCombatWhy: ordered units that may still battle give it up.
func (s *State) endCombatWhy() string {
	still := s.unitsThatMay("melee", "fire")
	out := ""
	if still > 0 {
		out = fmt.Sprintf("%s ordered and able to battle %s %s battle this turn. ", plural(still, "unit", "units"), pick(still, "gives", "give"), pick(still, "up its", "up their"))
	}
	return out + fmt.Sprintf("Then: %s draws a command card [Sequence of Play: draw] and the other side's turn begins.", s.sideName(s.Active))
}

// unitsThatMay counts the units with a legal action of one of the kinds.
func (s *State) unitsThatMay(kinds ...string) int {
	seen := map[string]bool{}
	for _, a := range s.Legal() {
		for _, k := range kinds {
			if a.Kind == k && a.Unit != "" {
				seen[a.Unit] = true
			}
		}
	}
	return len(seen)
}

func pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
