package saves

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"grognard/rules"
	"grognard/rules/rulestest"
)

func newToy(t *testing.T, seed uint64) *rules.Game {
	t.Helper()
	rulestest.Register()
	g, err := rules.NewGame(rulestest.ScenarioID, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestWriteRead(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	g := newToy(t, 9)
	mustApply(t, g, g.State.Legal()[1], rules.Action{Kind: "end"})
	if err := Write(path, g); err != nil {
		t.Fatal(err)
	}
	back, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if same, err := rules.SameState(g.State, back.State); err != nil || !same {
		t.Fatalf("read back a different game (err %v)", err)
	}
	if len(back.Steps) != len(g.Steps) || back.Seed != 9 {
		t.Errorf("read back %d steps, seed %d", len(back.Steps), back.Seed)
	}
	// The file is indented JSON a person can read.
	data, _ := os.ReadFile(path)
	if !bytes.Contains(data, []byte("\n  \"scenario\": \"toy-race\",\n")) || !bytes.Contains(data, []byte(`"app": "`+AppVersion+`"`)) {
		t.Errorf("file is not the indented format:\n%s", data)
	}
	// Only the save is left in the directory: no temporary file.
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("directory holds %d entries after a save", len(ents))
	}
}

func TestWriteFailureKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	g := newToy(t, 1)
	if err := Write(path, g); err != nil {
		t.Fatal(err)
	}
	old, _ := os.ReadFile(path)

	mustApply(t, g, g.State.Legal()[0])
	// A crash between the complete temporary file and the rename.
	beforeRename = func(string) error { return errors.New("power cut") }
	err := Write(path, g)
	beforeRename = nil
	if err == nil || !strings.Contains(err.Error(), "power cut") || !strings.Contains(err.Error(), path) {
		t.Fatalf("failed write: error %v", err)
	}
	now, _ := os.ReadFile(path)
	if !bytes.Equal(old, now) {
		t.Fatalf("a failed write changed the old file")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("a failed write left %d entries", len(ents))
	}
	// A game that cannot be encoded never touches the disk.
	if err := Write(path, &rules.Game{}); err == nil {
		t.Errorf("wrote an empty game")
	}
	now, _ = os.ReadFile(path)
	if !bytes.Equal(old, now) {
		t.Fatalf("a refused game changed the old file")
	}
	// Writing into a missing directory fails and names the file.
	if err := Write(filepath.Join(dir, "nope", "g.json"), g); err == nil || !strings.Contains(err.Error(), "g.json") {
		t.Errorf("write into missing dir: %v", err)
	}
	// A directory in the way is not replaced.
	if err := os.Mkdir(filepath.Join(dir, "d.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Write(filepath.Join(dir, "d.json"), g); err == nil {
		t.Errorf("replaced a directory with a save")
	}
	// The successful write replaces the file.
	if err := Write(path, g); err != nil {
		t.Fatal(err)
	}
	if back, err := Read(path); err != nil || len(back.Steps) != len(g.Steps) {
		t.Errorf("after a good write: %v", err)
	}
}

func TestDir(t *testing.T) {
	home := t.TempDir()
	t.Setenv(HomeEnv, home)
	d, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	if d != filepath.Join(home, "saves") {
		t.Errorf("Dir = %s", d)
	}
	if st, err := os.Stat(d); err != nil || !st.IsDir() {
		t.Errorf("Dir did not create %s", d)
	}

	// Without GROGNARD_HOME: the user's configuration directory.
	cfg := t.TempDir()
	t.Setenv(HomeEnv, "")
	t.Setenv("XDG_CONFIG_HOME", cfg)
	t.Setenv("HOME", cfg)
	t.Setenv("AppData", cfg)
	d, err = Dir()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(d, cfg) || !strings.HasSuffix(d, filepath.Join("grognard", "saves")) {
		t.Errorf("Dir = %s, want it under %s", d, cfg)
	}
}

// gameAfter returns a toy game after n player decisions.
func gameAfter(t *testing.T, n int) *rules.Game {
	g := newToy(t, 5)
	for range n {
		mustApply(t, g, g.State.Legal()[0])
	}
	return g
}

func TestAutosaveRotation(t *testing.T) {
	home := t.TempDir()
	t.Setenv(HomeEnv, home)
	dir := filepath.Join(home, "saves")
	if _, err := LoadAutosave(); !errors.Is(err, ErrNoAutosave) {
		t.Fatalf("empty directory: %v", err)
	}
	steps := map[int]int{}
	for n := range 6 {
		g := gameAfter(t, n)
		steps[n] = len(g.Steps)
		if err := Autosave(g); err != nil {
			t.Fatal(err)
		}
	}
	// Four copies: the newest and the three before it.
	ents, _ := os.ReadDir(dir)
	if len(ents) != AutosaveKeep {
		t.Errorf("%d files after 6 autosaves", len(ents))
	}
	for k := range AutosaveKeep {
		g, err := Read(filepath.Join(dir, AutosaveName(k)))
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Steps) != steps[5-k] {
			t.Errorf("%s has %d steps, want %d", AutosaveName(k), len(g.Steps), steps[5-k])
		}
	}
	got, err := LoadAutosave()
	if err != nil {
		t.Fatal(err)
	}
	if got.Path != filepath.Join(dir, "autosave.json") || len(got.Game.Steps) != steps[5] || len(got.Skipped) != 0 {
		t.Errorf("LoadAutosave = %s, %d steps, skipped %v", got.Path, len(got.Game.Steps), got.Skipped)
	}
}

func TestAutosaveBrokenNewestKeepsOlder(t *testing.T) {
	dir := t.TempDir()
	for n := range 4 {
		if err := AutosaveIn(dir, gameAfter(t, n)); err != nil {
			t.Fatal(err)
		}
	}
	// The newest autosave is cut short (a crash of an old writer, a bad disk).
	newest := filepath.Join(dir, "autosave.json")
	data, _ := os.ReadFile(newest)
	if err := os.WriteFile(newest, data[:len(data)/3], 0o644); err != nil {
		t.Fatal(err)
	}
	before := dirHashes(t, dir)
	got, err := LoadAutosaveFrom(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got.Path != filepath.Join(dir, "autosave.1.json") || len(got.Skipped) != 1 || !strings.Contains(got.Skipped[0].Error(), "autosave.json") {
		t.Errorf("loaded %s, skipped %v", got.Path, got.Skipped)
	}
	if len(got.Game.Steps) != len(gameAfter(t, 2).Steps) {
		t.Errorf("loaded the wrong autosave: %d steps", len(got.Game.Steps))
	}
	sameHashes(t, before, dirHashes(t, dir), "loading past a broken autosave")

	// Every autosave broken: an error that names them, files untouched.
	for n := 1; n < AutosaveKeep; n++ {
		if err := os.WriteFile(filepath.Join(dir, AutosaveName(n)), []byte("{"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before = dirHashes(t, dir)
	if _, err := LoadAutosaveFrom(dir); err == nil || !strings.Contains(err.Error(), "autosave.3.json") {
		t.Errorf("all broken: %v", err)
	}
	sameHashes(t, before, dirHashes(t, dir), "failing to load any autosave")
}

func TestAutosaveFailureKeepsPrevious(t *testing.T) {
	dir := t.TempDir()
	for n := range 2 {
		if err := AutosaveIn(dir, gameAfter(t, n)); err != nil {
			t.Fatal(err)
		}
	}
	beforeRename = func(string) error { return errors.New("disk pulled") }
	err := AutosaveIn(dir, gameAfter(t, 2))
	beforeRename = nil
	if err == nil {
		t.Fatal("failed autosave reported no error")
	}
	// The previous newest autosave still loads, and no temporary file is left.
	got, err := LoadAutosaveFrom(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Game.Steps) != len(gameAfter(t, 1).Steps) {
		t.Errorf("after a failed autosave the newest game has %d steps", len(got.Game.Steps))
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func TestUnknownOption(t *testing.T) {
	g := newToy(t, 4)
	f, err := NewFile(g, exampleTime)
	if err != nil {
		t.Fatal(err)
	}
	f.Options = rules.Options{"fog": true}
	resign(t, f)
	_, err = Decode("opt.json", marshal(t, f))
	if err == nil || !errors.Is(err, ErrUnknownScenario) || !strings.Contains(err.Error(), `opt.json: scenario "toy-race" has no optional rule "fog"`) {
		t.Errorf("unknown option: %v", err)
	}
}

// crashy is a system whose Apply panics on an action it does not list.
type crashy struct{ rules.State }

func (c *crashy) Apply(a rules.Action) ([]rules.Event, error) {
	if _, ok := rules.FindLegal(c.State, a); !ok {
		panic("index out of range")
	}
	return c.State.Apply(a)
}
func (c *crashy) Clone() rules.State { return &crashy{c.State.Clone()} }

var crashyOnce sync.Once

func TestReplayPanicIsAnError(t *testing.T) {
	rulestest.Register()
	crashyOnce.Do(func() {
		rules.Register(rules.SystemInfo{ID: "crashy"}, []rules.ScenarioInfo{{ID: "crashy-race", Sides: []string{"Red", "Blue"}}},
			func(string, rules.Options) (rules.State, error) {
				st, err := rulestest.New(rulestest.ScenarioID, nil)
				return &crashy{st}, err
			})
	})
	g, err := rules.NewGame("crashy-race", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := fileOf(t, g)
	f.System = "crashy"
	f.Steps = append(f.Steps, rules.Step{Action: rules.Action{Kind: "move", Unit: "red", To: "7"}, By: 0})
	resign(t, f)
	_, err = Decode("crash.json", marshal(t, f))
	if err == nil || !errors.Is(err, ErrReplay) || !strings.Contains(err.Error(), "crash.json: the rules failed") || !strings.Contains(err.Error(), "index out of range") {
		t.Errorf("replay panic: %v", err)
	}
}
