package render

import (
	"image"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
)

// The hand-over cover's faint hex pattern is some three hundred stroked
// hexagons: as vector paths they made each cover frame cost over a second
// of CPU under a software renderer, and the cover is drawn anew for every
// hand-over (its notes change), which at one seat of The Marshals is most
// decisions of a combat. The pattern is drawn once per window size into
// an image and blitted.
var (
	coverMu      sync.Mutex
	coverPattern *ebiten.Image
)

// drawCoverPattern draws the cover's hex pattern over the w x h area at
// (x, y) of dst.
func drawCoverPattern(dst *ebiten.Image, x, y, w, h float64) {
	iw, ih := int(math.Ceil(w)), int(math.Ceil(h))
	if iw <= 0 || ih <= 0 {
		return
	}
	coverMu.Lock()
	defer coverMu.Unlock()
	if coverPattern == nil || coverPattern.Bounds().Dx() != iw || coverPattern.Bounds().Dy() != ih {
		if coverPattern != nil {
			coverPattern.Deallocate()
		}
		coverPattern = ebiten.NewImageWithOptions(image.Rect(0, 0, iw, ih), &ebiten.NewImageOptions{Unmanaged: true})
		for row := 0; row < int(h/52)+2; row++ {
			for col := 0; col < int(w/60)+2; col++ {
				cx := float64(col) * 60
				cy := float64(row)*52 + float64(col%2)*26
				var pts []pt
				for i := range 6 {
					a := float64(i) * math.Pi / 3
					pts = append(pts, pt{cx + 30*math.Cos(a), cy + 30*math.Sin(a)})
				}
				strokePoly(coverPattern, pts, true, 1, rgba(0xff, 0xf0, 0xd0, 0x10))
			}
		}
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x, y)
	dst.DrawImage(coverPattern, op)
}
