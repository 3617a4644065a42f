package render

import (
	"image"
	"math"
	"testing"

	"grognard/rules"
)

func TestCameraRoundTripAndZoomAt(t *testing.T) {
	cam := Camera{X: 120, Y: -40, Zoom: 1.7, Rect: image.Rect(200, 50, 1200, 700)}
	for _, p := range [][2]float64{{0, 0}, {333.3, 12}, {-50, 900}} {
		sx, sy := cam.ToScreen(p[0], p[1])
		mx, my := cam.ToMap(sx, sy)
		if math.Abs(mx-p[0]) > 1e-9 || math.Abs(my-p[1]) > 1e-9 {
			t.Errorf("round trip %v -> %v,%v", p, mx, my)
		}
	}
	if sx, sy := cam.ToScreen(120, -40); sx != 200 || sy != 50 {
		t.Errorf("camera origin shown at %v,%v, want Rect.Min", sx, sy)
	}
	mx, my := cam.ToMap(640, 300)
	cam.ZoomAt(640, 300, 1.5)
	if math.Abs(cam.Zoom-2.55) > 1e-9 {
		t.Errorf("zoom = %v", cam.Zoom)
	}
	if x, y := cam.ToMap(640, 300); math.Abs(x-mx) > 1e-9 || math.Abs(y-my) > 1e-9 {
		t.Errorf("ZoomAt moved the point under the cursor: %v,%v -> %v,%v", mx, my, x, y)
	}
	cam.ZoomAt(640, 300, 100)
	if cam.Zoom != MaxZoom {
		t.Errorf("zoom not clamped high: %v", cam.Zoom)
	}
	cam.ZoomAt(10, 10, 0.0001)
	if cam.Zoom != MinZoom {
		t.Errorf("zoom not clamped low: %v", cam.Zoom)
	}
}

func TestPickHexCentresFlatAndPointy(t *testing.T) {
	for _, rb := range []*rules.Board{fixtureHex(t), pointyBoard()} {
		b := NewBoard(rb)
		cam := b.Fit(image.Rect(30, 20, 830, 620))
		for _, c := range rb.Hex.Coords() {
			num := rb.Hex.Num(c)
			mx, my, ok := b.Center(num)
			if !ok {
				t.Fatalf("no centre for %s", num)
			}
			sx, sy := cam.ToScreen(mx, my)
			// the centre and points well inside the hex pick it
			for _, d := range [][2]float64{{0, 0}, {0.5, 0}, {-0.4, 0.4}, {0, -0.6}} {
				got, ok := b.Pick(cam, sx+d[0]*HexSize*cam.Zoom, sy+d[1]*HexSize*cam.Zoom)
				if !ok || got != num {
					t.Errorf("%s: Pick at centre%+v = %q %v", rb.Hex.Name, d, got, ok)
				}
			}
		}
		if _, ok := b.Pick(cam, 0, 0); ok {
			t.Errorf("%s: Pick off the map found a hex", rb.Hex.Name)
		}
		w, h := b.Size()
		if w <= 0 || h <= 0 {
			t.Errorf("size %v x %v", w, h)
		}
	}
	// hex 0605 is 'off' on the fixture map
	b := NewBoard(fixtureHex(t))
	if _, _, ok := b.Center("0605"); ok {
		t.Error("Center of an off-map hex")
	}
}

func TestPickNeighboursAreDistinct(t *testing.T) {
	rb := fixtureHex(t)
	b := NewBoard(rb)
	cam := Camera{Zoom: 1, Rect: image.Rect(0, 0, 800, 600)}
	x1, y1, _ := b.Center("0303")
	x2, y2, _ := b.Center("0302") // north neighbour on a flat map
	if math.Abs(x1-x2) > 1e-9 || math.Abs(y1-y2-HexSize*math.Sqrt(3)) > 1e-9 {
		t.Fatalf("0302 not straight north of 0303: %v,%v vs %v,%v", x2, y2, x1, y1)
	}
	// just either side of the shared edge
	mid := (y1 + y2) / 2
	if got, _ := b.Pick(cam, x1, mid+2); got != "0303" {
		t.Errorf("below the edge: %s", got)
	}
	if got, _ := b.Pick(cam, x1, mid-2); got != "0302" {
		t.Errorf("above the edge: %s", got)
	}
}

func TestPickZoneCentres(t *testing.T) {
	rb := zoneBoard()
	b := NewBoard(rb)
	cam := b.Fit(image.Rect(0, 0, 1280, 720))
	for _, id := range rb.Zones.IDs() {
		mx, my, ok := b.Center(id)
		if !ok {
			t.Fatalf("no centre for %s", id)
		}
		sx, sy := cam.ToScreen(mx, my)
		if got, ok := b.Pick(cam, sx, sy); !ok || got != id {
			t.Errorf("Pick at %s's centre = %q", id, got)
		}
		// on its name plate, below the disc
		if got, ok := b.Pick(cam, sx, sy+(ZoneRadius+8)*cam.Zoom); !ok || got != id {
			t.Errorf("Pick on %s's plate = %q", id, got)
		}
	}
	if _, ok := b.Pick(cam, 1, 1); ok {
		t.Error("Pick in an empty corner found a zone")
	}
	if w, h := b.Size(); w != ZoneMapW || h != ZoneMapH {
		t.Errorf("zone map size %v x %v", w, h)
	}
}

func TestUnitsAtInDrawingOrder(t *testing.T) {
	rb := fixtureHex(t)
	b := NewBoard(rb)
	v := fixtureView(rb)
	ids := func(us []rules.UnitView) []string {
		var out []string
		for _, u := range us {
			out = append(out, u.ID)
		}
		return out
	}
	if got := ids(b.UnitsAt(v, "0202")); len(got) != 3 || got[0] != "a2" || got[1] != "a3" || got[2] != "a4" {
		t.Errorf("stack at 0202 = %v", got)
	}
	for _, loc := range []string{"0502", "0503"} {
		if got := ids(b.UnitsAt(v, loc)); len(got) != 1 || got[0] != "b1" {
			t.Errorf("two-hex counter at %s = %v", loc, got)
		}
	}
	v.Units[0].Eliminated = true
	if got := b.UnitsAt(v, "0303"); len(got) != 0 {
		t.Errorf("eliminated unit listed: %v", got)
	}
	if got := b.UnitsAt(v, "0404"); len(got) != 0 {
		t.Errorf("empty hex: %v", got)
	}
}

func TestPickUnitOnFannedAndOpenStack(t *testing.T) {
	rb := fixtureHex(t)
	b := NewBoard(rb)
	v := fixtureView(rb)
	cam := Camera{Zoom: 2, Rect: image.Rect(0, 0, 1000, 800)}
	cx, cy, _ := b.Center("0202")
	at := func(dx, dy float64) (string, bool) {
		sx, sy := cam.ToScreen(cx+dx, cy+dy)
		return b.PickUnitOpen(cam, v, "", sx, sy)
	}
	// top of the stack (drawn last) covers the centre
	if id, ok := at(0, 0); !ok || id != "a4" {
		t.Errorf("centre of stack = %q, want the top unit a4", id)
	}
	// the bottom counter sticks out down-left of the fan
	h := CounterSide / 2
	if id, ok := at(-h-fanStep+1.5, h+fanStep-1.5); !ok || id != "a2" {
		t.Errorf("bottom-left corner = %q, want bottom unit a2", id)
	}
	if id, ok := at(h+fanStep-1.5, -h-fanStep+1.5); !ok || id != "a4" {
		t.Errorf("top-right corner = %q, want top unit a4", id)
	}
	if _, ok := at(HexSize*0.9, HexSize*0.75); ok {
		t.Error("picked a unit outside every counter")
	}
	// opened wide: every counter is picked at its own place
	b.layout(v, "0202")
	found := map[string]bool{}
	for _, p := range b.placed {
		if !p.open {
			continue
		}
		sx, sy := cam.ToScreen(p.cx, p.cy)
		id, ok := b.PickUnitOpen(cam, v, "0202", sx, sy)
		if !ok || id != v.Units[p.idx].ID {
			t.Errorf("open stack: pick at %s's place = %q", v.Units[p.idx].ID, id)
		}
		found[id] = true
	}
	if len(found) != 3 {
		t.Errorf("open stack laid out %d units, want 3", len(found))
	}
	// the two-hex counter is picked over either of its hexes
	for _, loc := range []string{"0502", "0503"} {
		x, y, _ := b.Center(loc)
		sx, sy := cam.ToScreen(x, y)
		if id, ok := b.PickUnitOpen(cam, v, "", sx, sy); !ok || id != "b1" {
			t.Errorf("two-hex counter over %s = %q", loc, id)
		}
	}
}

func TestPickFacingAroundHex(t *testing.T) {
	for _, rb := range []*rules.Board{fixtureHex(t), pointyBoard()} {
		b := NewBoard(rb)
		cam := Camera{Zoom: 1.5, Rect: image.Rect(0, 0, 1200, 900)}
		loc := "0303"
		cx, cy, ok := b.Center(loc)
		if !ok {
			t.Fatal("no 0303")
		}
		for f := range 6 {
			// the arrow lies toward corner f, just beyond it
			dx, dy := rb.Hex.Layout.Corner(f, HexSize)
			sx, sy := cam.ToScreen(cx+dx*1.02, cy+dy*1.02)
			got, ok := b.PickFacing(cam, loc, sx, sy)
			if !ok || got != f {
				t.Errorf("%s: arrow %d picked as %d %v", rb.Hex.Name, f, got, ok)
			}
		}
		sx, sy := cam.ToScreen(cx, cy)
		if f, ok := b.PickFacing(cam, loc, sx, sy); ok {
			t.Errorf("hex centre picked facing %d", f)
		}
		// an edge midpoint lies between two arrows, outside both
		ex, ey := rb.Hex.Layout.Corner(0, HexSize)
		fx, fy := rb.Hex.Layout.Corner(1, HexSize)
		sx, sy = cam.ToScreen(cx+(ex+fx)/2*0.9, cy+(ey+fy)/2*0.9)
		if f, ok := b.PickFacing(cam, loc, sx, sy); ok {
			t.Errorf("edge midpoint picked facing %d", f)
		}
	}
	if _, ok := NewBoard(zoneBoard()).PickFacing(Camera{Zoom: 1}, "almoraz", 0, 0); ok {
		t.Error("zone maps have no facing arrows")
	}
}

func TestWrapKeepsWordsAndWidth(t *testing.T) {
	f := Face(14)
	s := "The attacker rolls two dice and adds the leader's rating; a roll of twelve always succeeds."
	lines := Wrap(s, f, 160)
	if len(lines) < 3 {
		t.Fatalf("wrapped into %d lines: %q", len(lines), lines)
	}
	joined := ""
	for i, l := range lines {
		if w, _ := Measure(l, f); w > 160 {
			t.Errorf("line %q is %v wide", l, w)
		}
		if i > 0 {
			joined += " "
		}
		joined += l
	}
	if joined != s {
		t.Errorf("words lost: %q", joined)
	}
	if got := Wrap("a\nb", f, 100); len(got) != 2 {
		t.Errorf("newline not kept: %q", got)
	}
	if got := Wrap("Supercalifragilisticexpialidocious", f, 40); len(got) < 2 {
		t.Errorf("long word not broken: %q", got)
	}
}
