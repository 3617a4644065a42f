package napoleonics

import (
	"fmt"

	"grognard/rules"
	"grognard/rules/hex"
)

// Command card: Short Supply (authored: the beginner's summary has no such
// card; this is the family's card in its simplest reading). The player
// first names one enemy unit (not a leader) that can step toward its own
// edge and moves it back, hex by hex along retreat paths (Retreats), as
// many hexes as the card says (supply=N) or until no retreat hex is open;
// an attached leader goes with it. A unit that cannot go further simply
// stops: it loses nothing. The player then orders units as the card's
// order count allows. With no enemy unit able to fall back the first part
// is skipped.

// supplyTargets are the enemy units that have a retreat hex open.
func (s *State) supplyTargets() []*Unit {
	var out []*Unit
	for i := range s.Units {
		u := &s.Units[i]
		if onBoard(u) && !isLeader(u) && u.Side != s.Active && len(s.retreatOptions(u)) > 0 {
			out = append(out, u)
		}
	}
	return out
}

func (s *State) supplyActions() []rules.Action {
	var as []rules.Action
	if s.Supply == "" {
		for _, u := range s.supplyTargets() {
			as = append(as, rules.Action{Kind: "supply", Unit: u.ID, To: s.num(u.At),
				Label: fmt.Sprintf("%s in %s falls back %s", s.name(u), s.num(u.At), plural(s.SupplyLeft, "hex", "hexes")), Rule: rSupply})
		}
		return as
	}
	u := s.unit(s.Supply)
	for _, c := range s.retreatOptions(u) {
		as = append(as, rules.Action{Kind: "retreat", Unit: u.ID, To: s.num(c),
			Label: fmt.Sprintf("Move %s back to %s", s.name(u), s.num(c)), Rule: rSupply + "; " + rRetreat})
	}
	return as
}

// startSupply opens the fall-back stage, or skips it with no enemy unit
// able to fall back.
func (w *applier) startSupply(n int) {
	w.SupplyLeft, w.Supply = n, ""
	if len(w.supplyTargets()) == 0 {
		w.SupplyLeft = 0
		w.ev("supply", rSupply, "No enemy unit can fall back: Short Supply only orders")
	}
}

func (w *applier) supplyChoose(u *Unit) {
	w.Supply = u.ID
	w.ev("supply", rSupply, fmt.Sprintf("%s names %s, out of supply: it falls back", w.sideName(w.Active), w.name(u)), u.ID)
}

func (w *applier) supplyStep(c hex.Coord) {
	u := w.unit(w.Supply)
	from := u.At
	w.moveUnit(u, c, 0, false)
	w.SupplyLeft--
	w.ev("retreat", rSupply, fmt.Sprintf("%s falls back from %s to %s", w.name(u), w.num(from), w.num(c)), u.ID)
	if w.SupplyLeft > 0 && len(w.retreatOptions(u)) == 0 {
		w.ev("retreat", rSupply, fmt.Sprintf("%s can fall back no further and stops", w.name(u)), u.ID)
		w.SupplyLeft = 0
	}
	if w.SupplyLeft == 0 {
		w.Supply = ""
	}
}
