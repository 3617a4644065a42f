package game

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules/almansa"
	"grognard/saves"
)

// replayButtonAt is the centre of the replay panel's button labelled label.
func replayButtonAt(t *testing.T, a *App, rs *replayScene, label string) image.Point {
	t.Helper()
	rs.layout(a)
	for _, bt := range rs.buttons {
		if bt.b.Label == label {
			return bt.b.Rect.Min.Add(bt.b.Rect.Size().Div(2))
		}
	}
	t.Fatalf("no %q button in the replay panel", label)
	return image.Point{}
}

// branchFiles lists the new games Play from here wrote to the save folder.
func branchFiles(t *testing.T) []string {
	t.Helper()
	dir, err := saves.Dir()
	if err != nil {
		t.Fatal(err)
	}
	fs, _ := filepath.Glob(filepath.Join(dir, "*-branch-*.json"))
	return fs
}

// TestReplayScenePlayFromHereAsksFirst: in the replay of a save, "Play
// from here" (P or its button) starts nothing at once: it asks, saying the
// new game starts from this turn and step and that the original save is
// kept. Esc (or "Stay in the replay") leaves the replay as it was, at the
// same step, with no new file; Enter (or "Start the new game") starts the
// new game from that step, the original file unchanged.
func TestReplayScenePlayFromHereAsksFirst(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	g, snaps := playRandom(t, almansa.ScenarioID, 11, 80)
	orig := filepath.Join(t.TempDir(), "orig.json")
	if err := saves.Write(orig, g); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(orig)
	a := NewApp()
	a.input = &scriptInput{}
	a.Layout(WindowW, WindowH)
	a.loadPath = func() (string, error) { return orig, nil }
	step(t, a, Key(ebiten.KeyR, true))
	rs := replayOf(t, a)
	rs.R.Goto(40)
	step(t, a)
	moment := "step 40 of 80 (" + rs.R.Status(40).Phase + ")" // a set-up: turn 0
	if turn := rs.R.Status(40).Turn; turn > 0 {
		moment = "turn " + itoa(turn) + ", " + moment
	}

	// No, by key and by button: the replay stays as it was.
	for _, no := range []string{"Esc", "button"} {
		step(t, a, Key(ebiten.KeyP, false))
		if replayOf(t, a) != rs || rs.b.dialog == nil {
			t.Fatalf("P did not ask first (the app shows %T)", a.scene)
		}
		text := rs.b.dialog.text
		for _, want := range []string{moment, "new save", "orig.json", "kept"} {
			if !strings.Contains(text, want) {
				t.Errorf("the question %q does not say %q", text, want)
			}
		}
		// Keys other than Enter and Esc do nothing while it is open.
		step(t, a, Key(ebiten.KeyArrowRight, false), Key(ebiten.KeySpace, false))
		if rs.R.N != 40 || rs.b.dialog == nil {
			t.Fatalf("a key moved the replay to step %d under the question", rs.R.N)
		}
		if no == "Esc" {
			step(t, a, Key(ebiten.KeyEscape, false))
		} else {
			rs.b.layoutDialog(a) // where the frame draws it
			c := rs.b.dialog.btns[1].Min.Add(rs.b.dialog.btns[1].Size().Div(2))
			step(t, a, Click(c.X, c.Y)...)
		}
		if replayOf(t, a) != rs || rs.b.dialog != nil || rs.R.N != 40 {
			t.Fatalf("%s: the replay did not stay at step 40 with the question closed (step %d)", no, rs.R.N)
		}
		if fs := branchFiles(t); len(fs) != 0 {
			t.Fatalf("%s: a new game was written: %v", no, fs)
		}
	}
	if a.Board() != nil {
		t.Fatal("answering no left the replay")
	}

	// Yes, by the panel's button and the question's first button.
	p := replayButtonAt(t, a, rs, "Play from here (P)")
	step(t, a, Click(p.X, p.Y)...)
	if rs.b.dialog == nil || a.Board() != nil {
		t.Fatal("the Play from here button did not ask first")
	}
	rs.b.layoutDialog(a)
	c := rs.b.dialog.btns[0].Min.Add(rs.b.dialog.btns[0].Size().Div(2))
	step(t, a, Click(c.X, c.Y)...)
	b := a.Board()
	if b == nil {
		t.Fatalf("yes did not start the new game: the app shows %T", a.scene)
	}
	if len(b.S.Game.Steps) != 40 {
		t.Fatalf("the new game has %d steps, want 40", len(b.S.Game.Steps))
	}
	if snap, _ := b.S.Game.State.Snapshot(); !bytes.Equal(snap, snaps[40]) {
		t.Fatal("the new game does not start from step 40")
	}
	if fs := branchFiles(t); len(fs) != 1 {
		t.Fatalf("the new save: %v", fs)
	}
	if after, _ := os.ReadFile(orig); !bytes.Equal(before, after) {
		t.Fatal("the original save changed")
	}
}

// TestReplayScenePlayFromHereAsksInTheLiveGame: in the replay of the
// live game, the question says the game being played is kept in its
// autosave; Esc returns to the replay, Enter starts the new game.
func TestReplayScenePlayFromHereAsksInTheLiveGame(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	g, _ := playRandom(t, almansa.ScenarioID, 13, 60)
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	a, live := scriptedApp(t, s)
	if s.Waiting() {
		s.TakeSeat()
	}
	step(t, a, Key(ebiten.KeyR, false))
	step(t, a, Key(ebiten.KeyArrowLeft, false), Key(ebiten.KeyP, false))
	rs := replayOf(t, a)
	st := rs.R.Status(59)
	if st.Turn <= 0 {
		t.Fatalf("step 59 is in no turn: %+v", st)
	}
	if rs.b.dialog == nil {
		t.Fatal("P did not ask first")
	}
	for _, want := range []string{"turn " + itoa(st.Turn) + ", step 59 of 60 (" + st.Phase + ")", "game you were playing is kept", "autosave"} {
		if !strings.Contains(rs.b.dialog.text, want) {
			t.Errorf("the question %q does not say %q", rs.b.dialog.text, want)
		}
	}
	step(t, a, Key(ebiten.KeyEscape, false))
	if replayOf(t, a) != rs || rs.b.dialog != nil || rs.R.N != 59 {
		t.Fatal("Esc did not leave the replay as it was")
	}
	step(t, a, Key(ebiten.KeyP, false), Key(ebiten.KeyEnter, false))
	nb := a.Board()
	if nb == nil || nb == live || nb.S == s || len(nb.S.Game.Steps) != 59 {
		t.Fatalf("Enter did not start a new game of 59 steps (%T)", a.scene)
	}
}
