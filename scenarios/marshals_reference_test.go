package scenarios

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// The Marshals' rules reference (F1) restates the data in Markdown. These
// tests read the reference as the player sees it and hold every number its
// tables state against the data files the engine plays.

func marshalsRef(t *testing.T) string {
	t.Helper()
	text, err := Text("marshals/reference.md")
	if err != nil {
		t.Fatal(err)
	}
	return text
}

func refTableByHead(t *testing.T, text string, head ...string) MarkdownTable {
	t.Helper()
	var found []MarkdownTable
	for _, tb := range MarkdownTables(text) {
		if len(tb.Head) >= len(head) && strings.Join(tb.Head[:len(head)], "|") == strings.Join(head, "|") {
			for _, r := range tb.Rows {
				if len(r) != len(tb.Head) {
					t.Fatalf("reference.md:%d: row %v has %d cells for %d", tb.Line, r, len(r), len(tb.Head))
				}
			}
			found = append(found, tb)
		}
	}
	if len(found) != 1 {
		t.Fatalf("reference.md: %d tables headed %v, want 1", len(found), head)
	}
	return found[0]
}

func marshalsTable(t *testing.T, name string) *Table {
	t.Helper()
	recs, err := Load("marshals/tables.txt")
	if err != nil {
		t.Fatal(err)
	}
	tabs, _, err := Tables(recs)
	if err != nil {
		t.Fatal(err)
	}
	if tabs[name] == nil {
		t.Fatalf("tables.txt has no table %s", name)
	}
	return tabs[name]
}

// sameKeyed checks a two-column reference table against a one-column data table.
func sameKeyed(t *testing.T, ref MarkdownTable, data *Table) {
	t.Helper()
	if len(ref.Rows) != len(data.Rows) {
		t.Errorf("reference.md:%d: %d rows, tables.txt %s has %d", ref.Line, len(ref.Rows), data.Name, len(data.Rows))
	}
	for _, r := range ref.Rows {
		v, ok := data.Cell(r[0], data.Cols[0])
		if !ok || v != r[1] {
			t.Errorf("reference.md:%d: %s %s = %s, tables.txt says %q", ref.Line, data.Name, r[0], r[1], v)
		}
	}
}

// TestMarshalsReference_TablesMatchTheData [5.3] [5.3.2] [5.4.3] [AID melee]:
// connection costs, zone defence, the fatigue mix and every melee cell.
func TestMarshalsReference_TablesMatchTheData(t *testing.T) {
	text := marshalsRef(t)
	sameKeyed(t, refTableByHead(t, text, "connection", "MP"), marshalsTable(t, "conn"))
	sameKeyed(t, refTableByHead(t, text, "terrain", "defence"), marshalsTable(t, "terrain"))
	sameKeyed(t, refTableByHead(t, text, "marker value", "markers"), marshalsTable(t, "fatigue"))
	ref := refTableByHead(t, text, "CP difference")
	mel := marshalsTable(t, "melee")
	if len(ref.Rows) != len(mel.Rows) || len(ref.Head) != len(mel.Cols)+1 {
		t.Fatalf("melee: reference %dx%d, data %dx%d", len(ref.Rows), len(ref.Head), len(mel.Rows), len(mel.Cols)+1)
	}
	for i, c := range mel.Cols {
		if ref.Head[i+1] != c {
			t.Errorf("melee column %d: reference %q, data %q", i, ref.Head[i+1], c)
		}
	}
	for i, row := range mel.Rows {
		if ref.Rows[i][0] != row.Key || strings.Join(ref.Rows[i][1:], " ") != strings.Join(row.Cells, " ") {
			t.Errorf("melee row %s: reference %v, data %v", row.Key, ref.Rows[i], row.Cells)
		}
	}
	// The book's worked example [AID melee]: 37 SS, difference 6 = the
	// 26-30 column (2/3) plus the 6-10 column (0/1) = 2/4.
	a, _ := mel.Cell("5-6", "26-30")
	b, _ := mel.Cell("5-6", "6-10")
	if a != "2/3" || b != "0/1" {
		t.Errorf("melee 5-6: 26-30 %s, 6-10 %s: the book's example adds up to 2/4", a, b)
	}
}

// TestMarshalsReference_CountersMatchTheData: commanders' SV, the detachment
// counter mix and every unit of both orders of battle.
func TestMarshalsReference_CountersMatchTheData(t *testing.T) {
	text := marshalsRef(t)
	for _, season := range []string{"summer", "autumn"} {
		recs, err := Load("marshals/oob-" + season + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		svByID := map[string]string{}
		dets := map[string]string{}
		units := map[string]Record{}
		for _, r := range recs {
			switch r.Kind {
			case "commander":
				svByID[r.Args[0]] = r.Fields["sv"]
			case "detachment":
				dets[r.Args[0]+" "+r.Args[1]] = r.Fields["count"] + " " + r.Fields["morale"] + " " + r.Fields["mp"]
			case "unit":
				units[r.Args[0]] = r
			}
		}
		sv := refTableByHead(t, text, "commander", "name", "SV")
		for _, r := range sv.Rows {
			if got, ok := svByID[strings.Trim(r[0], "`")]; !ok || got != r[2] {
				t.Errorf("%s: reference SV %s, oob-%s %q", r[0], r[2], season, got)
			}
		}
		if len(sv.Rows) != len(svByID) {
			t.Errorf("reference lists %d commanders, oob-%s %d", len(sv.Rows), season, len(svByID))
		}
		mix := refTableByHead(t, text, "nationality", "arm")
		if len(mix.Rows) != len(dets) {
			t.Errorf("detachment mix: reference %d rows, oob-%s %d", len(mix.Rows), season, len(dets))
		}
		for _, r := range mix.Rows {
			if got := dets[r[0]+" "+r[1]]; got != r[2]+" "+r[3]+" "+r[4] {
				t.Errorf("detachments %s %s: reference %v, oob-%s %q", r[0], r[1], r[2:], season, got)
			}
		}
		_ = units
	}
	// Every unit row of the two order-of-battle tables.
	var tabs []MarkdownTable
	for _, tb := range MarkdownTables(text) {
		if len(tb.Head) > 0 && tb.Head[0] == "unit" {
			tabs = append(tabs, tb)
		}
	}
	if len(tabs) != 2 {
		t.Fatalf("reference.md: %d order-of-battle tables, want 2", len(tabs))
	}
	for i, season := range []string{"summer", "autumn"} {
		recs, _ := Load("marshals/oob-" + season + ".txt")
		units := map[string]Record{}
		for _, r := range recs {
			if r.Kind == "unit" && r.Fields["kind"] != "baggage" {
				units[r.Args[0]] = r
			}
		}
		if season == "summer" && len(tabs[i].Rows) != len(units) {
			t.Errorf("summer: reference lists %d units, oob %d", len(tabs[i].Rows), len(units))
		}
		for _, row := range tabs[i].Rows {
			id := strings.Trim(row[0], "`")
			r, ok := units[id]
			if !ok {
				t.Errorf("reference unit %s not in oob-%s.txt", id, season)
				continue
			}
			n, _ := strconv.Atoi(r.Fields["n"])
			b, _ := strconv.Atoi(r.Fields["b"])
			m, _ := strconv.Atoi(r.Fields["m"])
			tr := strings.Trim(fmt.Sprint(mTrack(n, b, m)), "[]")
			mp := r.Fields["mp"]
			if nb := r.Fields["mpnoart"]; nb != "" && nb != mp {
				mp += "/" + nb
			}
			art := "-"
			if r.Fields["art"] != "" {
				art = r.Fields["art"]
				if r.Fields["horse"] == "yes" {
					art += " horse"
				}
			}
			if row[1] != r.Fields["name"] || row[2] != r.Fields["army"] || row[4] != tr || row[5] != art || row[6] != mp {
				t.Errorf("%s %s: reference %v, data name=%s army=%s track=%s art=%s mp=%s", season, id, row, r.Fields["name"], r.Fields["army"], tr, art, mp)
			}
		}
	}
}

// TestMarshalsReference_ScenariosMatchTheData: turns, first initiative and
// VP zones of the six scenarios [S1]-[S6].
func TestMarshalsReference_ScenariosMatchTheData(t *testing.T) {
	text := marshalsRef(t)
	ref := refTableByHead(t, text, "scenario", "dates", "turns")
	if len(ref.Rows) != len(marshalsScenarios) {
		t.Fatalf("%d scenario rows", len(ref.Rows))
	}
	m := loadMarshalsMap(t)
	for i, id := range marshalsScenarios {
		recs, err := Load("marshals/" + id + "/setup.txt")
		if err != nil {
			t.Fatal(err)
		}
		row := ref.Rows[i]
		for _, r := range recs {
			switch r.Kind {
			case "scenario":
				first := map[string]string{"french": "French", "allied": "Allied"}[r.Fields["first"]]
				if row[0] != r.Fields["name"] || row[2] != r.Fields["turns"] || row[3] != first {
					t.Errorf("%s: reference %v, setup name=%q turns=%s first=%s", id, row, r.Fields["name"], r.Fields["turns"], r.Fields["first"])
				}
			case "vp":
				// "Madrid 5; Trujillo, Talavera 1": zones worth 1 VP are listed together.
				var parts, ones []string
				for _, k := range r.keys {
					z, _ := m.Graph.Zone(k)
					name := strings.ReplaceAll(z.Name, "Talavera de la Reina", "Talavera")
					if r.Fields[k] == "1" {
						ones = append(ones, name)
					} else {
						parts = append(parts, name+" "+r.Fields[k])
					}
				}
				if len(ones) > 0 {
					parts = append(parts, strings.Join(ones, ", ")+" 1")
				}
				if got := strings.Join(parts, "; "); got != row[4] {
					t.Errorf("%s VP: reference %q, setup %q", id, row[4], got)
				}
			}
		}
	}
}
