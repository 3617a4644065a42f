package saves

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"grognard/rules"
	"grognard/rules/rulestest"
	_ "grognard/rules/systems"
)

// legacyBytes writes g as Grognard 0.1.0 did: format 1, plain, with its
// checksum.
func legacyBytes(t *testing.T, g *rules.Game) []byte {
	t.Helper()
	info, _ := rules.ScenarioByID(g.Scenario)
	snap, err := g.State.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	f := legacyFile{Format: 1, App: "0.1.0", SavedAt: time.Now().UTC().Format(time.RFC3339), System: info.System,
		Scenario: g.Scenario, Seed: g.Seed, Steps: g.Steps, Snapshot: snap}
	if f.Checksum, err = f.sum(); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(&f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLegacyFormat1HiddenGameLoadsNotProvenFair [#22]: format 1 kept the seed
// in plain text (and its checksum has no key), so a format-1 save of a game
// with hidden information loads marked seed_chosen — not proven fair — and
// keeps the mark once saved again as format 2; a game without hidden
// information loads unmarked.
func TestLegacyFormat1HiddenGameLoadsNotProvenFair(t *testing.T) {
	rulestest.Register()
	// The format-1 examples of Grognard 0.1.0 (the toy has hidden cards).
	g, err := Read(filepath.Join("testdata", "v1", "toy-midgame.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !g.SeedChosen {
		t.Fatal("a format-1 toy save loaded as proven fair")
	}
	b, err := Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"seed_chosen": true`)) {
		t.Errorf("the migrated save's header does not say seed_chosen:\n%s", b)
	}
	g2, err := Decode("migrated.json", b)
	if err != nil || !g2.SeedChosen {
		t.Fatalf("the mark is lost once saved again: %v", err)
	}
	// Venta del Pozo (hidden hands) and Almansa (nothing hidden), written as format 1.
	for sc, hidden := range map[string]bool{"venta-del-pozo": true, "almansa-1707": false} {
		g, err := rules.NewGame(sc, 12345, nil)
		if err != nil {
			t.Fatal(err)
		}
		old, err := Decode(sc+"-v1.json", legacyBytes(t, g))
		if err != nil {
			t.Fatalf("%s: %v", sc, err)
		}
		if old.SeedChosen != hidden {
			t.Errorf("%s from format 1: seed chosen %v, want %v", sc, old.SeedChosen, hidden)
		}
	}
}
