// Package saves is Grognard's save-file format: a versioned JSON file that
// records how a game was played (scenario, options, seed and every step)
// together with a snapshot of the state it reached.
//
// Format 2 (this build) keeps a small plain header a person can read
// (format and app version, system, scenario, options, sides, turn, phase,
// number of steps, whether the system has hidden information, the date)
// and seals the rest (the seed, the steps and the snapshot) with AES-256-GCM
// under a key derived in the program, with the header as additional data.
// A text editor shows nothing of the hands, the deck order, the dice to
// come or the seed, and any edit of the header or the payload breaks the
// seal. The payload is padded to a bucket size before it is sealed, so the
// file's length says nothing of the hands either. The seal hides the game from the players; it is not a defence
// against someone who reverse-engineers the program and extracts the key.
// Against that, loading also replays the steps and checks every recorded
// chance outcome against the game's own generator, so a die or a card
// changed in a resealed file is still refused.
//
// Format 1 (Grognard 0.1.0: plain JSON with a SHA-256 checksum) is still
// read, with the same replay checks, and written again as format 2. Its seed
// was plain text, so a game with hidden information read from format 1 is
// marked seed_chosen (not proven fair), as if a player had chosen the seed.
// Files are written atomically; reading never changes anything on disk.
package saves

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"grognard/rules"
)

// AppVersion is the version of Grognard, printed by "grognard version" and
// recorded in every save.
const AppVersion = "0.2.0"

// FormatVersion is the save format this build writes and the newest it
// reads. Raise it when the meaning of a field changes; keep reading old ones.
const FormatVersion = 2

// MaxFileSize is the largest save this build reads (a whole Almansa game
// is well under a megabyte); a larger file is refused before it is parsed.
const MaxFileSize = 64 << 20

// File is a save file. The exported header fields are stored in plain
// JSON, in this order; Seed, Steps and Snapshot are stored sealed in
// Sealed. Marshal seals; Parse opens.
type File struct {
	Format    int           `json:"format"`
	App       string        `json:"app"`
	SavedAt   string        `json:"saved_at"` // RFC 3339, informational only
	System    string        `json:"system"`
	Scenario  string        `json:"scenario"`
	Options   rules.Options `json:"options,omitempty"`
	Sides     []string      `json:"sides"`
	Turn      int           `json:"turn"`
	Phase     string        `json:"phase"`
	Over      bool          `json:"over,omitempty"`
	StepCount int           `json:"step_count"`
	// Hidden says the system has hidden information (hands, hidden units).
	Hidden bool `json:"hidden_information"`
	// SeedChosen says a player chose the seed ('grognard new --seed'), or
	// the game comes from a format-1 save of a system with hidden
	// information (its seed was plain text): someone can know every hand
	// and die, the game is not proven fair (rules.Game.SeedChosen).
	SeedChosen bool `json:"seed_chosen,omitempty"`
	// Sealed is the AES-GCM nonce followed by the sealed payload (base64
	// in the file).
	Sealed []byte `json:"sealed"`

	// The sealed payload.
	Seed  uint64       `json:"-"`
	Steps []rules.Step `json:"-"`
	// Snapshot is the state's Snapshot() after the last step.
	Snapshot json.RawMessage `json:"-"`
}

// payload is the sealed part of a format-2 file.
type payload struct {
	Seed     uint64          `json:"seed"`
	Steps    []rules.Step    `json:"steps"`
	Snapshot json.RawMessage `json:"snapshot"`
}

// legacyFile is format 1, written by Grognard 0.1.0: everything in plain
// JSON with a SHA-256 checksum.
type legacyFile struct {
	Format   int             `json:"format"`
	App      string          `json:"app"`
	SavedAt  string          `json:"saved_at"`
	System   string          `json:"system"`
	Scenario string          `json:"scenario"`
	Options  rules.Options   `json:"options,omitempty"`
	Seed     uint64          `json:"seed"`
	Steps    []rules.Step    `json:"steps"`
	Snapshot json.RawMessage `json:"snapshot"`
	Checksum string          `json:"checksum,omitempty"`
}

// sum is format 1's checksum: the SHA-256 (hex) of the compact JSON of
// every other field.
func (f *legacyFile) sum() (string, error) {
	c := *f
	c.Checksum = ""
	b, err := json.Marshal(&c)
	if err != nil {
		return "", fmt.Errorf("save: %w", err)
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:]), nil
}

// Kinds of load failure, for errors.Is.
var (
	ErrSyntax          = errors.New("not valid JSON")
	ErrNotASave        = errors.New("not a Grognard save")
	ErrNewer           = errors.New("saved by a newer Grognard")
	ErrChecksum        = errors.New("checksum mismatch") // format 1 checksum or format 2 seal
	ErrTooLarge        = errors.New("too large to be a save")
	ErrUnknownScenario = errors.New("unknown scenario")
	ErrReplay          = errors.New("the saved steps do not replay")
	ErrChance          = errors.New("a recorded chance outcome is not the game's own")
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

// Encode serialises a game as a save file.
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

// NewFile builds the save record of a game (not yet sealed: Marshal seals).
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
	st := g.State.Status()
	info, _ := rules.SystemByID(g.State.System())
	f := &File{
		Format:     FormatVersion,
		App:        AppVersion,
		SavedAt:    at.UTC().Format(time.RFC3339),
		System:     g.State.System(),
		Scenario:   g.Scenario,
		Options:    g.Options,
		Sides:      g.State.Sides(),
		Turn:       st.Turn,
		Phase:      st.Phase,
		Over:       g.State.Result().Over,
		StepCount:  len(steps),
		Hidden:     info.Hidden,
		SeedChosen: g.SeedChosen,
		Seed:       g.Seed,
		Steps:      steps,
		Snapshot:   snap,
	}
	return f, nil
}

// sealPepper and sealKey: the key is derived in the program. It keeps the
// secret part of a save from the players' eyes and editors; anyone who
// reads the program's code can derive it too (see the package comment).
const sealPepper = "grognard save seal, format 2: 5b1e0c7a-d3f4-4c9e-9a61-2f8e7d0b4c53"

func sealKey() []byte {
	k := sha256.Sum256([]byte(sealPepper))
	return k[:]
}

func sealAEAD() cipher.AEAD {
	block, err := aes.NewCipher(sealKey())
	if err != nil {
		panic(err) // a 32-byte key never fails
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return aead
}

// header is the additional data the seal authenticates: the compact JSON
// of every plain field.
func (f *File) header() ([]byte, error) {
	c := *f
	c.Sealed = nil
	c.Seed, c.Steps, c.Snapshot = 0, nil, nil
	b, err := json.Marshal(&c)
	if err != nil {
		return nil, fmt.Errorf("save: %w", err)
	}
	return b, nil
}

// seal fills Sealed from the payload fields. The nonce is derived from the
// content (an HMAC of header and payload), so the same game saved at the
// same time gives the same bytes, and different contents never share one.
func (f *File) seal() error {
	if f.Steps == nil {
		f.Steps = []rules.Step{}
	}
	plain, err := json.Marshal(payload{Seed: f.Seed, Steps: f.Steps, Snapshot: f.Snapshot})
	if err != nil {
		return fmt.Errorf("save: %w", err)
	}
	plain = padPayload(plain)
	aad, err := f.header()
	if err != nil {
		return err
	}
	aead := sealAEAD()
	mac := hmac.New(sha256.New, sealKey())
	mac.Write([]byte("nonce"))
	mac.Write(aad)
	mac.Write(plain)
	nonce := mac.Sum(nil)[:aead.NonceSize()]
	f.Sealed = aead.Seal(nonce, nonce, plain, aad)
	return nil
}

// padPayload pads the payload's JSON with spaces (which JSON ignores) to
// the next bucket size, so the length of the sealed part says nothing of the
// hands or hidden choices inside it: the buckets are 1 KiB, then p, 1.25p,
// 1.5p, 1.75p for each power of two p (at most a quarter more bytes). A
// game's length in steps is in the plain header anyway.
func padPayload(plain []byte) []byte {
	n := bucketSize(len(plain))
	if n <= len(plain) {
		return plain
	}
	out := make([]byte, n)
	copy(out, plain)
	for i := len(plain); i < n; i++ {
		out[i] = ' '
	}
	return out
}

// bucketSize is the smallest bucket that holds n bytes.
func bucketSize(n int) int {
	const min = 1 << 10
	if n <= min {
		return min
	}
	p := min
	for p*2 <= n {
		p *= 2
	}
	unit := p / 4
	return (n + unit - 1) / unit * unit
}

// Marshal seals the payload and writes the file as indented JSON with a
// final newline.
func (f *File) Marshal() ([]byte, error) {
	f.Format = FormatVersion
	f.StepCount = len(f.Steps)
	if err := f.seal(); err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("save: %w", err)
	}
	return append(b, '\n'), nil
}

// Decode loads a save: it checks the size, the format version and the
// seal (or format 1's checksum) before reading the payload, then the
// scenario, replays the steps checking every chance outcome against the
// game's generator, and compares the result with the snapshot. name is
// the file name used in error messages.
func Decode(name string, data []byte) (*rules.Game, error) {
	f, err := Parse(name, data)
	if err != nil {
		return nil, err
	}
	return f.Replay(name)
}

// utf8BOM is the byte-order mark some editors put at the start of a file.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// Parse reads and checks a save file without replaying it: size, JSON
// syntax, format version, fields and seal (format 1: checksum). A file
// starting with a UTF-8 byte-order mark is read without it.
func Parse(name string, data []byte) (*File, error) {
	fail := func(kind error, cause error, format string, args ...any) *LoadError {
		return &LoadError{File: name, Kind: kind, Err: cause, Msg: fmt.Sprintf(format, args...)}
	}
	if len(data) > MaxFileSize {
		return nil, fail(ErrTooLarge, nil, "%d bytes is too large to be a Grognard save (the limit is %d MiB)", len(data), MaxFileSize>>20)
	}
	data = bytes.TrimPrefix(data, utf8BOM)
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
	case *head.Format == 1:
		return parseLegacy(name, data)
	}
	if err := knownFields(data, fileFields); err != nil {
		return nil, jsonError(name, data, err)
	}
	var f File
	if err := json.Unmarshal(data, &f); err != nil {
		var b64 base64.CorruptInputError
		if errors.As(err, &b64) {
			return nil, fail(ErrChecksum, err, "the sealed part is damaged (%v): the file was changed outside Grognard", err)
		}
		return nil, jsonError(name, data, err)
	}
	aead := sealAEAD()
	if len(f.Sealed) < aead.NonceSize()+aead.Overhead() {
		return nil, fail(ErrChecksum, nil, "no sealed game in the file: it was not written by Grognard, or was cut")
	}
	aad, err := f.header()
	if err != nil {
		return nil, fail(ErrNotASave, err, "%v", err)
	}
	nonce, box := f.Sealed[:aead.NonceSize()], f.Sealed[aead.NonceSize():]
	plain, err := aead.Open(box[:0], nonce, box, aad)
	if err != nil {
		return nil, fail(ErrChecksum, nil, "the seal does not verify: the file was changed outside Grognard")
	}
	f.Sealed = nil
	var p payload
	if err := json.Unmarshal(plain, &p); err != nil {
		return nil, fail(ErrNotASave, err, "the sealed game does not read: %v", err)
	}
	if !json.Valid(p.Snapshot) {
		return nil, fail(ErrNotASave, nil, "the file holds no snapshot of the game")
	}
	if f.StepCount != len(p.Steps) {
		return nil, fail(ErrChecksum, nil, "the header says %d steps, the sealed game holds %d", f.StepCount, len(p.Steps))
	}
	f.Seed, f.Steps, f.Snapshot = p.Seed, p.Steps, p.Snapshot
	return &f, nil
}

// fileFields are the JSON names of format 2's plain fields.
var fileFields = map[string]bool{"format": true, "app": true, "saved_at": true, "system": true, "scenario": true,
	"options": true, "sides": true, "turn": true, "phase": true, "over": true, "step_count": true,
	"hidden_information": true, "seed_chosen": true, "sealed": true}

// skipValue is a JSON value read and thrown away (no copy is made).
type skipValue struct{}

func (*skipValue) UnmarshalJSON([]byte) error { return nil }

// knownFields refuses a top-level field this format does not have.
func knownFields(data []byte, known map[string]bool) error {
	var m map[string]skipValue
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	var bad []string
	for k := range m {
		if !known[k] {
			bad = append(bad, k)
		}
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		return fmt.Errorf("json: unknown field %q", bad[0])
	}
	return nil
}

// parseLegacy reads format 1 (Grognard 0.1.0) and checks its checksum.
func parseLegacy(name string, data []byte) (*File, error) {
	fail := func(kind error, cause error, format string, args ...any) *LoadError {
		return &LoadError{File: name, Kind: kind, Err: cause, Msg: fmt.Sprintf(format, args...)}
	}
	var f legacyFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, jsonError(name, data, err)
	}
	if f.Checksum == "" {
		return nil, fail(ErrChecksum, nil, "no checksum: the file was not written by Grognard")
	}
	sum, err := f.sum()
	if err != nil {
		return nil, fail(ErrNotASave, err, "%v", err)
	}
	if sum != f.Checksum {
		return nil, fail(ErrChecksum, nil, "checksum mismatch: the file was changed outside Grognard")
	}
	if !json.Valid(f.Snapshot) {
		return nil, fail(ErrNotASave, nil, "the file holds no snapshot of the game")
	}
	// Format 1 kept the seed in plain text, so whoever had the file could
	// know every hand and die to come: a game with hidden information loads
	// marked as not proven fair, like a game whose seed a player chose, and
	// keeps the mark when it is saved again as format 2.
	info, _ := rules.SystemByID(f.System)
	return &File{Format: 1, App: f.App, SavedAt: f.SavedAt, System: f.System, Scenario: f.Scenario, Options: f.Options,
		StepCount: len(f.Steps), Seed: f.Seed, Steps: f.Steps, Snapshot: f.Snapshot, Hidden: info.Hidden, SeedChosen: info.Hidden}, nil
}

// Replay rebuilds the game of a parsed file and checks it against the
// snapshot. name is used in error messages. A rules panic while replaying
// (a system bug met by an unusual file) is turned into an error, so loading
// a file never crashes the program.
func (f *File) Replay(name string) (*rules.Game, error) {
	g, _, err := f.replay(name, 0)
	return g, err
}

// Timeline is Replay that also keeps checkpoints (every `every` steps;
// rules.DefaultCheckpointEvery when every <= 0), so the state at any step
// of the saved game can be had quickly (show --step, branch, the replay
// view). The same checks as Replay apply.
func (f *File) Timeline(name string, every int) (*rules.Timeline, error) {
	if every <= 0 {
		every = rules.DefaultCheckpointEvery
	}
	_, tl, err := f.replay(name, every)
	return tl, err
}

// ReadTimeline loads a save file as a Timeline (see File.Timeline).
func ReadTimeline(path string) (*rules.Timeline, error) {
	data, err := ReadBytes(path)
	if err != nil {
		return nil, err
	}
	f, err := Parse(path, data)
	if err != nil {
		return nil, err
	}
	return f.Timeline(path, 0)
}

func (f *File) replay(name string, every int) (g *rules.Game, tl *rules.Timeline, err error) {
	defer func() {
		if p := recover(); p != nil {
			g, tl = nil, nil
			err = &LoadError{File: name, Kind: ErrReplay, Msg: fmt.Sprintf("the rules failed while replaying the saved steps (a bug in the %s rules): %v", f.System, p)}
		}
	}()
	fail := func(kind error, cause error, format string, args ...any) *LoadError {
		return &LoadError{File: name, Kind: kind, Err: cause, Msg: fmt.Sprintf(format, args...)}
	}
	sc, ok := rules.ScenarioByID(f.Scenario)
	if !ok {
		return nil, nil, fail(ErrUnknownScenario, nil, "unknown scenario %q of system %q: this build of Grognard does not have it", f.Scenario, f.System)
	}
	if sc.System != f.System {
		return nil, nil, fail(ErrUnknownScenario, nil, "scenario %q belongs to system %q, but the file says %q", f.Scenario, sc.System, f.System)
	}
	for id := range f.Options {
		known := false
		for _, o := range sc.Options {
			known = known || o.ID == id
		}
		if !known {
			return nil, nil, fail(ErrUnknownScenario, nil, "scenario %q has no optional rule %q in this build of Grognard", f.Scenario, id)
		}
	}
	if every > 0 {
		tl, err = rules.TimelineOf(f.Scenario, f.Seed, f.Options, f.Steps, every)
		if err == nil {
			g = tl.Final()
		}
	} else {
		g, err = rules.ReplayChecked(f.Scenario, f.Seed, f.Options, f.Steps)
	}
	if g != nil {
		g.SeedChosen = f.SeedChosen
	}
	// In a system with hidden information the details (the outcomes, the
	// actions, the state's values) would tell secrets to whoever loads the
	// file, so they are withheld; the step number is kept.
	info, _ := rules.SystemByID(f.System)
	var ce *rules.ChanceError
	var se *rules.StepError
	switch {
	case errors.As(err, &ce) && info.Hidden:
		return nil, nil, fail(ErrChance, err, "refused: step %d: the recorded chance outcome is not the one the game's generator gives at that step (%s); the file was edited (saved by Grognard %s)", ce.Step, withheld, f.App)
	case errors.As(err, &ce):
		return nil, nil, fail(ErrChance, err, "refused: %v; the file was edited (saved by Grognard %s)", err, f.App)
	case errors.As(err, &se) && info.Hidden:
		return nil, nil, fail(ErrReplay, err, "the saved steps do not replay (saved by Grognard %s): the rules refuse step %d (%s)", f.App, se.Step, withheld)
	case err != nil:
		return nil, nil, fail(ErrReplay, err, "the saved steps do not replay (saved by Grognard %s): %v", f.App, err)
	}
	got, err := g.State.Snapshot()
	if err != nil {
		return nil, nil, fail(ErrSnapshot, err, "snapshot of the replayed game: %v", err)
	}
	a, err1 := canon(f.Snapshot)
	b, err2 := canon(got)
	if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
		where := firstDifference(f.Snapshot, got)
		if info.Hidden {
			where, _, _ = strings.Cut(where, ": ")
			where += " (" + withheld + ")"
		}
		return nil, nil, fail(ErrSnapshot, nil, "replaying the %d saved steps gives a different game than the one saved (saved by Grognard %s); first difference: %s", len(f.Steps), f.App, where)
	}
	return g, tl, nil
}

// withheld explains the details a load error leaves out.
const withheld = "details withheld: the game has hidden information"

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
