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

// allScenarios lists every registered scenario id.
func allScenarios() []string {
	var out []string
	for _, sys := range rules.Systems() {
		for _, sc := range rules.Scenarios(sys.ID) {
			out = append(out, sc.ID)
		}
	}
	return out
}

// TestLookScenarios draws every registered scenario as the app opens it
// (LOOK="id ..." limits it; RENDER_SAMPLES=DIR writes the PNGs to look
// at) and checks each board: the viewport is covered by the painted map,
// not the bare table, and the map is not one flat colour.
func TestLookScenarios(t *testing.T) {
	needLoop(t)
	list := allScenarios()
	if l := os.Getenv("LOOK"); l != "" {
		list = strings.Fields(l)
	}
	for _, sc := range list {
		img, _, _, _ := drawScenario(t, sc, Overlay{Minimap: os.Getenv("NOMM") == ""})
		savePNG(t, img, "look_"+sc+".png")
		r := appBoardRect
		table, n := 0, 0
		colours := map[[3]uint8]bool{}
		for y := r.Min.Y; y < r.Max.Y; y += 7 {
			for x := r.Min.X; x < r.Max.X; x += 7 {
				c := pix(img, float64(x), float64(y))
				if c == colTable {
					table++
				}
				colours[[3]uint8{c.R &^ 7, c.G &^ 7, c.B &^ 7}] = true
				n++
			}
		}
		if table*2 > n {
			t.Errorf("%s: %d of %d sampled points of the board are the bare table", sc, table, n)
		}
		if len(colours) < 40 {
			t.Errorf("%s: only %d distinct colours on the board: the map is not painted", sc, len(colours))
		}
		flushQueue()
	}
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
