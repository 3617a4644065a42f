package albuera_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"grognard/rules/albuera"
	"grognard/scenarios"
)

// The rules reference (F1, reference.md) restates the data's tables in
// Markdown. These tests read it as the player sees it and hold every number
// of its tables against the data the engine plays.

func reference(t *testing.T) (string, *albuera.Scenario) {
	t.Helper()
	text, err := scenarios.Text(system + "/reference.md")
	if err != nil {
		t.Fatal(err)
	}
	return text, load(t)
}

// refTable finds the reference table whose header starts with first.
func refTable(t *testing.T, text, first string) scenarios.MarkdownTable {
	t.Helper()
	for _, tb := range scenarios.MarkdownTables(text) {
		if len(tb.Head) > 0 && tb.Head[0] == first {
			for _, r := range tb.Rows {
				if len(r) != len(tb.Head) {
					t.Fatalf("reference.md:%d: table %q: row %v has %d cells, header %d", tb.Line, first, r, len(r), len(tb.Head))
				}
			}
			return tb
		}
	}
	t.Fatalf("reference.md has no table headed | %s |", first)
	return scenarios.MarkdownTable{}
}

// halves reads "1.5" or "P" as the loader does (half points, -1 prohibited).
func halves(t *testing.T, s string) int {
	t.Helper()
	if s == "P" {
		return -1
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("cost %q", s)
	}
	return int(f * 2)
}

// TestReference_TerrainEffectsTable [12.2]: every cost the reference shows is
// the one the engine charges, for every array and every terrain row.
func TestReference_TerrainEffectsTable(t *testing.T) {
	text, sc := reference(t)
	tb := refTable(t, text, "terrain")
	rows := map[string]string{"clear": "clear", "olive grove": "olive", "forest": "forest", "village": "village",
		"climbing to a higher level": "climb", "river hexside": "river", "river hexside with steep banks": "slope",
		"bridge hexside (instead of river)": "bridge", "ford hexside (instead of river)": "ford"}
	if len(tb.Rows) != len(rows) || len(tb.Head) != 9 {
		t.Fatalf("reference terrain table: %d rows, %d columns", len(tb.Rows), len(tb.Head))
	}
	for _, r := range tb.Rows {
		key, ok := rows[r[0]]
		if !ok {
			t.Fatalf("reference terrain row %q is not in the data", r[0])
		}
		for i, col := range tb.Head[1:] {
			got, ok := sc.Cost[key][col]
			if !ok {
				t.Fatalf("no data column %s", col)
			}
			if want := halves(t, r[i+1]); got != want {
				t.Errorf("%s/%s: reference %s, data %d half points", key, col, r[i+1], got)
			}
		}
	}
}

// TestReference_FireTables [14.9.3], [10.3], [10.8]: Musket Fire rows,
// artillery bands, cover and the target's array.
func TestReference_FireTables(t *testing.T) {
	text, sc := reference(t)
	mt := refTable(t, text, "Firepower ÷ distance")
	if len(mt.Rows) != len(sc.Musket) {
		t.Fatalf("musket rows: reference %d data %d", len(mt.Rows), len(sc.Musket))
	}
	for i, r := range mt.Rows {
		if r[0] != sc.Musket[i].Key || r[1] != sc.Tables["musket"].Rows[i].Cells[0] {
			t.Errorf("musket row %v, data %s %s", r, sc.Musket[i].Key, sc.Tables["musket"].Rows[i].Cells[0])
		}
	}
	at := refTable(t, text, "calibre")
	if len(at.Rows) != len(sc.Tables["artillery"].Rows) {
		t.Fatalf("artillery rows differ")
	}
	for _, r := range at.Rows {
		if c, ok := sc.Tables["artillery"].Cell(r[0], "bands"); !ok || c != r[1] {
			t.Errorf("calibre %s: reference %s, data %s", r[0], r[1], c)
		}
	}
	for _, pair := range [][2]string{{"target in", "cover"}, {"target array", "artillery_target"}} {
		rt := refTable(t, text, pair[0])
		dt := sc.Tables[pair[1]]
		if len(rt.Rows) != len(dt.Rows) {
			t.Errorf("%s: reference %d rows, data %d", pair[1], len(rt.Rows), len(dt.Rows))
		}
		for _, r := range rt.Rows {
			mod, ok1 := dt.Cell(r[0], "mod")
			st, ok2 := dt.Cell(r[0], "status")
			if !ok1 || !ok2 || mod != r[1] || st != r[2] {
				t.Errorf("%s %s: reference %s %s, data %s %s", pair[1], r[0], r[1], r[2], mod, st)
			}
		}
	}
}

// TestReference_ClashTables [15.7]: the Clash Table cell by cell and the
// shifts by meaning.
func TestReference_ClashTables(t *testing.T) {
	text, sc := reference(t)
	ct := refTable(t, text, "die")
	if len(ct.Rows) != 10 {
		t.Fatalf("clash rows %d", len(ct.Rows))
	}
	for _, r := range ct.Rows {
		die, _ := strconv.Atoi(r[0])
		for i, col := range ct.Head[1:] {
			if got := sc.Clash[col][die].Text; got != r[i+1] {
				t.Errorf("clash %s die %d: reference %s data %s", col, die, r[i+1], got)
			}
		}
	}
	st := refTable(t, text, "shift")
	ids := []string{"odds15", "odds2", "odds3", "flank", "rear", "charge", "column", "skirmishers", "square_inf", "village", "cover", "higher", "river", "commander", "morale"}
	if len(st.Rows) != len(ids) || len(sc.Shifts) != len(ids) {
		t.Fatalf("shifts: reference %d data %d", len(st.Rows), len(sc.Shifts))
	}
	for i, r := range st.Rows {
		sh := sc.Shifts[i]
		if sh.ID != ids[i] || sh.Side != r[1] || strconv.Itoa(sh.Value) != r[2] {
			t.Errorf("shift %q: reference %s %s, data %s %s %d", r[0], r[1], r[2], sh.ID, sh.Side, sh.Value)
		}
	}
}

// TestReference_RatingsModifiersLosses [4.5.2], [13], [3.4]: Coordination
// Ratings, the reaction modifiers and the losses ladder.
func TestReference_RatingsModifiersLosses(t *testing.T) {
	text, sc := reference(t)
	rt := refTable(t, text, "commander")
	names := map[string]string{}
	for _, d := range sc.Units {
		if d.Kind == albuera.KCdr {
			names[d.Name] = d.ID
		}
	}
	n := 0
	for _, d := range sc.Units {
		if d.Kind == albuera.KCdr && d.Coord > 0 {
			n++
		}
	}
	if len(rt.Rows) != n {
		t.Errorf("reference lists %d ratings, data %d", len(rt.Rows), n)
	}
	for _, r := range rt.Rows {
		d := sc.Def(names[r[0]])
		if d == nil || strconv.Itoa(d.Coord) != r[1] {
			t.Errorf("rating of %s: reference %s", r[0], r[1])
		}
	}
	mt := refTable(t, text, "modifier")
	dt := sc.Tables["morale_mods"]
	if len(mt.Rows) != len(dt.Rows) {
		t.Fatalf("morale modifiers: reference %d data %d", len(mt.Rows), len(dt.Rows))
	}
	for i, r := range mt.Rows {
		c := dt.Rows[i].Cells
		if c[0] != r[1] || c[1] != r[2] || c[2] != r[3] {
			t.Errorf("modifier %q: reference %v data %v", r[0], r[1:], c)
		}
	}
	lt := refTable(t, text, "initial Manpower")
	for i, r := range lt.Rows {
		c := sc.Tables["losses"].Rows[i]
		if c.Key != r[0] || c.Cells[0] != r[1] || c.Cells[1] != r[2] {
			t.Errorf("losses %v: data %s %v", r, c.Key, c.Cells)
		}
	}
}

// TestReference_EveryInterpretationListed: I1-I66 of the spec's register,
// then the readings taken since (I67 on), are all in the reference, in
// order, each with its rule.
func TestReference_EveryInterpretationListed(t *testing.T) {
	text, _ := reference(t)
	it := refTable(t, text, "#")
	if len(it.Rows) < 71 {
		t.Fatalf("%d interpretations, want at least 71", len(it.Rows))
	}
	for i, r := range it.Rows {
		if r[0] != fmt.Sprintf("I%d", i+1) || r[1] == "" || len(r[2]) < 20 {
			t.Errorf("interpretation row %v", r)
		}
	}
	// Every authored table of the data is named in the reference.
	for _, name := range []string{"Terrain Effects Table", "Musket Fire Table", "Clash Table", "Clash Combat Shifts", "Coordination Ratings",
		"Activation Pool", "bands by calibre", "set-up", "the map", "Supporting Units Chart"} {
		if !strings.Contains(text, name) {
			t.Errorf("reference.md does not mention %q", name)
		}
	}
}
