package render

import "github.com/hajimehoshi/ebiten/v2/text/v2"

// ReleaseFonts drops every glyph and shaping cache of the text package by
// making new font sources (the same Go fonts, so the same pixels), for
// when a game is left for the menu (#22 item 8). The text package keeps,
// per font source, the images of the glyphs drawn at every size the board
// used (hex numbers, place names and counter texts at each zoom) and the
// shaping of every string drawn; they live as long as the source, and
// their images keep the atlas pages they share with other images at their
// largest. The old sources' caches go when the collector finds them
// unreachable (nothing keeps a text.Face across a game: faces are looked
// up by size at each draw).
func ReleaseFonts() {
	fontOnce.Do(loadFonts)
	faceMu.Lock()
	defer faceMu.Unlock()
	loadFonts()
	faceCache = map[fontKey]*text.GoTextFace{}
}

// FlushDeferredImages has Ebitengine free now the textures of the images
// the collector found unreachable (it does so at its next read of pixels
// or at the next frame): one pixel is read (#22 item 8).
func FlushDeferredImages() { flushGPU(white()) }
