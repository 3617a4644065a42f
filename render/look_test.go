package render

import (
	"image"
	"os"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	_ "grognard/rules/systems"
)

// The board viewport of the app in a 1280x720 window (the side panel is
// 360 px wide, the HUD 64 px tall).
var appBoardRect = image.Rect(0, 64, 920, 720)

// scenarioView opens a scenario as its first decider sees it; Almansa
// takes its historical set-up (every counter on the map) and the side
// that moves first.
func scenarioView(t testing.TB, scenario string) *rules.View {
	t.Helper()
	g, err := rules.NewGame(scenario, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 4 {
		st := g.State.Status()
		var pick *rules.Action
		for _, a := range g.State.Legal() {
			if a.Kind == "choose" && a.Choice == "historical" {
				pick = &a
				break
			}
		}
		if pick == nil || st.Decider < 0 {
			break
		}
		if _, err := g.Apply(*pick); err != nil {
			t.Fatal(err)
		}
	}
	st := g.State.Status()
	side := st.Decider
	if side < 0 {
		side = 0
	}
	return g.State.View(side)
}

// drawScenario draws a scenario's board as the app opens it in a
// 1280x720 window.
func drawScenario(t testing.TB, scenario string, o Overlay) (*ebiten.Image, *Board, Camera, *rules.View) {
	t.Helper()
	v := scenarioView(t, scenario)
	b := NewBoard(v.Board)
	img := ebiten.NewImage(1280, 720)
	img.Fill(colTable)
	cam := b.Open(appBoardRect, v)
	b.Draw(img, cam, v, o)
	return img, b, cam, v
}

// TestLookScenarios writes the scenarios as the app opens them, for
// looking at (RENDER_SAMPLES=/tmp/x).
func TestLookScenarios(t *testing.T) {
	// A tool for looking, not an assertion: it only writes PNGs, and drawing
	// whole scenarios in one loop callback takes several GB under software
	// OpenGL, so it runs only when asked for.
	if os.Getenv("RENDER_SAMPLES") == "" && os.Getenv("LOOK") == "" {
		t.Skip("set RENDER_SAMPLES=DIR (and LOOK=\"scenario ...\") to draw the scenarios as the app opens them")
	}
	needLoop(t)
	for _, sc := range strings.Fields(envOr("LOOK", "almansa-1707 venta-del-pozo")) {
		img, _, _, _ := drawScenario(t, sc, Overlay{Minimap: os.Getenv("NOMM") == ""})
		savePNG(t, img, "look_"+sc+".png")
	}
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
