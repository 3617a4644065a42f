package saves

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"grognard/rules"
)

// HomeEnv names the environment variable that moves Grognard's files
// (tests and portable installs): saves go to $GROGNARD_HOME/saves.
const HomeEnv = "GROGNARD_HOME"

// AutosaveKeep is how many autosaves are kept: autosave.json (newest) and
// autosave.1.json ... autosave.3.json (oldest).
const AutosaveKeep = 4

// Dir returns the directory for saves, creating it if needed:
// $GROGNARD_HOME/saves if set, else <user config dir>/grognard/saves.
func Dir() (string, error) {
	var dir string
	if h := os.Getenv(HomeEnv); h != "" {
		dir = filepath.Join(h, "saves")
	} else {
		c, err := os.UserConfigDir()
		if err != nil {
			return "", fmt.Errorf("no place for saves (set %s): %w", HomeEnv, err)
		}
		dir = filepath.Join(c, "grognard", "saves")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("creating the saves directory: %w", err)
	}
	cleanOnce(filepath.Clean(dir)) // temporary files of saves killed mid-write
	return dir, nil
}

// AutosaveName is the file name of the n-th autosave (0 is the newest).
func AutosaveName(n int) string {
	if n == 0 {
		return "autosave.json"
	}
	return "autosave." + strconv.Itoa(n) + ".json"
}

// Autosave writes the game to autosave.json in Dir, keeping the previous
// ones as autosave.1.json ... autosave.3.json.
func Autosave(g *rules.Game) error {
	dir, err := Dir()
	if err != nil {
		return err
	}
	return AutosaveIn(dir, g)
}

// AutosaveIn is Autosave into a given directory. The new file is written
// and flushed before any old one moves, so a failure never loses the
// previous autosaves.
func AutosaveIn(dir string, g *rules.Game) error {
	data, err := Encode(g)
	if err != nil {
		return err
	}
	newest := filepath.Join(dir, AutosaveName(0))
	tmp, err := writeTemp(newest, data)
	if err != nil {
		return err
	}
	for n := AutosaveKeep - 2; n >= 0; n-- {
		from := filepath.Join(dir, AutosaveName(n))
		err := os.Rename(from, filepath.Join(dir, AutosaveName(n+1)))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			os.Remove(tmp)
			return fmt.Errorf("autosave: rotating %s: %w", from, err)
		}
	}
	if err := renameSync(tmp, newest); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// Autoloaded is the result of LoadAutosave.
type Autoloaded struct {
	Game *rules.Game
	Path string // the autosave that was loaded
	// Skipped holds the errors of newer autosaves that could not be loaded.
	Skipped []error
}

// ErrNoAutosave means there is no autosave to continue.
var ErrNoAutosave = errors.New("no autosave")

// LoadAutosave loads the newest autosave in Dir that loads cleanly.
func LoadAutosave() (*Autoloaded, error) {
	dir, err := Dir()
	if err != nil {
		return nil, err
	}
	return LoadAutosaveFrom(dir)
}

// LoadAutosaveFrom is LoadAutosave from a given directory. A damaged
// autosave is skipped (and reported), never changed or removed.
func LoadAutosaveFrom(dir string) (*Autoloaded, error) {
	out := &Autoloaded{}
	for n := range AutosaveKeep {
		p := filepath.Join(dir, AutosaveName(n))
		g, err := Read(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			out.Skipped = append(out.Skipped, err)
			continue
		}
		out.Game, out.Path = g, p
		return out, nil
	}
	if len(out.Skipped) > 0 {
		return out, fmt.Errorf("no autosave in %s loads: %w", dir, errors.Join(out.Skipped...))
	}
	return out, fmt.Errorf("%w in %s", ErrNoAutosave, dir)
}
