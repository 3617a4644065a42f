package hex

import "fmt"

// Two-hex line counters (Albuera 6.0: infantry in Line shown by a 30x15 mm
// rectangle covering two hexes).
//
// Geometry. Like the one-hex counters, a line counter uses vertex facing: it
// points at corner Facing of each of its two hexes. Its long side is square
// to the facing, and a hex direction is square to a corner direction only
// along directions Facing-1 and Facing+2, which are exactly the flank
// directions: the two hexes sit flank to flank (Albuera 12.10 calls units so
// placed a line). A counter facing a hexside could not cover two adjacent
// hexes (two hexes side by side across a hexside facing are two steps
// apart), so a line counter always faces a corner.
//
// Convention. A is the left hex and B the right hex as seen looking towards
// the facing: B = A.Neighbor(Facing+2). With f = Facing:
//
//	front hexes: A+dir f (left), A+dir f+1 = B+dir f (centre), B+dir f+1 (right)
//	rear hexes:  A+dir f+4 (left), A+dir f+3 = B+dir f+4 (centre), B+dir f+3 (right)
//	flank hexes: A+dir f-1 (left), B+dir f+2 (right)
//
// The eight hexes around the counter are each in exactly one of these.
//
// Moves (Albuera 6.3.1, 6.3.3, 12.6): forward the counter enters two of its
// three front hexes (left and centre, or centre and right), keeping its
// facing; backward likewise two of its three rear hexes. To change facing it
// wheels 60 degrees about one of its hexes (the pivot): the other end enters
// the centre front hex (a forward wheel) or the centre rear hex (a backward
// wheel, which Albuera charges as a move into a rear hex). A wheel about A
// that enters the centre front hex turns the counter anticlockwise.
//
// The counter's line of sight starts from the middle of the hexside between
// its two hexes (Albuera 14.2.1): see Sight.

// Line2 is a counter covering two adjacent hexes A and B, both facing the
// same corner Facing. Use NewLine2 to build one in canonical order.
type Line2 struct {
	A      Coord `json:"a"`
	B      Coord `json:"b"`
	Facing int   `json:"facing"`
}

// NewLine2 builds the line counter on hexes a and b (in either order) facing
// corner f, putting A on the left. The hexes must be adjacent and side by
// side with respect to the facing (each in the other's flank).
func NewLine2(a, b Coord, f int) (Line2, error) {
	f = Mod6(f)
	switch a.DirTo(b) {
	case Mod6(f + 2):
		return Line2{A: a, B: b, Facing: f}, nil
	case Mod6(f - 1):
		return Line2{A: b, B: a, Facing: f}, nil
	case -1:
		return Line2{}, fmt.Errorf("a line counter needs two adjacent hexes")
	}
	return Line2{}, fmt.Errorf("a line counter facing corner %d must have its hexes side by side in directions %d and %d", f, Mod6(f-1), Mod6(f+2))
}

// LineAt builds the line counter with its left hex at a facing f.
func LineAt(a Coord, f int) Line2 {
	f = Mod6(f)
	return Line2{A: a, B: a.Neighbor(f + 2), Facing: f}
}

// Valid reports whether l is in canonical form.
func (l Line2) Valid() bool {
	return l.Facing >= 0 && l.Facing < 6 && l.B == l.A.Neighbor(l.Facing+2)
}

// Hexes returns the two hexes of the counter, left then right.
func (l Line2) Hexes() [2]Coord { return [2]Coord{l.A, l.B} }

// Covers reports whether c is one of the counter's hexes.
func (l Line2) Covers(c Coord) bool { return c == l.A || c == l.B }

// FrontHexes returns the three front hexes: left, centre, right.
func (l Line2) FrontHexes() [3]Coord {
	f := l.Facing
	return [3]Coord{l.A.Neighbor(f), l.A.Neighbor(f + 1), l.B.Neighbor(f + 1)}
}

// RearHexes returns the three rear hexes: left, centre, right.
func (l Line2) RearHexes() [3]Coord {
	f := l.Facing
	return [3]Coord{l.A.Neighbor(f + 4), l.A.Neighbor(f + 3), l.B.Neighbor(f + 3)}
}

// FlankHexes returns the two flank hexes: left, right.
func (l Line2) FlankHexes() [2]Coord {
	return [2]Coord{l.A.Neighbor(l.Facing - 1), l.B.Neighbor(l.Facing + 2)}
}

// Neighbors returns the eight hexes around the counter: front (left to
// right), right flank, rear (right to left), left flank.
func (l Line2) Neighbors() [8]Coord {
	fr, re, fl := l.FrontHexes(), l.RearHexes(), l.FlankHexes()
	return [8]Coord{fr[0], fr[1], fr[2], fl[1], re[2], re[1], re[0], fl[0]}
}

// ArcOf says where hex n lies relative to the counter; ok is false when n is
// not adjacent to it (or is one of its own hexes).
func (l Line2) ArcOf(n Coord) (Arc, bool) {
	for _, h := range l.FrontHexes() {
		if h == n {
			return Front, true
		}
	}
	for _, h := range l.RearHexes() {
		if h == n {
			return Rear, true
		}
	}
	for _, h := range l.FlankHexes() {
		if h == n {
			return Flank, true
		}
	}
	return Rear, false
}

// Shift returns the counter moved one hex in direction d, keeping facing.
func (l Line2) Shift(d int) Line2 {
	return Line2{A: l.A.Neighbor(d), B: l.B.Neighbor(d), Facing: l.Facing}
}

// Forward returns the two positions one hex forward keeping facing (Albuera
// 6.3.1: the counter enters two of its three front hexes): on the left and
// centre front hexes, and on the centre and right front hexes.
func (l Line2) Forward() [2]Line2 {
	return [2]Line2{l.Shift(l.Facing), l.Shift(l.Facing + 1)}
}

// Backward returns the two positions one hex back keeping facing (Albuera
// 6.3.1, 12.6): on the left and centre rear hexes, and on the centre and
// right rear hexes.
func (l Line2) Backward() [2]Line2 {
	return [2]Line2{l.Shift(l.Facing + 4), l.Shift(l.Facing + 3)}
}

// Wheel is one 60-degree change of facing of a line counter about one of
// its hexes (Albuera 6.3.3).
type Wheel struct {
	Pivot     Coord `json:"pivot"`     // the hex that stays
	Enter     Coord `json:"enter"`     // the hex the other end moves into
	Backward  bool  `json:"backward"`  // Enter is a rear hex (Albuera 12.6)
	Clockwise bool  `json:"clockwise"` // the facing turns clockwise
	To        Line2 `json:"to"`        // the counter after the wheel
}

// Wheels returns the four possible wheels: about A forward and backward,
// then about B forward and backward.
func (l Line2) Wheels() [4]Wheel {
	f := l.Facing
	centreFront := l.A.Neighbor(f + 1)
	centreRear := l.A.Neighbor(f + 3)
	return [4]Wheel{
		{Pivot: l.A, Enter: centreFront, Clockwise: false, To: LineAt(l.A, f-1)},
		{Pivot: l.A, Enter: centreRear, Backward: true, Clockwise: true, To: LineAt(l.A, f+1)},
		{Pivot: l.B, Enter: centreFront, Clockwise: true, To: LineAt(centreFront, f+1)},
		{Pivot: l.B, Enter: centreRear, Backward: true, Clockwise: false, To: LineAt(centreRear, f-1)},
	}
}

// Sight returns the line of sight from the counter to target, drawn from
// the middle of the hexside between its two hexes (Albuera 14.2.1). The
// counter's own hexes are left out; target is the last step. Check that the
// first step lies in FrontHexes (Albuera 14.2) and pass the steps before the
// last to StepsBlocked.
func (l Line2) Sight(target Coord) []LineStep {
	all := TraceSegment(Mid(l.A, l.B), Centre(target))
	out := all[:0]
	for _, s := range all {
		if l.Covers(s.Hex) && (!s.Graze || l.Covers(s.Alt)) {
			continue
		}
		if s.Graze && l.Covers(s.Alt) {
			s = LineStep{Hex: s.Hex, Alt: s.Hex}
		} else if s.Graze && l.Covers(s.Hex) {
			s = LineStep{Hex: s.Alt, Alt: s.Alt}
		}
		out = append(out, s)
	}
	return out
}

// LineStepKind says how a line counter moves one step.
type LineStepKind int

const (
	StepForward   LineStepKind = iota // into two of the three front hexes (6.3.1)
	StepBackward                      // into two of the three rear hexes (6.3.1, 12.6)
	WheelForward                      // wheel, the free end entering the centre front hex (6.3.3)
	WheelBackward                     // wheel, the free end entering the centre rear hex (6.3.3, 12.6)
)

// LineMove is one single step of a line counter.
type LineMove struct {
	Kind  LineStepKind `json:"kind"`
	From  Line2        `json:"from"`
	To    Line2        `json:"to"`
	Enter []Coord      `json:"enter"` // hexes newly covered
	Cost  int          `json:"cost"`
}

// Steps returns the eight single steps open to the counter: two forward,
// two backward, then the four wheels (Cost left zero).
func (l Line2) Steps() []LineMove {
	out := make([]LineMove, 0, 8)
	for _, to := range l.Forward() {
		out = append(out, LineMove{Kind: StepForward, From: l, To: to, Enter: entered(l, to)})
	}
	for _, to := range l.Backward() {
		out = append(out, LineMove{Kind: StepBackward, From: l, To: to, Enter: entered(l, to)})
	}
	for _, w := range l.Wheels() {
		k := WheelForward
		if w.Backward {
			k = WheelBackward
		}
		out = append(out, LineMove{Kind: k, From: l, To: w.To, Enter: []Coord{w.Enter}})
	}
	return out
}

func entered(from, to Line2) []Coord {
	var out []Coord
	for _, h := range to.Hexes() {
		if !from.Covers(h) {
			out = append(out, h)
		}
	}
	return out
}

// LineSearch finds the least-cost moves of a two-hex line counter, one
// Steps() move at a time. Cost prices a step (Albuera 6.3.2: the dearer of
// the hexes entered; 12.6: one more for a step back); ok false forbids it.
// A counter whose hexes are not both on Map is never reached.
type LineSearch struct {
	Map    *Map
	Cost   func(m LineMove) (cost int, ok bool)
	Stop   func(l Line2) bool // reached positions that end the move
	Budget int                // negative: no limit
}

// LineReach is how a position is reached.
type LineReach struct {
	Cost  int      `json:"cost"`
	Steps int      `json:"steps"`
	Last  LineMove `json:"last"` // the step into this position (zero at the start)
}

// Reachable returns every position the counter can reach within Budget.
// Ties are broken as in Search, by the left hex's number then facing.
func (s LineSearch) Reachable(from Line2) map[Line2]LineReach {
	if !from.Valid() {
		from, _ = NewLine2(from.A, from.B, from.Facing)
	}
	out := map[Line2]LineReach{from: {}}
	k1, k2 := hexKey(s.Map, from.A)
	q := &pq{{c: from.A, f: from.Facing, k1: k1, k2: k2}}
	for len(*q) > 0 {
		it := q.pop()
		cur := LineAt(it.c, it.f)
		if r := out[cur]; r.Cost != it.cost || r.Steps != it.steps {
			continue
		}
		if cur != from && s.Stop != nil && s.Stop(cur) {
			continue
		}
		for _, mv := range cur.Steps() {
			if offMap(s.Map, from.A, mv.To.A) || offMap(s.Map, from.A, mv.To.B) {
				continue
			}
			c, ok := s.Cost(mv)
			if !ok || c < 0 {
				continue
			}
			nc, ns := it.cost+c, it.steps+1
			if s.Budget >= 0 && nc > s.Budget {
				continue
			}
			if old, seen := out[mv.To]; seen && !(nc < old.Cost || nc == old.Cost && ns < old.Steps) {
				continue
			}
			mv.Cost = c
			out[mv.To] = LineReach{Cost: nc, Steps: ns, Last: mv}
			a, b := hexKey(s.Map, mv.To.A)
			q.push(item{c: mv.To.A, f: mv.To.Facing, cost: nc, steps: ns, k1: a, k2: b})
		}
	}
	return out
}

// LineMoves rebuilds the steps from the start of a LineSearch to position to.
func LineMoves(reach map[Line2]LineReach, to Line2) ([]LineMove, bool) {
	r, ok := reach[to]
	if !ok {
		return nil, false
	}
	var out []LineMove
	for r.Steps > 0 {
		out = append(out, r.Last)
		r, ok = reach[r.Last.From]
		if !ok || len(out) > len(reach) {
			return nil, false
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, true
}
