package albuera

import "grognard/rules/hex"

type hexCoord = hex.Coord

var hexNewLine2 = hex.NewLine2

var hexArcOf = hex.ArcOf

const hexFront = hex.Front
