// Package scenarios holds Grognard's scenario data (maps, orders of battle,
// set-ups, tables, card decks, rules-reference text) as text files embedded
// in the binary, one folder per system and scenario, and the reader for the
// record format they are written in.
//
// # The record format
//
// One record per line; '#' at the start of a word starts a comment; a line ending in '\' goes on
// on the next line. A record is a kind word, then positional arguments and
// key=value fields. Values with spaces are double-quoted ("Das Minas").
//
//	unit av1 side=bourbon name="Guardias Españolas" cf=5 morale=4 mp=4 steps=2
//
// Every record remembers its file and line, so a loader can report any
// problem, including semantic ones (an unknown hex, a unit placed twice),
// as "file:line: problem". Numbers a rulebook lacks carry a field
// authored="why we chose it".
//
// Tables are a 'table NAME' record, a 'cols' record naming the columns and
// one 'row KEY cell cell ...' record per row; a row with a missing or extra
// cell is an error ("a table with a hole").
package scenarios

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

// FS holds every data file; paths are "system/scenario/file".
//
//go:embed *
var FS embed.FS

// Error is a problem in a data file, at a line (0 when the whole file).
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return e.File + ": " + e.Msg
}

// Record is one line of a data file.
type Record struct {
	File   string
	Line   int
	Kind   string
	Args   []string
	Fields map[string]string
	keys   []string
	used   map[string]bool
}

// Errf makes an error located at the record.
func (r *Record) Errf(format string, args ...any) error {
	return &Error{File: r.File, Line: r.Line, Msg: fmt.Sprintf(format, args...)}
}

// Has reports whether the record has field key.
func (r *Record) Has(key string) bool { _, ok := r.Fields[key]; return ok }

// Str returns a required field.
func (r *Record) Str(key string) (string, error) {
	v, ok := r.Fields[key]
	r.use(key)
	if !ok || v == "" {
		return "", r.Errf("%s: missing field %s=", r.Kind, key)
	}
	return v, nil
}

// Opt returns an optional field or def.
func (r *Record) Opt(key, def string) string {
	r.use(key)
	if v, ok := r.Fields[key]; ok {
		return v
	}
	return def
}

// Int returns a required integer field.
func (r *Record) Int(key string) (int, error) {
	s, err := r.Str(key)
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, r.Errf("%s: field %s=%q is not a whole number", r.Kind, key, s)
	}
	return n, nil
}

// OptInt returns an optional integer field or def.
func (r *Record) OptInt(key string, def int) (int, error) {
	if !r.Has(key) {
		r.use(key)
		return def, nil
	}
	return r.Int(key)
}

// Bool returns an optional yes/no field (yes, no, true, false), default false.
func (r *Record) Bool(key string) (bool, error) {
	v := r.Opt(key, "no")
	switch v {
	case "yes", "true":
		return true, nil
	case "no", "false":
		return false, nil
	}
	return false, r.Errf("%s: field %s=%q: want yes or no", r.Kind, key, v)
}

// List returns a comma-separated field as a list (nil when absent).
func (r *Record) List(key string) []string {
	v := r.Opt(key, "")
	if v == "" {
		return nil
	}
	parts := strings.Split(v, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// Arg returns positional argument i or an error naming what was expected.
func (r *Record) Arg(i int, what string) (string, error) {
	if i >= len(r.Args) {
		return "", r.Errf("%s: missing %s", r.Kind, what)
	}
	return r.Args[i], nil
}

func (r *Record) use(key string) {
	if r.used == nil {
		r.used = map[string]bool{}
	}
	r.used[key] = true
}

// Unused reports fields that no loader read: usually a typo in a key.
func (r *Record) Unused() error {
	for _, k := range r.keys {
		if !r.used[k] {
			return r.Errf("%s: unknown field %s=", r.Kind, k)
		}
	}
	return nil
}

// Parse reads the records of one data file. name is used in errors.
func Parse(name string, data []byte) ([]Record, error) {
	var recs []Record
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		start := i + 1
		line := strings.TrimRight(lines[i], "\r")
		for strings.HasSuffix(line, "\\") && i+1 < len(lines) {
			i++
			line = strings.TrimSuffix(line, "\\") + " " + strings.TrimRight(lines[i], "\r")
		}
		toks, err := tokenize(line)
		if err != nil {
			return nil, &Error{File: name, Line: start, Msg: err.Error()}
		}
		if len(toks) == 0 {
			continue
		}
		r := Record{File: name, Line: start, Kind: toks[0].text, Fields: map[string]string{}}
		for _, t := range toks[1:] {
			if k, v, ok := splitField(t); ok {
				if _, dup := r.Fields[k]; dup {
					return nil, &Error{File: name, Line: start, Msg: fmt.Sprintf("field %s= given twice", k)}
				}
				r.Fields[k] = v
				r.keys = append(r.keys, k)
				continue
			}
			if len(r.keys) > 0 {
				return nil, &Error{File: name, Line: start, Msg: fmt.Sprintf("%q: positional value after key=value fields", t.text)}
			}
			r.Args = append(r.Args, t.text)
		}
		recs = append(recs, r)
	}
	return recs, nil
}

type token struct {
	text   string
	quoted bool // the whole token was quoted (never a key=value)
}

func splitField(t token) (string, string, bool) {
	if t.quoted {
		return "", "", false
	}
	k, v, ok := strings.Cut(t.text, "=")
	if !ok || k == "" {
		return "", "", false
	}
	return k, v, true
}

func tokenize(line string) ([]token, error) {
	var toks []token
	var cur strings.Builder
	in, quotedAll, have := false, false, false
	flush := func() {
		if have {
			toks = append(toks, token{cur.String(), quotedAll})
		}
		cur.Reset()
		have, quotedAll = false, false
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case in && c == '\\' && i+1 < len(line) && (line[i+1] == '"' || line[i+1] == '\\'):
			cur.WriteByte(line[i+1])
			i++
		case c == '"':
			if !in && !have {
				quotedAll = true
			}
			in = !in
			have = true
		case in:
			cur.WriteByte(c)
		case c == '#' && !have:
			// A comment starts with '#' at the beginning of a token, so
			// colour values such as color=#2e7d32 need no quotes.
			flush()
			return toks, nil
		case c == ' ' || c == '\t':
			flush()
		default:
			cur.WriteByte(c)
			have = true
		}
	}
	if in {
		return nil, errors.New("unclosed double quote")
	}
	flush()
	return toks, nil
}

// Load reads and parses an embedded data file.
func Load(path string) ([]Record, error) {
	data, err := fs.ReadFile(FS, path)
	if err != nil {
		return nil, &Error{File: path, Msg: "missing data file"}
	}
	return Parse(path, data)
}

// Text reads an embedded text file (rules reference, descriptions).
func Text(path string) (string, error) {
	data, err := fs.ReadFile(FS, path)
	if err != nil {
		return "", &Error{File: path, Msg: "missing data file"}
	}
	return string(data), nil
}

// Table is a grid of cells with named columns and keyed rows.
type Table struct {
	Name     string
	File     string
	Line     int
	Cols     []string
	Rows     []TableRow
	Authored string // why the table was authored ("" when it is the book's)
}

// TableRow is one row of a table.
type TableRow struct {
	Key   string
	Cells []string
	Line  int
}

// Cell returns the cell at row key and column col.
func (t *Table) Cell(row, col string) (string, bool) {
	ci := -1
	for i, c := range t.Cols {
		if c == col {
			ci = i
		}
	}
	if ci < 0 {
		return "", false
	}
	for _, r := range t.Rows {
		if r.Key == row {
			return r.Cells[ci], true
		}
	}
	return "", false
}

// Tables collects the tables of a file ('table', 'cols', 'row' records)
// and checks every row fills every column exactly. Records of other kinds
// are returned untouched in rest.
func Tables(recs []Record) (map[string]*Table, []Record, error) {
	tables := map[string]*Table{}
	var rest []Record
	var cur *Table
	for i := range recs {
		r := &recs[i]
		switch r.Kind {
		case "table":
			name, err := r.Arg(0, "table name")
			if err != nil {
				return nil, nil, err
			}
			if _, dup := tables[name]; dup {
				return nil, nil, r.Errf("table %s defined twice", name)
			}
			cur = &Table{Name: name, File: r.File, Line: r.Line, Authored: r.Opt("authored", "")}
			tables[name] = cur
			if err := r.Unused(); err != nil {
				return nil, nil, err
			}
		case "cols":
			if cur == nil {
				return nil, nil, r.Errf("cols outside a table")
			}
			if len(r.Args) == 0 {
				return nil, nil, r.Errf("table %s: cols names no column", cur.Name)
			}
			cur.Cols = r.Args
		case "row":
			if cur == nil || cur.Cols == nil {
				return nil, nil, r.Errf("row before the table's cols line")
			}
			if len(r.Args) == 0 {
				return nil, nil, r.Errf("table %s: row without a key", cur.Name)
			}
			cells := r.Args[1:]
			if len(cells) != len(cur.Cols) {
				return nil, nil, r.Errf("table %s: row %s has %d cells for %d columns (a hole in the table)", cur.Name, r.Args[0], len(cells), len(cur.Cols))
			}
			for _, old := range cur.Rows {
				if old.Key == r.Args[0] {
					return nil, nil, r.Errf("table %s: row %s given twice", cur.Name, r.Args[0])
				}
			}
			cur.Rows = append(cur.Rows, TableRow{Key: r.Args[0], Cells: cells, Line: r.Line})
		default:
			cur = nil
			rest = append(rest, *r)
		}
	}
	for _, t := range tables {
		if len(t.Rows) == 0 {
			return nil, nil, &Error{File: t.File, Line: t.Line, Msg: fmt.Sprintf("table %s has no rows", t.Name)}
		}
	}
	return tables, rest, nil
}

// Files lists the embedded files under dir, sorted.
func Files(dir string) []string {
	var out []string
	_ = fs.WalkDir(FS, dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// Param is a scenario constant with where it comes from: the rule of the
// book that gives it, or why it was authored.
type Param struct {
	Value    int
	Book     string
	Authored string
}

// ReadParam reads a `param NAME VALUE book=RULE | authored="why"` record:
// the value must be a whole number and its source must be said.
func ReadParam(r *Record) (string, Param, error) {
	name, err := r.Arg(0, "parameter name")
	if err != nil {
		return "", Param{}, err
	}
	vs, err := r.Arg(1, "parameter value")
	if err != nil {
		return "", Param{}, err
	}
	v, err := strconv.Atoi(vs)
	if err != nil {
		return "", Param{}, r.Errf("param %s: %q is not a whole number", name, vs)
	}
	p := Param{Value: v, Book: r.Opt("book", ""), Authored: r.Opt("authored", "")}
	if p.Book == "" && p.Authored == "" {
		return "", Param{}, r.Errf("param %s: say where it comes from (book=rule or authored=\"why\")", name)
	}
	if err := r.Unused(); err != nil {
		return "", Param{}, err
	}
	return name, p, nil
}
