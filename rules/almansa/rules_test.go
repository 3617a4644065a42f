package almansa

import (
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/hex"
)

// Hex 0414 and its neighbours are clear ground: N 0413, NE 0513, SE 0514,
// S 0415, SW 0314, NW 0313. Bourbon units face 1 (east): front 0513 and 0514.

func TestRule7_FacingFrontFlankRear(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("lb1", "0414", 1)
	var tos []string
	for _, a := range s.Legal() {
		if a.Unit == "lb1" && a.Kind == "move" {
			tos = append(tos, a.To)
		}
	}
	if strings.Join(tos, ",") != "0513,0514" {
		t.Fatalf("lb1 facing 1 may move into its two front hexes only, got %v", tos)
	}
	c := coord(s, "0414")
	for d, want := range map[int]hex.Arc{1: hex.Front, 2: hex.Front, 0: hex.Flank, 3: hex.Flank, 4: hex.Rear, 5: hex.Rear} {
		if a, _ := hex.ArcOf(c, 1, c.Neighbor(d)); a != want {
			t.Errorf("direction %d is %v for facing 1, want %v", d, a, want)
		}
	}
	if why := s.WhyNot("lb1", "0413"); !strings.Contains(why, "[10]") {
		t.Errorf("moving into a flank hex: %q", why)
	}
	// Turning one hexside costs 1/2 MP [7].
	apply(t, s, rules.Action{Kind: "face", Unit: "lb1", Facing: 2})
	if u := s.unit("lb1"); u.Facing != 2 || u.Spent != 1 {
		t.Fatalf("after turning: facing %d, spent %d half MP", u.Facing, u.Spent)
	}
	if !legal(s, move("lb1", "0415")) || legal(s, move("lb1", "0513")) {
		t.Fatal("after turning to facing 2 the front hexes are 0514 and 0415")
	}
}

func TestRule7_StacksShareFacing(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("lb1", "0414", 1)
	s.put("lb6", "0414", 1)
	s.put("sg6", "0313", 2)                            // front: 0414 and 0314
	s.unit("sg6").Spent = 2*s.def(s.idx("sg6")).MP - 2 // 1 MP left: it would end its move there
	s.touch()
	if legal(s, move("sg6", "0414")) {
		t.Fatal("a unit may not end its move in a stack that faces another way")
	}
	if why := s.WhyNot("sg6", "0414"); !strings.Contains(why, "[7]") {
		t.Errorf("why not: %q", why)
	}
	// Turning a unit turns its stack; each pays 1/2 MP.
	apply(t, s, rules.Action{Kind: "face", Unit: "lb1", Facing: 2})
	if s.unit("lb6").Facing != 2 || s.unit("lb6").Spent != 1 || s.unit("lb1").Spent != 1 {
		t.Fatalf("stack did not turn together: %+v %+v", *s.unit("lb1"), *s.unit("lb6"))
	}
	if !legal(s, move("sg6", "0414")) {
		t.Fatal("once the stack faces 2, sg6 (facing 2) may join it")
	}
}

func TestRule8_StackingLimits(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("lb1", "0514", 1)
	s.put("lb2", "0514", 1)
	s.put("ba1", "0514", 1)
	s.put("lb6", "0414", 1) // one step
	s.put("ba2", "0414", 1)
	s.put("labadie", "0414", 1)
	if legal(s, move("lb6", "0514")) {
		t.Fatal("5 steps of infantry in one hex")
	}
	if why := s.WhyNot("lb6", "0514"); !strings.Contains(why, "[8]") {
		t.Errorf("why not: %q", why)
	}
	if legal(s, move("ba2", "0514")) {
		t.Fatal("two artillery units in one hex")
	}
	if !legal(s, move("labadie", "0514")) {
		t.Fatal("leaders do not count for stacking [8]")
	}
}

func TestRule8_OverstackByRetreatDisorganises(t *testing.T) {
	s := board(t, nil, phaseBShock)
	s.put("v1", "0514", 1)
	s.put("v2", "0414", 1)
	s.put("v3", "0414", 1)
	s.unit("v2").DSG = true
	evs := s.retreatStep(s.idx("v1"), coord(s, "0414"))
	if !hasEvent(evs, "disorganised", "8") || !s.unit("v1").DSG || !s.unit("v3").DSG {
		t.Fatalf("overstack did not disorganise the hex: %v", evs)
	}
	if s.unit("v2").DSB || len(s.Tasks) != 0 {
		t.Fatal("an already disorganised unit does not rout for overstacking [8]")
	}
}

func TestRule9_ZOCStopsMovement(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("v1", "0614", 4) // front (ZoC): 0514 and 0513
	s.put("lb1", "0414", 1)
	z := s.zoc(Allied)
	if !z[coord(s, "0514")] || !z[coord(s, "0513")] || z[coord(s, "0615")] {
		t.Fatalf("v1 facing 4 at 0614 must control its front hexes 0513/0514 only")
	}
	evs := apply(t, s, move("lb1", "0514"))
	if !s.unit("lb1").Stopped || !hasEvent(evs, "move", "9") {
		t.Fatal("entering an enemy ZoC stops the unit [9]")
	}
	for _, a := range s.Legal() {
		if a.Unit == "lb1" && a.Kind == "move" {
			t.Fatalf("lb1 moved on after entering a ZoC: %s", a.Key())
		}
	}
}

func TestRule9_LeavingZOCOnlyByFallingBack(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("v1", "0614", 4)
	s.put("v2", "0515", 4) // front: 0416 and 0415
	s.put("lb1", "0514", 1)
	if legal(s, move("lb1", "0615")) {
		t.Fatal("a unit in an enemy ZoC may not move forward out of it [10]")
	}
	if legal(s, move("lb1", "0415")) {
		t.Fatal("no moving from one enemy ZoC into another [9]")
	}
	if why := s.WhyNot("lb1", "0415"); !strings.Contains(why, "[9]") {
		t.Errorf("why not: %q", why)
	}
	apply(t, s, move("lb1", "0414"))
	if u := s.unit("lb1"); u.Spent != 4 || !u.FellBack || u.Facing != 1 {
		t.Fatalf("falling back costs 2 MP without turning: %+v", *u)
	}
	for _, a := range s.Legal() {
		if a.Unit == "lb1" && a.Kind == "move" {
			t.Fatalf("after falling back only facing changes remain: %s", a.Key())
		}
	}
	if !legal(s, rules.Action{Kind: "face", Unit: "lb1", Facing: 2}) {
		t.Fatal("after falling back the unit may turn with its remaining MP [10]")
	}
}

func TestRule9_NoZOCIntoRedoubtTownRavineNorFromSome(t *testing.T) {
	s := board(t, nil, phaseBMove)
	red := "0910"
	x := nb(s, red, 1) // the redoubt lies in x's front (direction 4)
	s.put("v1", x, 4)
	z := s.zoc(Allied)
	if z[coord(s, red)] {
		t.Fatal("no ZoC into a redoubt hex [9]")
	}
	if other := coord(s, x).Neighbor(5); s.terrain(other) == "clear" && !z[other] {
		t.Fatal("the other front hex is in ZoC")
	}
	s.put("v1", red, 4)
	if len(s.zoc(Allied)) != 0 {
		t.Fatal("a unit in a redoubt exerts no ZoC [9]")
	}
	s.put("v1", "0614", 4)
	s.unit("v1").DSB = true
	s.put("aa1", "0616", 4)
	if len(s.zoc(Allied)) != 0 {
		t.Fatal("routed units and artillery exert no ZoC [9, 14]")
	}
}

func TestRule9_RetreatIntoZOCCostsAStep(t *testing.T) {
	s := board(t, nil, phaseAShock)
	s.put("lb1", "0414", 1) // ZoC on 0513, 0514
	s.put("v1", "0614", 4)
	s.retreatStep(s.idx("v1"), coord(s, "0514"))
	if u := s.unit("v1"); u.Steps != 1 || !u.DSG {
		t.Fatalf("retreat into an enemy ZoC: lose a step and disorganise [9]: %+v", *u)
	}
	if len(s.Tasks) != 1 || s.Tasks[0].Kind != "mc" || s.Tasks[0].Mod != 1 {
		t.Fatalf("retreat into an enemy front hex: morale check at +1 [13]: %+v", s.Tasks)
	}
}

func TestRule10_TerrainCostsAndProhibitions(t *testing.T) {
	s := board(t, nil, phaseBMove)
	from := nb(s, "1510", 4) // 1510 is a hill in its front
	s.put("lb1", from, 1)
	apply(t, s, move("lb1", "1510"))
	if s.unit("lb1").Spent != 4 {
		t.Fatalf("a hill costs 2 MP, spent %d half MP", s.unit("lb1").Spent)
	}
	w := nb(s, "0607", 4) // the walls of Almansa in its front
	s.put("p1", w, 1)
	if legal(s, move("p1", "0607")) {
		t.Fatal("cavalry may not enter the walled town")
	}
	if why := s.WhyNot("p1", "0607"); !strings.Contains(why, "[10]") {
		t.Errorf("why not: %q", why)
	}
	// Roads: 1008 -> 1108 is a road hexside; the cost is the road's.
	if c := s.enterCost(s.idx("lb1"), coord(s, "1008"), coord(s, "1108")); c != 2 {
		t.Fatalf("road cost %d half MP", c)
	}
}

func TestRule10_FormationByFormation(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("lb1", "0414", 1)
	s.put("lb2", "0416", 1)
	s.put("sg1", "0412", 1)
	s.put("ba1", "0410", 1)
	apply(t, s, move("lb1", "0514"))
	apply(t, s, move("ba1", nb(s, "0410", 1))) // artillery moves at any time [12]
	if s.Done["Lb"] {
		t.Fatal("artillery moving does not close the formation")
	}
	apply(t, s, move("sg1", nb(s, "0412", 1)))
	if !s.Done["Lb"] {
		t.Fatal("moving San Gil finishes Labadie's formation [10]")
	}
	if why := s.WhyNot("lb2", nb(s, "0416", 1)); !strings.Contains(why, "[10]") {
		t.Fatalf("lb2 may no longer move: %q", why)
	}
	// Moved artillery may not fire offensively [10].
	if !s.unit("ba1").Moved {
		t.Fatal("moved artillery is marked")
	}
}

func TestRule11_FireTableHitsEveryUnitInTheHex(t *testing.T) {
	s := board(t, nil, phaseBFire)
	s.put("lb1", "0414", 1)
	s.put("lb2", "0415", 1)
	s.put("sg1", "0513", 2)
	s.put("v1", "0514", 4)
	s.put("v6", "0514", 4)
	apply(t, s, rules.Action{Kind: "fire", Unit: "lb1", To: "0514"})
	if legal(s, rules.Action{Kind: "fire", Unit: "sg1", To: "0514"}) {
		t.Fatal("infantry of another formation may not join the fire [11]")
	}
	if why := s.WhyNot("sg1", "0514"); !strings.Contains(why, "[11]") {
		t.Errorf("why not: %q", why)
	}
	apply(t, s, rules.Action{Kind: "fire", Unit: "lb2", To: "0514"})
	pv := s.Preview(rules.Action{Kind: "fire", Choice: "resolve", To: "0514"})
	total := 0
	for _, l := range pv {
		total += l.Num
	}
	if total != 6 {
		t.Fatalf("preview must cover the six faces: %+v", pv)
	}
	apply(t, s, rules.Action{Kind: "fire", Choice: "resolve", To: "0514"})
	// 8 CF, die 4: column 7-8, one step lost by every unit in the hex.
	evs := roll(t, s, 4)
	if s.unit("v1").Steps != 1 || !s.unit("v6").Dead {
		t.Fatalf("fire result: v1 %+v v6 %+v (%v)", *s.unit("v1"), *s.unit("v6"), evs)
	}
	if s.Lost[Allied] != 2 {
		t.Fatalf("two Allied steps destroyed, counted %d [5]", s.Lost[Allied])
	}
	if !s.unit("lb1").Fired || !s.unit("lb2").Fired {
		t.Fatal("firers are marked")
	}
	// San Gil fires next: Labadie is finished [11].
	apply(t, s, rules.Action{Kind: "fire", Unit: "sg1", To: "0514"})
	if !s.Done["Lb"] {
		t.Fatal("formations fire one after another [11]")
	}
}

func TestRule11_FireModifiers(t *testing.T) {
	s := board(t, nil, phaseBFire)
	s.put("v1", "0607", 4) // in the walls
	s.put("lb1", nb(s, "0607", 4), 1)
	m, mods := s.fireMods([]string{"lb1"}, coord(s, "0607"))
	if m != -2 || len(mods) != 1 {
		t.Fatalf("walls: %d %v", m, mods)
	}
	// Enfilade: firing into the target's flank.
	s.put("v2", "0514", 4)
	s.put("lb2", nb(s, "0514", 3), 0) // south of the target, facing north
	if m, _ := s.fireMods([]string{"lb2"}, coord(s, "0514")); m != 1 {
		t.Fatalf("enfilade +1, got %d", m)
	}
}

func TestRule12_ArtilleryRangeArcAndPath(t *testing.T) {
	s := board(t, nil, phaseBFire)
	c := coord(s, "0414")
	s.put("ba1", "0414", 1)
	three := s.num(c.Add(hex.Dirs[1].Scale(3)))
	four := s.num(c.Add(hex.Dirs[1].Scale(4)))
	side := s.num(c.Add(hex.Dirs[0].Scale(2)))
	s.put("v1", three, 4)
	s.put("v2", four, 4)
	s.put("v3", side, 4)
	if !legal(s, rules.Action{Kind: "fire", Unit: "ba1", To: three}) {
		t.Fatal("artillery fires 3 hexes ahead [12]")
	}
	if legal(s, rules.Action{Kind: "fire", Unit: "ba1", To: four}) {
		t.Fatal("artillery range is 3 [12]")
	}
	if why := s.WhyNot("ba1", side); !strings.Contains(why, "front") {
		t.Fatalf("outside the front arc: %q", why)
	}
	if m, _ := s.fireMods([]string{"ba1"}, coord(s, three)); m != -1 {
		t.Fatalf("long range -1, got %d", m)
	}
	s.put("lb1", s.num(c.Add(hex.Dirs[1])), 1)
	if legal(s, rules.Action{Kind: "fire", Unit: "ba1", To: three}) {
		t.Fatal("a unit on the path blocks artillery fire [12]")
	}
	// Moved artillery does not fire offensively [10].
	s.put("lb1", "0101", 1)
	s.unit("ba1").Moved = true
	s.touch()
	if why := s.WhyNot("ba1", three); !strings.Contains(why, "[10]") {
		t.Fatalf("moved artillery: %q", why)
	}
}

func TestRule13_ShockOddsRoundDown(t *testing.T) {
	s := board(t, nil, phaseBShock)
	// The book's example: 10 combat factors against 4 is a 2:1 attack.
	if col := s.sc.Tables["shock"].Cols[s.sc.shockColumn(10, 4)]; col != "2:1" {
		t.Fatalf("10 against 4 is %s", col)
	}
	if col := s.sc.Tables["shock"].Cols[s.sc.shockColumn(4, 10)]; col != "1:3" {
		t.Fatalf("4 against 10 is %s (rounded in the defender's favour)", col)
	}
	// The same attack on the board: lb1 (4) + lb6 (2) stacked, lb2 (4) next to them.
	s.put("v1", "0514", 4)
	s.put("lb1", "0414", 1)
	s.put("lb6", "0414", 1)
	s.put("lb2", "0415", 1)
	apply(t, s, rules.Action{Kind: "shock", Unit: "lb1", To: "0514"})
	apply(t, s, rules.Action{Kind: "shock", Unit: "lb6", To: "0514"})
	apply(t, s, rules.Action{Kind: "shock", Unit: "lb2", To: "0514"})
	res, ok := rules.FindLegal(s, rules.Action{Kind: "shock", Choice: "resolve"})
	if !ok || !strings.Contains(res.Label, "10 against 4, column 2:1") {
		t.Fatalf("resolve label %q", res.Label)
	}
	apply(t, s, res)
	roll(t, s, 4) // 2:1, die 4: D1
	if s.unit("v1").Steps != 1 {
		t.Fatalf("defender should lose a step: %+v", *s.unit("v1"))
	}
}

func TestRule13_ShockShifts(t *testing.T) {
	s := board(t, map[string]bool{OptRoutCharge: true}, phaseBShock)
	s.put("v1", "0514", 4)
	s.put("lb1", "0414", 1)
	base := func(units []string, charge bool) int {
		_, _, col, _, _ := s.shockOdds(units, []hex.Coord{coord(s, "0514")}, charge)
		return col
	}
	c0 := base([]string{"lb1"}, false) // 4 v 4: 1:1
	if s.sc.Tables["shock"].Cols[c0] != "1:1" {
		t.Fatalf("4 against 4 is %s", s.sc.Tables["shock"].Cols[c0])
	}
	s.put("lb2", nb(s, "0514", 3), 0) // in v1's flank
	if base([]string{"lb2"}, false) != c0+1 {
		t.Fatal("enfilade shifts one column [13]")
	}
	s.put("p1", "0414", 1)
	s.put("lb1", "0101", 1)
	if base([]string{"p1"}, true) != c0+1 {
		t.Fatal("a cavalry charge shifts one column [13]")
	}
	s.unit("v1").DSB = true
	if base([]string{"p1"}, false) != c0+2 || base([]string{"p1"}, true) != c0+2 {
		t.Fatal("routed defenders +2, and a charge on them +2 in all with the optional rule [13, 15]")
	}
	s.unit("v1").DSB = false
	s.put("v1", "0910", 4)
	s.put("p1", nb(s, "0910", 5), 2)
	if _, _, col, _, _ := s.shockOdds([]string{"p1"}, []hex.Coord{coord(s, "0910")}, false); col != c0-1 {
		t.Fatal("a redoubt shifts one column left [13]")
	}
}

func TestRule13_NoChargeFromAMixedStack(t *testing.T) {
	s := board(t, nil, phaseBShock)
	s.put("v1", "0514", 4)
	s.put("p1", "0414", 1)
	if !legal(s, rules.Action{Kind: "charge", Unit: "p1", To: "0514"}) {
		t.Fatal("cavalry alone may charge")
	}
	s.put("lb6", "0414", 1)
	if legal(s, rules.Action{Kind: "charge", Unit: "p1", To: "0514"}) {
		t.Fatal("cavalry stacked with infantry may not charge [13]")
	}
	if !legal(s, rules.Action{Kind: "shock", Unit: "p1", To: "0514"}) {
		t.Fatal("but it may fight a normal shock")
	}
}

func TestRule13_ChargeThenMoraleCheck(t *testing.T) {
	s := board(t, nil, phaseBShock)
	s.put("v1", "0514", 4)
	s.put("p1", "0414", 1)
	s.put("p2", "0415", 1)
	apply(t, s, rules.Action{Kind: "charge", Unit: "p1", To: "0514"})
	if legal(s, rules.Action{Kind: "charge", Unit: "p2", To: "0514"}) {
		t.Fatal("no combined charge from several hexes [13]")
	}
	apply(t, s, rules.Action{Kind: "charge", Choice: "resolve"})
	roll(t, s, 3) // 4 v 4 +1 = 2:1, die 3: DM
	roll(t, s, 1) // v1's morale check: passes
	if len(s.Tasks) == 0 || s.Tasks[0].Kind != "mc" || s.Tasks[0].Unit != "p1" {
		t.Fatalf("the charging cavalry checks morale after the charge [13]: %+v", s.Tasks)
	}
	roll(t, s, 6)
	if !s.unit("p1").DSG {
		t.Fatal("p1 failed (6 > 3) and is disorganised")
	}
}

func TestRule13_RetreatChosenByTheRetreatingPlayer(t *testing.T) {
	s := board(t, nil, phaseBShock)
	s.put("v1", "0514", 4)
	s.put("lb1", "0414", 1)
	s.put("lb2", "0414", 1)
	s.put("lb3", "0415", 1)
	s.put("ba1", "0414", 1)
	// 4+4+4+1 = 13 against 4: 3:1; die 6: D1R.
	for _, u := range []string{"lb1", "lb2", "lb3", "ba1"} {
		apply(t, s, rules.Action{Kind: "shock", Unit: u, To: "0514"})
	}
	apply(t, s, rules.Action{Kind: "shock", Choice: "resolve"})
	roll(t, s, 6)
	if s.unit("v1").Steps != 1 {
		t.Fatal("D1R: the defender loses a step")
	}
	if s.Status().Decider != rules.Side(Allied) {
		t.Fatalf("the Allied (non-active) player chooses the retreat hex, decider %v", s.Status().Decider)
	}
	var to string
	z := s.zoc(Bourbon)
	for _, a := range s.Legal() {
		if a.Kind != "move" || a.Rule != "13" {
			t.Fatalf("unexpected action %s", a.Key())
		}
		c := coord(s, a.To)
		if s.sc.EdgeDist[Allied][c] >= s.sc.EdgeDist[Allied][coord(s, "0514")] {
			t.Fatalf("retreat must go toward the Allied edge: %s", a.To)
		}
		if !z[c] {
			to = a.To
		}
	}
	apply(t, s, move("v1", to))
	if s.hexOf("v1") != to {
		t.Fatal("v1 did not retreat")
	}
	// Retreated, not routed or eliminated: no advance [13].
	for _, tk := range s.Tasks {
		if tk.Kind == "advance" {
			t.Fatal("no advance into a hex left by a retreat")
		}
	}
}

func TestRule13_AdvanceAndSpikedGuns(t *testing.T) {
	s := board(t, nil, phaseBShock)
	s.put("v6", "0514", 4) // one step
	s.put("aa1", "0514", 4)
	s.put("lb1", "0414", 1)
	s.put("lb2", "0414", 1)
	apply(t, s, rules.Action{Kind: "shock", Unit: "lb1", To: "0514"})
	apply(t, s, rules.Action{Kind: "shock", Unit: "lb2", To: "0514"})
	apply(t, s, rules.Action{Kind: "shock", Choice: "resolve"})
	roll(t, s, 5) // 8 against 2: 4:1, die 5: D1R
	if s.Status().Decider != rules.Side(Allied) || s.Tasks[0].Kind != "loss" {
		t.Fatalf("the Allied player allots the step loss: %+v", s.Tasks)
	}
	apply(t, s, rules.Action{Kind: "choose", Unit: "v6", Choice: "loss"})
	if !s.unit("v6").Dead || !s.unit("aa1").Dead {
		t.Fatalf("guns are lost with their escort [13]: v6 %+v aa1 %+v", *s.unit("v6"), *s.unit("aa1"))
	}
	if s.Lost[Allied] != 2 {
		t.Fatalf("Allied steps %d", s.Lost[Allied])
	}
	apply(t, s, move("lb1", "0514"))
	if s.hexOf("lb1") != "0514" {
		t.Fatal("advance after combat [13]")
	}
}

func TestRule14_MoraleCheckWithLeader(t *testing.T) {
	s := board(t, nil, phaseBFire)
	s.put("v1", "0514", 4) // morale 3
	s.put("villaverde", "0514", 4)
	tk, _ := s.mcTask(s.idx("v1"), 0, nil, "test", "14")
	s.push(tk)
	s.touch()
	roll(t, s, 4) // 4 <= 3 + 1 (Villaverde)
	if s.unit("v1").DSG {
		t.Fatal("the stacked leader's rating helps the morale check [6, 14]")
	}
	s.push(tk)
	s.touch()
	roll(t, s, 5)
	if !s.unit("v1").DSG {
		t.Fatal("a failed check disorganises [14]")
	}
	// A second disorganisation: check at +2 or rout.
	s.push(tk)
	s.touch()
	roll(t, s, 6)
	if s.Tasks[0].Kind != "routcheck" {
		t.Fatalf("second DSG must call a rout check: %+v", s.Tasks)
	}
	roll(t, s, 6) // 6 <= 3+1+2: holds
	if s.unit("v1").DSB {
		t.Fatal("6 against 6 holds")
	}
	// Artillery ignores morale [14].
	if _, ok := s.mcTask(s.idx("aa1"), 0, nil, "test", "14"); ok {
		t.Fatal("artillery takes no morale check")
	}
}

func TestRule14_RoutFleesThroughFriends(t *testing.T) {
	s := board(t, nil, phaseAShock)
	s.put("lb1", "1214", 1) // lb3 morale 3 is used as the router below
	s.put("lb2", "1114", 1)
	s.Units[s.idx("lb1")], s.Units[s.idx("lb3")] = s.Units[s.idx("lb3")], s.Units[s.idx("lb1")]
	s.unit("lb3").DSG = true
	s.push(Task{Kind: "routcheck", Unit: "lb3", Side: Bourbon, Rule: "14"})
	s.touch()
	roll(t, s, 6) // 6 > 3+2: routs
	if !s.unit("lb3").DSB || s.Status().Decider != rules.Side(Bourbon) {
		t.Fatalf("routed, and its owner chooses the flight: %+v", s.Tasks)
	}
	var all []rules.Event
	for n := 0; n < 3; n++ {
		var pick rules.Action
		for _, a := range s.Legal() {
			if a.To == "1114" || pick.Kind == "" {
				pick = a
			}
		}
		before := s.sc.EdgeDist[Bourbon][s.Units[s.idx("lb3")].At]
		all = append(all, apply(t, s, pick)...)
		if after := s.sc.EdgeDist[Bourbon][s.Units[s.idx("lb3")].At]; after != before-1 && s.unit("lb3").On {
			t.Fatalf("a rout goes toward the unit's edge: %d -> %d", before, after)
		}
	}
	passed := false
	for _, e := range all {
		passed = passed || e.Kind == "disorganised" && e.Rule == "14" && len(e.Units) == 1 && e.Units[0] == "lb2"
	}
	if !passed {
		t.Fatal("friends the routers pass through are disorganised [14]")
	}
	if s.exertsZOC(s.idx("lb3")) {
		t.Fatal("routed units exert no ZoC [14]")
	}
}

func TestRule14_RoutBlockedIsEliminated(t *testing.T) {
	s := board(t, nil, phaseAShock)
	s.put("lb1", "0114", 1) // on the west edge already
	s.rout(s.idx("lb1"))
	s.touch()
	s.settle()
	if !s.unit("lb1").Dead {
		t.Fatal("a routed unit that cannot flee 3 hexes is eliminated [14]")
	}
}

func TestRule14_Rally(t *testing.T) {
	s := board(t, nil, phaseEnd)
	s.Phase = phaseAShock
	s.put("lb1", "0514", 1)
	s.unit("lb1").DSB = true
	s.put("berwick", "0514", 1)
	s.put("lb2", "0414", 1)
	s.unit("lb2").DSG = true
	s.Ended = true
	s.touch()
	if _, err := s.settle(); err != nil {
		t.Fatal(err)
	}
	if s.Phase != phaseRally || s.unit("lb2").DSG {
		t.Fatalf("in the Rally phase disorganisation outside enemy ZoC goes: %s %+v", s.Phase, *s.unit("lb2"))
	}
	if s.Tasks[0].Kind != "rally" || s.Tasks[0].Mod != -2 {
		t.Fatalf("rally with the commander in chief stacked: -2 [14]: %+v", s.Tasks)
	}
	roll(t, s, 5) // 5-2 = 3 <= 3
	if s.unit("lb1").DSB {
		t.Fatal("lb1 should have rallied")
	}
}

func TestRule6_CommandRadiusAndTrace(t *testing.T) {
	s := started(t, nil)
	for i, u := range s.Units {
		if u.OOC {
			t.Fatalf("%s out of command in the historical set-up", s.def(i).ID)
		}
	}
	block := s.blockers(Bourbon)
	l := s.Units[s.idx("labadie")].At
	far := l.Add(hex.Dirs[3].Scale(5))
	if s.traceCommand(block, l, far, 4) {
		t.Fatal("5 hexes is beyond a leader's radius of 4")
	}
	// Enemy front and flank hexes block a line unless a friend stands there.
	b := board(t, nil, phaseCommand)
	b.put("v1", "0614", 4) // front 0513/0514, flank 0613/0615
	blk := b.blockers(Bourbon)
	if !blk[coord(b, "0514")] || !blk[coord(b, "0613")] || blk[coord(b, "0715")] {
		t.Fatal("front and flank hexes of an enemy block the line of command [6]")
	}
	b.put("lb1", "0514", 1)
	if b.blockers(Bourbon)[coord(b, "0514")] {
		t.Fatal("a friendly unit clears the hex [9]")
	}
}

func TestRule6_OutOfCommandRoll(t *testing.T) {
	for die, want := range map[int]string{1: "withdraw", 2: "attack", 4: "normal"} {
		s := started(t, nil)
		s.put("berwick", "0101", 1)
		s.put("btrain", "0102", 1)
		s.Phase = phaseCommand
		s.Tasks = nil
		s.commandPhase()
		s.touch()
		if !s.unit("popoli").OOC {
			t.Fatal("Popoli is far beyond Berwick's radius of 8")
		}
		found := false
		for len(s.Tasks) > 0 && s.Tasks[0].Kind == "ooc" {
			f := s.Tasks[0].Units[0]
			roll(t, s, die)
			if f == "P" {
				found = true
				if s.Mode["P"] != want {
					t.Fatalf("die %d + rating 1: %s, want %s", die, s.Mode["P"], want)
				}
			}
		}
		if !found {
			t.Fatal("no out-of-command roll for Popoli [6]")
		}
	}
}

func TestRule6_OutOfCommandUnitsNeitherMoveNorAttack(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("lb1", "0414", 1)
	s.unit("lb1").OOC = true
	s.touch()
	if why := s.WhyNot("lb1", "0514"); !strings.Contains(why, "[6]") {
		t.Fatalf("out-of-command unit moving: %q", why)
	}
	s.Phase = phaseBShock
	s.put("v1", "0514", 4)
	if legal(s, rules.Action{Kind: "shock", Unit: "lb1", To: "0514"}) {
		t.Fatal("out-of-command units do not attack [6]")
	}
	s.Phase = phaseBDFire
	s.touch()
	s.unit("lb1").Facing = 1
	if !legal(s, rules.Action{Kind: "fire", Unit: "lb1", To: "0514"}) {
		t.Fatal("out-of-command units fire defensively [6]")
	}
}

func TestRule6_LeaderLoss(t *testing.T) {
	for _, c := range []struct {
		die  int
		dead bool
	}{{2, true}, {5, false}} {
		s := board(t, nil, phaseBFire)
		s.put("lb1", "0414", 1)
		s.put("v6", "0514", 4)
		s.put("villaverde", "0514", 4)
		s.put("v2", "0520", 4)
		apply(t, s, rules.Action{Kind: "fire", Unit: "lb1", To: "0514"})
		apply(t, s, rules.Action{Kind: "fire", Choice: "resolve", To: "0514"})
		roll(t, s, 4) // 4 CF, die 4: one step; v6 is gone
		if !s.unit("v6").Dead || s.Tasks[0].Kind != "leader" {
			t.Fatalf("the leader's last unit died: %+v", s.Tasks)
		}
		lost := s.Lost[Allied]
		roll(t, s, c.die)
		if s.unit("villaverde").Dead != c.dead {
			t.Fatalf("die %d: leader dead %v", c.die, s.unit("villaverde").Dead)
		}
		if c.dead && s.Lost[Allied] != lost+2 {
			t.Fatal("a leader counts 2 steps [5]")
		}
		if !c.dead && s.hexOf("villaverde") != "0520" {
			t.Fatal("the leader joins the nearest unit of his formation [6]")
		}
	}
}

func TestRule5_Victory(t *testing.T) {
	for _, c := range []struct {
		lost   int
		winner int
	}{{19, Allied}, {20, Bourbon}} {
		s := board(t, nil, phaseEnd)
		s.Turn = 12
		s.Lost[Allied] = c.lost
		s.endGame()
		if r := s.Result(); !r.Over || int(r.Winner) != c.winner || !strings.Contains(r.Reason, "[5]") {
			t.Fatalf("%d steps: %+v", c.lost, r)
		}
	}
	s := board(t, nil, phaseBMove)
	s.put("galway", "2020", 4)
	s.put("atrain", "2019", 4)
	s.kill(s.idx("galway"), "6", "lost")
	s.kill(s.idx("atrain"), "13", "captured")
	if s.Lost[Allied] != 6 {
		t.Fatalf("a commander in chief and the train count 3 each [5], got %d", s.Lost[Allied])
	}
	v := s.View(rules.Side(Bourbon))
	if len(v.Score) == 0 || !strings.Contains(v.Score[0], "6 of 20") {
		t.Fatalf("score line %v", v.Score)
	}
}

func TestRule3_SequenceOfPlay(t *testing.T) {
	s := started(t, nil)
	var seen []string
	last := ""
	for !s.Over {
		if s.Phase != last && s.Turn == 1 {
			seen = append(seen, s.Phase)
		}
		last = s.Phase
		acts := s.Legal()
		pick := acts[0]
		for _, a := range acts {
			if a.Kind == "end" {
				pick = a
			}
		}
		if _, err := s.Apply(pick); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{phaseBMove, phaseBFire, phaseADFire, phaseBShock, phaseAMove, phaseAFire, phaseBDFire, phaseAShock}
	for _, w := range want {
		found := false
		for _, x := range seen {
			found = found || x == w
		}
		if !found && w != phaseADFire && w != phaseBDFire && w != phaseBShock && w != phaseAShock && w != phaseBFire && w != phaseAFire {
			t.Fatalf("phase %s never reached: %v", w, seen)
		}
	}
	for i := 1; i < len(seen); i++ {
		p, _ := machine.Next(seen[i-1])
		if idx(seen, p.ID) < 0 && p.ID != seen[i] {
			// Phases with nothing to decide are passed at once; the order
			// must still follow the table.
			if order(seen[i]) < order(seen[i-1]) {
				t.Fatalf("phases out of order: %v", seen)
			}
		}
	}
	if s.Turn != 12 || !s.Result().Over {
		t.Fatalf("the game ends after turn 12: turn %d", s.Turn)
	}
}

func idx(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

func order(p string) int {
	for i, ph := range machine.Phases() {
		if ph.ID == p {
			return i
		}
	}
	return -1
}

// TestRule15_ChargeOnRoutedShiftsTwoColumns is the optional rule's own
// example: a 3:1 charge against routed units is resolved at 5:1. Without the
// option the charge's +1 adds to the +2 against routed units (13): 6:1.
func TestRule15_ChargeOnRoutedShiftsTwoColumns(t *testing.T) {
	for _, c := range []struct {
		opt  bool
		want string
	}{{true, "5:1"}, {false, "6:1"}} {
		s := board(t, map[string]bool{OptRoutCharge: c.opt}, phaseBShock)
		s.put("v1", "0514", 4) // Allied 4 CF
		s.put("p1", "0414", 1)
		s.put("p2", "0414", 1)
		s.unit("v1").Steps = 1 // reduced: 2 CF
		s.unit("p2").Steps = 1 // 4 + 2 = 6 against 2: 3:1
		a, d, _, _, _ := s.shockOdds([]string{"p1", "p2"}, []hex.Coord{coord(s, "0514")}, true)
		if base := s.sc.shockColumn(a, d); s.sc.Tables["shock"].Cols[base] != "3:1" {
			t.Fatalf("set-up: %d against %d is %s", a, d, s.sc.Tables["shock"].Cols[base])
		}
		s.unit("v1").DSB = true
		a, d, col, _, _ := s.shockOdds([]string{"p1", "p2"}, []hex.Coord{coord(s, "0514")}, true)
		base := s.sc.shockColumn(a, d)
		got := s.sc.Tables["shock"].Cols[col]
		wantShift := 2
		if !c.opt {
			wantShift = 3
		}
		if col-base != wantShift {
			t.Errorf("option %v: %d against %d, base %s, resolved at %s: shift %d, want %d", c.opt, a, d, s.sc.Tables["shock"].Cols[base], got, col-base, wantShift)
		}
		if got != c.want {
			t.Errorf("option %v: 3:1 charge on routed resolved at %s, want %s", c.opt, got, c.want)
		}
	}
}

// TestRule13_EnfiladeFromFlankOnly: the +1 enfilade shift is for an attacker
// in a flank hex of the defender; the book names no rear-hex shift.
func TestRule13_EnfiladeFromFlankOnly(t *testing.T) {
	s := board(t, nil, phaseBShock)
	s.put("v1", "0514", 4)
	s.put("lb1", "0414", 1)
	front := s.shockColOf([]string{"lb1"}, "0514")
	s.put("lb1", "0101", 1)
	flank := nb(s, "0514", 3)
	s.put("lb2", flank, 0)
	if a, _ := hex.ArcOf(coord(s, "0514"), 4, coord(s, flank)); a != hex.Flank {
		t.Fatalf("test set-up: %s is not v1's flank", flank)
	}
	if got := s.shockColOf([]string{"lb2"}, "0514"); got != front+1 {
		t.Fatalf("from the flank: column %d, want %d", got, front+1)
	}
	s.put("lb2", "0101", 0)
	for d := range 6 {
		h := nb(s, "0514", d)
		if a, _ := hex.ArcOf(coord(s, "0514"), 4, coord(s, h)); a == hex.Rear {
			s.put("lb3", h, hex.Mod6(d+3))
			if got := s.shockColOf([]string{"lb3"}, "0514"); got != front {
				t.Fatalf("from the rear hex %s: column %d, want %d (no shift)", h, got, front)
			}
			s.put("lb3", "0102", 0)
		}
	}
}

func (s *State) shockColOf(units []string, target string) int {
	_, _, col, _, _ := s.shockOdds(units, []hex.Coord{coord(s, target)}, false)
	return col
}
