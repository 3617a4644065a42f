package render

import (
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	"grognard/rules/hex"
)

// Colour-vision deficiency simulation (Machado, Oliveira and Fernandes
// 2009, severity 1.0), applied to linear RGB.
var (
	deuteranopia = [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}
	protanopia   = [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}
)

func toLinear(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

func fromLinear(c float64) uint8 {
	c = clamp(c, 0, 1)
	if c <= 0.0031308 {
		c *= 12.92
	} else {
		c = 1.055*math.Pow(c, 1/2.4) - 0.055
	}
	return uint8(math.Round(c * 255))
}

// simulateCVD returns c as seen with the deficiency of matrix m.
func simulateCVD(c color.RGBA, m [3][3]float64) color.RGBA {
	l := [3]float64{toLinear(c.R), toLinear(c.G), toLinear(c.B)}
	var o [3]uint8
	for i := range 3 {
		o[i] = fromLinear(m[i][0]*l[0] + m[i][1]*l[1] + m[i][2]*l[2])
	}
	return color.RGBA{o[0], o[1], o[2], c.A}
}

// lab converts sRGB to CIE L*a*b* (D65).
func lab(c color.RGBA) (float64, float64, float64) {
	r, g, b := toLinear(c.R), toLinear(c.G), toLinear(c.B)
	x := (0.4124*r + 0.3576*g + 0.1805*b) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*b
	z := (0.0193*r + 0.1192*g + 0.9505*b) / 1.08883
	f := func(t float64) float64 {
		if t > 0.008856 {
			return math.Cbrt(t)
		}
		return 7.787*t + 16.0/116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return 116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)
}

// deltaE is the CIE76 perceptual distance between two colours.
func deltaE(a, b color.RGBA) float64 {
	l1, a1, b1 := lab(a)
	l2, a2, b2 := lab(b)
	return math.Sqrt((l1-l2)*(l1-l2) + (a1-a2)*(a1-a2) + (b1-b2)*(b1-b2))
}

// simulateImage returns img as seen with the deficiency of matrix m.
func simulateImage(img *image.RGBA, m [3][3]float64) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	cache := map[color.RGBA]color.RGBA{}
	for i := 0; i+3 < len(img.Pix); i += 4 {
		c := color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], 0xff}
		s, ok := cache[c]
		if !ok {
			s = simulateCVD(c, m)
			cache[c] = s
		}
		out.Pix[i], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = s.R, s.G, s.B, 0xff
	}
	return out
}

// The side pairs that meet on a map.
var sidePairs = [][2]string{{"Bourbon", "Allied"}, {"French", "British"}, {"French", "Allied"}, {"French", "Spanish"}}

func TestSideColoursApartForColourBlindPlayers(t *testing.T) {
	for _, pr := range sidePairs {
		a, b := SideBase(pr[0], 0), SideBase(pr[1], 1)
		if d := deltaE(a, b); d < 40 {
			t.Errorf("%s and %s: distance %.1f with normal vision, want >= 40", pr[0], pr[1], d)
		}
		for name, m := range map[string][3][3]float64{"deuteranopia": deuteranopia, "protanopia": protanopia} {
			sa, sb := simulateCVD(a, m), simulateCVD(b, m)
			if d := deltaE(sa, sb); d < 30 {
				t.Errorf("%s and %s under %s: %v and %v are %.1f apart, want >= 30", pr[0], pr[1], name, sa, sb, d)
			}
		}
	}
	// the simulation itself: red and green collapse under deuteranopia
	if d := deltaE(simulateCVD(rgb(0xc0, 0x30, 0x30), deuteranopia), simulateCVD(rgb(0x50, 0x90, 0x30), deuteranopia)); d > 25 {
		t.Errorf("the deuteranopia simulation keeps red and green %.1f apart: the matrix is wrong", d)
	}
}

// TestPixelsCountersCarryTheirSideColour: every counter of a side is
// printed on that side's colour whatever its formation colour, on the
// real scenarios as the app opens them.
func TestPixelsCountersCarryTheirSideColour(t *testing.T) {
	needLoop(t)
	for _, sc := range []string{"almansa-1707", "venta-del-pozo", "albuera-1811"} {
		img, b, cam, v := drawScenario(t, sc, Overlay{})
		seen := [2]int{}
		for i := range b.placed {
			p := &b.placed[i]
			u := &v.Units[p.idx]
			if p.level != p.n-1 || u.Hidden || u.Side < 0 || u.Side > 1 {
				continue // only the counter on top shows
			}
			sx, sy := cam.ToScreen(p.cx, p.cy)
			f := CounterSide * cam.Zoom / 100
			// left of the unit symbol, clear of band, symbol and values
			x, y := sx-42*f, sy-3*f
			if v.Style == "block" {
				x, y = sx-45*f, sy-8*f
			}
			if p.long {
				continue
			}
			if !image.Pt(int(x), int(y)).In(cam.Rect.Inset(4)) {
				continue
			}
			want := SideBase(v.Sides[u.Side], int(u.Side))
			if v.Style == "block" {
				want = shade(want, 0.1)
			}
			r, g, bl := avg(img, x, y, 0)
			got := color.RGBA{uint8(r), uint8(g), uint8(bl), 0xff}
			if deltaE(got, want) > 12 {
				t.Errorf("%s: %s (%s) at %.0f,%.0f shows %v, want its side's %v", sc, u.ID, v.Sides[u.Side], x, y, got, want)
			}
			seen[u.Side]++
		}
		if seen[0] == 0 || seen[1] == 0 {
			t.Errorf("%s: counters checked per side %v, want both sides in view", sc, seen)
		}
	}
}

// TestPixelsCounterPrintUprightWhateverFacing: a counter's face is the
// same picture at every facing; only its front marker moves, and it sits
// at the facing corner.
func TestPixelsCounterPrintUprightWhateverFacing(t *testing.T) {
	needLoop(t)
	for _, flat := range []bool{true, false} {
		rb := fixtureHex(t)
		if !flat {
			rb = pointyBoard()
		}
		var ref *image.RGBA
		b := NewBoard(rb) // one board: its terrain is painted once
		img := ebiten.NewImage(900, 760)
		for f := range 6 {
			v := &rules.View{Sides: []string{"Bourbon", "Allied"}, Board: rb, Units: []rules.UnitView{
				{ID: "u", Short: "Gua", Type: "infantry", Color: "#2e7d32", At: "0303", Facing: f, Values: "4-3-4", Strength: 2, MaxStr: 2},
			}}
			cam := Camera{Zoom: 2, Rect: img.Bounds()}
			img.Clear()
			b.Draw(img, cam, v, Overlay{})
			cx, cy := screenOf(t, b, cam, "0303")
			half := CounterSide * cam.Zoom / 2 * 0.92
			box := image.Rect(int(cx-half), int(cy-half), int(cx+half), int(cy+half))
			face := image.NewRGBA(image.Rect(0, 0, 900, 760))
			img.ReadPixels(face.Pix)
			crop := face.SubImage(box).(*image.RGBA)
			if ref == nil {
				ref = crop
			} else if d := maxDiff(ref, crop); d > 8 {
				t.Errorf("flat=%v facing %d: the counter's print differs from facing 0 by %d: it turned", flat, f, d)
			}
			// the front marker: dark at the facing corner just off the
			// counter, the opposite side plain ground
			dx, dy := rb.Hex.Layout.Corner(f, 1)
			d := (frontDist(math.Atan2(dy, dx), CounterSide/2, 1) - frontDepth*0.1) * cam.Zoom
			fr, fg, fb := avg(img, cx+dx*d, cy+dy*d, 1)
			br, bg, bb := avg(img, cx-dx*d, cy-dy*d, 1)
			if fr+fg+fb > 3*90 || br+bg+bb < 3*120 {
				t.Errorf("flat=%v facing %d: front marker %.0f,%.0f,%.0f (want dark), behind %.0f,%.0f,%.0f (want ground)", flat, f, fr, fg, fb, br, bg, bb)
			}
		}
	}
}

// TestLongCounterPrintNearUpright: Albuera's two-hex line counters lie
// along their two hexes, and their print (name, values) is drawn within
// 30° of upright whichever way the line runs: a counter standing near
// upright is painted standing [#12].
func TestLongCounterPrintNearUpright(t *testing.T) {
	needLoop(t)
	_, b, _, v := drawScenario(t, "albuera-1811", Overlay{})
	long, standing := 0, 0
	for i := range b.placed {
		p := &b.placed[i]
		if !p.long {
			continue
		}
		long++
		if p.portrait {
			standing++
		}
		if r := p.printRot(); math.Abs(r) > math.Pi/6+1e-6 {
			t.Errorf("%s: print drawn at %.0f°, axis %.0f°", v.Units[p.idx].ID, r*180/math.Pi, p.rot*180/math.Pi)
		}
	}
	if long == 0 || standing == 0 {
		t.Fatalf("%d long counters, %d standing: the opening set-up has lines running north-south", long, standing)
	}
}

func maxDiff(a, b *image.RGBA) int {
	ab, bb := a.Bounds(), b.Bounds()
	m := 0
	for y := 0; y < min(ab.Dy(), bb.Dy()); y++ {
		for x := 0; x < min(ab.Dx(), bb.Dx()); x++ {
			i, j := a.PixOffset(ab.Min.X+x, ab.Min.Y+y), b.PixOffset(bb.Min.X+x, bb.Min.Y+y)
			for k := range 3 {
				d := int(a.Pix[i+k]) - int(b.Pix[j+k])
				m = max(m, d, -d)
			}
		}
	}
	return m
}

// TestGlyphHeightAtDefaultZoom: in a 1280x720 window, the counter games
// (Almansa, Albuera) open at a zoom where the values on a counter are at
// least 9 pixels tall (measured in the pixels of the values line of each
// lone counter of the deciding side in view).
func TestGlyphHeightAtDefaultZoom(t *testing.T) {
	needLoop(t)
	for _, sc := range []string{"almansa-1707", "albuera-1811"} {
		t.Run(sc, func(t *testing.T) { glyphHeight(t, sc) })
	}
}

func glyphHeight(t *testing.T, sc string) {
	img, b, cam, v := drawScenario(t, sc, Overlay{Minimap: true})
	mm, _, _ := b.minimapRect(cam)
	measured := 0
	for i := range b.placed {
		p := &b.placed[i]
		u := &v.Units[p.idx]
		if p.n != 1 || u.Hidden || u.Values == "" || u.Side != v.Status.Decider || p.long {
			continue
		}
		sx, sy := cam.ToScreen(p.cx, p.cy)
		half := CounterSide * cam.Zoom / 2
		if !image.Rect(int(sx-half), int(sy-half), int(sx+half), int(sy+half)).In(cam.Rect) || image.Pt(int(sx), int(sy)).In(mm.Inset(-40)) {
			continue
		}
		f := CounterSide * cam.Zoom / 100
		top, bot := -1, -1
		for y := int(sy - half + 63*f); y <= int(sy-half+96*f); y++ {
			dark := 0
			for x := int(sx - half + 6*f); x <= int(sx+half-6*f); x++ {
				c := pix(img, float64(x), float64(y))
				if luminance(c) < 110 {
					dark++
				}
			}
			if dark > 0 {
				if top < 0 {
					top = y
				}
				bot = y
			}
		}
		if top < 0 {
			t.Errorf("%s: no values found", u.ID)
			continue
		}
		if h := bot - top + 1; h < 9 {
			t.Errorf("%s: %s %q: values %d px tall at zoom %.2f, want >= 9", sc, u.ID, u.Values, h, cam.Zoom)
		}
		measured++
	}
	if measured < 3 {
		t.Fatalf("%s: measured %d counters, want several lone counters of the decider in view", sc, measured)
	}
}

// TestPixelsRoadHasCasing: a road is a light core between two dark casing
// lines, on the ground colour.
func TestPixelsRoadHasCasing(t *testing.T) {
	needLoop(t)
	rb := pointyBoard()
	for col := 1; col <= 8; col++ {
		rb.Hex.Cell(rb.Hex.Layout.FromOffset(col, 3)).Feature = []string{"road"}
	}
	v := &rules.View{Board: rb}
	b := NewBoard(rb)
	img := ebiten.NewImage(900, 760)
	cam := Camera{Zoom: 2, Rect: img.Bounds()}
	b.Draw(img, cam, v, Overlay{})
	cx, cy, _ := b.Center(rb.Hex.Num(rb.Hex.Layout.FromOffset(4, 3)))
	sx, sy := cam.ToScreen(cx, cy)
	lum := func(dy float64) float64 {
		r, g, bl := avg(img, sx, sy+dy*cam.Zoom, 0)
		return 0.299*r + 0.587*g + 0.114*bl
	}
	core, casing, casing2 := lum(0), lum(HexSize*0.068), lum(-HexSize*0.068)
	if core < 190 || casing > core-70 || casing2 > core-70 {
		t.Errorf("road cross-section: core %.0f, casing %.0f and %.0f: want a light core between dark casings", core, casing, casing2)
	}
}

// TestMinimapClickCentresTheView: a zoomed-in view shows the overview in
// its corner; a click there centres the view on that point of the map;
// a click elsewhere is the map's.
func TestMinimapClickCentresTheView(t *testing.T) {
	needLoop(t)
	rb := demoBoard(true)
	b := NewBoard(rb)
	r := image.Rect(0, 64, 920, 720)
	cam := Camera{Zoom: 2, X: 0, Y: 0, Rect: r}
	mm, s, ok := b.minimapRect(cam)
	if !ok {
		t.Fatal("no overview on a zoomed-in view")
	}
	if !mm.In(r) {
		t.Errorf("overview %v outside the view %v", mm, r)
	}
	px, py := float64(mm.Min.X)+float64(mm.Dx())*0.75, float64(mm.Min.Y)+float64(mm.Dy())*0.6
	nc, ok := b.MinimapClick(cam, px, py)
	if !ok {
		t.Fatal("a click on the overview was not taken")
	}
	wantX, wantY := (px-float64(mm.Min.X))/s, (py-float64(mm.Min.Y))/s
	gx, gy := nc.ToMap(float64(r.Min.X+r.Dx()/2), float64(r.Min.Y+r.Dy()/2))
	if math.Abs(gx-wantX) > 1 || math.Abs(gy-wantY) > 1 {
		t.Errorf("view centred on %.0f,%.0f, want %.0f,%.0f", gx, gy, wantX, wantY)
	}
	if _, ok := b.MinimapClick(cam, float64(r.Min.X+20), float64(r.Min.Y+20)); ok {
		t.Error("a click on the map was taken by the overview")
	}
	if _, _, ok := b.minimapRect(b.Fit(r)); ok {
		t.Error("an overview over a view of the whole map")
	}
	// it is drawn: the view's frame in gold
	img := ebiten.NewImage(920, 720)
	b.Draw(img, cam, &rules.View{Board: rb}, Overlay{Minimap: true})
	gold := 0
	for y := mm.Min.Y; y < mm.Max.Y; y++ {
		for x := mm.Min.X; x < mm.Max.X; x++ {
			if c := pix(img, float64(x), float64(y)); c.R > 230 && c.G > 190 && c.B < 90 {
				gold++
			}
		}
	}
	if gold < 20 {
		t.Errorf("the view's frame on the overview: %d gold pixels", gold)
	}
}

// TestPixelsMarkersBesideTheCounter: five markers leave the counter's
// print (its name, symbol and values) as it is without them.
func TestPixelsMarkersBesideTheCounter(t *testing.T) {
	needLoop(t)
	u := rules.UnitView{ID: "u", Short: "11 LD", Side: 1, Type: "light-cavalry", Color: "#b03a2e", At: "0303", Facing: -1, Values: "3-5", Strength: 3, MaxStr: 4}
	plain, b, cam := drawFixture(t, &rules.View{Sides: []string{"French", "British"}, Units: []rules.UnitView{u}}, Overlay{})
	u.Markers = []string{"ordered", "moved", "attached", "square", "disorganised"}
	marked, _, _ := drawFixture(t, &rules.View{Sides: []string{"French", "British"}, Units: []rules.UnitView{u}}, Overlay{})
	cx, cy := screenOf(t, b, cam, "0303")
	half := CounterSide * cam.Zoom / 2
	box := image.Rect(int(cx-half), int(cy-half), int(cx+half), int(cy+half))
	a, c := image.NewRGBA(plain.Bounds()), image.NewRGBA(plain.Bounds())
	plain.ReadPixels(a.Pix)
	marked.ReadPixels(c.Pix)
	if d := maxDiff(a.SubImage(box).(*image.RGBA), c.SubImage(box).(*image.RGBA)); d > 8 {
		t.Errorf("markers change the counter's print by %d", d)
	}
	// and they are there, right of it
	strip := image.Rect(box.Max.X+1, box.Min.Y, box.Max.X+int(30*cam.Zoom), box.Max.Y)
	if d := maxDiff(a.SubImage(strip).(*image.RGBA), c.SubImage(strip).(*image.RGBA)); d < 60 {
		t.Errorf("no markers beside the counter (difference %d)", d)
	}
}

// TestLegendExplainsEveryMarkerAndFits: the legend has an entry for each
// side, unit type and marker on the map, and all of them fit in the
// app's legend panel.
func TestLegendExplainsEveryMarkerAndFits(t *testing.T) {
	needLoop(t)
	for _, sc := range []string{"almansa-1707", "venta-del-pozo", "albuera-1811", "marshals-talavera"} {
		v := scenarioView(t, sc)
		v.Units[0].Markers = append(v.Units[0].Markers, "disorganised", "fired1", "out-of-command")
		items := legendItems(v)
		var labels []string
		for _, it := range items {
			labels = append(labels, it.label)
		}
		all := "|" + strings.Join(labels, "|") + "|"
		for _, s := range v.Sides {
			if !strings.Contains(all, "|"+s+"|") {
				t.Errorf("%s: legend lacks side %s", sc, s)
			}
		}
		for _, u := range v.Units {
			for _, m := range u.Markers {
				if !strings.Contains(all, "|"+MarkerName(m)+"|") {
					t.Errorf("%s: legend lacks marker %s", sc, m)
				}
			}
		}
		r := image.Rect(10, 74, 10+LegendWidth, 710)
		if bottom := legendBottom(items, r); bottom > float64(r.Max.Y) {
			t.Errorf("%s: the legend's last row ends at %.0f, below its panel's %d", sc, bottom, r.Max.Y)
		}
		img := ebiten.NewImage(1280, 720)
		DrawLegendView(img, r, v)
		savePNG(t, img, "legend_"+sc+".png")
	}
	_ = hex.Coord{}
}
