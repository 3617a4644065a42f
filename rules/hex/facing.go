package hex

// Vertex facing: a one-hex counter points at one of the six corners of its
// hex. Facing f points at the corner between directions f and f+1, so:
//
//	front hexes: directions f and f+1
//	flank hexes: directions f-1 and f+2
//	rear hexes:  directions f+3 and f+4
//
// Front, flank and rear together cover the six neighbours exactly once.

// Arc classifies a neighbouring hex relative to a facing.
type Arc int

const (
	Front Arc = iota
	Flank
	Rear
)

func (a Arc) String() string {
	switch a {
	case Front:
		return "front"
	case Flank:
		return "flank"
	}
	return "rear"
}

// FrontDirs returns the two front directions of facing f.
func FrontDirs(f int) [2]int { return [2]int{Mod6(f), Mod6(f + 1)} }

// FlankDirs returns the two flank directions of facing f.
func FlankDirs(f int) [2]int { return [2]int{Mod6(f - 1), Mod6(f + 2)} }

// RearDirs returns the two rear directions of facing f.
func RearDirs(f int) [2]int { return [2]int{Mod6(f + 3), Mod6(f + 4)} }

// ArcOfDir says whether direction d is front, flank or rear for facing f.
func ArcOfDir(f, d int) Arc {
	switch Mod6(d - f) {
	case 0, 1:
		return Front
	case 2, 5:
		return Flank
	}
	return Rear
}

// ArcOf says where neighbour n of hex c lies for a counter in c with facing
// f; ok is false when n is not adjacent to c.
func ArcOf(c Coord, f int, n Coord) (Arc, bool) {
	d := c.DirTo(n)
	if d < 0 {
		return Rear, false
	}
	return ArcOfDir(f, d), true
}

// FrontHexes returns the two front hexes of a counter at c facing f.
func FrontHexes(c Coord, f int) [2]Coord {
	d := FrontDirs(f)
	return [2]Coord{c.Neighbor(d[0]), c.Neighbor(d[1])}
}

// FlankHexes returns the two flank hexes of a counter at c facing f.
func FlankHexes(c Coord, f int) [2]Coord {
	d := FlankDirs(f)
	return [2]Coord{c.Neighbor(d[0]), c.Neighbor(d[1])}
}

// RearHexes returns the two rear hexes of a counter at c facing f.
func RearHexes(c Coord, f int) [2]Coord {
	d := RearDirs(f)
	return [2]Coord{c.Neighbor(d[0]), c.Neighbor(d[1])}
}

// Rotate turns facing f by steps corners clockwise (negative: anticlockwise).
func Rotate(f, steps int) int { return Mod6(f + steps) }

// TurnSteps is the least number of corner steps between facings a and b.
func TurnSteps(a, b int) int {
	d := Mod6(b - a)
	if d > 3 {
		d = 6 - d
	}
	return d
}

// RotateCoord rotates c about the origin by steps sixths of a turn clockwise.
func RotateCoord(c Coord, steps int) Coord {
	x, y, z := c.Q, c.R, c.S()
	for range Mod6(steps) {
		// clockwise 60 degrees in cube coordinates: (q, r, s) -> (-r, -s, -q)
		x, y, z = -y, -z, -x
	}
	return Coord{x, y}
}
