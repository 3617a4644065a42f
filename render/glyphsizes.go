package render

import (
	"bytes"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// Ebitengine's text/v2 keeps a face source's glyph images per size, but a
// source holding more than 16 sizes drops every size not drawn in the last
// 60 ticks whenever it makes a new one (glyphImageCachesSoftLimit). A
// frame drawn more than a second after the last one that needs one new
// size therefore dropped the sizes the frame had not reached yet, made
// them again, and so rasterised nearly every glyph on the screen anew:
// The Marshals' board draws some forty bold sizes (its counters and names
// follow the zoom), and under a software renderer such a frame took over
// a second of CPU (the walkthroughs, marshals_walk_test.go, spent nine
// tenths of their time there). Each source is given at most
// sizesPerSource sizes: a new source of the same font takes the next
// ones, so no source ever drops a size.
const sizesPerSource = 12

var (
	fontTTF      = [4][]byte{goregular.TTF, gobold.TTF, gomono.TTF, goitalic.TTF}
	extraSources [4][]*text.GoTextFaceSource
	sizesMade    [4]int
)

// sourceFor is the face source of kind k for a size not made before
// (faceMu held): the shared one for the first sizesPerSource sizes, then
// one more source of the same font for each sizesPerSource more.
func sourceFor(k faceKind) *text.GoTextFaceSource {
	g := sizesMade[k] / sizesPerSource
	sizesMade[k]++
	if g == 0 {
		return fontSources[k]
	}
	for len(extraSources[k]) < g {
		s, err := text.NewGoTextFaceSource(bytes.NewReader(fontTTF[k]))
		if err != nil {
			return fontSources[k] // the font parsed once already: cannot happen
		}
		extraSources[k] = append(extraSources[k], s)
	}
	return extraSources[k][g-1]
}

// sourcesOf counts the face sources of kind k and the sizes each holds (tests).
func sourcesOf(k faceKind) (sources int, sizes map[*text.GoTextFaceSource]int) {
	faceMu.Lock()
	defer faceMu.Unlock()
	sizes = map[*text.GoTextFaceSource]int{}
	for key, f := range faceCache {
		if key.kind == k {
			sizes[f.Source]++
		}
	}
	return len(sizes), sizes
}
