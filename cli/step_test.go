package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"grognard/rules"
	"grognard/saves"
)

// playedSave is a toy game with a dozen actions applied.
func playedSave(t *testing.T) (string, *rules.Game) {
	t.Helper()
	path := newSave(t, "8")
	for range 12 {
		run("apply", path, "1").ok(t)
	}
	g, err := saves.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, g
}

// TestShowStepEqualsTheGamePlayedToThatStep: show --step N gives, for each
// side, the view of the same game replayed to step N.
func TestShowStepEqualsTheGamePlayedToThatStep(t *testing.T) {
	path, g := playedSave(t)
	before := read(t, path)
	for n := 0; n <= len(g.Steps); n++ {
		want, err := rules.Replay(g.Scenario, g.Seed, g.Options, g.Steps[:n])
		if err != nil {
			t.Fatal(err)
		}
		for side, name := range []string{"red", "blue"} {
			var sj struct {
				Step  int             `json:"step"`
				Steps int             `json:"steps"`
				View  json.RawMessage `json:"view"`
			}
			run("show", path, "--step", strconv.Itoa(n), "--as", name, "--json").ok(t).json(t, &sj)
			wv, _ := json.Marshal(want.State.View(rules.Side(side)))
			var a, b bytes.Buffer
			json.Compact(&a, sj.View)
			json.Compact(&b, wv)
			if sj.Step != n || sj.Steps != n || a.String() != b.String() {
				t.Fatalf("show --step %d --as %s:\n%s\nwant\n%s", n, name, a.String(), b.String())
			}
		}
	}
	run("show", path, "--step", "3", "--as", "red").ok(t).has(t, "after step 3 of the record", "view of Red")
	// Hidden information, game not over: without --as, the public view.
	run("show", path, "--step", "3").ok(t).has(t, "after step 3 of the record", "public view")
	run("show", path, "--step", "3", "--reveal").ok(t).has(t, "SPOILER", "seed: 8")
	// Out of range.
	n := strconv.Itoa(len(g.Steps))
	run("show", path, "--step", "-1", "--as", "red").fails(t, 1, "step -1 is out of range", "has "+n+" steps")
	run("show", path, "--step", strconv.Itoa(len(g.Steps)+1), "--as", "red").fails(t, 1, "out of range")
	run("show", path, "--step", "x", "--as", "red").fails(t, 2, "invalid value")
	if !bytes.Equal(before, read(t, path)) {
		t.Fatal("show --step changed the file")
	}
}

func TestBranch(t *testing.T) {
	path, g := playedSave(t)
	before := read(t, path)
	dir := t.TempDir()
	for _, n := range []int{0, 3, 6, len(g.Steps)} {
		out := filepath.Join(dir, "b"+strconv.Itoa(n)+".json")
		run("branch", path, "--step", strconv.Itoa(n), "--out", out).ok(t).has(t, "branched", "after step "+strconv.Itoa(n)+" of "+strconv.Itoa(len(g.Steps)), out)
		if !bytes.Equal(before, read(t, path)) {
			t.Fatal("branch changed the original")
		}
		b, err := saves.Read(out)
		if err != nil {
			t.Fatal(err)
		}
		// The branch's record starts with the original's first n steps
		// (and the chance outcomes then pending, drawn as in the original).
		if len(b.Steps) < n {
			t.Fatalf("branch at %d has %d steps", n, len(b.Steps))
		}
		for i := range b.Steps {
			if i >= len(g.Steps) || b.Steps[i].Action.Key() != g.Steps[i].Action.Key() {
				t.Fatalf("branch at %d: step %d differs from the original", n, i+1)
			}
		}
		// It continues with legal actions, another way than the original.
		if !b.State.Result().Over {
			run("legal", out).ok(t)
			last := len(b.State.Legal())
			run("apply", out, strconv.Itoa(last)).ok(t)
			if _, err := saves.Read(out); err != nil {
				t.Fatalf("the branch does not load after playing on: %v", err)
			}
		}
	}
	out := filepath.Join(dir, "b3.json")
	run("branch", path, "--step", "4", "--out", out).fails(t, 1, "already exists", "--force")
	run("branch", path, "--step", "4", "--out", out, "--force").ok(t)
	run("branch", path, "--step", "99", "--out", filepath.Join(dir, "x.json")).fails(t, 1, "step 99 is out of range")
	run("branch", path, "--step", "-2", "--out", filepath.Join(dir, "x.json")).fails(t, 1, "out of range")
	run("branch", path, "--out", filepath.Join(dir, "x.json")).fails(t, 2, "--step N is required")
	run("branch", path, "--step", "1").fails(t, 2, "--out NEW is required")
	run("branch", path, "--step", "1", "--out", path, "--force").fails(t, 1, "a branch goes into a new file")
	if _, err := os.Stat(filepath.Join(dir, "x.json")); err == nil {
		t.Error("a refused branch wrote a file")
	}
	if !bytes.Equal(before, read(t, path)) {
		t.Fatal("branch changed the original")
	}
	var bj struct {
		Step, Of, Steps int
		Decider         string
	}
	run("branch", path, "--step", "5", "--out", filepath.Join(dir, "j.json"), "--json").ok(t).json(t, &bj)
	if bj.Step != 5 || bj.Of != len(g.Steps) || bj.Steps < 5 || bj.Decider == "" {
		t.Errorf("branch --json = %+v", bj)
	}
}
