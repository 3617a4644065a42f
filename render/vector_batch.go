package render

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// bigPath is the area in pixels from which a filled or stroked path is
// rendered at once instead of batched with the next ones (#22 item 8).
//
// The vector package queues the paths drawn on one image and renders them
// together into a stencil image of its own, sized for the whole batch
// (every path's bounds, twice as wide for antialiasing, in rows at most
// 4093 pixels wide) and kept for the next batch, replaced by a larger one
// when a batch needs more. A panel's rounded background and border (a
// 380x636 side panel, the 1120-pixel HUD) are such paths: a few in a batch
// made stencil images of 4093x658 and more, each replaced by a larger
// one on Ebitengine's shared texture pages, which never shrink; a Marshals
// game grew one page to 8192x4096 (128 MB), still held on the menu after
// the game. One large path at a time keeps the stencil image at the size
// of the largest single path (about 2x a panel), made once.
const bigPath = 128 * 128

// flushBigPath makes the vector package render the paths queued on dst
// now when the last one, p, is large (bigPath): an invisible draw onto dst
// counts as using it, which renders its queue.
func flushBigPath(dst *ebiten.Image, p *vector.Path, pad float64) {
	b := p.Bounds().Inset(-int(pad + 1)).Intersect(dst.Bounds())
	if b.Dx()*b.Dy() < bigPath {
		return
	}
	var op ebiten.DrawImageOptions
	op.ColorScale.Scale(0, 0, 0, 0)
	op.GeoM.Translate(float64(b.Min.X), float64(b.Min.Y))
	dst.DrawImage(white(), &op)
}
