package render

import "testing"

// TestGlyphCacheNoSourceHoldsMoreThan16Sizes: a board that draws forty
// sizes of the bold font (The Marshals' counters follow the zoom) spreads
// them over several face sources, none holding more than Ebitengine's
// 16 sizes, past which a source drops its glyph images and a frame drawn
// a second after the last rasterised the whole screen's glyphs again.
func TestGlyphCacheNoSourceHoldsMoreThan16Sizes(t *testing.T) {
	for i := 0; i < 40; i++ {
		Bold(2.5 + 0.75*float64(i))
	}
	n, sizes := sourcesOf(kindBold)
	if n < 3 {
		t.Errorf("forty bold sizes share %d face sources", n)
	}
	for _, c := range sizes {
		if c > 16 {
			t.Errorf("a face source holds %d sizes (Ebitengine drops them past 16)", c)
		}
	}
	if Bold(2.5) != Bold(2.5) {
		t.Error("the same size gives two faces")
	}
}
