package game

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestMenuMessageCoversNothing: the menu's message ("Enter again to start
// ...", a load error) is drawn under the bottom row of buttons, never over
// a recent game or the seat buttons (it was drawn across both at 1280x720):
// its pixels are all outside every button, and the long error of two lines
// stays inside the window.
func TestMenuMessageCoversNothing(t *testing.T) {
	needLoop(t)
	// Pixels of the message's ink inside buttons, less those of the same
	// ink the menu has there without a message (none expected).
	base := -1
	for _, msg := range []string{
		"",
		"Enter again to start Albuera 1811: Beresford vs. Soult (Albuera 1811), or click Start; click another scenario to choose it",
		"Cannot load: " + strings.Repeat("a broken save names its file, line and problem; ", 4),
	} {
		var px *image.RGBA
		var buttons []image.Rectangle
		winApp.Do(func() {
			a := &App{w: WindowW, h: WindowH, input: noInput{}}
			m := newMenu(a)
			m.layout(a)
			m.msg = msg
			img := ebiten.NewImage(WindowW, WindowH)
			defer img.Deallocate()
			m.draw(a, img)
			px = pixels(img)
			for _, b := range m.buttons {
				buttons = append(buttons, b.b.Rect)
			}
		})
		red, inside := 0, 0
		for y := 0; y < WindowH; y++ {
			for x := 0; x < WindowW; x++ {
				c := px.RGBAAt(x, y)
				// errorColor's ink: strong red, little blue
				if c.R > 200 && c.G < 170 && c.G > 100 && c.B < 150 {
					red++
					for _, r := range buttons {
						if image.Pt(x, y).In(r) {
							inside++
						}
					}
				}
			}
		}
		if base < 0 {
			base = inside
			continue
		}
		inside -= base
		if red < 200 {
			t.Errorf("%.30q: the message is not drawn (%d pixels)", msg, red)
		}
		if inside > 0 {
			t.Errorf("%.30q: %d pixels of the message over buttons", msg, inside)
		}
	}
}
