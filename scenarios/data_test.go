package scenarios

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func parseOne(t *testing.T, src string) Record {
	t.Helper()
	recs, err := Parse("t.txt", []byte(src))
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	if len(recs) != 1 {
		t.Fatalf("Parse(%q): %d records", src, len(recs))
	}
	return recs[0]
}

func TestParseRecord(t *testing.T) {
	r := parseOne(t, `unit av1 "Das Minas" side=bourbon name="Guardias Españolas" cf=5 morale=4`)
	if r.Kind != "unit" || r.File != "t.txt" || r.Line != 1 {
		t.Fatalf("record %+v", r)
	}
	if !reflect.DeepEqual(r.Args, []string{"av1", "Das Minas"}) {
		t.Fatalf("args %q", r.Args)
	}
	want := map[string]string{"side": "bourbon", "name": "Guardias Españolas", "cf": "5", "morale": "4"}
	if !reflect.DeepEqual(r.Fields, want) {
		t.Fatalf("fields %q", r.Fields)
	}
}

func TestParseQuotes(t *testing.T) {
	for _, tc := range []struct {
		src    string
		args   []string
		fields map[string]string
	}{
		{`k name="a \"quoted\" word"`, nil, map[string]string{"name": `a "quoted" word`}},
		{`k path="C:\\maps"`, nil, map[string]string{"path": `C:\maps`}},
		{`k "a=b" x=1`, []string{"a=b"}, map[string]string{"x": "1"}}, // a quoted token is never a field
		{`k note="# not a comment" # but this is`, nil, map[string]string{"note": "# not a comment"}},
		{`k "" empty=""`, []string{""}, map[string]string{"empty": ""}},
		{`k a\b "tab	in"`, []string{`a\b`, "tab\tin"}, map[string]string{}},
		{"k\tx\t\ty=2", []string{"x"}, map[string]string{"y": "2"}},
		{`k =v`, []string{"=v"}, map[string]string{}}, // no key: positional
		{`k a=b=c`, nil, map[string]string{"a": "b=c"}},
	} {
		r := parseOne(t, tc.src)
		if !reflect.DeepEqual(r.Args, tc.args) || !reflect.DeepEqual(r.Fields, tc.fields) {
			t.Errorf("%s: args %q fields %q", tc.src, r.Args, r.Fields)
		}
	}
}

func TestParseCommentsBlanksAndContinuations(t *testing.T) {
	src := "# a comment line\n" +
		"\n" +
		"   \t \n" +
		"one a=1 # trailing comment\r\n" +
		"two x \\\n" +
		"    y=2 \\\n" +
		"    z=\"3 4\"\n" +
		"three\n"
	recs, err := Parse("c.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 {
		t.Fatalf("%d records: %+v", len(recs), recs)
	}
	if recs[0].Kind != "one" || recs[0].Line != 4 || recs[0].Fields["a"] != "1" {
		t.Fatalf("record 1: %+v", recs[0])
	}
	// A continued record keeps the line it starts on.
	if recs[1].Kind != "two" || recs[1].Line != 5 || !reflect.DeepEqual(recs[1].Args, []string{"x"}) ||
		recs[1].Fields["y"] != "2" || recs[1].Fields["z"] != "3 4" {
		t.Fatalf("record 2: %+v", recs[1])
	}
	if recs[2].Kind != "three" || recs[2].Line != 8 {
		t.Fatalf("record 3: %+v", recs[2])
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string
	}{
		{"ok a=1\n\nunit x side=a cf=1 side=b\n", `d.txt:3: field side= given twice`},
		{"ok\nunit x cf=1 y\n", `d.txt:2: "y": positional value after key=value fields`},
		{"ok\nunit x cf=1 \"quoted positional\"\n", `d.txt:2: "quoted positional": positional value after key=value fields`},
		{"# c\nunit name=\"no end\n", `d.txt:2: unclosed double quote`},
		{"a \\\nb \\\nc=1 c=2\n", `d.txt:1: field c= given twice`}, // continued: the first line
	} {
		_, err := Parse("d.txt", []byte(tc.src))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: error %v, want %s", tc.src, err, tc.want)
		}
		var de *Error
		if !errors.As(err, &de) || de.File != "d.txt" || de.Line == 0 {
			t.Errorf("%q: not a located *Error: %#v", tc.src, err)
		}
	}
}

func TestRecordAccessors(t *testing.T) {
	r := parseOne(t, `unit av1 cf=5 bad=x yes=yes no=false odd=maybe list=" a, b ,c" empty=`)
	if v, err := r.Str("cf"); err != nil || v != "5" {
		t.Fatalf("Str: %q %v", v, err)
	}
	if _, err := r.Str("missing"); err == nil || err.Error() != "t.txt:1: unit: missing field missing=" {
		t.Fatalf("Str missing: %v", err)
	}
	if _, err := r.Str("empty"); err == nil {
		t.Fatalf("an empty required field is missing")
	}
	if n, err := r.Int("cf"); err != nil || n != 5 {
		t.Fatalf("Int: %d %v", n, err)
	}
	if _, err := r.Int("bad"); err == nil || err.Error() != `t.txt:1: unit: field bad="x" is not a whole number` {
		t.Fatalf("Int bad: %v", err)
	}
	if n, err := r.OptInt("mp", 4); err != nil || n != 4 {
		t.Fatalf("OptInt default: %d %v", n, err)
	}
	if n, err := r.OptInt("cf", 4); err != nil || n != 5 {
		t.Fatalf("OptInt given: %d %v", n, err)
	}
	if b, err := r.Bool("yes"); err != nil || !b {
		t.Fatalf("Bool yes")
	}
	if b, err := r.Bool("no"); err != nil || b {
		t.Fatalf("Bool no")
	}
	if b, err := r.Bool("absent"); err != nil || b {
		t.Fatalf("Bool absent is false")
	}
	if _, err := r.Bool("odd"); err == nil || !strings.HasPrefix(err.Error(), "t.txt:1: ") {
		t.Fatalf("Bool odd: %v", err)
	}
	if got := r.List("list"); !reflect.DeepEqual(got, []string{"a", "b", "c"}) {
		t.Fatalf("List %q", got)
	}
	if r.List("none") != nil {
		t.Fatalf("absent list is nil")
	}
	if r.Opt("cf", "9") != "5" || r.Opt("zz", "9") != "9" || !r.Has("cf") || r.Has("zz") {
		t.Fatalf("Opt/Has")
	}
	if a, err := r.Arg(0, "unit id"); err != nil || a != "av1" {
		t.Fatalf("Arg 0")
	}
	if _, err := r.Arg(1, "unit name"); err == nil || err.Error() != "t.txt:1: unit: missing unit name" {
		t.Fatalf("Arg 1: %v", err)
	}
	// Every field above was read but "empty"... which Str also read. So all
	// are used.
	if err := r.Unused(); err != nil {
		t.Fatalf("Unused: %v", err)
	}
	r2 := parseOne(t, "unit x cf=1 moral=3")
	_, _ = r2.Int("cf")
	if err := r2.Unused(); err == nil || err.Error() != "t.txt:1: unit: unknown field moral=" {
		t.Fatalf("a typo must be reported: %v", err)
	}
}

const tableSrc = `# fire table
table fire authored="from the period's drill books"
cols 1 2 3
row 2-4 - - 1
row 5-7 - 1 2
row "8 and more" 1 2 D
unit x
table shock
cols result
row 1:1 AR
`

func TestTables(t *testing.T) {
	recs, err := Parse("tables.txt", []byte(tableSrc))
	if err != nil {
		t.Fatal(err)
	}
	tables, rest, err := Tables(recs)
	if err != nil {
		t.Fatal(err)
	}
	if len(tables) != 2 || len(rest) != 1 || rest[0].Kind != "unit" || rest[0].Line != 7 {
		t.Fatalf("tables %v rest %+v", len(tables), rest)
	}
	fire := tables["fire"]
	if fire.File != "tables.txt" || fire.Line != 2 || fire.Authored != "from the period's drill books" {
		t.Fatalf("fire %+v", fire)
	}
	if !reflect.DeepEqual(fire.Cols, []string{"1", "2", "3"}) || len(fire.Rows) != 3 || fire.Rows[2].Key != "8 and more" || fire.Rows[2].Line != 6 {
		t.Fatalf("fire %+v", fire)
	}
	for _, tc := range []struct{ row, col, want string }{{"2-4", "3", "1"}, {"5-7", "2", "1"}, {"8 and more", "3", "D"}} {
		if got, ok := fire.Cell(tc.row, tc.col); !ok || got != tc.want {
			t.Errorf("Cell(%s,%s)=%q,%v", tc.row, tc.col, got, ok)
		}
	}
	if _, ok := fire.Cell("2-4", "9"); ok {
		t.Errorf("unknown column found")
	}
	if _, ok := fire.Cell("9-9", "1"); ok {
		t.Errorf("unknown row found")
	}
	if got, _ := tables["shock"].Cell("1:1", "result"); got != "AR" || tables["shock"].Authored != "" {
		t.Errorf("shock %+v", tables["shock"])
	}
}

func TestTableErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"hole", "table fire\ncols 1 2 3\nrow 2-4 - 1 2\nrow 5-7 - 1\n", "tt.txt:4: table fire: row 5-7 has 2 cells for 3 columns (a hole in the table)"},
		{"extra cell", "table fire\ncols 1 2\nrow 2-4 - 1 2\n", "tt.txt:3: table fire: row 2-4 has 3 cells for 2 columns (a hole in the table)"},
		{"duplicate row", "table fire\ncols 1\nrow a 1\nrow b 2\nrow a 3\n", "tt.txt:5: table fire: row a given twice"},
		{"cols missing", "table fire\nrow a 1\n", "tt.txt:2: row before the table's cols line"},
		{"row outside a table", "unit x\nrow a 1\n", "tt.txt:2: row before the table's cols line"},
		{"row after another record", "table t\ncols 1\nrow a 1\nunit x\nrow b 2\n", "tt.txt:5: row before the table's cols line"},
		{"cols outside", "cols 1 2\n", "tt.txt:1: cols outside a table"},
		{"empty cols", "table t\ncols\n", "tt.txt:2: table t: cols names no column"},
		{"row without key", "table t\ncols 1\nrow\n", "tt.txt:3: table t: row without a key"},
		{"no rows", "unit x\ntable t\ncols 1\n", "tt.txt:2: table t has no rows"},
		{"twice", "table t\ncols 1\nrow a 1\ntable t\n", "tt.txt:4: table t defined twice"},
		{"no name", "table\n", "tt.txt:1: table: missing table name"},
		{"unknown field", "table t autored=x\n", "tt.txt:1: table: unknown field autored="},
	} {
		recs, err := Parse("tt.txt", []byte(tc.src))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		_, _, err = Tables(recs)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: error %v, want %s", tc.name, err, tc.want)
		}
	}
}

func TestLoadAndFiles(t *testing.T) {
	recs, err := Load("testdata/map.txt")
	if err != nil || len(recs) == 0 || recs[0].File != "testdata/map.txt" || recs[0].Kind != "map" || recs[0].Line != 2 {
		t.Fatalf("Load: %v %+v", err, recs)
	}
	if _, err := Load("testdata/nothing.txt"); err == nil || err.Error() != "testdata/nothing.txt: missing data file" {
		t.Fatalf("missing file: %v", err)
	}
	if _, err := Text("testdata/nothing.txt"); err == nil {
		t.Fatalf("Text of a missing file")
	}
	if s, err := Text("testdata/map.txt"); err != nil || !strings.HasPrefix(s, "# A small fixture map") {
		t.Fatalf("Text: %v", err)
	}
	files := Files("testdata")
	found := false
	for i, f := range files {
		if f == "testdata/map.txt" {
			found = true
		}
		if i > 0 && files[i-1] >= f {
			t.Fatalf("Files not sorted: %v", files)
		}
	}
	if !found {
		t.Fatalf("Files: %v", files)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(tableSrc))
	f.Add([]byte("unit a b=\"c \\\" d\" # x\\\ny=1\r\n"))
	f.Add([]byte("\"\\"))
	f.Add([]byte("a \\"))
	f.Add([]byte("x=\"\" \"\"=y"))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := Parse("fuzz.txt", data)
		if err != nil {
			var de *Error
			if !errors.As(err, &de) || de.Line < 1 || !strings.HasPrefix(err.Error(), "fuzz.txt:") {
				t.Fatalf("unlocated error %v", err)
			}
			return
		}
		lines := strings.Count(string(data), "\n") + 1
		last := 0
		for _, r := range recs {
			if r.Line <= last || r.Line > lines {
				t.Fatalf("record %+v after line %d of %d", r, last, lines)
			}
			last = r.Line
			for k := range r.Fields {
				if k == "" || strings.Contains(k, "=") {
					t.Fatalf("bad key %q", k)
				}
			}
		}
		// Tables on arbitrary records never panics either.
		_, _, _ = Tables(recs)
		_, _ = ParseHexMap(recs)
	})
}

func TestParseHashInsideAValueIsNotAComment(t *testing.T) {
	recs, err := Parse("c.txt", []byte("formation av color=#2e7d32 name=Av # a comment\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := recs[0].Fields["color"]; got != "#2e7d32" {
		t.Fatalf("color = %q, want #2e7d32", got)
	}
	if len(recs[0].Fields) != 2 {
		t.Fatalf("fields = %v, want color and name only (the comment dropped)", recs[0].Fields)
	}
}
