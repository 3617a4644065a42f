package napoleonics

import (
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/hex"
)

// The worked example: 4 blocks in melee roll two infantry, a sabre
// and a flag against line infantry: 3 hits and one retreat.
func TestMelee_ExampleTwoInfantrySabreFlag(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	if s.Pend.Dice != 4 {
		t.Fatalf("4 blocks roll %d dice, want 4", s.Pend.Dice)
	}
	roll(t, s, SInf, SInf, SSabre, SFlag)
	if got := s.unit("f-66").Blocks; got != 1 {
		t.Fatalf("line infantry has %d blocks, want 4-3 = 1", got)
	}
	// One flag: one hex toward the French side; both rear hexes are open,
	// so the French player chooses.
	if stage(s) != "retreat" || s.Status().Decider != 0 {
		t.Fatalf("want the French to choose a retreat hex, stage %q decider %v", stage(s), s.Status().Decider)
	}
	do(t, s, "retreat", "f-66", "0307")
	if at(t, s, "f-66") != "0307" {
		t.Fatalf("f-66 at %s", at(t, s, "f-66"))
	}
	if stage(s) != "advance" {
		t.Fatalf("after the retreat the infantry may take ground, stage %q", stage(s))
	}
}

func TestRangedCombat_SabreDoesNotHit(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0207"}, "b-kgl1")
	do(t, s, "fire", "b-kgl1", "0207")
	if s.Pend.Dice != 5 {
		t.Fatalf("standing light infantry of 4 blocks fires 5 dice, got %d", s.Pend.Dice)
	}
	roll(t, s, SSabre, SSabre, SSabre, SCav, SInf)
	if got := s.unit("f-66").Blocks; got != 3 {
		t.Fatalf("fire scores only matching symbols: blocks %d, want 3", got)
	}
	if s.Pend != nil {
		t.Fatalf("fire has no battle back or advance, stage %q", stage(s))
	}
}

func TestBattleBack_DefenderThatHeldMayBattleBack(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SInf, SArt, SArt, SArt)
	if stage(s) != "battleback" || s.Status().Decider != 0 {
		t.Fatalf("want French battle back decision, stage %q decider %v", stage(s), s.Status().Decider)
	}
	do(t, s, "melee", "f-66", "0209")
	if s.Pend.Dice != 3 {
		t.Fatalf("3 blocks battle back with %d dice, want 3", s.Pend.Dice)
	}
	roll(t, s, SInf, SInf, SSabre)
	if got := s.unit("b-kgl1").Blocks; got != 1 {
		t.Fatalf("attacker has %d blocks, want 1", got)
	}
	if s.Pend != nil {
		t.Fatal("no battle back against a battle back")
	}
}

func TestBattleBack_NotAfterRetreat(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-rha": "0209", "f-66": "0208"}, "b-rha")
	do(t, s, "melee", "b-rha", "0208")
	if s.Pend.Dice != 3 {
		t.Fatalf("horse artillery rolls 3 in melee, got %d", s.Pend.Dice)
	}
	roll(t, s, SFlag, SArt, SCav)
	do(t, s, "retreat", "f-66", "0207")
	if s.Pend != nil {
		t.Fatalf("a retreated defender does not battle back and artillery does not take ground; stage %q", stage(s))
	}
}

func TestRetreat_BlockLostPerHexBlocked(t *testing.T) {
	// The KGL battalion stands on the British baseline: it cannot retreat.
	s := board(t, 0, PhCombat, "attack-left", map[string]string{"f-h3": "0208", "b-kgl1": "0209"}, "f-h3")
	do(t, s, "melee", "f-h3", "0209")
	if stage(s) != "roll" {
		t.Fatalf("the British hand is empty, so no square is possible: stage %q", stage(s))
	}
	roll(t, s, SFlag, SFlag, SArt, SArt)
	if got := s.unit("b-kgl1").Blocks; got != 2 {
		t.Fatalf("two flags with no retreat path cost 2 blocks, left %d, want 2", got)
	}
	if at(t, s, "b-kgl1") != "0209" {
		t.Fatal("the unit stays put")
	}
}

func TestRetreat_BlockedByUnitsLosesBlocks(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208", "f-15l": "0207", "f-h3": "0307"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SFlag, SArt, SArt, SArt)
	// Support by two adjacent units cancels the one flag (Morale).
	if got := s.unit("f-66").Blocks; got != 4 {
		t.Fatalf("blocks %d", got)
	}
	s = board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208", "b-kgl2": "0207", "b-kd1": "0307"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SFlag, SFlag, SArt, SArt)
	if got := s.unit("f-66").Blocks; got != 2 {
		t.Fatalf("rear hexes held by the enemy: 2 flags cost 2 blocks, left %d", got)
	}
}

func TestMorale_AttachedLeaderIgnoresOneFlag(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208", "maucune": "0208"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SFlag, SFlag, SArt, SArt)
	if stage(s) != "flags" || s.Status().Decider != 0 {
		t.Fatalf("the French player decides whether to disregard a flag: stage %q, decider %v", stage(s), s.Status().Decider)
	}
	do(t, s, "choose", "f-66", "", "disregard-1")
	if s.Pend.Flags != 1 || stage(s) != "retreat" {
		t.Fatalf("2 flags less one for the leader: %d to retreat, stage %q", s.Pend.Flags, stage(s))
	}
	do(t, s, "retreat", "f-66", "0207")
	if at(t, s, "maucune") != "0207" {
		t.Fatal("the attached leader retreats with its unit")
	}
}

func TestMorale_SupportOfTwoUnitsIgnoresOneFlag(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208", "f-15l": "0108", "f-h3": "0308"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SFlag, SArt, SArt, SArt)
	do(t, s, "choose", "f-66", "", "disregard-1")
	if at(t, s, "f-66") != "0208" || stage(s) != "battleback" {
		t.Fatalf("supported unit ignores the flag: at %s stage %q", at(t, s, "f-66"), stage(s))
	}
	// One supporter is not enough.
	s = board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208", "f-15l": "0108"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SFlag, SArt, SArt, SArt)
	if stage(s) != "retreat" {
		t.Fatalf("one supporter: the flag stands, stage %q", stage(s))
	}
}

func TestRangedCombat_AdjacentEnemyMustBeTarget(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208", "f-15l": "0207"}, "b-kgl1")
	if legalHas(s, "fire", "b-kgl1", "0207") {
		t.Fatal("a unit adjacent to an enemy may not fire at a more distant one")
	}
	if !legalHas(s, "fire", "b-kgl1", "0208") {
		t.Fatal("it may fire at the adjacent enemy")
	}
	s.unit("f-66").Gone = "reserve"
	s.Touch()
	if !legalHas(s, "fire", "b-kgl1", "0207") {
		t.Fatal("with no adjacent enemy it may fire at range 2")
	}
}

func TestRangedCombat_LineOfSight(t *testing.T) {
	// 0209 to 0207 runs along the hexside between 0108 and 0208: blocked
	// only when both hold an obstruction.
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0207", "b-kgl2": "0108", "b-kd1": "0208"}, "b-kgl1")
	if legalHas(s, "fire", "b-kgl1", "0207") {
		t.Fatal("units on both sides of the hexside block the line of sight")
	}
	s.unit("b-kd1").Gone = "reserve"
	s.Touch()
	if !legalHas(s, "fire", "b-kgl1", "0207") {
		t.Fatal("one obstructed side of the hexside leaves the line open")
	}
	// Forest on both sides of the line 0407-0405 (0306 and 0406) blocks.
	s = board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0407", "f-66": "0405"}, "b-kgl1")
	if legalHas(s, "fire", "b-kgl1", "0405") {
		t.Fatal("forest blocks line of sight")
	}
}

func TestRangedCombat_LeaderAloneNotTargeted(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "boyer": "0208"}, "b-kgl1")
	if legalHas(s, "fire", "b-kgl1", "0208") {
		t.Fatal("a leader alone may not be fired at")
	}
	if !legalHas(s, "melee", "b-kgl1", "0208") {
		t.Fatal("a leader alone may be attacked in melee")
	}
}

func TestRangedCombat_HalfDiceAfterMovingRoundedByNationality(t *testing.T) {
	s := board(t, 0, PhCombat, "attack-left", map[string]string{"f-66": "0207", "b-kgl1": "0209", "f-15l": "0107"}, "f-66", "f-15l")
	s.unit("f-66").Blocks = 3
	s.unit("f-15l").Blocks = 3
	if n, _ := s.fireDice(s.unit("f-66"), s.unit("b-kgl1").At); n != 3 {
		t.Fatalf("standing: a die a block, got %d", n)
	}
	s.Moved["f-66"] = 1
	if n, _ := s.fireDice(s.unit("f-66"), s.unit("b-kgl1").At); n != 1 {
		t.Fatalf("French line infantry of 3 blocks after moving: half rounded down = 1, got %d", n)
	}
	// Light infantry rounds up and adds one: 3 blocks moved -> 2+1.
	s.Moved["f-15l"] = 1
	if n, _ := s.fireDice(s.unit("f-15l"), s.unit("b-kgl1").At); n != 3 {
		t.Fatalf("light infantry of 3 blocks after moving: 2+1 = 3, got %d", n)
	}
	// British (KGL) line would round up: check the nation data drives it.
	if s.sys.Nations["kgl"].Round != "up" || s.sys.Nations["french"].Round != "down" {
		t.Fatal("nationality rounding comes from nations.txt")
	}
}

func TestRangedCombat_HorseArtilleryRange4OnlyIfNotMoved(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-rha": "0108", "f-66": "0104"}, "b-rha")
	if !legalHas(s, "fire", "b-rha", "0104") {
		t.Fatalf("range 4 when the guns did not move; legal %v", keys(s.Legal()))
	}
	if n, _ := s.fireDice(s.unit("b-rha"), s.unit("f-66").At); n != 1 {
		t.Fatalf("1 die at range 4, got %d", n)
	}
	s.Moved["b-rha"] = 1
	s.Touch()
	if legalHas(s, "fire", "b-rha", "0104") {
		t.Fatal("after moving, horse artillery reaches only 3 hexes")
	}
}

func TestMelee_DiceByUnitType(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-rha": "0209", "b-kd1": "0309", "f-66": "0208"}, "b-rha", "b-kd1")
	s.unit("b-rha").Blocks = 2
	s.Moved["b-kd1"] = 2
	if n, _ := s.meleeDice(s.unit("b-rha"), s.unit("f-66").At, true); n != 3 {
		t.Fatalf("horse artillery rolls 3 in melee whatever its blocks, got %d", n)
	}
	if n, _ := s.meleeDice(s.unit("b-kd1"), s.unit("f-66").At, true); n != 4 {
		t.Fatalf("heavy cavalry of 3 blocks rolls 3+1 even after moving, got %d", n)
	}
	// Terrain: attacking into Venta del Pozo's buildings, cavalry loses 3.
	s = board(t, 1, PhCombat, "attack-left", map[string]string{"b-kd1": "0908", "f-66": "0807"}, "b-kd1")
	if n, _ := s.meleeDice(s.unit("b-kd1"), s.unit("f-66").At, true); n != 1 {
		t.Fatalf("heavy cavalry into buildings: 4-3 = 1 die, got %d", n)
	}
}

func TestLeaders_AloneInMeleeSabreEliminates(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "boyer": "0208"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SInf, SInf, SInf, SSabre)
	if at(t, s, "boyer") != "eliminated" || s.Banners[1] != 1 {
		t.Fatalf("boyer %s, British banners %d", at(t, s, "boyer"), s.Banners[1])
	}
	s = board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "boyer": "0208"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SInf, SInf, SInf, SFlag)
	if at(t, s, "boyer") != "0208" || stage(s) != "lretreat" {
		t.Fatalf("no sabre: the leader survives and falls back, stage %q", stage(s))
	}
	if s.Status().Decider != 0 {
		t.Fatal("the leader's owner picks its retreat")
	}
	do(t, s, "retreat", "boyer", "0106")
	if stage(s) != "advance" {
		t.Fatalf("the hex is vacated: take ground, stage %q", stage(s))
	}
}

func TestLeaders_CasualtyCheckTwoSabres(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208", "maucune": "0208"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SInf, SArt, SArt, SArt)
	if stage(s) != "lcheck" || s.Pend.LDice != 2 {
		t.Fatalf("a block lost: casualty check with 2 dice, stage %q dice %d", stage(s), s.Pend.LDice)
	}
	roll(t, s, SSabre, SInf)
	if at(t, s, "maucune") != "0208" {
		t.Fatal("one sabre is not enough")
	}
	s = board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208", "maucune": "0208"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SInf, SArt, SArt, SArt)
	roll(t, s, SSabre, SSabre)
	if at(t, s, "maucune") != "eliminated" || s.Banners[1] != 1 {
		t.Fatal("two sabres eliminate the leader for a banner")
	}
}

func TestLeaders_CasualtyCheckOnEliminationOneDieThenRetreat(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208", "maucune": "0208"}, "b-kgl1")
	s.unit("f-66").Blocks = 1
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SInf, SArt, SArt, SArt)
	if at(t, s, "f-66") != "eliminated" || stage(s) != "lcheck" || s.Pend.LDice != 1 {
		t.Fatalf("unit eliminated: 1-die check, stage %q", stage(s))
	}
	roll(t, s, SFlag)
	if stage(s) != "lretreat" {
		t.Fatalf("the surviving leader must retreat, stage %q", stage(s))
	}
	opts := 0
	for _, a := range s.Legal() {
		if a.Kind == "retreat" {
			opts++
		}
	}
	if opts < 3 {
		t.Fatalf("1 to 3 hexes back: want several choices, got %d", opts)
	}
	do(t, s, "retreat", "maucune", "0105")
	if stage(s) != "advance" {
		t.Fatalf("then the attacker may take ground, stage %q", stage(s))
	}
	do(t, s, "advance", "b-kgl1", "0208")
	if at(t, s, "b-kgl1") != "0208" || s.Pend != nil {
		t.Fatal("infantry takes ground")
	}
}

func TestBreakthrough_CavalryAdvancesMovesAndMeleesAgain(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-ld11": "0209", "f-66": "0208", "f-15l": "0206"}, "b-ld11")
	s.unit("f-66").Blocks = 1
	do(t, s, "melee", "b-ld11", "0208")
	if stage(s) != "roll" {
		t.Fatalf("the French hand is empty: no square, stage %q", stage(s))
	}
	roll(t, s, SInf, SArt, SArt, SArt)
	if !legalHas(s, "breakthrough", "b-ld11", "0208") {
		t.Fatalf("victorious cavalry may break through; legal %v", keys(s.Legal()))
	}
	do(t, s, "breakthrough", "b-ld11", "0208")
	do(t, s, "move", "b-ld11", "0207")
	if stage(s) != "bonus" || !legalHas(s, "melee", "b-ld11", "0206") {
		t.Fatalf("a second melee, stage %q", stage(s))
	}
	do(t, s, "melee", "b-ld11", "0206")
	roll(t, s, SInf, SInf, SInf, SInf)
	if at(t, s, "f-15l") != "eliminated" {
		t.Fatal("second melee resolved")
	}
	if legalHas(s, "breakthrough", "b-ld11", "0206") {
		t.Fatal("no second breakthrough")
	}
	if !legalHas(s, "advance", "b-ld11", "0206") {
		t.Fatal("it may still advance into the hex")
	}
}

func TestRetireAndReform_DefenderChoosesOnlyCavalryHits(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-h3": "0208"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	if stage(s) != "retire" || s.Status().Decider != 0 || s.Status().Active != 1 {
		t.Fatalf("the French (not active) decide: stage %q", stage(s))
	}
	do(t, s, "retire", "f-h3", "0206")
	roll(t, s, SInf, SInf, SCav, SFlag)
	if got := s.unit("f-h3").Blocks; got != 3 {
		t.Fatalf("only the cavalry symbol hits: blocks %d, want 3", got)
	}
	if at(t, s, "f-h3") != "0206" {
		t.Fatal("flags are spent by the retirement")
	}
	if stage(s) != "advance" {
		t.Fatalf("the vacated hex may be taken, stage %q", stage(s))
	}
}

func TestSquare_DefenderDecidesSetsCardAsideSabresMiss(t *testing.T) {
	s := board(t, 0, PhCombat, "attack-left", map[string]string{"f-h3": "0208", "b-kgl1": "0209"}, "f-h3")
	s.Hands[1] = []string{"probe-left", "scout-right"}
	do(t, s, "melee", "f-h3", "0209")
	if stage(s) != "square" || s.Status().Decider != 1 {
		t.Fatalf("the British decide on square, stage %q decider %v", stage(s), s.Status().Decider)
	}
	do(t, s, "square", "b-kgl1", "0209", "probe-left")
	if !s.unit("b-kgl1").Square || len(s.Hands[1]) != 1 {
		t.Fatal("square formed with a card set aside")
	}
	roll(t, s, SInf, SSabre, SSabre, SSabre)
	if got := s.unit("b-kgl1").Blocks; got != 3 {
		t.Fatalf("sabres do not hit a square: blocks %d, want 3", got)
	}
	// Later the British order it: the square ends and the card comes back.
	s.Pend = nil
	s.Active, s.Phase, s.Card, s.Eff = 1, PhOrder, "probe-left", "probe-left"
	s.Ordered = map[string]bool{}
	do(t, s, "order", "b-kgl1", "")
	if s.unit("b-kgl1").Square || len(s.Hands[1]) != 2 {
		t.Fatal("ordering the square ends it and returns its card")
	}
	do(t, s, "end", "", "")
	for _, a := range s.Legal() {
		if a.Unit == "b-kgl1" {
			t.Fatal("a unit leaving square does not move that turn")
		}
	}
	// Town: no square there.
	s = board(t, 0, PhCombat, "attack-left", map[string]string{"f-h3": "0907", "b-kgl1": "0807"}, "f-h3")
	s.Hands[1] = []string{"probe-left"}
	do(t, s, "melee", "f-h3", "0807")
	if stage(s) != "roll" {
		t.Fatalf("no square in a town, stage %q", stage(s))
	}
}

func TestCombinedArms_OneArtilleryAddsItsDice(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "b-rha": "0309", "f-66": "0208"}, "b-kgl1", "b-rha")
	a := rules.Action{Kind: "melee", Unit: "b-kgl1", Units: []string{"b-rha"}, To: "0208"}
	if _, ok := rules.FindLegal(s, a); !ok {
		t.Fatalf("combined arms not offered: %v", keys(s.Legal()))
	}
	if _, err := s.Apply(a); err != nil {
		t.Fatal(err)
	}
	if s.Pend.Dice != 7 {
		t.Fatalf("4 melee dice + 3 artillery dice at range 1 = 7, got %d", s.Pend.Dice)
	}
	if !s.Battled["b-rha"] {
		t.Fatal("the artillery has battled")
	}
}

func TestPreview_ExactOdds(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-rha": "0209", "f-66": "0208"}, "b-rha")
	s.unit("b-rha").Blocks = 1
	s.Moved["b-rha"] = 0
	lines := s.Preview(rules.Action{Kind: "melee", Unit: "b-rha", To: "0208"})
	sum := 0.0
	for _, l := range lines {
		sum += float64(l.Num) / float64(l.Den)
	}
	if sum < 0.999999 || sum > 1.000001 {
		t.Fatalf("probabilities sum to %v", sum)
	}
	found := false
	for _, l := range lines {
		if l.Result == "3 hits, 0 flags" {
			found = true
			if l.Num != 1 || l.Den != 8 {
				t.Fatalf("3 dice all hitting (3/6 each) = 1/8, got %d/%d", l.Num, l.Den)
			}
		}
	}
	if !found {
		t.Fatalf("no 3-hit line in %v", lines)
	}
}

func TestRoll_OutcomesAreExactMultisets(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", nil)
	outs := s.rollOutcomes(3, "", "")
	total := 0
	for _, o := range outs {
		total += o.Weight
	}
	if total != 216 || len(outs) != 35 {
		t.Fatalf("3 dice: %d outcomes weighing %d, want 35 and 216", len(outs), total)
	}
	for _, o := range outs {
		if len(o.Action.Dice) == 3 && o.Action.Dice[0] == SInf && o.Action.Dice[2] == SInf && o.Weight != 8 {
			t.Fatalf("three infantry: 2*2*2 = 8 of 216, got %d", o.Weight)
		}
	}
	if !strings.Contains(outs[0].Action.Label, "infantry") {
		t.Fatalf("label %q", outs[0].Action.Label)
	}
}

// TestTerrainCard_SecondRowCountsForCavalryBattlingOut: the second printed
// row of a card is for a unit battling out of the hex, by its arm; its
// middle (cavalry) number counts: cavalry meleeing out of buildings loses
// 3 dice [Terrain cards].
func TestTerrainCard_SecondRowCountsForCavalryBattlingOut(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-centre", map[string]string{"b-ld11": "0807", "f-66": "0907"}, "b-ld11")
	n, mods := s.meleeDice(s.unit("b-ld11"), s.unit("f-66").At, true)
	if want := s.unit("b-ld11").Blocks - 3; n != max(want, 0) {
		t.Fatalf("light dragoons of %d blocks out of buildings: want %d dice, got %d (%v)", s.unit("b-ld11").Blocks, max(want, 0), n, mods)
	}
}

// TestTerrainCard_HillOnlyInRangedCombat: the hill card counts in ranged
// combat only; a melee into a hill loses no die [Terrain cards: Hill].
func TestTerrainCard_HillOnlyInRangedCombat(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-centre", map[string]string{"b-kgl1": "0508", "f-66": "0507"}, "b-kgl1")
	c := s.unit("f-66").At
	if s.terrain(c).ID != "hill" {
		t.Fatalf("test set-up: 0507 is %s, not a hill", s.terrain(c).ID)
	}
	if n, mods := s.meleeDice(s.unit("b-kgl1"), c, true); n != s.unit("b-kgl1").Blocks {
		t.Fatalf("melee into a hill: %d dice, want %d (%v)", n, s.unit("b-kgl1").Blocks, mods)
	}
	// Light infantry fires 1 a block +1, and loses 1 into the hill.
	if n, mods := s.fireDice(s.unit("b-kgl1"), c); n != s.unit("b-kgl1").Blocks {
		t.Fatalf("fire into a hill: %d dice, want %d (%v)", n, s.unit("b-kgl1").Blocks, mods)
	}
}

// TestMorale_DisregardingAFlagIsTheOwnersChoice: a unit "may disregard" a
// flag; its owner may also take the retreat (Morale).
func TestMorale_DisregardingAFlagIsTheOwnersChoice(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "f-66": "0208", "maucune": "0208"}, "b-kgl1")
	do(t, s, "melee", "b-kgl1", "0208")
	roll(t, s, SFlag, SArt, SArt, SArt)
	var choices []string
	for _, a := range s.Legal() {
		choices = append(choices, a.Choice)
	}
	if len(choices) != 2 || choices[0] != "disregard-1" || choices[1] != "disregard-0" {
		t.Fatalf("the choices are to disregard the flag or not: %v", choices)
	}
	do(t, s, "choose", "f-66", "", "disregard-0")
	if stage(s) != "retreat" || s.Pend.Flags != 1 {
		t.Fatalf("declining, the unit retreats a hex: stage %q", stage(s))
	}
}

// TestCombinedArms_BatteryNeedNotBeAdjacent: any one ordered battery that can
// fire on the target combines its dice; the book asks for no adjacency to
// the attacking unit (Combined Arms Combat).
func TestCombinedArms_BatteryNeedNotBeAdjacent(t *testing.T) {
	s := board(t, 1, PhCombat, "attack-left", map[string]string{"b-kgl1": "0209", "b-rha": "0409", "f-66": "0208"}, "b-kgl1", "b-rha")
	if d := hex.Distance(s.unit("b-rha").At, s.unit("b-kgl1").At); d == 1 {
		t.Fatalf("test set-up: the battery is adjacent")
	}
	found := false
	for _, c := range s.fireTargets(s.unit("b-rha")) {
		found = found || c == s.unit("f-66").At
	}
	if !found {
		t.Fatal("test set-up: the battery cannot fire at the target")
	}
	a := rules.Action{Kind: "melee", Unit: "b-kgl1", Units: []string{"b-rha"}, To: "0208"}
	if _, ok := rules.FindLegal(s, a); !ok {
		t.Fatalf("combined arms with a battery not adjacent to the attacker: %v", keys(s.Legal()))
	}
}
