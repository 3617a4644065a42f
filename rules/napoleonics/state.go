// Package napoleonics is the command-card and battle-dice system (the
// Commands & Colors: Napoleonics family as summarised in
// napoleonics-basics-venta-del-pozo.txt) with the scenario "Bloody Ambush at
// Venta del Pozo, 23 October 1812".
//
// The rulebook has no rule numbers; rules are cited by its section names
// ("Sequence of Play: order", "Melee", "Retreats", "Battle Back", ...) and
// authored data by its file ("cards.txt: Probe Left").
package napoleonics

import (
	"encoding/json"
	"sort"

	"grognard/rules"
	"grognard/rules/hex"
)

// Phase ids; the table lives in phases.go.
const (
	PhDeal    = "deal"
	PhCommand = "command"
	PhOrder   = "order"
	PhMove    = "move"
	PhCombat  = "combat"
	PhDraw    = "draw"
	PhOver    = "over"
)

// Unit is a unit or leader in play.
type Unit struct {
	ID         string    `json:"id"`
	Side       int       `json:"side"`
	Type       string    `json:"type"`
	Blocks     int       `json:"blocks"`
	At         hex.Coord `json:"at"`
	Gone       string    `json:"gone,omitempty"` // "eliminated" or "exited"
	Square     bool      `json:"square,omitempty"`
	SquareCard string    `json:"square_card,omitempty"`
}

// Pend is a combat in progress (see combat.go).
type Pend struct {
	Stage  string    `json:"stage"`
	Kind   string    `json:"kind"` // fire, melee, bonus, back
	Orig   string    `json:"orig"` // the ordered unit whose combat this is
	Att    string    `json:"att"`
	Def    string    `json:"def"`
	Art    string    `json:"art,omitempty"`
	From   hex.Coord `json:"from"`
	At     hex.Coord `json:"at"`
	Dice   int       `json:"dice"`
	Retire bool      `json:"retire,omitempty"`
	Flags  int       `json:"flags,omitempty"`
	Lost   int       `json:"lost,omitempty"`
	Leader string    `json:"leader,omitempty"`
	LDice  int       `json:"ldice,omitempty"`
}

// Drawing is a draw in progress: the deal or the draw phase.
type Drawing struct {
	Side  int      `json:"side"`
	Left  int      `json:"left"`
	Drawn []string `json:"drawn,omitempty"` // cards drawn this draw phase (Scout: keep one)
}

// State is the whole game state. Every field is exported so that Snapshot
// (encoding/json, maps sorted) is canonical and complete.
type State struct {
	sys *System
	// rbuf is the scratch of reach searches (#20); never shared by clones.
	rbuf *reachBuf
	// shared: the maps may be shared with a clone (own copies them).
	shared bool
	// rollMemo: rollOutcomes by dice, label and rule; not shared by clones.
	rollMemo map[rollKey][]rules.Outcome
	sc       *Scenario
	idx      map[string]int

	ScenarioID string          `json:"scenario"`
	Units      []Unit          `json:"units"`
	Phase      string          `json:"phase"`
	Active     int             `json:"active"`
	Turn       int             `json:"turn"`
	Hands      [2][]string     `json:"hands"`
	Pile       map[string]int  `json:"pile"`
	Discard    map[string]int  `json:"discard"`
	Card       string          `json:"card,omitempty"`      // card played this turn
	Eff        string          `json:"eff,omitempty"`       // its effect (Counter-attack copies)
	Mirror     bool            `json:"mirror,omitempty"`    // left and right swapped
	OrderCap   int             `json:"order_cap,omitempty"` // order=command: cards held when played
	Fallback   bool            `json:"fallback,omitempty"`  // no unit of the card's arm: 1 unit of choice
	Last       [2]string       `json:"last"`                // each side's last effective card
	LastMirror [2]bool         `json:"last_mirror"`
	Orders     []string        `json:"orders,omitempty"` // explicit orders this turn
	Ordered    map[string]bool `json:"ordered"`
	Moved      map[string]int  `json:"moved"` // hexes moved this turn
	Battled    map[string]bool `json:"battled"`
	Banners    [2]int          `json:"banners"`
	Lost       [2]int          `json:"lost"`                  // units (not leaders) eliminated
	RallyDice  int             `json:"rally_dice,omitempty"`  // Rally: dice still to roll
	Rally      []int           `json:"rally,omitempty"`       // Rally: symbols rolled, not yet used
	SupplyLeft int             `json:"supply_left,omitempty"` // Short Supply: hexes the enemy unit still falls back
	Supply     string          `json:"supply,omitempty"`      // Short Supply: the enemy unit chosen
	Draw       *Drawing        `json:"draw,omitempty"`
	Pend       *Pend           `json:"pend,omitempty"`
	Winner     int             `json:"winner"`
	Reason     string          `json:"reason,omitempty"`

	// legal caches the legal list (legalList); nil and false: not built.
	legal   []rules.Action
	legalOK bool
	// While the legal list is built (building), occMemo is the occupancy
	// once occOK.
	building, occOK bool
	occMemo         occ
}

// New makes the initial state of a scenario.
func New(scenario string, _ rules.Options) (rules.State, error) {
	s, err := newState(scenario)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func newState(scenario string) (*State, error) {
	sys, err := LoadSystem()
	if err != nil {
		return nil, err
	}
	sc, err := LoadScenario(scenario)
	if err != nil {
		return nil, err
	}
	s := &State{sys: sys, sc: sc, ScenarioID: scenario, Phase: PhDeal, Turn: 1, Winner: int(rules.NoSide),
		Pile: map[string]int{}, Discard: map[string]int{}, Ordered: map[string]bool{}, Moved: map[string]int{}, Battled: map[string]bool{}}
	s.idx = map[string]int{}
	for i, d := range sc.Units {
		s.idx[d.ID] = i
		s.Units = append(s.Units, Unit{ID: d.ID, Side: d.Side, Type: d.Type, Blocks: sys.Units[d.Type].Blocks, At: d.At})
	}
	for _, c := range sys.Cards {
		s.Pile[c.ID] = c.Copies
	}
	s.Hands = [2][]string{{}, {}}
	// Each side is dealt its hand; the French (side 0) first.
	s.Draw = &Drawing{Side: 0, Left: sc.Sides[0].Hand}
	return s, nil
}

func (s *State) System() string   { return SystemID }
func (s *State) Scenario() string { return s.ScenarioID }
func (s *State) Sides() []string  { return []string{s.sc.Sides[0].Name, s.sc.Sides[1].Name} }

func (s *State) sideName(i int) string { return s.sc.Sides[i].Name }

// Clone is deep: the copy shares only the static data.
func (s *State) Clone() rules.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.rbuf, c.rollMemo = nil, nil // the clone's own
	c.Units = append([]Unit(nil), s.Units...)
	c.Hands = [2][]string{append([]string{}, s.Hands[0]...), append([]string{}, s.Hands[1]...)}
	// Pile, Discard, Ordered, Moved and Battled are shared until one of
	// the two states applies an action (own) (#20).
	s.shared, c.shared = true, true
	c.Orders = append([]string(nil), s.Orders...)
	c.Rally = append([]int(nil), s.Rally...)
	if s.Draw != nil {
		d := *s.Draw
		d.Drawn = append([]string(nil), s.Draw.Drawn...)
		c.Draw = &d
	}
	if s.Pend != nil {
		p := *s.Pend
		c.Pend = &p
	}
	return &c
}

// own gives the state its own Pile, Discard, Ordered, Moved and Battled
// before it changes one of them (they may be shared with clones).
func (s *State) own() {
	if s.shared {
		s.Pile = copyMap(s.Pile)
		s.Discard = copyMap(s.Discard)
		s.Ordered = copyMap(s.Ordered)
		s.Moved = copyMap(s.Moved)
		s.Battled = copyMap(s.Battled)
		s.shared = false
	}
}

func copyMap[V any](m map[string]V) map[string]V {
	out := make(map[string]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (s *State) Snapshot() ([]byte, error) { return json.Marshal(s) }

func (s *State) Result() rules.Result {
	if s.Phase != PhOver {
		return rules.Result{Winner: rules.NoSide}
	}
	return rules.Result{Over: true, Winner: rules.Side(s.Winner), Reason: s.Reason}
}

// --- lookups ---

func (s *State) unit(id string) *Unit {
	i, ok := s.idx[id]
	if !ok {
		return nil
	}
	return &s.Units[i]
}

func (s *State) def(id string) *UnitDef { return &s.sc.Units[s.idx[id]] }

func (s *State) card(u *Unit) *UnitCard { return s.sys.Units[u.Type] }

func (s *State) class(u *Unit) string { return s.sys.Units[u.Type].Class }

func isLeader(u *Unit) bool { return u.Type == "leader" }

func onBoard(u *Unit) bool { return u != nil && u.Gone == "" }

// unitAt is the unit (not leader) on hex c, or nil.
func (s *State) unitAt(c hex.Coord) *Unit {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Gone == "" && u.At == c && !isLeader(u) {
			return u
		}
	}
	return nil
}

// leaderAt is the leader on hex c, or nil.
func (s *State) leaderAt(c hex.Coord) *Unit {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Gone == "" && u.At == c && isLeader(u) {
			return u
		}
	}
	return nil
}

// attached is the friendly leader in a unit's hex (Units and Leaders).
func (s *State) attached(u *Unit) *Unit {
	if isLeader(u) {
		return nil
	}
	l := s.leaderAt(u.At)
	if l != nil && l.Side == u.Side {
		return l
	}
	return nil
}

func (s *State) num(c hex.Coord) string {
	fm := s.fast()
	if h := fm.idx(c); h >= 0 {
		return fm.num[h]
	}
	return s.sc.Map.Num(c)
}

func (s *State) name(u *Unit) string { return s.def(u.ID).Name }

func (s *State) terrain(c hex.Coord) *TerrainCard {
	fm := s.fast()
	if h := fm.idx(c); h >= 0 {
		return fm.terr[h]
	}
	return nil
}

// sectionsOf returns the sections of hex c as seen by side: the map names
// them from the bottom side's seat, so the side at the top swaps left and
// right (each player's left is his own).
func (s *State) sectionsOf(side int, c hex.Coord) []string {
	if h := s.fast().idx(c); h >= 0 {
		// By hex index (session 20): the map's own list, or the top
		// side's mirrored one made once (read-only).
		t := s.tables()
		if s.sc.Sides[side].Top {
			return t.topSec[h]
		}
		return t.botSec[h]
	}
	cell := s.sc.Map.Cell(c)
	if cell == nil {
		return nil
	}
	if !s.sc.Sides[side].Top {
		return cell.Section
	}
	if h := s.fast().idx(c); h >= 0 {
		return s.tables().topSec[h] // read-only, made once (session 20)
	}
	out := make([]string, len(cell.Section))
	for i, x := range cell.Section {
		out[i] = mirror(x)
	}
	return out
}

func mirror(sec string) string {
	switch sec {
	case "left":
		return "right"
	case "right":
		return "left"
	}
	return sec
}

// rearDirs are the two directions toward a side's own edge.
func (s *State) rearDirs(side int) [2]int {
	if s.sc.Sides[side].Top {
		return [2]int{0, 1} // pointy layout: north-west, north-east
	}
	return [2]int{3, 4} // south-east, south-west
}

func (s *State) effCard() *CardDef { return s.sys.CardByID[s.Eff] }

// effFor is the card whose effects apply to ordered unit u: none when the
// card fell back to ordering one unit of the player's choice.
func (s *State) effFor(u *Unit) *CardDef {
	if s.Fallback {
		return nil
	}
	return s.effCard()
}

// orderLimitN is how many units or leaders the card played may order (0:
// no limit).
func (s *State) orderLimitN() int {
	e := s.effCard()
	switch {
	case s.Fallback:
		return 1
	case e.OrderCommand:
		return s.OrderCap
	}
	return e.Order
}

// armMatches reports whether the card's unit restriction lets it order u.
func (s *State) armMatches(e *CardDef, u *Unit) bool {
	if len(e.Class) == 0 {
		return true
	}
	for _, k := range e.Class {
		if k == s.class(u) {
			return true
		}
	}
	for _, t := range e.Types {
		if t == u.Type {
			return true
		}
	}
	return false
}

func has(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func (s *State) handSize(side int) int { return s.sc.Sides[side].Hand }

func (s *State) squareCards(side int) int {
	n := 0
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.SquareCard != "" {
			n++
		}
	}
	return n
}

func (s *State) pileSize() int {
	n := 0
	for _, v := range s.Pile {
		n += v
	}
	return n
}

func addCard(hand []string, c string) []string {
	hand = append(hand, c)
	sort.Strings(hand)
	return hand
}

func removeCard(hand []string, c string) ([]string, bool) {
	for i, x := range hand {
		if x == c {
			return append(hand[:i:i], hand[i+1:]...), true
		}
	}
	return hand, false
}
