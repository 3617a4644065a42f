package almansa

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/hex"
)

// Tests written during the rules audit: each one pins a rule statement of
// the book that the first implementation did not enforce exactly.

// fleeAction picks a flight hex offered to unit id.
func fleeAction(t *testing.T, s *State, id string) rules.Action {
	t.Helper()
	for _, a := range s.Legal() {
		if a.Kind == "move" && a.Unit == id {
			return a
		}
	}
	t.Fatalf("no flight offered for %s: %+v", id, s.Tasks)
	return rules.Action{}
}

// TestRule14_RoutAtLeastThreeHexes: a routed unit flees at least 3 hexes;
// after the third its owner may stop or flee further toward the edge, and a
// unit that stops short of 3 is impossible (it is eliminated only when it
// cannot make 3).
func TestRule14_RoutAtLeastThreeHexes(t *testing.T) {
	s := board(t, nil, phaseAShock)
	s.put("lb1", "1214", 1)
	s.rout(s.idx("lb1"))
	s.touch()
	for n := 0; n < 3; n++ {
		for _, a := range s.Legal() {
			if a.Kind == "end" {
				t.Fatalf("hex %d of the rout: stopping before 3 hexes must not be offered [14]", n+1)
			}
		}
		apply(t, s, fleeAction(t, s, "lb1"))
	}
	stop, ok := rules.FindLegal(s, rules.Action{Kind: "end"})
	if !ok {
		t.Fatalf("after 3 hexes the owner may stop fleeing [14]: %+v", s.Legal())
	}
	if strings.Contains(stop.Label, "[") || stop.Rule != "14" {
		t.Fatalf("stop label %q rule %q", stop.Label, stop.Rule)
	}
	before := s.sc.EdgeDist[Bourbon][s.Units[s.idx("lb1")].At]
	apply(t, s, fleeAction(t, s, "lb1")) // a fourth hex, by choice
	if after := s.sc.EdgeDist[Bourbon][s.Units[s.idx("lb1")].At]; after != before-1 {
		t.Fatalf("fleeing further goes toward the edge: %d -> %d", before, after)
	}
	apply(t, s, rules.Action{Kind: "end"})
	if hasTask(s, "rout") || s.unit("lb1").Dead || !s.unit("lb1").DSB {
		t.Fatalf("the unit stopped after 4 hexes, still routed: %+v %+v", *s.unit("lb1"), s.Tasks)
	}
	// A router that reaches its own edge after 3 hexes simply stops there.
	s2 := board(t, nil, phaseAShock)
	s2.put("lb1", "0414", 1) // 3 hexes from the west edge
	s2.rout(s2.idx("lb1"))
	s2.touch()
	for n := 0; n < 3; n++ {
		apply(t, s2, fleeAction(t, s2, "lb1"))
	}
	if _, err := s2.settle(); err != nil {
		t.Fatal(err)
	}
	if s2.unit("lb1").Dead || hasTask(s2, "rout") {
		t.Fatalf("a router that made its 3 hexes is not eliminated at the edge: %+v %+v", *s2.unit("lb1"), s2.Tasks)
	}
}

func hasTask(s *State, kind string) bool {
	for _, t := range s.Tasks {
		if t.Kind == kind {
			return true
		}
	}
	return false
}

// TestRule13_RetreatIntoFrontAndFlankHexes: a retreat hex that is the front
// hex of one enemy and the flank hex of another calls for both checks: the
// morale check at +1 (front) and the die + morale roll (flank) [13].
func TestRule13_RetreatIntoFrontAndFlankHexes(t *testing.T) {
	s := board(t, nil, phaseAShock)
	to := "0514"
	s.put("lb1", nb(s, to, 4), 1) // to lies in lb1's front (direction 1)
	s.put("lb2", nb(s, to, 0), 1) // to lies in lb2's flank (direction 3)
	s.put("v1", nb(s, to, 2), 4)
	s.retreatStep(s.idx("v1"), coord(s, to))
	var kinds []string
	for _, tk := range s.Tasks {
		kinds = append(kinds, tk.Kind)
	}
	if !hasTask(s, "mc") || !hasTask(s, "flankcheck") {
		t.Fatalf("front and flank hex at once: both checks [13], got %v", kinds)
	}
	for _, tk := range s.Tasks {
		if tk.Kind == "mc" && tk.Mod != s.sc.P("retreat_front_mod") {
			t.Fatalf("the front-hex check is at +1: %+v", tk)
		}
	}
}

// TestRule13_EnfiladeAgainstArtillery: guns have a facing (their colour
// strip shows it [12]); an attack from their flank is an enfilade [13].
func TestRule13_EnfiladeAgainstArtillery(t *testing.T) {
	s := board(t, nil, phaseAShock)
	tgt := "0514"
	s.put("ba1", tgt, 1)          // front: directions 1 and 2; flank 0 and 3
	s.put("v1", nb(s, tgt, 0), 2) // north of the guns, facing them (front dirs 2, 3)
	s.put("v2", nb(s, tgt, 1), 4) // in the guns' front
	_, _, front, _, _ := s.shockOdds([]string{"v2"}, []hexC{coord(s, tgt)}, false)
	_, _, flank, _, mods := s.shockOdds([]string{"v1"}, []hexC{coord(s, tgt)}, false)
	if flank != front+1 || !strings.Contains(strings.Join(mods, ";"), "enfilade") {
		t.Fatalf("attack on the guns' flank: column %d, from the front %d (%v) [13]", flank, front, mods)
	}
}

// TestRule12_HillsBlockTheLine: the path of artillery fire must be clear of
// hills: a hill hex between the guns and the target blocks the fire, even
// when the target stands on a hill of the same height [12].
func TestRule12_HillsBlockTheLine(t *testing.T) {
	s := board(t, nil, phaseBFire)
	hill := coord(s, "1510")
	from, tgt := s.num(hill.Neighbor(4)), s.num(hill.Neighbor(1))
	if s.terrain(hill) != "hill" || s.terrain(coord(s, tgt)) != "hill" || s.terrain(coord(s, from)) != "clear" {
		t.Fatalf("map changed: %s %s %s", s.terrain(coord(s, from)), s.terrain(hill), s.terrain(coord(s, tgt)))
	}
	s.put("ba1", from, 1)
	s.put("v1", tgt, 4)
	if legal(s, rules.Action{Kind: "fire", Unit: "ba1", To: tgt}) {
		t.Fatalf("the hill %s lies between %s and %s: no artillery fire [12]", s.num(hill), from, tgt)
	}
	if why := s.WhyNot("ba1", tgt); !strings.Contains(why, "[12]") {
		t.Fatalf("why not: %q", why)
	}
	// Over open ground the same range is clear.
	s.put("ba1", "0414", 1)
	s.put("v1", s.num(coord(s, "0414").Add(hex.Dirs[1].Scale(2))), 4)
	if !legal(s, rules.Action{Kind: "fire", Unit: "ba1", To: s.hexOf("v1")}) {
		t.Fatalf("clear ground to %s: the guns may fire", s.hexOf("v1"))
	}
}

// TestRule15_FormationMoraleDetails: a formation whose leader is gone still
// rolls (with no rating to subtract); a demoralised formation falls back 2
// hexes at no cost in movement points, so it keeps its movement, but it may
// not attack; its morale checks, the rout check included, are at -1 [15].
func TestRule15_FormationMoraleDetails(t *testing.T) {
	s := board(t, map[string]bool{OptFormationMorale: true}, phaseCommand)
	s.put("berwick", "0910", 1)
	for k, id := range []string{"lb1", "lb2", "lb3", "lb4", "lb5", "lb6"} {
		s.put(id, []string{"1207", "1208", "1209", "1210", "1108", "1109"}[k], 1)
	}
	s.unit("labadie").Dead = true
	for _, id := range []string{"lb1", "lb2", "lb3", "lb4"} {
		s.unit(id).DSG = true
	}
	s.commandPhase()
	s.touch()
	if len(s.Tasks) == 0 || s.Tasks[0].Kind != "fmorale" {
		t.Fatalf("a leaderless formation with more than half its units disorganised rolls too [15]: %+v", s.Tasks)
	}
	roll(t, s, 4) // 4 - 0 = 4: demoralised
	if !s.Demoral["Lb"] {
		t.Fatal("die 4 with no leader's rating demoralises the formation [15]")
	}

	m := board(t, map[string]bool{OptFormationMorale: true}, phaseBMove)
	m.put("labadie", "0414", 1)
	m.put("lb1", "0414", 1)
	m.put("v1", "0614", 4)
	m.Demoral["Lb"] = true
	m.touch()
	if why := m.cannotMove(m.idx("lb1")); why != "" {
		t.Fatalf("the fall-back costs no movement points: the formation may still move [15]: %q", why)
	}
	m.Phase = phaseBShock
	m.put("lb1", "0514", 1) // v1 at 0614 is in its front
	if legal(m, rules.Action{Kind: "shock", Unit: "lb1", To: "0614"}) {
		t.Fatal("a demoralised formation may not attack [15]")
	}
	m.unit("lb1").DSG = true
	m.disorganise(m.idx("lb1"), "14")
	if len(m.Tasks) == 0 || m.Tasks[0].Kind != "routcheck" || m.Tasks[0].Mod != m.sc.P("demoralised_morale_mod") {
		t.Fatalf("the rout check of a demoralised unit carries the penalty [15]: %+v", m.Tasks)
	}
}

// TestRule6_CommandersInChiefStayWithin8Hexes: the distance between the two
// Allied commanders in chief cannot be more than 8 hexes: neither may move
// beyond it [6].
func TestRule6_CommandersInChiefStayWithin8Hexes(t *testing.T) {
	s := board(t, nil, phaseAMove)
	s.put("galway", "1010", 4)
	g := coord(s, "1010")
	dm := g.Add(hex.Dirs[1].Scale(8))
	s.put("dasminas", s.num(dm), 4)
	away, near := s.num(dm.Neighbor(1)), s.num(dm.Neighbor(4))
	if legal(s, move("dasminas", away)) {
		t.Fatalf("Das Minas at 8 hexes from Galway may not step to %s, 9 hexes away [6]", away)
	}
	if why := s.WhyNot("dasminas", away); !strings.Contains(why, "[6]") {
		t.Fatalf("why not: %q", why)
	}
	if !legal(s, move("dasminas", near)) {
		t.Fatal("closing in is allowed")
	}
	for _, r := range s.Reach("galway") {
		if hex.Distance(coord(s, r.To), dm) > s.sc.P("cinc_apart") {
			t.Fatalf("Galway's reach includes %s, more than 8 hexes from Das Minas [6]", r.To)
		}
	}
	// With Das Minas gone Galway moves freely.
	s.unit("dasminas").Dead, s.unit("dasminas").On = true, false
	s.touch()
	if !legal(s, move("galway", s.num(g.Neighbor(4)))) {
		t.Fatal("a lone commander in chief moves freely")
	}
}

// TestRule6_CommandersInChiefDeployWithin8Hexes: the rule holds from the
// set-up on: the second Allied commander in chief deploys within 8 hexes of
// the first [4, 6].
func TestRule6_CommandersInChiefDeployWithin8Hexes(t *testing.T) {
	s := board(t, nil, phaseSetupA)
	s.Turn = 0
	s.put("villaverde", "1908", 4)
	s.put("atalaya", "2018", 4)
	s.put("galway", "2018", 4)
	c := coord(s, "1908").Add(hex.Dirs[0].Scale(6)) // 6 from Villaverde, 12 from Galway
	if why := s.setupProblem(s.idx("dasminas"), c, true); !strings.Contains(why, "[6]") {
		t.Fatalf("Das Minas %s hexes from Galway: %q", fmt.Sprint(hex.Distance(c, coord(s, "2018"))), why)
	}
	if why := s.setupProblem(s.idx("dasminas"), coord(s, "2012"), true); why != "" {
		t.Fatalf("within 8 of Villaverde and of Galway: %q", why)
	}
}

// TestRule0_LabelsAndEventsCiteRules plays a seeded random game with every
// optional rule and checks the conventions of every action and event: a
// label is plain text (the rule number goes in Rule only, the interface
// adds "[rule]"), and every action and event names its rule.
func TestRule0_LabelsAndEventsCiteRules(t *testing.T) {
	all := map[string]bool{}
	for _, o := range Options {
		all[o.ID] = true
	}
	for seed, opts := range []map[string]bool{nil, all, nil, all} {
		s := fresh(t, opts)
		check := checker()
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		for n := 0; !s.Over && n < 50000; n++ {
			acts := s.Legal()
			if len(acts) == 0 {
				t.Fatalf("no legal action in %s", s.Phase)
			}
			for _, a := range acts {
				if a.Label == "" || strings.ContainsAny(a.Label, "[]") || a.Rule == "" {
					t.Fatalf("action %s: label %q rule %q", a.Key(), a.Label, a.Rule)
				}
			}
			evs, err := s.Apply(acts[rng.IntN(len(acts))])
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				if e.Rule == "" {
					t.Fatalf("event %q (%s) cites no rule", e.Text, e.Kind)
				}
			}
			if err := check(s); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		if !s.Over {
			t.Fatal("the game did not end")
		}
	}
}

// TestRule6_OutOfCommandAttackSpendsFullMove: a formation that rolled 3-4
// must spend its full movement toward the nearest enemy: turning away does
// not end the duty while it could still turn back and close in, and a unit
// in an enemy ZoC may not fall back away from the enemy [6].
func TestRule6_OutOfCommandAttackSpendsFullMove(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("labadie", "0414", 1)
	s.put("lb1", "0414", 1)
	s.put("v1", "1014", 4)
	s.Mode["Lb"] = "attack"
	s.touch()
	for _, f := range []int{0, 5, 4} { // turn to face west, away from v1
		apply(t, s, rules.Action{Kind: "face", Unit: "lb1", Facing: f})
	}
	if legal(s, rules.Action{Kind: "end"}) {
		t.Fatalf("lb1 (%s left) can still turn back and close in: the phase may not end [6]", mp(s.remaining(s.idx("lb1"))))
	}
	// In contact: no falling back.
	c := board(t, nil, phaseBMove)
	c.put("labadie", "0414", 1)
	c.put("lb1", "0414", 1)
	c.put("v1", "0614", 4) // its front holds 0514 and 0513
	c.put("lb1", "0514", 1)
	c.Mode["Lb"] = "attack"
	c.touch()
	for _, a := range c.Legal() {
		if a.Unit == "lb1" && a.Kind == "move" {
			t.Fatalf("an attacking out-of-command unit may not fall back out of contact: %s [6]", a.Label)
		}
	}
}

// TestRule13_GunsWithoutEscortAreOverrun: Allied guns have no shock factor;
// attacked alone they are taken without a roll and the hex may be entered;
// an enemy train alone likewise [13].
func TestRule13_GunsWithoutEscortAreOverrun(t *testing.T) {
	s := board(t, nil, phaseBShock)
	s.put("aa1", "0514", 4)
	s.put("atrain", "0514", 4)
	s.put("lb1", "0414", 1)
	apply(t, s, rules.Action{Kind: "shock", Unit: "lb1", To: "0514"})
	res, ok := rules.FindLegal(s, rules.Action{Kind: "shock", Choice: "resolve"})
	if !ok || !strings.Contains(res.Label, "overrun") {
		t.Fatalf("resolve: %q", res.Label)
	}
	apply(t, s, res)
	if !s.unit("aa1").Dead || !s.unit("atrain").Dead || s.Lost[Allied] != 1+s.sc.P("vp_train") {
		t.Fatalf("guns and train taken: %+v %+v lost %d", *s.unit("aa1"), *s.unit("atrain"), s.Lost[Allied])
	}
	apply(t, s, move("lb1", "0514"))
	if s.hexOf("lb1") != "0514" {
		t.Fatal("the attacker may advance into the emptied hex [13]")
	}
}

// TestRule14_RallyModifiers: -1 with a leader adjacent, -2 with the
// commander in chief stacked; no rally in an enemy ZoC [14].
func TestRule14_RallyModifiers(t *testing.T) {
	s := board(t, nil, phaseAShock)
	s.put("lb1", "0514", 1)
	s.put("labadie", "0414", 1) // adjacent
	s.put("lb2", "0520", 1)     // alone
	s.put("lb3", "1010", 1)     // in v1's front
	s.put("v1", "1110", 4)
	for _, id := range []string{"lb1", "lb2", "lb3"} {
		s.unit(id).DSB = true
	}
	s.rallyPhase()
	mods := map[string]int{}
	for _, tk := range s.Tasks {
		if tk.Kind == "rally" {
			mods[tk.Unit] = tk.Mod
		}
	}
	if len(mods) != 2 || mods["lb1"] != -1 || mods["lb2"] != 0 {
		t.Fatalf("rally tasks: %v (lb3 in an enemy ZoC may not rally) [14]", mods)
	}
}

// TestRule10_NoCaptureByMovement: no unit enters a hex held by the enemy,
// even one held only by leaders or the supply train; such a hex is taken by
// shock combat, where each leader rolls as if his last unit had fallen [6,
// 13].
func TestRule10_NoCaptureByMovement(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("villaverde", "0514", 4)
	s.put("v1", "0520", 4)
	s.put("lb1", "0414", 1)
	if legal(s, move("lb1", "0514")) {
		t.Fatal("a unit may not move into a hex held only by an enemy leader [10]")
	}
	s.put("atrain", "0514", 4)
	s.put("villaverde", "0101", 4)
	if legal(s, move("lb1", "0514")) {
		t.Fatal("a unit may not move into a hex held only by the enemy train [10]")
	}
	s.put("atrain", "3001", 4)

	// Shock: the lone leader rolls [6].
	s = board(t, nil, phaseBShock)
	s.put("villaverde", "0514", 4)
	s.put("v1", "0520", 4)
	s.put("lb1", "0414", 1)
	apply(t, s, rules.Action{Kind: "shock", Unit: "lb1", To: "0514"})
	apply(t, s, rules.Action{Kind: "shock", Choice: "resolve"})
	if s.Status().Decider != rules.Chance || s.Tasks[0].Kind != "leader" {
		t.Fatalf("the attacked leader rolls [6]: %+v", s.Tasks)
	}
	roll(t, s, 4)
	if s.hexOf("villaverde") != "0520" {
		t.Fatalf("4-6: he joins the nearest unit of his formation, got %s", s.hexOf("villaverde"))
	}
	if s.Lost[Allied] != 0 {
		t.Fatalf("an escaped leader is not lost: %d", s.Lost[Allied])
	}
}

// TestRule6_EscapedLeaderWithoutFormationIsNotLost: a leader who survives
// his roll (4-6) with no unit of his formation left joins the nearest unit
// of his army and does not count as lost [5, 6].
func TestRule6_EscapedLeaderWithoutFormationIsNotLost(t *testing.T) {
	s := board(t, nil, phaseBShock)
	s.put("villaverde", "0514", 4)
	s.put("er1", "0520", 4) // not of Villaverde's formation
	s.put("lb1", "0414", 1)
	apply(t, s, rules.Action{Kind: "shock", Unit: "lb1", To: "0514"})
	apply(t, s, rules.Action{Kind: "shock", Choice: "resolve"})
	roll(t, s, 5)
	if !s.alive(s.idx("villaverde")) || s.hexOf("villaverde") != "0520" || s.Lost[Allied] != 0 {
		t.Fatalf("he escapes and joins the nearest unit of his army, not lost: at %q, lost %d", s.hexOf("villaverde"), s.Lost[Allied])
	}
}

// TestRule6_WithdrawingFormationLeaderMayMove: on a roll of 1-2 the units of
// an out-of-command formation fall back a hex and do nothing more; the
// roll binds the units, not their leader, who may ride to restore command
// [6].
func TestRule6_WithdrawingFormationLeaderMayMove(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("labadie", "0414", 1)
	s.put("lb1", "0414", 1)
	s.Mode["Lb"] = "withdraw"
	s.touch()
	if why := s.cannotMove(s.idx("lb1")); !strings.Contains(why, "[6]") {
		t.Fatalf("the withdrawing unit may not move: %q", why)
	}
	if why := s.cannotMove(s.idx("labadie")); why != "" {
		t.Fatalf("the leader is free to move: %q", why)
	}
}

// TestRule6_CommandRadiiAreTheBooks: a counter whose command radius differs
// from the book's (4 for a formation leader, 8 for a commander in chief) is
// refused with its file and line [6].
func TestRule6_CommandRadiiAreTheBooks(t *testing.T) {
	const dir = "almansa/almansa-1707/"
	oob := records(t, dir+"oob.txt")
	line := 0
	for k := range oob {
		if oob[k].Kind == "unit" && oob[k].Args[0] == "avaray" {
			f := map[string]string{}
			for key, v := range oob[k].Fields {
				f[key] = v
			}
			f["radius"] = "5"
			oob[k].Fields = f
			line = oob[k].Line
		}
	}
	_, err := BuildScenario("fixture", records(t, "almansa/tables.txt"), records(t, dir+"map.txt"), oob, records(t, dir+"setup.txt"))
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("oob.txt:%d:", line)) || !strings.Contains(err.Error(), "[6]") {
		t.Fatalf("a leader with radius 5: %v", err)
	}
}

// TestRule13_ShockTargetsShowTheirOdds: the highlight of a shock target
// carries the odds column the attack would use (rounded down [13]), so a
// player sees the odds before choosing.
func TestRule13_ShockTargetsShowTheirOdds(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		g, err := rules.NewGame(ScenarioID, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < 3000 && !g.State.Result().Over; n++ {
			legal := g.State.Legal()
			for _, a := range legal {
				if (a.Kind == "shock" || a.Kind == "charge") && a.Unit != "" && a.Choice == "" {
					if a.Info == "" || (a.Info != "overrun" && !strings.Contains(a.Info, ":")) {
						t.Fatalf("shock action %q has Info %q, want an odds column like 2:1", a.Label, a.Info)
					}
					st := g.State.(*State)
					to, _ := st.sc.Map.Layout.Parse(a.To)
					_, df, col, _, _ := st.shockOdds([]string{a.Unit}, []hex.Coord{to}, a.Kind == "charge")
					if df > 0 && a.Info != st.sc.Tables["shock"].Cols[col] {
						t.Fatalf("shock action %q shows %q, the table column is %q", a.Label, a.Info, st.sc.Tables["shock"].Cols[col])
					}
					return
				}
			}
			if _, err := g.Apply(legal[(int(seed)*7+n)%len(legal)]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no shock action came up in 40 random games")
}

// inFrontOf puts unit id in the first front hex of enemy unit foe (so in
// its ZoC) with facing f, and returns that hex.
func inFrontOf(s *State, id, foe string, f int) string {
	j := s.idx(foe)
	h := s.num(hex.FrontHexes(s.Units[j].At, s.Units[j].Facing)[0])
	s.put(id, h, f)
	return h
}

// TestRule10_RoutedUnitMayMove: the book forbids routed units to attack,
// not to move; a routed unit in an enemy ZoC may fall back out of it (and
// may then rally) [10, 14].
func TestRule10_RoutedUnitMayMove(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("v1", "1510", 4)
	h := inFrontOf(s, "lb1", "v1", 1)
	s.unit("lb1").DSB = true
	s.touch()
	rear := s.num(hex.RearHexes(coord(s, h), 1)[0])
	if !legal(s, move("lb1", rear)) {
		t.Fatalf("a routed unit may fall back from %s to %s [10]", h, rear)
	}
	apply(t, s, move("lb1", rear))
	if s.zoc(Allied)[coord(s, rear)] {
		t.Fatal("test set-up: the rear hex is in the enemy ZoC")
	}
}

// TestRule9_LeadersObeyEnemyZOC: leaders exert no ZoC but, like every unit,
// stop on entering an enemy ZoC and leave one only for 2 MP, into a hex
// outside enemy ZoC, moving no further [9, 10].
func TestRule9_LeadersObeyEnemyZOC(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("v1", "1510", 4)
	j := s.idx("v1")
	front := hex.FrontHexes(s.Units[j].At, 4)[0]
	var from hex.Coord
	for _, n := range front.Neighbors() {
		if s.sc.Map.On(n) && !s.zoc(Allied)[n] && n != s.Units[j].At {
			from = n
			break
		}
	}
	s.put("labadie", s.num(from), 0)
	s.put("lb1", "0101", 1)
	apply(t, s, move("labadie", s.num(front)))
	if !s.unit("labadie").Stopped {
		t.Fatal("a leader entering an enemy ZoC stops [9]")
	}
	for _, a := range s.Legal() {
		if a.Unit == "labadie" {
			t.Fatalf("the stopped leader may not move on: %s", a.Key())
		}
	}
	// Next phase: he starts in the ZoC and leaves it for 2 MP, then stops.
	u := s.unit("labadie")
	u.Stopped, u.Spent, u.Moved = false, 0, false
	s.touch()
	apply(t, s, move("labadie", s.num(from)))
	if got := s.unit("labadie").Spent; got != 4 {
		t.Fatalf("leaving an enemy ZoC costs 2 MP (4 half MP), spent %d [9]", got)
	}
	for _, a := range s.Legal() {
		if a.Unit == "labadie" {
			t.Fatalf("after leaving the ZoC the leader moves no further: %s", a.Key())
		}
	}
}

// TestRule10_FallBackBeforeTurning: a unit in an enemy ZoC falls back into a
// rear hex of its facing without turning first; it may turn afterwards [10].
func TestRule10_FallBackBeforeTurning(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("v1", "1510", 4)
	h := inFrontOf(s, "lb1", "v1", 1)
	apply(t, s, rules.Action{Kind: "face", Unit: "lb1", Facing: 2})
	for _, r := range hex.RearHexes(coord(s, h), 2) {
		if legal(s, move("lb1", s.num(r))) {
			t.Fatalf("after turning, the unit may not fall back into %s, a rear hex of its new facing [10]", s.num(r))
		}
	}
	for _, r := range hex.RearHexes(coord(s, h), 1) {
		if legal(s, move("lb1", s.num(r))) {
			t.Fatalf("after turning, the unit may not fall back at all (%s) [10]", s.num(r))
		}
	}
	s = board(t, nil, phaseBMove)
	s.put("v1", "1510", 4)
	h = inFrontOf(s, "lb1", "v1", 1)
	rear := s.num(hex.RearHexes(coord(s, h), 1)[0])
	apply(t, s, move("lb1", rear))
	apply(t, s, rules.Action{Kind: "face", Unit: "lb1", Facing: 2})
}

// TestRule7_MayPassThroughAStackFacingAnotherWay: only units that end up
// stacked must share a facing; a unit may pass through a friendly stack
// that faces another way if it moves on at once (nothing else happens
// until it has), but may not stop there [7].
func TestRule7_MayPassThroughAStackFacingAnotherWay(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("v1", "2501", 4) // an enemy far away
	s.put("lb1", "0414", 1)
	y := s.num(hex.FrontHexes(coord(s, "0414"), 1)[0])
	s.put("lb2", y, 0)
	z := s.num(hex.FrontHexes(coord(s, y), 1)[0])
	if !legal(s, move("lb1", y)) {
		t.Fatalf("lb1 may pass through the stack at %s that faces another way; legal %v", y, s.Legal())
	}
	apply(t, s, move("lb1", y))
	if s.Transit != "lb1" {
		t.Fatalf("lb1 is passing through: transit %q", s.Transit)
	}
	for _, a := range s.Legal() {
		if a.Unit != "lb1" || a.Kind != "move" {
			t.Fatalf("while lb1 passes through, only its onward moves are legal: %s", a.Key())
		}
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	apply(t, s, move("lb1", z))
	if s.Transit != "" || s.hexOf("lb1") != z {
		t.Fatalf("lb1 moved on to %s: at %s, transit %q", z, s.hexOf("lb1"), s.Transit)
	}

	// With only the movement to enter, it may not go in at all.
	s = board(t, nil, phaseBMove)
	s.put("v1", "2501", 4)
	s.put("lb1", "0414", 1)
	s.put("lb2", y, 0)
	s.unit("lb1").Spent = 2*s.def(s.idx("lb1")).MP - 2 // 1 MP left
	s.touch()
	if legal(s, move("lb1", y)) {
		t.Fatal("a unit that could not move on may not enter a stack facing another way [7]")
	}
}

// TestRule14_RoutedEnemyHasNoFrontForRetreats pins a reading (reference.md,
// 13): routed units exert no ZoC "of any type" [14], and the effects of
// front and flank hexes belong to the ZoC rule [9], so a retreat into a
// routed enemy's front or flank hex calls for no check.
func TestRule14_RoutedEnemyHasNoFrontForRetreats(t *testing.T) {
	s := board(t, nil, phaseBShock)
	s.put("v1", "1510", 4)
	front := hex.FrontHexes(coord(s, "1510"), 4)[0]
	if f, _ := s.enemyArcs(s.occupancy(), front, Bourbon); !f {
		t.Fatal("test set-up: the hex is v1's front")
	}
	s.unit("v1").DSB = true
	if f, fl := s.enemyArcs(s.occupancy(), front, Bourbon); f || fl {
		t.Fatal("a routed enemy's front calls for no retreat check")
	}
}
