package saves

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"grognard/rules"
)

// Per-game autosaves. Every game keeps its own autosave file,
// game-<key>.json in Dir, where the key names the scenario and the game's
// seed. Starting or loading a game therefore never overwrites or deletes
// another game's autosave (the older rotation of autosave.json ...
// autosave.3.json shared by all games lost the earlier game as soon as a
// second one was played), and Continue can offer the recent games.

// gamePrefix starts the name of every per-game autosave.
const gamePrefix = "game-"

// GameKey is the autosave key of a game: its scenario and seed.
func GameKey(g *rules.Game) string {
	var b strings.Builder
	for _, r := range g.Scenario {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteRune('_')
		}
	}
	return b.String() + "-" + strconv.FormatUint(g.Seed, 36)
}

// GameAutosavePath is the autosave file of the game with key in dir.
func GameAutosavePath(dir, key string) string {
	return filepath.Join(dir, gamePrefix+key+".json")
}

// GameAutosaveKey returns the key under which g is autosaved in dir: its
// GameKey, unless that file already holds another line of play of the
// same game (a save loaded from an earlier point and played differently,
// or a game the file does not continue): then a new key with a suffix, so
// the other autosave is kept.
func GameAutosaveKey(dir string, g *rules.Game) string {
	base := GameKey(g)
	for n := 1; ; n++ {
		key := base
		if n > 1 {
			key = base + "." + strconv.Itoa(n)
		}
		data, err := os.ReadFile(GameAutosavePath(dir, key))
		if err != nil {
			return key // no such file (or unreadable: never overwritten below)
		}
		f, err := Parse(key, data)
		if err == nil && f.Scenario == g.Scenario && f.Seed == g.Seed && stepsPrefix(f.Steps, g.Steps) {
			return key // g continues what the file holds
		}
		if n > 1000 {
			return base + "." + strconv.FormatInt(time.Now().UnixNano(), 36)
		}
	}
}

// stepsPrefix reports whether a is a prefix of b.
func stepsPrefix(a, b []rules.Step) bool {
	if len(a) > len(b) {
		return false
	}
	for i := range a {
		if a[i].By != b[i].By || a[i].Action.Key() != b[i].Action.Key() {
			return false
		}
	}
	return true
}

// AutosaveGameIn writes g to its own autosave file in dir, atomically:
// a failed write leaves the previous autosave of the game as it was.
func AutosaveGameIn(dir, key string, g *rules.Game) error {
	data, err := Encode(g)
	if err != nil {
		return err
	}
	return WriteFileAtomic(GameAutosavePath(dir, key), data)
}

// GameEntry is one autosaved game for Continue.
type GameEntry struct {
	Path     string
	Key      string // "" for an autosave of the old shared rotation
	Scenario string
	Turn     int
	Phase    string
	Saved    time.Time // when the file was written
	Game     *rules.Game
}

// Title is the line Continue shows: scenario, turn and phase.
func (e GameEntry) Title() string {
	name := e.Scenario
	if info, ok := rules.ScenarioByID(e.Scenario); ok && info.Name != "" {
		name = info.Name
	}
	if e.Turn > 0 {
		name += fmt.Sprintf(", turn %d", e.Turn)
	}
	if e.Phase != "" {
		name += ", " + e.Phase
	}
	return name
}

// RecentGames lists up to max autosaved games in dir, newest first (by
// the time the file was written), each loaded and checked. Files that do
// not load are left out (and never touched); the autosaves of the old
// shared rotation are listed too.
func RecentGames(dir string, max int) ([]GameEntry, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	type cand struct {
		path, key string
		at        time.Time
	}
	var cs []cand
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".json") {
			continue
		}
		key := ""
		switch {
		case strings.HasPrefix(n, gamePrefix):
			key = strings.TrimSuffix(strings.TrimPrefix(n, gamePrefix), ".json")
		case strings.HasPrefix(n, "autosave"):
		default:
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		cs = append(cs, cand{filepath.Join(dir, n), key, info.ModTime()})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].at.After(cs[j].at) })
	var out []GameEntry
	seen := map[string]bool{}
	for _, c := range cs {
		if len(out) >= max {
			break
		}
		g, err := Read(c.path)
		if err != nil {
			continue
		}
		// The old rotation may hold earlier states of a game listed
		// already: show each game (scenario and seed) once, newest.
		id := g.Scenario + "|" + strconv.FormatUint(g.Seed, 10)
		if c.key == "" && seen[id] {
			continue
		}
		seen[id] = true
		st := g.State.Status()
		out = append(out, GameEntry{Path: c.path, Key: c.key, Scenario: g.Scenario, Turn: st.Turn, Phase: st.Phase, Saved: c.at, Game: g})
	}
	return out, nil
}
