package napoleonics

import (
	"math/rand/v2"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/scenarios"
)

func TestSequenceOfPlay_FrenchFirstHandSizes(t *testing.T) {
	g, err := rules.NewGame(ScenarioID, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := g.State.(*State)
	st := s.Status()
	if s.Phase != PhCommand || st.Active != 0 || st.Decider != 0 || s.Sides()[0] != "French" {
		t.Fatalf("the French play first: phase %s active %v", s.Phase, st.Active)
	}
	if len(s.Hands[0]) != 4 || len(s.Hands[1]) != 5 {
		t.Fatalf("hands %d and %d, want French 4 and British 5", len(s.Hands[0]), len(s.Hands[1]))
	}
	// Command, order, movement, combat, draw, then the British.
	var play rules.Action
	for _, a := range s.Legal() {
		if a.Kind == "play" && !s.sys.CardByID[a.Choice].Counter && s.sys.CardByID[a.Choice].Draw == 1 {
			play = a
		}
	}
	if play.Kind == "" {
		t.Skip("seed dealt only special cards")
	}
	for _, want := range []string{PhOrder, PhMove, PhCombat, PhDraw} {
		a := play
		if want != PhOrder {
			a = rules.Action{Kind: "end"}
		}
		if _, err := g.ApplyOne(a); err != nil {
			t.Fatal(err)
		}
		if s.Phase != want {
			t.Fatalf("phase %s, want %s", s.Phase, want)
		}
	}
	if s.Status().Decider != rules.Chance {
		t.Fatal("drawing a card is chance")
	}
	if _, err := g.ResolveChance(); err != nil {
		t.Fatal(err)
	}
	if s.Active != 1 || s.Phase != PhCommand || len(s.Hands[0]) != 4 || s.Turn != 2 {
		t.Fatalf("after the draw the British play: active %d phase %s French hand %d", s.Active, s.Phase, len(s.Hands[0]))
	}
}

func TestDraw_ChancesWeightedByCopiesRemaining(t *testing.T) {
	s, err := newState(ScenarioID)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, o := range s.Chances() {
		if o.Weight != s.sys.CardByID[o.Action.Choice].Copies {
			t.Fatalf("%s weighs %d, want its copies", o.Action.Choice, o.Weight)
		}
		total += o.Weight
	}
	want := 0
	for _, c := range s.sys.Cards {
		want += c.Copies
	}
	if total != want || want < 40 {
		t.Fatalf("deck of %d cards, want the %d of cards.txt", total, want)
	}
	evs, err := s.Apply(rules.Action{Kind: "draw", Choice: "probe-centre"})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range s.Chances() {
		if c := s.sys.CardByID["probe-centre"]; o.Action.Choice == c.ID && o.Weight != c.Copies-1 {
			t.Fatalf("one probe-centre drawn: weight %d, want %d", o.Weight, c.Copies-1)
		}
	}
	if evs[0].TextFor(1) != "French draws a card [Sequence of Play: draw]" || !strings.Contains(evs[0].TextFor(0), "Probe Centre") {
		t.Fatalf("the card drawn is the drawer's secret: %q / %q", evs[0].TextFor(0), evs[0].TextFor(1))
	}
}

func TestCommandCard_ScoutDrawTwoKeepOne(t *testing.T) {
	s := board(t, 1, PhCombat, "scout-left", map[string]string{"b-kgl1": "0209"})
	s.Hands[1] = []string{"a", "b", "c", "d"}
	do(t, s, "end", "", "")
	if s.Draw.Left != 2 {
		t.Fatalf("Scout draws two, left %d", s.Draw.Left)
	}
	s.Apply(rules.Action{Kind: "draw", Choice: "attack-left"})
	s.Apply(rules.Action{Kind: "draw", Choice: "probe-right"})
	if s.Status().Decider != 1 {
		t.Fatal("the drawer keeps one")
	}
	do(t, s, "keep", "", "", "probe-right")
	if len(s.Hands[1]) != 5 || s.Discard["attack-left"] != 1 || s.Active != 0 {
		t.Fatalf("hand %v discard %v", s.Hands[1], s.Discard)
	}
}

func TestCommandCard_CounterAttackCopiesMirrored(t *testing.T) {
	s := board(t, 1, PhCommand, "", map[string]string{"b-kd2": "1208", "b-kgl1": "0107"})
	s.Card, s.Eff = "", ""
	s.Hands[1] = []string{"counter-attack"}
	s.Last[0] = "probe-left" // the French left is the map's right
	do(t, s, "play", "", "", "counter-attack")
	if s.Eff != "probe-left" || !s.Mirror {
		t.Fatalf("eff %s mirror %v", s.Eff, s.Mirror)
	}
	if !legalHas(s, "order", "b-kd2", "") || legalHas(s, "order", "b-kgl1", "") {
		t.Fatal("the copy orders on the British right (the flank the French probed)")
	}
}

func TestOrder_SectionsAndLimitOfTheCard(t *testing.T) {
	s := board(t, 1, PhOrder, "probe-left", map[string]string{"b-kgl1": "0107", "b-kgl2": "0507", "b-kd1": "0707", "b-kd2": "0307"})
	if !legalHas(s, "order", "b-kgl1", "") || !legalHas(s, "order", "b-kgl2", "") {
		t.Fatal("left units, and a hex cut by the dotted line, may be ordered by a left card")
	}
	if legalHas(s, "order", "b-kd1", "") {
		t.Fatal("a centre unit may not be ordered by a left card")
	}
	do(t, s, "order", "b-kgl1", "")
	do(t, s, "order", "b-kgl2", "")
	if legalHas(s, "order", "b-kd2", "") {
		t.Fatal("Probe orders 2 units")
	}
	// The French sit opposite: their left is the map's right.
	s = board(t, 0, PhOrder, "probe-left", map[string]string{"f-d6": "1002", "f-66": "0301"})
	if !legalHas(s, "order", "f-d6", "") || legalHas(s, "order", "f-66", "") {
		t.Fatal("each side's left is its own")
	}
	// Class cards: Cavalry Charge orders only cavalry.
	s = board(t, 0, PhOrder, "cavalry-charge", map[string]string{"f-d6": "1002", "f-66": "0301"})
	if !legalHas(s, "order", "f-d6", "") || legalHas(s, "order", "f-66", "") {
		t.Fatal("Cavalry Charge orders cavalry only")
	}
}

func TestUnitsAndLeaders_OrderingUnitOrdersLeaderWhoMovesWithIt(t *testing.T) {
	s := board(t, 1, PhOrder, "probe-left", map[string]string{"b-kgl1": "0407", "halkett": "0407", "b-kgl2": "0208", "cotton": "0108"})
	do(t, s, "order", "b-kgl1", "")
	if !s.Ordered["halkett"] || len(s.Orders) != 1 {
		t.Fatal("one command orders a unit and its attached leader")
	}
	do(t, s, "end", "", "")
	do(t, s, "move", "b-kgl1", "0307")
	if at(t, s, "halkett") != "0307" {
		t.Fatal("the attached leader moves with its unit")
	}
	// A leader ordered alone detaches; one unit and one leader a hex.
	s = board(t, 1, PhOrder, "probe-left", map[string]string{"b-kgl1": "0407", "halkett": "0407", "b-kgl2": "0208", "cotton": "0108"})
	do(t, s, "order", "halkett", "")
	do(t, s, "end", "", "")
	if legalHas(s, "move", "halkett", "0108") {
		t.Fatal("two leaders never share a hex")
	}
	if !legalHas(s, "move", "halkett", "0208") {
		t.Fatal("a leader may join a friendly unit")
	}
	do(t, s, "move", "halkett", "0208")
	if at(t, s, "b-kgl1") != "0407" {
		t.Fatal("the unit stays when its leader detaches")
	}
}

func TestMovement_FordableRiverStopsBridgeDoesNot(t *testing.T) {
	s := board(t, 1, PhMove, "attack-centre", map[string]string{"b-ld16": "0804"}, "b-ld16")
	if !legalHas(s, "move", "b-ld16", "0706") {
		t.Fatal("across the bridge: 3 hexes")
	}
	if !legalHas(s, "move", "b-ld16", "0805") {
		t.Fatal("into the brook")
	}
	if legalHas(s, "move", "b-ld16", "0806") || legalHas(s, "move", "b-ld16", "0906") {
		t.Fatal("a unit entering the fordable river stops")
	}
	if legalHas(s, "move", "b-ld16", "0707") {
		t.Fatal("light cavalry moves 3 hexes at most")
	}
}

func TestMovement_OneUnitPerHex(t *testing.T) {
	s := board(t, 1, PhMove, "attack-left", map[string]string{"b-kgl1": "0207", "b-kgl2": "0307", "f-66": "0107"}, "b-kgl1")
	if legalHas(s, "move", "b-kgl1", "0307") || legalHas(s, "move", "b-kgl1", "0107") {
		t.Fatal("two units never share a hex")
	}
}

func TestMovement_NoBattleAfterEnteringTownOrForest(t *testing.T) {
	s := board(t, 1, PhMove, "attack-centre", map[string]string{"b-kgl1": "0707", "f-66": "0806"}, "b-kgl1")
	do(t, s, "move", "b-kgl1", "0807")
	do(t, s, "end", "", "")
	if legalHas(s, "melee", "b-kgl1", "0806") {
		t.Fatal("no battle the turn a unit enters a town")
	}
	// Light infantry may battle after entering a forest, line infantry not.
	s = board(t, 1, PhMove, "attack-left", map[string]string{"b-kgl1": "0407", "f-66": "0405"}, "b-kgl1")
	do(t, s, "move", "b-kgl1", "0406")
	do(t, s, "end", "", "")
	if !legalHas(s, "melee", "b-kgl1", "0405") {
		t.Fatal("light infantry battles after entering a forest")
	}
	s = board(t, 0, PhMove, "attack-left", map[string]string{"f-66": "0405", "b-kgl1": "0407"}, "f-66")
	do(t, s, "move", "f-66", "0406")
	do(t, s, "end", "", "")
	if legalHas(s, "melee", "f-66", "0407") {
		t.Fatal("line infantry may not battle after entering a forest")
	}
	// Moving 2 hexes: no battle for infantry.
	s = board(t, 1, PhMove, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0107"}, "b-kgl1")
	do(t, s, "move", "b-kgl1", "0207")
	do(t, s, "end", "", "")
	if legalHas(s, "melee", "b-kgl1", "0107") {
		t.Fatal("infantry moving 2 hexes may not battle")
	}
}

func TestVictory_FiveBanners(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "boyer": "0208"}, "b-kgl1")
	s.Banners[1] = 4
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SSabre, SInf, SInf, SInf)
	r := s.Result()
	if !r.Over || r.Winner != 1 || s.Status().Decider != rules.NoSide {
		t.Fatalf("5 banners win at once: %+v", r)
	}
}

func TestSpecialRules_BritishExitByBannerForBanner(t *testing.T) {
	s := board(t, 1, PhMove, "attack-centre", map[string]string{"b-kd1": "0708"}, "b-kd1")
	if legalHas(s, "exit", "b-kd1", "0709") {
		t.Fatal("no exit before each side has lost a unit")
	}
	s.Lost = [2]int{1, 1}
	s.Banners = [2]int{1, 1}
	s.Touch()
	if !legalHas(s, "exit", "b-kd1", "0709") {
		t.Fatalf("exit open; legal %v", keys(s.Legal()))
	}
	do(t, s, "exit", "b-kd1", "0709")
	if s.Banners[1] != 2 || at(t, s, "b-kd1") != "exited" {
		t.Fatal("one banner for a unit leaving by the banner hex")
	}
	s = board(t, 1, PhMove, "attack-centre", map[string]string{"cotton": "0708"}, "cotton")
	s.Lost = [2]int{1, 1}
	if legalHas(s, "exit", "cotton", "0709") {
		t.Fatal("leaders do not exit for banners")
	}
}

func TestTurnCap_EndsOnBanners(t *testing.T) {
	s := board(t, 0, PhCombat, "probe-left", map[string]string{"b-kgl1": "0209"})
	s.Turn = s.sc.TurnCap
	s.Banners = [2]int{1, 2}
	do(t, s, "end", "", "")
	s.Apply(rules.Action{Kind: "draw", Choice: "probe-left"})
	r := s.Result()
	if !r.Over || r.Winner != 1 {
		t.Fatalf("at the turn cap the side ahead on banners wins: %+v", r)
	}
}

// TestHiddenInformation_HandsNeverReachTheOtherSide plays random games and
// checks every view and every log line: a side sees exactly its own hand,
// and the card drawn appears only in the drawer's text.
func TestHiddenInformation_HandsNeverReachTheOtherSide(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		g, err := rules.NewGame(ScenarioID, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		checkLog := func(evs []rules.Event) {
			for _, e := range evs {
				if e.Private == "" {
					continue
				}
				other := 1 - e.Owner
				txt := e.TextFor(other)
				for _, c := range g.State.(*State).sys.Cards {
					if strings.Contains(txt, c.Name) {
						t.Fatalf("seed %d: %s sees %q", seed, g.State.Sides()[other], txt)
					}
				}
			}
		}
		checkLog(g.Log)
		pick := rand.New(rand.NewPCG(seed, 99))
		for n := 0; !g.State.Result().Over && n < 3000; n++ {
			s := g.State.(*State)
			for side := rules.Side(0); side < 2; side++ {
				v := s.View(side)
				if len(v.Hand) != len(s.Hands[side]) {
					t.Fatalf("seed %d: view of %d shows %d cards, hand %d", seed, side, len(v.Hand), len(s.Hands[side]))
				}
				for i, c := range v.Hand {
					if c.ID != s.Hands[side][i] {
						t.Fatalf("seed %d: view of %d shows %s not in its hand", seed, side, c.ID)
					}
				}
				if v.HandCounts[1-side] != len(s.Hands[1-side]) {
					t.Fatal("hand counts are public")
				}
			}
			legal := g.State.Legal()
			evs, err := g.Apply(legal[pick.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			checkLog(evs)
		}
	}
}

func TestLoader_ErrorsNameFileAndLine(t *testing.T) {
	parse := func(name, text string) []scenarios.Record {
		recs, err := scenarios.Parse(name, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return recs
	}
	_, err := ParseUnits(parse("units.txt", "# c\nunit leader class=leader blocks=1 move=3 battle_move=0\nunit x class=dragoon blocks=3 move=2 battle_move=1\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "units.txt:3:") {
		t.Fatalf("bad class: %v", err)
	}
	_, _, err = ParseCards(parse("cards.txt", "card a copies=2 sections=middle order=2\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "cards.txt:1:") {
		t.Fatalf("bad section: %v", err)
	}
	_, err = ParseTerrain(parse("terrain.txt", "terrain clear\nterrain hill\ntable terrain-dice\ncols applies melee-infantry melee-cavalry melee-artillery fire-infantry fire-artillery\nrow clear target 0 0 0 0 0\nrow hill target -1 -1 0 -1\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "terrain.txt:6:") {
		t.Fatalf("table with a hole: %v", err)
	}
	_, _, err = ParseDice(parse("dice.txt", "symbol infantry faces=2\nsymbol cavalry faces=1\nsymbol artillery faces=1\nsymbol flag faces=1\nsymbol sabre faces=2\n"))
	if err == nil || !strings.Contains(err.Error(), "7 faces") {
		t.Fatalf("a die of 7 faces: %v", err)
	}
	sys, _ := LoadSystem()
	sc, _ := LoadScenario(ScenarioID)
	_, err = ParseScenario(sys, sc.Map, parse("scenario.txt", "scenario x banners=5 turn_cap=10\nside A hand=4 home=top nation=french\nside B hand=5 home=bottom nation=british\nunit u1 side=A type=infantry at=0101\nunit u2 side=B type=infantry at=0101\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "scenario.txt:5:") {
		t.Fatalf("two units in a hex: %v", err)
	}
	_, err = ParseScenario(sys, sc.Map, parse("scenario.txt", "scenario x banners=5 turn_cap=10\nside A hand=4 home=top nation=french\nside B hand=5 home=bottom nation=british\nunit u1 side=A type=infantry at=1302\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "scenario.txt:4:") {
		t.Fatalf("unit off the map: %v", err)
	}
}

func TestSetup_VentaDelPozo(t *testing.T) {
	s, err := newState(ScenarioID)
	if err != nil {
		t.Fatal(err)
	}
	n := [2]int{}
	leaders := [2]int{}
	for i := range s.Units {
		u := &s.Units[i]
		if isLeader(u) {
			leaders[u.Side]++
		} else {
			n[u.Side]++
		}
	}
	// French: Boyer, Curto, Maucune; British: Cotton, Anson, Bock, Halkett.
	if n != [2]int{9, 7} || leaders != [2]int{3, 4} || s.sc.Banners != 5 {
		t.Fatalf("units %v leaders %v banners %d", n, leaders, s.sc.Banners)
	}
	m := s.sc.Map
	c, _ := m.ParseOn("0705")
	if m.Cell(c).Terrain != "bridge" || !m.HasFeature(s.sc.ExitHex, "banner") {
		t.Fatal("bridge and banner hex")
	}
	cut, _ := m.ParseOn("0503")
	if len(m.Cell(cut).Section) != 2 {
		t.Fatalf("a hex cut by a dotted line belongs to both sections: %v", m.Cell(cut).Section)
	}
	if err := checkInvariants(s); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkLegal(b *testing.B) {
	g, _ := rules.NewGame(ScenarioID, 3, nil)
	// Advance to a move phase with units ordered.
	for g.State.(*State).Phase != PhMove && !g.State.Result().Over {
		legal := g.State.Legal()
		a := legal[0]
		for _, l := range legal {
			if l.Kind == "order" {
				a = l
			}
		}
		g.Apply(a)
	}
	b.ResetTimer()
	n := 0
	for range b.N {
		n += len(g.State.Legal())
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
}

func BenchmarkApply(b *testing.B) {
	g, _ := rules.NewGame(ScenarioID, 3, nil)
	pick := rand.New(rand.NewPCG(3, 3))
	b.ResetTimer()
	for range b.N {
		if g.State.Result().Over {
			g, _ = rules.NewGame(ScenarioID, 3, nil)
		}
		legal := g.State.Legal()
		g.Apply(legal[pick.IntN(len(legal))])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "actions/s")
}

func BenchmarkPlayout(b *testing.B) {
	actions := 0
	for i := range b.N {
		g, _ := rules.NewGame(ScenarioID, uint64(i), nil)
		pick := rand.New(rand.NewPCG(uint64(i), 1))
		for !g.State.Result().Over {
			legal := g.State.Legal()
			g.Apply(legal[pick.IntN(len(legal))])
		}
		actions += len(g.Steps)
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
}

func TestExplainer_WhyNot(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208", "f-15l": "0207"}, "b-kgl1")
	if why := s.WhyNot("b-kgl1", "0207"); !strings.Contains(why, rAdjacent) {
		t.Fatalf("why not fire at 0207: %q", why)
	}
	if why := s.WhyNot("b-kgl1", "0208"); why != "" {
		t.Fatalf("0208 is legal, got %q", why)
	}
	s = board(t, 1, PhMove, "attack-left", map[string]string{"b-kgl1": "0209", "b-kgl2": "0208"}, "b-kgl1")
	if why := s.WhyNot("b-kgl1", "0208"); !strings.Contains(why, rUnits) {
		t.Fatalf("why not move onto a friend: %q", why)
	}
}

// TestUnitsAndLeaders_DetachedLeaderStaysWhenItsUnitMoves: a leader ordered
// in his own right is detaching; when his unit moves first, he stays
// (Units and Leaders: "unless the leader is ordered to detach").
func TestUnitsAndLeaders_DetachedLeaderStaysWhenItsUnitMoves(t *testing.T) {
	s := board(t, 1, PhOrder, "probe-left", map[string]string{"b-kgl1": "0407", "halkett": "0407"})
	do(t, s, "order", "b-kgl1", "")
	do(t, s, "order", "halkett", "")
	do(t, s, "end", "", "")
	do(t, s, "move", "b-kgl1", "0307")
	if at(t, s, "halkett") != "0407" {
		t.Fatalf("the detaching leader stays: at %s", at(t, s, "halkett"))
	}
	if !legalHas(s, "move", "halkett", "0208") {
		t.Fatalf("and may still move on his own; legal %v", keys(s.Legal()))
	}
}

// TestSpecialRules_LeaderGoesToTheBannerHexWithHisExitingUnit: an attached
// leader moves with his unit; when it leaves by the banner hex he goes as
// far as that hex and stays there (only units leave).
func TestSpecialRules_LeaderGoesToTheBannerHexWithHisExitingUnit(t *testing.T) {
	s := board(t, 1, PhOrder, "attack-centre", map[string]string{"b-kd1": "0708", "bock": "0708"})
	s.Lost = [2]int{1, 1}
	s.Banners = [2]int{1, 1}
	s.Touch()
	do(t, s, "order", "b-kd1", "")
	do(t, s, "end", "", "")
	do(t, s, "exit", "b-kd1", "0709")
	if at(t, s, "bock") != "0709" {
		t.Fatalf("the attached leader goes with the unit to the banner hex: at %s", at(t, s, "bock"))
	}
	if at(t, s, "b-kd1") != "exited" {
		t.Fatal("the unit left")
	}
}
