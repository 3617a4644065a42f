package game

import (
	"path/filepath"
	"testing"
)

// TestLoadedSaveSaysNotProvenFair: a save whose seed is known (chosen with
// --seed, or migrated from format 1) opens in the window with the note that
// the game is not proven fair, as the command line says; a fair one opens
// without it.
func TestLoadedSaveSaysNotProvenFair(t *testing.T) {
	for _, chosen := range []bool{false, true} {
		s, err := NewSession("venta-del-pozo", 5, nil)
		if err != nil {
			t.Fatal(err)
		}
		s.Game.SeedChosen = chosen
		p := filepath.Join(t.TempDir(), "g.json")
		if err := s.Save(p); err != nil {
			t.Fatal(err)
		}
		l, err := LoadSession(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := l.Message == NotProvenFair; got != chosen {
			t.Errorf("seed chosen %v: message %q", chosen, l.Message)
		}
	}
}
