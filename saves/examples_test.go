package saves

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"grognard/rules"
	"grognard/rules/rulestest"
)

var update = flag.Bool("update", false, "rewrite the example saves in testdata/")

// exampleTime is the saved_at of every example, so they regenerate byte for byte.
var exampleTime = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// Good example saves made from the toy system.
var goodExamples = []string{"toy-start.json", "toy-midgame.json", "toy-finished.json"}

func mustApply(t testing.TB, g *rules.Game, as ...rules.Action) {
	t.Helper()
	for _, a := range as {
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("%s: %v", a.Key(), err)
		}
	}
}

// midgame: sprint on; Red advances 3 and ends, Blue plays its card, advances
// 1 and ends, Red advances 2 (its move not yet ended).
func midgame(t testing.TB) *rules.Game {
	g, err := rules.NewGame(rulestest.ScenarioID, 2, rules.Options{"sprint": true})
	if err != nil {
		t.Fatal(err)
	}
	pos := func(s int) int {
		var r rulestest.Race
		b, _ := g.State.Snapshot()
		json.Unmarshal(b, &r)
		return r.Pos[s]
	}
	to := func(s, n int) string { return itoa(pos(s) + n) }
	mustApply(t, g, rules.Action{Kind: "move", Unit: "red", To: to(0, 3)}, rules.Action{Kind: "end"})
	mustApply(t, g, rules.Action{Kind: "play", Choice: "card"})
	mustApply(t, g, rules.Action{Kind: "move", Unit: "blue", To: to(1, 1)}, rules.Action{Kind: "end"})
	mustApply(t, g, rules.Action{Kind: "move", Unit: "red", To: to(0, 2)})
	return g
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func finished(t testing.TB) *rules.Game {
	g, err := rules.NewGame(rulestest.ScenarioID, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	pick := rand.New(rand.NewPCG(3, 3))
	for !g.State.Result().Over {
		l := g.State.Legal()
		mustApply(t, g, l[pick.IntN(len(l))])
	}
	return g
}

func fileOf(t testing.TB, g *rules.Game) *File {
	f, err := NewFile(g, exampleTime)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func marshal(t testing.TB, f *File) []byte {
	b, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// resign marks the edits a user who extracted the key from the program
// could make: Marshal seals whatever the fields hold, so the edited file's
// seal verifies and only the replay checks can refuse it.
func resign(_ testing.TB, f *File) *File { return f }

func copyFile(f *File) *File {
	c := *f
	c.Steps = append([]rules.Step(nil), f.Steps...)
	c.Snapshot = append(json.RawMessage(nil), f.Snapshot...)
	return &c
}

// examples builds every example file, good and broken, by name.
func examples(t testing.TB) map[string][]byte {
	rulestest.Register()
	g0, err := rules.NewGame(rulestest.ScenarioID, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	mid := fileOf(t, midgame(t))
	midBytes := marshal(t, mid)
	out := map[string][]byte{
		"toy-start.json":    marshal(t, fileOf(t, g0)),
		"toy-midgame.json":  midBytes,
		"toy-finished.json": marshal(t, fileOf(t, finished(t))),
	}

	// Cut short, as by a crash of an old non-atomic writer.
	out["broken-truncated.json"] = midBytes[:len(midBytes)/2]
	// A comma deleted by hand after "app" (line 3).
	out["broken-garbled.json"] = bytes.Replace(midBytes, []byte("\"app\": \""+AppVersion+"\","), []byte("\"app\": \""+AppVersion+"\""), 1)
	// The sealed text edited by hand: one character changed.
	at := bytes.Index(midBytes, []byte(`"sealed": "`)) + len(`"sealed": "`) + 40
	edited := append([]byte(nil), midBytes...)
	edited[at] = map[bool]byte{true: 'A', false: 'B'}[edited[at] != 'A']
	out["broken-edited-sealed.json"] = edited
	// The plain header edited by hand: the turn.
	out["broken-edited-header.json"] = bytes.Replace(midBytes, []byte(`"turn": `+itoa(mid.Turn)+`,`), []byte(`"turn": `+itoa(mid.Turn+3)+`,`), 1)
	// A step edited: Red's first advance of 3 becomes 4.
	editStep := func(f *File) *File {
		c := copyFile(f)
		for i, s := range c.Steps {
			if s.Action.Kind == "move" {
				c.Steps[i].Action.To = itoa(atoi(s.Action.To) + 1)
				break
			}
		}
		return c
	}
	// The snapshot edited: Red moved forward.
	editSnap := func(f *File) *File {
		c := copyFile(f)
		re := regexp.MustCompile(`"pos":\[(\d+),`)
		m := re.FindSubmatch(c.Snapshot)
		c.Snapshot = re.ReplaceAll(c.Snapshot, []byte(`"pos":[`+itoa(atoi(string(m[1]))+4)+`,`))
		return c
	}
	// The edits below are resealed, as someone who extracted the key from
	// the program (or a newer build with different rules) would write:
	// the replay itself must catch them.
	out["broken-replay-fails.json"] = marshal(t, resign(t, editStep(mid)))
	out["broken-snapshot-differs.json"] = marshal(t, resign(t, editSnap(mid)))
	// A die changed: the first bonus roll (rule 3) made a 6.
	die := copyFile(mid)
	for i, s := range die.Steps {
		if s.Action.Kind == "roll" {
			die.Steps[i].Action.Dice = []int{6}
			break
		}
	}
	out["broken-edited-die.json"] = marshal(t, resign(t, die))
	// The seed changed: the dice to come would change.
	seed := copyFile(mid)
	seed.Seed++
	out["broken-changed-seed.json"] = marshal(t, resign(t, seed))
	// A future format with a field this build does not know.
	fut := bytes.Replace(midBytes, []byte(`"format": 2,`), []byte(`"format": 3,`+"\n  \"campaign\": {\"battle\": 2},"), 1)
	out["broken-future-version.json"] = fut
	// A scenario this build lacks (a newer build with more scenarios).
	unk := copyFile(mid)
	unk.Scenario = "toy-marathon"
	out["broken-unknown-scenario.json"] = marshal(t, resign(t, unk))
	out["broken-not-a-save.json"] = []byte("{\"hello\": \"world\"}\n")
	out["broken-empty.json"] = []byte{}
	return out
}

func atoi(s string) int {
	var n int
	json.Unmarshal([]byte(s), &n)
	return n
}

// TestGenerate keeps testdata/ in step with the toy and the format:
// run `go test ./saves -run TestGenerate -update` to rewrite it.
func TestGenerate(t *testing.T) {
	ex := examples(t)
	names := make([]string, 0, len(ex))
	for n := range ex {
		names = append(names, n)
	}
	sort.Strings(names)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			if err := os.WriteFile(filepath.Join("testdata", n), ex[n], 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	for _, n := range names {
		got, err := os.ReadFile(filepath.Join("testdata", n))
		if err != nil || !bytes.Equal(got, ex[n]) {
			t.Errorf("testdata/%s is out of date (err %v): run go test ./saves -run TestGenerate -update", n, err)
		}
	}
}

func TestExamplesLoad(t *testing.T) {
	rulestest.Register()
	for _, name := range goodExamples {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", name)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			g, err := Read(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Parse(path, data)
			if err != nil {
				t.Fatal(err)
			}
			if f.Format != FormatVersion || f.App != AppVersion || f.System != "toy" || f.Scenario != "toy-race" {
				t.Errorf("header %+v", f)
			}
			if len(g.Steps) != len(f.Steps) || g.Seed != f.Seed || g.Scenario != f.Scenario {
				t.Errorf("loaded game: %d steps seed %d, file %d steps seed %d", len(g.Steps), g.Seed, len(f.Steps), f.Seed)
			}
			// The log is rebuilt by the replay.
			if len(g.Log) == 0 {
				t.Errorf("loaded game has no log")
			}
			// Saving the loaded game again gives the same bytes.
			at, _ := time.Parse(time.RFC3339, f.SavedAt)
			again, err := encodeAt(g, at)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, data) {
				t.Errorf("re-encoding %s changes it", name)
			}
			// The loaded game plays on.
			if !g.State.Result().Over {
				mustApply(t, g, g.State.Legal()[0])
			}
		})
	}
	// The middle-game example kept the sprint option and Blue's reveal.
	g, err := Read(filepath.Join("testdata", "toy-midgame.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !g.Options["sprint"] || len(g.State.Legal()) != 1 || g.State.Legal()[0].Kind != "end" {
		t.Errorf("midgame: options %v, legal %v", g.Options, g.State.Legal())
	}
}

// dirHashes hashes every file of a directory.
func dirHashes(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	out := map[string][32]byte{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = sha256.Sum256(b)
	}
	return out
}

func copyDir(t *testing.T, from string) string {
	t.Helper()
	to := t.TempDir()
	ents, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return to
}

func sameHashes(t *testing.T, a, b map[string][32]byte, after string) {
	t.Helper()
	if len(a) != len(b) {
		t.Errorf("after %s the directory holds %d files, before %d", after, len(b), len(a))
	}
	for n, h := range a {
		if b[n] != h {
			t.Errorf("after %s, %s changed", after, n)
		}
	}
}

func TestBrokenSaves(t *testing.T) {
	rulestest.Register()
	cases := []struct {
		file string
		kind error
		want []string
	}{
		{"broken-truncated.json", ErrSyntax, []string{"cut short"}},
		{"broken-garbled.json", ErrSyntax, []string{"broken-garbled.json:4:3:", "not valid JSON"}},
		{"broken-edited-sealed.json", ErrChecksum, []string{"the seal does not verify: the file was changed outside Grognard"}},
		{"broken-edited-header.json", ErrChecksum, []string{"the seal does not verify: the file was changed outside Grognard"}},
		{"broken-edited-die.json", ErrChance, []string{"refused: step 5: the recorded chance outcome is not the one the game's generator gives", "details withheld", "the file was edited"}},
		{"broken-changed-seed.json", ErrChance, []string{"refused", "step 1:", "recorded chance outcome"}},
		{"broken-replay-fails.json", ErrReplay, []string{"the rules refuse step 3 (details withheld: the game has hidden information)"}},
		{"broken-snapshot-differs.json", ErrSnapshot, []string{"different game", "first difference: pos[0] (details withheld"}},
		{"broken-future-version.json", ErrNewer, []string{"saved by a newer Grognard (format 3, this build reads up to 2)"}},
		{"broken-unknown-scenario.json", ErrUnknownScenario, []string{`unknown scenario "toy-marathon"`}},
		{"broken-not-a-save.json", ErrNotASave, []string{"not a Grognard save"}},
		{"broken-empty.json", ErrNotASave, []string{"empty file"}},
	}
	dir := copyDir(t, "testdata")
	before := dirHashes(t, dir)
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join(dir, c.file)
			g, err := Read(path)
			if err == nil {
				t.Fatalf("loaded a broken save: %d steps", len(g.Steps))
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, path+":") {
				t.Errorf("error does not start with the file name: %s", msg)
			}
			if !errors.Is(err, c.kind) {
				t.Errorf("error is not %v: %s", c.kind, msg)
			}
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not say %q", msg, w)
				}
			}
			sameHashes(t, before, dirHashes(t, dir), "loading "+c.file)
		})
	}
	// The details withheld from the message (the toy has hidden
	// information) stay in the error for programs.
	_, err := Read(filepath.Join(dir, "broken-edited-die.json"))
	var ce *rules.ChanceError
	if !errors.As(err, &ce) || ce.Recorded != "roll d=6" || ce.Step != 5 {
		t.Errorf("the chance error's details: %v", err)
	}
	_, err = Read(filepath.Join(dir, "broken-replay-fails.json"))
	var se *rules.StepError
	if !errors.As(err, &se) || se.Key != "move u=red to=4" || !strings.Contains(se.Err.Error(), "[2.1]") {
		t.Errorf("the step error's details: %v", err)
	}
	// The truncated file reports the line and column where it stops.
	data, _ := os.ReadFile(filepath.Join(dir, "broken-truncated.json"))
	_, err = Decode("cut.json", data)
	var le *LoadError
	if !errors.As(err, &le) || le.Line != 1+bytes.Count(data, []byte("\n")) || le.Line < 5 {
		t.Errorf("truncated: %v (line %d)", err, le.Line)
	}
	if _, err := Read(filepath.Join(dir, "no-such-file.json")); err == nil || !strings.Contains(err.Error(), "no-such-file.json") {
		t.Errorf("missing file: %v", err)
	}
}

func TestLineCol(t *testing.T) {
	data := []byte("{\n  \"a\": 1\n  \"b\": 2\n}")
	_, err := Decode("x.json", data)
	if err == nil || !strings.HasPrefix(err.Error(), "x.json:3:3: ") {
		t.Errorf("missing comma: %v", err)
	}
	_, err = Decode("y.json", []byte(`{"format": "one"}`))
	if err == nil || !strings.HasPrefix(err.Error(), "y.json:1:") || !strings.Contains(err.Error(), "wrong type") {
		t.Errorf("wrong type: %v", err)
	}
	_, err = Decode("z.json", []byte(`{"format": 1} trailing`))
	if err == nil || !strings.HasPrefix(err.Error(), "z.json:1:15: ") {
		t.Errorf("trailing data: %v", err)
	}
	_, err = Decode("w.json", []byte(`{"format": 1, "extra": true}`))
	if err == nil || !strings.Contains(err.Error(), `unknown field "extra"`) {
		t.Errorf("unknown field: %v", err)
	}
}

func TestFirstDifference(t *testing.T) {
	cases := []struct{ a, b, want string }{
		{`{"pos":[1,2],"x":"a"}`, `{"pos":[1,3],"x":"a"}`, "pos[1]: saved 2, replayed 3"},
		{`{"a":{"b":true}}`, `{"a":{"b":false}}`, "a.b: saved true, replayed false"},
		{`{"a":1}`, `{"a":1,"b":2}`, "b: not saved, replayed 2"},
		{`{"u":[1]}`, `{"u":[1,2]}`, "u: saved 1 items, replayed 2"},
		{`[1]`, `{"a":1}`, "(top): saved [1], replayed {\"a\":1}"},
		{`{"n":1.0}`, `{"n":1.00}`, "n: saved 1.0, replayed 1.00"},
	}
	for _, c := range cases {
		if got := firstDifference([]byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("firstDifference(%s, %s) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
}
