package albuera

import "slices"

// viewText keeps the texts of the last view that change slowly (the VP
// and automatic-victory lines, the pool and set-aside chits by name, the
// clock, the turn track) with what they were made from, so a new version
// whose inputs are the same hands out the same read-only slices (speed,
// issue #20: the checked playout builds a view after every action; these
// were a few microseconds of strings and fmt each). A caller's append to
// one of them copies (len == cap), as for the lists shared by both sides'
// views of a version. It lives in the index's storage, never shared with
// a clone; TestViewSameAsMadeAfresh compares views with views made from
// nothing.
type viewText struct {
	ok           bool
	vp, turn     int
	autoWin      string
	pool, aside  []string // s.Pool and s.Aside as the names were made
	score        []string
	poolN, asidN []string
	clock        string
	track        []string
}

// viewTexts returns the slow texts of the state, made again only when
// what they read changed. routedChg: buildView saw a unit routed, rallied
// or moved to another box since the last build (it follows every unit it
// does not skip as unchanged; viewGlobals.rbox), so the turn track may
// differ.
func (s *State) viewTexts(routedChg bool) *viewText {
	m := &s.ix.vt
	if m.ok && !routedChg && m.vp == s.VP && m.turn == s.Turn && m.autoWin == s.AutoWin &&
		slices.Equal(m.pool, s.Pool) && slices.Equal(m.aside, s.Aside) {
		return m
	}
	m.ok, m.vp, m.turn, m.autoWin = true, s.VP, s.Turn, s.AutoWin
	m.pool, m.aside = append(m.pool[:0], s.Pool...), append(m.aside[:0], s.Aside...)
	m.score = []string{s.vpText() + " [16.2]", s.autoWinText()} // two short lines: the HUD never cuts them
	m.poolN, m.asidN = nil, nil
	if len(s.Pool) > 0 {
		m.poolN = make([]string, 0, len(s.Pool))
	}
	for _, c := range s.Pool {
		m.poolN = append(m.poolN, s.name(s.idx(c)))
	}
	for _, c := range s.Aside {
		m.asidN = append(m.asidN, s.name(s.idx(c)))
	}
	m.asidN = m.asidN[:len(m.asidN):len(m.asidN)]
	m.clock = s.clock()
	m.track = s.turnTrack()
	m.track = m.track[:len(m.track):len(m.track)]
	return m
}
