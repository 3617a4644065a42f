package game

import (
	"fmt"
	"image"
	"strings"

	"grognard/render"
	"grognard/rules"
)

// The units still to deploy (newcomer issue #18): in the Almansa set-up
// [4] the units waiting off the map were found only with Tab, and the
// panel said "Select a unit ... Tab" with no counter on the map to
// select. The side panel now lists them under "To deploy: N units [4]",
// each row naming the unit, its type and values and its formation; a
// click on a row selects the unit and brings its lit set-up hexes into
// view, and once a unit is placed the next one still off the map is
// selected (Session.nextToDeploy, called by nextStep).

// deploySystems are the systems whose set-up places units from off the
// map one by one with "deploy" actions and lists them in the panel. The
// Marshals' starting decoys [7.5] have their own next-step prompt
// ("Starting decoy 2 of 6"); Venta del Pozo and Albuera have no set-up
// (their units start on the map).
var deploySystems = map[string]bool{"almansa": true}

// deployRowH is the height of a row of the list; deployListMax the most
// rows the panel gives it before the list pages.
const (
	deployRowH    = 24
	deployHeadH   = 22
	deployCardMin = 120 // the selected unit's card keeps this much under the list
)

// deployMemo caches the list per session version (the panel asks for it
// several times a frame).
type deployMemo struct {
	version int
	ok      bool
	ids     []string
	rule    string
	later   int // the side's other units off the map, placed after these
}

// toDeploy lists the deciding side's units still off the map that a set-up
// action may place, in the order of the legal actions (formation by
// formation), and the rule those actions cite.
func (s *Session) toDeploy() ([]string, string) {
	if s.deploy.ok && s.deploy.version == s.Version() {
		return s.deploy.ids, s.deploy.rule
	}
	s.deploy = deployMemo{version: s.Version(), ok: true}
	if !deploySystems[s.System.ID] || !s.CanAct() {
		return nil, ""
	}
	seen := map[string]bool{}
	for _, a := range s.Legal() {
		if a.Kind != "deploy" || a.Unit == "" || seen[a.Unit] {
			continue
		}
		seen[a.Unit] = true
		if u, ok := s.Unit(a.Unit); !ok || u.At != "" || u.Eliminated {
			continue
		}
		s.deploy.ids = append(s.deploy.ids, a.Unit)
		if s.deploy.rule == "" {
			s.deploy.rule = a.Rule
		}
	}
	if len(s.deploy.ids) > 0 {
		side := s.Game.State.Status().Decider
		for _, u := range s.View().Units {
			if u.Side == side && u.At == "" && !u.Eliminated && !seen[u.ID] {
				s.deploy.later++ // leaders, commander and train come after [4]
			}
		}
	}
	return s.deploy.ids, s.deploy.rule
}

// nextToDeploy selects the next unit still off the map after prev was
// placed (the one after it in the list, else the first), so its lit
// set-up hexes show at once; it reports whether it selected one.
func (s *Session) nextToDeploy(prev string) bool {
	ids, _ := s.toDeploy()
	if len(ids) == 0 {
		return false
	}
	next := ids[0]
	// the first one left of prev's formation, so a formation is set up
	// whole before the next (its hexes stay in view)
	if u, ok := s.Unit(prev); ok && u.Formation != "" {
		for _, id := range ids {
			if w, ok := s.Unit(id); ok && w.Formation == u.Formation {
				next = id
				break
			}
		}
	}
	s.Selected = next
	s.autoSels++
	s.changed()
	return true
}

// deployHeading is the list's heading: how many remain, one or many, and
// how many of the side's units come after them.
func deployHeading(n, later int, rule string) string {
	h := fmt.Sprintf("To deploy: %d units", n)
	if n == 1 {
		h = "To deploy: 1 unit"
	}
	if later > 0 {
		h += fmt.Sprintf(", then %d more", later)
	}
	if rule != "" {
		h += " [" + rule + "]"
	}
	return h
}

// deployHint says what to do while units wait off the map, nothing selected.
func deployHint(n int) string {
	if n == 1 {
		return "Click the unit under \"To deploy\" on the right (or press Tab), then one of its lit hexes"
	}
	return fmt.Sprintf("Click one of the %d units under \"To deploy\" on the right (or press Tab), then one of its lit hexes", n)
}

// deployRowLabel is what a row says of a unit: its name, type and values,
// and its formation's leader ("Orleans: cavalry 4-4-6, d'Avaray").
func (s *Session) deployRowLabel(u rules.UnitView) string {
	l := u.Name + ": " + u.Type
	if strings.Contains(strings.ToLower(u.Name), strings.ToLower(u.Type)) {
		l = u.Name + ":" // "Mahony dragoons", not "Mahony dragoons: dragoons"
	}
	if u.Values != "" {
		l += " " + u.Values
	}
	if f := s.formationShort(u); f != "" {
		l += ", " + f
	}
	return l
}

// formationShort is the short name of a unit's formation: its leader's
// counter name, else the formation's id ("" for a unit of no formation or
// a leader).
func (s *Session) formationShort(u rules.UnitView) string {
	if u.Formation == "" || u.Type == "leader" {
		return ""
	}
	for _, w := range s.View().Units {
		if w.Formation == u.Formation && w.Type == "leader" && w.Side == u.Side {
			if w.Short != "" {
				return w.Short
			}
			return w.Name
		}
	}
	return u.Formation
}

// deployRoom is the room the list asks of the panel (its heading and
// every row, and the selected unit's card under it), 0 with no list.
func (b *BoardScene) deployRoom() int {
	ids, _ := b.S.toDeploy()
	if len(ids) == 0 {
		return 0
	}
	return deployHeadH + len(ids)*deployRowH + deployCardMin
}

// layoutDeploy lays the list out from y down to bottom (keeping the
// selected unit's card room) and returns the y under it. Rows that do not
// fit page: the page holding the selected unit shows, and a last row says
// how many are left out and turns the page.
func (b *BoardScene) layoutDeploy(a *App, x0, x1, y, bottom int, hot func(image.Rectangle) bool) int {
	ids, rule := b.S.toDeploy()
	if len(ids) == 0 {
		b.deployPage = 0
		return y
	}
	head := deployHeading(len(ids), b.S.deploy.later, rule)
	b.panel = append(b.panel, panelButton{b: render.Button{Label: head, Rect: image.Rect(x0, y, x1, y+deployHeadH)}, heading: true})
	y += deployHeadH
	rows := (bottom - y - deployCardMin) / deployRowH
	if rows < 2 {
		rows = 2
	}
	per := rows
	if len(ids) > rows {
		per = rows - 1 // the last row turns the page
	}
	pages := (len(ids) + per - 1) / per
	sel := -1
	for i, id := range ids {
		if id == b.S.Selected {
			sel = i
		}
	}
	if sel >= 0 && b.deployFollow != b.S.Selected {
		b.deployPage = sel / per // the page of a unit selected elsewhere (Tab, the next one)
	}
	b.deployFollow = b.S.Selected
	if b.deployPage >= pages {
		b.deployPage = 0
	}
	from := b.deployPage * per
	to := min(len(ids), from+per)
	for _, id := range ids[from:to] {
		u, _ := b.S.Unit(id)
		rr := image.Rect(x0, y, x1, y+deployRowH-3)
		id := id
		b.panel = append(b.panel, panelButton{b: render.Button{Label: b.S.deployRowLabel(u), Rect: rr, Enabled: true, Hot: hot(rr), Active: id == b.S.Selected, Base: 30},
			cmd: func(a *App) {
				b.S.Select(id)
				b.showLit(a) // its set-up hexes into view (activated.go)
			}})
		y += deployRowH
	}
	if pages > 1 {
		left := len(ids) - (to - from)
		rr := image.Rect(x0, y, x1, y+deployRowH-3)
		label := fmt.Sprintf("%d more to deploy: show them", left)
		if left == 1 {
			label = "1 more to deploy: show it"
		}
		b.panel = append(b.panel, panelButton{b: render.Button{Label: label, Rect: rr, Enabled: true, Hot: hot(rr), Base: 30},
			cmd: func(a *App) {
				b.deployPage = (b.deployPage + 1) % pages
				b.S.changed()
			}})
		y += deployRowH
	}
	return y
}
