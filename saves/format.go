// Package saves is Grognard's save-file format: a versioned, checksummed,
// human-readable JSON file that records how a game was played (scenario,
// options, seed and every step) together with a snapshot of the state it
// reached. Loading replays the steps from the scenario and checks the
// replayed state against the snapshot, so a damaged or edited file is
// refused with a clear error instead of producing a wrong game. Files are
// written atomically; reading never changes anything on disk.
package saves

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"grognard/rules"
)

// AppVersion is the version of Grognard, printed by "grognard version" and
// recorded in every save.
const AppVersion = "0.1.0"

// FormatVersion is the save format this build writes and the newest it
// reads. Raise it when the meaning of a field changes; keep reading old ones.
const FormatVersion = 1

// File is the save file as stored. Field order is the order in the file.
type File struct {
	Format   int           `json:"format"`
	App      string        `json:"app"`
	SavedAt  string        `json:"saved_at"` // RFC 3339, informational only
	System   string        `json:"system"`
	Scenario string        `json:"scenario"`
	Options  rules.Options `json:"options,omitempty"`
	Seed     uint64        `json:"seed"`
	Steps    []rules.Step  `json:"steps"`
	// Snapshot is the state's Snapshot() after the last step.
	Snapshot json.RawMessage `json:"snapshot"`
	// Checksum is the SHA-256 (hex) of the compact JSON of every other field,
	// in this order, with the checksum left out.
	Checksum string `json:"checksum,omitempty"`
}

// Kinds of load failure, for errors.Is.
var (
	ErrSyntax          = errors.New("not valid JSON")
	ErrNotASave        = errors.New("not a Grognard save")
	ErrNewer           = errors.New("saved by a newer Grognard")
	ErrChecksum        = errors.New("checksum mismatch")
	ErrUnknownScenario = errors.New("unknown scenario")
	ErrReplay          = errors.New("the saved steps do not replay")
	ErrSnapshot        = errors.New("the replayed game differs from the saved one")
)

// LoadError is a save that cannot be loaded. Its text names the file (and
// the line and column for a parse error) and the problem.
type LoadError struct {
	File      string
	Line, Col int // 0 when the problem is not at one place in the text
	Kind      error
	Msg       string
	Err       error // underlying cause, if any
}

func (e *LoadError) Error() string {
	loc := e.File
	if e.Line > 0 {
		loc += fmt.Sprintf(":%d:%d", e.Line, e.Col)
	}
	return loc + ": " + e.Msg
}

// Unwrap exposes the kind and the cause.
func (e *LoadError) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Kind, e.Err}
	}
	return []error{e.Kind}
}

// Encode serialises a game as an indented save file.
func Encode(g *rules.Game) ([]byte, error) {
	return encodeAt(g, time.Now())
}

func encodeAt(g *rules.Game, at time.Time) ([]byte, error) {
	f, err := NewFile(g, at)
	if err != nil {
		return nil, err
	}
	return f.Marshal()
}

// NewFile builds the save record of a game, checksum included.
func NewFile(g *rules.Game, at time.Time) (*File, error) {
	if g == nil || g.State == nil {
		return nil, errors.New("save: no game to save")
	}
	snap, err := g.State.Snapshot()
	if err != nil {
		return nil, fmt.Errorf("save: snapshot of %s: %w", g.Scenario, err)
	}
	if !json.Valid(snap) {
		return nil, fmt.Errorf("save: the %s snapshot is not valid JSON (a rules bug)", g.State.System())
	}
	steps := g.Steps
	if steps == nil {
		steps = []rules.Step{}
	}
	f := &File{
		Format:   FormatVersion,
		App:      AppVersion,
		SavedAt:  at.UTC().Format(time.RFC3339),
		System:   g.State.System(),
		Scenario: g.Scenario,
		Options:  g.Options,
		Seed:     g.Seed,
		Steps:    steps,
		Snapshot: snap,
	}
	if f.Checksum, err = f.Sum(); err != nil {
		return nil, err
	}
	return f, nil
}

// Sum computes the checksum of the file's content (every field but the
// checksum itself, compact JSON). Whitespace and indentation do not count.
func (f *File) Sum() (string, error) {
	c := *f
	c.Checksum = ""
	b, err := json.Marshal(&c)
	if err != nil {
		return "", fmt.Errorf("save: %w", err)
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:]), nil
}

// Marshal writes the file as indented JSON with a final newline.
func (f *File) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("save: %w", err)
	}
	return append(b, '\n'), nil
}

// Decode loads a save: it checks the format version, the checksum and the
// scenario, replays the steps and compares the result with the snapshot.
// name is the file name used in error messages.
func Decode(name string, data []byte) (*rules.Game, error) {
	f, err := Parse(name, data)
	if err != nil {
		return nil, err
	}
	return f.Replay(name)
}

// Parse reads and checks a save file without replaying it: JSON syntax,
// format version, fields and checksum.
func Parse(name string, data []byte) (*File, error) {
	fail := func(kind error, cause error, format string, args ...any) *LoadError {
		return &LoadError{File: name, Kind: kind, Err: cause, Msg: fmt.Sprintf(format, args...)}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fail(ErrNotASave, nil, "empty file, not a Grognard save")
	}
	// The version first: a newer format may not parse as this one.
	var head struct {
		Format *int `json:"format"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, jsonError(name, data, err)
	}
	switch {
	case head.Format == nil:
		return nil, fail(ErrNotASave, nil, "not a Grognard save (no format version)")
	case *head.Format > FormatVersion:
		return nil, fail(ErrNewer, nil, "saved by a newer Grognard (format %d, this build reads up to %d)", *head.Format, FormatVersion)
	case *head.Format < 1:
		return nil, fail(ErrNotASave, nil, "not a Grognard save (format %d)", *head.Format)
	}
	var f File
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, jsonError(name, data, err)
	}
	if f.Checksum == "" {
		return nil, fail(ErrChecksum, nil, "no checksum: the file was not written by Grognard")
	}
	sum, err := f.Sum()
	if err != nil {
		return nil, fail(ErrNotASave, err, "%v", err)
	}
	if sum != f.Checksum {
		return nil, fail(ErrChecksum, nil, "checksum mismatch: the file was changed outside Grognard")
	}
	if !json.Valid(f.Snapshot) {
		return nil, fail(ErrNotASave, nil, "the file holds no snapshot of the game")
	}
	return &f, nil
}

// Replay rebuilds the game of a parsed file and checks it against the
// snapshot. name is used in error messages. A rules panic while replaying
// (a system bug met by an unusual file) is turned into an error, so loading
// a file never crashes the program.
func (f *File) Replay(name string) (g *rules.Game, err error) {
	defer func() {
		if p := recover(); p != nil {
			g = nil
			err = &LoadError{File: name, Kind: ErrReplay, Msg: fmt.Sprintf("the rules failed while replaying the saved steps (a bug in the %s rules): %v", f.System, p)}
		}
	}()
	fail := func(kind error, cause error, format string, args ...any) *LoadError {
		return &LoadError{File: name, Kind: kind, Err: cause, Msg: fmt.Sprintf(format, args...)}
	}
	sc, ok := rules.ScenarioByID(f.Scenario)
	if !ok {
		return nil, fail(ErrUnknownScenario, nil, "unknown scenario %q of system %q: this build of Grognard does not have it", f.Scenario, f.System)
	}
	if sc.System != f.System {
		return nil, fail(ErrUnknownScenario, nil, "scenario %q belongs to system %q, but the file says %q", f.Scenario, sc.System, f.System)
	}
	for id := range f.Options {
		known := false
		for _, o := range sc.Options {
			known = known || o.ID == id
		}
		if !known {
			return nil, fail(ErrUnknownScenario, nil, "scenario %q has no optional rule %q in this build of Grognard", f.Scenario, id)
		}
	}
	g, err = rules.Replay(f.Scenario, f.Seed, f.Options, f.Steps)
	if err != nil {
		return nil, fail(ErrReplay, err, "the saved steps do not replay (saved by Grognard %s): %v", f.App, err)
	}
	got, err := g.State.Snapshot()
	if err != nil {
		return nil, fail(ErrSnapshot, err, "snapshot of the replayed game: %v", err)
	}
	a, err1 := canon(f.Snapshot)
	b, err2 := canon(got)
	if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
		where := firstDifference(f.Snapshot, got)
		return nil, fail(ErrSnapshot, nil, "replaying the %d saved steps gives a different game than the one saved (saved by Grognard %s); first difference: %s", len(f.Steps), f.App, where)
	}
	return g, nil
}

// canon is the compact form encoding/json gives a raw message.
func canon(b []byte) ([]byte, error) { return json.Marshal(json.RawMessage(b)) }

// jsonError turns a JSON error into a LoadError with line and column.
func jsonError(name string, data []byte, err error) error {
	var off int64 = -1
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	msg := err.Error()
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
		msg = "the file is damaged (not valid JSON): " + syn.Error()
		if syn.Offset >= int64(len(data)) {
			msg = "the file is cut short (truncated): " + syn.Error()
		}
	case errors.As(err, &typ):
		off = typ.Offset
		msg = "a field has the wrong type: " + typ.Error()
	case errors.Is(err, io.ErrUnexpectedEOF):
		off = int64(len(data))
		msg = "the file is cut short (truncated)"
	case strings.HasPrefix(msg, "json: unknown field"):
		msg = "the file has a field this version of the format does not have: " + strings.TrimPrefix(msg, "json: ")
	}
	e := &LoadError{File: name, Kind: ErrSyntax, Err: err, Msg: msg}
	if off >= 0 {
		e.Line, e.Col = lineCol(data, off)
	}
	return e
}

// lineCol converts a byte offset reported by encoding/json (the number of
// bytes read when it failed) to the 1-based line and column of the byte at
// fault.
func lineCol(data []byte, off int64) (int, int) {
	pos := int(off)
	if pos > 0 {
		pos-- // encoding/json reports the offset just past the faulty byte
	}
	if pos > len(data) {
		pos = len(data)
	}
	line := 1 + bytes.Count(data[:pos], []byte("\n"))
	col := pos - bytes.LastIndexByte(data[:pos], '\n')
	return line, col
}
