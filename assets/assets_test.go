package assets

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

func TestIconSizesAndShape(t *testing.T) {
	icons := Icon()
	if len(icons) != len(IconSizes) {
		t.Fatalf("%d icons for %d sizes", len(icons), len(IconSizes))
	}
	for i, img := range icons {
		n := IconSizes[i]
		if b := img.Bounds(); b.Dx() != n || b.Dy() != n {
			t.Errorf("icon %d is %v, want %dx%d", i, b, n, n)
		}
		// corners are transparent (outside the hex), the centre is opaque
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Errorf("size %d: corner not transparent", n)
		}
		if _, _, _, a := img.At(n/2, n/2).RGBA(); a != 0xffff {
			t.Errorf("size %d: centre not opaque", n)
		}
	}
	// at 256 px the crossing of the blades is steel-grey, and the hex
	// beside it parchment
	big := IconAt(256)
	r, g, b, _ := big.At(128, 96).RGBA()
	if !(b>>8 > 0xc0 && r>>8 > 0xb0 && b >= r) {
		t.Errorf("blade crossing colour %x,%x,%x", r>>8, g>>8, b>>8)
	}
	r, g, b, _ = big.At(128, 40).RGBA()
	if !(r>>8 > 0xe0 && b>>8 < 0xd8) {
		t.Errorf("hex ground colour %x,%x,%x, want parchment", r>>8, g>>8, b>>8)
	}
	if dir := os.Getenv("RENDER_SAMPLES"); dir != "" {
		f, err := os.Create(filepath.Join(dir, "icon.png"))
		if err == nil {
			_ = png.Encode(f, big)
			f.Close()
		}
	}
}
