package albuera

// snapMemo keeps the JSON of each unit as the last Snapshot wrote it, with
// the unit it was written from (speed, issue #20: the checked playout's
// deep checks take two snapshots every 25 actions, and a unit's JSON was
// most of each). A unit whose bytes are those it was written from has the
// same JSON (sameUnitBytes: equal bytes are equal units); any other is
// written again. It lives in the index's storage, which no clone shares.
type snapMemo struct {
	u       []Unit  // the units as written
	js, nxt []byte  // their JSON, each after a comma; the next build's buffer
	off     []int32 // unit k's JSON is js[off[k]:off[k+1]]
	noff    []int32
}

// unitsMemo brings the memo up to date with the units and returns their
// JSON, each unit's after a comma (appendUnitsJSON's bytes: '[' + js[1:]
// + ']'), or nil with no memo (no index storage, no units). The bytes are
// the memo's: the caller copies them before the next call.
func (s *State) unitsMemo() []byte {
	if s.ix == nil || len(s.U) == 0 {
		return nil
	}
	m := &s.ix.snap
	n := len(s.U)
	valid := len(m.u) == n && len(m.off) == n+1
	if len(m.u) != n {
		m.u = make([]Unit, n)
	}
	js := m.nxt[:0]
	noff := append(m.noff[:0], 0)
	for b := 0; b < n; b += viewBlock {
		end := min(b+viewBlock, n)
		if valid && sameUnitBytes(m.u[b:end], s.U[b:end]) {
			base := int32(len(js)) - m.off[b]
			js = append(js, m.js[m.off[b]:m.off[end]]...)
			for k := b + 1; k <= end; k++ {
				noff = append(noff, m.off[k]+base)
			}
			continue
		}
		for k := b; k < end; k++ {
			if valid && sameUnitBytes(m.u[k:k+1], s.U[k:k+1]) {
				js = append(js, m.js[m.off[k]:m.off[k+1]]...)
			} else {
				js = appendUnitJSON(append(js, ','), &s.U[k])
				m.u[k] = s.U[k]
			}
			noff = append(noff, int32(len(js)))
		}
	}
	m.js, m.nxt = js, m.js
	m.off, m.noff = noff, m.off
	return js
}
