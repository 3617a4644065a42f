package napoleonics

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"grognard/rules"
	"grognard/rules/hex"
)

// Battle dice: how many are rolled, which symbols hit, and the chance
// outcomes of a roll (the multiset of symbols, weighted exactly).

// moved reports how many hexes u moved this turn (0 if it did not).
func (s *State) moved(u *Unit) int { return s.Moved[u.ID] }

// fireTable returns the dice by range for an artillery unit (nil for
// infantry), shortened when the unit moved (horse artillery: range 3).
func (s *State) fireTable(u *Unit) []int {
	c := s.card(u)
	if c.FireTable == nil {
		return nil
	}
	t := c.FireTable
	if u.Blocks == 1 && len(c.OneBlock) > 0 {
		t = c.OneBlock
	}
	if s.moved(u) > 0 && c.MovedRange > 0 && len(t) > c.MovedRange {
		t = t[:c.MovedRange]
	}
	return t
}

// fireRange is the most distant hex u may fire at (0: no ranged combat).
func (s *State) fireRange(u *Unit) int {
	c := s.card(u)
	if c.Range == 0 {
		return 0
	}
	if t := s.fireTable(u); t != nil {
		return len(t)
	}
	return c.Range
}

// terrainMod is the dice modifier of the terrain for a unit of class cls
// battling (kind "melee" or "fire") from hex from into hex to: the card of
// the target's hex for a unit battling into it, and the card of its own
// hex for a unit battling out of it [Terrain cards]. A card marked for
// ranged combat only (the hill) does nothing in melee.
func (s *State) terrainMod(kind, cls string, from, to hex.Coord) (int, []string) {
	var mods []string
	n := 0
	if t := s.terrain(to); t != nil && !(t.RangedOnly && kind == "melee") && t.Mods["into-"+cls] != 0 {
		n += t.Mods["into-"+cls]
		mods = append(mods, fmt.Sprintf("%d target in %s [Terrain card: %s]", t.Mods["into-"+cls], t.Name, t.Name))
	}
	if t := s.terrain(from); t != nil && !(t.RangedOnly && kind == "melee") && t.Mods["from-"+cls] != 0 {
		n += t.Mods["from-"+cls]
		mods = append(mods, fmt.Sprintf("%d battling from %s [Terrain card: %s]", t.Mods["from-"+cls], t.Name, t.Name))
	}
	return n, mods
}

// halfBlocks is half of a unit's blocks rounded by its card or nationality.
func (s *State) halfBlocks(u *Unit) int {
	round := s.card(u).Round
	if round == "nation" {
		round = s.sys.Nations[s.def(u.ID).Nation].Round
	}
	if round == "up" {
		return (u.Blocks + 1) / 2
	}
	return u.Blocks / 2
}

// fireDice is the number of dice u rolls firing at hex to (Ranged Combat).
// Terrain may leave none; then the unit may not fire there (the family's
// rule: a weak unit can be unable to battle because of terrain).
func (s *State) fireDice(u *Unit, to hex.Coord) (int, []string) {
	c := s.card(u)
	dist := hex.Distance(u.At, to)
	var n int
	var mods []string
	if t := s.fireTable(u); t != nil {
		n = t[dist-1]
		mods = append(mods, fmt.Sprintf("%d at range %d [Unit card: %s]", n, dist, c.Name))
	} else {
		n = u.Blocks
		if s.moved(u) > 0 && c.MovingHalf {
			n = s.halfBlocks(u)
			mods = append(mods, fmt.Sprintf("half of %d blocks after moving = %d [Ranged Combat]", u.Blocks, n))
		}
		if c.FireBonus != 0 {
			n += c.FireBonus
			mods = append(mods, fmt.Sprintf("%+d [Unit card: %s]", c.FireBonus, c.Name))
		}
	}
	if e := s.effFor(u); e != nil && e.FireBonus != 0 && u.Side == s.Active && s.Ordered[u.ID] {
		n += e.FireBonus
		mods = append(mods, fmt.Sprintf("%+d [Command card: %s]", e.FireBonus, e.Name))
	}
	t, tm := s.terrainMod("fire", s.class(u), u.At, to)
	n += t
	mods = append(mods, tm...)
	return max(n, 0), mods
}

// meleeDice is the number of dice u rolls in melee against hex to. The card
// bonus counts for the active side's attacks, not for battle back. With no
// dice left after terrain the unit may not melee there (nor battle back).
func (s *State) meleeDice(u *Unit, to hex.Coord, cardBonus bool) (int, []string) {
	c := s.card(u)
	n := c.Melee
	var mods []string
	if c.MeleeBlocks {
		n = u.Blocks
	} else {
		mods = append(mods, fmt.Sprintf("%d dice [Unit card: %s]", n, c.Name))
	}
	if c.MeleeBonus != 0 {
		n += c.MeleeBonus
		mods = append(mods, fmt.Sprintf("%+d [Unit card: %s]", c.MeleeBonus, c.Name))
	}
	if e := s.effFor(u); cardBonus && e != nil && e.MeleeBonus != 0 && s.Ordered[u.ID] && (len(e.MeleeClass) == 0 || has(e.MeleeClass, s.class(u))) {
		n += e.MeleeBonus
		mods = append(mods, fmt.Sprintf("%+d [Command card: %s]", e.MeleeBonus, e.Name))
	}
	t, tm := s.terrainMod("melee", s.class(u), u.At, to)
	n += t
	mods = append(mods, tm...)
	return max(n, 0), mods
}

// symbol index by id.
func (s *State) sym(id string) int {
	for i, x := range s.sys.Symbols {
		if x.ID == id {
			return i
		}
	}
	return -1
}

// hitSet is the symbols that score a hit on target in a combat of kind
// (fire or melee): the target's troop symbol, and sabres in melee; a lone
// leader only by sabres; a unit retiring only by cavalry; a square is not
// hit by sabres when cavalry attacks it (authored).
func (s *State) hitSet(kind string, att, target *Unit, retire bool) map[int]bool {
	set := map[int]bool{}
	if isLeader(target) {
		set[s.sym("sabre")] = true
		return set
	}
	if retire {
		set[s.sym("cavalry")] = true
		return set
	}
	set[s.sym(s.class(target))] = true
	if kind != "fire" && !(target.Square && s.class(att) == "cavalry") {
		set[s.sym("sabre")] = true
	}
	return set
}

// rollOutcomes lists every multiset of n symbols with its exact weight (the
// multinomial count of ordered rolls, faces included), as roll actions with
// the symbol indices sorted.
func (s *State) rollOutcomes(n int, label, rule string) []rules.Outcome {
	// The outcomes depend only on the dice, the label and the rule: made
	// once per state and handed out as copies of the list (#20). The memo is
	// the state's own (a clone starts without one).
	key := rollKey{n, label, rule}
	outs, ok := s.rollMemo[key]
	if !ok {
		// Session 20: the lists are also kept for the whole process (by
		// system data, dice, label and rule), so a new game or a clone
		// finds them made.
		gk := globalRollKey{s.sys, key}
		if v, ok := rollLists.Load(gk); ok {
			outs = v.([]rules.Outcome)
		} else {
			outs = s.rollOutcomesNow(n, label, rule)
			rollLists.Store(gk, outs)
		}
		if s.rollMemo == nil {
			s.rollMemo = map[rollKey][]rules.Outcome{}
		}
		s.rollMemo[key] = outs
	}
	if outs == nil {
		return nil
	}
	// The memo's own list (session 20): callers read it, never change it;
	// its capacity ends at its length, so an append copies.
	return outs[:len(outs):len(outs)]
}

type rollKey struct {
	n           int
	label, rule string
}

// rollLists holds every roll outcome list made (a few dozen: dice 1-6 by
// label and rule), read-only once stored.
var rollLists sync.Map

type globalRollKey struct {
	sys *System
	k   rollKey
}

func (s *State) rollOutcomesNow(n int, label, rule string) []rules.Outcome {
	k := len(s.sys.Symbols)
	var outs []rules.Outcome
	counts := make([]int, k)
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == k-1 {
			counts[i] = left
			w := multinomial(n, counts)
			for j, c := range counts {
				for range c {
					w *= s.sys.Symbols[j].Faces
				}
			}
			dice := make([]int, 0, n)
			for j, c := range counts {
				for range c {
					dice = append(dice, j)
				}
			}
			outs = append(outs, rules.Outcome{Weight: w, Action: rules.Action{
				Kind: "roll", Dice: dice, Label: label + ": " + s.faces(dice), Rule: rule}})
			return
		}
		for c := left; c >= 0; c-- {
			counts[i] = c
			rec(i+1, left-c)
		}
	}
	rec(0, n)
	return outs
}

func multinomial(n int, counts []int) int {
	w := fact(n)
	for _, c := range counts {
		w /= fact(c)
	}
	return w
}

func fact(n int) int {
	f := 1
	for i := 2; i <= n; i++ {
		f *= i
	}
	return f
}

// faces names a roll ("infantry, infantry, flag, sabre").
func (s *State) faces(dice []int) string {
	if len(dice) == 0 {
		return "no dice"
	}
	parts := make([]string, len(dice))
	for i, d := range dice {
		if d >= 0 && d < len(s.sys.Symbols) {
			parts[i] = s.sys.Symbols[d].Name
		}
	}
	return strings.ToLower(strings.Join(parts, ", "))
}

// validRoll reports whether dice is a sorted roll of n symbols.
func (s *State) validRoll(dice []int, n int) bool {
	if len(dice) != n || !sort.IntsAreSorted(dice) {
		return false
	}
	for _, d := range dice {
		if d < 0 || d >= len(s.sys.Symbols) {
			return false
		}
	}
	return true
}

// count counts symbols in a roll.
func count(dice []int, set map[int]bool) int {
	n := 0
	for _, d := range dice {
		if set[d] {
			n++
		}
	}
	return n
}
