package game

import (
	"image"
	"testing"

	"grognard/assets"
)

// TestIconCache draws the icon once into the cache and reads it back, the
// same pixels at every size.
func TestIconCache(t *testing.T) {
	dir := t.TempDir()
	defer func(f func() (string, error)) { cacheDir = f }(cacheDir)
	cacheDir = func() (string, error) { return dir, nil }
	if cachedIcon() != nil {
		t.Fatal("an empty cache gave an icon")
	}
	var icons []image.Image
	for _, img := range assets.Icon() {
		icons = append(icons, img)
	}
	saveIcon(icons)
	got := cachedIcon()
	if len(got) != len(assets.IconSizes) {
		t.Fatalf("read %d icons, want %d", len(got), len(assets.IconSizes))
	}
	for i, img := range got {
		want := icons[i]
		if img.Bounds() != want.Bounds() {
			t.Fatalf("icon %d: bounds %v, want %v", i, img.Bounds(), want.Bounds())
		}
		n := want.Bounds().Dx()
		for y := 0; y < n; y += 3 {
			for x := 0; x < n; x += 3 {
				r1, g1, b1, a1 := img.At(x, y).RGBA()
				r2, g2, b2, a2 := want.At(x, y).RGBA()
				// PNG keeps straight alpha: premultiplied values may
				// round by one.
				if far(r1, r2) || far(g1, g2) || far(b1, b2) || a1>>8 != a2>>8 {
					t.Fatalf("icon %d px (%d,%d) differs after the cache", n, x, y)
				}
			}
		}
	}
}

func far(a, b uint32) bool {
	d := int(a>>8) - int(b>>8)
	return d > 2 || d < -2
}
