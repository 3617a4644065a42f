package render

import (
	"image"
	"image/color"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	"grognard/scenarios"
)

// marshalsBoard is The Marshals' operational map of central Spain.
func marshalsBoard(t testing.TB) *rules.Board {
	t.Helper()
	g, err := scenarios.LoadZoneMap("marshals/map.txt")
	if err != nil {
		t.Fatal(err)
	}
	return &rules.Board{Kind: "zone", Zones: g}
}

// TestZoneMapScalesToTheRealMap: the operational map takes its extent from
// the file (not the fixture's fixed 1300x960), its symbols from the closest
// pair of zones, and fits a 1280x720 window.
func TestZoneMapScalesToTheRealMap(t *testing.T) {
	b := NewBoard(marshalsBoard(t))
	w, h := b.Size()
	if w != 2400+2*zoneMapMargin || h != 2050+2*zoneMapMargin {
		t.Errorf("size %vx%v", w, h)
	}
	if b.zoneR() >= ZoneRadius || b.zoneR() < 14 {
		t.Errorf("zone radius %v", b.zoneR())
	}
	cam := b.Fit(image.Rect(0, 0, 1280, 720))
	if cam.Zoom < MinZoom || cam.Zoom > 0.5 {
		t.Errorf("fit zoom %v", cam.Zoom)
	}
	// Every zone centre is picked as itself; an exit is never picked.
	for _, z := range b.zg.Zones {
		x, y, _ := b.Center(z.ID)
		got, ok := b.pickMap(x, y)
		if b.zm.m.Offmap[z.ID] {
			if ok && got == z.ID {
				t.Errorf("exit %s picked", z.ID)
			}
			continue
		}
		if !ok || got != z.ID {
			t.Errorf("pick at %s gave %q", z.ID, got)
		}
	}
}

// TestZoneMapNamesNeverOverlap: at every zoom bucket the names laid out
// overlap neither each other nor any zone symbol, are at least 10 px high,
// and more names show as the player zooms in; at zoom 1 every zone is named.
func TestZoneMapNamesNeverOverlap(t *testing.T) {
	needLoop(t) // text measurement needs the fonts
	b := NewBoard(marshalsBoard(t))
	prev := 0
	for _, s := range bucketScales {
		ls := b.zoneLabels(s)
		for i, a := range ls {
			if a.size < 10 {
				t.Errorf("scale %v: %s at %v px", s, a.id, a.size)
			}
			for _, c := range ls[i+1:] {
				if math.Abs(a.x-c.x) < (a.w+c.w)/2 && math.Abs(a.y-c.y) < (a.h+c.h)/2 {
					t.Errorf("scale %v: names %q and %q overlap", s, a.text, c.text)
				}
			}
			for _, z := range b.zg.Zones {
				q := b.zpos[z.ID]
				r := b.zoneR() * 0.9
				if math.Abs(a.x-q.X) < a.w/2+r && math.Abs(a.y-q.Y) < a.h/2+r && z.ID != a.id {
					// the label box comes within the symbol's square of another zone
					dx := math.Max(0, math.Abs(a.x-q.X)-a.w/2)
					dy := math.Max(0, math.Abs(a.y-q.Y)-a.h/2)
					if math.Hypot(dx, dy) < r*0.8 {
						t.Errorf("scale %v: name %q covers zone %s", s, a.text, z.ID)
					}
				}
			}
		}
		if len(ls) < prev {
			t.Errorf("scale %v: %d names, fewer than %d at a smaller zoom", s, len(ls), prev)
		}
		prev = len(ls)
		if s == 1 && len(ls) != len(b.zg.Zones) {
			missing := map[string]bool{}
			for _, z := range b.zg.Zones {
				missing[z.ID] = true
			}
			for _, l := range ls {
				delete(missing, l.id)
			}
			t.Errorf("zoom 1: %d of %d zones named; missing %v", len(ls), len(b.zg.Zones), missing)
		}
	}
}

// TestPixelsOperationalMap: the painted map of central Spain — a road is
// drawn in its red between its zones, a path in brown dashes, a river in
// blue along its course, a town red, a defensive zone green; a major bridge
// is grey stone; hidden enemy stacks are anonymous markers.
func TestPixelsOperationalMap(t *testing.T) {
	needLoop(t)
	rb := marshalsBoard(t)
	b := NewBoard(rb)
	img := ebiten.NewImage(720, 420)
	cam := Camera{Zoom: 1, Rect: img.Bounds()}
	mx, my, _ := b.Center("cebolla")
	cam.X, cam.Y = mx-360, my-210
	v := &rules.View{Board: rb, Units: []rules.UnitView{
		{ID: "fr-ruffin", Side: 0, At: "santa-olalla", Type: "infantry", Name: "Ruffin", Short: "Ruffin"},
		{ID: "X7", Side: 1, At: "talavera", Hidden: true},
		{ID: "X9", Side: 1, At: "talavera", Hidden: true},
	}}
	b.Draw(img, cam, v, Overlay{})
	savePNG(t, img, "marshals-talavera-zoom1.png")
	// One read of the pixels (each img.At waits for a frame of the loop).
	shot := image.NewRGBA(img.Bounds())
	img.ReadPixels(shot.Pix)
	pix := func(_ *ebiten.Image, x, y float64) color.RGBA {
		if !image.Pt(int(x), int(y)).In(shot.Bounds()) {
			return color.RGBA{}
		}
		return shot.RGBAAt(int(x), int(y))
	}
	avg := func(_ *ebiten.Image, x, y float64, r int) (float64, float64, float64) {
		var R, G, B, n float64
		for dy := -r; dy <= r; dy++ {
			for dx := -r; dx <= r; dx++ {
				c := pix(nil, x+float64(dx), y+float64(dy))
				R, G, B, n = R+float64(c.R), G+float64(c.G), B+float64(c.B), n+1
			}
		}
		return R / n, G / n, B / n
	}
	isRoadRed := func(c [3]float64) bool { return c[0] > 120 && c[0] > c[1]+50 && c[0] > c[2]+50 }
	// sample walks the middle of a connection, off its centre line by off
	// pixels (a road's centre is its light core).
	sample := func(a, e string, off float64, kind func([3]float64) bool) int {
		ax, ay := screenOf(t, b, cam, a)
		ex, ey := screenOf(t, b, cam, e)
		l := math.Hypot(ex-ax, ey-ay)
		nx, ny := -(ey-ay)/l*off, (ex-ax)/l*off
		n := 0
		for s := 0.35; s <= 0.65; s += 0.01 {
			p := pix(img, ax+(ex-ax)*s+nx, ay+(ey-ay)*s+ny)
			if kind([3]float64{float64(p.R), float64(p.G), float64(p.B)}) {
				n++
			}
		}
		return n
	}
	// the camino real Santa Olalla - Torrejón is a road
	if n := sample("santa-olalla", "torrejon", 2.5, isRoadRed); n < 10 {
		t.Errorf("road Santa Olalla-Torrejón: %d red samples", n)
	}
	// Talavera - Navamorcuende is a route, not red
	if n := sample("talavera", "navamorcuende", 0, isRoadRed); n > 2 {
		t.Errorf("route Talavera-Navamorcuende drawn as a road (%d red samples)", n)
	}
	isBrown := func(c [3]float64) bool { return c[0] > c[2]+25 && c[0] < 190 && c[1] < 150 }
	isPaper := func(c [3]float64) bool { return c[0] > 220 && c[1] > 210 }
	if br, pa := sample("navamorcuende", "escalona", 0, isBrown), sample("navamorcuende", "escalona", 0, isPaper); br < 3 || pa < 3 {
		t.Errorf("path Navamorcuende-Escalona not dashed: %d brown, %d paper samples", br, pa)
	}
	// the Tagus: blue on its course between Talavera and La Pueblanueva
	river := b.zm.m.Rivers[0]
	if river.ID != "tagus" {
		t.Fatalf("first river %s", river.ID)
	}
	blue := 0
	for _, c := range river.Course {
		sx, sy := cam.ToScreen(c[0]+zoneMapMargin, c[1]+zoneMapMargin)
		if sx < 5 || sy < 5 || sx > 715 || sy > 415 {
			continue
		}
		r, g, bl := avg(img, sx, sy, 1)
		if bl > r+30 && bl > g {
			blue++
		}
	}
	if blue < 3 {
		t.Errorf("Tagus course: %d blue points on screen", blue)
	}
	// Talavera - La Pueblanueva crosses the Tagus by a major bridge: grey stone.
	i := b.zg.ConnIndex("talavera", "pueblanueva", "road")
	q := b.zm.cross[i]
	sx, sy := cam.ToScreen(q.X, q.Y)
	if r, g, bl := avg(img, sx, sy, 1); math.Abs(r-g) > 25 || math.Abs(g-bl) > 25 || r < 120 {
		t.Errorf("major bridge not grey: %.0f,%.0f,%.0f", r, g, bl)
	}
	// Escalona is a town (red square), Navamorcuende defensive (green hill).
	x, y := screenOf(t, b, cam, "escalona")
	if r, g, bl := avg(img, x-b.zoneR()*0.75, y, 1); !(r > g+40 && r > bl+40) {
		t.Errorf("town not red: %.0f,%.0f,%.0f", r, g, bl)
	}
	x, y = screenOf(t, b, cam, "navamorcuende")
	if r, g, bl := avg(img, x-b.zoneR()*0.5, y+b.zoneR()*0.55, 1); !(g > r && g > bl) {
		t.Errorf("defensive zone not green: %.0f,%.0f,%.0f", r, g, bl)
	}
	// The whole map at the window's fit zoom, for looking at (slow under a
	// software renderer: only with RENDER_SAMPLES).
	if os.Getenv("RENDER_SAMPLES") == "" {
		return
	}
	img2 := ebiten.NewImage(1280, 720)
	b.Draw(img2, b.Fit(img2.Bounds()), v, Overlay{})
	savePNG(t, img2, "marshals-fit.png")
}

// TestPixelsStrokeDoesNotFill: a stroked polyline is a line, not the filled
// shape its points enclose (Ebitengine 2.9+ returns strokes as outlines to
// fill with the non-zero rule).
func TestPixelsStrokeDoesNotFill(t *testing.T) {
	needLoop(t)
	img := ebiten.NewImage(400, 300)
	p := &painter{dst: img, sf: gpu{img}, s: 1, w: 400, h: 300}
	p.fillRect(0, 0, 400, 300, colPaper)
	p.strokePoly([]pt{{20, 20}, {380, 20}, {380, 280}, {20, 280}}, true, 3, colInk)
	p.strokeRound([]pt{{50, 100}, {150, 200}, {250, 100}}, false, 6, colRiver)
	if c := pix(img, 200, 200); c != colPaper {
		t.Errorf("inside a stroked frame: %v, want the paper %v", c, colPaper)
	}
	if c := pix(img, 150, 130); c != colPaper {
		t.Errorf("inside a stroked open polyline: %v, want the paper", c)
	}
	if c := pix(img, 20, 150); c.R > 100 {
		t.Errorf("the frame's stroke is not drawn: %v", c)
	}
	if c := pix(img, 150, 199); c.B < c.R+40 {
		t.Errorf("the river stroke is not drawn: %v", c)
	}
}

// TestZoneMapShortNames: the short form a crowded operational map falls
// back to before leaving a name out (the long qualifier cut, a head that
// says nothing alone kept whole).
func TestZoneMapShortNames(t *testing.T) {
	for in, want := range map[string]string{
		"Talavera de la Reina":        "Talavera",
		"Azután (south bank)":         "Azután",
		"Alcázar de San Juan":         "Alcázar",
		"Puerto de Baños":             "Puerto de Baños",
		"San Martín de Valdeiglesias": "San Martín de Valdeiglesias",
		"Toledo":                      "Toledo",
		"Almonacid de Toledo":         "Almonacid",
	} {
		if got := shortZoneName(in); got != want {
			t.Errorf("shortZoneName(%q) = %q, want %q", in, got, want)
		}
	}
}

// marshalsShot draws v on The Marshals' map at zoom 1 around zone at and
// reads the pixels back once.
func marshalsShot(t *testing.T, b *Board, v *rules.View, at string) (*image.RGBA, Camera) {
	t.Helper()
	img := ebiten.NewImage(640, 400)
	cam := Camera{Zoom: 1, Rect: img.Bounds()}
	mx, my, _ := b.Center(at)
	cam.X, cam.Y = mx-320, my-200
	b.Draw(img, cam, v, Overlay{})
	shot := image.NewRGBA(img.Bounds())
	img.ReadPixels(shot.Pix)
	return shot, cam
}

// changedBox is the bounding box of the pixels that differ between a and b.
func changedBox(a, b *image.RGBA) (image.Rectangle, int) {
	var r image.Rectangle
	n := 0
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			p, q := a.RGBAAt(x, y), b.RGBAAt(x, y)
			if absDiff(p.R, q.R)+absDiff(p.G, q.G)+absDiff(p.B, q.B) > 30 {
				r = r.Union(image.Rect(x, y, x+1, y+1))
				n++
			}
		}
	}
	return r, n
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// TestPixelsMarkerChipsOncePerKindOnAStack: a stack of thirty counters,
// each activated, demoralised and back to the river, shows each kind of
// marker once with its count beside the stack ("ACT×30"), not ninety chips
// running down the map over the zone names.
func TestPixelsMarkerChipsOncePerKindOnAStack(t *testing.T) {
	needLoop(t)
	rb := marshalsBoard(t)
	b := NewBoard(rb)
	stack := func(markers ...string) *rules.View {
		v := &rules.View{Board: rb, Sides: []string{"French", "Allied"}}
		for i := range 30 {
			v.Units = append(v.Units, rules.UnitView{ID: "fr" + strconv.Itoa(i), Side: 0, At: "santa-olalla", Type: "infantry",
				Name: "Division", Short: "Div", Values: "3-5", Facing: -1, Markers: markers})
		}
		return v
	}
	bare, cam := marshalsShot(t, b, stack(), "santa-olalla")
	marked, _ := marshalsShot(t, b, stack("activated", "demoralised", "back-to-river"), "santa-olalla")
	box, n := changedBox(bare, marked)
	if n < 100 {
		t.Fatalf("the markers changed %d pixels: no chips drawn", n)
	}
	sx, sy := screenOf(t, b, cam, "santa-olalla")
	// three chips of 13 map units (at least zoneChipMinZoom on screen),
	// one under the other, at the stack's side
	most := int(3*(13*math.Max(b.us, zoneChipMinZoom)+3)) + 4
	if box.Dy() > most {
		t.Errorf("the chips run %d px down the map (box %v); three kinds take at most %d", box.Dy(), box, most)
	}
	if float64(box.Max.Y) > sy+CounterSide*b.us {
		t.Errorf("the chips reach %d px below the zone's centre %.0f", box.Max.Y, sy)
	}
	if float64(box.Min.X) < sx {
		t.Errorf("the chips start at x=%d, left of the zone's centre %.0f: not beside the stack", box.Min.X, sx)
	}
	// each kind in its colour: ACT green, DEM dark red, BAC grey
	has := func(want func(c color.RGBA) bool) bool {
		for y := box.Min.Y; y < box.Max.Y; y++ {
			for x := box.Min.X; x < box.Max.X; x++ {
				if want(marked.RGBAAt(x, y)) {
					return true
				}
			}
		}
		return false
	}
	if !has(func(c color.RGBA) bool { return c.G > 110 && int(c.G) > int(c.R)+50 && int(c.G) > int(c.B)+40 }) {
		t.Error("no ACT chip (green)")
	}
	if !has(func(c color.RGBA) bool { return c.R > 90 && c.R < 130 && c.G < 40 && c.B < 40 }) {
		t.Error("no DEM chip (dark red)")
	}
	// the count: the chips of thirty counters are wider than those of one
	one := stack()
	one.Units[len(one.Units)-1].Markers = []string{"activated", "demoralised", "back-to-river"}
	single, _ := marshalsShot(t, b, one, "santa-olalla")
	box1, _ := changedBox(bare, single)
	if box1.Dy() < 20 || box.Dx() < box1.Dx()+6 {
		t.Errorf("the chips of thirty counters are %d px wide, of one %d (%d high): no count drawn", box.Dx(), box1.Dx(), box1.Dy())
	}
	savePNG(t, ebiten.NewImageFromImage(marked), "marshals-chips-stack.png")
}

// TestPixelsRetraiteMarkersBesideTheStacks: the Retraite markers [5.3.1] of
// a contested zone are drawn whole ("Retraite → Gamonal", as wide as its
// words) in their sides' colours beside the zone's stacks (above them unless names are in the way), not on the
// counters (their pixels are as they were without the markers) nor at the
// zone's lower-left under them.
func TestPixelsRetraiteMarkersBesideTheStacks(t *testing.T) {
	needLoop(t)
	rb := marshalsBoard(t)
	b := NewBoard(rb)
	view := func(markers ...rules.Marker) *rules.View {
		return &rules.View{Board: rb, Sides: []string{"French", "Allied"}, Markers: markers, Units: []rules.UnitView{
			{ID: "fr1", Side: 0, At: "talavera", Type: "infantry", Name: "Division", Short: "Div", Values: "3-5", Facing: -1},
			{ID: "fr2", Side: 0, At: "talavera", Type: "infantry", Name: "Division", Short: "Div", Values: "3-5", Facing: -1},
			{ID: "X1", Side: 1, At: "talavera", Hidden: true, Facing: -1},
			{ID: "X2", Side: 1, At: "talavera", Hidden: true, Facing: -1},
		}}
	}
	bare, cam := marshalsShot(t, b, view(), "talavera")
	marked, _ := marshalsShot(t, b, view(
		rules.Marker{At: "talavera", Kind: "retreat", Text: "French Retraite toward Gamonal [5.3.1]", To: "gamonal"},
		rules.Marker{At: "talavera", Kind: "retreat", Text: "Allied Retraite toward La Pueblanueva [5.3.1]", To: "pueblanueva"}), "talavera")
	tx, ty := screenOf(t, b, cam, "talavera")
	cs := CounterSide * b.us
	// the two stacks side by side, fanned
	counters := image.Rect(int(tx-cs*1.06-8*b.us), int(ty-cs*0.5-6*b.us), int(tx+cs*1.06+8*b.us), int(ty+cs*0.5+6*b.us))
	if _, n := changedBox(bare.SubImage(counters).(*image.RGBA), marked.SubImage(counters).(*image.RGBA)); n > 0 {
		t.Errorf("%d pixels of the counters' box %v changed: a Retraite marker lies on the stacks", n, counters)
	}
	// above the stacks or, when names are in the way there, below them
	box, n := image.Rectangle{}, 0
	for _, r := range []image.Rectangle{
		image.Rect(int(tx-120), int(ty-cs*0.5-70), int(tx+120), counters.Min.Y),
		image.Rect(int(tx-120), counters.Max.Y, int(tx+120), int(ty+cs*0.5+70)),
		image.Rect(counters.Max.X, int(ty-60), counters.Max.X+200, int(ty+60)),
		image.Rect(counters.Min.X-200, int(ty-60), counters.Min.X, int(ty+60)),
	} {
		if bx, k := changedBox(bare.SubImage(r).(*image.RGBA), marked.SubImage(r).(*image.RGBA)); k > n {
			box, n = bx, k
		}
	}
	if n < 100 {
		t.Fatalf("%d pixels changed around the stacks: no Retraite marker there", n)
	}
	blue, red := 0, 0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			c := marked.RGBAAt(x, y)
			if int(c.B) > int(c.R)+60 && c.R < 90 {
				blue++
			}
			if int(c.R) > int(c.B)+60 && int(c.R) > int(c.G)+60 {
				red++
			}
		}
	}
	if blue < 40 || red < 40 {
		t.Errorf("above the stacks: %d French blue and %d Allied red pixels", blue, red)
	}
	w, _ := Measure("Retraite → La Pueblanueva", Bold(8.5))
	if float64(box.Dx()) < w {
		t.Errorf("the markers are %d px wide, the words %.0f: cut", box.Dx(), w)
	}
	if box.Dy() < 20 {
		t.Errorf("the two markers take %d px of height: not one above the other", box.Dy())
	}
	savePNG(t, ebiten.NewImageFromImage(marked), "marshals-retraite.png")
}

// TestZoneChipsReadableAtFitZoom: on a Marshals zone map opened at its fit
// zoom in a 1280x720 window, the marker chips are readable: the text of
// each chip is at least 9 px tall on screen, and no chip lies on a
// counter nor on a zone's name. Both the chips beside the stacks of the opening and the
// markers of the zones (Retraite [5.3.1], a destroyed bridge [7.7], the
// battle [5.4]) are measured.
func TestZoneChipsReadableAtFitZoom(t *testing.T) {
	needLoop(t)
	t.Run("beside-stacks", func(t *testing.T) {
		img, b, cam, v := drawScenario(t, "marshals-talavera", Overlay{Minimap: true})
		if n := zoneChipsReadable(t, img, b, cam, v); n < 3 {
			t.Fatalf("measured %d chips, want the opening's several in view", n)
		}
	})
	t.Run("zone-markers", func(t *testing.T) {
		v := scenarioView(t, "marshals-talavera")
		v.Markers = append(v.Markers,
			rules.Marker{At: "talavera", Kind: "retreat", Text: "French Retraite toward Gamonal [5.3.1]", To: "gamonal"},
			rules.Marker{At: "talavera", Kind: "retreat", Text: "Allied Retraite toward La Pueblanueva [5.3.1]", To: "pueblanueva"},
			rules.Marker{At: "polan", Kind: "bridge-destroyed", Text: "Bridge destroyed toward Toledo [7.7]", To: "toledo"},
			rules.Marker{At: "escalona", Kind: "battle", Text: "Battle [5.4]"})
		b := NewBoard(v.Board)
		img := ebiten.NewImage(1280, 720)
		img.Fill(colTable)
		cam := b.Open(appBoardRect, v)
		b.Draw(img, cam, v, Overlay{Minimap: true})
		if n := zoneChipsReadable(t, img, b, cam, v); n < 3+4 {
			t.Fatalf("measured %d chips, want the opening's and the four markers", n)
		}
	})
}

// zoneChipsReadable measures the text of every chip drawn in view and
// reports how many it measured.
func zoneChipsReadable(t *testing.T, img *ebiten.Image, b *Board, cam Camera, v *rules.View) int {
	t.Helper()
	measured := 0
	for _, r := range b.chipRects {
		in := r.Inset(2)
		if !in.In(cam.Rect) {
			continue
		}
		// the chip's fill is its commonest colour; the text rows are
		// those with a pixel far from it
		count := map[[3]uint8]int{}
		for y := in.Min.Y; y < in.Max.Y; y++ {
			for x := in.Min.X; x < in.Max.X; x++ {
				c := pix(img, float64(x), float64(y))
				count[[3]uint8{c.R, c.G, c.B}]++
			}
		}
		var bg [3]uint8
		for c, n := range count {
			if n > count[bg] {
				bg = c
			}
		}
		top, bot := -1, -1
		for y := in.Min.Y; y < in.Max.Y; y++ {
			for x := in.Min.X + 1; x < in.Max.X-1; x++ {
				c := pix(img, float64(x), float64(y))
				if absDiff(c.R, bg[0])+absDiff(c.G, bg[1])+absDiff(c.B, bg[2]) > 150 {
					if top < 0 {
						top = y
					}
					bot = y
					break
				}
			}
		}
		if top < 0 {
			t.Errorf("chip %v: no text found", r)
			continue
		}
		if h := bot - top + 1; h < 9 {
			t.Errorf("chip %v: text %d px tall at zoom %.2f, want >= 9", r, h, cam.Zoom)
		}
		measured++
		z := cam.zoom()
		for _, lb := range b.zoneLabels(z) {
			lx, ly := cam.ToScreen(lb.x-lb.w/2, lb.y-lb.h/2)
			name := image.Rect(int(lx)+1, int(ly)+1, int(lx+lb.w*z)-1, int(ly+lb.h*z)-1)
			if name.Overlaps(r) {
				t.Errorf("chip %v lies on the zone name %q at %v", r, lb.text, name)
			}
		}
		for i := range b.placed {
			p := &b.placed[i]
			sx, sy := cam.ToScreen(p.cx, p.cy)
			hw, hh := p.w*cam.Zoom/2, p.h*cam.Zoom/2
			cr := image.Rect(int(sx-hw)+1, int(sy-hh)+1, int(sx+hw)-1, int(sy+hh)-1)
			if cr.Overlaps(r) {
				t.Errorf("chip %v lies on counter %s at %v", r, v.Units[p.idx].ID, cr)
			}
		}
	}
	savePNG(t, img, "marshals-fit-chips-"+strings.ReplaceAll(t.Name(), "/", "-")+".png")
	return measured
}
