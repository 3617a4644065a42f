package game

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/saves"
)

// TestNativeDialogUnderPlainXFallsBackToFileList: with no desktop session
// (a plain X server, Xvfb: the GTK dialog opened at the top-left with its
// buttons off screen) the window's own list is used; a desktop session,
// or GROGNARD_FILE_DIALOG, chooses the native one.
func TestNativeDialogUnderPlainXFallsBackToFileList(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	if nativeDialogs(env(map[string]string{"DISPLAY": ":45"})) {
		t.Error("a bare X server uses the native dialog")
	}
	if !nativeDialogs(env(map[string]string{"DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "GNOME"})) {
		t.Error("a GNOME session does not use the native dialog")
	}
	if nativeDialogs(env(map[string]string{"XDG_CURRENT_DESKTOP": "KDE", EnvFileDialog: "inapp"})) {
		t.Error("GROGNARD_FILE_DIALOG=inapp is not obeyed")
	}
	if !nativeDialogs(env(map[string]string{EnvFileDialog: "native"})) {
		t.Error("GROGNARD_FILE_DIALOG=native is not obeyed")
	}
}

// TestSaveOpenFileListInTheWindow: Ctrl+S under a plain X server opens the
// window's own list over the whole window; keys go to it, not to the game
// (Space ends no phase); Enter saves under the offered name in the saves
// folder; Ctrl+O lists that save first and Enter opens it; Esc cancels.
func TestSaveOpenFileListInTheWindow(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	t.Setenv(EnvFileDialog, "inapp")
	s, err := NewSession("almansa-1707", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, b := scriptedApp(t, s)
	s.TakeSeat()
	step(t, a, Key(ebiten.KeyS, true))
	f, ok := a.scene.(*fileList)
	if !ok {
		t.Fatalf("Ctrl+S opened %T, not the file list", a.scene)
	}
	phase := s.View().Status.Phase
	step(t, a, Key(ebiten.KeySpace, false))
	if a.scene != f || s.View().Status.Phase != phase {
		t.Fatal("Space went through the file list to the game")
	}
	step(t, a, Key(ebiten.KeyEnter, false))
	if a.Board() != b {
		t.Fatal("Enter did not close the list back to the game")
	}
	dir, _ := saves.Dir()
	p := filepath.Join(dir, f.save)
	if _, err := os.Stat(withJSON(p)); err != nil {
		t.Fatalf("no save written: %v", err)
	}
	step(t, a, Key(ebiten.KeyO, true))
	if b.dialog != nil {
		step(t, a, Key(ebiten.KeyEnter, false)) // leave the game: it is saved
	}
	l, ok := a.scene.(*fileList)
	if !ok || len(l.files) == 0 || l.files[0].name != filepath.Base(withJSON(p)) {
		t.Fatalf("Ctrl+O: %T", a.scene)
	}
	step(t, a, Key(ebiten.KeyEscape, false))
	if a.Board() != b {
		t.Fatal("Esc did not cancel back to the game")
	}
	step(t, a, Key(ebiten.KeyO, true))
	if b.dialog != nil {
		step(t, a, Key(ebiten.KeyEnter, false))
	}
	step(t, a, Key(ebiten.KeyEnter, false))
	if nb := a.Board(); nb == nil || nb == b || nb.S.Game.Scenario != "almansa-1707" {
		t.Fatal("Enter did not open the save")
	}
}
