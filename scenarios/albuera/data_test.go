package albuera_test

// Tests of the Albuera 1811 data (issue #8): the order of battle, the tables,
// the pool and the historical set-up, read by the system's own loader
// (rules/albuera) and by the record reader of package scenarios.

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"grognard/rules/albuera"
	"grognard/rules/hex"
	"grognard/scenarios"
)

const (
	system   = "albuera"
	scenario = "albuera-1811"
)

func load(t *testing.T) *albuera.Scenario {
	t.Helper()
	sc, err := albuera.LoadScenario(system, scenario)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// records reads one data file's records.
func records(t *testing.T, file string) []scenarios.Record {
	t.Helper()
	recs, err := scenarios.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func def(t *testing.T, sc *albuera.Scenario, id string) *albuera.UnitDef {
	t.Helper()
	d := sc.Def(id)
	if d == nil {
		t.Fatalf("%s is not in the order of battle", id)
	}
	return d
}

// TestOOB_CountsPerSide [2.0], [2.1]: the counters of each side, by kind.
// The numbers are the authored order of battle of spec §3.11: V Corps 19
// battalions (the book: Girard nine, Gazan ten), Werlé 9, Godinot 5, the
// grenadiers 2; the Allies' British, KGL, Portuguese and Spanish battalions.
func TestOOB_CountsPerSide(t *testing.T) {
	sc := load(t)
	type key struct {
		side int
		kind string
	}
	n := map[key]int{}
	for _, d := range sc.Units {
		n[key{d.Side, d.Kind}]++
	}
	want := map[key]int{
		{albuera.French, albuera.KInf}: 35, {albuera.French, albuera.KComp}: 33, {albuera.French, albuera.KCav}: 24,
		{albuera.French, albuera.KArt}: 8, {albuera.French, albuera.KCdr}: 13,
		{albuera.Allied, albuera.KInf}: 54, {albuera.Allied, albuera.KComp}: 60, {albuera.Allied, albuera.KCav}: 22,
		{albuera.Allied, albuera.KArt}: 7, {albuera.Allied, albuera.KCdr}: 23,
	}
	for k, w := range want {
		if n[k] != w {
			t.Errorf("side %d %s: %d counters, want %d", k.side, k.kind, n[k], w)
		}
	}
	// Girard nine battalions, Gazan ten (the book's history chapter).
	div := func(cdr string) int {
		c := 0
		for _, d := range sc.Units {
			if d.Kind == albuera.KInf && d.Cmd != "" && sc.Def(d.Cmd).Cmd == cdr {
				c++
			}
		}
		return c
	}
	if div("girard") != 9 || div("gazan") != 10 {
		t.Errorf("Girard %d battalions (book 9), Gazan %d (book 10)", div("girard"), div("gazan"))
	}
	// The French about 24,000, the Allies about 35,000 (S5), 100 men a point.
	var men [2]int
	for _, d := range sc.Units {
		if d.Kind == albuera.KInf || d.Kind == albuera.KCav {
			men[d.Side] += 100 * d.N
		}
	}
	if men[0] < 21000 || men[0] > 24500 || men[1] < 30000 || men[1] > 35300 {
		t.Errorf("infantry and cavalry: French %d, Allied %d men", men[0], men[1])
	}
}

// TestOOB_TwentyFiveRectangles [2.0], [6.2]: the box has 25 two-hex counters;
// exactly 25 battalions start at or above their nation's rectangle threshold.
func TestOOB_TwentyFiveRectangles(t *testing.T) {
	sc := load(t)
	n := 0
	for _, d := range sc.Units {
		min := 8
		if d.Nation == "british" || d.Nation == "kgl" || d.Nation == "portuguese" {
			min = 6
		}
		if d.Kind == albuera.KInf && d.N >= min {
			n++
		}
	}
	if n != 25 {
		t.Fatalf("%d battalions need a rectangle, the box has 25", n)
	}
}

// TestOOB_BookUnits: every unit and commander the book names exists with
// the attributes the book gives it (spec §3.11.3).
func TestOOB_BookUnits(t *testing.T) {
	sc := load(t)
	// [3.4] II/34: French, Morale 6 front and 5 back, Manpower 5, Firepower 66%.
	d := def(t, sc, "II/34")
	if d.Side != albuera.French || d.Kind != albuera.KInf || d.Morale != [2]int{6, 5} || d.N != 5 || d.FPLine != (albuera.Frac{Num: 2, Den: 3}) {
		t.Errorf("II/34: %+v", d)
	}
	// [11.9] III/34 stacks with II/34 (same side, same brigade).
	if d3 := def(t, sc, "III/34"); d3.Side != albuera.French || d3.Kind != albuera.KInf {
		t.Errorf("III/34: %+v", d3)
	}
	// [14.9.6] I/51 and I/16 L fire together from three hexes: one of them
	// is a rectangle in Line (French threshold 8), the other a square counter.
	i51, i16 := def(t, sc, "I/51"), def(t, sc, "I/16L")
	if (i51.N >= 8) == (i16.N >= 8) || i51.Side != albuera.French || i16.Side != albuera.French {
		t.Errorf("I/51 Mp %d and I/16L Mp %d: exactly one must be a rectangle", i51.N, i16.N)
	}
	// The example's row: Firepower 2/3 of the larger, two hexes beyond the
	// first, from 2-4 down to 8 and more, needs a Firepower of 2 to 4 at the
	// example's distance of 2: max(fp)/2 in 2..4.
	fp := func(u *albuera.UnitDef) int { return (u.N*u.FPLine.Num*2 + u.FPLine.Den) / (2 * u.FPLine.Den) }
	if best := max(fp(i51), fp(i16)); (best*2+2)/4 < 2 || (best*2+2)/4 > 4 {
		t.Errorf("I/51 + I/16 L firepower %d: at 2 hexes not in row 2-4", best)
	}
	if d := def(t, sc, "1/23"); d.Side != albuera.Allied || !d.British() {
		t.Errorf("1/23: %+v", d)
	}
	// [8.2] 1/7 detaches sk/1/7.
	if d := def(t, sc, "1/7"); d.Company != "sk/1/7" || !d.British() {
		t.Errorf("1/7: %+v", d)
	}
	if c := def(t, sc, "sk/1/7"); c.Kind != albuera.KComp || c.Battalion != "1/7" || c.N != 1 {
		t.Errorf("sk/1/7: %+v", c)
	}
	// [10.8] Sympher: two white stars; at 4 hexes the band is 1M.
	sy := def(t, sc, "Sympher")
	if sy.Kind != albuera.KArt || sy.Stars != 2 || sy.Side != albuera.Allied {
		t.Errorf("Sympher: %+v", sy)
	}
	found := false
	for _, b := range sc.Bands[sy.Calibre] {
		if b.Lo <= 3 && b.Hi >= 4 && b.Mod == 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("Sympher's %s bands %v: no 3-4:1M", sy.Calibre, sc.Bands[sy.Calibre])
	}
	for id, side := range map[string]int{
		"Cleeves": albuera.Allied, "Braun": albuera.Allied, "Miranda": albuera.Allied, "Arriaga": albuera.Allied,
		"VL1": albuera.French, "VL2": albuera.French, "VL3": albuera.French, "2Ha": albuera.French, "27Ca": albuera.French,
		"4Esp": albuera.French, "4Da": albuera.French, "17Da": albuera.French, "3DGa": albuera.Allied, "4Dra": albuera.Allied,
		"13LDa": albuera.Allied, "1/3": albuera.Allied, "2/48": albuera.Allied, "2/66": albuera.Allied, "2/31": albuera.Allied,
		"1/57": albuera.Allied, "29": albuera.Allied, "I/28L": albuera.French, "I/16L": albuera.French,
		"I/Gr": albuera.French, "II/Gr": albuera.French,
	} {
		if d := def(t, sc, id); d.Side != side {
			t.Errorf("%s on side %d", id, d.Side)
		}
	}
	for _, id := range []string{"Braun", "Miranda"} {
		if n := guns(t, id); n != 6 {
			t.Errorf("%s has %d guns; the book: six", id, n)
		}
	}
	if d := def(t, sc, "VL1"); d.Nation != "polish" || d.Kind != albuera.KCav {
		t.Errorf("VL1: %+v", d)
	}
	cdrs := map[string]string{
		"soult": albuera.CinC, "beresford": albuera.CinC,
		"girard": albuera.Division, "gazan": albuera.Division, "latourmaubourg": albuera.Division,
		"cole": albuera.Division, "stewart": albuera.Division, "hamilton": albuera.Division, "lumley": albuera.Division, "blake": albuera.Division,
		"godinot": albuera.Brigade, "briche": albuera.Brigade, "werle": albuera.Brigade, "zayas": albuera.Brigade, "ballesteros": albuera.Brigade,
		"lardizabal": albuera.Brigade, "loy": albuera.Brigade, "pennevillemur": albuera.Brigade, "colborne": albuera.Brigade,
		"hoghton": albuera.Brigade, "abercrombie": albuera.Brigade, "myers": albuera.Brigade, "collins": albuera.Brigade, "otway": albuera.Brigade,
	}
	for id, kind := range cdrs {
		if d := def(t, sc, id); d.Kind != albuera.KCdr || d.CKind != kind {
			t.Errorf("%s: %s %s, want commander %s", id, d.Kind, d.CKind, kind)
		}
	}
	// The grenadiers are Varé's supporting unit; the lancers return to
	// Latour-Maubourg [15.11.4].
	if d := def(t, sc, "I/Gr"); !d.Support || d.Cmd != "soult" {
		t.Errorf("I/Gr: %+v", d)
	}
	if d := def(t, sc, "VL1"); !d.Support || d.Return != "latourmaubourg" {
		t.Errorf("VL1: %+v", d)
	}
}

// guns reads a battery's guns= from oob.txt (the loader does not keep it).
func guns(t *testing.T, id string) int {
	t.Helper()
	for _, r := range records(t, system+"/"+scenario+"/oob.txt") {
		if r.Kind == "artillery" && len(r.Args) > 0 && r.Args[0] == id {
			n, err := r.Int("guns")
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("no battery %s", id)
	return 0
}

// TestOOB_BakerRiflesAndStars [8.11]: Baker battalions are underlined and bear
// a white star, their companies fire the better salvo M; only the KGL light
// battalions and the 5th Caçadores carry them; every battery's stars follow
// table stars by its guns [10.8].
func TestOOB_BakerRiflesAndStars(t *testing.T) {
	sc := load(t)
	var baker []string
	for _, d := range sc.Units {
		if d.Kind == albuera.KInf && d.Baker {
			baker = append(baker, d.ID)
			if !d.Star {
				t.Errorf("%s: Baker without the white star", d.ID)
			}
			if c := sc.Def(d.Company); c == nil || !c.Baker || c.Salvo != 0 {
				t.Errorf("%s: its company should be Baker with salvo M", d.ID)
			}
		}
		if d.Kind == albuera.KComp && !d.Baker && (!d.HasSalvo || d.Salvo != -1) {
			t.Errorf("%s: a musket company fires M-1", d.ID)
		}
	}
	sort.Strings(baker)
	if strings.Join(baker, " ") != "1KGL 2KGL 5Cac" {
		t.Errorf("Baker battalions %v", baker)
	}
	st := sc.Tables["stars"]
	for _, d := range sc.Units {
		if d.Kind != albuera.KArt {
			continue
		}
		g := guns(t, d.ID)
		want := -1
		for _, row := range st.Rows {
			lo, hi, _ := strings.Cut(row.Key, "-")
			a, _ := strconv.Atoi(lo)
			b, _ := strconv.Atoi(hi)
			if g >= a && g <= b {
				want, _ = strconv.Atoi(row.Cells[0])
			}
		}
		if d.Stars != want {
			t.Errorf("%s: %d guns, %d stars; table stars says %d", d.ID, g, d.Stars, want)
		}
	}
}

// TestOOB_CommandersAndRatings [4.3], [4.5.2]: every chit belongs to the
// CinC, a division commander or an independent brigade; every division
// commander and CinC has a Coordination Rating 0-9; every unit's commander
// is a brigade commander or (support units) the chart's superior.
func TestOOB_CommandersAndRatings(t *testing.T) {
	sc := load(t)
	ratings := map[string]int{}
	for _, d := range sc.Units {
		if d.Kind != albuera.KCdr {
			if d.Kind != albuera.KComp && !d.Support && sc.Def(d.Cmd).CKind != albuera.Brigade {
				t.Errorf("%s: commander %s is not a brigade commander", d.ID, d.Cmd)
			}
			continue
		}
		if d.Colour == "" || d.Colour[0] != '#' {
			t.Errorf("%s: no colour", d.ID)
		}
		switch d.CKind {
		case albuera.CinC, albuera.Division:
			if !d.Chit || d.Coord < 1 || d.Coord > 9 {
				t.Errorf("%s: chit %v coord %d", d.ID, d.Chit, d.Coord)
			}
			ratings[d.ID] = d.Coord
		case albuera.Brigade:
			indep := sc.Def(d.Cmd).CKind == albuera.CinC
			if d.Chit != indep {
				t.Errorf("%s: chit=%v but independent=%v (I63)", d.ID, d.Chit, indep)
			}
		}
	}
	want := map[string]int{"girard": 6, "gazan": 5, "latourmaubourg": 7, "soult": 6, "stewart": 5, "cole": 6, "hamilton": 5,
		"lumley": 6, "blake": 3, "beresford": 5}
	for id, w := range want {
		if ratings[id] != w {
			t.Errorf("%s: Coordination Rating %d, want %d (spec §3.12)", id, ratings[id], w)
		}
	}
	if len(ratings) != len(want) {
		t.Errorf("ratings %v", ratings)
	}
}

// TestData_EveryNumberSaysWhereItComesFrom: every order-of-battle record,
// every param and every table of the data says book= or authored= (tables
// printed by the book as they stand carry no note: only 'return').
func TestData_EveryNumberSaysWhereItComesFrom(t *testing.T) {
	for _, f := range []string{system + "/" + scenario + "/oob.txt", system + "/tables.txt", system + "/" + scenario + "/pool.txt"} {
		for _, r := range records(t, f) {
			switch r.Kind {
			case "commander", "unit", "company", "cavalry", "artillery", "param":
				if !r.Has("book") && !r.Has("authored") {
					t.Errorf("%s:%d: %s %v says neither book= nor authored=", r.File, r.Line, r.Kind, r.Args)
				}
				if r.Has("authored") && len(r.Fields["authored"]) < 10 {
					t.Errorf("%s:%d: authored= gives no reason", r.File, r.Line)
				}
			case "table":
				if !r.Has("authored") && r.Args[0] != "return" {
					t.Errorf("%s:%d: table %s is not the book's and says no authored=", r.File, r.Line, r.Args[0])
				}
			}
		}
	}
}

// TestTables_NoHoles [3.4], [12.2], [14.9.3], [15.7]: the loader's tables are
// complete: a terrain row for every terrain on the map and every cost a
// number or P; Musket Fire rows from 1 up; the Clash Table one row per die
// face and one column per shift from -4 to +4 plus Square vs Cavalry.
func TestTables_NoHoles(t *testing.T) {
	sc := load(t)
	for _, c := range sc.Map.Coords() {
		if _, ok := sc.Cost[sc.Map.Cell(c).Terrain]; !ok {
			t.Fatalf("no terrain row for %s", sc.Map.Cell(c).Terrain)
		}
	}
	for _, row := range []string{"clear", "olive", "forest", "village", "climb", "river", "slope", "bridge", "ford"} {
		if len(sc.Cost[row]) != 8 {
			t.Errorf("terrain row %s: %v", row, sc.Cost[row])
		}
	}
	// The book's numbers [6.3.2], [6.3.3], [8.2]: Line 1.5 in Clear, 2.5 in an olive grove (half points).
	if sc.Cost["clear"]["line"] != 3 || sc.Cost["olive"]["line"] != 5 {
		t.Errorf("Line costs clear %d olive %d half points; the book: 1.5 and 2.5", sc.Cost["clear"]["line"], sc.Cost["olive"]["line"])
	}
	// A square enters only Clear [7.1]; foot artillery unlimbered one Clear hex [10.13].
	for _, tr := range []string{"olive", "forest", "village"} {
		if sc.Cost[tr]["square"] != -1 || sc.Cost[tr]["foot"] != -1 {
			t.Errorf("%s: square %d foot %d, want prohibited", tr, sc.Cost[tr]["square"], sc.Cost[tr]["foot"])
		}
	}
	if len(sc.Musket) != 4 || sc.Musket[3].Key != "8+" || sc.Musket[3].Mod != 2 {
		t.Errorf("musket %+v (the book: 8 and more = 2M)", sc.Musket)
	}
	if len(sc.Clash) != 10 {
		t.Errorf("clash columns %d", len(sc.Clash))
	}
	for _, cal := range []string{"12pdr", "9pdr", "8pdr", "6pdr", "4pdr"} {
		bs := sc.Bands[cal]
		if len(bs) == 0 || bs[0].Lo != 1 {
			t.Errorf("%s bands %v", cal, bs)
		}
		for i := 1; i < len(bs); i++ {
			if bs[i].Lo != bs[i-1].Hi+1 || bs[i].Mod >= bs[i-1].Mod {
				t.Errorf("%s bands %v: gap or effect not falling with range", cal, bs)
			}
		}
		if bs[0].Mod > 2 {
			t.Errorf("%s: no band above 2M (10.9)", cal)
		}
	}
	for _, n := range []string{"actions", "morale_mods", "stars", "losses", "cover", "artillery_target", "return", "pool"} {
		if tb := sc.Tables[n]; tb == nil || len(tb.Rows) == 0 {
			t.Errorf("table %s missing", n)
		}
	}
}

// TestTables_ClashFollowsItsRule [15.7], [15.8]: the authored Clash Table is
// exactly the rule its authored= note states, column by column, and the
// Square vs. Cavalry column [7.3] lets the cavalry win only on a 9.
func TestTables_ClashFollowsItsRule(t *testing.T) {
	sc := load(t)
	for col := -4; col <= 4; col++ {
		key := strconv.Itoa(col)
		if col > 0 {
			key = "+" + key
		}
		res := sc.Clash[key]
		for die := 0; die <= 9; die++ {
			tgt := min(max(5-col, 1), 9)
			m := die - tgt
			var want string
			switch {
			case m >= 0 && m <= 2:
				want = "D+1"
			case m >= 0 && m <= 5:
				want = "D+2"
			case m >= 0:
				want = "D+3"
			case m >= -3:
				want = "A+1"
			case m >= -6:
				want = "A+2"
			default:
				want = "A+3"
			}
			if res[die].Text != want {
				t.Errorf("clash column %s die %d: %s, the rule gives %s", key, die, res[die].Text, want)
			}
		}
	}
	svc := sc.Clash["svc"]
	for die := 0; die <= 9; die++ {
		if (svc[die].Loser == 1) != (die == 9) {
			t.Errorf("square vs cavalry die %d: %s", die, svc[die].Text)
		}
	}
}

// TestTables_LossesLadder [3.4]: the losses table is the book's ladder: front
// ⌈N/2⌉ levels, back ⌊N/2⌋; the book's printed rows (row 9 restored, I2)
// count the same levels.
func TestTables_LossesLadder(t *testing.T) {
	sc := load(t)
	book := map[int]string{
		1: "front", 2: "front back", 3: "front -1 back", 4: "front -1 back -1", 5: "front -1 -2 back -1",
		6: "front -1 -2 back -1 -2", 7: "front -1 -2 -3 back -1 -2", 8: "front -1 -2 -3 back -1 -2 -3",
		9: "front -1 -2 -3 -4 back -1 -2 -3", 10: "front -1 -2 -3 -4 back -1 -2 -3 -4",
	}
	tb := sc.Tables["losses"]
	if len(tb.Rows) != 10 {
		t.Fatalf("losses: %d rows", len(tb.Rows))
	}
	for _, row := range tb.Rows {
		n, _ := strconv.Atoi(row.Key)
		front, _ := strconv.Atoi(row.Cells[0])
		back, _ := strconv.Atoi(row.Cells[1])
		if front != (n+1)/2 || back != n/2 {
			t.Errorf("N=%d: front %d back %d", n, front, back)
		}
		f, b, hasBack := strings.Cut(book[n], "back")
		if len(strings.Fields(f)) != front || (!hasBack && back != 0) || (hasBack && len(strings.Fields(b))+1 != back) {
			t.Errorf("N=%d: the book's ladder %q has other levels than front %d back %d", n, book[n], front, back)
		}
	}
}

// TestPool_EachTurn [3.3]: one row per turn, every chit holder in the pool
// from turn 3, the authored arrivals (Stewart, España, Penne Villemur on 2,
// Blake on 3).
func TestPool_EachTurn(t *testing.T) {
	sc := load(t)
	if len(sc.Pool) != sc.P("turns") || sc.P("turns") != 16 {
		t.Fatalf("pool rows %d turns %d", len(sc.Pool), sc.P("turns"))
	}
	var chits [2][]string
	for _, d := range sc.Units {
		if d.Kind == albuera.KCdr && d.Chit {
			chits[d.Side] = append(chits[d.Side], d.ID)
		}
	}
	has := func(l []string, id string) bool {
		for _, x := range l {
			if x == id {
				return true
			}
		}
		return false
	}
	for turn := 1; turn <= 16; turn++ {
		p := sc.Pool[turn]
		for s := 0; s < 2; s++ {
			seen := map[string]bool{}
			for _, id := range p[s] {
				if seen[id] {
					t.Errorf("turn %d: %s twice", turn, id)
				}
				seen[id] = true
			}
			if turn >= 3 && len(p[s]) != len(chits[s]) {
				t.Errorf("turn %d side %d: %d chits of %d", turn, s, len(p[s]), len(chits[s]))
			}
		}
		for _, id := range []string{"stewart", "espana", "pennevillemur"} {
			if has(p[1], id) != (turn >= 2) {
				t.Errorf("turn %d: %s in pool %v", turn, id, has(p[1], id))
			}
		}
		if has(p[1], "blake") != (turn >= 3) {
			t.Errorf("turn %d: blake in pool %v", turn, has(p[1], "blake"))
		}
	}
	if len(chits[0]) != 6 || len(chits[1]) != 10 {
		t.Errorf("chits %v", chits)
	}
}

// TestSetup_Golden [3.1]: the historical set-up as the loader reads it; the
// golden file freezes it (GROGNARD_UPDATE_GOLDEN=1 rewrites it).
func TestSetup_Golden(t *testing.T) {
	sc := load(t)
	var lines []string
	for _, p := range sc.Setup {
		l := fmt.Sprintf("%s %s %s %d", p.Unit, sc.Map.Num(p.At), p.Array, p.Facing)
		if p.Two {
			l += " " + sc.Map.Num(p.With)
		}
		lines = append(lines, l)
	}
	sort.Strings(lines)
	got := strings.Join(lines, "\n") + "\n"
	const golden = "testdata/setup.golden"
	if os.Getenv("GROGNARD_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("set-up differs from %s (GROGNARD_UPDATE_GOLDEN=1 to accept):\n%s", golden, got)
	}
}

// TestSetup_Legal [11.0], [11.1], [11.2], [6.2], [6.4], [3.1]: the historical
// set-up obeys stacking, one array and facing a stack, no foot with horse,
// rectangles alone on their two hexes, every counter of the order of battle
// placed (companies with their battalions), commanders with their troops,
// nobody in an enemy front hex, and every counter on terrain its array may
// enter (the village garrison's guns excepted: they were there).
func TestSetup_Legal(t *testing.T) {
	sc := load(t)
	at := map[hex.Coord]*occ{}
	placed := map[string]albuera.Placement{}
	for _, p := range sc.Setup {
		placed[p.Unit] = p
		d := sc.Def(p.Unit)
		if d.Kind == albuera.KCdr {
			continue
		}
		for _, h := range hexesOf(p) {
			if at[h] == nil {
				at[h] = &occ{}
			}
			at[h].units = append(at[h].units, sc.Index[p.Unit])
		}
		for _, h := range hexesOf(p) {
			tr := sc.Map.Cell(h).Terrain
			if sc.Cost[tr][p.Array] < 0 && p.Unit != "Arriaga" {
				t.Errorf("%s (%s) on %s at %s", p.Unit, p.Array, tr, sc.Map.Num(h))
			}
		}
	}
	for _, d := range sc.Units {
		_, ok := placed[d.ID]
		if d.Kind == albuera.KComp && d.Battalion != "" {
			if ok {
				t.Errorf("%s: companies start with their battalions", d.ID)
			}
			continue
		}
		if !ok {
			t.Errorf("%s is not placed", d.ID)
		}
	}
	for h, o := range at {
		var inf, cav, art, comp int
		side := -1
		arr := map[string]bool{}
		for _, i := range o.units {
			d := &sc.Units[i]
			if side >= 0 && d.Side != side {
				t.Errorf("%s: both sides", sc.Map.Num(h))
			}
			side = d.Side
			p := placed[d.ID]
			switch d.Kind {
			case albuera.KInf:
				inf++
			case albuera.KCav:
				cav++
			case albuera.KArt:
				art++
				continue
			case albuera.KComp:
				comp++
			}
			arr[fmt.Sprintf("%s/%d/%v/%v", p.Array, p.Facing, p.Two, p.With)] = true
			if p.Two && len(o.units) > 1 {
				for _, j := range o.units {
					if sc.Units[j].Kind != albuera.KArt && j != i {
						t.Errorf("%s: rectangle %s shares its hex [6.4]", sc.Map.Num(h), d.ID)
					}
				}
			}
		}
		limit := 4
		if art > 0 {
			limit = 2
		}
		if art > 1 || inf > limit || cav > limit || (inf > 0 && cav > 0) || (comp > 0 && inf+cav > 0) || len(arr) > 1 {
			t.Errorf("%s: %d battalions %d squadrons %d batteries %d companies, arrays %v [11.2]", sc.Map.Num(h), inf, cav, art, comp, arr)
		}
	}
	// No unit starts in an enemy unit's front hexes.
	for _, p := range sc.Setup {
		d := sc.Def(p.Unit)
		if d.Kind == albuera.KCdr {
			continue
		}
		var fronts []hex.Coord
		if p.Two {
			l, _ := hex.NewLine2(p.At, p.With, p.Facing)
			f := l.FrontHexes()
			fronts = f[:]
		} else {
			f := hex.FrontHexes(p.At, p.Facing)
			fronts = f[:]
		}
		for _, h := range fronts {
			if o := at[h]; o != nil && sc.Units[o.units[0]].Side != d.Side {
				t.Errorf("%s at %s has enemies in its front hex %s", p.Unit, sc.Map.Num(p.At), sc.Map.Num(h))
			}
		}
	}
	// Commanders stand with their own troops (a brigade commander with one of
	// his units, a division commander with a unit of his division).
	for _, d := range sc.Units {
		if d.Kind != albuera.KCdr || d.CKind == albuera.CinC {
			continue
		}
		o := at[placed[d.ID].At]
		ok := false
		for _, i := range occOr(o) {
			u := &sc.Units[i]
			c := u.Cmd
			if u.Support {
				c = u.Return
			}
			ok = ok || c == d.ID || (sc.Def(c) != nil && sc.Def(c).Cmd == d.ID)
		}
		if !ok {
			t.Errorf("commander %s at %s is not with his troops", d.ID, sc.Map.Num(placed[d.ID].At))
		}
	}
}

type occ struct{ units []int }

func occOr(o *occ) []int {
	if o == nil {
		return nil
	}
	return o.units
}

func hexesOf(p albuera.Placement) []hex.Coord {
	if p.Two {
		return []hex.Coord{p.At, p.With}
	}
	return []hex.Coord{p.At}
}

// TestOOB_SupportingCompaniesAndTypes [4.7], [8.11]: the 5/60th's three
// rifle companies (Stewart) and Kemmis's three light companies (Cole) are
// companies of no battalion on the Supporting Units Chart, placed at set-up;
// the counters say what the renderer paints them as.
func TestOOB_SupportingCompaniesAndTypes(t *testing.T) {
	sc := load(t)
	for id, cdr := range map[string]string{"sk/5/60a": "stewart", "sk/5/60b": "stewart", "sk/5/60c": "stewart",
		"sk/2/27": "cole", "sk/1/40": "cole", "sk/97": "cole"} {
		d := def(t, sc, id)
		if d.Kind != albuera.KComp || d.Battalion != "" || !d.Support || d.Cmd != cdr || d.Side != albuera.Allied {
			t.Errorf("%s: %+v", id, d)
		}
		if d.Baker != (cdr == "stewart") {
			t.Errorf("%s: Baker %v", id, d.Baker)
		}
	}
	for id, typ := range map[string]string{"I/16L": "light-infantry", "4Da": "dragoons", "VL1": "light-cavalry",
		"3DGa": "heavy-cavalry", "1KGL": "light-infantry", "II/34": ""} {
		if d := def(t, sc, id); d.Type != typ {
			t.Errorf("%s: type %q, want %q", id, d.Type, typ)
		}
	}
}
