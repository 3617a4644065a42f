package marshals

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"grognard/rules"
)

// opsState is the fixture at the start of an operation of side act, the
// set-up decoys placed, with Wellesley commanding the Allies.
func opsState(t *testing.T, act int) *State {
	t.Helper()
	s := newFixture(t)
	for s.Sub == SubDecoy {
		play(t, s, s.Legal()[0])
	}
	s.Phase, s.Sub, s.Act, s.Initiative = PhOperations, SubOp, act, act
	s.CinC[Allied] = "al-wellesley"
	return s
}

func roll(t *testing.T, s *State, dice ...int) []rules.Event {
	t.Helper()
	if s.decider() != rules.Chance {
		t.Fatalf("no chance point now (%s)", s.Sub)
	}
	for _, o := range s.Chances() {
		if slices.Equal(o.Action.Dice, dice) {
			return play(t, s, o.Action)
		}
	}
	t.Fatalf("no outcome %v at %s", dice, s.Sub)
	return nil
}

func draw(t *testing.T, s *State, choice string) []rules.Event {
	t.Helper()
	for _, o := range s.Chances() {
		if o.Action.Choice == choice {
			return play(t, s, o.Action)
		}
	}
	t.Fatalf("no outcome %s at %s", choice, s.Sub)
	return nil
}

func find(t *testing.T, s *State, kind, unit, to, choice string) rules.Action {
	t.Helper()
	for _, a := range s.Legal() {
		if a.Kind == kind && (unit == "" || a.Unit == unit) && (to == "" || a.To == to) && (choice == "" || a.Choice == choice) {
			return a
		}
	}
	t.Fatalf("no legal %s %s %s %s in %v", kind, unit, to, choice, keys(s.Legal()))
	return rules.Action{}
}

func unitAt(s *State, id string) string {
	u, _ := s.unit(id)
	return u.At
}

// TestRule1_3_MoraleTracksAndLosses: the book's order-of-battle examples —
// Delaborde (second loss to the infantry: 4 SS, morale 3; to the guns: 5
// SS, morale 4), Zayas (two losses and a detachment: 2 SS, morale 2) and
// the morale tracks generated from n, b, m (spec §6.5.1) [1.3] [7.4].
func TestRule1_3_MoraleTracksAndLosses(t *testing.T) {
	if got := MoraleTrack(6, 1, 5); !slices.Equal(got, []int{1, 2, 3, 3, 4, 5}) {
		t.Errorf("Delaborde track %v", got)
	}
	if got := MoraleTrack(6, 1, 4); !slices.Equal(got, []int{1, 2, 2, 3, 3, 4}) {
		t.Errorf("Zayas (S6) track %v, the order-of-battle sheet prints 1 2 2 3 3 4", got)
	}
	if got := MoraleTrack(5, 1, 3); !slices.Equal(got, []int{1, 2, 2, 3, 3}) {
		t.Errorf("Zayas example track %v", got)
	}
	sc := fixture(t)
	s, _ := NewState(sc)
	i := s.idx("fr-ruffin") // 6 boxes, track 1 2 2 3 3 4, one battery
	if s.SS(i) != 7 || s.Morale(i) != 4 || s.UnitMP(i) != 5 {
		t.Fatalf("Ruffin fresh: %d SS morale %d MP %d", s.SS(i), s.Morale(i), s.UnitMP(i))
	}
	s.loseSS(i, false)
	if s.MainSS(i) != 5 || s.Morale(i) != 3 {
		t.Errorf("after an infantry loss: %d main SS, morale %d", s.MainSS(i), s.Morale(i))
	}
	s.loseSS(i, true)
	if s.ArtSS(i) != 0 || s.Morale(i) != 3 || s.UnitMP(i) != 4 {
		t.Errorf("after losing the guns: art %d morale %d MP %d (lower MP without artillery [1.1.1])", s.ArtSS(i), s.Morale(i), s.UnitMP(i))
	}
	// [7.4] Zayas: a detachment crosses a box from the left, morale unchanged.
	s.Units[i] = Unit{ID: "fr-ruffin", At: "santa-olalla", Losses: 2, Detached: 1}
	if s.MainSS(i) != 3 || s.Morale(i) != 3 {
		t.Errorf("2 losses + 1 detachment: %d SS morale %d", s.MainSS(i), s.Morale(i))
	}
	// [8.0] VP: half a point per infantry SS, one per gun.
	if s.VP2[Allied] != 1+2 {
		t.Errorf("Allied VP2 %d, want 3 (0.5 + 1)", s.VP2[Allied])
	}
}

// TestRule5_4_3_StrengthRatio: the book's example, 7 against 2 SS gives a
// ratio of 4 (3.5 rounded up) [5.4.3] [1.5]; above 6 the winner loses nothing.
func TestRule5_4_3_StrengthRatio(t *testing.T) {
	if side, r, big := RatioOf(7, 2); side != 0 || r != 4 || big {
		t.Errorf("7 v 2: side %d ratio %d big %v", side, r, big)
	}
	if side, r, big := RatioOf(2, 13); side != 1 || r != 7 || !big {
		t.Errorf("2 v 13: side %d ratio %d big %v", side, r, big)
	}
	if side, r, big := RatioOf(12, 2); side != 0 || r != 6 || big {
		t.Errorf("12 v 2 is exactly 6, not above: side %d ratio %d big %v", side, r, big)
	}
	if side, _, _ := RatioOf(5, 5); side != -1 {
		t.Errorf("equal stacks: no ratio, got side %d", side)
	}
}

// TestAID_Melee_Table: the melee table as data, its worked example (37 SS,
// difference 6: 2/3 + 0/1 = 2/4, retreat 2) and the two odd cells kept as
// printed [AID melee] (spec §3.7.4).
func TestAID_Melee_Table(t *testing.T) {
	tab := &fixture(t).Tab
	cases := []struct{ diff, amp, w, l, r int }{
		{6, 37, 2, 4, 2}, {0, 12, 1, 1, 0}, {0, 4, 0, 0, 0}, {2, 8, 0, 0, 1}, {12, 23, 2, 5, 3}, {12, 28, 1, 4, 3}, {9, 30, 2, 4, 3}, {7, 61, 2, 7, 3},
	}
	for _, c := range cases {
		w, l, r := tab.MeleeResult(c.diff, c.amp)
		if w != c.w || l != c.l || r != c.r {
			t.Errorf("diff %d amplitude %d: %d/%d retreat %d, want %d/%d retreat %d", c.diff, c.amp, w, l, r, c.w, c.l, c.r)
		}
	}
}

// TestRule5_2_CommandTest: a stack without its commander in chief tests:
// d6 + the subordinate's SV (with a unit of his corps) + 1 for a line to
// the CinC; 5+ all MP, 3-4 half rounded up [5.2] [1.5] [7.10].
func TestRule5_2_CommandTest(t *testing.T) {
	s := opsState(t, Allied)
	play(t, s, find(t, s, "order", "", "almaraz", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	if s.Sub != SubCommand {
		t.Fatalf("want a command test, at %s", s.Sub)
	}
	mod, why := s.CommandMods()
	if mod != 2 {
		t.Fatalf("modifiers %d %v, want +1 Cuesta +1 line to Wellesley", mod, why)
	}
	c := s.clone()
	roll(t, c, 2) // 4: half of 4 MP (baggage) = 2
	if c.Sub != SubMove || c.Move.MP != 2 {
		t.Errorf("die 2: sub %s MP %d, want half MP 2", c.Sub, c.Move.MP)
	}
	roll(t, s, 3) // 5: all 4 MP
	if s.Move.MP != 4 {
		t.Errorf("die 3: MP %d, want 4", s.Move.MP)
	}
	// [5.2] the commander in chief in the zone: no test, all MP.
	s2 := opsState(t, Allied)
	play(t, s2, find(t, s2, "order", "", "plasencia", ""))
	play(t, s2, find(t, s2, "end", "", "", "confirm"))
	if s2.Sub != SubMove || s2.Move.MP != 5 {
		t.Errorf("with Wellesley: sub %s MP %d, want a move with 5 MP", s2.Sub, s2.Move.MP)
	}
}

// TestRule5_2_FailedTestActivates: a total of 2 or less activates the stack
// without moving and the opponent operates [5.2].
func TestRule5_2_FailedTestActivates(t *testing.T) {
	s := opsState(t, French)
	s.CinC[French] = "fr-joseph"
	play(t, s, find(t, s, "order", "", "toledo", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	mod, _ := s.CommandMods()
	roll(t, s, 2-mod)
	u, _ := s.unit("french-det-infantry-1")
	if !u.Activated || u.At != "toledo" || s.Act != Allied || s.Sub != SubOp {
		t.Errorf("failed test: activated %v at %s, act %d sub %s", u.Activated, u.At, s.Act, s.Sub)
	}
}

// TestRule5_3_2_FatigueAndReturn: a connection crossed draws a marker; the
// commander returns one; markers go back when the move ends [5.3.2].
func TestRule5_3_2_FatigueAndReturn(t *testing.T) {
	s := opsState(t, Allied)
	play(t, s, find(t, s, "order", "", "plasencia", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	play(t, s, find(t, s, "move", "", "almaraz", ""))
	if s.Sub != SubFatigue || s.Move.Due != 1 || s.Move.Spent != 3 {
		t.Fatalf("after a route: sub %s due %d spent %d", s.Sub, s.Move.Due, s.Move.Spent)
	}
	draw(t, s, "fatigue=2")
	if s.Sub != SubReturn || s.Bag[2] != 3 {
		t.Fatalf("a commander's return is offered: sub %s bag %v", s.Sub, s.Bag)
	}
	play(t, s, find(t, s, "choose", "", "", "return"))
	if s.Bag[2] != 4 || len(s.Move.Drawn) != 0 || s.Move.Returns != 0 || s.Sub != SubMove {
		t.Fatalf("after the return: bag %v drawn %v returns %d sub %s", s.Bag, s.Move.Drawn, s.Move.Returns, s.Sub)
	}
	// Second connection: the marker is kept; Hill (morale 5) and Payne (4) go on.
	play(t, s, find(t, s, "move", "", "x-badajoz", ""))
	if s.Move != nil {
		t.Fatalf("leaving the map ends the move")
	}
	if u, _ := s.unit("br-hill-test"); u != nil {
		t.Fatal("unexpected")
	}
	if u, _ := s.unit("al-hill"); u.Off != OffExited {
		t.Errorf("Hill left by a friendly depot: %q", u.Off)
	}
	if s.VP2[French] != 0 {
		t.Errorf("an exit toward a friendly depot gives no VP [5.3.5], French have %d", s.VP2[French])
	}
}

// TestRule5_3_2_FatigueStopsUnits: a total above a unit's morale stops it
// with a loss; the others may go on [5.3.2].
func TestRule5_3_2_FatigueStopsUnits(t *testing.T) {
	s := opsState(t, French)
	s.CinC[French] = "fr-joseph"
	s.Units[s.idx("fr-joseph")].At = "santa-olalla"
	play(t, s, find(t, s, "order", "", "santa-olalla", ""))
	play(t, s, find(t, s, "choose", "fr-joseph", "", "leave"))
	play(t, s, find(t, s, "choose", "fr-victor", "", "leave"))
	play(t, s, find(t, s, "end", "", "", "confirm")) // Joseph is here: no test [5.2]
	// Ruffin 7 + Villatte 4 + Latour 5 = 16 SS: 2 markers per connection.
	play(t, s, find(t, s, "move", "", "madrid", ""))
	if s.Move.Due != 2 {
		t.Fatalf("16 SS: %d markers due, want 2", s.Move.Due)
	}
	draw(t, s, "fatigue=2")
	draw(t, s, "fatigue=2")
	// total 4: Villatte (1 loss: morale 3) stops and loses 1 SS; Ruffin (4) and Latour (4) go on.
	v, _ := s.unit("fr-villatte")
	if !v.Activated || v.Losses != 2 || slices.Contains(s.Move.Units, "fr-villatte") {
		t.Errorf("Villatte: %+v, moving %v", v, s.Move.Units)
	}
	if !slices.Contains(s.Move.Units, "fr-ruffin") || s.Sub != SubMove {
		t.Errorf("Ruffin should go on: %v %s", s.Move.Units, s.Sub)
	}
}

// TestRule5_3_1_AxisOfRetreat: entering an enemy zone, the mover's marker
// goes on the connection crossed and the defender places its own toward a
// free zone; the mover stops [5.3] [5.3.1]; crossing a river puts the
// back-to-the-river marker [7.7].
func TestRule5_3_1_AxisOfRetreat(t *testing.T) {
	s := opsState(t, French)
	s.CinC[French] = "fr-joseph"
	s.Units[s.idx("al-iglesias")].At = "talavera"
	play(t, s, find(t, s, "order", "", "santa-olalla", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	roll(t, s, 6)
	play(t, s, find(t, s, "move", "", "talavera", ""))
	if s.Sub != SubAxis || s.decider() != rules.Side(Allied) {
		t.Fatalf("the Allies place their axis: sub %s decider %v", s.Sub, s.decider())
	}
	ax := s.axes("talavera")
	if ax[French] != s.sc.Graph.ConnIndex("santa-olalla", "talavera", "road") {
		t.Errorf("French axis %d", ax[French])
	}
	legal := s.Legal()
	if len(legal) != 1 || legal[0].To != "almaraz" {
		t.Fatalf("Allied axis choices %v: only the road to free Almaraz (Toledo holds French, no ford)", keys(legal))
	}
	play(t, s, legal[0])
	for s.Sub == SubFatigue || s.Sub == SubReturn {
		if s.Sub == SubReturn {
			play(t, s, find(t, s, "choose", "", "", "keep"))
			continue
		}
		draw(t, s, "fatigue=0")
	}
	if s.Sub != SubForced {
		t.Fatalf("after entering: %s, want the forced-passage choice", s.Sub)
	}
	if got := keys(s.Legal()); len(got) != 2 {
		t.Errorf("forced passage or stop: %v", got)
	}
	play(t, s, find(t, s, "end", "", "", "stop"))
	if u, _ := s.unit("fr-ruffin"); !u.Activated || u.At != "talavera" {
		t.Errorf("Ruffin %+v", u)
	}
}

// TestRule7_7_BackToTheRiver: crossing a river into a zone held by the enemy
// puts the marker on the stack (-1 CP) [7.7].
func TestRule7_7_BackToTheRiver(t *testing.T) {
	s := opsState(t, French)
	s.CinC[French] = "fr-joseph"
	for _, id := range []string{"fr-ruffin", "fr-victor"} {
		s.Units[s.idx(id)].At = "talavera"
	}
	play(t, s, find(t, s, "order", "", "talavera", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	roll(t, s, 6)
	play(t, s, find(t, s, "move", "", "almaraz", ""))
	if u, _ := s.unit("fr-ruffin"); !u.Back {
		t.Errorf("no back-to-the-river marker: %+v", u)
	}
}

// combatState sets a combat at Santa Olalla: the Allied Hill and Payne
// attack Ruffin, Villatte and Latour-Maubourg.
func combatState(t *testing.T) *State {
	s := opsState(t, Allied)
	for _, id := range []string{"al-hill", "al-payne"} {
		s.Units[s.idx(id)].At = "santa-olalla"
	}
	s.setAxes("santa-olalla", [2]int{s.sc.Graph.ConnIndex("santa-olalla", "madrid", "road"), s.sc.Graph.ConnIndex("santa-olalla", "talavera", "road")})
	play(t, s, find(t, s, "choose", "", "santa-olalla", "combat"))
	return s
}

// TestRule5_4_CombatSequence: declare, reveal, head units, events, fire,
// the CP dice, losses on the head unit first, retreat along the axis,
// demoralisation and pursuit [5.4] [5.4.3]-[5.4.6].
func TestRule5_4_CombatSequence(t *testing.T) {
	s := combatState(t)
	evs := play(t, s, find(t, s, "end", "", "", "confirm"))
	if len(evs) == 0 || evs[0].Kind != "reveal" || !strings.Contains(evs[0].Text, "Ruffin") {
		t.Fatalf("the stacks are revealed: %+v", evs)
	}
	// [5.4.1] the window before the melee, attacker then defender.
	if s.Sub != SubPre || s.decider() != rules.Side(Allied) {
		t.Fatalf("want the pre-melee window, at %s", s.Sub)
	}
	play(t, s, find(t, s, "end", "", "", "no"))
	play(t, s, find(t, s, "end", "", "", "no"))
	play(t, s, find(t, s, "choose", "al-hill", "", "head"))
	play(t, s, find(t, s, "choose", "fr-ruffin", "", "head"))
	play(t, s, find(t, s, "end", "", "", "no"))
	play(t, s, find(t, s, "end", "", "", "no"))
	if s.Sub != SubFire || s.fireSide() != Allied {
		t.Fatalf("Allied guns fire first: %s %d", s.Sub, s.fireSide())
	}
	draw(t, s, "hits=0")
	draw(t, s, "hits=0") // French: Ruffin's and Latour's batteries
	if s.Sub != SubCP {
		t.Fatalf("at %s", s.Sub)
	}
	// Allied: Hill morale 5; French: Ruffin 4 + terrain 0 + commander Victor 2.
	// Effective SS: Allied 4+5 = 9; French 6+4+4 = 14: ratio ceil(14/9) = 2 French.
	a, why := s.CPParts(Allied)
	f, whyF := s.CPParts(French)
	if a != 5 || f != 4+2+2 {
		t.Fatalf("CP without dice: Allied %d %v, French %d %v", a, why, f, whyF)
	}
	roll(t, s, 1, 6) // Allied 6, French 14: French win by 8; amplitude 10+16 = 26 -> 1/3, retreat 3
	k := s.Combat
	if k.Winner != French || k.Diff != 8 || k.Loss[French] != 1 || k.Loss[Allied] != 3 || k.Retreat != 3 {
		t.Fatalf("melee: %+v", k)
	}
	// [EV Charge incontrôlée] Payne is in the Allied stack: the French are asked.
	if s.Sub != SubCI || s.decider() != rules.Side(French) {
		t.Fatalf("want the Charge incontrôlée window for the French, at %s", s.Sub)
	}
	ci := s.clone()
	ci.Hands[French] = []string{"charge-incontrolee"}
	play(t, ci, find(t, ci, "play", "", "", "charge-incontrolee"))
	// (beside the one-loss choice, the quicker ones of losses_bulk.go: all
	// Payne's losses at once, or the rest as proposed, which starts on Payne)
	var one []rules.Action
	for _, a := range ci.Legal() {
		if !isLossBulk(a) {
			one = append(one, a)
		} else if a.Choice != lossRest && a.Unit != "al-payne" {
			t.Errorf("after Charge incontrôlée a quicker choice is not Payne's: %s", a.Key())
		}
	}
	if len(one) != 1 || one[0].Unit != "al-payne" {
		t.Fatalf("after Charge incontrôlée the first loss is Payne's: %v", keys(one))
	}
	if p := ci.lossPlan(Allied); len(p) == 0 || p[0].unit != "al-payne" {
		t.Errorf("the proposal does not start on Payne: %v", p)
	}
	play(t, s, find(t, s, "end", "", "", "no"))
	// The first loss falls on the head unit [5.4.3].
	if s.decider() != rules.Side(Allied) {
		t.Fatalf("the attacker allots first")
	}
	for _, a := range s.Legal() {
		if a.Unit != "al-hill" && a.Choice != lossRest {
			t.Fatalf("first loss must be Hill's: %v", keys(s.Legal()))
		}
	}
	if p := s.lossPlan(Allied); len(p) == 0 || p[0].unit != "al-hill" {
		t.Fatalf("the proposal's first loss must be Hill's: %v", p)
	}
	play(t, s, find(t, s, "choose", "al-hill", "", "loss"))
	play(t, s, find(t, s, "choose", "al-payne", "", "loss"))
	play(t, s, find(t, s, "choose", "al-payne", "", "loss"))
	play(t, s, find(t, s, "choose", "fr-ruffin", "", "loss"))
	// [EV Arrière-garde] the loser has cavalry: its window opens.
	if s.Sub != SubAG || s.decider() != rules.Side(Allied) {
		t.Fatalf("want the Arrière-garde window, at %s", s.Sub)
	}
	ag := s.clone()
	ag.Hands[Allied] = []string{"arriere-garde"}
	play(t, ag, find(t, ag, "play", "", "", "arriere-garde"))
	play(t, ag, find(t, ag, "move", "", "almaraz", ""))
	play(t, ag, find(t, ag, "move", "", "plasencia", ""))
	if ag.Combat != nil && (ag.Sub == SubDemoral || ag.Sub == SubPursuit) {
		t.Fatalf("Arrière-garde: no demoralisation and no pursuit, at %s", ag.Sub)
	}
	if u, _ := ag.unit("al-payne"); u.Losses != 4 {
		t.Errorf("Arrière-garde costs Payne a cavalry SS: losses %d", u.Losses)
	}
	play(t, s, find(t, s, "end", "", "", "no"))
	// Retreat: first along the axis to Talavera, then the loser chooses.
	if unitAt(s, "al-hill") != "talavera" || s.Sub != SubRetreat {
		t.Fatalf("Hill at %s, sub %s", unitAt(s, "al-hill"), s.Sub)
	}
	play(t, s, find(t, s, "move", "", "almaraz", ""))
	play(t, s, find(t, s, "move", "", "plasencia", ""))
	if s.Sub != SubDemoral {
		t.Fatalf("at %s", s.Sub)
	}
	roll(t, s, 1) // 1 + 3 = 4 > Hill's morale after a loss (4)? morale 4: not greater
	if u, _ := s.unit("al-hill"); u.Demoral {
		t.Errorf("4 is not greater than morale 4: not demoralised")
	}
	// Pursuit: French cavalry 4 >= Allied 3 (Payne), zone clear.
	if s.Sub != SubPursuit {
		t.Fatalf("at %s, want the pursuit", s.Sub)
	}
	roll(t, s, 6, 1, 1) // 6+4 = 10 against 1+1+3 = 5: 5 losses
	if s.Combat.Loss[Allied] != 5 {
		t.Fatalf("pursuit losses %d", s.Combat.Loss[Allied])
	}
	// Artillery first [5.4.6].
	for _, a := range s.Legal() {
		if a.Choice != "loss-art" && a.Choice != lossRest {
			t.Fatalf("pursuit losses fall on the guns first: %v", keys(s.Legal()))
		}
	}
	if p := s.lossPlan(Allied); len(p) == 0 || !p[0].art {
		t.Fatalf("the proposal's first pursuit loss must fall on the guns: %v", p)
	}
}

// TestRule4_0_ReturnAnEvent: returning the drawn marker gives 2 VP to the
// opponent; kept markers are secret [4.0] [8.0].
func TestRule4_0_ReturnAnEvent(t *testing.T) {
	s := newFixture(t)
	for s.Phase != PhEvents || s.Sub != SubBefore {
		if s.decider() == rules.Chance {
			play(t, s, s.Chances()[0].Action)
		} else {
			play(t, s, s.Legal()[0])
		}
	}
	play(t, s, find(t, s, "end", "", "", "draw"))
	draw(t, s, "elan")
	evs := play(t, s, find(t, s, "choose", "", "", "return"))
	if s.VP2[Allied] != 4 || s.Containers[French]["elan"] != 1 {
		t.Errorf("return: Allied VP2 %d, container %v", s.VP2[Allied], s.Containers[French])
	}
	if strings.Contains(evs[0].TextFor(rules.Side(Allied)), "Elan") {
		t.Errorf("the returned marker is not named: %q", evs[0].TextFor(rules.Side(Allied)))
	}
}

// TestRule7_5_DecoyWithoutLine: a decoy without a line of communication to
// its depots is eliminated at once [7.5].
func TestRule7_5_DecoyWithoutLine(t *testing.T) {
	s := opsState(t, French)
	i := s.idx("french-decoy-1")
	s.Units[i].Off, s.Units[i].At = OffNone, "almaraz" // Allied zone: contested
	s.sweep()
	if s.Units[i].Off != OffEliminated {
		t.Errorf("decoy in a contested zone survives")
	}
	j := s.idx("french-decoy-2")
	s.Units[j].Off, s.Units[j].At = OffNone, "plasencia" // beyond Allied Almaraz: no line home
	s.Units[s.idx("al-hill")].At = "almaraz"
	s.Units[s.idx("al-payne")].At = "almaraz"
	s.Units[s.idx("al-wellesley")].At = "almaraz"
	s.sweep()
	if s.Units[j].Off != OffEliminated {
		t.Errorf("cut-off decoy survives at Plasencia")
	}
}

// TestRule6_0_RecoveryAndRally: a rested unit recovers a loss on a die not
// above its morale; a demoralised one rallies [7.9] [7.8] [6.0].
func TestRule6_0_RecoveryAndRally(t *testing.T) {
	s := opsState(t, French)
	s.Phase, s.Sub = PhAdmin, ""
	s.Flags = nil
	if _, err := s.settle(); err != nil {
		t.Fatal(err)
	}
	if s.Sub != SubRolls || len(s.Rolls) == 0 || s.Rolls[0].Unit != "fr-villatte" {
		t.Fatalf("first roll: %+v", s.Rolls)
	}
	roll(t, s, 3) // Villatte morale 3 after a loss: recovers
	if u, _ := s.unit("fr-villatte"); u.Losses != 0 {
		t.Errorf("Villatte did not recover")
	}
	if s.VP2[Allied] != -1 {
		t.Errorf("recovery takes 0.5 VP from the Allies: %d", s.VP2[Allied])
	}
}

// TestRule8_0_VictoryZones: a zone free of French units is the Allies' even
// when empty; a French zone counts with a line to a depot [8.0] [S1 VC].
func TestRule8_0_VictoryZones(t *testing.T) {
	s := opsState(t, French)
	if s.controls("madrid") != French || s.controls("talavera") != Allied {
		t.Fatalf("Madrid %d Talavera %d", s.controls("madrid"), s.controls("talavera"))
	}
	vp, _ := s.FinalVP()
	if vp[French] != 10 || vp[Allied] != 2 {
		t.Errorf("final VP2 %v, want French 10 (Madrid) and Allied 2 (Talavera)", vp)
	}
}

// TestRules_NoPanicOnGarbage: Legal, Apply, Preview, WhyNot, Reach and
// View survive garbage and unknown ids, and refusals change nothing.
func TestRules_NoPanicOnGarbage(t *testing.T) {
	bad := []rules.Action{{}, {Kind: "move", Unit: "nobody", To: "nowhere", Choice: "99999"}, {Kind: "move", Choice: "-1"},
		{Kind: "roll", Dice: []int{9, 9, 9}}, {Kind: "draw", Choice: "fatigue=x"}, {Kind: "choose", Choice: "combat", To: "x-avila"},
		{Kind: "order", To: ""}, {Kind: "play", Choice: "madrid"}, {Kind: "end"}, {Kind: "choose", Unit: "fr-ruffin", Choice: "loss"}}
	s := newFixture(t)
	for n := 0; n < 3000 && !s.Over; n++ {
		before, _ := s.Snapshot()
		for _, a := range bad {
			if _, err := s.Apply(a); err == nil && !slices.ContainsFunc(s.Legal(), func(l rules.Action) bool { return l.Same(a) }) {
				t.Fatalf("garbage %s accepted", a.Key())
			}
			s.Preview(a)
		}
		if after, _ := s.Snapshot(); string(after) != string(before) {
			t.Fatalf("refused actions changed the state at %s", s.Sub)
		}
		for _, u := range []string{"", "nobody", "fr-ruffin", "al-hill", "stack-madrid-1"} {
			s.WhyNot(u, "madrid")
			s.WhyNot(u, "nowhere")
			s.Reach(u)
		}
		for _, v := range []rules.Side{-5, rules.NoSide, rules.Chance, 0, 1, 7} {
			s.View(v)
		}
		legal := s.Legal()
		if len(legal) == 0 {
			t.Fatalf("no legal action at %s", s.Sub)
		}
		a := legal[n*7919%len(legal)]
		if s.decider() == rules.Chance {
			a = s.Chances()[n%len(s.Chances())].Action
		}
		play(t, s, a)
	}
}

// TestPlanner_ReachStepsOneConnection: every route's first step is a legal
// action and costs add up [5.3] (rules.Planner).
func TestPlanner_ReachStepsOneConnection(t *testing.T) {
	s := opsState(t, Allied)
	play(t, s, find(t, s, "order", "", "plasencia", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	routes := s.Reach("al-hill")
	if len(routes) == 0 {
		t.Fatal("no routes")
	}
	got := map[string]string{}
	for _, r := range routes {
		got[r.To] = r.Cost
		if _, ok := rules.FindLegal(s, r.Steps[0]); !ok {
			t.Errorf("route to %s starts with an illegal step %s", r.To, r.Steps[0].Key())
		}
	}
	if got["almaraz"] != "3 MP" || got["talavera"] != "5 MP" || got["santa-olalla"] != "" {
		t.Errorf("routes %v: Almaraz by route 3 MP, Talavera over the bridge road 3+2, no further with 5 MP", got)
	}
	if w := s.WhyNot("al-hill", "madrid"); w == "" {
		t.Errorf("Madrid is out of reach, WhyNot says nothing")
	}
}

// TestRule5_4_1_CavalryWithdrawal: a stack of cavalry only, with an axis,
// withdraws on a command test of 3+: one zone along its axis, no A-combattu
// marker, still available [5.4.1].
func TestRule5_4_1_CavalryWithdrawal(t *testing.T) {
	s := opsState(t, Allied)
	s.Units[s.idx("al-payne")].At = "santa-olalla"
	s.setAxes("santa-olalla", [2]int{s.sc.Graph.ConnIndex("santa-olalla", "madrid", "road"), s.sc.Graph.ConnIndex("santa-olalla", "talavera", "road")})
	play(t, s, find(t, s, "choose", "", "santa-olalla", "combat"))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	play(t, s, find(t, s, "choose", "", "", "withdraw"))
	roll(t, s, 1) // 1 + 1 (cavalry) + 1 (5 cavalry SS against 4) = 3: enough
	u, _ := s.unit("al-payne")
	if u.At != "talavera" || u.Activated || u.Combats != 0 {
		t.Fatalf("Payne after the withdrawal: %+v", u)
	}
	if s.Combat != nil && s.Sub == SubPursuit {
		t.Fatalf("French cavalry 4 < 5: no pursuit")
	}
	if r, _ := s.unit("fr-ruffin"); r.Combats != 0 {
		t.Errorf("no A-combattu marker for anyone after a withdrawal: %+v", r)
	}
}

// TestEV_AuSonDuCanonAndPanique: a fresh stack next door joins the battle;
// Panique sends a Spanish division fleeing, demoralised [EV Au son du
// canon] [EV Panique].
func TestEV_AuSonDuCanonAndPanique(t *testing.T) {
	s := opsState(t, Allied)
	s.Units[s.idx("al-iglesias")].At = "santa-olalla"
	s.setAxes("santa-olalla", [2]int{s.sc.Graph.ConnIndex("santa-olalla", "madrid", "road"), s.sc.Graph.ConnIndex("santa-olalla", "talavera", "road")})
	s.Hands[French] = []string{"au-son-du-canon", "panique"}
	play(t, s, find(t, s, "choose", "", "santa-olalla", "combat"))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	play(t, s, find(t, s, "end", "", "", "no"))
	play(t, s, find(t, s, "play", "", "madrid", "au-son-du-canon"))
	if unitAt(s, "fr-garde") != "santa-olalla" || !slices.Contains(s.Combat.Units[French], "fr-garde") {
		t.Fatalf("the Guard did not march to the guns: %s", unitAt(s, "fr-garde"))
	}
	play(t, s, find(t, s, "play", "al-iglesias", "", "panique"))
	u, _ := s.unit("al-iglesias")
	if u.At != "talavera" || !u.Demoral || !u.Activated || slices.Contains(s.Combat.Units[Allied], "al-iglesias") {
		t.Fatalf("Iglesias after Panique: %+v", u)
	}
}

// TestRule7_7_GenieBridges: Génie destroys a minor bridge (then +2 MP to
// cross, lines of communication not cut) and repairs it for the next turn
// [EV Génie] [7.7].
func TestRule7_7_GenieBridges(t *testing.T) {
	s := opsState(t, Allied)
	s.Hands[Allied] = []string{"genie", "genie"}
	play(t, s, find(t, s, "order", "", "almaraz", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	roll(t, s, 6)
	play(t, s, find(t, s, "play", "", "talavera", "genie"))
	ci := s.sc.Graph.ConnIndex("almaraz", "talavera", "road")
	if !s.Bridges[ci] || s.Sub != SubOp || s.Act != French {
		t.Fatalf("bridge destroyed %v, sub %s", s.Bridges[ci], s.Sub)
	}
	if cost, ok := s.connCost(ci, nil, false); !ok || cost != 4 {
		t.Errorf("a destroyed minor bridge costs 2 + 2 MP: %d %v", cost, ok)
	}
	if !s.crossableIdx(ci) {
		t.Errorf("a destroyed minor bridge does not cut lines [7.7]")
	}
	s.Act = Allied
	s.Units[s.idx("al-hill")].At = "almaraz"
	play(t, s, find(t, s, "order", "", "almaraz", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	roll(t, s, 6)
	play(t, s, find(t, s, "play", "", "talavera", "genie"))
	if !s.Bridges[ci] || !s.flag("repair:"+strconv.Itoa(ci)) {
		t.Fatalf("repair: destroyed %v", s.Bridges[ci])
	}
	s.endAdmin()
	if s.Bridges[ci] {
		t.Errorf("the repaired bridge carries troops the next turn")
	}
}

// TestCR4_LaManchaLineToItsDepots: without a line to its commander in
// chief, a La Mancha stack with a line to Bailén gets the +1 [CR4] [5.2].
func TestCR4_LaManchaLineToItsDepots(t *testing.T) {
	s := opsState(t, Allied)
	s.Units[s.idx("al-venegas")].Off = OffEliminated
	play(t, s, find(t, s, "order", "", "ocana", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	if mod, why := s.CommandMods(); mod != 1 {
		t.Errorf("La Mancha at Ocaña: %d %v, want +1 by the line to Bailén", mod, why)
	}
	s.sc = &Scenario{}
	*s.sc = *fixture(t)
	s.sc.ID = "marshals-ocana" // [CR4] does not apply in scenario 6
	if mod, _ := s.CommandMods(); mod != 0 {
		t.Errorf("scenario 6: %d, want 0", mod)
	}
}

// TestEV_Fatigue: played right after the enemy's move, the stack draws one
// more marker; a unit the new total pushes past its morale loses 1 SS
// [EV Fatigue] [5.3.2].
func TestEV_Fatigue(t *testing.T) {
	s := opsState(t, Allied)
	s.Units[s.idx("al-payne")].Losses = 3 // morale 3
	s.Hands[French] = []string{"fatigue"}
	play(t, s, find(t, s, "order", "", "plasencia", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	play(t, s, find(t, s, "move", "", "almaraz", ""))
	draw(t, s, "fatigue=2")
	play(t, s, find(t, s, "choose", "", "", "keep"))
	play(t, s, find(t, s, "end", "", "", "stop"))
	if s.Act != French || s.LastMove == nil || s.LastMove.Total != 2 {
		t.Fatalf("after the move: act %d last %+v", s.Act, s.LastMove)
	}
	play(t, s, find(t, s, "play", "", "", "fatigue"))
	draw(t, s, "fatigue=2")
	if u, _ := s.unit("al-payne"); u.Losses != 4 {
		t.Errorf("Payne (morale 3, total 4) loses 1 SS: losses %d", u.Losses)
	}
	if u, _ := s.unit("al-hill"); u.Losses != 0 {
		t.Errorf("Hill (morale 5) is untouched: %d", u.Losses)
	}
	if s.Sub != SubOp || s.Act != French {
		t.Errorf("the French go on with their operation: %s %d", s.Sub, s.Act)
	}
}

// TestPreview_ExactOddsAfterTheReveal: the melee preview sums to one and
// is empty before the stacks are revealed [5.4] (rules.Previewer).
func TestPreview_ExactOddsAfterTheReveal(t *testing.T) {
	s := combatState(t)
	if p := s.Preview(rules.Action{}); p != nil {
		t.Fatalf("a preview before the reveal: %v", p)
	}
	play(t, s, find(t, s, "end", "", "", "confirm"))
	p := s.Preview(rules.Action{})
	if len(p) < 2 {
		t.Fatalf("preview %v", p)
	}
	num := 0
	for _, l := range p {
		num += l.Num
		if l.Den != p[0].Den {
			t.Fatalf("mixed denominators %v", p)
		}
	}
	if num != p[0].Den {
		t.Errorf("probabilities sum to %d/%d", num, p[0].Den)
	}
}

// TestS2_2_StartingLossesCount: in scenario 2 the starting losses are
// already the opponent's victory points [S2.2].
func TestS2_2_StartingLossesCount(t *testing.T) {
	s := loadedState(t, "marshals-retreat")
	if s.VP2[French] <= 0 || s.VP2[Allied] <= 0 {
		t.Errorf("starting VP2 %v: both sides start with losses in scenario 2", s.VP2)
	}
}

// TestRules_EveryActionCited: in random games every legal action and
// every event names the rule it applies ("10.2", "EV Pluie").
func TestRules_EveryActionCited(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		s := newFixture(t)
		randomGame(t, s, seed, 20000, func(st rules.State, evs []rules.Event) {
			for _, a := range st.Legal() {
				if a.Rule == "" || a.Label == "" {
					t.Fatalf("action without rule or label: %+v", a)
				}
			}
			for _, e := range evs {
				if e.Rule == "" {
					t.Fatalf("event without rule: %+v", e)
				}
			}
		})
	}
}

// TestS1_2_FrozenFrench: in scenario 1 Joseph's reserve and the 1st corps
// (with the detachments and decoys beside them) wait for the Allies to
// reach Talavera, Arenas or La Nava [S1.2].
func TestS1_2_FrozenFrench(t *testing.T) {
	s := loadedState(t, "marshals-advance")
	s.Phase, s.Sub, s.Act = PhOperations, SubOp, French
	orders := map[string]bool{}
	for _, a := range s.Legal() {
		if a.Kind == "order" {
			orders[a.To] = true
		}
	}
	if orders["madrid"] || orders["santa-olalla"] || !orders["madridejos"] {
		t.Errorf("orders %v: Madrid and Santa Olalla frozen, Sebastiani at Madridejos free", orders)
	}
	s.Units[s.idx("br-hill")].At = "talavera"
	s.triggers(Allied, []int{s.idx("br-hill")}, "talavera", s.sc.Graph.Conns[0])
	if !s.flag("s1-2-released") || !s.flag("mesentente-due") {
		t.Fatalf("Talavera reached: released %v, Mésentente due %v [S1.3]", s.flag("s1-2-released"), s.flag("mesentente-due"))
	}
	found := false
	for _, a := range s.Legal() {
		found = found || a.Kind == "order" && a.To == "madrid"
	}
	if !found {
		t.Errorf("Madrid still frozen after the trigger")
	}
}

// TestEV_PluieAndMesentente: rain adds 1 MP to every connection and
// closes fords; Mésentente keeps British and Spanish apart [EV Pluie]
// [EV Mésentente].
func TestEV_PluieAndMesentente(t *testing.T) {
	s := opsState(t, Allied)
	ci := s.sc.Graph.ConnIndex("almaraz", "plasencia", "route")
	if c, _ := s.connCost(ci, nil, false); c != 3 {
		t.Fatalf("route %d", c)
	}
	s.setFlag("pluie")
	if c, _ := s.connCost(ci, nil, false); c != 4 {
		t.Errorf("route in the rain %d, want 4", c)
	}
	s.setFlag("mesentente")
	s.Units[s.idx("al-iglesias")].At = "plasencia"
	play(t, s, find(t, s, "order", "", "plasencia", ""))
	for _, a := range s.Legal() {
		if a.Choice == "confirm" {
			t.Fatalf("British and Spanish activated together under Mésentente")
		}
	}
	play(t, s, find(t, s, "choose", "al-iglesias", "", "leave"))
	find(t, s, "end", "", "", "confirm")
}

// TestEV_Inactivite: under Inactivité a side may only operate with units in
// contested zones (for the Allies only La Mancha is bound) [EV Inactivité].
func TestEV_Inactivite(t *testing.T) {
	s := opsState(t, Allied)
	s.setFlag("inactivite-1")
	orders := map[string]bool{}
	for _, a := range s.Legal() {
		if a.Kind == "order" {
			orders[a.To] = true
		}
	}
	if !orders["plasencia"] {
		t.Errorf("orders %v: the British at Plasencia are free", orders)
	}
	// At Ocaña only the (independent) detachment may go: Lacy and Venegas are bound.
	play(t, s, find(t, s, "order", "", "ocana", ""))
	if len(s.Move.Units) != 1 || s.Move.Units[0] != "spanish-det-infantry-1" {
		t.Errorf("stack at Ocaña under Inactivité: %v", s.Move.Units)
	}
}

// TestRule5_3_4_BattleOrder: one connection into an enemy zone with no
// fatigue at all; the stack is then activated [5.3.4].
func TestRule5_3_4_BattleOrder(t *testing.T) {
	s := opsState(t, French)
	s.CinC[French] = "fr-joseph"
	s.Units[s.idx("al-iglesias")].At = "talavera"
	play(t, s, find(t, s, "order", "", "santa-olalla", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	roll(t, s, 6)
	bag := s.Bag[0] + s.Bag[1] + s.Bag[2]
	play(t, s, find(t, s, "move", "", "talavera", "bo:"+strconv.Itoa(s.sc.Graph.ConnIndex("santa-olalla", "talavera", "road"))))
	play(t, s, find(t, s, "choose", "", "almaraz", ""))
	if s.Sub != SubOp || s.Act != Allied || s.Bag[0]+s.Bag[1]+s.Bag[2] != bag {
		t.Fatalf("battle order: sub %s act %d, markers drawn %d", s.Sub, s.Act, bag-(s.Bag[0]+s.Bag[1]+s.Bag[2]))
	}
	if u, _ := s.unit("fr-ruffin"); u.At != "talavera" || !u.Activated {
		t.Errorf("Ruffin %+v", u)
	}
}

// TestRule5_3_3_ForcedPassage: the moving stack fights at once at -2 CP;
// winning, it may go on with one more fatigue marker [5.3.3].
func TestRule5_3_3_ForcedPassage(t *testing.T) {
	s := opsState(t, French)
	s.CinC[French] = "fr-joseph"
	s.Units[s.idx("al-iglesias")].At = "talavera"
	play(t, s, find(t, s, "order", "", "santa-olalla", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	roll(t, s, 6)
	play(t, s, find(t, s, "move", "", "talavera", strconv.Itoa(s.sc.Graph.ConnIndex("santa-olalla", "talavera", "road"))))
	play(t, s, find(t, s, "choose", "", "almaraz", ""))
	for s.Sub == SubFatigue || s.Sub == SubReturn {
		if s.Sub == SubReturn {
			play(t, s, find(t, s, "choose", "", "", "keep"))
			continue
		}
		draw(t, s, "fatigue=0")
	}
	play(t, s, find(t, s, "choose", "", "", "force"))
	if s.Combat == nil || !s.Combat.Forced || s.Sub != SubPre {
		t.Fatalf("forced passage combat: %+v %s", s.Combat, s.Sub)
	}
	_, why := s.CPParts(French)
	if !slices.Contains(why, "-2 forced passage [5.3.3]") {
		t.Errorf("CP terms %v", why)
	}
	for s.Sub == SubPre || s.Sub == SubHead || s.Sub == SubCPEv {
		play(t, s, s.Legal()[0])
	}
	for s.Sub == SubFire {
		draw(t, s, "hits=0")
	}
	roll(t, s, 6, 1)
	for s.Combat != nil && s.decider() != rules.Chance {
		play(t, s, s.Legal()[0])
		if s.Sub == SubContinue {
			break
		}
		if s.decider() == rules.Chance && s.Combat != nil {
			play(t, s, s.Chances()[0].Action)
		}
	}
	if s.Sub != SubContinue {
		t.Fatalf("the French won: they may go on, at %s", s.Sub)
	}
	play(t, s, find(t, s, "choose", "", "", "continue"))
	if s.Sub != SubFatigue || s.Move.Due != 1 {
		t.Errorf("one more marker to go on: %s due %d", s.Sub, s.Move.Due)
	}
}

// TestRule7_4_Detachments: a division leaves a detachment at the start of
// its move (1 SS from the left, morale kept) and takes one back [7.4].
func TestRule7_4_Detachments(t *testing.T) {
	s := opsState(t, French)
	s.CinC[French] = "fr-joseph"
	play(t, s, find(t, s, "order", "", "santa-olalla", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	roll(t, s, 6)
	mor := s.Morale(s.idx("fr-ruffin"))
	play(t, s, find(t, s, "choose", "fr-ruffin", "", "detach"))
	i := s.idx("fr-ruffin")
	if s.Units[i].Detached != 1 || s.Morale(i) != mor {
		t.Fatalf("Ruffin after detaching: %+v morale %d", s.Units[i], s.Morale(i))
	}
	det := s.idx("french-det-infantry-2")
	if s.Units[det].At != "santa-olalla" || s.Units[det].Activated || slices.Contains(s.Move.Units, "french-det-infantry-2") {
		t.Fatalf("the new detachment stays, available: %+v", s.Units[det])
	}
	play(t, s, find(t, s, "choose", "fr-ruffin", "", "absorb"))
	if s.Units[i].Detached != 0 || s.Units[det].Off != OffPool {
		t.Errorf("taken back: %+v %+v", s.Units[i], s.Units[det])
	}
}

// TestEV_BeginningOfOperation: Leurre brings back a decoy, Guerilla stops
// a French stack and cuts French lines, Redoute adds 1 CP [EV Leurre]
// [EV Guerilla] [EV Redoute].
func TestEV_BeginningOfOperation(t *testing.T) {
	s := opsState(t, Allied)
	s.Hands[Allied] = []string{"guerilla", "leurre", "redoute"}
	dead := s.idx("spanish-decoy-1")
	s.Units[dead].Off = OffEliminated
	play(t, s, find(t, s, "play", "", "almaraz", "leurre"))
	if s.Units[dead].Off != OffNone || s.Units[dead].At != "almaraz" {
		t.Errorf("Leurre: %+v", s.Units[dead])
	}
	play(t, s, find(t, s, "play", "", "talavera", "guerilla"))
	if !s.Guerillas["talavera"] || s.Act != Allied || s.Sub != SubOp {
		t.Fatalf("Guerilla at Talavera, still the Allied decision: %v %s", s.Guerillas, s.Sub)
	}
	play(t, s, find(t, s, "play", "al-iglesias", "", "redoute"))
	if !s.flag("redoute:almaraz") {
		t.Errorf("Redoute marker at Almaraz")
	}
	play(t, s, find(t, s, "pass", "", "", ""))
	play(t, s, find(t, s, "order", "", "santa-olalla", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	roll(t, s, 6)
	play(t, s, find(t, s, "move", "", "talavera", strconv.Itoa(s.sc.Graph.ConnIndex("santa-olalla", "talavera", "road"))))
	for s.Sub == SubFatigue || s.Sub == SubReturn {
		if s.Sub == SubReturn {
			play(t, s, find(t, s, "choose", "", "", "keep"))
			continue
		}
		draw(t, s, "fatigue=0")
	}
	if s.Guerillas["talavera"] || !s.Move.Halt || len(s.steps()) != 0 {
		t.Errorf("the guerilla stops the French and goes: %v halt %v", s.Guerillas, s.Move.Halt)
	}
}

// TestRule7_10_CorpsReturns: a corps baggage returns a fatigue marker only
// for a stack holding a unit of its corps [7.10] [5.3.2].
func TestRule7_10_CorpsReturns(t *testing.T) {
	s := opsState(t, Allied)
	play(t, s, find(t, s, "order", "", "almaraz", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	roll(t, s, 6)
	if s.Move.Returns != 2 {
		t.Errorf("Cuesta + Iglesias + Estremadura baggage: %d returns, want 2", s.Move.Returns)
	}
	s2 := opsState(t, Allied)
	s2.Units[s2.idx("al-hill")].At = "almaraz"
	play(t, s2, find(t, s2, "order", "", "almaraz", ""))
	play(t, s2, find(t, s2, "choose", "al-iglesias", "", "leave"))
	play(t, s2, find(t, s2, "choose", "al-cuesta", "", "leave"))
	play(t, s2, find(t, s2, "end", "", "", "confirm"))
	roll(t, s2, 6)
	if s2.Move.Returns != 0 {
		t.Errorf("Hill with the Estremadura baggage: %d returns, want 0", s2.Move.Returns)
	}
}

// TestRule7_1_LoneCommanderFlees: a lone commander reached by an enemy
// stack moves at once to a free or contested neighbour, and the move goes
// on [7.1].
func TestRule7_1_LoneCommanderFlees(t *testing.T) {
	s := opsState(t, French)
	s.CinC[French] = "fr-joseph"
	s.Units[s.idx("al-cuesta")].At = "talavera"
	play(t, s, find(t, s, "order", "", "santa-olalla", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	roll(t, s, 6)
	play(t, s, find(t, s, "move", "", "talavera", strconv.Itoa(s.sc.Graph.ConnIndex("santa-olalla", "talavera", "road"))))
	if s.Sub != SubFlee || s.decider() != rules.Side(Allied) {
		t.Fatalf("Cuesta must flee: sub %s decider %v", s.Sub, s.decider())
	}
	l := s.Legal()
	if len(l) != 2 || l[0].To != "almaraz" || l[1].To != "santa-olalla" {
		t.Fatalf("flight choices %v: Almaraz and the emptied Santa Olalla, not French Toledo nor the ford", keys(l))
	}
	play(t, s, l[0])
	if unitAt(s, "al-cuesta") != "almaraz" || s.Sub != SubFatigue || s.Move.Due != 2 {
		t.Errorf("after the flight: Cuesta at %s, sub %s, due %d (Ruffin 7 + Villatte 4 + Latour 5 + Victor: 2 markers, none for a lone commander)", unitAt(s, "al-cuesta"), s.Sub, s.Move.Due)
	}
}

// TestRule1_3_BookExamplesOnTheOrderOfBattle: the book's examples on the
// real counters — Delaborde's second loss (infantry: 4 SS morale 3; guns:
// 5 SS morale 4), Leval's detachment (4 SS, morale still 4), Merle losing
// its last infantry SS (its battery becomes an artillery detachment) [1.3] [7.4].
func TestRule1_3_BookExamplesOnTheOrderOfBattle(t *testing.T) {
	s := loadedState(t, "marshals-advance")
	d := s.idx("fr-delaborde")
	s.Units[d] = Unit{ID: "fr-delaborde", At: "madrid", Losses: 1}
	a, b := s.clone(), s.clone()
	a.loseSS(d, false)
	b.loseSS(d, true)
	if a.MainSS(d) != 4 || a.Morale(d) != 3 || b.MainSS(d) != 5 || b.Morale(d) != 4 {
		t.Errorf("Delaborde: infantry %d SS morale %d; guns %d SS morale %d", a.MainSS(d), a.Morale(d), b.MainSS(d), b.Morale(d))
	}
	l := s.idx("fr-leval")
	s.Units[l] = Unit{ID: "fr-leval", At: "madrid", Detached: 1}
	if s.MainSS(l) != 4 || s.Morale(l) != 4 {
		t.Errorf("Leval after a detachment: %d SS morale %d", s.MainSS(l), s.Morale(l))
	}
	m := s.idx("fr-merle")
	s.Units[m] = Unit{ID: "fr-merle", At: "madrid", Losses: 4, Detached: 1}
	s.loseSS(m, false)
	if s.Units[m].Off != OffEliminated {
		t.Fatalf("Merle should be removed: %+v", s.Units[m])
	}
	found := false
	for i, u := range s.Units {
		if dd := s.def(i); dd.Kind == KDet && dd.Arm == ArtArm && u.Off == OffNone && u.At == "madrid" {
			found = true
		}
	}
	if !found {
		t.Errorf("Merle's battery did not become an artillery detachment at Madrid")
	}
}

// TestCR8_MadridMarker: an Allied unit in Madrid without French puts the
// Madrid marker in the French container, a French return takes it out;
// played, the scenario ends with the turn [CR8] [EV Madrid].
func TestCR8_MadridMarker(t *testing.T) {
	s := opsState(t, Allied)
	for _, id := range []string{"fr-joseph", "fr-garde"} {
		s.Units[s.idx(id)].At = "santa-olalla"
	}
	s.Units[s.idx("al-hill")].At = "madrid"
	s.sweep()
	if s.Containers[French]["madrid"] != 1 {
		t.Fatalf("Madrid taken: container %v", s.Containers[French])
	}
	s.Units[s.idx("fr-garde")].At = "madrid"
	s.sweep()
	if s.Containers[French]["madrid"] != 0 {
		t.Fatalf("French back in Madrid: container %v", s.Containers[French])
	}
	s.Cur = French
	s.Drawn = "madrid"
	s.Phase, s.Sub = PhEvents, SubDrawn
	play(t, s, find(t, s, "play", "", "", "madrid"))
	if !s.EndTurn {
		t.Fatal("Madrid played: the scenario ends with this turn")
	}
	s.Phase, s.Sub = PhAdmin, ""
	s.Rolls = nil
	s.endAdmin()
	if !s.Over || s.Turn != 1 {
		t.Errorf("game over %v at turn %d", s.Over, s.Turn)
	}
}

// TestEV_FoyAndRenfort: in scenario 3 the Foy marker is forced on July 22;
// the French note three entries in secret; five days later three Renfort
// markers go into the container; played, Mortier's corps arrives at the
// zone inside the first entry's exit [S3.2] [EV Foy] [S3.4] [5.3.6].
func TestEV_FoyAndRenfort(t *testing.T) {
	s := loadedState(t, "marshals-three-armies")
	s.Turn, s.Phase, s.Sub, s.Cur = 5, PhEvents, SubBefore, French
	evs := play(t, s, find(t, s, "end", "", "", "draw"))
	if s.Drawn != "foy" || s.Sub != SubDrawn || evs[0].Rule != "S3.2" {
		t.Fatalf("forced Foy: drawn %q sub %s", s.Drawn, s.Sub)
	}
	play(t, s, find(t, s, "play", "", "", "foy"))
	for _, l := range []string{"A", "C", "A"} {
		evs := play(t, s, find(t, s, "choose", "", "", l))
		if strings.Contains(evs[0].TextFor(rules.Side(Allied)), l+" ") || strings.HasSuffix(evs[0].TextFor(rules.Side(Allied)), " "+l) {
			t.Fatalf("the Allies read the entry: %q", evs[0].TextFor(rules.Side(Allied)))
		}
	}
	if len(s.Schedule[10]) != 3 {
		t.Fatalf("schedule %v", s.Schedule)
	}
	s.Turn, s.Phase, s.Sub = 10, PhEvents, ""
	if _, err := s.settle(); err != nil {
		t.Fatal(err)
	}
	if s.Containers[French]["renfort"] != 3 {
		t.Fatalf("container %v", s.Containers[French])
	}
	s.Hands[French] = append(s.Hands[French], "renfort")
	play(t, s, find(t, s, "play", "", "", "renfort"))
	want := s.entryZone("A")
	if want == "" || unitAt(s, "fr-mortier") != want || unitAt(s, "fr-girard") != want {
		t.Errorf("Mortier at %q, Girard at %q, want %q", unitAt(s, "fr-mortier"), unitAt(s, "fr-girard"), want)
	}
}
