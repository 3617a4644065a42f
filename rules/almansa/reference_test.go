package almansa

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"grognard/scenarios"
)

// The rules reference (F1) restates the tables of tables.txt in Markdown.
// These tests read the reference as the player sees it and hold every number
// its tables (and the modifiers and movement allowances it lists) state
// against the data the engine plays, so the two cannot drift apart.

// mdTable is one Markdown table of the reference (scenarios reads them).
type mdTable = scenarios.MarkdownTable

var mdTables = scenarios.MarkdownTables

// reference reads the rules reference and the scenario data.
func reference(t *testing.T) (string, *Scenario) {
	t.Helper()
	text, err := scenarios.Text(SystemID + "/reference.md")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return text, sc
}

// refTable finds the reference table whose header starts with first and
// whose second header cell is second; it fails the test when there is none
// or when a row has a different number of cells than the header.
func refTable(t *testing.T, text, first, second string) mdTable {
	t.Helper()
	for _, tb := range mdTables(text) {
		if len(tb.Head) > 1 && tb.Head[0] == first && tb.Head[1] == second {
			for _, r := range tb.Rows {
				if len(r) != len(tb.Head) {
					t.Fatalf("reference.md:%d: table %q: row %v has %d cells, header %d", tb.Line, first, r, len(r), len(tb.Head))
				}
			}
			return tb
		}
	}
	t.Fatalf("reference.md has no table headed | %s | %s |", first, second)
	return mdTable{}
}

// TestReference_TerrainCostsChartMatchesTheData [10]: every cost of the
// reference's Terrain Costs Chart is the cost the engine charges (tables.txt
// table terrain), every terrain of the data is in the chart, and each column
// is the one the engine uses for the unit types it names.
func TestReference_TerrainCostsChartMatchesTheData(t *testing.T) {
	text, sc := reference(t)
	tb := refTable(t, text, "terrain", "infantry")
	rowKey := map[string]string{
		"clear": "clear", "hill": "hill", "town": "town", "walls (Almansa)": "walls",
		"castle hill": "castle", "redoubt": "redoubt", "ravine": "ravine", "along a road": "road",
	}
	// Reference column -> the unit types it names -> the data column.
	colTypes := map[string][]string{
		"infantry":         {Infantry},
		"cavalry/dragoons": {Cavalry, Dragoons},
		"artillery":        {Artillery},
		"leaders":          {Leader, Commander},
	}
	s := New(sc, nil)
	typeCol := map[string]string{}
	for i := range s.Units {
		typeCol[s.def(i).Type] = s.class(i)
	}
	seen := map[string]bool{}
	for _, row := range tb.Rows {
		key, ok := rowKey[row[0]]
		if !ok {
			t.Errorf("reference.md:%d: terrain %q: no such row in table terrain", tb.Line, row[0])
			continue
		}
		seen[key] = true
		for c := 1; c < len(tb.Head); c++ {
			types, ok := colTypes[tb.Head[c]]
			if !ok {
				t.Fatalf("reference.md:%d: unknown column %q", tb.Line, tb.Head[c])
			}
			for _, ty := range types {
				col, ok := typeCol[ty]
				if !ok {
					t.Fatalf("no unit of type %s in the order of battle", ty)
				}
				want, err := parseMP(row[c])
				if err != nil {
					t.Errorf("reference.md terrain %s/%s: %v", row[0], tb.Head[c], err)
					continue
				}
				if got := sc.Cost[key][col]; got != want {
					t.Errorf("terrain %s for %s (%s): reference says %s, the engine charges %s", row[0], ty, tb.Head[c], row[c], halfMP(got))
				}
			}
		}
	}
	for key := range sc.Cost {
		if !seen[key] {
			t.Errorf("terrain %s of tables.txt is missing from the reference chart", key)
		}
	}
}

// halfMP writes a cost in half MP as the chart does (P when prohibited).
func halfMP(n int) string {
	switch {
	case n < 0:
		return "P"
	case n%2 == 1:
		return strconv.Itoa(n/2) + ".5"
	}
	return strconv.Itoa(n / 2)
}

// TestReference_FireTableMatchesTheData [11]: the reference's Fire Table has
// the data's columns, and each cell, read through the engine's own column
// lookup for every combat factor the column header covers, is the result the
// engine applies.
func TestReference_FireTableMatchesTheData(t *testing.T) {
	text, sc := reference(t)
	tb := refTable(t, text, "die", "1")
	ft := sc.fire
	if got, want := strings.Join(tb.Head[1:], " "), strings.Join(ft.names, " "); got != want {
		t.Fatalf("fire table columns: reference %q, data %q", got, want)
	}
	if len(tb.Rows) != 6 {
		t.Fatalf("fire table: reference has %d rows, want 6 (die 1-6)", len(tb.Rows))
	}
	for _, row := range tb.Rows {
		die, err := strconv.Atoi(row[0])
		if err != nil || die < 1 || die > 6 {
			t.Fatalf("fire table: row %q is not a die face", row[0])
		}
		for c := 1; c < len(row); c++ {
			want, err := parseFireResult(row[c])
			if err != nil {
				t.Errorf("fire table die %d, %s: %v", die, tb.Head[c], err)
				continue
			}
			r := ft.cols[c-1]
			for _, cf := range []int{r.lo, min(r.hi, r.lo+20)} {
				col := ft.column(cf)
				if col < 0 {
					t.Errorf("fire table: %d CF has no column, reference column %s", cf, tb.Head[c])
					continue
				}
				if got := ft.rows[die-1][col]; got != want {
					t.Errorf("fire table die %d, %d CF (column %s): reference %q, data %v", die, cf, tb.Head[c], row[c], got)
				}
			}
		}
	}
}

// TestReference_ShockTableMatchesTheData [13]: the reference's Shock Combat
// Table has the data's odds columns and every cell is the result the engine
// applies; the odds examples the reference gives are the columns the engine
// picks.
func TestReference_ShockTableMatchesTheData(t *testing.T) {
	text, sc := reference(t)
	tb := refTable(t, text, "die", "1:4")
	st := sc.Tables["shock"]
	if got, want := strings.Join(tb.Head[1:], " "), strings.Join(st.Cols, " "); got != want {
		t.Fatalf("shock table columns: reference %q, data %q", got, want)
	}
	if len(tb.Rows) != 6 {
		t.Fatalf("shock table: reference has %d rows, want 6", len(tb.Rows))
	}
	for _, row := range tb.Rows {
		die, err := strconv.Atoi(row[0])
		if err != nil || die < 1 || die > 6 {
			t.Fatalf("shock table: row %q is not a die face", row[0])
		}
		for c := 1; c < len(row); c++ {
			want, err := parseShockResult(row[c])
			if err != nil {
				t.Errorf("shock table die %d, %s: %v", die, tb.Head[c], err)
				continue
			}
			if got := sc.shockCell(c-1, die); got != want {
				t.Errorf("shock table die %d, odds %s: reference %q (%v), data %v", die, tb.Head[c], row[c], want, got)
			}
		}
	}
	// "10 against 4 is 2:1; 4 against 10 is 1:3"; "odds worse than 1:4 use 1:4".
	flat := strings.Join(strings.Fields(text), " ")
	ex := regexp.MustCompile(`(\d+) against (\d+) is (\d+:\d+)`).FindAllStringSubmatch(flat, -1)
	if len(ex) < 2 {
		t.Fatalf("reference.md: the odds examples of [13] are gone (found %d)", len(ex))
	}
	worse := regexp.MustCompile(`odds worse than (\d+):(\d+) use (\d+:\d+)`).FindStringSubmatch(flat)
	if worse == nil {
		t.Fatal("reference.md: the rule for odds worse than the table is gone")
	}
	a, _ := strconv.Atoi(worse[1])
	d, _ := strconv.Atoi(worse[2])
	ex = append(ex, []string{"", strconv.Itoa(a), strconv.Itoa(d*3 + 1), worse[3]})
	for _, e := range ex {
		a, _ := strconv.Atoi(e[1])
		d, _ := strconv.Atoi(e[2])
		if got := st.Cols[sc.shockColumn(a, d)]; got != e[3] {
			t.Errorf("%s against %s: reference says %s, engine uses %s", e[1], e[2], e[3], got)
		}
	}
}

// TestReference_StatedModifiersAndAllowancesMatchTheData: the fire modifiers
// [11, 12], the shock column shifts [13, 15], the out-of-command roll [6] and
// the movement allowances [2] that the reference lists in prose are the
// data's.
func TestReference_StatedModifiersAndAllowancesMatchTheData(t *testing.T) {
	text, sc := reference(t)
	flat := strings.Join(strings.Fields(text), " ")
	num := func(what, pattern string) []int {
		t.Helper()
		m := regexp.MustCompile(pattern).FindStringSubmatch(flat)
		if m == nil {
			t.Fatalf("reference.md no longer states %s (/%s/)", what, pattern)
		}
		var out []int
		for _, s := range m[1:] {
			n, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
			if err != nil {
				t.Fatalf("%s: %q is not a number", what, s)
			}
			out = append(out, n)
		}
		return out
	}
	check := func(what string, ref int, table, row string) {
		t.Helper()
		if _, ok := sc.Tables[table].Cell(row, sc.Tables[table].Cols[0]); !ok {
			t.Fatalf("table %s has no row %s", table, row)
		}
		if got := sc.tableInt(table, row); got != ref {
			t.Errorf("%s: reference says %+d, %s/%s is %+d", what, ref, table, row, got)
		}
	}
	m := num("the walls/castle fire modifier", `walls or castle ([+-]\d+)`)
	check("target in the walls", m[0], "fire_mods", "walls")
	check("target in the castle", m[0], "fire_mods", "castle")
	m = num("the town/redoubt fire modifier", `in town or a redoubt ([+-]\d+)`)
	check("target in town", m[0], "fire_mods", "town")
	check("target in a redoubt", m[0], "fire_mods", "redoubt")
	check("target higher", num("the uphill fire modifier", `higher than every firer ([+-]\d+)`)[0], "fire_mods", "uphill")
	m = num("the long-range fire modifier", `artillery at (\d+) hexes ([+-]\d+)`)
	check("artillery at long range", m[1], "fire_mods", "long_range")
	if m[0] != sc.P("artillery_range") {
		t.Errorf("long range: reference says %d hexes, artillery_range is %d", m[0], sc.P("artillery_range"))
	}
	check("firer in flank or rear", num("the enfilade fire modifier", `flank or rear ([+-]\d+)\.`)[0], "fire_mods", "enfilade")

	check("shock enfilade", num("the enfilade shift", `([+-]\d+) enfilade`)[0], "shock_shifts", "enfilade")
	check("shock on routed", num("the routed shift", `([+-]\d+) if every defender is routed`)[0], "shock_shifts", "routed")
	check("shock on a redoubt", num("the redoubt shift", `([+-]\d+) against a redoubt`)[0], "shock_shifts", "redoubt")
	check("cavalry charge", num("the charge shift", `([+-]\d+) for a cavalry charge`)[0], "shock_shifts", "charge")
	check("charge on routed (optional)", num("the optional charge shift", `charge against routed units shifts ([+-]\d+)`)[0], "shock_shifts", "charge_routed")

	// Out-of-command roll [6]: "5-6 normal; 3-4 ... ; 1-2 ...".
	ooc := sc.Tables["ooc"]
	for _, c := range []struct{ pattern, result string }{
		{`rating: (\d)-(\d) normal`, "normal"},
		{`normal; (\d)-(\d) every unit must use its movement toward`, "attack"},
		{`must fire and attack; (\d)-(\d) every unit falls back`, "withdraw"},
	} {
		m := num("the out-of-command roll for "+c.result, c.pattern)
		for d := m[0]; d <= m[1]; d++ {
			if got, _ := ooc.Cell(strconv.Itoa(d), "result"); got != c.result {
				t.Errorf("out-of-command roll %d: reference says %s, data %s", d, c.result, got)
			}
		}
	}

	// Movement allowances [2]: every unit of each type has the stated MP.
	mp := num("the movement allowances", `Infantry moves (\d+), cavalry and dragoons (\d+), artillery (\d+), leaders (\d+)\.`)
	want := map[string]int{Infantry: mp[0], Cavalry: mp[1], Dragoons: mp[1], Artillery: mp[2], Leader: mp[3], Commander: mp[3]}
	for _, u := range sc.Units {
		if w, ok := want[u.Type]; ok && u.MP != w {
			t.Errorf("%s (%s): reference says %d MP, oob.txt gives %d", u.ID, u.Type, w, u.MP)
		}
	}
}
