package albuera

import (
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/hex"
)

// [3.4] The book's example: II/34 (Morale 6, Manpower 5, Firepower 66%)
// takes markers -1 and -2, then flips: Morale 5, Manpower 2, Firepower 66%.
func TestRule3_4_II34Losses(t *testing.T) {
	st := newFixture(t)
	i := st.idx("II/34")
	st.U[i].MP = 5 // its company is attached for this example
	st.U[st.idx("sk/II/34")].Where = OffMap
	st.U[i].Array = Line
	if st.morale(i) != 6 || st.fp(i) != 3 {
		t.Fatalf("fresh: morale %d fp %d", st.morale(i), st.fp(i))
	}
	st.loss(i, Allied, "clash", "3.4")
	if st.lossMarker(i) != 1 || st.morale(i) != 6 {
		t.Fatalf("after 1 loss: marker %d morale %d", st.lossMarker(i), st.morale(i))
	}
	st.loss(i, Allied, "clash", "3.4")
	if st.lossMarker(i) != 2 || st.morale(i) != 6 {
		t.Fatalf("after 2 losses: marker %d morale %d", st.lossMarker(i), st.morale(i))
	}
	st.loss(i, Allied, "clash", "3.4")
	if st.U[i].MP != 2 || st.lossMarker(i) != 0 || st.morale(i) != 5 {
		t.Fatalf("flipped: Manpower %d marker %d morale %d, want 2, 0, 5", st.U[i].MP, st.lossMarker(i), st.morale(i))
	}
	// Firepower 66% of 2 = 1.33 -> 1 [3.4] rounding
	if st.fp(i) != 1 {
		t.Fatalf("fp %d", st.fp(i))
	}
	st.loss(i, Allied, "clash", "3.4")
	st.loss(i, Allied, "clash", "3.4")
	if st.U[i].Where != Gone {
		t.Fatal("a Loss at Manpower 1 eliminates the unit [3.4]")
	}
}

// [3.4] The Losses ladder: front levels ceil(N/2), back floor(N/2).
func TestRule3_4_LossLadder(t *testing.T) {
	tb := fixture(t)
	_ = tb
	for n := 1; n <= 10; n++ {
		front, back := (n+1)/2, n/2
		if front+back != n {
			t.Fatalf("N=%d", n)
		}
	}
}

// [14.9.5], [14.9.6], [14.9.10] The book's example: I/51 (a rectangle) and
// I/16 L fire together at 1/23 from three hexes: from row 2-4 two rows down
// to "8 and more", 2M; with I/51 on its 4th fire and I/16 L on its 2nd the
// target checks at +1.
func TestRule14_9_5_CombinedFireI51I16L(t *testing.T) {
	st := newFixture(t)
	only(st, "I/51", "I/16L", "1/23")
	a := putLine(t, st, "I/51", "0805", "0806", 4) // facing west: A, B stacked north-south
	st.U[a].MP = 8
	l := st.line2(a)
	// I/16 L in the flank hex of the rectangle, same facing
	fl := l.FlankHexes()
	b := put(t, st, "I/16L", st.num(fl[1]), 4, Column)
	// 1/23 two hexes ahead, in sight and range of both
	var tg hex.Coord
	found := false
	for _, h := range hex.Within(l.A, 3) {
		if !found && st.sc.Map.On(h) && st.dist(a, h) == 2 && st.dist(b, h) <= 2 && !st.covers(b, h) {
			if _, _, ok1 := st.sight(a, h); ok1 {
				if _, _, ok2 := st.sight(b, h); ok2 {
					tg, found = h, true
				}
			}
		}
	}
	if !found {
		t.Fatal("no target hex in sight of both")
	}
	c := put(t, st, "1/23", st.num(tg), 1, Line)
	st.U[c].MP = 5
	st.U[a].Fires, st.U[b].Fires = 3, 1
	if st.dist(a, tg) != 2 {
		t.Fatalf("distance %d", st.dist(a, tg))
	}
	mod, mods, row := st.fireMods([]int{a, b}, tg)
	if row == nil || row.Key != "8+" || row.Mod != 2 {
		t.Fatalf("row %+v, want 8+ (2M); %v", row, mods)
	}
	if mod != 1 {
		t.Fatalf("modifier %d, want +1: %v", mod, mods)
	}
	// the action is listed as a combined fire
	st.Phase, st.Side, st.Window = phMove, Allied, "opp"
	st.ver++
	found = false
	for _, act := range st.Legal() {
		if act.Kind == "fire" && act.Unit == "I/51" && len(act.Units) == 1 && act.Units[0] == "I/16L" {
			found = true
		}
	}
	if !found {
		t.Fatalf("combined fire not offered: %v", st.Legal())
	}
}

// [10.8] The book's example: Sympher (2 white stars) fires at II/34 in an
// olive grove, in Line, at 4 hexes: +1 distance, +2 stars, -1 olive = +2.
func TestRule10_8_SympherWhiteStars(t *testing.T) {
	st := newFixture(t)
	only(st, "Sympher", "II/34")
	s := put(t, st, "Sympher", "0506", 1, Foot)
	tg := hx(t, st, "0906") // olive grove
	put(t, st, "II/34", "0906", 4, Line)
	if d := st.dist(s, tg); d != 4 {
		t.Fatalf("distance %d", d)
	}
	mod, mods, _ := st.fireMods([]int{s}, tg)
	if mod != 2 {
		t.Fatalf("modifier %d, want +2: %v", mod, mods)
	}
}

// [14.10.1] The book's retreat figure: the unit may only go to the rear hex
// that increases the distance from the firer (D); a flank hex that also
// increases it has lower priority; a rear hex that does not is excluded.
func TestRule14_10_RetreatFigure(t *testing.T) {
	st := newFixture(t)
	only(st, "1/23", "I/51")
	c := hx(t, st, "0505")
	u := put(t, st, "1/23", "0505", 1, Column)
	firer := c.Neighbor(2).Neighbor(3)
	f := put(t, st, "I/51", st.num(firer), 4, Column)
	opts := st.retreatOpts(Task{Unit: u, Units: []int{u}, Causes: []int{f}})
	if len(opts) != 1 || opts[0].key != st.num(c.Neighbor(5)) {
		t.Fatalf("retreat options %+v, want only %s", opts, st.num(c.Neighbor(5)))
	}
}

// [6.3.2], [6.3.3], [12.6] A rectangle pays the dearer hex: 2.5 MP into an
// olive grove; a backward wheel into clear costs 1.5 + 1.
func TestRule6_3_LineCosts(t *testing.T) {
	st := newFixture(t)
	only(st, "I/40")
	i := putLine(t, st, "I/40", "1006", "1007", 4) // facing west; the olive grove 0906/0907 ahead
	for _, mv := range st.line2(i).Steps() {
		cost, why := st.lineStepCheck(i, mv)
		olive := false
		for _, h := range mv.Enter {
			olive = olive || st.sc.Map.Cell(h).Terrain == "olive"
		}
		switch {
		case mv.Kind == hex.StepForward && olive:
			if cost != 5 {
				t.Errorf("forward into olive grove costs %s MP, want 2.5 (%s)", half(cost), why)
			}
		case mv.Kind == hex.WheelBackward && !olive && why == "":
			if cost != 5 {
				t.Errorf("backward wheel into clear costs %s MP, want 2.5", half(cost))
			}
		}
	}
}

// [8.2] The book's example: a battalion in Line that spent 3 MP detaches its
// company; both have 1 MP left.
func TestRule8_2_DetachKeepsMP(t *testing.T) {
	st := newFixture(t)
	i := st.idx("1/57")
	c := st.idx("sk/1/57")
	st.Phase, st.Side, st.Window, st.Act = phMove, Allied, "act", []int{i}
	st.U[i].Spent = 6
	st.ver++
	var det rules.Action
	for _, a := range st.Legal() {
		if a.Kind == "deploy" && a.Unit == "sk/1/57" {
			det = a
		}
	}
	if det.Kind == "" {
		t.Fatal("detaching not offered [8.2]")
	}
	if _, err := st.Apply(det); err != nil {
		t.Fatal(err)
	}
	if st.left(c) != 2 || st.left(i) != 2 {
		t.Fatalf("MP left: battalion %s, company %s; want 1 and 1", half(st.left(i)), half(st.left(c)))
	}
	if st.U[i].MP != 5 {
		t.Fatalf("battalion Manpower %d, want 5 (6 less the company) [8.5]", st.U[i].MP)
	}
}

// [11.9] Artillery Fire on a stack: every unit checks Morale separately.
func TestRule11_9_ArtilleryHitsWholeStack(t *testing.T) {
	st := newFixture(t)
	only(st, "Sympher", "II/34", "III/34")
	s := put(t, st, "Sympher", "0506", 1, Foot)
	put(t, st, "II/34", "0806", 4, Column)
	put(t, st, "III/34", "0806", 4, Column)
	st.Phase, st.Side, st.Window = phMove, French, "opp"
	st.ver++
	var fire rules.Action
	for _, a := range st.Legal() {
		if a.Kind == "fire" && a.Unit == "Sympher" {
			fire = a
		}
	}
	if fire.Kind == "" {
		t.Fatalf("no artillery fire offered: %v", st.Legal())
	}
	if _, err := st.Apply(fire); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tk := range st.Tasks {
		if tk.Kind == "mc" && tk.Why == "fire" {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("%d Morale Checks, want one per unit of the stack", n)
	}
	if !st.U[s].ArtFired {
		t.Fatal("the battery is flipped after firing [10.7]")
	}
}

// [16.2] The book's example: the French have 3 VP and lose four Clashes:
// the marker shows the Allies with 1 VP.
func TestRule16_2_NetScore(t *testing.T) {
	st := newFixture(t)
	st.VP = 3
	for k := 0; k < 4; k++ {
		st.addVP(Allied, 1, "Clash won", "16.1")
	}
	if st.VP != -1 || !strings.Contains(st.vpText(), "Allied 1 VP") {
		t.Fatalf("VP %d (%s)", st.VP, st.vpText())
	}
}

// [14.2] The quick front-sector test never rejects a line that Trace lets
// leave through a front hex.
func TestRule14_2_FrontSectorIsSafe(t *testing.T) {
	c := hex.Coord{Q: 0, R: 0}
	for f := 0; f < 6; f++ {
		front := hex.FrontHexes(c, f)
		for _, tg := range hex.Within(c, 6) {
			if tg == c {
				continue
			}
			steps := hex.Trace(c, tg)
			if len(steps) > 0 && steps[0].Hex == c {
				steps = steps[1:]
			}
			first := steps[0]
			in := first.Hex == front[0] || first.Hex == front[1] || first.Graze && (first.Alt == front[0] || first.Alt == front[1])
			if in && !inFrontSector(c, f, tg) {
				t.Fatalf("facing %d target %v: leaves through the front but the sector test says no", f, tg)
			}
		}
	}
}
