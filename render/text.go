// Package render draws Grognard: painted hex and zone maps, counters and
// blocks, highlights, and the widgets of the board screen (HUD, log, unit
// cards, command cards, odds). It draws from a side's rules.View and the
// static rules.Board only, never from the full game state.
//
// Everything expensive is cached: the terrain of a map is painted once per
// zoom bucket into tiles, every distinct counter face, highlight stamp and
// label pill is rendered once into its own small image (Ebitengine packs
// them into shared atlases), and glyph faces are cached per size. After
// warm-up Board.Draw creates no images.
package render

import (
	"bytes"
	"image/color"
	"math"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

type faceKind int

const (
	kindRegular faceKind = iota
	kindBold
	kindMono
	kindItalic
)

var (
	fontOnce    sync.Once
	fontSources [4]*text.GoTextFaceSource
	faceMu      sync.Mutex
	faceCache   = map[fontKey]*text.GoTextFace{}
)

type fontKey struct {
	kind faceKind
	size float64
}

func loadFonts() {
	for i, ttf := range [][]byte{goregular.TTF, gobold.TTF, gomono.TTF, goitalic.TTF} {
		s, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
		if err != nil {
			panic("render: cannot load Go font: " + err.Error())
		}
		fontSources[i] = s
	}
}

func face(k faceKind, size float64) text.Face {
	fontOnce.Do(loadFonts)
	if size < 1 {
		size = 1
	}
	size = math.Round(size*4) / 4 // quarter-point buckets keep the cache small
	key := fontKey{k, size}
	faceMu.Lock()
	defer faceMu.Unlock()
	f, ok := faceCache[key]
	if !ok {
		f = &text.GoTextFace{Source: fontSources[k], Size: size}
		faceCache[key] = f
	}
	return f
}

// Face returns the regular Go font at size (pixels), cached per size.
func Face(size float64) text.Face { return face(kindRegular, size) }

// Bold returns the bold Go font at size.
func Bold(size float64) text.Face { return face(kindBold, size) }

// Mono returns the Go Mono font at size.
func Mono(size float64) text.Face { return face(kindMono, size) }

// Italic returns the italic Go font at size (place names on the map).
func Italic(size float64) text.Face { return face(kindItalic, size) }

// DrawText draws s with its top-left corner at (x, y). Newlines start new
// lines.
func DrawText(dst *ebiten.Image, s string, f text.Face, x, y float64, c color.Color) {
	var op text.DrawOptions
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.LineSpacing = lineHeight(f)
	text.Draw(dst, s, f, &op)
}

// drawTextCentered draws s centred on (cx, cy).
func drawTextCentered(dst *ebiten.Image, s string, f text.Face, cx, cy float64, c color.Color) {
	w, h := Measure(s, f)
	DrawText(dst, s, f, cx-w/2, cy-h/2, c)
}

func lineHeight(f text.Face) float64 {
	m := f.Metrics()
	return math.Ceil(m.HAscent + m.HDescent + m.HLineGap)
}

// Measure returns the width and height of s in f.
func Measure(s string, f text.Face) (w, h float64) {
	if s == "" {
		return 0, lineHeight(f)
	}
	return text.Measure(s, f, lineHeight(f))
}

// Wrap breaks s into lines no wider than width, at spaces where possible
// (a single word wider than width is broken by characters). Existing
// newlines are kept.
func Wrap(s string, f text.Face, width float64) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			out = append(out, "")
			continue
		}
		line := ""
		for _, w := range words {
			try := w
			if line != "" {
				try = line + " " + w
			}
			if tw, _ := Measure(try, f); tw <= width || line == "" && tw <= width {
				line = try
				continue
			}
			if line != "" {
				out = append(out, line)
				line = ""
			}
			// The word alone may still be too wide: break it.
			for {
				if tw, _ := Measure(w, f); tw <= width {
					break
				}
				n := len([]rune(w))
				cut := n - 1
				for cut > 1 {
					if tw, _ := Measure(string([]rune(w)[:cut]), f); tw <= width {
						break
					}
					cut--
				}
				out = append(out, string([]rune(w)[:cut]))
				w = string([]rune(w)[cut:])
			}
			line = w
		}
		out = append(out, line)
	}
	return out
}
