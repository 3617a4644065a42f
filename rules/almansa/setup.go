package almansa

import (
	"fmt"
	"sort"
	"strings"

	"grognard/rules"
	"grognard/rules/hex"
)

// Set-up [4]. Each side deploys in turn, Bourbon first, in a fixed order so
// every constraint can be met: the infantry and cavalry of each formation on
// its lettered hexes, then the artillery on "A" hexes stacked with friends,
// then the formation leaders next to one of their units, the commanders in
// chief within 8 hexes of one of their leaders, the cavalry reserve within 2
// hexes of Berwick (optional rule [15]), and last the supply trains within 4
// hexes of their commander in chief. Units face the enemy (authored).

// deployClass orders the deployment.
func (s *State) deployClass(i int) int {
	d := s.def(i)
	switch d.Type {
	case Infantry, Cavalry, Dragoons:
		if d.Reserve && s.opt(OptReserve) {
			return 4
		}
		return 0
	case Artillery:
		return 1
	case Leader:
		return 2
	case Commander:
		return 3
	}
	return 5 // train
}

// historicalOrder lists the units in deployment order (stable on the OOB).
func (s *State) historicalOrder() []int {
	var out []int
	for i := range s.Units {
		out = append(out, i)
	}
	sort.SliceStable(out, func(a, b int) bool { return s.deployClass(out[a]) < s.deployClass(out[b]) })
	return out
}

// reserveMoved: unit i is of the cavalry reserve and was attached at
// set-up to another formation than in 1707 [6]; the historical set-up
// leaves it to be deployed on that formation's lettered hexes [4].
func (s *State) reserveMoved(i int) bool {
	return s.def(i).Reserve && s.ResChosen && !s.opt(OptReserve) && s.Units[i].Form != s.def(i).Attach
}

// reserveIDs lists the units of the cavalry reserve.
func (s *State) reserveIDs() []string {
	var out []string
	for i := range s.Units {
		if s.def(i).Reserve {
			out = append(out, s.def(i).ID)
		}
	}
	return out
}

func (s *State) historicalHex(i int) hex.Coord {
	id := s.def(i).ID
	if s.opt(OptReserve) {
		if c, ok := s.sc.SetupAlt[id]; ok {
			return c
		}
	}
	return s.sc.Setup[id]
}

// setupProblem says why unit i may not deploy at c now ("" when it may).
func (s *State) setupProblem(i int, c hex.Coord, strict bool) string {
	return s.setupProblemO(s.occupancy(), i, c, strict)
}

func (s *State) setupProblemO(o occ, i int, c hex.Coord, strict bool) string {
	return s.setupProblemQ(o, i, c, strict, false)
}

// setupProblemQ is setupProblemO; quiet (the legal list), it answers
// refused instead of building the texts, and reads the scenario's flat
// tables (#20).
func (s *State) setupProblemQ(o occ, i int, c hex.Coord, strict, quiet bool) string {
	d := s.def(i)
	fm := s.fast()
	h := fm.idx(c)
	if h < 0 {
		return "that hex is not on the map"
	}
	if s.Units[i].On {
		return "the unit is already deployed [4]"
	}
	if fm.cost[fm.class[i]][h] < 0 {
		if quiet {
			return refused
		}
		return fmt.Sprintf("%s may not enter %s [10]", d.Type, s.terrain(c))
	}
	if s.hasSide(o, c, 1-d.Side, nil) {
		return "an enemy unit is there"
	}
	if fm.enemyLbl[d.Side][h] {
		if quiet {
			return refused
		}
		return fmt.Sprintf("that hex is a set-up hex of the enemy formation %s [4]", s.enemyLabel(c, d.Side))
	}
	if why := s.stackProblemQ(o, i, c, quiet); why != "" {
		return why
	}
	switch s.deployClass(i) {
	case 0:
		f := s.Units[i].Form
		if !fm.hasLabel(h, f) {
			if quiet {
				return refused
			}
			return fmt.Sprintf("units of formation %s deploy on the hexes lettered %s [4]", s.sc.Form(f).Name, f)
		}
	case 1:
		if !fm.hasLabel(h, "A") {
			return "artillery deploys on the hexes marked A [4]"
		}
		if !s.hasFriendFoot(o, c, d.Side) {
			if strict || s.anyArtilleryHexWithFriend(o, i) {
				return "artillery deploys stacked with a unit of its own side [4]"
			}
		}
	case 2:
		r := s.sc.P("setup_leader")
		for j := range s.Units {
			if s.alive(j) && s.def(j).Combat() && s.Units[j].Form == d.Formation && hex.Distance(s.Units[j].At, c) <= r {
				return ""
			}
		}
		return "a formation leader deploys next to a unit of his formation [4]"
	case 3:
		if !s.nearOwnLeader(i, c) {
			if quiet {
				return refused
			}
			return fmt.Sprintf("a commander in chief deploys within %d hexes of one of his formation leaders [4]", s.sc.P("setup_cinc"))
		}
		if k, far := s.cincTooFar(i, c); far && s.anyCinCHexNearMemo(o, i, k) {
			if quiet {
				return refused
			}
			return fmt.Sprintf("the commanders in chief may not be more than %d hexes apart (%s) [6]", s.sc.P("cinc_apart"), s.def(k).Name)
		}
	case 4:
		b := s.sideCommander(d.Side)
		if b < 0 || !s.alive(b) || hex.Distance(s.Units[b].At, c) > s.sc.P("setup_reserve") {
			if quiet {
				return refused
			}
			return fmt.Sprintf("the cavalry reserve deploys within %d hexes of Berwick [15]", s.sc.P("setup_reserve"))
		}
	case 5:
		k := s.idx(d.CinC)
		if k < 0 || !s.alive(k) || hex.Distance(s.Units[k].At, c) > s.sc.P("setup_train") {
			if quiet {
				return refused
			}
			return fmt.Sprintf("the supply train deploys within %d hexes of its commander in chief [4]", s.sc.P("setup_train"))
		}
	}
	return ""
}

// enemyLabel returns the enemy formation whose set-up letter hex c carries,
// or "". Each army deploys on its own lettered hexes [4]; reading: the other
// army's lettered hexes (its "A" hexes included, which carry a formation
// letter too) are its set-up area and closed to this side's leaders, trains
// and reserve, so a legal set-up of one side can never leave the other
// without a place to deploy.
func (s *State) enemyLabel(c hex.Coord, side int) string {
	for _, l := range s.sc.Labels[c] {
		if f := s.sc.Form(l); f != nil && f.Side != side {
			return l
		}
	}
	return ""
}

// historicalProblem says why side's historical set-up cannot be taken now
// ("" when it can): every unit is placed in deployment order and each
// placement must be legal by [4] and [8] (an enemy leader, train or reserve
// may stand on one of its unlettered hexes).
func (s *State) historicalProblem(side int) string {
	c := s.clone()
	for i := range c.Units {
		if c.def(i).Reserve && !c.opt(OptReserve) && !c.ResChosen {
			c.Units[i].Form = c.def(i).Attach
		}
	}
	for _, i := range c.historicalOrder() {
		if c.def(i).Side != side || c.Units[i].On || c.reserveMoved(i) {
			continue
		}
		h := c.historicalHex(i)
		// Nothing holds an occupancy between placements: each is built
		// in the clone's own memo (#20).
		if why := c.setupProblemO(c.occupancyIn(true), i, h, true); why != "" {
			return fmt.Sprintf("%s cannot take its historical hex %s: %s", c.name(i), c.num(h), why)
		}
		c.place(i, h)
	}
	return ""
}

// nearOwnLeader: commander in chief i at c is within 8 hexes of one of his
// formation leaders [4].
func (s *State) nearOwnLeader(i int, c hex.Coord) bool {
	for _, f := range s.def(i).Commands {
		l := s.idx(s.sc.Form(f).Leader)
		if l >= 0 && s.alive(l) && hex.Distance(s.Units[l].At, c) <= s.sc.P("setup_cinc") {
			return true
		}
	}
	return false
}

// cincTooFar returns the other commander in chief already deployed more than
// 8 hexes from c [6].
func (s *State) cincTooFar(i int, c hex.Coord) (int, bool) {
	for k := range s.Units {
		if k != i && s.alive(k) && s.def(k).Side == s.def(i).Side && s.def(k).Type == Commander &&
			hex.Distance(s.Units[k].At, c) > s.sc.P("cinc_apart") {
			return k, true
		}
	}
	return -1, false
}

// anyCinCHexNear: is there a hex where commander in chief i may deploy
// within 8 hexes of commander in chief k? When there is none (the two
// groups of leaders are too far apart) the set-up rule of [4] alone applies,
// so deployment can never dead-lock (authored).
func (s *State) anyCinCHexNearMemo(o occ, i, k int) bool {
	if s.cincMemo == nil {
		return s.anyCinCHexNear(o, i, k)
	}
	key := [2]int{i, k}
	v, ok := s.cincMemo[key]
	if !ok {
		v = s.anyCinCHexNear(o, i, k)
		s.cincMemo[key] = v
	}
	return v
}

func (s *State) anyCinCHexNear(o occ, i, k int) bool {
	for _, c := range s.setupCandidates(i) {
		if s.passable(i, c) && !s.hasSide(o, c, 1-s.def(i).Side, nil) && s.nearOwnLeader(i, c) &&
			hex.Distance(s.Units[k].At, c) <= s.sc.P("cinc_apart") {
			return true
		}
	}
	return false
}

func (s *State) hasFriendFoot(o occ, c hex.Coord, side int) bool {
	return s.hasSide(o, c, side, func(j int) bool {
		t := s.def(j).Type
		return t == Infantry || t == Cavalry || t == Dragoons
	})
}

// anyArtilleryHexWithFriend: is there an A hex with a friend and room for
// artillery unit i? When there is none the artillery may deploy on any free A
// hex (authored: the book's hexes always allow it, ours must never dead-lock).
func (s *State) anyArtilleryHexWithFriend(o occ, i int) bool {
	side := s.def(i).Side
	for c, ls := range s.sc.Labels {
		for _, l := range ls {
			if l == "A" && s.hasFriendFoot(o, c, side) && s.stackProblem(o, i, c) == "" && !s.hasSide(o, c, 1-side, nil) {
				return true
			}
		}
	}
	return false
}

// sideCommander returns the first commander in chief of a side (Berwick).
func (s *State) sideCommander(side int) int {
	for i := range s.Units {
		if s.def(i).Side == side && s.def(i).Type == Commander {
			return i
		}
	}
	return -1
}

func (s *State) setupComplete(side int) bool {
	if s.reserveOpen(side) {
		return false
	}
	for i := range s.Units {
		if s.def(i).Side == side && !s.Units[i].On && !s.Units[i].Dead {
			return false
		}
	}
	return true
}

func (s *State) currentClass(side int) int {
	best := 99
	for i := range s.Units {
		if s.def(i).Side == side && !s.Units[i].On && s.deployClass(i) < best {
			best = s.deployClass(i)
		}
	}
	return best
}

// reserveOpen: the side's army stands on the map by the one-click
// historical set-up but the cavalry reserve's attachment [6] is still open,
// so the Bourbon player may attach it after the historical set-up as well as
// before (either order) until he says he is done [4].
func (s *State) reserveOpen(side int) bool {
	if side != Bourbon || s.opt(OptReserve) || s.ResChosen {
		return false
	}
	for i := range s.Units {
		if s.def(i).Side == side && !s.Units[i].On && !s.Units[i].Dead {
			return false
		}
	}
	return true
}

// reserveActions: after the historical set-up the Bourbon player ends his
// set-up with the reserve as in 1707 (the choice keeps the id "historical":
// the historical option of this decision) or attaches it to another
// formation [6]; the two regiments then leave their hexes and deploy by
// hand on that formation's lettered hexes [4].
func (s *State) reserveActions() []rules.Action {
	home := s.def(s.idx(s.reserveIDs()[0])).Attach
	out := []rules.Action{{Kind: "choose", Choice: "historical",
		Label: "Done: end the Bourbon set-up", Rule: "4"}}
	for _, f := range s.sc.Forms {
		if f.Side == Bourbon && f.ID != home {
			out = append(out, rules.Action{Kind: "choose", Choice: "attach:" + f.ID,
				Label: "Attach Mahony and Rosellon Nuevo to " + f.Name, Rule: "6"})
		}
	}
	return out
}

func (s *State) setupActions() []rules.Action {
	side := phaseSide(s.Phase)
	if s.reserveOpen(side) {
		return s.reserveActions()
	}
	out := s.scratch()
	nothing := true
	for i := range s.Units {
		if s.def(i).Side == side && s.Units[i].On {
			nothing = false
		}
	}
	if nothing && s.historicalProblem(side) == "" {
		// The reserve may be attached first [6]: the historical set-up then
		// places every unit at its historical hex, the reserve with the
		// formation chosen (offered only while that passes [4]).
		out = append(out, rules.Action{Kind: "choose", Choice: "historical", Label: "Historical set-up (one click)", Rule: "4"})
	}
	if side == Bourbon && nothing && !s.opt(OptReserve) && !s.ResChosen {
		// The cavalry reserve joins a formation before play [6].
		for _, f := range s.sc.Forms {
			if f.Side == Bourbon {
				out = append(out, rules.Action{Kind: "choose", Choice: "attach:" + f.ID,
					Label: "Attach Mahony and Rosellon Nuevo to " + f.Name, Rule: "6"})
			}
		}
		return s.keep(out)
	}
	cls := s.currentClass(side)
	o := s.occupancy()
	s.cincMemo = map[[2]int]bool{} // valid for this one listing
	defer func() { s.cincMemo = nil }()
	cands := map[string][]hex.Coord{} // units of one class and formation share their candidates
	fm := s.fast()
	groups := s.cx.bufs.setupGroups[:0]
	for i := range s.Units {
		if s.def(i).Side != side || s.Units[i].On || s.deployClass(i) != cls {
			continue
		}
		if cls == 0 {
			// Infantry and cavalry: the hexes a unit may take depend only
			// on its formation's letters, its Terrain Costs Chart column
			// and its steps (stacking [8]), and the occupancy: found once
			// per such group (#20).
			u := &s.Units[i]
			g := -1
			for k := range groups {
				if groups[k].form == u.Form && groups[k].class == fm.class[i] && groups[k].steps == u.Steps {
					g = k
					break
				}
			}
			if g < 0 {
				g = len(groups)
				if g < cap(groups) {
					groups = groups[:g+1]
				} else {
					groups = append(groups, setupGroup{})
				}
				gr := &groups[g]
				gr.form, gr.class, gr.steps, gr.ok = u.Form, fm.class[i], u.Steps, gr.ok[:0]
				for _, c := range s.sc.ByLabel[u.Form] {
					if s.setupProblemQ(o, i, c, false, true) == "" {
						gr.ok = append(gr.ok, int32(fm.idx(c)))
					}
				}
			}
			id := s.def(i).ID
			for _, hi := range groups[g].ok {
				out = append(out, rules.Action{Kind: "deploy", Unit: id, To: fm.num[hi],
					Label: s.label(lblDeploy, i, int(hi), 0), Rule: "4"})
			}
			continue
		}
		key := s.Units[i].Form + "/" + s.def(i).Formation + "/" + s.def(i).CinC
		if cls == 3 {
			key = s.def(i).ID
		}
		cs, ok := cands[key]
		if !ok {
			cs = s.setupCandidates(i)
			cands[key] = cs
		}
		for _, c := range cs {
			if s.setupProblemQ(o, i, c, false, true) == "" {
				hi := s.fast().idx(c)
				out = append(out, rules.Action{Kind: "deploy", Unit: s.def(i).ID, To: s.fast().num[hi],
					Label: s.label(lblDeploy, i, hi, 0), Rule: "4"})
			}
		}
	}
	s.cx.bufs.setupGroups = groups
	return s.keep(out)
}

// setupGroup is the hexes where the infantry or cavalry units of one
// formation, chart column and steps may deploy now [4] (setupActions).
type setupGroup struct {
	form  string
	class int8
	steps int
	ok    []int32
}

// setupCandidates lists, in map order, the only hexes where unit i could
// possibly deploy, to keep Legal fast.
func (s *State) setupCandidates(i int) []hex.Coord {
	d := s.def(i)
	fm := s.fast()
	// The hexes near the units that count, marked by hex index (#20: a
	// map of coordinates before); map order is index order.
	var near []bool
	if s.bufs != nil && len(s.bufs.near1) == len(fm.coords) {
		near = s.bufs.near1
		clear(near)
	} else {
		near = make([]bool, len(fm.coords))
		if s.bufs != nil {
			s.bufs.near1 = near
		}
	}
	any := false
	around := func(j, r int) {
		if j < 0 || !s.alive(j) || r < 0 {
			return
		}
		c := s.Units[j].At
		for dq := -r; dq <= r; dq++ {
			for dr := max(-r, -dq-r); dr <= min(r, -dq+r); dr++ {
				if h := fm.idx(hex.Coord{Q: c.Q + dq, R: c.R + dr}); h >= 0 {
					near[h], any = true, true
				}
			}
		}
	}
	switch s.deployClass(i) {
	case 0:
		return s.sc.ByLabel[s.Units[i].Form]
	case 1:
		return s.sc.ByLabel["A"]
	case 2:
		for j := range s.Units {
			if s.def(j).Combat() && s.Units[j].Form == d.Formation {
				around(j, s.sc.P("setup_leader"))
			}
		}
	case 3:
		for _, f := range d.Commands {
			around(s.idx(s.sc.Form(f).Leader), s.sc.P("setup_cinc"))
		}
	case 4:
		around(s.sideCommander(d.Side), s.sc.P("setup_reserve"))
	case 5:
		around(s.idx(d.CinC), s.sc.P("setup_train"))
	}
	if !any {
		return nil
	}
	var out []hex.Coord
	for h, c := range fm.coords {
		if near[h] {
			out = append(out, c)
		}
	}
	return out
}

func (s *State) doSetup(a rules.Action) []rules.Event {
	side := phaseSide(s.Phase)
	switch {
	case a.Kind == "choose" && a.Choice == "historical" && s.reserveOpen(side):
		s.ResChosen = true
		f := s.Units[s.idx(s.reserveIDs()[0])].Form
		return []rules.Event{ev("attach", "6", "Bourbon set-up done: Mahony and Rosellon Nuevo stay with "+s.sc.Form(f).Name+" as in 1707", Bourbon, s.reserveIDs()...)}
	case a.Kind == "choose" && a.Choice == "historical":
		for i := range s.Units {
			if s.def(i).Reserve && !s.opt(OptReserve) && !s.ResChosen {
				s.Units[i].Form = s.def(i).Attach
			}
		}
		moved := false
		for _, i := range s.historicalOrder() {
			if s.def(i).Side != side {
				continue
			}
			if s.reserveMoved(i) {
				moved = true
				continue
			}
			s.place(i, s.historicalHex(i))
		}
		text := sideName(side) + " army takes up its historical positions"
		if moved {
			text += "; the cavalry reserve, attached to " + s.sc.Form(s.Units[s.idx(s.reserveIDs()[0])].Form).Name + ", deploys on that formation's hexes [6]"
		}
		return []rules.Event{ev("setup", "4", text, side)}
	case a.Kind == "choose" && strings.HasPrefix(a.Choice, "attach:"):
		f := strings.TrimPrefix(a.Choice, "attach:")
		lift := s.reserveOpen(side) // after the historical set-up
		s.ResChosen = true
		var ids []string
		for i := range s.Units {
			if s.def(i).Reserve {
				s.Units[i].Form = f
				if lift {
					s.Units[i].On, s.Units[i].At = false, hex.Coord{}
				}
				ids = append(ids, s.def(i).ID)
			}
		}
		text := "Mahony and Rosellon Nuevo join " + s.sc.Form(f).Name
		if lift {
			text += "; they leave their 1707 hexes to deploy on that formation's hexes [4]"
		}
		return []rules.Event{ev("attach", "6", text, Bourbon, ids...)}
	case a.Kind == "deploy":
		i := s.idx(a.Unit)
		c, _ := s.sc.Map.Layout.Parse(a.To)
		s.place(i, c)
		return []rules.Event{ev("deploy", "4", fmt.Sprintf("%s deploys at %s", s.name(i), a.To), side, a.Unit)}
	}
	return nil
}
