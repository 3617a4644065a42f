package game

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/assets"
	"grognard/saves"
)

// iconVersion names the cached icon files; bump it when the icon changes.
const iconVersion = 1

// setIcon sets the window icon from the assets package. Drawing it takes
// a good part of a second, so it is done once, beside the game loop (the
// window opens without waiting: ebiten.SetWindowIcon may be called from
// any goroutine), and kept as PNGs in the user's cache folder for the next
// launches.
func setIcon() {
	go func() {
		icons := cachedIcon()
		if icons == nil {
			for _, img := range assets.Icon() {
				icons = append(icons, img)
			}
			saveIcon(icons)
		}
		if len(icons) > 0 {
			ebiten.SetWindowIcon(icons)
		}
	}()
}

// cacheDir is where the icon is cached: $GROGNARD_HOME/cache when set
// (tests, portable installs), else the user's cache folder.
var cacheDir = func() (string, error) {
	if h := os.Getenv(saves.HomeEnv); h != "" {
		return filepath.Join(h, "cache"), nil
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "grognard"), nil
}

func iconPath(n int) (string, error) {
	dir, err := cacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, fmt.Sprintf("icon-v%d-%d.png", iconVersion, n)), nil
}

// cachedIcon reads the cached icon at every size, or returns nil.
func cachedIcon() []image.Image {
	var out []image.Image
	for _, n := range assets.IconSizes {
		p, err := iconPath(n)
		if err != nil {
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return nil
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx() != n || img.Bounds().Dy() != n {
			return nil
		}
		out = append(out, img)
	}
	return out
}

// saveIcon writes the icon to the cache; failures only cost the next
// launch the drawing again.
func saveIcon(icons []image.Image) {
	for _, img := range icons {
		p, err := iconPath(img.Bounds().Dx())
		if err != nil {
			return
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return
		}
		tmp := p + ".tmp"
		f, err := os.Create(tmp)
		if err != nil {
			return
		}
		err = png.Encode(f, img)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(tmp)
			return
		}
		_ = os.Rename(tmp, p)
	}
}
