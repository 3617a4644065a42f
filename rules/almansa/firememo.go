package almansa

import (
	"sync/atomic"

	"grognard/rules/hex"
)

// What artillery fire [12] reads again and again, made once per scenario
// (#20): the hexes of a gun's front arc within range by hex and facing,
// and the line between two hexes. Both are pure geometry of the map, made
// on first use and shared read-only by every state, on any goroutine (an
// atomic slot each, never changed once stored).
type fireMemo struct {
	arc  []atomic.Pointer[[]hex.Coord] // hex index*6 + facing -> ArcHexes(1, range)
	line [1 << lineBits]atomic.Pointer[lineEntry]
}

const lineBits = 12

type lineEntry struct {
	a, b  int32
	steps []hex.LineStep
}

// gunArc is hex.ArcHexes(c, f, 1, artillery range), never to be changed.
func (s *State) gunArc(c hex.Coord, f int) []hex.Coord {
	fm := s.fast()
	h := fm.idx(c)
	if h < 0 || f < 0 || f > 5 {
		return hex.ArcHexes(c, f, 1, s.sc.P("artillery_range"))
	}
	slot := &fm.fire.arc[h*6+f]
	if p := slot.Load(); p != nil {
		return *p
	}
	arc := hex.ArcHexes(c, f, 1, s.sc.P("artillery_range"))
	arc = arc[:len(arc):len(arc)]
	slot.Store(&arc)
	return arc
}

// line is hex.Trace(a, b), never to be changed.
func (s *State) line(a, b hex.Coord) []hex.LineStep {
	fm := s.fast()
	ha, hb := fm.idx(a), fm.idx(b)
	if ha < 0 || hb < 0 {
		return hex.Trace(a, b)
	}
	key := uint64(ha)<<32 | uint64(hb)
	slot := &fm.fire.line[(key*0x9E3779B97F4A7C15)>>(64-lineBits)]
	if e := slot.Load(); e != nil && e.a == int32(ha) && e.b == int32(hb) {
		return e.steps
	}
	t := hex.Trace(a, b)
	t = t[:len(t):len(t)]
	slot.Store(&lineEntry{a: int32(ha), b: int32(hb), steps: t})
	return t
}
