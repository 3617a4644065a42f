package almansa

import (
	"grognard/rules"
)

// The movement list, unit by unit, kept between lists (#20).
//
// In a movement phase [10] an action moves or turns one unit (or one
// stack): the other units' actions stay the same unless they depended on
// what changed. moveMemo keeps, for each unit of the moving side:
//   - gate: whether it may move at all (cannotMoveQ: its own counter, the
//     phase, its formation's finished and command modes [6] [10], the unit
//     passing through a stack [7], whether the acting formation must still
//     close in [6]);
//   - its actions (steps and turns) with the hexes whose occupancy they
//     read (the occupancy records every hex it is asked about while they
//     are made); they stay valid while the unit, those hexes, its
//     formation and the acting formation's duty to close in stay as they
//     were.
//
// The next list compares every unit with the record of the last one (the
// units as they stood), and the formations' finished and command modes
// when they were written (fgen): a changed unit or a unit of a changed
// formation is made again, and so is every unit that read a hex where such
// a unit stood or stands. A commander in chief that changed remakes both
// commanders in chief of his side (they may not be more than 8 hexes apart
// [6]); a change of the unit passing through a stack remakes it and the one
// before. Any change of an enemy unit (zones of control [9], the nearest
// enemy a formation in attack mode closes in on [6]), of the phase or
// turn, or of the acting formation's duty to close in remakes every unit.
// TestMoveMemoAgreesWithFullLists compares the list with one made from
// nothing after every action of random games.
type moveMemo struct {
	valid   bool
	phase   string
	turn    int
	busy    bool   // the acting formation must still move toward the enemy [6]
	busyOf  string // ... and which it is (when busy)
	transit string
	fgen    uint64
	snap    []UnitState // the units when the record was made
	form    []formMemo  // the formations' finished and command modes then
	gate    []bool      // the unit may move (cannotMoveQ)
	// gok[i]: gate[i] holds for the unit now. The gate reads only the
	// unit's own counter, the phase, the transit, its formation's finished
	// and command modes and the acting formation's duty to close in, so it
	// is asked again only when one of those changed (#20: a unit that may
	// not move has no actions, and was asked again in every list).
	gok []bool
	ok  []bool // acts[i] and reads[i] hold the unit's actions now
	// acts holds the units' actions, each unit's made ones appended as a
	// segment: unit i's are acts[off[i]:][:n[i]] (#20: a pool the size of
	// the list, not eight places for every unit, so that a new state or a
	// clone does not allocate and clear 150 KB for its first list). The
	// segments of units made again are left behind and dropped when the
	// pool is compacted into spare (compact).
	acts    []rules.Action
	spare   []rules.Action
	off     []int32
	n       []int8
	w       int      // words of a hex bitset
	reads   []uint64 // unit i's hexes read: reads[i*w:][:w]
	changed []int    // hex indices where a changed unit stood or stands
	regate  bool     // every unit's gate is to be asked again
	// mustStillMove of each formation [6], with the hexes it read
	mustOK, must []bool
	mustReads    []uint64 // formation k's: mustReads[k*w:][:w]
	// the record applies to this list build (begin was called in it)
	// of side's list
	inBuild bool
	side    int
	full    bool // begin found everything to be made anew
	// listFirst is &list[0] of the list this record was made for; dirty
	// the units doMove wrote since (dirtyOK: ApplyLegal applied an action
	// of that list, the state's last build, so no other unit changed and
	// begin compares only these, #20).
	listFirst *rules.Action
	dirty     []int
	dirtyOK   bool
	dirtyUsed bool // begin compared only the dirty units (finish copies them)
}

type formMemo struct {
	done bool
	mode string
}

// segCap bounds one unit's movement actions: six steps and two turns.
const segCap = 8

// begin compares the state with the record of the last movement list of
// side and forgets what changed (#20); it reports whether the enemy and
// the phase are as they were (what the nearest enemy [6] and the enemy's
// zones of control [9] read).
func (m *moveMemo) begin(s *State, side int) (same bool) {
	fm := s.fast()
	nu, nf := len(s.Units), len(s.sc.Forms)
	full := !m.valid || m.phase != s.Phase || m.turn != s.Turn
	if len(m.n) != nu || m.w != (len(fm.coords)+63)/64 || len(m.form) != nf {
		m.w = (len(fm.coords) + 63) / 64
		m.snap = make([]UnitState, nu)
		m.form = make([]formMemo, nf)
		m.gate = make([]bool, nu)
		m.gok = make([]bool, nu)
		m.ok = make([]bool, nu)
		m.acts, m.spare = make([]rules.Action, 0, nu+16), nil
		m.off = make([]int32, nu)
		m.n = make([]int8, nu)
		m.reads = make([]uint64, nu*m.w)
		m.mustOK, m.must = make([]bool, nf), make([]bool, nf)
		m.mustReads = make([]uint64, nf*m.w)
		full = true
	}
	m.regate = full || m.transit != s.Transit || m.fgen != s.fgen
	m.changed = m.changed[:0]
	if !full {
		if m.transit != s.Transit {
			for _, id := range [2]string{m.transit, s.Transit} {
				if i := s.idx(id); i >= 0 {
					m.ok[i] = false
				}
			}
			clear(m.mustOK) // turning a stack asks whether its units may move [7]
		}
		if m.fgen != s.fgen {
			clear(m.mustOK)
			for k := range s.sc.Forms {
				f := &s.sc.Forms[k]
				now := formMemo{done: s.Done[f.ID], mode: s.Mode[f.ID]}
				if now == m.form[k] {
					continue
				}
				for i := range s.Units {
					if u := &s.Units[i]; u.Form == f.ID {
						m.ok[i], m.gok[i] = false, false
						m.markChanged(fm, u)
					}
				}
			}
		}
		m.dirtyUsed = m.dirtyOK
		for k := range s.Units {
			i := k
			if m.dirtyOK {
				if k >= len(m.dirty) {
					break
				}
				i = m.dirty[k]
			}
			now, was := &s.Units[i], &m.snap[i]
			if sameUnit(now, was) {
				continue
			}
			d := s.def(i)
			if d.Side != side {
				full = true
				break
			}
			m.ok[i], m.gok[i] = false, false
			if d.Type == Commander {
				for k := range s.Units {
					if s.def(k).Type == Commander && s.def(k).Side == side {
						m.ok[k] = false
					}
				}
			}
			for k := range s.sc.Forms {
				if id := s.sc.Forms[k].ID; id == was.Form || id == now.Form {
					m.mustOK[k] = false
				}
			}
			m.markChanged(fm, was)
			m.markChanged(fm, now)
		}
	}
	if full {
		clear(m.ok)
		clear(m.mustOK)
		m.regate = true
		m.acts = m.acts[:0] // every unit is made again
	} else if len(m.changed) > 0 {
		for i := range s.Units {
			if m.ok[i] && m.readsAny(m.reads[i*m.w:(i+1)*m.w]) {
				m.ok[i] = false
			}
		}
		for k := range m.mustOK {
			if m.mustOK[k] && m.readsAny(m.mustReads[k*m.w:(k+1)*m.w]) {
				m.mustOK[k] = false
			}
		}
	}
	m.inBuild, m.full = true, full
	m.dirtyOK = false
	if full {
		m.dirtyUsed = false
	}
	if !full {
		m.compact()
	}
	return !full
}

// compact copies the segments still valid into spare and makes it the pool
// when the pool holds more than twice as many left-behind actions (#20).
func (m *moveMemo) compact() {
	live := 0
	for i, ok := range m.ok {
		if ok {
			live += int(m.n[i])
		}
	}
	if len(m.acts) <= 2*live+256 {
		return
	}
	out := m.spare[:0]
	if cap(out) < cap(m.acts) {
		// As large as the pool: the two arrays take turns without either
		// growing again (#20: a smaller spare grew by doubling after most
		// compactions).
		out = make([]rules.Action, 0, cap(m.acts))
	}
	for i, ok := range m.ok {
		if ok {
			o := int(m.off[i])
			m.off[i] = int32(len(out))
			out = append(out, m.acts[o:o+int(m.n[i])]...)
		}
	}
	m.acts, m.spare = out, m.acts[:0]
}

// readsAny: the bitset r holds a changed hex.
func (m *moveMemo) readsAny(r []uint64) bool {
	for _, h := range m.changed {
		if r[h>>6]&(1<<(h&63)) != 0 {
			return true
		}
	}
	return false
}

// mustMemo is mustStillMove of formation k from the record, or made now
// (recording the hexes it reads).
func (s *State) mustMemo(k int, f string) bool {
	m := &s.bufs.mv
	if !m.mustOK[k] {
		r := m.mustReads[k*m.w : (k+1)*m.w]
		clear(r)
		m.must[k] = s.mustStillMoveRec(f, r)
		m.mustOK[k] = true
	}
	return m.must[k]
}

// memoMoves appends the movement actions of side's units to out, made
// again only where something they read changed (after begin); ok is false
// when a unit's actions did not fit the memo (out is then to be made
// anew).
func (s *State) memoMoves(out []rules.Action, cx moveCtx, side int, busy bool) ([]rules.Action, bool) {
	m := &s.bufs.mv
	busyOf := ""
	if busy {
		busyOf = s.CurForm
	}
	if m.busy != busy || m.busyOf != busyOf {
		clear(m.ok) // a stack turns only if all its units may move [7]
		m.regate = true
	}
	for i := range s.Units {
		if s.def(i).Side != side {
			continue
		}
		if m.regate || !m.gok[i] {
			m.gate[i] = s.cannotMoveQ(i, busy, true) == ""
			m.gok[i] = true
		}
		if !m.gate[i] {
			continue
		}
		if !m.ok[i] {
			r := m.reads[i*m.w : (i+1)*m.w]
			clear(r)
			c := cx
			c.o.rec = r
			o := len(m.acts)
			m.acts = s.unitMoves(m.acts, c, i, busy)
			if len(m.acts)-o > segCap {
				m.acts = m.acts[:o]
				m.valid = false // cannot happen: six steps and two turns
				return out, false
			}
			m.off[i], m.n[i] = int32(o), int8(len(m.acts)-o)
			m.ok[i] = true
		}
		o := int(m.off[i])
		out = append(out, m.acts[o:o+int(m.n[i])]...)
	}
	m.busy, m.busyOf = busy, busyOf
	return out, true
}

// finish records the state the list was made from.
func (m *moveMemo) finish(s *State) {
	if m.dirtyUsed {
		for _, i := range m.dirty { // the others are as recorded
			m.snap[i] = s.Units[i]
		}
	} else {
		copy(m.snap, s.Units)
	}
	m.dirtyUsed = false
	if m.fgen != s.fgen || m.full {
		for k := range s.sc.Forms {
			f := &s.sc.Forms[k]
			m.form[k] = formMemo{done: s.Done[f.ID], mode: s.Mode[f.ID]}
		}
	}
	m.phase, m.turn, m.transit, m.fgen = s.Phase, s.Turn, s.Transit, s.fgen
	m.inBuild = false
}

// sameUnit is *a == *b field by field, inline (#20: the generated
// comparison was a call per unit and list); TestSameUnitComparesEveryField
// fails when UnitState gains a field this does not compare.
func sameUnit(a, b *UnitState) bool {
	return a.At == b.At && a.Spent == b.Spent && a.Facing == b.Facing && a.Steps == b.Steps &&
		a.On == b.On && a.Dead == b.Dead && a.DSG == b.DSG && a.DSB == b.DSB &&
		a.Moved == b.Moved && a.Stopped == b.Stopped && a.FellBack == b.FellBack &&
		a.Fired == b.Fired && a.Shocked == b.Shocked && a.OOC == b.OOC &&
		len(a.Form) == len(b.Form) && a.Form == b.Form
}

// markChanged notes the hex of u (if on the map) as changed.
func (m *moveMemo) markChanged(fm *fastMap, u *UnitState) {
	if u.On && !u.Dead {
		if h := fm.idx(u.At); h >= 0 {
			m.changed = append(m.changed, h)
		}
	}
}
