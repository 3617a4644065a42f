package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	"grognard/rules/hex"
)

// demoBoard is a 14x10 flat map with every terrain and hexside feature the
// renderer knows, for looking at (RENDER_SAMPLES=/tmp/x go test).
func demoBoard(flat bool) *rules.Board {
	m := hex.NewMap("Demo", hex.Layout{Flat: flat, ShoveOdd: true})
	for _, t := range []string{"clear", "hill", "woods", "forest", "olive", "orchard", "village", "town", "buildings",
		"walls", "castle", "redoubt", "ravine", "marsh", "quarry", "rugged", "fields", "river", "bridge", "water"} {
		m.Terrains[t] = t
	}
	for col := 1; col <= 14; col++ {
		for row := 1; row <= 10; row++ {
			sec := "west"
			if col > 7 {
				sec = "east"
			}
			m.Set(m.Layout.FromOffset(col, row), &hex.Cell{Terrain: "clear", Section: []string{sec}})
		}
	}
	set := func(n, t string, lv int) *hex.Cell {
		c, _ := m.Layout.Parse(n)
		cell := m.Cell(c)
		cell.Terrain, cell.Level = t, lv
		return cell
	}
	for _, n := range []string{"0202", "0203", "0302", "0303", "0204"} {
		set(n, "woods", 0)
	}
	for _, n := range []string{"0102", "0103", "0101"} {
		set(n, "forest", 0)
	}
	for _, n := range []string{"0906", "0907", "1006"} {
		set(n, "olive", 0)
	}
	set("1007", "orchard", 0)
	for _, n := range []string{"0505", "0506", "0605", "0406"} {
		set(n, "hill", 1)
	}
	set("0505", "hill", 2).Name = "Cerro Redondo"
	set("0506", "hill", 2)
	set("0405", "rugged", 2)
	set("0808", "village", 0).Name = "Montealegre"
	set("1103", "town", 0).Name = "Almansa"
	set("1104", "buildings", 0)
	set("1203", "walls", 0)
	set("1204", "castle", 1).Label = "Av"
	set("0709", "redoubt", 0)
	set("0310", "ravine", 0)
	set("1209", "marsh", 0)
	set("1309", "marsh", 0)
	set("0208", "quarry", 0)
	set("0909", "fields", 0)
	set("0910", "fields", 0)
	set("1301", "water", 0)
	set("1401", "river", 0)
	set("1402", "bridge", 0)
	set("0703", "clear", 0).Label = "B"
	side := func(a, b string, f ...string) {
		ca, _ := m.Layout.Parse(a)
		cb, _ := m.Layout.Parse(b)
		for _, x := range f {
			_ = m.AddSide(ca, cb, x)
		}
	}
	// a river down between columns 6 and 7
	for row := 1; row <= 10; row++ {
		a := m.Layout.FromOffset(6, row)
		for d := range 6 {
			n := a.Neighbor(d)
			if col, _ := m.Layout.ToOffset(n); col == 7 && m.On(n) {
				_ = m.AddSide(a, n, hex.River)
			}
		}
	}
	side("0604", "0704", hex.Bridge)
	side("0608", "0708", hex.Ford)
	side("0201", "0301", hex.Stream)
	side("0301", "0401", hex.Stream)
	side("0302", "0401", hex.Stream)
	// a road from west to east over the bridge
	road := []string{"0104", "0204", "0304", "0404", "0504", "0604", "0704", "0804", "0903", "1003", "1103", "1203", "1303", "1403"}
	for i := 0; i+1 < len(road); i++ {
		side(road[i], road[i+1], hex.Road)
	}
	for _, t := range [][2]string{{"0808", "0908"}, {"0908", "0909"}, {"0909", "1009"}} {
		side(t[0], t[1], "trail")
	}
	side("0506", "0507", hex.Slope)
	side("0505", "0405", hex.FieldWorks)
	side("1002", "1102", hex.Wall)
	side("1002", "1003", hex.Wall)
	side("0409", "0410", "ravine")
	c, _ := m.Layout.Parse("0103")
	m.Cell(c).Feature = []string{"banner"}
	c, _ = m.Layout.Parse("0807")
	m.Cell(c).Feature = []string{"depot", "works"}
	return &rules.Board{Kind: "hex", Hex: m}
}

func demoView(rb *rules.Board, style string) *rules.View {
	blue, red := "#3b5ba0", "#b03a2e"
	return &rules.View{
		Sides: []string{"Bourbon", "Allied"}, Board: rb, Style: style,
		Status: rules.Status{Turn: 3, Turns: 12, Phase: "Movement", PhaseRule: "10", SubPhase: "Bourbon cavalry", Active: 0, Decider: 0,
			Prompt: "Select a unit to move, or end the phase."},
		Score: []string{"Bourbon losses: 4 of 20 [5]", "Allied losses: 7 of 18 [5]"},
		Units: []rules.UnitView{
			{ID: "i1", Name: "Guardias Españolas", Short: "GdE", Side: 0, Type: "infantry", Size: "III", Color: blue, At: "0503", Facing: 1, Values: "4-3-4", Strength: 3, MaxStr: 4, Markers: []string{"disorganised", "fired1"}},
			{ID: "i2", Name: "Reina", Short: "Rei", Side: 0, Type: "light-infantry", Color: blue, At: "0402", Facing: 0, Values: "3-3-5", Strength: 2, MaxStr: 2},
			{ID: "c1", Name: "Órdenes Viejas", Short: "OV", Side: 0, Type: "cavalry", Color: "#6a8c3a", At: "0304", Facing: 2, Values: "3-6", Strength: 2, MaxStr: 2},
			{ID: "c2", Name: "Dragones", Short: "Drg", Side: 0, Type: "dragoons", Color: "#6a8c3a", At: "0304", Facing: 2, Values: "3-5", Strength: 2, MaxStr: 3, Markers: []string{"moved"}},
			{ID: "l1", Name: "Berwick", Short: "Berwick", Side: 0, Type: "commander", Color: "#d8b848", At: "0304", Facing: -1, Values: "3"},
			{ID: "a1", Name: "Artillery", Short: "Art", Side: 0, Type: "artillery", Color: "#707070", At: "0505", Facing: 1, Values: "2-6", Strength: 1, MaxStr: 1},
			{ID: "r1", Name: "English Foot", Short: "Foot", Side: 1, Type: "infantry", Color: red, At: "0904", At2: "0905", Facing: 4, Values: "5-4", Strength: 4, MaxStr: 4},
			{ID: "r2", Name: "Dutch Horse", Short: "Dutch", Side: 1, Type: "heavy-cavalry", Color: "#c8742c", At: "0806", Facing: 5, Values: "4-5", Strength: 2, MaxStr: 3, Markers: []string{"routed"}},
			{ID: "r3", Side: 1, Type: "infantry", Color: red, At: "1004", Facing: 4, Hidden: true},
			{ID: "r4", Name: "Galway", Short: "Gal", Side: 1, Type: "leader", Color: red, At: "1004", Facing: -1, Values: "2"},
			{ID: "r5", Name: "Train", Short: "Trn", Side: 1, Type: "train", Color: "#8a7a5a", At: "1103", Facing: -1, Values: "0-2"},
			{ID: "r6", Name: "Portuguese", Short: "Por", Side: 1, Type: "horse-artillery", Color: "#2e7a3a", At: "0807", Facing: 4, Values: "2-5", Strength: 1, MaxStr: 2, Markers: []string{"out-of-command", "fatigue2", "ammo-out"}},
		},
		Markers: []rules.Marker{{At: "0703", Kind: "control", Text: "VP 2"}},
	}
}

func demoOverlay() Overlay {
	return Overlay{
		Selected: "i1",
		Highlights: []Highlight{
			{At: "0603", Kind: HLMove, Text: "1 MP"}, {At: "0602", Kind: HLMove, Text: "2 MP"}, {At: "0604", Kind: HLMove, Text: "2 MP"},
			{At: "0704", Kind: HLFire, Text: "3:1"}, {At: "0806", Kind: HLShock, Text: "2:1"}, {At: "0203", Kind: HLDeploy, Text: "Deploy"},
			{At: "0502", Kind: HLOrder, Text: "Order"}, {At: "0403", Kind: HLOther},
		},
		Hover:   "0602",
		Facings: []int{0, 1, 2},
		Path:    []string{"0503", "0603", "0704"},
	}
}

func TestSampleRender(t *testing.T) {
	needLoop(t)
	screen := ebiten.NewImage(1280, 800)
	for _, flat := range []bool{true, false} {
		rb := demoBoard(flat)
		b := NewBoard(rb)
		b.Warm()
		r := image.Rect(0, 0, 1280, 800)
		cam := b.Fit(r)
		screen.Clear()
		b.Draw(screen, cam, demoView(rb, "counter"), demoOverlay())
		name := "flat"
		if !flat {
			name = "pointy"
		}
		savePNG(t, screen, "hex_"+name+".png")
		// close up, with numbers
		cam.Zoom = 2
		cam.X, cam.Y = 100, 60
		screen.Clear()
		b.Draw(screen, cam, demoView(rb, "counter"), demoOverlay())
		savePNG(t, screen, "hex_"+name+"_zoom2.png")
	}
	rb := demoBoard(true)
	b := NewBoard(rb)
	o := demoOverlay()
	o.OpenStack = "0304"
	cam := Camera{Zoom: 1.4, X: 30, Y: 60, Rect: image.Rect(0, 0, 1280, 800)}
	screen.Clear()
	b.Draw(screen, cam, demoView(rb, "block"), o)
	savePNG(t, screen, "hex_blocks_open.png")

	zb := zoneBoard()
	z := NewBoard(zb)
	zv := &rules.View{Sides: []string{"French", "Allied"}, Board: zb, Units: []rules.UnitView{
		{ID: "f1", Name: "II Corps", Short: "II", Side: 0, Type: "infantry", Size: "XX", Color: "#3050a0", At: "villafranca", Facing: -1, Values: "8", Strength: 3, MaxStr: 4},
		{ID: "f2", Name: "Soult", Short: "Soult", Side: 0, Type: "commander", Color: "#3050a0", At: "villafranca", Facing: -1, Values: "2"},
		{ID: "e1", Side: 1, Type: "infantry", Color: "#b03a2e", At: "villafranca", Facing: -1, Hidden: true},
		{ID: "e2", Name: "Light Div", Short: "LD", Side: 1, Type: "light-infantry", Color: "#b03a2e", At: "almoraz", Facing: -1, Values: "5", Strength: 2, MaxStr: 3},
	}}
	zo := Overlay{Selected: "f1", Hover: "montalbo", Highlights: []Highlight{{At: "montalbo", Kind: HLMove, Text: "1 MP"}, {At: "vadillo", Kind: HLMove, Text: "3 MP"}, {At: "navalcan", Kind: HLShock, Text: "Attack"}},
		Path: []string{"villafranca", "montalbo"}}
	screen.Clear()
	z.Draw(screen, z.Fit(image.Rect(0, 0, 1280, 800)), zv, zo)
	savePNG(t, screen, "zone.png")

	// widgets
	screen.Fill(rgb(0x50, 0x50, 0x50))
	v := demoView(rb, "counter")
	DrawHUD(screen, image.Rect(10, 10, 330, 230), v)
	DrawLog(screen, image.Rect(10, 240, 330, 470), []string{"Turn 3 begins [4]", "Guardias Españolas move to 0503 (2 MP) [10.2]",
		"Fire: 2 dice 5+3 = 8, +1 enfilade [13.4]: Allied foot loses a step [13.6]", "Dutch Horse routed [15.1]"}, 0)
	DrawButton(screen, Button{Label: "End phase", Sub: "[10.5]", Rect: image.Rect(10, 480, 160, 520), Enabled: true})
	DrawButton(screen, Button{Label: "Hot", Rect: image.Rect(170, 480, 250, 520), Enabled: true, Hot: true})
	DrawButton(screen, Button{Label: "Active", Rect: image.Rect(260, 480, 330, 520), Enabled: true, Active: true})
	DrawButton(screen, Button{Label: "Disabled", Rect: image.Rect(10, 530, 160, 560)})
	DrawCard(screen, image.Rect(350, 10, 520, 250), rules.Card{Name: "Assault Left", Section: "Left flank", Text: "Order up to three units in the left section. They may move and battle.", Rule: "Card"}, false)
	DrawCard(screen, image.Rect(530, 10, 700, 250), rules.Card{Name: "Bayonet charge", Section: "Tactic", Text: "Order four infantry units; they battle with +1 die in melee.", Rule: "Card"}, true)
	DrawOdds(screen, image.Rect(350, 270, 750, 420), "Fire 3:1 at Allied foot [13]", []rules.OddsLine{{Result: "No effect", Num: 15, Den: 36}, {Result: "Disorganised", Num: 12, Den: 36}, {Result: "Step loss", Num: 9, Den: 36}})
	DrawUnitCard(screen, 760, 10, v.Units[0], rb)
	DrawUnitCard(screen, 760, 300, v.Units[8], rb)
	DrawTooltip(screen, 350, 440, []string{"0603 Clear", "Move: 1 MP [10.2]"})
	DrawLegendView(screen, image.Rect(10, 580, 640, 790), v)
	DrawLegendView(screen, image.Rect(650, 580, 1270, 790), zv)
	for i, u := range v.Units {
		DrawCounter(screen, u, 1000+float64(i%4)*66, 430+float64(i/4)*66, 58, "")
	}
	for i, u := range v.Units {
		DrawCounter(screen, u, 700+float64(i%6)*90, 440+float64(i/6)*90, 84, "block")
	}
	savePNG(t, screen, "widgets.png")
	screen.Clear()
	DrawCover(screen, "Allied player", "Pass the seat to the Allied player and click to continue.")
	savePNG(t, screen, "cover.png")
}
