package render

import (
	"image"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	"grognard/rules/hex"
)

// drawFixture draws the fixture map with v and o at zoom 2 and returns the
// image, the board and the camera.
func drawFixture(t *testing.T, v *rules.View, o Overlay) (*ebiten.Image, *Board, Camera) {
	t.Helper()
	rb := fixtureHex(t)
	if v != nil {
		v.Board = rb
	}
	b := NewBoard(rb)
	img := ebiten.NewImage(900, 760)
	cam := Camera{Zoom: 1.6, Rect: img.Bounds()}
	b.Draw(img, cam, v, o)
	return img, b, cam
}

func screenOf(t *testing.T, b *Board, cam Camera, loc string) (float64, float64) {
	t.Helper()
	mx, my, ok := b.Center(loc)
	if !ok {
		t.Fatalf("no centre for %s", loc)
	}
	return cam.ToScreen(mx, my)
}

func TestPixelsWoodsAreGreenAndClearIsParchment(t *testing.T) {
	needLoop(t)
	img, b, cam := drawFixture(t, nil, Overlay{})
	sx, sy := screenOf(t, b, cam, "0202")
	r, g, bl := avg(img, sx, sy, 6)
	if !(g > r+8 && g > bl+20) {
		t.Errorf("woods hex centre is not green: %.0f,%.0f,%.0f", r, g, bl)
	}
	sx, sy = screenOf(t, b, cam, "0402")
	r, g, bl = avg(img, sx, sy, 4)
	if !(r > 200 && g > 190 && bl > 160 && r > bl+20) {
		t.Errorf("clear hex is not parchment: %.0f,%.0f,%.0f", r, g, bl)
	}
	// the hill (level 2) is darker and browner than clear ground
	hx, hy := screenOf(t, b, cam, "0404")
	hr, hg, hb := avg(img, hx+HexSize*0.5*cam.Zoom, hy, 2)
	if !(hr+hg+hb < r+g+bl-30 && hr > hb) {
		t.Errorf("hill not darker brown: %.0f,%.0f,%.0f vs clear %.0f,%.0f,%.0f", hr, hg, hb, r, g, bl)
	}
}

func TestPixelsRiverHexsideIsBlue(t *testing.T) {
	needLoop(t)
	img, b, cam := drawFixture(t, nil, Overlay{})
	// side 0101 0102 river: the midpoint of the two centres is on the edge
	ax, ay := screenOf(t, b, cam, "0101")
	bx, by := screenOf(t, b, cam, "0102")
	r, g, bl := avg(img, (ax+bx)/2, (ay+by)/2, 1)
	if !(bl > r+40 && bl > g) {
		t.Errorf("river hexside is not blue: %.0f,%.0f,%.0f", r, g, bl)
	}
	// a plain hexside nearby is not
	cx, cy := screenOf(t, b, cam, "0103")
	dx, dy := screenOf(t, b, cam, "0104")
	r, g, bl = avg(img, (cx+dx)/2, (cy+dy)/2, 1)
	if bl > r {
		t.Errorf("plain hexside is blue: %.0f,%.0f,%.0f", r, g, bl)
	}
	// the bridge on 0301-0302 puts brown planks over the river
	ex, ey := screenOf(t, b, cam, "0301")
	fx, fy := screenOf(t, b, cam, "0302")
	r, g, bl = avg(img, (ex+fx)/2, (ey+fy)/2, 1)
	if !(r > bl+30 && r > g) {
		t.Errorf("bridge is not brown: %.0f,%.0f,%.0f", r, g, bl)
	}
}

func TestPixelsMoveHighlightChangesOnlyItsHex(t *testing.T) {
	needLoop(t)
	plain, b, cam := drawFixture(t, nil, Overlay{})
	lit, _, _ := drawFixture(t, nil, Overlay{Highlights: []Highlight{{At: "0303", Kind: HLMove, Text: "2 MP"}}})
	changed := func(loc string) int {
		cx, cy := screenOf(t, b, cam, loc)
		n := 0
		// points along the outline, just inside each edge
		for i := range 6 {
			x0, y0 := b.hm.Layout.Corner(i, HexSize*0.93)
			x1, y1 := b.hm.Layout.Corner(i+1, HexSize*0.93)
			for s := 0.1; s < 0.95; s += 0.1 {
				x := cx + (x0+(x1-x0)*s)*cam.Zoom
				y := cy + (y0+(y1-y0)*s)*cam.Zoom
				p, q := pix(plain, x, y), pix(lit, x, y)
				if math.Abs(float64(p.R)-float64(q.R))+math.Abs(float64(p.G)-float64(q.G))+math.Abs(float64(p.B)-float64(q.B)) > 40 {
					n++
				}
			}
		}
		return n
	}
	if n := changed("0303"); n < 20 {
		t.Errorf("move highlight changed only %d outline pixels of its hex", n)
	}
	for _, other := range []string{"0502", "0305", "0201"} {
		if n := changed(other); n != 0 {
			t.Errorf("move highlight on 0303 changed %d outline pixels of %s", n, other)
		}
	}
	// and its label pill sits below the centre, light on dark text
	cx, cy := screenOf(t, b, cam, "0303")
	if p := pix(lit, cx, cy+(HexSize*0.52-5.5)*cam.Zoom); p.R < 200 || p.G < 200 {
		t.Errorf("no light pill under the hex centre: %v", p)
	}
}

func TestPixelsHighlightKindsDiffer(t *testing.T) {
	needLoop(t)
	// each kind must differ from each other kind somewhere in the hex, and
	// not only in hue: compare brightness patterns
	var imgs []*ebiten.Image
	var b *Board
	var cam Camera
	for k := HLMove; k <= HLOther; k++ {
		img, bb, cc := drawFixture(t, nil, Overlay{Highlights: []Highlight{{At: "0505", Kind: k}}})
		imgs, b, cam = append(imgs, img), bb, cc
	}
	cx, cy := screenOf(t, b, cam, "0505")
	lum := func(img *ebiten.Image, x, y float64) float64 {
		p := pix(img, x, y)
		return 0.299*float64(p.R) + 0.587*float64(p.G) + 0.114*float64(p.B)
	}
	for i := range imgs {
		for j := i + 1; j < len(imgs); j++ {
			diff := 0
			for y := -30.0; y <= 30; y += 2 {
				for x := -30.0; x <= 30; x += 2 {
					if math.Abs(lum(imgs[i], cx+x*cam.Zoom, cy+y*cam.Zoom)-lum(imgs[j], cx+x*cam.Zoom, cy+y*cam.Zoom)) > 25 {
						diff++
					}
				}
			}
			if diff < 15 {
				t.Errorf("highlight kinds %d and %d look alike in grey (%d differing samples)", i, j, diff)
			}
		}
	}
}

func TestPixelsCounterShowsFormationColour(t *testing.T) {
	needLoop(t)
	v := &rules.View{Sides: []string{"A", "B"}, Units: []rules.UnitView{
		{ID: "u", Short: "X1", Type: "infantry", Color: "#c03030", At: "0303", Facing: -1, Values: "4-4", Strength: 2, MaxStr: 2},
	}}
	img, b, cam := drawFixture(t, v, Overlay{})
	cx, cy := screenOf(t, b, cam, "0303")
	f := CounterSide * cam.Zoom / 100
	// the formation's colour is the band along the top, beside the name
	for _, dx := range []float64{-44, 44} {
		r, g, bl := avg(img, cx+dx*f, cy-50*f+12*f, 0)
		if math.Abs(r-0xc0) > 14 || math.Abs(g-0x30) > 14 || math.Abs(bl-0x30) > 14 {
			t.Errorf("band at %+.0f is %.0f,%.0f,%.0f, want #c03030", dx, r, g, bl)
		}
	}
	// the body is the side's colour (side A: the first side, blue)
	want := SideBase("A", 0)
	if r, g, bl := avg(img, cx-42*f, cy+20*f, 0); math.Abs(r-float64(want.R)) > 14 || math.Abs(g-float64(want.G)) > 14 || math.Abs(bl-float64(want.B)) > 14 {
		t.Errorf("counter body is %.0f,%.0f,%.0f, want the side's %v", r, g, bl, want)
	}
	// the symbol box is lighter than the body
	if r, g, _ := avg(img, cx-22*f, cy-4*f, 0); g < 120 || r < 120 {
		t.Errorf("symbol box not light: %.0f,%.0f", r, g)
	}
	// outside the counter the map shows: light ground (parchment or a
	// field's tint), not the counter's blue
	if r, g, bl := avg(img, cx, cy+HexSize*0.8*cam.Zoom, 1); !(r+g+bl > 3*140 && r > bl+20) {
		t.Errorf("below the counter is %.0f,%.0f,%.0f, want the ground", r, g, bl)
	}
}

func TestPixelsHiddenCounterIsPlain(t *testing.T) {
	needLoop(t)
	v := &rules.View{Units: []rules.UnitView{
		{ID: "h", Side: 1, Type: "infantry", Short: "SECRET", Values: "9-9", Color: "#3050a0", At: "0303", Facing: -1, Hidden: true},
	}}
	img, b, cam := drawFixture(t, v, Overlay{})
	cx, cy := screenOf(t, b, cam, "0303")
	// no light symbol box in the middle of a hidden counter: the '?' is light
	// but the box's left edge region stays the counter colour
	// its back is its side's colour (the second side: red), whatever its
	// formation's colour
	savePNG(t, img, "hidden.png")
	r, g, bl := avg(img, cx-CounterSide*0.2*cam.Zoom, cy+CounterSide*0.25*cam.Zoom, 0)
	if !(r > bl+40) {
		t.Errorf("hidden counter body not the second side's red: %.0f,%.0f,%.0f", r, g, bl)
	}
	if k := keyOf(&v.Units[0], nil, false, 0, 4); k.short != "" || k.values != "" || k.typ != "" {
		t.Errorf("a hidden counter's face key leaks its identity: %+v", k)
	}
}

func TestPixelsSelectionRingAndFacingArrows(t *testing.T) {
	needLoop(t)
	v := &rules.View{Units: []rules.UnitView{{ID: "u", Type: "infantry", Color: "#808080", At: "0303", Facing: 0}}}
	plain, b, cam := drawFixture(t, v, Overlay{})
	sel, _, _ := drawFixture(t, &rules.View{Units: v.Units}, Overlay{Selected: "u", Facings: []int{2}})
	cx, cy := screenOf(t, b, cam, "0303")
	// arrow 2 is bright yellow, arrow 5 is dim
	// sample inside each arrow's disc, behind its head
	behind := func(f int) (float64, float64) {
		x, y, a := b.facingArrow(0, 0, f)
		return cx + (x-math.Cos(a)*9*0.65)*cam.Zoom, cy + (y-math.Sin(a)*9*0.65)*cam.Zoom
	}
	ax, ay := behind(2)
	p := pix(sel, ax, ay)
	if !(p.R > 200 && p.G > 160 && p.B < 120) {
		t.Errorf("legal facing arrow not bright: %v", p)
	}
	bx, by := behind(5)
	q := pix(sel, bx, by)
	if q.R > 200 && q.G > 160 && q.B < 120 {
		t.Errorf("illegal facing arrow is bright: %v", q)
	}
	// the ring changes pixels just outside the counter
	changed := 0
	for a := 0.0; a < 2*math.Pi; a += 0.2 {
		x := cx + math.Cos(a)*CounterSide*0.6*cam.Zoom
		y := cy + math.Sin(a)*CounterSide*0.6*cam.Zoom
		if pix(plain, x, y) != pix(sel, x, y) {
			changed++
		}
	}
	if changed < 5 {
		t.Errorf("selection ring changed only %d samples", changed)
	}
}

func TestPixelsZoneMapDrawsZonesAndConnections(t *testing.T) {
	needLoop(t)
	rb := zoneBoard()
	b := NewBoard(rb)
	img := ebiten.NewImage(1000, 760)
	cam := b.Fit(img.Bounds())
	b.Draw(img, cam, nil, Overlay{})
	// a defensive zone is green, a town zone is tan, the road between them brown
	x, y := screenOf(t, b, cam, "montalbo")
	r, g, bl := avg(img, x+ZoneRadius*0.25*cam.Zoom, y+ZoneRadius*0.05*cam.Zoom, 1)
	if !(g > r && g > bl) {
		t.Errorf("defensive zone not green: %.0f,%.0f,%.0f", r, g, bl)
	}
	// the ford Torrejón–Vadillo is drawn in blue dashes: find blue on the line
	ax, ay := screenOf(t, b, cam, "torrejon")
	bx, by := screenOf(t, b, cam, "vadillo")
	blue := 0
	for s := 0.3; s <= 0.7; s += 0.01 {
		p := pix(img, ax+(bx-ax)*s, ay+(by-ay)*s)
		if int(p.B) > int(p.R)+40 {
			blue++
		}
	}
	if blue < 5 {
		t.Errorf("ford not drawn blue (%d samples)", blue)
	}
	// a picked zone's highlight shows
	img2 := ebiten.NewImage(1000, 760)
	b.Draw(img2, cam, nil, Overlay{Highlights: []Highlight{{At: "almoraz", Kind: HLFire}}})
	x, y = screenOf(t, b, cam, "almoraz")
	rx := x + (ZoneRadius+2)*cam.Zoom
	if p, q := pix(img, rx, y), pix(img2, rx, y); p == q {
		t.Errorf("zone highlight did not change the rim: %v", p)
	}
}

func TestPixelsBlocksShowStrengthSquares(t *testing.T) {
	needLoop(t)
	u := rules.UnitView{ID: "b", Type: "infantry", Color: "#b03a2e", Strength: 2, MaxStr: 4, Facing: -1}
	img := ebiten.NewImage(200, 200)
	DrawCounter(img, u, 0, 0, 200, "block")
	// the label is light; the strength squares along its bottom: two dark, two hollow
	k := faceKey{block: true, str: 2, max: 4}
	_ = k
	dark, light := 0, 0
	f := 200.0 / 100
	lx, ly, lw, lh := 9*f, 9*f, 200-21*f, 200-21*f
	n := 4
	sz, gap := 9*f, 3*f
	total := float64(n)*sz + float64(n-1)*gap
	for i := range n {
		px := lx + lw/2 - total/2 + float64(i)*(sz+gap) + sz/2
		py := ly + lh - 14*f + sz/2
		p := pix(img, px, py)
		if p.R < 150 {
			dark++
		} else {
			light++
		}
	}
	if dark != 2 || light != 2 {
		t.Errorf("strength squares: %d filled %d hollow, want 2 and 2", dark, light)
	}
	_ = image.Pt
	_ = hex.Coord{}
}

// TestPixelsTranslucentFillBlendsToItsColour: a translucent highlight
// colour over a known ground gives the source-over blend of the two, on
// the GPU paths (stamps, widgets) and on the CPU canvas (terrain tiles),
// not a darker one.
func TestPixelsTranslucentFillBlendsToItsColour(t *testing.T) {
	needLoop(t)
	ground := rgb(0xf0, 0xe6, 0xc8)
	over := rgba(0x30, 0x60, 0xd0, 0x60) // straight (0x30,0x60,0xd0) at alpha 0x60
	a := float64(0x60) / 255
	want := func(s, d uint8) float64 { return float64(s)*a + float64(d)*(1-a) }
	wr, wg, wb := want(0x30, ground.R), want(0x60, ground.G), want(0xd0, ground.B)
	check := func(name string, c [3]float64) {
		t.Helper()
		if math.Abs(c[0]-wr) > 3 || math.Abs(c[1]-wg) > 3 || math.Abs(c[2]-wb) > 3 {
			t.Errorf("%s: translucent fill gives %.0f,%.0f,%.0f, want the blend %.0f,%.0f,%.0f", name, c[0], c[1], c[2], wr, wg, wb)
		}
	}
	// GPU: the vector paths, a rectangle and a circle
	img := ebiten.NewImage(120, 60)
	img.Fill(ground)
	fillPoly(img, []pt{{10, 10}, {50, 10}, {50, 50}, {10, 50}}, over)
	fillCircle(img, 90, 30, 20, over)
	r, g, b := avg(img, 30, 30, 3)
	check("GPU polygon", [3]float64{r, g, b})
	r, g, b = avg(img, 90, 30, 3)
	check("GPU circle", [3]float64{r, g, b})
	// CPU canvas, as terrain tiles are painted, then uploaded
	cv := newCanvas(image.NewRGBA(image.Rect(0, 0, 120, 60)))
	cv.fillRect(0, 0, 120, 60, ground)
	cv.fillPoly([]pt{{10, 10}, {50, 10}, {50, 50}, {10, 50}}, over)
	cv.stroke([]pt{{70, 10}, {110, 50}, {70, 50}}, false, 8, true, over)
	up := ebiten.NewImage(120, 60)
	up.WritePixels(cv.img.Pix)
	r, g, b = avg(up, 30, 30, 3)
	check("CPU polygon", [3]float64{r, g, b})
	// where a stroke's pieces meet (segment, join disc, segment) it is
	// painted once, not twice
	r, g, b = avg(up, 110, 50, 0)
	check("CPU stroke join", [3]float64{r, g, b})
	// and the highlight stamp's translucent body over the paper
	st := NewBoard(fixtureHex(t)).stamps(4)
	dst := ebiten.NewImage(st.hl[HLDeploy].Bounds().Dx(), st.hl[HLDeploy].Bounds().Dy())
	dst.Fill(ground)
	dst.DrawImage(st.hl[HLDeploy], nil)
	c := float64(dst.Bounds().Dx()) / 2
	col := hlColor(HLDeploy)
	a = float64(0x40) / 255
	wr, wg, wb = want(col.R, ground.R), want(col.G, ground.G), want(col.B, ground.B)
	r, g, b = avg(dst, c, c, 2)
	check("deploy highlight stamp", [3]float64{r, g, b})
}
