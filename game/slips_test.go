package game

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestSaveAddsJSONAndOffersAName: a save typed without an extension is
// written with .json (the Load dialog shows only those); the dialog
// offers a name with the scenario, turn and date.
func TestSaveAddsJSONAndOffersAName(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := newHexSession(t, 3)
	a, _ := scriptedApp(t, s)
	p := filepath.Join(t.TempDir(), "my game")
	a.savePath = func() (string, error) { return p, nil }
	step(t, a, Key(ebiten.KeyS, true))
	if _, err := os.Stat(p + ".json"); err != nil {
		t.Fatalf("the save should be %s.json: %v (%q)", p, err, s.Message)
	}
	if _, err := os.Stat(p); err == nil {
		t.Fatal("a save without .json was written")
	}
	if _, err := LoadSession(p + ".json"); err != nil {
		t.Fatal(err)
	}
	name := saveName(s, time.Date(2026, 11, 23, 18, 40, 0, 0, time.UTC))
	if name != s.Game.Scenario+"-turn1-2026-11-23-1840.json" {
		t.Fatalf("offered name %q", name)
	}
	if withJSON("a.JSON") != "a.JSON" || withJSON("a.txt") != "a.txt.json" {
		t.Fatal("withJSON")
	}
}

// TestArrowKeysKeepTheMapInView: holding an arrow key for a long time
// never pans the map off the board viewport.
func TestArrowKeysKeepTheMapInView(t *testing.T) {
	s := almSetUp(t)
	a, b := scriptedApp(t, s)
	in := a.input.(*scriptInput)
	br := b.BoardRect(a)
	w, h := b.RB.Size()
	for _, k := range []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyArrowRight, ebiten.KeyArrowUp, ebiten.KeyArrowDown} {
		in.held = map[ebiten.Key]bool{k: true}
		for range 600 {
			step(t, a)
		}
		in.held = nil
		x0, y0 := b.Cam.ToScreen(0, 0)
		x1, y1 := b.Cam.ToScreen(w, h)
		shown := screenRect(x0, y0, x1, y1).Intersect(br)
		if shown.Dx() < br.Dx()/3 || shown.Dy() < br.Dy()/3 {
			t.Fatalf("after holding %v the map shows only %v of the board %v", k, shown, br)
		}
		step(t, a, Key(ebiten.KeyF, false))
	}
	// Zooming out at a corner keeps it too.
	for range 30 {
		step(t, a, Event{Kind: EvWheel, X: br.Min.X + 2, Y: br.Min.Y + 2, DY: -1})
	}
	x0, y0 := b.Cam.ToScreen(0, 0)
	x1, y1 := b.Cam.ToScreen(w, h)
	if screenRect(x0, y0, x1, y1).Intersect(br).Empty() {
		t.Fatal("zoomed out, the map left the board")
	}
	_ = strings.TrimSpace
}

func screenRect(x0, y0, x1, y1 float64) image.Rectangle {
	return image.Rect(int(x0), int(y0), int(x1), int(y1))
}
