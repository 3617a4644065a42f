package render

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	"grognard/rules/hex"
	"grognard/rules/zone"
	"grognard/scenarios"
)

// Ebitengine initialises its window system when the package loads, so every
// test of this package needs an X display (the geometry tests draw nothing,
// but linking Ebitengine is enough): run them under Xvfb,
//
//	xvfb-run -a go test ./render/
//
// The tests run inside the first Update of a tiny game, where images can be
// drawn and read back.

var inLoop bool

type testGame struct {
	m    *testing.M
	code int
	ran  bool
}

func (g *testGame) Update() error {
	if !g.ran {
		g.ran = true
		inLoop = true
		g.code = g.m.Run()
	}
	return ebiten.Termination
}

func (g *testGame) Draw(*ebiten.Image)         {}
func (g *testGame) Layout(int, int) (int, int) { return 64, 64 }

func TestMain(m *testing.M) {
	g := &testGame{m: m}
	ebiten.SetWindowSize(64, 64)
	ebiten.SetWindowTitle("render tests")
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintln(os.Stderr, "render tests:", err)
		os.Exit(2)
	}
	os.Exit(g.code)
}

func needLoop(tb testing.TB) {
	tb.Helper()
	if !inLoop {
		tb.Skip("needs a display: run under xvfb-run -a")
	}
	// Every test runs inside one Update callback, so Ebitengine would keep
	// every test's queued draw commands until the whole run ends (gigabytes
	// under software OpenGL). Reading a pixel runs the queue now.
	tb.Cleanup(flushQueue)
}

var flushImg *ebiten.Image

func flushQueue() {
	if flushImg == nil {
		flushImg = ebiten.NewImage(1, 1)
	}
	flushImg.ReadPixels(make([]byte, 4))
}

// fixtureHex is the scenarios loader's fixture map (flat, 6x5).
func fixtureHex(t testing.TB) *rules.Board {
	t.Helper()
	m, err := scenarios.LoadHexMap("testdata/map.txt")
	if err != nil {
		t.Fatal(err)
	}
	return &rules.Board{Kind: "hex", Hex: m}
}

func pointyBoard() *rules.Board {
	m := hex.NewMap("pointy", hex.Layout{Flat: false, ShoveOdd: true})
	for col := 1; col <= 8; col++ {
		for row := 1; row <= 6; row++ {
			m.Set(m.Layout.FromOffset(col, row), &hex.Cell{Terrain: "clear"})
		}
	}
	m.Terrains["clear"] = "Clear"
	return &rules.Board{Kind: "hex", Hex: m}
}

func zoneBoard() *rules.Board { return &rules.Board{Kind: "zone", Zones: zone.Fixture()} }

// fixtureView has a lone infantry counter with markers, a stack of three in
// the woods, a two-hex line counter and a hidden enemy.
func fixtureView(b *rules.Board) *rules.View {
	return &rules.View{
		Sides: []string{"Bourbon", "Allied"}, Board: b, Style: "counter",
		Status: rules.Status{Turn: 2, Turns: 12, Phase: "Movement", PhaseRule: "10", Active: 0, Decider: 0, Prompt: "Move a unit"},
		Units: []rules.UnitView{
			{ID: "a1", Name: "Guardias Españolas", Short: "GdE", Side: 0, Type: "infantry", Color: "#3b5ba0", At: "0303", Facing: 1, Values: "4-3-4", Strength: 3, MaxStr: 4, Markers: []string{"disorganised", "fired1"}},
			{ID: "a2", Name: "Dragones de Pavía", Short: "Pav", Side: 0, Type: "cavalry", Color: "#3b5ba0", At: "0202", Facing: -1, Values: "3-5", Strength: 2, MaxStr: 2},
			{ID: "a3", Name: "Artillería", Short: "Art", Side: 0, Type: "artillery", Color: "#6b6b6b", At: "0202", Facing: -1, Values: "2-6", Strength: 1, MaxStr: 1},
			{ID: "a4", Name: "Berwick", Short: "Ber", Side: 0, Type: "commander", Color: "#d0b040", At: "0202", Facing: -1, Values: "3"},
			{ID: "b1", Name: "Line of foot", Short: "Foot", Side: 1, Type: "infantry", Color: "#b03a2e", At: "0502", At2: "0503", Facing: 4, Values: "5-4", Strength: 4, MaxStr: 4},
			{ID: "b2", Side: 1, Type: "infantry", Color: "#b03a2e", At: "0104", Facing: -1, Hidden: true},
		},
	}
}

// pix reads one pixel of img as straight RGBA.
func pix(img *ebiten.Image, x, y float64) color.RGBA {
	return color.RGBAModel.Convert(img.At(int(x), int(y))).(color.RGBA)
}

// avg averages a (2r+1)^2 square of pixels.
func avg(img *ebiten.Image, x, y float64, r int) (float64, float64, float64) {
	var R, G, B, n float64
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			c := pix(img, x+float64(dx), y+float64(dy))
			R, G, B, n = R+float64(c.R), G+float64(c.G), B+float64(c.B), n+1
		}
	}
	return R / n, G / n, B / n
}

func savePNG(t testing.TB, img *ebiten.Image, name string) {
	dir := os.Getenv("RENDER_SAMPLES")
	if dir == "" {
		return
	}
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	img.ReadPixels(out.Pix)
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, out); err != nil {
		t.Fatal(err)
	}
}
