package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/saves"
)

func TestPlayoutBounds(t *testing.T) {
	run("playout", "toy-race", "--games", "9223372036854775807").fails(t, 2, "--games must be at least 1 and at most 1000000")
	run("playout", "toy-race", "--games", "-1").fails(t, 2, "--games must be at least 1")
	run("playout", "toy-race", "--max-actions", "-5").fails(t, 2, "--max-actions must be at least 1", "got -5")
	run("playout", "toy-race", "--max-actions", "0").fails(t, 2, "--max-actions must be at least 1")
	run("playout", "toy-race", "--max-actions", "99999999999").fails(t, 2, "at most 10000000")
	run("playout", "toy-race", "--games", "2", "--max-actions", "1000").ok(t).has(t, "2 games")
	run("help", "playout").ok(t).has(t, "number of games (1 to 1000000)", "(1 to 10000000) (default 100000)")
}

func TestApplyActionJSONUnknownField(t *testing.T) {
	path := newSave(t, "5")
	before := read(t, path)
	run("apply", path, `{"kind":"move","unit":"red","to":"1","speed":3}`).fails(t, 1, `an action has no field "speed"`, "nothing written")
	run("apply", path, `{"kind":"move","unit":"red","to":"1"} {"kind":"end"}`).fails(t, 1, "text after the action")
	run("apply", path, `{"kind":"move","unit":"red","to":"1"}x`).fails(t, 1, "cannot read the action as JSON")
	if !bytes.Equal(before, read(t, path)) {
		t.Fatal("a refused action changed the file")
	}
	run("apply", path, `{"kind":"move","unit":"red","to":"1","label":"anything"}`).ok(t).has(t, "Red advances 1")
}

func TestApplyRefusesReadOnlySave(t *testing.T) {
	path := newSave(t, "5")
	os.Chmod(path, 0o444)
	before := read(t, path)
	run("apply", path, "1").fails(t, 1, "read-only", "nothing written")
	if !bytes.Equal(before, read(t, path)) {
		t.Fatal("a read-only save changed")
	}
}

func TestApplyWritesThroughSymlink(t *testing.T) {
	path := newSave(t, "5")
	link := filepath.Join(t.TempDir(), "link.json")
	if err := os.Symlink(path, link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	run("apply", link, "1").ok(t)
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the symbolic link was replaced by a file")
	}
	g, err := saves.Read(path)
	if err != nil || len(g.Steps) != 3 {
		t.Fatalf("the target was not written: %v", err)
	}
}

// TestApplyEventsForTheDecider: an event's secret text reaches only its
// owner; --reveal shows it.
func TestApplyEventsForTheDecider(t *testing.T) {
	ev := rules.Event{Kind: "draw", Text: "Blue draws a card", Private: "Blue draws the Ace", Owner: 1, Rule: "1.2"}
	for _, c := range []struct {
		viewer rules.Side
		reveal bool
		want   string
	}{{0, false, "Blue draws a card"}, {rules.NoSide, false, "Blue draws a card"}, {1, false, "Blue draws the Ace"}, {0, true, "Blue draws the Ace"}} {
		j := eventFor(ev, c.viewer, c.reveal)
		b, _ := json.Marshal(j)
		if j.Text != c.want || !strings.HasPrefix(j.Line, c.want) {
			t.Errorf("viewer %d reveal %v: %+v", c.viewer, c.reveal, j)
		}
		if c.want == ev.Text && strings.Contains(string(b), "Ace") {
			t.Errorf("viewer %d: the JSON holds the secret: %s", c.viewer, b)
		}
	}
	// apply --reveal says it spoils the game.
	path := newSave(t, "5")
	run("apply", path, "1", "--reveal").ok(t).has(t, "SPOILER")
	// --as refuses an action that is not that side's.
	before := read(t, path)
	run("apply", path, "end", "--as", "blue").fails(t, 1, "Red decides now, not Blue (--as)", "nothing written")
	if !bytes.Equal(before, read(t, path)) {
		t.Fatal("refused --as changed the file")
	}
}

func TestApplyChanceWithAs(t *testing.T) {
	path := chanceSave(t)
	run("apply", path, "chance", "--as", "blue").ok(t).has(t, "> chance: the game's generator draws", "Blue decides")
	run("apply", path, "chance", "--as", "blue").fails(t, 1, "no chance point now, Blue decides", "nothing written")
}
