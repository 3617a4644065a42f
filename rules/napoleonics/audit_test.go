package napoleonics

import (
	"math/rand/v2"
	"strings"
	"testing"

	"grognard/rules"
)

// Tests from an audit of the implementation against the beginner's text
// and, where it is silent, the family's rules.

// Units and Leaders (family: a unit may enter a hex held only by a friendly
// leader but must end its move there; it never moves through it).
func TestMovement_UnitEnteringFriendlyLeaderHexStops(t *testing.T) {
	s := board(t, 1, PhMove, "attack-left", map[string]string{"b-ld11": "0209", "cotton": "0208", "b-kgl2": "0108"}, "b-ld11")
	if !legalHas(s, "move", "b-ld11", "0208") {
		t.Fatal("the cavalry may join the lone leader")
	}
	if legalHas(s, "move", "b-ld11", "0207") || legalHas(s, "move", "b-ld11", "0206") {
		t.Fatal("a unit may not move on through a hex held by a friendly leader")
	}
}

// Units and Leaders / Sequence of Play: ordering a unit orders its attached
// leader to move with it; to move apart the leader must itself be ordered.
func TestUnitsAndLeaders_AttachedLeaderDetachesOnlyIfOrdered(t *testing.T) {
	s := board(t, 1, PhOrder, "probe-left", map[string]string{"b-kgl1": "0407", "halkett": "0407"})
	do(t, s, "order", "b-kgl1", "")
	do(t, s, "end", "", "")
	for _, a := range s.Legal() {
		if a.Unit == "halkett" {
			t.Fatalf("a leader ordered only with its unit may not move off alone: %s", a.Key())
		}
	}
	do(t, s, "move", "b-kgl1", "0307")
	if at(t, s, "halkett") != "0307" {
		t.Fatal("it moves with the unit")
	}
	// Ordered in its own right (a second order), it may detach.
	s = board(t, 1, PhOrder, "probe-left", map[string]string{"b-kgl1": "0407", "halkett": "0407"})
	do(t, s, "order", "b-kgl1", "")
	do(t, s, "order", "halkett", "")
	do(t, s, "end", "", "")
	if !legalHas(s, "move", "halkett", "0208") {
		t.Fatalf("an ordered leader may detach; legal %v", keys(s.Legal()))
	}
}

// Melee Combat / terrain cards (family: terrain may cut a weak unit's dice
// to nothing, and then it may not battle).
func TestMelee_NoBattleWhenTerrainLeavesNoDice(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-centre", map[string]string{"b-kgl1": "0907", "f-66": "0807"}, "b-kgl1")
	s.unit("b-kgl1").Blocks = 1
	if legalHas(s, "melee", "b-kgl1", "0807") {
		t.Fatal("1 block attacking into buildings (-2) has no dice: no melee")
	}
	if legalHas(s, "fire", "b-kgl1", "0807") {
		t.Fatal("its fire (1 die a block +1) loses 2 into buildings too: no fire [Terrain cards]")
	}
}

func TestBattleBack_NotWhenTerrainLeavesNoDice(t *testing.T) {
	// The KGL battalion attacks out of the bushy bank (forest) into the
	// brook (4 blocks, -1 into the river: 3 dice); the French line of 1
	// block would battle back into the forest (-1) from the river (-1): no
	// dice, no battle back.
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0406", "f-66": "0405"}, "b-kgl1")
	s.unit("f-66").Blocks = 1
	do(t, s, "melee", "b-kgl1", "0405")
	roll(t, s, SArt, SArt, SCav)
	if s.Pend != nil {
		t.Fatalf("no battle back with no dice, stage %q", stage(s))
	}
}

// The family's deck: section cards in the family's counts, with Assault
// cards ordering as many units as the cards the player holds (this one
// included).
func TestCommandCard_SectionCardCountsOfTheFamily(t *testing.T) {
	sys, err := LoadSystem()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"scout-left": 2, "scout-centre": 2, "scout-right": 2,
		"probe-left": 4, "probe-centre": 6, "probe-right": 4,
		"attack-left": 4, "attack-centre": 6, "attack-right": 4,
		"assault-left": 2, "assault-centre": 2, "assault-right": 2}
	for id, n := range want {
		c := sys.CardByID[id]
		if c == nil || c.Copies != n {
			t.Errorf("%s: %v, want %d copies", id, c, n)
		}
	}
}

func TestCommandCard_AssaultOrdersEqualToCommand(t *testing.T) {
	place := map[string]string{"b-kgl1": "0107", "b-kgl2": "0207", "b-kd1": "0307", "b-kd2": "0407", "b-ld11": "0108", "b-ld16": "0208", "b-rha": "0308"}
	s := board(t, 1, PhCommand, "", place)
	s.Card, s.Eff = "", ""
	s.Hands[1] = []string{"assault-left", "probe-centre", "probe-centre"}
	do(t, s, "play", "", "", "assault-left")
	for _, id := range []string{"b-kgl1", "b-kgl2", "b-kd1"} {
		do(t, s, "order", id, "")
	}
	if legalHas(s, "order", "b-ld11", "") {
		t.Fatal("3 cards held (the Assault included): 3 orders")
	}
	// A unit leaving square takes its card back to hand mid-order; the
	// command was fixed when the card was played.
	s = board(t, 1, PhCommand, "", place)
	s.Card, s.Eff = "", ""
	s.Hands[1] = []string{"assault-left", "probe-centre"}
	s.unit("b-kgl1").Square, s.unit("b-kgl1").SquareCard = true, "probe-right"
	do(t, s, "play", "", "", "assault-left")
	do(t, s, "order", "b-kgl1", "")
	do(t, s, "order", "b-kgl2", "")
	if legalHas(s, "order", "b-kd1", "") {
		t.Fatal("command counts the cards held when the Assault was played")
	}
}

// Bayonet Charge (family): infantry may move 2 hexes and still melee, and
// may not fire.
func TestCommandCard_BayonetChargeMoveTwoAndMelee(t *testing.T) {
	s := board(t, 1, PhMove, "bayonet-charge", map[string]string{"b-kgl1": "0209", "f-66": "0106", "f-15l": "0306"}, "b-kgl1")
	do(t, s, "move", "b-kgl1", "0207")
	do(t, s, "end", "", "")
	if !legalHas(s, "melee", "b-kgl1", "0106") {
		t.Fatalf("after 2 hexes the infantry may still melee; legal %v", keys(s.Legal()))
	}
	if legalHas(s, "fire", "b-kgl1", "0106") {
		t.Fatal("no ranged combat under Bayonet Charge")
	}
	if n, _ := s.meleeDice(s.unit("b-kgl1"), s.unit("f-66").At, true); n != 4 {
		t.Fatalf("no extra die for line or light infantry: %d, want 4", n)
	}
}

// Cavalry Charge (family): cavalry or horse artillery; cavalry add a die;
// heavy cavalry may move 3 and still battle; horse artillery as usual.
func TestCommandCard_CavalryChargeHeavyMovesThreeHorseArtilleryNoBonus(t *testing.T) {
	s := board(t, 1, PhOrder, "cavalry-charge", map[string]string{"b-kd1": "0709", "b-rha": "0309", "b-kgl1": "0109", "f-66": "0706"})
	if !legalHas(s, "order", "b-rha", "") || legalHas(s, "order", "b-kgl1", "") {
		t.Fatal("Cavalry Charge orders cavalry and horse artillery, not infantry")
	}
	do(t, s, "order", "b-kd1", "")
	do(t, s, "order", "b-rha", "")
	do(t, s, "end", "", "")
	if !legalHas(s, "move", "b-kd1", "0707") || legalHas(s, "move", "b-rha", "0107") {
		t.Fatalf("heavy cavalry moves 3, horse artillery 2; legal %v", keys(s.Legal()))
	}
	do(t, s, "move", "b-kd1", "0707")
	do(t, s, "end", "", "")
	if !legalHas(s, "melee", "b-kd1", "0706") {
		t.Fatal("heavy cavalry may battle after 3 hexes")
	}
	if n, _ := s.meleeDice(s.unit("b-kd1"), s.unit("f-66").At, true); n != 5 {
		t.Fatalf("3 blocks +1 heavy +1 card = 5, got %d", n)
	}
	s.unit("b-rha").At = s.unit("f-66").At.Neighbor(0)
	if n, _ := s.meleeDice(s.unit("b-rha"), s.unit("f-66").At, true); n != 3 {
		t.Fatalf("horse artillery gets no extra die: %d", n)
	}
}

// Tactic cards of one arm (family): with no unit of that arm left, the card
// orders one unit of the player's choice, without the card's benefits.
func TestCommandCard_NoUnitOfTheArmOrdersOneUnitOfChoice(t *testing.T) {
	s := board(t, 0, PhCommand, "", map[string]string{"f-66": "0301", "f-d6": "1002", "f-ha": "0501"})
	s.Card, s.Eff = "", ""
	s.unit("f-66").Gone = "eliminated"
	s.Hands[0] = []string{"bayonet-charge"}
	do(t, s, "play", "", "", "bayonet-charge")
	if !legalHas(s, "order", "f-d6", "") {
		t.Fatalf("no infantry: one unit of choice; legal %v", keys(s.Legal()))
	}
	do(t, s, "order", "f-d6", "")
	if legalHas(s, "order", "f-ha", "") {
		t.Fatal("only one unit")
	}
	do(t, s, "end", "", "")
	if n, _ := s.meleeDice(s.unit("f-d6"), s.unit("f-d6").At.Neighbor(3), true); n != 4 {
		t.Fatalf("no card benefit: 3 blocks +1 heavy = 4, got %d", n)
	}
}

// Every action the UI shows is plain text; its rule sits in the Rule field
// only (the UI appends "[rule]" itself).
func TestLabels_PlainTextRuleOnlyInRuleField(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := rules.NewGame(ScenarioID, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		pick := rand.New(rand.NewPCG(seed, 7))
		for n := 0; !g.State.Result().Over && n < 2500; n++ {
			legal := g.State.Legal()
			for _, a := range legal {
				if a.Label == "" || a.Rule == "" {
					t.Fatalf("seed %d: %s has label %q rule %q", seed, a.Key(), a.Label, a.Rule)
				}
				if strings.ContainsAny(a.Label, "[]") || strings.Contains(a.Label, a.Rule) {
					t.Fatalf("seed %d: label %q repeats its rule %q", seed, a.Label, a.Rule)
				}
			}
			if _, err := g.Apply(legal[pick.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Infantry Forming Square / Cavalry Retire and Reform: the defending player
// decides; only the defender's view carries the choice, and the card set
// aside is named to the defender alone.
func TestSquare_DefenderIsTheDeciderAndTheCardStaysSecret(t *testing.T) {
	s := board(t, 0, PhCombat, "attack-left", map[string]string{"f-h3": "0208", "b-kgl1": "0209"}, "f-h3")
	s.Hands[1] = []string{"assault-right", "probe-left"}
	do(t, s, "melee", "f-h3", "0209")
	if st := s.Status(); st.Decider != 1 || st.Active != 0 {
		t.Fatalf("square: decider %v active %v, want the British to decide in the French turn", st.Decider, st.Active)
	}
	if v := s.View(0); len(v.Legal) != 0 {
		t.Fatalf("the attacker's view offers %d actions", len(v.Legal))
	}
	v := s.View(1)
	if len(v.Legal) != 3 {
		t.Fatalf("the defender chooses among 2 cards or no square: %v", keys(v.Legal))
	}
	evs := do(t, s, "square", "b-kgl1", "0209", "assault-right")
	for _, e := range evs {
		if strings.Contains(e.TextFor(0), "Assault") {
			t.Fatalf("the French read %q", e.TextFor(0))
		}
		if e.Kind == "square" && !strings.Contains(e.TextFor(1), "Assault Right") {
			t.Fatalf("the British read %q", e.TextFor(1))
		}
	}
	for _, c := range s.View(0).Hand {
		t.Fatalf("the French view holds a card %s", c.ID)
	}
	// Retire and reform: the cavalry's owner decides in the enemy turn.
	s = board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-h3": "0208"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	if st := s.Status(); st.Decider != 0 || len(s.View(1).Legal) != 0 || len(s.View(0).Legal) == 0 {
		t.Fatalf("retire: decider %v", st.Decider)
	}
}

// Leaders: a leader escaping its eliminated unit is the book's rule; a lone
// leader falling back after surviving a melee is ours, and says so.
func TestLeaders_FallBackRuleCitesBookOrAuthored(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "boyer": "0208"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SInf, SInf, SInf, SFlag)
	for _, a := range s.Legal() {
		if a.Rule != rLoneBack {
			t.Fatalf("lone leader falls back under %q", a.Rule)
		}
	}
	s = board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208", "maucune": "0208"}, "b-kgl1")
	s.unit("f-66").Blocks = 1
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SInf, SArt, SArt, SArt)
	roll(t, s, SFlag)
	for _, a := range s.Legal() {
		if a.Rule != rLeaders {
			t.Fatalf("leader of an eliminated unit falls back under %q", a.Rule)
		}
	}
}

var _ = rules.Chance
