// Package lesson plays the books' worked examples and a guided first turn of
// each system as lessons (issue #19). It is pure: the lesson data comes from
// scenarios (embedded files, no file I/O here), each system builds the
// lesson's position through the Positioner it registers, and a Run plays the
// steps through the ordinary rules, forcing the book's dice.
package lesson

import (
	"fmt"
	"sort"
	"strings"

	"grognard/rules"
	"grognard/scenarios"
)

// Position is where a lesson starts, as the data file gives it: the
// scenario, system-specific settings (start=historical keeps the
// scenario's own opening; otherwise only the listed units are on the map)
// and the units that matter.
type Position struct {
	Scenario string
	Set      map[string]string
	Units    []Place
}

// Place is one unit of a position with its system-specific fields (at,
// facing, array, markers...).
type Place struct {
	Unit   string
	Fields map[string]string
}

// Positioner builds a position of one system. It returns an error naming
// what it could not do (an unknown unit, hex or key).
type Positioner func(p Position) (rules.State, error)

var positioners = map[string]Positioner{}

// Register adds a system's positioner; systems call it from init.
func Register(system string, f Positioner) { positioners[system] = f }

// Opener turns a lesson's starting position into the start of an ordinary
// game for Try it yourself (a copy: it may change it). A system whose bare
// lesson position would not play as a game (Albuera: with no commander on
// the map the Activation Pool is empty and the turns run out at once)
// registers one; the others play from the position as it is.
type Opener func(st rules.State, p Position) (rules.State, error)

var openers = map[string]Opener{}

// RegisterOpener adds a system's Try it yourself opener; systems call it
// from init.
func RegisterOpener(system string, f Opener) { openers[system] = f }

// Lesson is one playable lesson.
type Lesson struct {
	ID, System, Title, Scenario, Book string
	Authored                          string // why the example is ours (the book's is lost), or ""
	Rules                             []string
	Order                             int
	Pos                               Position
	Steps                             []Step
	Result                            string
	Expects                           []Expect
	File                              string
	Line                              int
	posLine                           int
	unitLines                         []int
}

// Step is one thing the player does, or a die or card the book forces.
type Step struct {
	Chance bool         // a die or draw the book gives: the lesson forces it
	Act    rules.Action // the expected action (by key)
	Rule   string
	Text   string
	Else   string // why the example does this and not another legal action
	Check  string // an event text the step must produce (optional)
	Line   int
}

// Expect is one fact of the book's result that the board must show.
type Expect struct {
	Fields map[string]string
	Line   int
}

// Where is file:line of a lesson line.
func (l *Lesson) Where(line int) string { return fmt.Sprintf("%s:%d", l.File, line) }

// ParseAction reads an action from its key ("fire u=I/51 us=I/16L to=0905",
// "roll d=3", "end"), the form Action.Key prints.
func ParseAction(key string) (rules.Action, error) {
	if strings.TrimSpace(key) == "" {
		return rules.Action{}, fmt.Errorf("empty action")
	}
	a, err := rules.ParseKey(key)
	if err != nil {
		return rules.Action{}, fmt.Errorf("action %q: %v", key, err)
	}
	return a, nil
}

// FromData turns a lesson file into a lesson (syntax only: Check plays it).
func FromData(d *scenarios.LessonData) (*Lesson, error) {
	l := &Lesson{ID: d.ID, System: d.System, Title: d.Title, Scenario: d.Scenario, Book: d.Book,
		Authored: d.Authored, Rules: d.Rules, Order: d.Order, Result: d.Result, File: d.File, Line: d.Line, posLine: d.Position.Line}
	l.Pos = Position{Scenario: d.Scenario, Set: d.Position.Set}
	for _, u := range d.Position.Units {
		l.Pos.Units = append(l.Pos.Units, Place{Unit: u.ID, Fields: u.Fields})
		l.unitLines = append(l.unitLines, u.Line)
	}
	for _, s := range d.Steps {
		a, err := ParseAction(s.Act)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", l.Where(s.Line), s.Kind, err)
		}
		if s.Kind == "roll" && a.Kind != "roll" && a.Kind != "draw" {
			return nil, fmt.Errorf("%s: roll: act=%q is not a roll or a draw", l.Where(s.Line), s.Act)
		}
		l.Steps = append(l.Steps, Step{Chance: s.Kind == "roll", Act: a, Rule: s.Rule, Text: s.Text, Else: s.Else, Check: s.Check, Line: s.Line})
	}
	for _, e := range d.Expects {
		l.Expects = append(l.Expects, Expect{Fields: e.Fields, Line: e.Line})
	}
	return l, nil
}

// Build makes the lesson's starting position.
func (l *Lesson) Build() (rules.State, error) {
	f, ok := positioners[l.System]
	if !ok {
		return nil, fmt.Errorf("%s: system %s cannot set up a lesson position (is rules/systems imported?)", l.Where(l.posLine), l.System)
	}
	st, err := f(l.Pos)
	if err != nil {
		return nil, fmt.Errorf("%s: position: %v", l.Where(l.posLine), err)
	}
	if st.Scenario() != l.Scenario {
		return nil, fmt.Errorf("%s: position: built %s, want %s", l.Where(l.posLine), st.Scenario(), l.Scenario)
	}
	return st, nil
}

// All reads every lesson and plays each one through the rules: a lesson
// whose action is not legal at its step, or whose result differs from its
// expect records, is refused with its file and line. The systems must be
// registered (import grognard/rules/systems).
func All() ([]*Lesson, error) {
	ds, err := scenarios.Lessons()
	if err != nil {
		return nil, err
	}
	var out []*Lesson
	for _, d := range ds {
		l, err := FromData(d)
		if err != nil {
			return nil, err
		}
		if err := l.Check(); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// Unchecked reads every lesson without playing them (for listings).
func Unchecked() ([]*Lesson, error) {
	ds, err := scenarios.Lessons()
	if err != nil {
		return nil, err
	}
	var out []*Lesson
	for _, d := range ds {
		l, err := FromData(d)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// Find returns the lesson with this id.
func Find(ls []*Lesson, id string) *Lesson {
	for _, l := range ls {
		if l.ID == id {
			return l
		}
	}
	return nil
}

// Check plays the lesson as scripted and checks its result.
func (l *Lesson) Check() error {
	r, err := Start(l)
	if err != nil {
		return err
	}
	return r.PlayAll()
}

// legalKeys lists the legal actions for an error message.
func legalKeys(st rules.State) string {
	var ks []string
	for _, a := range st.Legal() {
		ks = append(ks, a.Key())
	}
	sort.Strings(ks)
	if len(ks) > 40 {
		ks = append(ks[:40], fmt.Sprintf("... (%d more)", len(ks)-40))
	}
	return strings.Join(ks, " | ")
}

// MustAction parses an action key known to be well formed (tests, data
// already checked); a malformed key gives an action of kind "invalid".
func MustAction(key string) rules.Action {
	a, err := ParseAction(key)
	if err != nil {
		return rules.Action{Kind: "invalid"}
	}
	return a
}
