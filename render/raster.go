package render

import (
	"image"
	"image/color"
	"math"

	xvector "golang.org/x/image/vector"
)

// canvas paints shapes on the CPU into an *image.RGBA (premultiplied
// alpha, as Ebitengine takes it with WritePixels), with exact-area
// antialiasing from golang.org/x/image/vector.
//
// Why not the GPU: Ebitengine runs its command queue only at the end of a
// frame, and every vector path drawn in a frame keeps its vertices, its
// stencil buffers and its atlas there until then. A terrain tile holds
// thousands of shapes (a forest hex alone some fifty), so painting the
// tiles of one view queued gigabytes on Mesa's software renderer. On the
// CPU a tile costs its 1 MB of pixels, and one WritePixels.
//
// Shapes are unions of contours, all wound the same way: the rasterizer
// adds signed coverage and clamps its absolute value to 1, so overlapping
// pieces of one stroke (segments, joins, caps) cover a pixel once, and a
// translucent stroke is not darker where its pieces meet. A hole (a ring's
// inside) is a contour wound the other way.
type canvas struct {
	img *image.RGBA
	ras xvector.Rasterizer
	src image.Uniform

	// the shape being built: contours of pts, each starting at starts[i]
	pts    []pt
	starts []int
}

func newCanvas(img *image.RGBA) *canvas { return &canvas{img: img} }

// begin starts a new shape.
func (c *canvas) begin() {
	c.pts = c.pts[:0]
	c.starts = c.starts[:0]
}

// contour adds a closed contour as given.
func (c *canvas) contour(pts []pt) {
	if len(pts) < 3 {
		return
	}
	c.starts = append(c.starts, len(c.pts))
	c.pts = append(c.pts, pts...)
}

// signedArea2 is twice the signed area of a polygon (positive when it
// runs clockwise on screen, y down).
func signedArea2(pts []pt) float64 {
	var a float64
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		a += p.X*q.Y - q.X*p.Y
	}
	return a
}

// wound adds a contour wound clockwise (dir > 0) or anticlockwise (dir < 0).
func (c *canvas) wound(pts []pt, dir float64) {
	if len(pts) < 3 {
		return
	}
	c.starts = append(c.starts, len(c.pts))
	if signedArea2(pts)*dir >= 0 {
		c.pts = append(c.pts, pts...)
		return
	}
	for i := len(pts) - 1; i >= 0; i-- {
		c.pts = append(c.pts, pts[i])
	}
}

// paint fills the shape built since begin with col (premultiplied).
func (c *canvas) paint(col color.Color) {
	if _, _, _, a := col.RGBA(); a == 0 {
		return
	}
	c.src.C = col
	c.paintSrc(&c.src)
}

// paintSrc fills the shape built since begin with the pixels of src at the
// same positions (a pattern masked to the shape).
func (c *canvas) paintSrc(src image.Image) {
	if len(c.starts) == 0 {
		return
	}
	x0, y0 := math.Inf(1), math.Inf(1)
	x1, y1 := math.Inf(-1), math.Inf(-1)
	for _, p := range c.pts {
		x0, y0 = math.Min(x0, p.X), math.Min(y0, p.Y)
		x1, y1 = math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	if math.IsNaN(x0+y0+x1+y1) || math.IsInf(x0+y0+x1+y1, 0) {
		return
	}
	r := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1))+1, int(math.Ceil(y1))+1).Intersect(c.img.Bounds())
	if r.Empty() {
		return
	}
	c.ras.Reset(r.Dx(), r.Dy())
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	for i, s := range c.starts {
		e := len(c.pts)
		if i+1 < len(c.starts) {
			e = c.starts[i+1]
		}
		ctr := c.pts[s:e]
		c.ras.MoveTo(float32(ctr[0].X-ox), float32(ctr[0].Y-oy))
		for _, p := range ctr[1:] {
			c.ras.LineTo(float32(p.X-ox), float32(p.Y-oy))
		}
		c.ras.ClosePath()
	}
	c.ras.Draw(c.img, r, src, r.Min)
}

// circlePts is a circle as a polygon fine enough to look round.
func circlePts(buf []pt, x, y, r float64) []pt {
	n := int(math.Ceil(r*1.6)) + 10
	n = min(n, 200)
	buf = buf[:0]
	for i := range n {
		a := float64(i) / float64(n) * 2 * math.Pi
		buf = append(buf, pt{x + r*math.Cos(a), y + r*math.Sin(a)})
	}
	return buf
}

func (c *canvas) fillPoly(pts []pt, col color.Color) {
	c.begin()
	c.contour(pts)
	c.paint(col)
}

func (c *canvas) fillCircle(x, y, r float64, col color.Color) {
	if r <= 0 {
		return
	}
	c.begin()
	c.contour(circlePts(nil, x, y, r))
	c.paint(col)
}

// strokeCircle strokes a circle of radius r: an annulus of width w.
func (c *canvas) strokeCircle(x, y, r, w float64, col color.Color) {
	c.begin()
	c.wound(circlePts(nil, x, y, r+w/2), 1)
	if ri := r - w/2; ri > 0 {
		c.wound(circlePts(nil, x, y, ri), -1)
	}
	c.paint(col)
}

func (c *canvas) fillRect(x, y, w, h float64, col color.Color) {
	if w <= 0 || h <= 0 {
		return
	}
	c.fillPoly([]pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, col)
}

// roundRectPts is a rounded rectangle's outline, its corners sampled.
func roundRectPts(x, y, w, h, r float64) []pt {
	r = math.Max(0, math.Min(r, math.Min(w, h)/2))
	n := int(math.Ceil(r*0.8)) + 3
	pts := make([]pt, 0, 4*(n+1))
	corner := func(cx, cy, a0 float64) {
		for i := 0; i <= n; i++ {
			a := a0 + float64(i)/float64(n)*math.Pi/2
			pts = append(pts, pt{cx + r*math.Cos(a), cy + r*math.Sin(a)})
		}
	}
	corner(x+w-r, y+r, -math.Pi/2)
	corner(x+w-r, y+h-r, 0)
	corner(x+r, y+h-r, math.Pi/2)
	corner(x+r, y+r, math.Pi)
	return pts
}

// stroke strokes a polyline of width w: butt caps and mitred joins
// (limit 4, else bevelled), or round caps and joins.
func (c *canvas) stroke(pts []pt, closed bool, w float64, round bool, col color.Color) {
	// drop repeated points: they have no direction
	q := make([]pt, 0, len(pts))
	for _, p := range pts {
		if len(q) == 0 || math.Hypot(p.X-q[len(q)-1].X, p.Y-q[len(q)-1].Y) > 1e-6 {
			q = append(q, p)
		}
	}
	if closed && len(q) > 2 && math.Hypot(q[0].X-q[len(q)-1].X, q[0].Y-q[len(q)-1].Y) <= 1e-6 {
		q = q[:len(q)-1]
	}
	if len(q) < 2 || w <= 0 {
		return
	}
	if closed && len(q) < 3 {
		closed = false
	}
	hw := w / 2
	c.begin()
	nseg := len(q) - 1
	if closed {
		nseg = len(q)
	}
	var disc []pt
	for i := range nseg {
		a, b := q[i], q[(i+1)%len(q)]
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		nx, ny := -(b.Y-a.Y)/l*hw, (b.X-a.X)/l*hw
		c.wound([]pt{{a.X + nx, a.Y + ny}, {b.X + nx, b.Y + ny}, {b.X - nx, b.Y - ny}, {a.X - nx, a.Y - ny}}, 1)
	}
	// joins
	for i := range q {
		if !closed && (i == 0 || i == len(q)-1) {
			continue
		}
		p := q[i]
		if round {
			disc = circlePts(disc, p.X, p.Y, hw)
			c.wound(disc, 1)
			continue
		}
		a, b := q[(i-1+len(q))%len(q)], q[(i+1)%len(q)]
		d1x, d1y := p.X-a.X, p.Y-a.Y
		l1 := math.Hypot(d1x, d1y)
		d2x, d2y := b.X-p.X, b.Y-p.Y
		l2 := math.Hypot(d2x, d2y)
		d1x, d1y, d2x, d2y = d1x/l1, d1y/l1, d2x/l2, d2y/l2
		cross := d1x*d2y - d1y*d2x
		if math.Abs(cross) < 1e-9 && d1x*d2x+d1y*d2y > 0 {
			continue // straight on
		}
		// the outer side of the turn
		s := -1.0
		if cross < 0 {
			s = 1
		}
		n1 := pt{-d1y * hw * s, d1x * hw * s}
		n2 := pt{-d2y * hw * s, d2x * hw * s}
		e1, e2 := pt{p.X + n1.X, p.Y + n1.Y}, pt{p.X + n2.X, p.Y + n2.Y}
		mx, my := n1.X+n2.X, n1.Y+n2.Y
		ml := math.Hypot(mx, my)
		cosHalf := ml / (2 * hw) // cos of half the angle between the normals
		if ml > 1e-9 && 1/cosHalf <= 4 {
			k := hw / cosHalf / ml
			m := pt{p.X + mx*k, p.Y + my*k}
			c.wound([]pt{p, e1, m, e2}, 1)
		} else {
			c.wound([]pt{p, e1, e2}, 1)
		}
	}
	if round && !closed {
		for _, p := range []pt{q[0], q[len(q)-1]} {
			disc = circlePts(disc, p.X, p.Y, hw)
			c.wound(disc, 1)
		}
	}
	c.paint(col)
}

// dash strokes a dashed straight line (butt caps) as one shape.
func (c *canvas) dash(x0, y0, x1, y1, w, dash, gap float64, col color.Color) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 || dash <= 0 {
		return
	}
	ux, uy := dx/l, dy/l
	nx, ny := -uy*w/2, ux*w/2
	c.begin()
	for s := 0.0; s < l; s += dash + gap {
		e := math.Min(s+dash, l)
		ax, ay, bx, by := x0+ux*s, y0+uy*s, x0+ux*e, y0+uy*e
		c.wound([]pt{{ax + nx, ay + ny}, {bx + nx, by + ny}, {bx - nx, by - ny}, {ax - nx, ay - ny}}, 1)
	}
	c.paint(col)
}
