package game

import (
	"github.com/hajimehoshi/ebiten/v2"

	"grognard/assets"
)

// setIcon sets the window icon from the assets package.
func setIcon() {
	if icons := assets.Icon(); len(icons) > 0 {
		ebiten.SetWindowIcon(icons)
	}
}
