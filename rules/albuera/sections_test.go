package albuera

import (
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/hex"
)

func mustApply(t *testing.T, st *State, a rules.Action) {
	t.Helper()
	l, ok := rules.FindLegal(st, a)
	if !ok {
		t.Fatalf("%s not legal; legal: %v", a.Key(), st.Legal())
	}
	if _, err := st.Apply(l); err != nil {
		t.Fatal(err)
	}
}

func hasLegal(st *State, pred func(rules.Action) bool) bool {
	for _, a := range st.Legal() {
		if pred(a) {
			return true
		}
	}
	return false
}

func roll(d int) rules.Action { return rules.Action{Kind: "roll", Dice: []int{d}} }

// [4.5], [4.5.2], [4.5.2.1] A division chit: one brigade or the whole
// division; the coordination roll succeeds at or under the rating, and on
// failure a brigade counter is flipped and the chit goes back to the pool.
func TestRule4_5_DivisionCoordination(t *testing.T) {
	for _, tc := range []struct {
		die int
		ok  bool
	}{{5, true}, {6, false}} {
		st := newFixture(t)
		mustApply(t, st, rules.Action{Kind: "draw", Choice: "girard"})
		if !hasLegal(st, func(a rules.Action) bool { return a.Choice == "brigade:brayer" }) {
			t.Fatal("one brigade not offered [4.5.1]")
		}
		mustApply(t, st, rules.Action{Kind: "choose", Unit: "girard", Choice: "division"})
		if st.decider() != rules.Chance {
			t.Fatal("the coordination roll is a chance point [4.5.2]")
		}
		mustApply(t, st, roll(tc.die))
		if tc.ok {
			if len(st.Brigs) != 2 || st.Phase != phMove {
				t.Fatalf("die %d: brigades %v phase %s", tc.die, st.Brigs, st.Phase)
			}
			if contains(st.Pool, "girard") {
				t.Fatal("all brigades activated: the chit is set aside [4.5.1.1]")
			}
			continue
		}
		// failure: flip one counter, chit back in the pool, 2.2-2.4 skipped
		mustApply(t, st, rules.Action{Kind: "choose", Unit: "girard", Choice: "flip:brayer"})
		if !st.U[st.idx("brayer")].Activated || !contains(st.Pool, "girard") {
			t.Fatalf("after failure: brayer flipped %v, pool %v", st.U[st.idx("brayer")].Activated, st.Pool)
		}
		if st.Phase != phDraw {
			t.Fatalf("phase %s, want the next draw [4.5.2.1]", st.Phase)
		}
	}
}

// [4.6] The commander in chief activates any brigade commander at any
// distance, without flipping it; his chit does not return.
func TestRule4_6_CinCChit(t *testing.T) {
	st := newFixture(t)
	mustApply(t, st, rules.Action{Kind: "draw", Choice: "soult"})
	mustApply(t, st, rules.Action{Kind: "choose", Unit: "soult", Choice: "brigade:veilande"})
	if st.U[st.idx("veilande")].Activated {
		t.Fatal("the CinC's brigade is not flipped [4.6.1.2]")
	}
	if contains(st.Pool, "soult") {
		t.Fatal("Soult's chit does not return [4.6.1.3]")
	}
	if !contains(st.Brigs, "veilande") {
		t.Fatal("veilande not activated")
	}
}

// [4.2], [4.2.1] A unit beyond 3 hexes of its commander cannot move but
// may fire.
func TestRule4_2_CommandRange(t *testing.T) {
	st := newFixture(t)
	i := st.idx("III/34")
	put(t, st, "III/34", "1310", 4, Column) // far from Brayer at 1007
	mustApply(t, st, rules.Action{Kind: "draw", Choice: "girard"})
	mustApply(t, st, rules.Action{Kind: "choose", Unit: "girard", Choice: "brigade:brayer"})
	if st.canAct(i) {
		t.Fatal("III/34 out of range may not move [4.2.1]")
	}
	if !st.canAct(st.idx("II/34")) {
		t.Fatal("II/34 in range may move [4.4]")
	}
	if w := st.WhyNot("III/34", "1210"); !strings.Contains(w, "4.2") {
		t.Fatalf("WhyNot: %q", w)
	}
}

// activate puts the fixture in 2.2 with side's brigade activated.
func activate(t *testing.T, st *State, chit, brig string) {
	t.Helper()
	mustApply(t, st, rules.Action{Kind: "draw", Choice: chit})
	if brig != "" {
		mustApply(t, st, rules.Action{Kind: "choose", Unit: chit, Choice: "brigade:" + brig})
	}
	for st.Phase == phMove && st.Window == "opp" && len(st.Tasks) == 0 {
		mustApply(t, st, rules.Action{Kind: "pass"})
	}
}

// [5.1] British and Portuguese columns may not enter a Clash Hex in their
// own movement.
func TestRule5_1_BritishColumnNoClash(t *testing.T) {
	st := newFixture(t)
	only(st, "2/31", "II/34")
	i := put(t, st, "2/31", "0505", 1, Column)
	e := st.U[i].At.Neighbor(1)
	put(t, st, "II/34", st.num(e), 4, Column)
	_, _, _, _, why := st.stepCheck(i, e)
	if !strings.Contains(why, "5.1") {
		t.Fatalf("why %q", why)
	}
	st.U[i].Array = Line
	if _, _, _, _, why := st.stepCheck(i, e); why != "" {
		t.Fatalf("a British line may enter: %q", why)
	}
}

// [7.1], [7.3] A square costs 4 MP, needs Clear terrain and Manpower 3,
// and never enters a Clash Hex.
func TestRule7_SquareRules(t *testing.T) {
	st := newFixture(t)
	only(st, "2/31", "II/34")
	i := put(t, st, "2/31", "0505", 1, Column)
	activate(t, st, "stewart", "colborne")
	var sq rules.Action
	for _, a := range st.Legal() {
		if a.Unit == "2/31" && a.Choice == "array:square" {
			sq = a
		}
	}
	if sq.Kind == "" {
		t.Fatalf("square not offered: %v", st.Legal())
	}
	mustApply(t, st, sq)
	if st.U[i].Array != Square || st.U[i].Spent != 8 {
		t.Fatalf("array %s spent %s", st.U[i].Array, half(st.U[i].Spent))
	}
	e := st.U[i].At.Neighbor(2)
	put(t, st, "II/34", st.num(e), 4, Column)
	if _, _, _, _, why := st.stepCheck(i, e); !strings.Contains(why, "7.3") && !strings.Contains(why, "MP") {
		t.Fatalf("why %q", why)
	}
	// not in a village
	st2 := newFixture(t)
	only(st2, "2/31")
	j := put(t, st2, "2/31", "0404", 1, Column) // village
	if hasLegal(st2, func(a rules.Action) bool { return a.Choice == "array:square" }) || st2.U[j].Array == Square {
		t.Fatal("square in a village")
	}
}

// [9.2.1] A charge needs 3 hexes without turning; turning spoils it.
func TestRule9_2_ChargeNeedsStraightRun(t *testing.T) {
	st := newFixture(t)
	only(st, "3DG", "II/34")
	c := put(t, st, "3DG", "0208", 1, Mounted)
	activate(t, st, "lumley", "")
	h := st.U[c].At
	path := []int{1, 2, 1}
	for _, d := range path {
		h = h.Neighbor(d)
		mustApply(t, st, rules.Action{Kind: "move", Unit: "3DG", To: st.num(h)})
	}
	e := h.Neighbor(1)
	put(t, st, "II/34", st.num(e), 4, Column)
	st.ver++
	st.cache = nil
	if !hasLegal(st, func(a rules.Action) bool { return a.Kind == "charge" && a.Unit == "3DG" }) {
		t.Fatalf("charge not offered after 3 straight hexes: %v", st.Legal())
	}
	st.U[c].Spoiled = true
	st.ver++
	if hasLegal(st, func(a rules.Action) bool { return a.Kind == "charge" }) {
		t.Fatal("charge offered after a turn [9.2.1]")
	}
}

// [13.1], [13.8] A unit entering a Front hex of an enemy stops for the
// enemy's reaction: a Morale Check, then the reacting player's options.
func TestRule13_ReactionStopsMove(t *testing.T) {
	st := newFixture(t)
	only(st, "II/34", "2/31")
	m := put(t, st, "II/34", "0805", 4, Column)
	r := put(t, st, "2/31", "0605", 1, Column)
	activate(t, st, "girard", "brayer")
	// step west into 2/31's front
	var step rules.Action
	for _, a := range st.Legal() {
		if a.Kind == "move" && a.Unit == "II/34" {
			to, _ := st.sc.Map.ParseOn(a.To)
			if st.isFront(r, to) {
				step = a
			}
		}
	}
	if step.Kind == "" {
		t.Fatalf("no step into the front of 2/31: %v", st.Legal())
	}
	mustApply(t, st, step)
	if len(st.Tasks) == 0 || st.Tasks[0].Kind != "rmc" || st.Tasks[0].Unit != r || !strings.HasPrefix(st.Tasks[0].Rule, "13.1A") {
		t.Fatalf("no reaction check: %+v", st.Tasks)
	}
	mustApply(t, st, roll(0)) // British -2 in front: passes with total <= 1
	if st.decider() != rules.Side(Allied) {
		t.Fatalf("the reacting side decides, not %v", st.decider())
	}
	if !hasLegal(st, func(a rules.Action) bool { return a.Choice == "react:fire-counter" }) {
		t.Fatalf("total <= 1: fire and counterattack offered [13.1A]: %v", st.Legal())
	}
	// each option shows its odds: the counterattack's Clash column [15.7]
	odds := st.Preview(rules.Action{Kind: "choose", Unit: "2/31", Choice: "react:counter"})
	sum := 0
	for _, o := range odds {
		sum += o.Num
	}
	if len(odds) == 0 || sum != 10 {
		t.Fatalf("counterattack odds %v", odds)
	}
	mustApply(t, st, rules.Action{Kind: "choose", Unit: "2/31", Choice: "react:none"})
	if st.decider() != rules.Side(French) || st.Motion != m {
		t.Fatalf("the mover goes on after the reaction: decider %v motion %d", st.decider(), st.Motion)
	}
}

// [15.7], [15.8], [15.11], [16.1] A Clash: the loser takes two Losses and
// routs to the Turn track, the winner scores 1 VP.
func TestRule15_ClashRoutsLoser(t *testing.T) {
	st := newFixture(t)
	only(st, "I/51", "1/23")
	a := put(t, st, "I/51", "0505", 4, Column)
	d := put(t, st, "1/23", "0505", 1, Column)
	st.Side, st.Phase, st.Tasks = French, phClash, nil
	st.ver++
	st.cache = nil
	mustApply(t, st, rules.Action{Kind: "melee", To: "0505"})
	if st.decider() != rules.Chance {
		t.Fatal("the attacker rolls [15.7c]")
	}
	mustApply(t, st, roll(9))
	if st.U[d].Where != Routed || st.U[d].Box <= st.Turn {
		t.Fatalf("defender where %d box %d", st.U[d].Where, st.U[d].Box)
	}
	if st.U[d].MP != 3 {
		t.Fatalf("defeated Manpower %d, want 5-2 [15.8]", st.U[d].MP)
	}
	if st.U[a].MP != 7 {
		t.Fatalf("victor Manpower %d, want 8-1 [15.8]", st.U[a].MP)
	}
	if st.VP != 1 {
		t.Fatalf("VP %d", st.VP)
	}
}

// [15.11.3], [15.11.4] A routed unit returns when its commander is
// activated, next to him.
func TestRule15_11_ReturnFromRout(t *testing.T) {
	st := newFixture(t)
	i := st.idx("1/23")
	st.U[i].Where, st.U[i].Box = Routed, 1
	st.ver++ // a test's edit of the units is a new version (docs/ENGINE.md)
	mustApply(t, st, rules.Action{Kind: "draw", Choice: "stewart"})
	mustApply(t, st, rules.Action{Kind: "choose", Unit: "stewart", Choice: "brigade:hoghton"})
	if len(st.Tasks) == 0 || st.Tasks[0].Kind != "return" {
		t.Fatalf("no return: %+v", st.Tasks)
	}
	l := st.Legal()
	if len(l) == 0 || l[0].Kind != "deploy" {
		t.Fatalf("legal %v", l)
	}
	to, _ := st.sc.Map.ParseOn(l[0].To)
	if d := st.dist(st.idx("hoghton"), to); d > 1 {
		t.Fatalf("returns %d hexes from Hoghton", d)
	}
	mustApply(t, st, l[0])
	if st.U[i].Where != OnMap || !st.canAct(i) {
		t.Fatal("returned unit on the map and able to act")
	}
}

// [12.9] Double March: 6 MP, no fire, no facing change, all MP spent
// before the unit may finish.
func TestRule12_9_DoubleMarch(t *testing.T) {
	st := newFixture(t)
	only(st, "II/34")
	i := put(t, st, "II/34", "0805", 4, Column)
	activate(t, st, "girard", "brayer")
	mustApply(t, st, rules.Action{Kind: "choose", Unit: "II/34", Choice: "double"})
	if st.ma(i) != 12 {
		t.Fatalf("MA %s", half(st.ma(i)))
	}
	if hasLegal(st, func(a rules.Action) bool { return a.Kind == "face" || a.Kind == "fire" }) {
		t.Fatal("no facing change or fire in Double March [12.9]")
	}
	if hasLegal(st, func(a rules.Action) bool { return a.Kind == "end" && a.Unit == "II/34" }) {
		t.Fatal("a unit in Double March must spend its 6 MP [12.9]")
	}
	steps := 0
	for st.Motion == i && steps < 20 {
		if st.decider() != rules.Side(French) {
			mustApply(t, st, st.Legal()[0]) // a commander overrun on the way
			continue
		}
		var mv rules.Action
		for _, a := range st.Legal() {
			if a.Kind == "move" && a.Unit == "II/34" {
				mv = a
				break
			}
		}
		if mv.Kind == "" {
			break
		}
		mustApply(t, st, mv)
		steps++
	}
	if st.U[i].Spent < 10 {
		t.Fatalf("spent %s of 6 MP", half(st.U[i].Spent))
	}
}

// [14.9], [3.4] The fire preview gives exact odds: passes = die faces
// 0-9 with die + modifier <= Morale.
func TestRule14_PreviewOdds(t *testing.T) {
	st := newFixture(t)
	only(st, "Sympher", "II/34")
	put(t, st, "Sympher", "0506", 1, Foot)
	tg := put(t, st, "II/34", "0906", 4, Line) // +2 (the white-stars example)
	st.Phase, st.Side, st.Window = phMove, French, "opp"
	st.ver++
	var fire rules.Action
	for _, a := range st.Legal() {
		if a.Kind == "fire" {
			fire = a
		}
	}
	lines := st.Preview(fire)
	if len(lines) < 2 {
		t.Fatalf("preview %v", lines)
	}
	want := passCount(2, st.morale(tg)) // Morale 6: faces 0-4 pass
	if lines[0].Num != want || lines[0].Den != 10 || want != 5 {
		t.Fatalf("pass odds %d/%d, want %d/10: %v", lines[0].Num, lines[0].Den, want, lines)
	}
}

// [10.10], [10.12] A lone battery attacked in a Clash is captured on 1-8
// (2 VP + white stars); its own side retakes the guns for as many.
func TestRule10_12_CaptureAndRecapture(t *testing.T) {
	st := newFixture(t)
	only(st, "I/51", "Sympher", "1/23")
	a := put(t, st, "I/51", "0506", 4, Column)
	g := put(t, st, "Sympher", "0506", 1, Foot)
	st.Side, st.Phase, st.Tasks = French, phClash, nil
	st.ver++
	st.cache = nil
	mustApply(t, st, rules.Action{Kind: "melee", To: "0506"})
	mustApply(t, st, roll(4))
	if !st.U[g].Captured || st.VP != 2+2+1 {
		t.Fatalf("captured %v VP %d (want 2 + 2 stars + 1 Clash)", st.U[g].Captured, st.VP)
	}
	if st.canFire(g) {
		t.Fatal("captured guns never fire [10.12]")
	}
	// the French leave, the British come back
	st.U[a].Where = Gone
	r := put(t, st, "1/23", "0505", 3, Column)
	st.Phase, st.Side, st.Window, st.Act, st.Motion = phMove, Allied, "act", []int{r}, -1
	st.ver++
	st.cache = nil
	mustApply(t, st, rules.Action{Kind: "move", Unit: "1/23", To: "0506"})
	if !st.U[g].Retaken || st.VP != 5-4 {
		t.Fatalf("retaken %v VP %d", st.U[g].Retaken, st.VP)
	}
}

// [12.13], [13.1] A stack moves as one: both units enter the hex, the
// enemy reacts once.
func TestRule12_13_StackMoves(t *testing.T) {
	st := newFixture(t)
	only(st, "II/34", "III/34", "2/31")
	a := put(t, st, "II/34", "0805", 4, Column)
	b := put(t, st, "III/34", "0805", 4, Column)
	r := put(t, st, "2/31", "0605", 1, Column)
	activate(t, st, "girard", "brayer")
	var mv rules.Action
	for _, x := range st.Legal() {
		if x.Kind == "move" && len(x.Units) == 1 {
			to, _ := st.sc.Map.ParseOn(x.To)
			if st.isFront(r, to) {
				mv = x
			}
		}
	}
	if mv.Kind == "" {
		t.Fatalf("no stack move: %v", st.Legal())
	}
	mustApply(t, st, mv)
	if st.U[a].At != st.U[b].At {
		t.Fatal("the stack split")
	}
	n := 0
	for _, tk := range st.Tasks {
		if tk.Kind == "rmc" {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d reactions, want one", n)
	}
}

// [12.10] Units flank to flank with the same facing step forward together.
func TestRule12_10_LineMovesTogether(t *testing.T) {
	st := newFixture(t)
	only(st, "II/34", "III/34")
	a := put(t, st, "II/34", "0805", 4, Column)
	fl := hex.FlankHexes(st.U[a].At, 4)
	b := put(t, st, "III/34", st.num(fl[0]), 4, Column)
	activate(t, st, "girard", "brayer")
	var mv rules.Action
	for _, x := range st.Legal() {
		if strings.HasPrefix(x.Choice, "line-") && x.Unit == "II/34" {
			mv = x
		}
	}
	if mv.Kind == "" {
		t.Fatalf("no line move: %v", st.Legal())
	}
	a0, b0 := st.U[a].At, st.U[b].At
	mustApply(t, st, mv)
	if hex.Distance(a0, st.U[a].At) != 1 || hex.Distance(b0, st.U[b].At) != 1 || st.U[a].At.Sub(a0) != st.U[b].At.Sub(b0) {
		t.Fatal("the line did not step together")
	}
}

// [14.10.8] (interpretation) A commander left alone goes back with the
// retreating unit.
func TestRule14_10_8_CommanderFollowsRetreat(t *testing.T) {
	st := newFixture(t)
	only(st, "1/23", "I/51")
	c := hx(t, st, "0505")
	u := put(t, st, "1/23", "0505", 1, Column)
	h := st.idx("hoghton")
	st.U[h].At = c
	firer := c.Neighbor(2).Neighbor(3)
	f := put(t, st, "I/51", st.num(firer), 4, Column)
	task := Task{Kind: "retreat", Side: French, Unit: u, Units: []int{u}, N: 1, Causes: []int{f}}
	st.doRetreat(task, st.num(c.Neighbor(5)))
	if st.U[u].At != c.Neighbor(5) || st.U[h].At != c.Neighbor(5) {
		t.Fatalf("unit at %s, commander at %s", st.num(st.U[u].At), st.num(st.U[h].At))
	}
}

// WhyNot cites the rule that forbids: fire limit [14.9.1], the enemy's
// window [14.5], unknown units.
func TestRule14_WhyNotCitesRules(t *testing.T) {
	st := newFixture(t)
	only(st, "Sympher", "II/34", "1/57")
	put(t, st, "II/34", "0806", 4, Column)
	i := put(t, st, "1/57", "0706", 1, Column)
	st.Phase, st.Side, st.Window = phMove, French, "opp"
	st.U[i].Fires = 4
	st.ver++
	if w := st.WhyNot("1/57", "0806"); !strings.Contains(w, "14.9.1") {
		t.Fatalf("fire limit: %q", w)
	}
	st.U[i].Fires = 0
	st.Window = "act"
	st.ver++
	if w := st.WhyNot("1/57", "0806"); !strings.Contains(w, "14.5") {
		t.Fatalf("window: %q", w)
	}
	if w := st.WhyNot("nobody", "0806"); !strings.HasPrefix(w, "no:") {
		t.Fatalf("unknown: %q", w)
	}
	st.Window = "opp"
	st.ver++
	if w := st.WhyNot("1/57", "0806"); w != "" {
		t.Fatalf("legal fire explained as %q", w)
	}
}

// [4.5.3] No brigade commander in range of the drawn division commander:
// one counter is flipped, 2.2 and 2.4 are skipped, only he moves in 2.3.
func TestRule4_5_3_NoBrigadeInRange(t *testing.T) {
	st := newFixture(t)
	g := st.idx("girard")
	st.U[g].At = hx(t, st, "1410") // far from Brayer (1007) and Veilande (1104)
	mustApply(t, st, rules.Action{Kind: "draw", Choice: "girard"})
	if len(st.Tasks) == 0 || st.Tasks[0].Kind != "flip" {
		t.Fatalf("tasks %+v", st.Tasks)
	}
	mustApply(t, st, rules.Action{Kind: "choose", Unit: "girard", Choice: "flip:veilande"})
	if st.Phase != phCmd || !contains(st.Movers, "girard") || len(st.Movers) != 1 {
		t.Fatalf("phase %s movers %v", st.Phase, st.Movers)
	}
	if !contains(st.Pool, "girard") {
		t.Fatal("Brayer is still unactivated: the chit goes back [4.5.1.1]")
	}
}

// [4.10.1] A commander in the target hex of fire on row 5-7 or 8+ rolls:
// 0 killed (3 VP), 9 wounded (chit out of the pool).
func TestRule4_10_CommanderHit(t *testing.T) {
	for _, die := range []int{0, 9, 4} {
		st := newFixture(t)
		c := st.idx("brayer")
		st.cmdHit([]hexCoord{st.U[c].At}, French, false, "4.10.1")
		st.Tasks[0].Unit = c
		st.ver++
		mustApply(t, st, roll(die))
		switch die {
		case 0:
			if st.U[c].Where != Gone || st.VP != -3 {
				t.Fatalf("die 0: where %d VP %d", st.U[c].Where, st.VP)
			}
		case 9:
			if !st.U[c].Wounded || !st.U[c].Activated {
				t.Fatal("die 9: wounded and flipped")
			}
		default:
			if st.U[c].Where != OnMap || st.U[c].Wounded {
				t.Fatal("die 4: no effect")
			}
		}
	}
}

// [4.8], [4.9] A dead brigade commander's units answer to the division
// commander; a dead division commander's brigades to the CinC's chit.
func TestRule4_9_OrphanDivision(t *testing.T) {
	st := newFixture(t)
	st.U[st.idx("girard")].Where = Gone
	st.U[st.idx("brayer")].Where = Gone
	mustApply(t, st, rules.Action{Kind: "draw", Choice: "soult"})
	if len(st.Tasks) == 0 || st.Tasks[0].Kind != "activate" {
		t.Fatalf("the CinC acts as the division's commander [4.9]: %+v", st.Tasks)
	}
	if !hasLegal(st, func(a rules.Action) bool { return a.Choice == "lead:brayer" }) {
		t.Fatalf("the leaderless brigade is offered [4.8]: %v", st.Legal())
	}
}

// [4.8], [4.9] The leaderless brigade of an orphan division acts within
// range of the CinC.
func TestRule4_8_LeaderlessUnderCinC(t *testing.T) {
	st := newFixture(t)
	st.U[st.idx("girard")].Where = Gone
	st.U[st.idx("brayer")].Where = Gone
	put(t, st, "II/34", "1206", 4, Column) // next to Soult at 1205
	mustApply(t, st, rules.Action{Kind: "draw", Choice: "soult"})
	mustApply(t, st, rules.Action{Kind: "choose", Unit: "soult", Choice: "lead:brayer"})
	if !st.canAct(st.idx("II/34")) {
		t.Fatal("II/34 in range of Soult may act")
	}
}

// [12.12.4] Several units counterattack the same mover together: the first
// counterattack waits for the other reactions, the second unit joins it, and
// one Clash is fought with both; cavalry never joins infantry [11.1.2].
func TestRule12_12_4_SeveralUnitsCounterattackTogether(t *testing.T) {
	st := newFixture(t)
	only(st, "II/34", "2/31", "1/23")
	m := put(t, st, "II/34", "0805", 4, Column)
	r := put(t, st, "2/31", "0605", 1, Column)
	activate(t, st, "girard", "brayer")
	var step rules.Action
	var to hexCoord
	for _, a := range st.Legal() {
		if a.Kind == "move" && a.Unit == "II/34" {
			c, _ := st.sc.Map.ParseOn(a.To)
			if st.isFront(r, c) {
				step, to = a, c
			}
		}
	}
	if step.Kind == "" {
		t.Fatalf("no step into the front of 2/31")
	}
	// 1/23 in another front hex of the mover once it stands there, facing it
	from := st.U[m].At
	st.U[m].At = to
	st.ver++
	fronts := st.front(m)
	st.U[m].At = from
	st.ver++
	r2 := -1
	for _, n := range fronts {
		if !st.sc.Map.On(n) || len(st.occ(n)) > 0 || n == st.U[r].At {
			continue
		}
		r2 = put(t, st, "1/23", st.num(n), n.DirTo(to), Column)
		break
	}
	if r2 < 0 || !st.isFront(r2, to) {
		t.Fatal("no place for 1/23 facing the hex")
	}
	st.U[r2].MP = 3 // below the rectangle threshold, stays one hex
	mustApply(t, st, step)
	for _, tk := range st.Tasks {
		t.Logf("task %s unit %s other %s", tk.Kind, st.id(tk.Unit), st.id(tk.Other))
	}
	checks := 0
	for len(st.Tasks) > 0 && st.Tasks[0].Kind != "clash" {
		tk := st.Tasks[0]
		switch {
		case tk.Kind == "rmc":
			checks++
			mustApply(t, st, roll(0)) // British in front: passes
		case tk.Kind == "react":
			mustApply(t, st, rules.Action{Kind: "choose", Unit: st.id(tk.Unit), Choice: "react:counter"})
			if len(st.Tasks) > 0 && st.Tasks[0].Kind == "clash" && checks < 2 {
				t.Fatal("the first counterattack did not wait for the other reaction [12.12.4]")
			}
		default:
			t.Fatalf("unexpected task %+v", tk)
		}
	}
	if checks != 2 {
		t.Fatalf("%d reaction checks, want 2", checks)
	}
	if len(st.Tasks) == 0 {
		t.Fatal("no Clash after the joint counterattack")
	}
	cl := st.Tasks[0]
	has := map[int]bool{}
	for _, j := range cl.Units {
		has[j] = true
	}
	if !has[r] || !has[r2] || len(cl.Units) != 2 {
		t.Fatalf("Clash attackers %v, want 2/31 and 1/23 together", cl.Units)
	}
	if st.U[r].At != to || st.U[r2].At != to || !st.U[m].Hit {
		t.Fatal("both counterattackers should stand in the mover's hex, the mover's move over")
	}
}

// [11.3], [11.1.1] A unit may move through friends it could not stop with
// (here a battalion of another facing): it pays +1 MP to leave their hex,
// may do nothing there but go on, and may enter only if it can go on at
// once; with too few MP the hex is refused.
func TestRule11_3_PassingThroughFriends(t *testing.T) {
	setup := func(spent int) (*State, int, hexCoord, hexCoord) {
		st := newFixture(t)
		only(st, "II/34", "III/34")
		m := put(t, st, "II/34", "0805", 4, Column)
		activate(t, st, "girard", "brayer")
		st.U[m].Spent = spent
		// a front hex n of the mover, clear, with a clear front hex n2 beyond
		for _, n := range st.U[m].At.Neighbors() {
			a, _ := hexArcOf(st.U[m].At, 4, n)
			if a != hexFront || !st.sc.Map.On(n) || st.sc.Map.Cell(n).Terrain != "clear" || st.level(n) != st.level(st.U[m].At) {
				continue
			}
			for _, n2 := range n.Neighbors() {
				a2, _ := hexArcOf(n, 4, n2)
				if a2 == hexFront && st.sc.Map.On(n2) && st.sc.Map.Cell(n2).Terrain == "clear" && st.level(n2) == st.level(n) && !st.crossesRiver(n, n2) && !st.crossesRiver(st.U[m].At, n) {
					put(t, st, "III/34", st.num(n), 1, Column) // another facing: no stack [11.0]
					st.U[m].Started, st.U[m].Start = true, st.U[m].At
					st.Motion = m
					st.ver++
					st.cache = nil
					return st, m, n, n2
				}
			}
		}
		t.Fatal("no clear hexes ahead of II/34")
		return nil, 0, hexCoord{}, hexCoord{}
	}
	st, m, n, n2 := setup(0)
	into := rules.Action{Kind: "move", Unit: "II/34", To: st.num(n)}
	if !hasLegal(st, func(a rules.Action) bool { return a.Kind == "move" && a.To == st.num(n) && len(a.Units) == 0 }) {
		t.Fatalf("no move through III/34 at %s: %v", st.num(n), st.Legal())
	}
	mustApply(t, st, into)
	if !st.U[m].Passing || st.U[m].At != n {
		t.Fatal("II/34 should stand among the friends, passing")
	}
	for _, a := range st.Legal() {
		if a.Kind != "move" {
			t.Fatalf("while passing only moves on are legal, got %s", a.Label)
		}
	}
	if err := st.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	spent := st.U[m].Spent
	mustApply(t, st, rules.Action{Kind: "move", Unit: "II/34", To: st.num(n2)})
	if st.U[m].Passing || st.U[m].At != n2 {
		t.Fatal("II/34 should be out of the friends' hex")
	}
	if got, want := st.U[m].Spent-spent, st.enterCost(Column, n, n2)+st.sc.act("friendly_pass", 2); got != want {
		t.Fatalf("leaving the friends' hex cost %s MP, want %s (+1 of [11.3])", half(got), half(want))
	}
	// Only 1 MP left: it could enter but not go on, so it may not enter.
	st, _, n, _ = setup(st.ma(m) - st.enterCost(Column, st.U[m].At, n))
	if hasLegal(st, func(a rules.Action) bool { return a.Kind == "move" && a.To == st.num(n) }) {
		t.Fatal("entering friends it could not leave is refused [11.3]")
	}
}

// [12.10] A whole line wheels as one: two battalions flank to flank turn
// 60° about the line's left end; the pivot turns in place, the other
// swings forward into the hex beside it, both take the new facing.
func TestRule12_10_LineWheelsAsAGroup(t *testing.T) {
	// II/34 at 0805 facing 4 and III/34 on one of its flanks, in command
	var st *State
	var a, b int
	var left, right hexCoord
	for _, d := range []int{4 + 2, 4 - 1} {
		st = newFixture(t)
		only(st, "II/34", "III/34")
		a = put(t, st, "II/34", "0805", 4, Column)
		h := st.U[a].At.Neighbor(d)
		if !st.sc.Map.On(h) {
			continue
		}
		b = put(t, st, "III/34", st.num(h), 4, Column)
		activate(t, st, "girard", "brayer")
		if st.canAct(b) {
			left, right = st.U[a].At, h
			if d != 4+2 {
				left, right = h, st.U[a].At
			}
			break
		}
		st = nil
	}
	if st == nil {
		t.Fatal("no place for III/34 in command beside II/34")
	}
	var wheel rules.Action
	for _, x := range st.Legal() {
		if x.Choice == "linewheel-ccw" && x.Unit == "II/34" {
			wheel = x
		}
	}
	if wheel.Kind == "" {
		t.Fatalf("no wheel of the line offered: %v", st.Legal())
	}
	if len(wheel.Units) != 1 || wheel.Units[0] != "III/34" || !strings.Contains(wheel.Label, "[12.10]") {
		t.Fatalf("wheel %+v", wheel)
	}
	pivot, swing := a, b // anticlockwise: about the left end
	if st.U[b].At == left {
		pivot, swing = b, a
	}
	mustApply(t, st, wheel)
	if st.U[pivot].At != left || st.U[a].Facing != 3 || st.U[b].Facing != 3 {
		t.Fatalf("pivot at %s facing %d / %d", st.num(st.U[pivot].At), st.U[a].Facing, st.U[b].Facing)
	}
	if want := left.Neighbor(4 + 1); st.U[swing].At != want {
		t.Fatalf("the swinging battalion is at %s, want %s", st.num(st.U[swing].At), st.num(want))
	}
	if st.U[pivot].Spent != st.sc.act("face", 2) || st.U[swing].Spent != st.enterCost(Column, right, st.U[swing].At) {
		t.Fatalf("costs %s and %s MP", half(st.U[pivot].Spent), half(st.U[swing].Spent))
	}
	if err := st.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// [11.0], [12.13] A stack keeps one array: its battalions change array
// together (offered on the top unit, each paying), never one alone.
func TestRule12_13_StackChangesArrayTogether(t *testing.T) {
	st := newFixture(t)
	only(st, "II/34", "III/34")
	a := put(t, st, "II/34", "0805", 4, Column)
	b := put(t, st, "III/34", "0805", 4, Column)
	activate(t, st, "girard", "brayer")
	if !st.canAct(b) {
		t.Fatal("III/34 not in command")
	}
	var line rules.Action
	for _, x := range st.Legal() {
		if x.Kind == "choose" && strings.HasPrefix(x.Choice, "array:") && len(x.Units) == 0 && (x.Unit == "II/34" || x.Unit == "III/34") {
			t.Fatalf("a stacked battalion changes array alone: %s", x.Label)
		}
		if x.Choice == "array:line" && x.Unit == "II/34" && len(x.Units) == 1 && x.Units[0] == "III/34" {
			line = x
		}
	}
	if line.Kind == "" {
		t.Fatalf("no array change for the whole stack: %v", st.Legal())
	}
	mustApply(t, st, line)
	cost := st.sc.act("column_to_line", 2)
	for _, i := range []int{a, b} {
		if st.U[i].Array != Line || st.U[i].Spent != cost {
			t.Fatalf("%s: array %s, spent %s MP", st.id(i), st.U[i].Array, half(st.U[i].Spent))
		}
	}
	if err := st.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// [11.3] The reach shading (Reach, the app's planner) offers the way
// through friends the legal steps offer: a hex beyond a battalion II/34
// may not stop with is reached through it, the friends' hex itself is no
// destination, and every step of the route is legal in turn, the +1 MP of
// [11.3] paid on leaving.
func TestRule11_3_ReachPassesThroughFriends(t *testing.T) {
	st := newFixture(t)
	only(st, "II/34", "III/34")
	m := put(t, st, "II/34", "0805", 4, Column)
	activate(t, st, "girard", "brayer")
	var n, n2 hexCoord
	found := false
	for _, c := range st.U[m].At.Neighbors() {
		a, _ := hexArcOf(st.U[m].At, 4, c)
		if found || a != hexFront || !st.sc.Map.On(c) || st.sc.Map.Cell(c).Terrain != "clear" || st.level(c) != st.level(st.U[m].At) || st.crossesRiver(st.U[m].At, c) {
			continue
		}
		for _, c2 := range c.Neighbors() {
			a2, _ := hexArcOf(c, 4, c2)
			if a2 == hexFront && st.sc.Map.On(c2) && st.sc.Map.Cell(c2).Terrain == "clear" && st.level(c2) == st.level(c) && !st.crossesRiver(c, c2) {
				n, n2, found = c, c2, true
				break
			}
		}
	}
	if !found {
		t.Fatal("no clear hexes ahead of II/34")
	}
	put(t, st, "III/34", st.num(n), 1, Column) // another facing: no stack [11.0]
	st.ver++
	st.cache = nil
	var route *rules.Route
	for _, r := range st.Reach("II/34") {
		if r.To == st.num(n) {
			t.Fatalf("the friends' hex %s is offered as a destination: %v", r.To, r.Steps)
		}
		if r.To == st.num(n2) {
			r := r
			route = &r
		}
	}
	if route == nil {
		t.Fatalf("no route to %s through III/34 at %s", st.num(n2), st.num(n))
	}
	if len(route.Steps) != 2 || route.Steps[0].To != st.num(n) {
		t.Fatalf("route to %s: %v, want through %s", st.num(n2), route.Steps, st.num(n))
	}
	for _, a := range route.Steps {
		mustApply(t, st, a)
	}
	if st.U[m].At != n2 || st.U[m].Passing {
		t.Fatalf("II/34 at %s (passing %v), want %s", st.num(st.U[m].At), st.U[m].Passing, st.num(n2))
	}
	if want := st.enterCost(Column, st.U[m].Start, n) + st.enterCost(Column, n, n2) + st.sc.act("friendly_pass", 2); st.U[m].Spent != want {
		t.Fatalf("spent %s MP, want %s (+1 of [11.3])", half(st.U[m].Spent), half(want))
	}
	if route.Cost != half(st.U[m].Spent)+" MP" {
		t.Fatalf("the route said %s, the walk cost %s MP", route.Cost, half(st.U[m].Spent))
	}
}

// [12.10], [12.6] A whole line wheels backwards as one (interpretation: the
// line moves as its units may, and a unit may move backwards at +1 MP):
// two battalions flank to flank wheel 60° back about the line's left end;
// the pivot turns in place (a facing change), the other steps into the hex
// behind the pivot's flank paying its terrain and the +1 MP of [12.6].
func TestRule12_10_LineWheelsBackward(t *testing.T) {
	var st *State
	var a, b int
	var left, right hexCoord
	for _, d := range []int{4 + 2, 4 - 1} {
		st = newFixture(t)
		only(st, "II/34", "III/34")
		a = put(t, st, "II/34", "0805", 4, Column)
		h := st.U[a].At.Neighbor(d)
		if !st.sc.Map.On(h) {
			continue
		}
		b = put(t, st, "III/34", st.num(h), 4, Column)
		activate(t, st, "girard", "brayer")
		if st.canAct(b) {
			left, right = st.U[a].At, h
			if d != 4+2 {
				left, right = h, st.U[a].At
			}
			break
		}
		st = nil
	}
	if st == nil {
		t.Fatal("no place for III/34 in command beside II/34")
	}
	var wheel rules.Action
	for _, x := range st.Legal() {
		if x.Choice == "linewheel-back-left" && x.Unit == "II/34" {
			wheel = x
		}
	}
	if wheel.Kind == "" {
		t.Fatalf("no backward wheel of the line offered: %v", st.Legal())
	}
	if !strings.Contains(wheel.Label, "backwards") || !strings.Contains(wheel.Label, "[12.10]") {
		t.Fatalf("wheel label %q", wheel.Label)
	}
	pivot, swing := a, b
	if st.U[b].At == left {
		pivot, swing = b, a
	}
	mustApply(t, st, wheel)
	if st.U[pivot].At != left || st.U[a].Facing != 5 || st.U[b].Facing != 5 {
		t.Fatalf("pivot at %s facing %d / %d, want %s facing 5", st.num(st.U[pivot].At), st.U[a].Facing, st.U[b].Facing, st.num(left))
	}
	want := left.Neighbor(4 + 3)
	if st.U[swing].At != want {
		t.Fatalf("the swinging battalion is at %s, want %s (behind)", st.num(st.U[swing].At), st.num(want))
	}
	if st.U[pivot].Spent != st.sc.act("face", 2) || st.U[swing].Spent != st.enterCost(Column, right, want)+st.sc.act("rear", 2) {
		t.Fatalf("costs %s and %s MP", half(st.U[pivot].Spent), half(st.U[swing].Spent))
	}
	if err := st.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// [12.13], [6.4] A stack of rectangles (two lines on the very same hexes
// and facing) steps and wheels together, offered on its top unit: each
// pays its own cost, they stay stacked, and the step is one move (one
// action). A wheel, whose pivot hex they both hold, is open to the stack
// though neither could wheel alone out of the other's hex.
func TestRule12_13_StackedLinesStepTogether(t *testing.T) {
	st := newFixture(t)
	only(st, "I/34", "IV/34") // two battalions of 8 (testdata), big enough for rectangles [6.2]
	a := putLine(t, st, "I/34", "0805", "0806", 4)
	b := putLine(t, st, "IV/34", "0805", "0806", 4)
	activate(t, st, "girard", "brayer")
	if !st.canAct(a) || !st.canAct(b) {
		t.Fatal("the lines are not in command")
	}
	top := st.stackOf(a)[0]
	other := a + b - top
	var step, wheel rules.Action
	for _, x := range st.Legal() {
		if x.Unit != st.id(top) || len(x.Units) != 1 || x.Units[0] != st.id(other) || x.Rule != "12.13" {
			continue
		}
		if strings.Contains(x.Label, "advances") {
			step = x
		}
		if strings.Contains(x.Label, " wheels to") {
			wheel = x
		}
	}
	if step.Kind == "" || wheel.Kind == "" {
		t.Fatalf("no step (%q) or wheel (%q) of the stack of lines: %v", step.Label, wheel.Label, st.Legal())
	}
	for _, x := range st.Legal() {
		if x.Unit == st.id(other) && x.Kind == "move" && strings.Contains(x.Label, "wheels") && len(x.Units) == 0 {
			t.Fatalf("the lower line wheels alone out of the stack: %s", x.Label)
		}
	}
	try := func(act rules.Action) *State {
		c := st.clone()
		mustApply(t, c, act)
		if c.U[a].At != c.U[b].At || c.U[a].At2 != c.U[b].At2 || c.U[a].Facing != c.U[b].Facing {
			t.Fatalf("%s: the lines are no longer stacked: %s-%s f%d and %s-%s f%d", act.Label,
				c.num(c.U[a].At), c.num(c.U[a].At2), c.U[a].Facing, c.num(c.U[b].At), c.num(c.U[b].At2), c.U[b].Facing)
		}
		if c.num(c.U[a].At) != act.To || c.num(c.U[a].At2) != act.Choice {
			t.Fatalf("%s: at %s-%s", act.Label, c.num(c.U[a].At), c.num(c.U[a].At2))
		}
		if c.U[a].Spent == 0 || c.U[a].Spent != c.U[b].Spent {
			t.Fatalf("%s: spent %s and %s MP, want the same cost for both", act.Label, half(c.U[a].Spent), half(c.U[b].Spent))
		}
		if err := c.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
		return c
	}
	try(step)
	try(wheel)
}

// [11.0], [12.13], [6.3.5] A stack of rectangles keeps one array: it forms
// column together on either of its hexes (offered on its top unit, each
// paying), never one line alone.
func TestRule12_13_StackOfLinesChangesArray(t *testing.T) {
	st := newFixture(t)
	only(st, "I/34", "IV/34")
	a := putLine(t, st, "I/34", "0805", "0806", 4)
	b := putLine(t, st, "IV/34", "0805", "0806", 4)
	activate(t, st, "girard", "brayer")
	top := st.stackOf(a)[0]
	other := a + b - top
	var col rules.Action
	for _, x := range st.Legal() {
		if x.Kind == "choose" && strings.HasPrefix(x.Choice, "array:") && len(x.Units) == 0 && (x.Unit == "I/34" || x.Unit == "IV/34") {
			t.Fatalf("a stacked line changes array alone: %s", x.Label)
		}
		if x.Choice == "array:column" && x.Unit == st.id(top) && len(x.Units) == 1 && x.Units[0] == st.id(other) && x.To == st.num(st.U[a].At2) {
			col = x
		}
	}
	if col.Kind == "" {
		t.Fatalf("no column for the stack of lines: %v", st.Legal())
	}
	at2 := st.U[a].At2
	mustApply(t, st, col)
	for _, j := range []int{a, b} {
		u := st.U[j]
		if u.Two || u.Array != Column || u.At != at2 || u.Facing != 4 {
			t.Fatalf("%s: two %v array %s at %s facing %d, want a column on %s", st.id(j), u.Two, u.Array, st.num(u.At), u.Facing, st.num(at2))
		}
		if u.Spent != st.sc.act("line_to_column", 2) {
			t.Fatalf("%s spent %s MP", st.id(j), half(u.Spent))
		}
	}
	if err := st.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}
