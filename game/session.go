// Package game is Grognard's desktop app: the scenes (menu, board, hand-over,
// rules reference), input and the interaction layer that maps clicks onto
// legal actions, undo, autosave, save and load.
//
// The interaction logic lives in Session, a plain Go type that needs no
// window: selection, highlights computed from the decider's legal actions
// and the system's Planner, grouping of actions by target, walking a far
// route one legal step at a time, hand-over decisions for hidden
// information, undo and hover explanations. The Ebitengine layer (app.go,
// input.go, scenes) only maps mouse and keys onto Session methods.
package game

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"grognard/render"
	"grognard/rules"
	"grognard/saves"
)

// Session is one game being played in the app.
type Session struct {
	Game   *rules.Game
	System rules.SystemInfo
	Info   rules.ScenarioInfo

	// Viewer is the side whose View the board draws: the side that last
	// took the seat (hidden systems) or the decider (open systems).
	Viewer rules.Side
	// Cover is true while the hand-over screen hides the board, waiting
	// for Seat to take it.
	Cover bool
	Seat  rules.Side
	// Handover is the open systems' hand-over: the decider changed to
	// another side and the board stays visible, but nobody acts until
	// that side takes the keyboard (TakeSeat). Keys pressed in a hurry
	// therefore never act for the other side. Only sessions with
	// Handovers set (the app's) use it.
	Handover  bool
	Handovers bool
	// Holder is the side that holds the seat (hidden systems: the last to
	// take it); Viewer equals it except during a public decision.
	Holder rules.Side
	// Public is true while the decider takes a decision that needs nothing
	// private (rules.View.PublicDecision: a battle back, a retreat, an
	// advance) without a hand-over: Viewer is the decider, but the board
	// shows only what both sides know (no hand, each side's units as the
	// other sees them) and the log's public words.
	Public bool
	// LastPublic is the public text of the events of the last decision
	// (its dice included), shown on the hand-over screen so the side that
	// decided sees the outcome before the seat passes.
	LastPublic []string
	// roll is the last decision's dice, shown as pictures (dicetray.go)
	roll diceRoll
	// Seats counts the hand-overs taken (the log shows the newest lines
	// to whoever takes the seat).
	Seats int

	Selected string
	// Menu lists the actions that share the target the player clicked,
	// waiting for a choice (nil when closed).
	Menu   []rules.Action
	MenuAt string
	// Message is the last explanation or error shown to the player.
	Message string

	// Autosave, when set, is called after every applied action (the app
	// sets it to saves.Autosave; tests leave it nil or count calls).
	Autosave func(*rules.Game) error
	// AutoKey names the game's own autosave file (saves.GameAutosaveKey).
	AutoKey string
	// Lesson, when set, takes every legal action instead of the game (a
	// lesson: lesson_scene.go); NoSave, when set, is why Save is refused;
	// Rebuild, when set, replays the kept steps for Undo (a game that
	// starts from a lesson's position, not from its scenario's).
	Lesson  func(rules.Action) ([]rules.Event, error)
	NoSave  string
	Rebuild func([]rules.Step) (*rules.Game, error)
	// Closed: nothing more is decided here (a lesson played to its end).
	Closed bool

	view    *rules.View
	version int // bumped on every change; the UI redraws when it moves

	// acted holds the units that acted in the phase named by actedKey
	// (turn, phase, decider), for the end-of-phase confirmation.
	acted    map[string]bool
	actedKey string
	// closing memoises Closing per version and unit; closeOK holds the
	// phases in which the player confirmed closing a formation.
	closing    map[string]string
	closingVer int
	closeOK    map[string]bool
	// unsaved counts the decisions (and undos) since the game was
	// started, loaded or last saved to a file.
	unsaved int
	// autoSels counts the selections autoSelect made (the board brings
	// each such unit into view: the player did not pick it on the screen).
	autoSels int
	// deploy: the units still to deploy, per version (deploy_list.go)
	deploy deployMemo

	// The selection's routes and highlights, computed once per version
	// (the board asks for them every frame).
	memo memo

	// AI holds the sides the computer plays and its search (ai.go); Hint
	// the last hint asked for (hint.go); acting is true while the
	// computer's move goes through Do.
	AI     *Computers
	Hint   *Hint
	acting bool
}

type memo struct {
	version    int
	selected   string
	routes     map[string]rules.Route
	routesOK   bool
	highlights []render.Highlight
	hlOK       bool
	actors     []render.Highlight
	actorsOK   bool
	// whyNot holds WhyNotPlay's reasons by card (the held hand asks for
	// every card on each redraw).
	whyNot map[string]string
}

// memoNow returns the memo, emptied if the session changed since it was
// filled.
func (s *Session) memoNow() *memo {
	if s.memo.version != s.version || s.memo.selected != s.Selected {
		s.memo = memo{version: s.version, selected: s.Selected}
	}
	return &s.memo
}

// NewSession starts a scenario with the given seed and options.
func NewSession(scenario string, seed uint64, opts rules.Options) (*Session, error) {
	g, err := rules.NewGame(scenario, seed, opts)
	if err != nil {
		return nil, err
	}
	return SessionFor(g)
}

// SessionFor wraps a game (new or loaded).
func SessionFor(g *rules.Game) (*Session, error) {
	info, ok := rules.ScenarioByID(g.Scenario)
	if !ok {
		return nil, fmt.Errorf("unknown scenario %q", g.Scenario)
	}
	sys, _ := rules.SystemByID(info.System)
	s := &Session{Game: g, System: sys, Info: info, Viewer: 0}
	d := g.State.Status().Decider
	if d >= 0 {
		s.Viewer = d
	}
	s.Holder = s.Viewer
	if sys.Hidden && d >= 0 {
		// Nobody holds the seat yet: the first player takes it.
		s.Cover, s.Seat = true, d
	}
	// A game that opens on one unit's choice (Albuera's first chit: what
	// the drawn commander activates [4.5]) shows that unit's options at once.
	s.autoSelect()
	s.changed()
	return s, nil
}

// Version changes whenever anything the board shows changes.
func (s *Session) Version() int { return s.version }

func (s *Session) changed() {
	s.view = nil
	s.version++
}

// View is what the board draws: the viewer's view, never another side's.
func (s *Session) View() *rules.View {
	if s.view == nil {
		if s.Public {
			s.view = publicView(s.Game.State, s.Viewer)
		} else {
			s.view = s.Game.State.View(s.Viewer)
		}
	}
	return s.view
}

// publicView is decider d's view stripped of everything private, for a
// public decision taken with both players at the screen: no hand, each
// side's units as the other side sees them, only the notes both sides
// read; the legal actions stay d's. Two-sided games only.
func publicView(st rules.State, d rules.Side) *rules.View {
	dv := st.View(d)
	ov := st.View(1 - d)
	pv := *dv
	pv.Hand = nil
	pv.Units = nil
	for _, u := range ov.Units {
		if u.Side == d {
			pv.Units = append(pv.Units, u)
		}
	}
	for _, u := range dv.Units {
		if u.Side != d {
			pv.Units = append(pv.Units, u)
		}
	}
	pv.Notes = nil
	for _, n := range dv.Notes {
		if slices.Contains(ov.Notes, n) {
			pv.Notes = append(pv.Notes, n)
		}
	}
	pv.Notes = append(pv.Notes, "Public decision: "+st.Sides()[d]+" decides with no hand shown; nothing here is secret")
	return &pv
}

// publicNext reports whether decider d's decision may be taken on the
// public screen, without a hand-over: the system says it needs nothing
// private, and the game has two sides.
func (s *Session) publicNext(d rules.Side) bool {
	if !s.System.Hidden || len(s.Game.State.Sides()) != 2 || d < 0 || d > 1 {
		return false
	}
	return s.Game.State.View(d).PublicDecision
}

// Decider is who must decide now.
func (s *Session) Decider() rules.Side { return s.Game.State.Status().Decider }

// CanAct reports whether the player at the screen may act now: the viewer
// decides and no cover hides the board.
func (s *Session) CanAct() bool {
	return s.acting || !s.Cover && !s.Handover && !s.Closed && s.Decider() == s.Viewer && !s.Game.State.Result().Over && !s.ComputerDecides()
}

// Waiting reports a pending hand-over (hidden cover or open hand-over):
// Seat must take the seat or the keyboard before anyone acts.
func (s *Session) Waiting() bool { return s.Cover || s.Handover }

// Legal is the viewer's legal actions (empty unless the viewer may act).
func (s *Session) Legal() []rules.Action {
	if !s.CanAct() {
		return nil
	}
	return s.View().Legal
}

// SideName names a side.
func (s *Session) SideName(side rules.Side) string {
	sides := s.Game.State.Sides()
	if side >= 0 && int(side) < len(sides) {
		return sides[side]
	}
	return side.String()
}

// TakeSeat lifts the hand-over cover: the waiting player has the seat.
func (s *Session) TakeSeat() {
	if !s.Cover && !s.Handover {
		return
	}
	s.Cover, s.Handover, s.Public = false, false, false
	s.Seats++
	s.Viewer, s.Holder = s.Seat, s.Seat
	s.Selected = ""
	s.closeMenu()
	s.view = nil
	s.autoSelect()
	s.changed()
}

// afterChange decides who sees the board after the state changed [hot-seat].
func (s *Session) afterChange() {
	s.view = nil
	d := s.Decider()
	wasPublic := s.Public
	s.Public = false
	s.Hint = nil
	switch {
	case s.ComputerDecides():
		// The computer decides: no hand-over; the human at the screen
		// keeps the seat (computer against computer: the board follows
		// the side deciding) [ai.go].
		s.Selected = ""
		s.closeMenu()
		s.Viewer, s.Cover, s.Handover = s.AI.watcher(d, s.Holder), false, false
	case d >= 0 && d != s.Holder && s.publicNext(d):
		// A decision that needs nothing private is taken at once on the
		// public screen; the seat stays with its holder [hot-seat].
		if !wasPublic || s.Viewer != d {
			s.Selected = ""
			s.closeMenu()
		}
		s.Public, s.Viewer, s.Cover = true, d, false
	case d >= 0 && d != s.Holder:
		s.Selected = ""
		s.closeMenu()
		s.Viewer = s.Holder
		switch {
		case s.System.Hidden:
			s.Cover, s.Seat = true, d
		case s.Handovers:
			s.Handover, s.Seat = true, d
		default:
			s.Viewer, s.Holder = d, d
		}
	case d == s.Holder:
		// The seat holder decides again (after a public decision, or an
		// undo gave the decision back to the side at the keyboard).
		if wasPublic {
			s.Selected = ""
			s.closeMenu()
		}
		s.Viewer = s.Holder
		s.Cover, s.Handover = false, false
	default:
		s.Viewer = s.Holder
	}
	s.view = nil
	s.autoSelect()
	s.changed()
}

// autoSelect selects the only unit that can act when exactly one can (a
// reaction, a retreat), so its options show at once: the unit of the only
// moves offered, or the unit every legal choice names (an Albuera reaction
// [13.1]: choices with no destination).
func (s *Session) autoSelect() {
	if s.Selected != "" || !s.CanAct() {
		return
	}
	units := map[string]bool{}
	all := map[string]bool{}
	for _, a := range s.Legal() {
		if a.Unit != "" && a.To != "" {
			units[a.Unit] = true
		}
		if a.Kind == "choose" || a.Kind == "face" && a.Unit != "" { // a victor's facing [Albuera 15.8] (#18)
			all[a.Unit] = true
		} else {
			all[""] = true
		}
	}
	if len(units) == 0 && len(all) == 1 && !all[""] {
		units = all
	}
	if len(units) == 1 {
		for u := range units {
			s.Selected = u
		}
		s.autoSels++
	}
}

func involves(a rules.Action, unit string) bool {
	if a.Unit == unit {
		return true
	}
	for _, u := range a.Units {
		if u == unit {
			return true
		}
	}
	return false
}

func (s *Session) hasActions(unit string) bool {
	for _, a := range s.Legal() {
		if involves(a, unit) {
			return true
		}
	}
	return false
}

// Select makes unit the selected unit (any unit may be selected to read
// its card; only the decider's units get highlights). "" clears.
func (s *Session) Select(unit string) {
	s.Selected = unit
	s.closeMenu()
	s.Message = ""
	s.changed()
}

// Cancel closes the menu, or clears the selection (Esc).
func (s *Session) Cancel() {
	if s.Menu != nil {
		s.closeMenu()
	} else {
		s.Selected = ""
	}
	s.Message = ""
	s.changed()
}

func (s *Session) closeMenu() { s.Menu, s.MenuAt = nil, "" }

// HighlightKind maps an action kind onto a highlight style.
func HighlightKind(kind string) render.HighlightKind {
	switch kind {
	case "move":
		return render.HLMove
	case "fire":
		return render.HLFire
	case "shock", "melee", "charge":
		return render.HLShock
	case "deploy":
		return render.HLDeploy
	case "order":
		return render.HLOrder
	}
	return render.HLOther
}

// IsCombat reports whether an action kind is a combat to preview.
func IsCombat(kind string) bool {
	switch kind {
	case "fire", "shock", "melee", "charge":
		return true
	}
	return false
}

// TargetActions returns the selected unit's legal actions aimed at loc.
func (s *Session) TargetActions(loc string) []rules.Action {
	if s.Selected == "" {
		return nil
	}
	var out []rules.Action
	for _, a := range s.Legal() {
		if a.To == loc && involves(a, s.Selected) && a.Kind != "face" {
			out = append(out, a)
		}
	}
	return out
}

// Routes returns the selected unit's planned routes (rules.Planner), keyed
// by destination, when the viewer may act.
func (s *Session) Routes() map[string]rules.Route {
	if s.Selected == "" || !s.CanAct() {
		return nil
	}
	p, ok := s.Game.State.(rules.Planner)
	if !ok {
		return nil
	}
	m := s.memoNow()
	if m.routesOK {
		return m.routes
	}
	out := map[string]rules.Route{}
	for _, r := range p.Reach(s.Selected) {
		if len(r.Steps) > 0 {
			out[r.To] = r
		}
	}
	m.routes, m.routesOK = out, true
	return out
}

// Highlights returns what the board lights for the selected unit: every
// target of its legal actions, with their info, and every place its routes
// reach, with their cost.
func (s *Session) Highlights() []render.Highlight {
	if s.Selected == "" {
		return nil
	}
	m := s.memoNow()
	if !m.hlOK {
		m.highlights, m.hlOK = s.highlights(), true
	}
	return m.highlights
}

func (s *Session) highlights() []render.Highlight {
	type hl struct {
		kind  render.HighlightKind
		texts []string
	}
	at := map[string]*hl{}
	var order []string
	add := func(loc string, k render.HighlightKind, text string) {
		h := at[loc]
		if h == nil {
			h = &hl{kind: k}
			at[loc] = h
			order = append(order, loc)
		} else if k != render.HLMove && h.kind == render.HLMove {
			h.kind = k // combat outranks movement in the style
		}
		if text != "" {
			for _, t := range h.texts {
				if t == text {
					return
				}
			}
			h.texts = append(h.texts, text)
		}
	}
	for _, a := range ownFirst(s.Legal()) { // the unit's own move's words before its stack's (albuera_turn_words.go)
		if a.To == "" || a.Kind == "face" || !involves(a, s.Selected) {
			continue
		}
		add(a.To, HighlightKind(a.Kind), hexWords(a)) // words, never rule numbers (hexlabel.go)
	}
	routes := s.Routes()
	keys := make([]string, 0, len(routes))
	for k := range routes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if _, direct := at[k]; direct {
			continue
		}
		add(k, render.HLMove, routes[k].Cost)
	}
	out := make([]render.Highlight, 0, len(order))
	for _, loc := range order {
		h := at[loc]
		out = append(out, render.Highlight{At: loc, Kind: h.kind, Text: joinHexWords(h.texts)})
	}
	return dropLongLabels(dropUniformLabels(out))
}

// joinHexWords is the label of a lit hex where several actions lead: all
// their words when they fit ("1 MP / stack"), else the first one's and
// "…" ("1 MP / …", "3 MP back …": the hex's hover names them all). Before, a hex whose
// joined words were too long went unlabelled, so the Albuera battalion
// beside a line showed no cost on the hexes both could enter.
func joinHexWords(texts []string) string {
	all := strings.Join(texts, " / ")
	if len(texts) < 2 {
		return all
	}
	for _, t := range []string{all, texts[0] + " / …", texts[0] + " …"} {
		if w, _ := render.Measure(t, render.Bold(10)); w <= pillWidth {
			return t
		}
	}
	return texts[0]
}

// pillWidth is the widest label the board writes on a lit hex (the
// renderer cuts longer ones with an ellipsis, in Bold 10 at scale 1).
const pillWidth = render.HexSize*1.75 - 9

// dropLongLabels clears the labels too long to show whole on their hex:
// the hover of the hex says them in full; a label cut to "may still b…"
// says nothing.
func dropLongLabels(hs []render.Highlight) []render.Highlight {
	fits := func(t string) bool { w, _ := render.Measure(t, render.Bold(10)); return w <= pillWidth }
	for i := range hs {
		if hs[i].Text == "" || fits(hs[i].Text) {
			continue
		}
		// "line back +1 MP": the words without the extra cost, which
		// the hover says, rather than nothing
		if j := strings.Index(hs[i].Text, " +"); j > 0 && fits(hs[i].Text[:j]) {
			hs[i].Text = hs[i].Text[:j]
			continue
		}
		hs[i].Text = ""
	}
	return hs
}

// dropUniformLabels clears the labels of a highlight kind when every
// highlight of that kind (two or more) carries the same one: the same
// words on every lit hex only clutter the map (the status line says them
// once, see SelectionStatus).
func dropUniformLabels(hs []render.Highlight) []render.Highlight {
	first := map[render.HighlightKind]string{}
	count := map[render.HighlightKind]int{}
	same := map[render.HighlightKind]bool{}
	for _, h := range hs {
		if count[h.Kind] == 0 {
			first[h.Kind], same[h.Kind] = h.Text, true
		} else if h.Text != first[h.Kind] {
			same[h.Kind] = false
		}
		count[h.Kind]++
	}
	for i := range hs {
		if k := hs[i].Kind; same[k] && count[k] > 1 {
			hs[i].Text = ""
		}
	}
	return hs
}

// SelectionStatus is the status line for the selected unit: what it may do
// (how many places are lit, and the words shared by them all) or, when it
// has no legal action at all, why, once, rather than per hex.
func (s *Session) SelectionStatus() string {
	if s.Selected == "" || !s.CanAct() {
		return ""
	}
	u, ok := s.Unit(s.Selected)
	if !ok {
		return s.SelectionHint() // a unit off the map (a company to detach): what it may do
	}
	name := u.Name
	if name == "" {
		name = u.Short
	}
	return name + ": " + s.SelectionHint()
}

// SelectionHint is SelectionStatus without the unit's name (the side
// panel's card names it).
func (s *Session) SelectionHint() string {
	if s.Selected == "" || !s.CanAct() {
		return ""
	}
	if !s.hasActions(s.Selected) {
		return whyWords(s.UnitWhy(s.Selected)) // "Werlé: commanders move in ...", no "no:" (albuera_turn_words.go)
	}
	panel := 0
	for _, a := range s.Legal() {
		if involves(a, s.Selected) && a.Kind != "face" && a.To == "" {
			panel++
		}
	}
	lit := len(s.Highlights())
	// The words every target's action shares, dropped from the map.
	shared, seen, mixed := "", false, false
	tos := map[string]bool{} // polish_end.go: the places the shared words are about
	for _, a := range s.Legal() {
		if a.To == "" || a.Kind == "face" || !involves(a, s.Selected) {
			continue
		}
		tos[a.To] = true
		if !seen {
			shared, seen = a.Info, true
		} else if a.Info != shared {
			mixed = true
		}
	}
	if mixed || lit < 2 || shared == "" || len(tos) != lit { // routes lit beyond the steps: their costs differ
		shared = ""
	} else {
		shared = " (" + shared + ")"
	}
	switch {
	case lit > 0 && panel > 0:
		return fmt.Sprintf("click one of %d lit places%s, or an action in the panel. Esc cancels", lit, shared)
	case lit > 0:
		return fmt.Sprintf("click one of %d lit places%s. Esc cancels", lit, shared)
	case len(s.FaceActions()) > 0 && panel == 0:
		return "click an arrow to face that way. Esc cancels"
	default:
		return "its actions are in the side panel. Esc cancels"
	}
}

// ActorMarks marks the place of every unit of the viewer that has a legal
// action now, when they are fewer than half of the viewer's units on the
// map (shown while nothing is selected, so the player sees whom the phase
// concerns: the units a card may order, those ordered to move; when most
// units may act, marks on all of them would say nothing).
func (s *Session) ActorMarks() []render.Highlight {
	m := s.memoNow()
	if m.actorsOK {
		return m.actors
	}
	m.actorsOK = true
	own := 0
	for _, u := range s.View().Units {
		if u.Side == s.Viewer && u.At != "" && !u.Eliminated {
			own++
		}
	}
	seen := map[string]bool{}
	actors := 0
	var out []render.Highlight
	for _, a := range s.Legal() {
		for _, id := range append([]string{a.Unit}, a.Units...) {
			if id == "" || seen[id] {
				continue
			}
			seen[id] = true
			actors++
			if u, ok := s.Unit(id); ok && u.At != "" && !seen["@"+u.At] {
				seen["@"+u.At] = true
				out = append(out, render.Highlight{At: u.At, Kind: render.HLOrder})
			}
		}
	}
	// Outlined unless nearly all may act (an outline around nearly
	// everything says nothing). Session 21: at "half" a British Probe
	// Centre, which orders the centre's 7 of 12 units and leaders, marked
	// none, and the hint's "outlined unit" had nothing to point at.
	if 4*actors >= 3*own {
		out = nil
	}
	m.actors = out
	return out
}

// Facings lists the facings the selected unit may turn to (face actions).
func (s *Session) Facings() []int {
	var out []int
	for _, a := range s.FaceActions() {
		out = append(out, a.Facing)
	}
	return out
}

// FaceActions are the selected unit's legal face actions.
func (s *Session) FaceActions() []rules.Action {
	if s.Selected == "" {
		return nil
	}
	var out []rules.Action
	for _, a := range s.Legal() {
		if a.Kind == "face" && a.Unit == s.Selected {
			out = append(out, a)
		}
	}
	return out
}

// PanelActions are the legal actions with no map target: those of no unit
// (end phase, pass, play a card, choose) and the selected unit's actions
// without a target (other than facings, which are arrows on the map).
func (s *Session) PanelActions() []rules.Action {
	var out []rules.Action
	sole := s.soleChooser()          // reaction_panel.go
	listed := s.unitChoicesInPanel() // panel_guide.go: a Marshals head unit [5.4.3]
	for _, a := range s.Legal() {
		switch {
		case a.Unit == "" && len(a.Units) == 0:
			// No subject unit: the action belongs to the panel even when it
			// names a target hex ("Resolve the fire at 1807").
			out = append(out, a)
		case a.Unit != "" && a.To == "" && a.Kind != "face" && (involves(a, s.Selected) || sole != "" && a.Unit == sole || listed || s.unitPlayInPanel(a)):
			out = append(out, a)
		}
	}
	if listed {
		out = selectedFirst(out, s.Selected) // panel_guide.go
	}
	return s.selectedZoneFirst(placePlaysLast(withChoiceOdds(s.Game.State, lossQuickFirst(out)))) // marshals_odds.go, panel_more.go, marshals_losses_panel.go
}

// Do applies one legal action (chance points that follow are resolved by
// the game's seeded generator), autosaves and hands the seat over when the
// decider changes.
func (s *Session) Do(a rules.Action) ([]rules.Event, error) {
	if !s.CanAct() {
		return nil, s.notYours()
	}
	legal, ok := rules.FindLegal(s.Game.State, a)
	if !ok {
		return nil, fmt.Errorf("%s is not legal now", a.String())
	}
	if s.Lesson != nil {
		return s.lessonDo(a) // lesson_scene.go
	}
	key := s.phaseKey()
	evs, err := s.Game.ApplyFound(legal) // checked once, just above [#20]
	s.closeMenu()
	s.LastPublic = s.LastPublic[:0]
	s.noteRoll(evs) // dicetray.go
	for _, e := range evs {
		// Public words only: the hand-over screen is seen by both sides.
		s.LastPublic = append(s.LastPublic, s.logWords(e.TextFor(rules.NoSide))) // albuera_words.go, marshals_logwords.go
	}
	if err == nil && a.Kind != "end" && a.Kind != "pass" {
		if s.actedKey != key {
			s.acted, s.actedKey = map[string]bool{}, key
		}
		for _, id := range append([]string{a.Unit}, a.Units...) {
			if id != "" {
				s.acted[id] = true
			}
		}
	}
	if err != nil {
		s.Message = err.Error()
		s.afterChange()
		return evs, err
	}
	s.Message = ""
	s.unsaved++
	if s.Autosave != nil {
		if err := s.Autosave(s.Game); err != nil {
			s.Message = "autosave failed: " + err.Error()
		}
	}
	s.afterChange()
	s.nextStep() // the next counter of a multi-step decision (nextstep.go)
	return evs, nil
}

func (s *Session) notYours() error {
	st := s.Game.State.Status()
	switch {
	case s.Game.State.Result().Over:
		return errors.New("the game is over")
	case s.Closed:
		return errors.New("the lesson is over: Try it yourself plays on from its position")
	case s.Cover:
		return fmt.Errorf("pass the seat to %s first", s.SideName(s.Seat))
	case s.Handover:
		return fmt.Errorf("%s has the move: %s, press Enter or click the banner to take the keyboard", s.SideName(s.Seat), s.SideName(s.Seat))
	case st.Decider >= 0:
		return fmt.Errorf("%s decides now", s.SideName(st.Decider))
	}
	return errors.New("nothing to decide now")
}

// ClickLoc is a click on a map location with a unit selected. With one
// legal action there it is done; with several, the menu opens (and they
// are returned); with none but a planned route there, the route is walked;
// otherwise nothing happens and the error says why.
func (s *Session) ClickLoc(loc string) ([]rules.Action, error) {
	if !s.CanAct() {
		return nil, s.notYours()
	}
	if s.Selected == "" {
		return nil, errors.New("select a unit first")
	}
	acts := s.TargetActions(loc)
	switch {
	case len(acts) == 1:
		_, err := s.Do(acts[0])
		return acts, err
	case len(acts) > 1:
		s.Menu, s.MenuAt = acts, loc
		s.changed()
		return acts, nil
	}
	if r, ok := s.Routes()[loc]; ok {
		n, err := s.Walk(r)
		return r.Steps[:n], err
	}
	err := errors.New(s.WhyNot(loc))
	s.Message = err.Error()
	s.changed()
	return nil, err
}

// Choose does the i-th action of the open menu.
func (s *Session) Choose(i int) error {
	if i < 0 || i >= len(s.Menu) {
		return errors.New("no such choice")
	}
	_, err := s.Do(s.Menu[i])
	return err
}

// WalkTo walks the selected unit's route to loc.
func (s *Session) WalkTo(loc string) (int, error) {
	r, ok := s.Routes()[loc]
	if !ok {
		return 0, errors.New(s.WhyNot(loc))
	}
	return s.Walk(r)
}

// Walk takes a route one legal step at a time, re-checking legality after
// each step. It stops when the decider changes (the other side may react)
// or the next step is no longer legal, and says why. It returns the
// number of steps taken.
func (s *Session) Walk(r rules.Route) (int, error) {
	me := s.Viewer
	for i, step := range r.Steps {
		if i > 0 {
			if d := s.Decider(); d != me || s.Waiting() {
				err := fmt.Errorf("stopped after %d of %d steps: %s", i, len(r.Steps), s.interruption(d))
				s.Message = err.Error()
				s.changed()
				return i, err
			}
			if _, ok := rules.FindLegal(s.Game.State, step); !ok {
				why := ""
				if ex, ok := s.Game.State.(rules.Explainer); ok && step.Unit != "" {
					why = ex.WhyNot(step.Unit, step.To)
				}
				if why == "" {
					why = "the next step (" + step.String() + ") is no longer legal"
				}
				err := s.walkStopped(i, len(r.Steps), r, why) // marshals_turn_walk.go
				s.Message = err.Error()
				s.changed()
				return i, err
			}
		}
		if _, err := s.Do(step); err != nil {
			return i, err
		}
	}
	return len(r.Steps), nil
}

func (s *Session) interruption(d rules.Side) string {
	st := s.Game.State.Status()
	switch {
	case s.Game.State.Result().Over:
		return "the game is over"
	case d >= 0 && d != s.Viewer || s.Waiting():
		p := st.Prompt
		if p == "" {
			p = s.SideName(d) + " decides"
		}
		return p
	}
	return "the rules interrupt the move"
}

// notSelf says that a unit of another side is selected ("" when it is
// the viewer's own): its card may be read, but it is not the viewer's to
// move, whatever the system's reason would say.
func (s *Session) notSelf(id string) string {
	u, ok := s.Unit(id)
	if !ok || u.Side == s.Viewer || u.Side < 0 {
		return ""
	}
	side := s.SideName(u.Side)
	art := "a"
	if side != "" && strings.ContainsRune("AEIOUaeiou", rune(side[0])) {
		art = "an"
	}
	return fmt.Sprintf("%s %s unit, not yours: you play the %s", art, side, s.SideName(s.Viewer))
}

// reactionWhy says why an own unit has no action when the viewer decides
// within the other side's turn (a battle back, a retreat): the system's
// own reason ("it is the French turn") would tell the deciding player
// that it is not his turn at all. "" when the unit has an action or the
// viewer's own side is active.
func (s *Session) reactionWhy(id string) string {
	st := s.Game.State.Status()
	if st.Decider != s.Viewer || st.Active < 0 || st.Active == s.Viewer || s.hasActions(id) {
		return ""
	}
	p := st.Prompt
	if p == "" {
		p = s.SideName(s.Viewer) + " decides"
	}
	return fmt.Sprintf("in the %s turn only this decision is yours now: %s", s.SideName(st.Active), p)
}

// UnitWhy says why a unit has no legal action now, in the system's words
// with its rule. The reason is asked at the unit's own place: a system may
// refuse an empty place as a malformed hex number, which is no reason a
// player can use.
func (s *Session) UnitWhy(id string) string {
	if w := s.notSelf(id); w != "" {
		return w
	}
	if w := s.reactionWhy(id); w != "" {
		return w
	}
	ex, ok := s.Game.State.(rules.Explainer)
	if !ok {
		return "no legal action now"
	}
	u, _ := s.Unit(id)
	var tries []string
	if u.At != "" {
		tries = append(tries, u.At)
	}
	tries = append(tries, "")
	for _, at := range tries {
		w := ex.WhyNot(id, at)
		if w != "" && !malformedPlace(w) {
			return w
		}
	}
	return "no legal action now"
}

// malformedPlace reports an explanation that only complains about the
// place asked (a parse error of an empty or odd place name).
func malformedPlace(w string) bool {
	for _, p := range []string{"hex number", "want four digits", "unknown hex", "unknown zone", "not on the map"} {
		if strings.Contains(w, p) {
			return true
		}
	}
	return false
}

// WhyNot explains why the selected unit has no legal action at loc.
func (s *Session) WhyNot(loc string) string {
	if !s.CanAct() {
		return s.notYours().Error()
	}
	if s.Selected == "" {
		return "select a unit first"
	}
	if w := s.notSelf(s.Selected); w != "" {
		return sayNo(w)
	}
	if w := s.reactionWhy(s.Selected); w != "" {
		return sayNo(w)
	}
	if ex, ok := s.Game.State.(rules.Explainer); ok {
		if w := ex.WhyNot(s.Selected, loc); w != "" && !malformedPlace(w) {
			return sayNo(w)
		}
	}
	return fmt.Sprintf("no legal action of this unit targets %s", loc)
}

// HoverText is what the board says about a hovered location: the actions
// lit there, the route cost, or why nothing is possible.
func (s *Session) HoverText(loc string) []string {
	if s.Selected == "" && loc != "" && !s.Cover {
		// Nothing selected: what stands on the place (an exit, a depot),
		// in full, with its rule (the map shows it short).
		var out []string
		for _, m := range s.View().Markers {
			if m.At == loc {
				t := m.Text
				if t == "" {
					t = m.Kind
				}
				out = append(out, loc+": "+t)
			}
		}
		return out
	}
	if s.Selected == "" || loc == "" || !s.CanAct() {
		return nil
	}
	if acts := s.TargetActions(loc); len(acts) > 0 {
		var out []string
		for _, a := range acts {
			out = append(out, s.actionLines(a)...) // albuera_words.go
		}
		if acts[0].Kind == "move" {
			out = append(out, s.Consequences(acts[0].Unit, loc)...)
		}
		return append(out, s.moveWhatLines(acts)...) // marshals_movetip.go
	}
	if r, ok := s.Routes()[loc]; ok {
		out := []string{fmt.Sprintf("Move to %s in %d steps (%s) [%s]", s.placeName(loc), len(r.Steps), r.Cost, r.Rule)} // a zone by its name, not its id
		return append(out, s.Consequences(s.Selected, loc)...)
	}
	for _, u := range s.View().Units {
		if u.ID == s.Selected && (u.At == loc || u.At2 == loc) {
			return nil
		}
	}
	if s.notSelf(s.Selected) != "" || s.reactionWhy(s.Selected) != "" || !s.hasActions(s.Selected) || s.panelOnly(s.Selected) {
		return nil // a reason about the unit, not the place: the status strip says it once
	}
	return []string{s.WhyNot(loc)}
}

// Odds is the exact outcome distribution of a combat action, when the
// system is a rules.Previewer.
func (s *Session) Odds(a rules.Action) (string, []rules.OddsLine, bool) {
	if !IsCombat(a.Kind) {
		return "", nil, false
	}
	p, ok := s.Game.State.(rules.Previewer)
	if !ok {
		return "", nil, false
	}
	lines := p.Preview(a)
	if len(lines) == 0 {
		return "", nil, false
	}
	return a.String(), lines, true
}

// UndoTarget is the number of steps to keep when the side at the
// keyboard takes back its last decision, or why it may not. Undo never
// crosses a die roll, a draw or a reveal, and never takes back the other
// side's decision; but a side that ended its phase may take that back
// until the other side takes the seat or the keyboard.
func (s *Session) UndoTarget() (int, string) {
	st := s.Game.Steps
	n := len(st)
	switch {
	case n == 0:
		return n, "nothing to undo"
	case st[n-1].Barrier:
		return n, "cannot undo past a die roll, a draw or a reveal"
	case st[n-1].By != s.Viewer:
		return n, "cannot undo the other side's decision"
	}
	return n - 1, ""
}

// Undo takes back the last decision of the side at the keyboard (see
// UndoTarget), replaying the game up to the kept steps.
func (s *Session) Undo() error {
	keep, why := s.UndoTarget()
	if why != "" {
		s.Message = "Cannot undo: " + why
		s.changed()
		return errors.New(why)
	}
	g := s.Game
	var r *rules.Game
	var err error
	if s.Rebuild != nil {
		r, err = s.Rebuild(g.Steps[:keep])
	} else {
		r, err = rules.Replay(g.Scenario, g.Seed, g.Options, g.Steps[:keep])
	}
	if err != nil {
		s.Message = "Cannot undo: " + err.Error()
		s.changed()
		return err
	}
	*s.Game = *r
	s.unsaved++
	s.Message = "Undone"
	s.closeMenu()
	if s.Autosave != nil {
		_ = s.Autosave(s.Game)
	}
	s.afterChange()
	return nil
}

// phaseKey names the current phase of the current decider.
func (s *Session) phaseKey() string {
	st := s.Game.State.Status()
	return fmt.Sprintf("%d|%s|%d", st.Turn, st.Phase, st.Decider)
}

// IdleUnits are the units of the side at the keyboard that may still act
// in this phase (a legal action other than a turn in place) and have not
// acted in it yet: ending the phase forfeits what they could do.
func (s *Session) IdleUnits() []string {
	var out []string
	seen := map[string]bool{}
	acted := s.acted
	if s.actedKey != s.phaseKey() {
		acted = nil
	}
	for _, a := range s.Legal() {
		if a.Kind == "end" || a.Kind == "pass" || a.Kind == "face" {
			continue
		}
		for _, id := range append([]string{a.Unit}, a.Units...) {
			if id == "" || seen[id] || acted[id] {
				continue
			}
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// EndWarning is the question asked before an end action ends a phase in
// which units that may still act have not ("" when nothing is forfeit).
func (s *Session) EndWarning(end rules.Action) string {
	if end.Unit != "" {
		return "" // it ends one unit's move ("Finish I/51's move" [12.13]): the others keep theirs
	}
	if s.composing(end) {
		return "" // a Marshals stack confirmed [5.1] [5.4]: nothing is forfeit (panel_guide.go)
	}
	idle := s.IdleUnits()
	if len(idle) == 0 {
		return ""
	}
	// The system says what ending gives up where a count of idle units
	// would mislead (session 21: a Venta card with 1 order left asked
	// about "5 units that may still act").
	if w, ok := s.Game.State.(choiceWhyer); ok && s.CanAct() {
		if why := w.ChoiceWhy(end); why != "" {
			return why + " " + end.Label + "?"
		}
	}
	var names []string
	for i, id := range idle {
		if i == 3 {
			names = append(names, "...")
			break
		}
		u, _ := s.Unit(id)
		n := u.Name
		if n == "" {
			n = id
		}
		names = append(names, n)
	}
	return fmt.Sprintf("%s (%s).%s %s?", idleCount(len(idle)), strings.Join(names, ", "), s.endThen(end), end.Label) // polish_end.go
}

// CardExplainer is a system that says why a card held cannot be played
// now (optional; rules/napoleonics implements it).
type CardExplainer interface {
	WhyNotPlay(card string) string
}

// CardExplainerIn is a CardExplainer told the decider's legal actions
// (the view's), which it then need not compute again for each card
// (rules/marshals implements it).
type CardExplainerIn interface {
	WhyNotPlayIn(card string, legal []rules.Action) string
}

// WhyNotPlay says why the viewer cannot play a card held now, computed
// once per card and version: a redraw with nothing changed asks the rules
// nothing.
func (s *Session) WhyNotPlay(card string) string {
	if !s.CanAct() {
		return s.notYours().Error()
	}
	m := s.memoNow()
	if w, ok := m.whyNot[card]; ok {
		return w
	}
	w := ""
	switch ex := s.Game.State.(type) {
	case CardExplainerIn:
		w = ex.WhyNotPlayIn(card, s.View().Legal)
	case CardExplainer:
		w = ex.WhyNotPlay(card)
	}
	if w == "" {
		w = "the rules offer no play of it now"
	}
	if m.whyNot == nil {
		m.whyNot = map[string]string{}
	}
	m.whyNot[card] = w
	return w
}

// LostChoices lists the panel's choices of another rule that a choice
// takes away (with their rule), computed on a copy of the game: what the
// player gives up by clicking it.
func (s *Session) LostChoices(act rules.Action) []string {
	if act.Kind != "choose" || !s.CanAct() || s.unitChoicesInPanel() {
		return nil // a Marshals loss or head unit: one choice among the counters listed (panel_guide.go)
	}
	c := s.Game.Clone()
	if _, err := c.Apply(act); err != nil {
		return nil
	}
	after := map[string]bool{}
	if c.State.Status().Decider == s.Viewer {
		for _, a := range c.State.Legal() {
			after[a.Key()] = true
		}
	}
	// A group of alternatives (one formation or another) is not a loss
	// worth a question: only single choices are.
	perRule := map[string]int{}
	for _, a := range s.PanelActions() {
		if a.Kind == "choose" {
			perRule[a.Rule]++
		}
	}
	var out []string
	for _, a := range s.PanelActions() {
		if a.Kind == "choose" && a.Rule != act.Rule && perRule[a.Rule] < 3 && !after[a.Key()] {
			out = append(out, a.Label+" ["+a.Rule+"]")
		}
	}
	return out
}

// Closing says what moving unit closes, when the system moves formations
// one after another [10]: "Closes formation X: N units unmoved [10]" when
// its first step ends the formation moving now with units that could
// still move ("" when it closes nothing). It is found by applying the
// unit's first step to a copy of the game.
func (s *Session) Closing(unit string) string {
	if !s.CanAct() || unit == "" {
		return ""
	}
	if s.closingVer != s.version || s.closing == nil {
		s.closing, s.closingVer = map[string]string{}, s.version
	}
	if w, ok := s.closing[unit]; ok {
		return w
	}
	w := s.closingOf(unit)
	s.closing[unit] = w
	return w
}

func (s *Session) closingOf(unit string) string {
	var first *rules.Action
	movers := map[string]bool{}
	for _, a := range s.Legal() {
		if a.Kind != "move" {
			continue
		}
		movers[a.Unit] = true
		if a.Unit == unit && first == nil {
			a := a
			first = &a
		}
	}
	if first == nil {
		return ""
	}
	c := s.Game.Clone()
	evs, err := c.ApplyOne(*first)
	if err != nil {
		return ""
	}
	name := ""
	for _, e := range evs {
		if e.Kind == "formation" && strings.HasSuffix(e.Text, "has finished moving") {
			name = strings.TrimSuffix(strings.TrimPrefix(e.Text, "Formation "), " has finished moving")
		}
	}
	if name == "" {
		return ""
	}
	still := map[string]bool{}
	if c.State.Status().Decider == s.Viewer {
		for _, a := range c.State.Legal() {
			if a.Kind == "move" {
				still[a.Unit] = true
			}
		}
	}
	n := 0
	for id := range movers {
		if id == unit || still[id] || s.acted[id] && s.actedKey == s.phaseKey() {
			continue
		}
		if u, ok := s.Unit(id); ok && !hasMarker(u, "moved") {
			n++
		}
	}
	if n == 0 {
		return fmt.Sprintf("Closes formation %s: it may move no more [10]", name)
	}
	units := "units"
	if n == 1 {
		units = "unit"
	}
	return fmt.Sprintf("Closes formation %s with %d %s unmoved [10]", name, n, units)
}

func hasMarker(u rules.UnitView, m string) bool {
	for _, x := range u.Markers {
		if x == m {
			return true
		}
	}
	return false
}

// Consequences are what a move of unit to loc brings about beyond the
// move itself, said before the click: closing a formation [10] (more are
// added by the systems' consequence hooks).
func (s *Session) Consequences(unit, loc string) []string {
	var out []string
	if w := s.Closing(unit); w != "" {
		out = append(out, w)
	}
	if mc, ok := s.Game.State.(MoveConsequencer); ok {
		out = append(out, mc.MoveConsequences(unit, loc)...)
	}
	out = append(out, s.moveFollows(unit, loc)...) // move_follows.go
	return out
}

// NeedsCloseConfirm reports whether moving unit closes a formation and
// the player has not confirmed closing one in this phase yet.
func (s *Session) NeedsCloseConfirm(unit string) string {
	w := s.Closing(unit)
	if w == "" || s.closeOK[s.phaseKey()] {
		return ""
	}
	return w
}

// ConfirmClose records that the player accepts closing formations in
// this phase (the first such move asked).
func (s *Session) ConfirmClose() {
	if s.closeOK == nil {
		s.closeOK = map[string]bool{}
	}
	s.closeOK[s.phaseKey()] = true
}

// LogLines is the event log as the viewer may read it.
func (s *Session) LogLines() []string {
	out := make([]string, 0, len(s.Game.Log))
	who := s.Viewer
	if s.Public {
		who = rules.NoSide
	}
	for _, e := range s.Game.Log {
		out = append(out, s.logWords(e.TextFor(who))) // albuera_words.go
	}
	return foldRepeats(out) // marshals_turn_log.go
}

// Save writes the game to path.
func (s *Session) Save(path string) error {
	if err := saves.Write(path, s.Game); err != nil {
		s.Message = "Save failed: " + err.Error()
		s.changed()
		return err
	}
	s.Message = "Saved to " + path
	s.unsaved = 0
	s.changed()
	return nil
}

// Unsaved is the number of steps played since the game was started,
// loaded or last saved to a file (0: leaving it loses nothing that no file
// holds; its autosave holds every step anyway).
func (s *Session) Unsaved() int {
	return s.unsaved
}

// LoadSession reads a save into a new session; on error nothing changes.
func LoadSession(path string) (*Session, error) {
	g, err := saves.Read(path)
	if err != nil {
		return nil, err
	}
	s, err := SessionFor(g)
	if err == nil && g.SeedChosen {
		// The save itself says so (saves/format.go); the window says it
		// too, as the command line does.
		s.Message = NotProvenFair
	}
	return s, err
}

// NotProvenFair is what the window says on opening a save whose seed is
// not secret (chosen with --seed, or kept in plain text by format 1).
const NotProvenFair = "Not proven fair: this game's seed is known (chosen with --seed, or saved in the old format 1), so whoever knows it can know every draw and die"

// Unit returns the viewer's view of a unit.
func (s *Session) Unit(id string) (rules.UnitView, bool) {
	for _, u := range s.View().Units {
		if u.ID == id {
			return u, true
		}
	}
	return rules.UnitView{}, false
}
