package saves

import (
	"os"
	"testing"
	"time"

	"grognard/rules"
)

// TestEachGameKeepsItsAutosave: two games autosave into two files; playing
// on in one never touches the other; both are offered by RecentGames,
// newest first, with their scenario, turn and time.
func TestEachGameKeepsItsAutosave(t *testing.T) {
	dir := t.TempDir()
	a, b := newToy(t, 1), newToy(t, 2)
	ka, kb := GameAutosaveKey(dir, a), GameAutosaveKey(dir, b)
	if ka == kb {
		t.Fatalf("two games share the autosave key %q", ka)
	}
	mustApply(t, a, a.State.Legal()[0])
	if err := AutosaveGameIn(dir, ka, a); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(GameAutosavePath(dir, ka))
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond) // distinct modification times
	for range 3 {
		mustApply(t, b, b.State.Legal()[0])
		if err := AutosaveGameIn(dir, kb, b); err != nil {
			t.Fatal(err)
		}
	}
	after, err := os.ReadFile(GameAutosavePath(dir, ka))
	if err != nil || string(after) != string(before) {
		t.Fatalf("the second game changed the first game's autosave (err %v)", err)
	}
	got, err := RecentGames(dir, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Key != kb || got[1].Key != ka {
		t.Fatalf("recent games %+v", got)
	}
	if len(got[0].Game.Steps) != len(b.Steps) || len(got[1].Game.Steps) != len(a.Steps) {
		t.Fatalf("steps %d and %d, want %d and %d", len(got[0].Game.Steps), len(got[1].Game.Steps), len(b.Steps), len(a.Steps))
	}
	if got[0].Scenario != b.Scenario || got[0].Saved.IsZero() || got[0].Title() == "" {
		t.Fatalf("entry %+v", got[0])
	}
}

// TestLoadedBranchGetsItsOwnAutosave: a save of an earlier point of a game
// loaded and played differently gets a new key, so the autosave of the
// game as it went on is kept; a save that continues the autosave reuses
// its key.
func TestLoadedBranchGetsItsOwnAutosave(t *testing.T) {
	dir := t.TempDir()
	g := newToy(t, 5)
	early := g.Clone()
	mustApply(t, g, g.State.Legal()[0])
	mustApply(t, g, g.State.Legal()[0])
	key := GameAutosaveKey(dir, g)
	if err := AutosaveGameIn(dir, key, g); err != nil {
		t.Fatal(err)
	}
	// The same game further on continues the file.
	more := g.Clone()
	mustApply(t, more, more.State.Legal()[0])
	if k := GameAutosaveKey(dir, more); k != key {
		t.Fatalf("a game continuing the autosave got key %q, want %q", k, key)
	}
	// An earlier point played otherwise: a new key.
	var other rules.Action
	for _, a := range early.State.Legal() {
		if a.Key() != g.Steps[0].Action.Key() {
			other = a
			break
		}
	}
	if other.Kind == "" {
		t.Skip("the toy offers one action only")
	}
	mustApply(t, early, other)
	k2 := GameAutosaveKey(dir, early)
	if k2 == key {
		t.Fatal("a different line of play would overwrite the autosave")
	}
	if err := AutosaveGameIn(dir, k2, early); err != nil {
		t.Fatal(err)
	}
	got, _ := RecentGames(dir, 5)
	if len(got) != 2 {
		t.Fatalf("both lines of play should be listed: %+v", got)
	}
}
