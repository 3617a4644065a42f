// Package rules is Grognard's rules layer: the engine contract every game
// system implements, chance handling, the phase-machine helper, the registry
// of systems and scenarios, and the random-playout harness.
//
// The package is pure Go: no Ebitengine, no file I/O, no global random
// generator, no clock. A game is fully determined by its scenario, its seed
// and its list of actions (chance outcomes included), so saves replay and
// tests force any die roll by applying the outcome they need.
package rules

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Side identifies a player side by index into the scenario's side list
// (0 and 1 for the two players). Two special values exist: Chance (a die to
// roll, a card or chit to draw) and NoSide (nobody: the game is over, or an
// event/result that belongs to no side, such as a draw).
type Side int

const (
	// NoSide means "nobody".
	NoSide Side = -2
	// Chance is the decider at a chance point.
	Chance Side = -1
)

func (s Side) String() string {
	switch s {
	case NoSide:
		return "none"
	case Chance:
		return "chance"
	}
	return "side" + strconv.Itoa(int(s))
}

// Action is one decision: a player's move or a chance outcome. Actions are
// plain data that survive a JSON round trip. Label, Rule and Info describe
// the action for people and do not take part in its identity (see Key).
type Action struct {
	Kind   string   `json:"kind"`
	Unit   string   `json:"unit,omitempty"`   // the subject unit, if any
	Units  []string `json:"units,omitempty"`  // further units taking part (combined fire, stacks)
	From   string   `json:"from,omitempty"`   // hex ("0412") or zone id
	To     string   `json:"to,omitempty"`     // target hex or zone id
	Facing int      `json:"facing,omitempty"` // a facing 0-5 where the kind uses one
	Choice string   `json:"choice,omitempty"` // a named choice (card id, formation, option)
	Dice   []int    `json:"dice,omitempty"`   // die faces of a chance outcome
	// Label is a short human text ("Move to 0412 (2 MP)"); Rule the rule it
	// exercises ("10.2"); Info extra detail for the UI (cost, odds).
	Label string `json:"label,omitempty"`
	Rule  string `json:"rule,omitempty"`
	Info  string `json:"info,omitempty"`
}

// Key is the canonical identity of an action: two actions with the same key
// are the same decision. Labels and rule citations are ignored.
func (a Action) Key() string {
	var b strings.Builder
	b.WriteString(a.Kind)
	if a.Unit != "" {
		b.WriteString(" u=" + a.Unit)
	}
	if len(a.Units) > 0 {
		b.WriteString(" us=" + strings.Join(a.Units, ","))
	}
	if a.From != "" {
		b.WriteString(" from=" + a.From)
	}
	if a.To != "" {
		b.WriteString(" to=" + a.To)
	}
	if a.Facing != 0 {
		b.WriteString(" f=" + strconv.Itoa(a.Facing))
	}
	if a.Choice != "" {
		b.WriteString(" c=" + a.Choice)
	}
	if len(a.Dice) > 0 {
		ds := make([]string, len(a.Dice))
		for i, d := range a.Dice {
			ds[i] = strconv.Itoa(d)
		}
		b.WriteString(" d=" + strings.Join(ds, ","))
	}
	return b.String()
}

// ParseKey reads an action back from its Key text: KIND [u=UNIT] [us=A,B]
// [from=X] [to=Y] [f=FACING] [c=CHOICE] [d=D1,D2]. The error says what is
// wrong with the text, without repeating it.
func ParseKey(s string) (Action, error) {
	fields := strings.Fields(s)
	if len(fields) == 0 || strings.Contains(fields[0], "=") {
		return Action{}, fmt.Errorf("no kind")
	}
	a := Action{Kind: fields[0]}
	for _, f := range fields[1:] {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return Action{}, fmt.Errorf("expected key=value, got %s", f)
		}
		switch k {
		case "u":
			a.Unit = v
		case "us":
			a.Units = strings.Split(v, ",")
		case "from":
			a.From = v
		case "to":
			a.To = v
		case "f":
			n, err := strconv.Atoi(v)
			if err != nil {
				return Action{}, fmt.Errorf("facing %q is not a number", v)
			}
			a.Facing = n
		case "c":
			a.Choice = v
		case "d":
			for _, d := range strings.Split(v, ",") {
				n, err := strconv.Atoi(d)
				if err != nil {
					return Action{}, fmt.Errorf("die face %q is not a number", d)
				}
				a.Dice = append(a.Dice, n)
			}
		default:
			return Action{}, fmt.Errorf("unknown field %s (u, us, from, to, f, c, d)", k)
		}
	}
	return a, nil
}

// Same reports whether two actions are the same decision.
func (a Action) Same(b Action) bool { return a.Key() == b.Key() }

// String is the label with its rule, as shown to players.
func (a Action) String() string {
	l := a.Label
	if l == "" {
		l = a.Key()
	}
	if a.Rule != "" {
		l += " [" + a.Rule + "]"
	}
	return l
}

// Outcome is one possible result at a chance point. Its probability is
// Weight divided by the sum of the weights of all outcomes at that point, so
// probabilities are exact rationals.
type Outcome struct {
	Action Action `json:"action"`
	Weight int    `json:"weight"`
}

// Event is something that happened when an action was applied. Text is the
// log line everyone may read; where part of it is secret (a card drawn),
// Private holds the owner's fuller text and Owner says whose it is.
type Event struct {
	Kind    string   `json:"kind"`
	Text    string   `json:"text"`
	Rule    string   `json:"rule,omitempty"`
	Side    Side     `json:"side"`
	Units   []string `json:"units,omitempty"`
	Dice    []int    `json:"dice,omitempty"`
	Mods    []string `json:"mods,omitempty"` // modifiers applied, e.g. "+1 enfilade [13.4]"
	Private string   `json:"private,omitempty"`
	Owner   Side     `json:"owner,omitempty"`
}

// TextFor returns the event's log line as side s may read it, with its rule.
func (e Event) TextFor(s Side) string {
	t := e.Text
	if e.Private != "" && s == e.Owner {
		t = e.Private
	}
	if len(e.Mods) > 0 {
		t += " (" + strings.Join(e.Mods, ", ") + ")"
	}
	if e.Rule != "" {
		t += " [" + e.Rule + "]"
	}
	return t
}

// RuleError is an illegal action: it names the rule that forbids it.
type RuleError struct {
	Rule string
	Msg  string
}

func (e *RuleError) Error() string {
	if e.Rule == "" {
		return "illegal: " + e.Msg
	}
	return "illegal: " + e.Msg + " [" + e.Rule + "]"
}

// Illegal builds a RuleError.
func Illegal(rule, format string, args ...any) error {
	return &RuleError{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// Status is where the game stands: the HUD reads it.
type Status struct {
	Turn      int    `json:"turn"`
	Turns     int    `json:"turns"`      // length of the scenario in turns (0: open-ended)
	Phase     string `json:"phase"`      // phase name from the system's phase table
	PhaseRule string `json:"phase_rule"` // rule number of the phase
	SubPhase  string `json:"sub_phase,omitempty"`
	Active    Side   `json:"active"`  // whose turn (or phase) it is
	Decider   Side   `json:"decider"` // who must decide now: a side, Chance or NoSide
	Prompt    string `json:"prompt,omitempty"`
}

// Result is the end of a game.
type Result struct {
	Over   bool   `json:"over"`
	Winner Side   `json:"winner"` // NoSide for a draw
	Reason string `json:"reason,omitempty"`
}

// State is the engine contract every game system implements.
//
// Legal lists every action the decider may take now; the list is complete
// and exact. Apply accepts an action only if it is in that list (compare by
// Key); otherwise it returns a *RuleError and leaves the state untouched. At a
// chance point (Status().Decider == Chance) Legal returns the actions of
// Chances(). Snapshot is a canonical serialisation of the whole state, used
// by saves to check a replay and by tests to compare states.
type State interface {
	System() string
	Scenario() string
	Sides() []string
	Status() Status
	Legal() []Action
	Chances() []Outcome
	Apply(a Action) ([]Event, error)
	View(s Side) *View
	Clone() State
	Result() Result
	Snapshot() ([]byte, error)
}

// Explainer is implemented by systems that can say why a unit cannot do
// something at a target ("no: the unit is in an enemy zone of control [9]").
type Explainer interface {
	WhyNot(unit, target string) string
}

// Checker is implemented by systems that can check their own invariants
// (stacking, no unit in two places, pools and tracks consistent, hands of the
// right size). It is product code, not test code: the random-playout
// harness runs it after every action, and so do `grognard playout --deep`
// and each system's tests. It returns nil when the state is sound.
type Checker interface {
	CheckInvariants() error
}

// Previewer is implemented by systems that can give, before a combat is
// rolled, the exact distribution of its outcomes.
type Previewer interface {
	Preview(a Action) []OddsLine
}

// OddsLine is one outcome of a combat preview with its exact probability.
type OddsLine struct {
	Result string `json:"result"`
	Num    int    `json:"num"`
	Den    int    `json:"den"`
}

// FindLegal returns the legal action matching a (by Key) with its labels.
// It builds a's key once and compares it with each legal action's fields
// (HasKey), without building their keys; a system that implements Finder
// answers directly (from a cached legal list, or a direct check).
func FindLegal(st State, a Action) (Action, bool) {
	if f, ok := st.(Finder); ok {
		return f.FindLegal(a)
	}
	return FindIn(st.Legal(), a)
}

// FindIn returns the action of list with a's key.
func FindIn(list []Action, a Action) (Action, bool) {
	k := a.Key()
	for i := range list {
		if list[i].HasKey(k) {
			return list[i], true
		}
	}
	return Action{}, false
}

// Finder is implemented by systems that find a legal action faster than a
// scan of a freshly built Legal list: FindLegal(a) must return exactly what
// the scan would (the listed action with a's key, labels included).
type Finder interface {
	FindLegal(a Action) (Action, bool)
}

// LegalApplier is implemented by systems whose Apply can skip its own
// legality check for an action the caller has just taken from this very
// state's legal list (Legal or FindLegal, with nothing applied since).
// ApplyLegal of such an action does exactly what Apply does; Game uses it so
// that an action is checked once, not once in Game and again in the state.
type LegalApplier interface {
	ApplyLegal(a Action) ([]Event, error)
}

// ApplyListed applies a, which the caller took from st's legal list (with
// nothing applied since), through LegalApplier when st has it.
func ApplyListed(st State, a Action) ([]Event, error) {
	if la, ok := st.(LegalApplier); ok {
		return la.ApplyLegal(a)
	}
	return st.Apply(a)
}

// HasKey reports whether a.Key() == k, without building a's key.
func (a *Action) HasKey(k string) bool {
	m := keyMatch{rest: k, ok: true}
	m.lit(a.Kind)
	if a.Unit != "" {
		m.lit(" u=")
		m.lit(a.Unit)
	}
	if len(a.Units) > 0 {
		m.lit(" us=")
		for i, u := range a.Units {
			if i > 0 {
				m.lit(",")
			}
			m.lit(u)
		}
	}
	if a.From != "" {
		m.lit(" from=")
		m.lit(a.From)
	}
	if a.To != "" {
		m.lit(" to=")
		m.lit(a.To)
	}
	if a.Facing != 0 {
		m.lit(" f=")
		m.num(a.Facing)
	}
	if a.Choice != "" {
		m.lit(" c=")
		m.lit(a.Choice)
	}
	if len(a.Dice) > 0 {
		m.lit(" d=")
		for i, d := range a.Dice {
			if i > 0 {
				m.lit(",")
			}
			m.num(d)
		}
	}
	return m.ok && m.rest == ""
}

// keyMatch consumes a key string piece by piece.
type keyMatch struct {
	rest string
	ok   bool
}

func (m *keyMatch) lit(s string) {
	if m.ok && len(m.rest) >= len(s) && m.rest[:len(s)] == s {
		m.rest = m.rest[len(s):]
	} else {
		m.ok = false
	}
}

func (m *keyMatch) num(n int) {
	var buf [24]byte
	b := strconv.AppendInt(buf[:0], int64(n), 10)
	if m.ok && len(m.rest) >= len(b) && m.rest[:len(b)] == string(b) {
		m.rest = m.rest[len(b):]
	} else {
		m.ok = false
	}
}

// SortActions orders actions by key, for deterministic listings.
func SortActions(as []Action) {
	sort.SliceStable(as, func(i, j int) bool { return as[i].Key() < as[j].Key() })
}

// Planner is implemented by systems whose movement is taken one step (one
// hex or one connection) at a time. Reach lists every place a unit could
// reach from where it stands in the current phase, with the cost and the
// legal single steps that lead there, so the UI can highlight far hexes and
// walk a path one step at a time, stopping when the rules interrupt (a
// reaction by the other side, a zone of control).
type Planner interface {
	Reach(unit string) []Route
}

// Route is one place a unit can reach and how.
type Route struct {
	To    string   `json:"to"`
	Cost  string   `json:"cost"` // shown on the highlight ("3 MP")
	Steps []Action `json:"steps"`
	Rule  string   `json:"rule,omitempty"`
}
