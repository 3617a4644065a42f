package render

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

func pixelsOf(img *ebiten.Image) []byte {
	b := img.Bounds()
	pix := make([]byte, 4*b.Dx()*b.Dy())
	img.ReadPixels(pix)
	return pix
}

// channelsApart counts the channels of a and b more than tol apart.
func channelsApart(a, b []byte, tol int) int {
	n := 0
	for i := range a {
		if d := int(a[i]) - int(b[i]); d > tol || d < -tol {
			n++
		}
	}
	return n
}

// directStroke and directFill draw as strokePath and fillPath did before
// pathbatch.go: straight to the vector package, one batch.
func directStroke(dst *ebiten.Image, pts []pt, w float64, c color.Color) {
	so := &vector.StrokeOptions{Width: float32(w), LineJoin: vector.LineJoinMiter, MiterLimit: 4}
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.StrokePath(dst, strokeLoop(pts, true), so, op)
}

func directFill(dst *ebiten.Image, pts []pt, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(dst, polyPath(pts, true), nil, op)
}

func resetPathBatch() {
	pathBatch.mu.Lock()
	pathBatch.flushes, pathBatch.most, pathBatch.runs = 0, 0, 0
	pathBatch.mu.Unlock()
}

func hexagonAt(cx, cy float64) []pt {
	var pts []pt
	for _, d := range [][2]float64{{30, 0}, {15, 26}, {-15, 26}, {-30, 0}, {-15, -26}, {15, -26}} {
		pts = append(pts, pt{cx + d[0], cy + d[1]})
	}
	return pts
}

// drawHexGrid draws 330 hexagons (15 rows of 22, the hand-over cover's
// pattern) on two window-sized images, each through its own draw, and
// fails t when their pixels differ (beyond 1 per channel) or when they
// drew almost nothing: the helpers of pathbatch.go and pathqueue.go
// against the vector package drawing one batch (#22 item 8).
func drawHexGrid(t *testing.T, what string, ours, direct func(dst *ebiten.Image, pts []pt)) {
	t.Helper()
	a := ebiten.NewImage(1280, 720)
	b := ebiten.NewImage(1280, 720)
	defer a.Deallocate()
	defer b.Deallocate()
	for row := range 15 {
		for col := range 22 {
			pts := hexagonAt(float64(col)*60, float64(row)*52+float64(col%2)*26)
			ours(a, pts)
			direct(b, pts)
		}
	}
	pa, pb := pixelsOf(a), pixelsOf(b)
	if n := channelsApart(pa, pb, 1); n > 0 {
		t.Errorf("the hexagons drawn %s differ from one batch at %d channels", what, n)
	}
	if channelsApart(pa, make([]byte, len(pa)), 0) < 10000 {
		t.Errorf("the hexagons drew almost nothing")
	}
}

// TestPathBatchFitsStencilSamePixels: three hundred stroked hexagons on a
// window-sized image (the hand-over cover's pattern, whose one batch took
// a stencil buffer of 4094x987 on a shared atlas page, #22 item 8) are
// cut into batches that fit the buffer made at its final size
// (stencilW x stencilH), with the pixels of one batch.
func TestPathBatchFitsStencilSamePixels(t *testing.T) {
	if !inLoop {
		t.Skip("needs the game loop")
	}
	c := rgba(0xff, 0xf0, 0xd0, 0x60)
	resetPathBatch()
	drawHexGrid(t, "in batches",
		func(dst *ebiten.Image, pts []pt) { strokePoly(dst, pts, true, 1, c) },
		func(dst *ebiten.Image, pts []pt) { directStroke(dst, pts, 1, c) })
	// batches are cut when the buffer is full, and every pathsPerRun paths
	// (pathqueue.go)
	if pathBatch.flushes+pathBatch.runs < 1 || pathBatch.most > stencilH {
		t.Errorf("330 hexagons took %d batches, the tallest packed %d rows: want at least 2, none over %d", pathBatch.flushes+pathBatch.runs+1, pathBatch.most, stencilH)
	}
}

// TestLargePathInCellsSamePixels: a translucent path larger than a cell
// (a panel's background, 900x600 on fractional pixels) is drawn one cell
// at a time, with the pixels of the whole path: no seam, nothing twice.
func TestLargePathInCellsSamePixels(t *testing.T) {
	if !inLoop {
		t.Skip("needs the game loop")
	}
	a := ebiten.NewImage(1100, 700)
	b := ebiten.NewImage(1100, 700)
	defer a.Deallocate()
	defer b.Deallocate()
	c := rgba(0x2c, 0x26, 0x20, 0xa0)
	pts := []pt{{20.3, 30.6}, {940.2, 40.1}, {960.7, 650.4}, {480.5, 690.2}, {25.1, 620.8}}
	resetPathBatch()
	fillPoly(a, pts, c)
	strokePoly(a, pts, true, 2.5, colGold)
	directFill(b, pts, c)
	directStroke(b, pts, 2.5, colGold)
	if pathBatch.most > stencilH {
		t.Errorf("a path of 940x660 packed %d rows: want at most %d", pathBatch.most, stencilH)
	}
	pa, pb := pixelsOf(a), pixelsOf(b)
	// an edge pixel may differ by one of its eight samples (1/8 of its
	// coverage: the rasterizer rounds a path's position in buffers of
	// other sizes); a seam or a cell drawn twice would differ by more,
	// along a whole row
	if n := channelsApart(pa, pb, 40); n > 0 {
		t.Errorf("the path drawn in cells differs from the whole path by over 1/8 of a pixel's coverage at %d channels", n)
	}
	if n := channelsApart(pa, pb, 2); n > 400 {
		t.Errorf("the path drawn in cells differs from the whole path at %d channels (edge samples: want under 400)", n)
	}
	// across the cells' edges (rows 29+208k), inside the path: the same
	for _, y := range []int{236, 237, 238, 444, 445, 446} {
		for x := 100; x < 900; x += 50 {
			i := 4 * (y*1100 + x)
			if channelsApart(pa[i:i+4], pb[i:i+4], 0) > 0 {
				t.Errorf("at %d,%d across a cell's edge: %v, want %v", x, y, pa[i:i+4], pb[i:i+4])
			}
		}
	}
	if pa[4*(300*1100+400)+3] == 0 {
		t.Errorf("the path drew nothing")
	}
}

// TestPackedSizeAsVector: the stencil buffer's size as the vector
// package packs it (vector/atlas.go): rows as tall as the tallest path.
func TestPackedSizeAsVector(t *testing.T) {
	sizes := []image.Point{{64, 32}, {2048, 208}, {2048, 208}, {128, 64}}
	if w, h := packedSize(sizes, 4093); w != 2048+64+128 || h != 208+208 {
		t.Errorf("packed %dx%d: want 2240x416 (a second row below the tallest)", w, h)
	}
}

// TestLargeRectPlainSamePixels: a large rectangle on whole pixels is
// filled without antialiasing, with the same pixels; one on fractional
// pixels keeps its soft edges.
func TestLargeRectPlainSamePixels(t *testing.T) {
	if !inLoop {
		t.Skip("needs the game loop")
	}
	if !plainRect(0, 0, 1280, 720) || plainRect(0.5, 0, 1280, 720) || plainRect(0, 0, 40, 30) {
		t.Fatalf("plainRect: want only large rectangles on whole pixels")
	}
	a := ebiten.NewImage(600, 400)
	b := ebiten.NewImage(600, 400)
	defer a.Deallocate()
	defer b.Deallocate()
	c := rgba(0x1e, 0x1b, 0x18, 0xc0)
	fillRect(a, 10, 20, 500, 300, c) // plain
	directFill(b, []pt{{10, 20}, {510, 20}, {510, 320}, {10, 320}}, c)
	pa, pb := pixelsOf(a), pixelsOf(b)
	if n := channelsApart(pa, pb, 1); n > 0 {
		t.Errorf("a large rectangle drawn plain differs from the antialiased path at %d channels", n)
	}
	if pa[4*(100*600+100)+3] == 0 {
		t.Errorf("the rectangle drew nothing")
	}
}
