// Package assets holds Grognard's few non-code assets. Counters, blocks and
// maps are drawn procedurally by package render and the fonts are the Go
// fonts from golang.org/x/image/font/gofont, so all that lives here is the
// application icon, itself drawn in code: crossed sabres over a hex.
package assets

import (
	"image"
	"image/color"
	"math"
)

// IconSizes are the sizes Icon renders, smallest first.
var IconSizes = []int{16, 32, 48, 64, 128, 256}

// Icon returns the application icon at every size of IconSizes (as
// ebiten.SetWindowIcon wants: the window system picks the best fit).
func Icon() []image.Image {
	out := make([]image.Image, len(IconSizes))
	for i, n := range IconSizes {
		out[i] = IconAt(n)
	}
	return out
}

// Icon colours.
var (
	paper = color.RGBA{0xef, 0xe6, 0xcc, 0xff}
	ink   = color.RGBA{0x3b, 0x2f, 0x24, 0xff}
	gold  = color.RGBA{0xc8, 0x96, 0x2e, 0xff}
	steel = color.RGBA{0xd4, 0xda, 0xe0, 0xff}
	red   = color.RGBA{0x9a, 0x2a, 0x20, 0xff}
)

// IconAt draws the icon at n x n pixels, 4x4 supersampled.
func IconAt(n int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	ss := 4
	if n >= 100 {
		ss = 2 // plenty of antialiasing at this size, and 4x quicker
	}
	for py := 0; py < n; py++ {
		for px := 0; px < n; px++ {
			var r, g, b, a float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					// unit coordinates: -1..1 across the icon
					x := (float64(px)+(float64(sx)+0.5)/float64(ss))/float64(n)*2 - 1
					y := (float64(py)+(float64(sy)+0.5)/float64(ss))/float64(n)*2 - 1
					c := sample(x, y, float64(n))
					f := float64(c.A) / 255
					r += float64(c.R) * f
					g += float64(c.G) * f
					b += float64(c.B) * f
					a += f
				}
			}
			k := float64(ss * ss)
			if a == 0 {
				continue
			}
			// premultiplied average
			img.SetRGBA(px, py, color.RGBA{uint8(r / k), uint8(g / k), uint8(b / k), uint8(a / k * 255)})
		}
	}
	return img
}

// sample returns the (straight alpha) colour of the icon at unit point
// (x, y); n is the pixel size, used to keep outlines visible when small.
func sample(x, y, n float64) color.RGBA {
	px := 2 / n // one pixel in unit coordinates
	edge := math.Max(0.07, 1.6*px)
	h := hexDist(x, y) // <0 inside a flat-topped hex of radius 0.96
	var c color.RGBA
	switch {
	case h > 0:
		return color.RGBA{}
	case h > -edge:
		c = ink
	case h > -edge-math.Max(0.05, 1.2*px):
		c = gold
	default:
		c = paper
	}
	// two sabres crossing at the centre, hilts at the bottom
	for _, s := range []float64{1, -1} {
		if d, part := sabre(s*x, y); part != 0 {
			w := math.Max(0.045, 0.8*px)
			switch {
			case d < 0 && part == 1:
				c = steel
			case d < 0 && part == 2:
				c = gold
			case d < 0 && part == 3:
				c = red
			}
			if d >= 0 && d < w {
				c = ink
			}
		}
	}
	return c
}

// hexDist is a signed distance-like measure to a flat-topped hex.
func hexDist(x, y float64) float64 {
	const r = 0.96
	ax, ay := math.Abs(x), math.Abs(y)
	// flat top and bottom at r*sqrt(3)/2, slanted sides
	top := ay - r*math.Sqrt(3)/2
	side := (ax*math.Sqrt(3)/2 + ay*0.5) - r*math.Sqrt(3)/2
	return math.Max(top, side)
}

// sabre reports, for a sabre running from its hilt at lower left to its tip
// at upper right, a distance to its outline (negative inside) and which part
// the point is nearest: 1 blade, 2 guard, 3 grip; 0 when far from it.
func sabre(x, y float64) (float64, int) {
	// blade: a gentle curve from (-0.42, 0.46) to (0.62, -0.60)
	best, part := math.Inf(1), 0
	for i := 1; i < len(blade); i++ {
		t := float64(i) / float64(len(blade)-1)
		w := 0.085 * (1 - 0.75*t) // tapers to the tip
		if d := segDist(x, y, blade[i-1][0], blade[i-1][1], blade[i][0], blade[i][1]) - w; d < best {
			best, part = d, 1
		}
	}
	// guard: a short bar across the blade's foot
	gx, gy := bladePoint(0)
	dx, dy := 0.7071, 0.7071 // perpendicular to the blade
	if d := segDist(x, y, gx-dx*0.17, gy-dy*0.17, gx+dx*0.17, gy+dy*0.17) - 0.05; d < best {
		best, part = d, 2
	}
	// grip and pommel
	if d := segDist(x, y, gx, gy, gx-0.2, gy+0.2) - 0.055; d < best {
		best, part = d, 3
	}
	if d := math.Hypot(x-(gx-0.23), y-(gy+0.23)) - 0.07; d < best {
		best, part = d, 2
	}
	if best > 0.2 {
		return best, 0
	}
	return best, part
}

// blade is the sabre's centre line, sampled once.
var blade = func() [][2]float64 {
	var out [][2]float64
	for i := 0; i <= 20; i++ {
		x, y := bladePoint(float64(i) / 20)
		out = append(out, [2]float64{x, y})
	}
	return out
}()

func bladePoint(t float64) (float64, float64) {
	x := -0.38 + 0.98*t
	y := 0.34 - 0.98*t
	// curve the blade: bow to the upper left
	bow := 0.16 * math.Sin(t*math.Pi)
	return x - bow*0.7071, y - bow*0.7071
}

func segDist(x, y, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((x-ax)*dx+(y-ay)*dy)/l2))
	}
	return math.Hypot(x-(ax+t*dx), y-(ay+t*dy))
}
