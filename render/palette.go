package render

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

type colorT = color.RGBA

// Period-map palette.
var (
	colTable    = rgb(0x3a, 0x3f, 0x3a) // behind the map
	colPaper    = rgb(0xef, 0xe6, 0xcc) // clear ground
	colMargin   = rgb(0xdc, 0xcd, 0xa8) // map margin
	colInk      = rgb(0x3b, 0x2f, 0x24) // dark brown ink
	colGrid     = rgba(0x4a, 0x3c, 0x2a, 0x48)
	colWater    = rgb(0x9f, 0xc4, 0xdc)
	colWaterInk = rgb(0x3f, 0x76, 0xaa)
	colStream   = rgb(0x5e, 0x93, 0xc4)
	colRoad     = rgb(0x6e, 0x48, 0x26) // road casing
	colRoadCore = rgb(0xf2, 0xdc, 0xa8)
	colBank     = rgb(0x8c, 0xa8, 0x7a) // river and stream banks
	colWood     = rgb(0x86, 0x5a, 0x2e)
	colStone    = rgb(0x74, 0x6e, 0x66)
	colEarth    = rgb(0x83, 0x66, 0x42)
	colRoof     = rgb(0xa4, 0x55, 0x3e)
	colTree     = rgb(0x5b, 0x7e, 0x45)
	colTreeDark = rgb(0x3f, 0x5e, 0x33)
	colLabel    = rgb(0x8e, 0x24, 0x1c)
)

// terrainBase is the ground colour of a hex terrain id.
func terrainBase(t string, level int) colorT {
	var c colorT
	switch t {
	case "clear", "":
		c = colPaper
	case "fields":
		c = rgb(0xe9, 0xdc, 0xa6)
	case "woods":
		c = rgb(0xc3, 0xd3, 0x9e)
	case "forest":
		c = rgb(0xa4, 0xbd, 0x86)
	case "olive":
		c = rgb(0xd9, 0xdc, 0xae)
	case "orchard":
		c = rgb(0xd4, 0xdf, 0xa9)
	case "hill":
		c = rgb(0xe6, 0xd2, 0xa6)
	case "rugged":
		c = rgb(0xd9, 0xc3, 0x98)
	case "village":
		c = rgb(0xec, 0xdf, 0xc2)
	case "town", "walls", "buildings":
		c = rgb(0xe1, 0xd4, 0xbc)
	case "castle":
		c = rgb(0xdd, 0xd3, 0xc0)
	case "redoubt":
		c = rgb(0xe6, 0xd8, 0xb4)
	case "ravine":
		c = rgb(0xe2, 0xd0, 0xa8)
	case "marsh":
		c = rgb(0xcc, 0xd9, 0xc2)
	case "quarry":
		c = rgb(0xe8, 0xd6, 0xa0)
	case "river", "bridge", "water":
		c = colWater
	default:
		c = rgb(0xd6, 0xd3, 0xc6)
	}
	if level > 0 {
		// Higher ground is darker and browner.
		c = mixColor(c, rgb(0xb8, 0x93, 0x62), clamp(0.16*float64(level), 0, 0.6))
	}
	return c
}

// sideColor is the default colour of side i (blocks, units without a
// formation colour).
func sideColor(i int) colorT {
	switch i {
	case 0:
		return rgb(0x3d, 0x5a, 0x9a)
	case 1:
		return rgb(0xb0, 0x3a, 0x2e)
	case 2:
		return rgb(0xd8, 0xb0, 0x3a)
	case 3:
		return rgb(0x4d, 0x7d, 0x45)
	}
	return rgb(0x80, 0x80, 0x80)
}

// unitColor is the counter colour of u.
func unitColor(c string, side int) colorT {
	if col, ok := parseColor(c); ok {
		return col
	}
	return sideColor(side)
}

// inkOn is black or white, whichever reads on background c.
func inkOn(c colorT) colorT {
	if luminance(c) > 150 {
		return rgb(0x1c, 0x18, 0x14)
	}
	return rgb(0xfb, 0xf8, 0xf0)
}

// Highlight colours; each kind also has its own pattern.
func hlColor(k HighlightKind) colorT {
	switch k {
	case HLMove:
		return rgb(0x1f, 0x8f, 0xd8)
	case HLFire:
		return rgb(0xd8, 0x2c, 0x20)
	case HLShock:
		return rgb(0xe0, 0x7a, 0x10)
	case HLDeploy:
		return rgb(0x1e, 0x9e, 0x55)
	case HLOrder:
		return rgb(0x9c, 0x3c, 0xc8)
	}
	return rgb(0x20, 0x20, 0x20)
}

// markerInfo gives the chip abbreviation and colour of a unit marker.
func markerInfo(m string) (string, colorT) {
	switch m {
	case "disorganised", "disorganized":
		return "DIS", rgb(0xe8, 0x9a, 0x1c)
	case "routed":
		return "RT", rgb(0xc0, 0x1c, 0x1c)
	case "fired":
		return "F", rgb(0x55, 0x55, 0x55)
	case "moved":
		return "MV", rgb(0x3a, 0x7c, 0xb8)
	case "activated":
		return "ACT", rgb(0x2e, 0x8a, 0x3e)
	case "out-of-command":
		return "OOC", rgb(0x7a, 0x3d, 0x9e)
	case "demoralised", "demoralized":
		return "DEM", rgb(0x6e, 0x12, 0x12)
	case "square":
		return "SQ", rgb(0xf2, 0xf2, 0xf2)
	case "ordered":
		return "ORD", rgb(0x1f, 0x6f, 0x3a)
	case "attached":
		return "ATT", rgb(0x23, 0x7e, 0x80)
	case "ammo-out":
		return "AMO", rgb(0xe8, 0xd0, 0x2a)
	}
	if len(m) > 5 && m[:5] == "fired" {
		return "F" + m[5:], rgb(0x55, 0x55, 0x55)
	}
	if len(m) > 7 && m[:7] == "fatigue" {
		return "FT" + m[7:], rgb(0x8a, 0x6a, 0x3a)
	}
	if len(m) > 4 && m[:4] == "loss" {
		return "-" + m[4:], rgb(0x1c, 0x1c, 0x1c)
	}
	ab := m
	if len([]rune(ab)) > 3 {
		ab = string([]rune(ab)[:3])
	}
	up := []rune(ab)
	for i, r := range up {
		if r >= 'a' && r <= 'z' {
			up[i] = r - 32
		}
	}
	return string(up), rgb(0x60, 0x60, 0x68)
}

type (
	imageT = *ebiten.Image
	faceT  = text.Face
)

// Side base colours: every counter and block of a side is printed on its
// side's colour, in the spirit of the printed games (Bourbon white, French
// blue, Allied and British red); the formation colour is only a band on
// it. The pairs that meet on one map stay apart under deuteranopia and
// protanopia (see TestSideColoursApartForColourBlindPlayers). Other
// painters (the zone map) take their side colours from SideBase too.
var (
	ColBourbon    = rgb(0xee, 0xf0, 0xf5) // white with a cool tint, apart from the parchment
	ColFrench     = rgb(0x3b, 0x5f, 0xae)
	ColAllied     = rgb(0xb8, 0x34, 0x2a)
	ColSpanish    = rgb(0xd9, 0xb1, 0x3a)
	ColPortuguese = rgb(0x3c, 0x6e, 0x44)
)

// sideNames are the side names of the view last drawn by a Board, so
// that counters drawn outside the map (unit cards) take the same colours.
var sideNames []string

// SideBase is the base colour of the counters of side i named name.
// Unknown names fall back on the side's index: the first side blue, the
// second red.
func SideBase(name string, i int) colorT {
	switch strings.ToLower(name) {
	case "bourbon", "bourbons", "franco-spanish", "two crowns":
		return ColBourbon
	case "french", "france", "imperial", "napoleon":
		return ColFrench
	case "allied", "allies", "british", "english", "anglo-allied", "anglo-portuguese", "grand alliance":
		return ColAllied
	case "spanish", "spain":
		return ColSpanish
	case "portuguese", "portugal":
		return ColPortuguese
	}
	switch i {
	case 0:
		return ColFrench
	case 1:
		return ColAllied
	}
	return sideColor(i)
}

// sideBaseOf is the base colour of side i with the side names of sides
// (nil: the names of the view last drawn).
func sideBaseOf(sides []string, i int) colorT {
	if sides == nil {
		sides = sideNames
	}
	name := ""
	if i >= 0 && i < len(sides) {
		name = sides[i]
	}
	return SideBase(name, i)
}
