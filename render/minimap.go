package render

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"grognard/rules"
)

// ReadableZoom is the smallest zoom at which a counter's values are at
// least 9 pixels tall (TestGlyphHeightAtDefaultZoom measures them). A
// board opens at the zoom that fits the whole map if that is readable,
// else at this zoom on the area of action, with an overview in a corner
// of the view to jump around.
const ReadableZoom = 0.82

// Open returns the camera a board opens with in viewport r: the whole map
// when it fits at a readable zoom, else ReadableZoom centred on the area
// of action (the units on the map, else the set-up hexes), kept on the map.
func (b *Board) Open(r image.Rectangle, v *rules.View) Camera {
	fit := b.Fit(r)
	if fit.Zoom >= ReadableZoom*0.999 || r.Dx() <= 0 || r.Dy() <= 0 {
		return fit
	}
	z := ReadableZoom
	cx, cy := b.actionCentre(v)
	c := Camera{Zoom: z, Rect: r}
	vw, vh := float64(r.Dx())/z, float64(r.Dy())/z
	c.X = clampView(cx-vw/2, vw, b.w)
	c.Y = clampView(cy-vh/2, vh, b.h)
	return c
}

// clampView keeps a view of extent v starting at x on a map of extent m
// (centred when the map is smaller than the view).
func clampView(x, v, m float64) float64 {
	if v >= m {
		return m/2 - v/2
	}
	return clamp(x, 0, m-v)
}

// actionCentre is the map point at the middle of the action: the mean of
// the units on the map, else of the labelled (set-up) hexes, else the
// map's centre.
func (b *Board) actionCentre(v *rules.View) (float64, float64) {
	var sx, sy, n float64
	if v != nil {
		for _, u := range v.Units {
			if u.Eliminated || u.At == "" {
				continue
			}
			if x, y, ok := b.Center(u.At); ok {
				sx, sy, n = sx+x, sy+y, n+1
			}
		}
	}
	if n == 0 && b.hm != nil {
		for c, cell := range b.hm.Cells {
			if cell != nil && cell.Label != "" {
				x, y := b.hexCenter(c)
				sx, sy, n = sx+x, sy+y, n+1
			}
		}
	}
	if n == 0 {
		return b.w / 2, b.h / 2
	}
	return sx / n, sy / n
}

// minimap geometry: the overview sits in the bottom-right corner of the
// view when the view does not show the whole map.
const (
	minimapMaxW   = 210.0
	minimapMaxH   = 160.0
	minimapMargin = 10
)

// minimapRect is the overview's screen rectangle and its scale (screen
// pixels per map unit); ok is false when the whole map is in view.
func (b *Board) minimapRect(cam Camera) (image.Rectangle, float64, bool) {
	if b.w <= 0 || b.h <= 0 || cam.Rect.Empty() {
		return image.Rectangle{}, 0, false
	}
	x0, y0 := cam.ToMap(float64(cam.Rect.Min.X), float64(cam.Rect.Min.Y))
	x1, y1 := cam.ToMap(float64(cam.Rect.Max.X), float64(cam.Rect.Max.Y))
	slack := HexSize * 0.5
	if x0 <= slack && y0 <= slack && x1 >= b.w-slack && y1 >= b.h-slack {
		return image.Rectangle{}, 0, false
	}
	s := math.Min(math.Min(minimapMaxW/b.w, minimapMaxH/b.h), float64(cam.Rect.Dx())*0.3/b.w)
	w, h := int(math.Round(b.w*s)), int(math.Round(b.h*s))
	if w < 40 || h < 30 {
		return image.Rectangle{}, 0, false
	}
	r := image.Rect(cam.Rect.Max.X-minimapMargin-w, cam.Rect.Max.Y-minimapMargin-h, cam.Rect.Max.X-minimapMargin, cam.Rect.Max.Y-minimapMargin)
	return r, s, true
}

// minimapTabW and minimapTabH are the size of the overview's hide/show
// tab: above the overview's top-right corner while it shows, in the view's
// bottom-right corner while it is hidden.
const (
	minimapTabW = 104
	minimapTabH = 20
)

// minimapTab is the screen rectangle of the overview's hide/show tab for
// cam; ok is false when the whole map is in view (no overview then).
func (b *Board) minimapTab(cam Camera, shown bool) (image.Rectangle, bool) {
	r, _, ok := b.minimapRect(cam)
	if !ok {
		return image.Rectangle{}, false
	}
	if shown {
		return image.Rect(r.Max.X+4-minimapTabW, r.Min.Y-4-minimapTabH, r.Max.X+4, r.Min.Y-4), true
	}
	return image.Rect(cam.Rect.Max.X-minimapMargin-minimapTabW, cam.Rect.Max.Y-minimapMargin-minimapTabH,
		cam.Rect.Max.X-minimapMargin, cam.Rect.Max.Y-minimapMargin), true
}

// MinimapTabAt reports whether the screen point is on the overview's
// hide/show tab (shown: the overview is drawn; else hidden): a click there
// hides or shows the overview, so the units under it can be reached.
func (b *Board) MinimapTabAt(cam Camera, shown bool, sx, sy float64) bool {
	r, ok := b.minimapTab(cam, shown)
	return ok && image.Pt(int(sx), int(sy)).In(r)
}

// drawMinimapTab draws the hide/show tab.
func (b *Board) drawMinimapTab(dst *ebiten.Image, cam Camera, shown bool) {
	r, ok := b.minimapTab(cam, shown)
	if !ok {
		return
	}
	x, y, w, h := rectF(r)
	vector.DrawFilledRect(dst, float32(x), float32(y), float32(w), float32(h), rgba(0x18, 0x14, 0x10, 0xe0), false)
	vector.StrokeRect(dst, float32(x)+0.5, float32(y)+0.5, float32(w)-1, float32(h)-1, 1, rgb(0xd8, 0xc8, 0x98), false)
	label := "Hide map (M)"
	if !shown {
		label = "Show map (M)"
	}
	drawTextCentered(dst, label, Face(12), x+w/2, y+h/2, rgb(0xf5, 0xe9, 0xc8))
}

// MinimapAt reports whether the screen point is on the overview drawn for
// cam (clicks there belong to it, not to the map).
func (b *Board) MinimapAt(cam Camera, sx, sy float64) bool {
	r, _, ok := b.minimapRect(cam)
	return ok && image.Pt(int(sx), int(sy)).In(r.Inset(-3))
}

// MinimapClick returns cam centred on the map point under the screen
// point when that point is on the overview; ok is false elsewhere.
func (b *Board) MinimapClick(cam Camera, sx, sy float64) (Camera, bool) {
	r, s, ok := b.minimapRect(cam)
	if !ok || !image.Pt(int(sx), int(sy)).In(r.Inset(-3)) {
		return cam, false
	}
	mx := clamp((sx-float64(r.Min.X))/s, 0, b.w)
	my := clamp((sy-float64(r.Min.Y))/s, 0, b.h)
	z := cam.zoom()
	cam.X = mx - float64(cam.Rect.Dx())/2/z
	cam.Y = my - float64(cam.Rect.Dy())/2/z
	return cam, true
}

// minimapImage is the whole map painted small, once per board: each
// pixel takes the colour of the terrain under it (woods, towns and water
// stronger than on the map, so they read at this size), then the rivers
// and roads as lines.
func (b *Board) minimapImage(s float64) *ebiten.Image {
	if b.overview != nil && b.overviewS == s {
		return b.overview
	}
	if b.overview != nil {
		b.overview.Deallocate()
	}
	w, h := int(math.Ceil(b.w*s)), int(math.Ceil(b.h*s))
	pix := make([]byte, 4*w*h)
	for y := range h {
		for x := range w {
			c := colMargin
			mx, my := (float64(x)+0.5)/s, (float64(y)+0.5)/s
			if b.hm != nil {
				if cell := b.hm.Cell(b.hm.Layout.FromPixel(mx-b.ox, my-b.oy, HexSize)); cell != nil {
					c = overviewColour(cell.Terrain, cell.Level)
				}
			} else if b.zg != nil {
				c = colPaper
				for _, q := range b.zpos {
					if math.Hypot(mx-q.X, my-q.Y) <= ZoneRadius {
						c = rgb(0xd8, 0xc8, 0xa0)
					}
				}
			}
			i := 4 * (y*w + x)
			pix[i], pix[i+1], pix[i+2], pix[i+3] = c.R, c.G, c.B, 0xff
		}
	}
	img := ebiten.NewImage(w, h)
	img.WritePixels(pix)
	if b.hm != nil {
		m := b.hm
		for e, fs := range m.Sides {
			for _, f := range fs {
				if f != "river" && f != "stream" {
					continue
				}
				c, d := e.C, e.Dir
				if !m.On(c) && !m.On(c.Neighbor(d)) {
					continue
				}
				a, z := b.edgeEnds(c, d)
				vector.StrokeLine(img, float32(a.X*s), float32(a.Y*s), float32(z.X*s), float32(z.Y*s), 2, colWaterInk, false)
			}
		}
		for _, c := range m.Coords() {
			x, y := b.hexCenter(c)
			for d := range 3 {
				n := c.Neighbor(d)
				if m.On(n) && (m.SideHas(c, n, "road") || m.HasFeature(c, "road") && m.HasFeature(n, "road")) {
					nx, ny := b.hexCenter(n)
					vector.StrokeLine(img, float32(x*s), float32(y*s), float32(nx*s), float32(ny*s), 1.5, colRoad, false)
				}
			}
		}
	}
	b.overview, b.overviewS = img, s
	return img
}

// overviewColour is a terrain's colour on the overview.
func overviewColour(t string, level int) colorT {
	switch t {
	case "woods", "forest":
		return mixColor(terrainBase(t, level), colTreeDark, 0.45)
	case "olive", "orchard":
		return mixColor(terrainBase(t, level), colTree, 0.35)
	case "village", "town", "walls", "buildings", "castle":
		return mixColor(terrainBase(t, level), colRoof, 0.5)
	case "river", "water", "bridge":
		return mixColor(colWater, colWaterInk, 0.3)
	}
	return terrainBase(t, level)
}

// drawMinimap draws the overview: the map small, a dot in its side's
// colour for every unit in view, and the frame of the view.
func (b *Board) drawMinimap(dst *ebiten.Image, cam Camera, v *rules.View) {
	r, s, ok := b.minimapRect(cam)
	if !ok {
		return
	}
	defer b.drawMinimapTab(dst, cam, true)
	x0, y0, x1, y1 := float32(r.Min.X), float32(r.Min.Y), float32(r.Max.X), float32(r.Max.Y)
	vector.DrawFilledRect(dst, x0-4, y0-4, x1-x0+8, y1-y0+8, rgba(0x18, 0x14, 0x10, 0xe0), false)
	vector.StrokeRect(dst, x0-2.5, y0-2.5, x1-x0+5, y1-y0+5, 1, rgb(0xd8, 0xc8, 0x98), false)
	img := b.minimapImage(s)
	b.op = ebiten.DrawImageOptions{}
	b.op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
	dst.DrawImage(img, &b.op)
	if v != nil {
		d := float32(math.Max(4, CounterSide*0.6*s))
		for i := range v.Units {
			u := &v.Units[i]
			if u.Eliminated || u.At == "" {
				continue
			}
			mx, my, ok := b.Center(u.At)
			if !ok {
				continue
			}
			px, py := x0+float32(mx*s)-d/2, y0+float32(my*s)-d/2
			vector.DrawFilledRect(dst, px-1, py-1, d+2, d+2, rgb(0x14, 0x10, 0x0c), false)
			vector.DrawFilledRect(dst, px, py, d, d, sideBaseOf(v.Sides, int(u.Side)), false)
		}
	}
	// the view's frame, clipped to the overview
	vx0, vy0 := cam.ToMap(float64(cam.Rect.Min.X), float64(cam.Rect.Min.Y))
	vx1, vy1 := cam.ToMap(float64(cam.Rect.Max.X), float64(cam.Rect.Max.Y))
	fx0 := float32(clamp(vx0*s, 0, float64(r.Dx()))) + x0
	fy0 := float32(clamp(vy0*s, 0, float64(r.Dy()))) + y0
	fx1 := float32(clamp(vx1*s, 0, float64(r.Dx()))) + x0
	fy1 := float32(clamp(vy1*s, 0, float64(r.Dy()))) + y0
	vector.StrokeRect(dst, fx0, fy0, fx1-fx0, fy1-fy0, 3, rgb(0x14, 0x10, 0x0c), false)
	vector.StrokeRect(dst, fx0, fy0, fx1-fx0, fy1-fy0, 1.5, rgb(0xff, 0xd8, 0x30), false)
}

// DrawMinimap draws only the overview of o (or its "Show map" tab) in the
// corner of cam.Rect, over a board drawn by Draw without it (o.Minimap
// false): the app keeps the board in a layer larger than the view and
// copies it at an offset while the view pans, and the overview stays put.
func (b *Board) DrawMinimap(dst *ebiten.Image, cam Camera, v *rules.View, o Overlay) {
	if !o.Minimap {
		return
	}
	if cam.Rect.Empty() {
		cam.Rect = dst.Bounds()
	}
	if !o.MinimapHidden {
		b.drawMinimap(dst, cam, v)
	} else {
		b.drawMinimapTab(dst, cam, false)
	}
}
