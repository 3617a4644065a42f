package marshals

import (
	"math/bits"
	"unsafe"
)

// The position index [issue 20, session 20]: where every counter stands,
// by zone index, kept up to date as counters move instead of sweeping the
// 111 counters for every question ("who is in this zone", "does this side
// hold units there", the occupancy of every zone [1.5]).
//
// It holds, for every counter, the place it was last seen at (At and Off),
// its zone index, and for every zone the counters there (a bitset) and the
// number of units (not commanders) of each side [1.5]. The code of this
// package that moves a counter calls s.placed(i) after the write; a write
// that does not (a test, a determinizer setting a position) is found by
// syncPos, which compares every counter with what the index saw. syncPos
// runs at the start of Apply, Legal and Chances, which then trust the
// index until they return (ixTrust); any other reader checks it every
// time (pos). A clone shares the index with its original until either
// changes it (copy on write, ixOwn).

type posIndex struct {
	at      []string     // each counter's At when last seen
	off     []Off        // ... and Off
	uz      []int16      // each counter's zone index; -1 not on the map; -2 on the map at a place that is not a zone
	cnt     [][2]int16   // per zone: the units (not commanders) of each side [1.5]
	occ     [][2]bool    // per zone: cnt > 0
	all     [][2]int16   // per zone: the counters of each side, commanders and decoys included
	occBits [2][4]uint64 // occ by side as bits (zones 0-255; maps of more zones leave it empty)
	words   int          // words of a zone's bitset
	mem     []uint64     // per zone (words each): the counters on the map there
	other   int          // counters on the map at a place that is not a zone
}

// posCheck makes every read of the index compare it with one built afresh
// (tests only: TestPositionIndexAgreesWithUnits).
var posCheck = false

// pos is the index, up to date.
func (s *State) pos() *posIndex {
	if s.ix == nil || s.ixTrust == 0 {
		s.syncPos()
	}
	if posCheck {
		s.checkPos()
	}
	return s.ix
}

// trustPos brings the index up to date and trusts it until the returned
// function runs (Apply, Legal, Chances): within them every move of a
// counter goes through placed.
func (s *State) trustPos() {
	if s.ixTrust == 0 || s.ix == nil {
		s.syncPos()
	}
	s.ixTrust++
}

func (s *State) untrustPos() { s.ixTrust-- }

// syncPos brings the index up to date with the counters.
func (s *State) syncPos() {
	ix := s.ix
	if ix == nil || len(ix.at) != len(s.Units) {
		s.buildPos()
		return
	}
	for i := range s.Units {
		u := &s.Units[i]
		if !sameStr(u.At, ix.at[i]) || u.Off != ix.off[i] {
			s.placed(i)
			ix = s.ix
		}
	}
}

// sameStr is a == b, answered at once when both are the same string
// (the same bytes in memory: what the index saw and nothing wrote since).
func sameStr(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 || unsafe.StringData(a) == unsafe.StringData(b) {
		return true
	}
	return a == b
}

// buildPos makes the index afresh.
func (s *State) buildPos() {
	n, nz := len(s.Units), len(s.sc.zoff)
	w := (n + 63) / 64
	ix := &posIndex{
		at: make([]string, n), off: make([]Off, n), uz: make([]int16, n),
		cnt: make([][2]int16, nz), occ: make([][2]bool, nz), all: make([][2]int16, nz),
		words: w, mem: make([]uint64, nz*w),
	}
	for i := range ix.uz {
		ix.uz[i] = -1
	}
	s.ix, s.ixOwn = ix, true
	for i := range s.Units {
		ix.add(s, i)
	}
}

// where is the zone index of counter i by its fields: -1 not on the map,
// -2 on the map at a place that is not a zone.
func (s *State) where(i int) int16 {
	u := &s.Units[i]
	if u.Off != OffNone || u.At == "" {
		return -1
	}
	if zi, ok := s.sc.zi[u.At]; ok {
		return int16(zi)
	}
	return -2
}

// add records counter i where its fields put it.
func (ix *posIndex) add(s *State, i int) {
	u := &s.Units[i]
	ix.at[i], ix.off[i] = u.At, u.Off
	z := s.where(i)
	ix.uz[i] = z
	switch {
	case z >= 0:
		ix.mem[int(z)*ix.words+i>>6] |= 1 << (i & 63)
		d := s.sc.Defs[i]
		ix.all[z][d.Side]++
		if isUnit(d) {
			ix.cnt[z][d.Side]++
			ix.occ[z][d.Side] = true
			if z < 256 {
				ix.occBits[d.Side][z>>6] |= 1 << (z & 63)
			}
		}
	case z == -2:
		ix.other++
	}
}

// remove takes counter i out of the place the index has for it.
func (ix *posIndex) remove(s *State, i int) {
	z := ix.uz[i]
	switch {
	case z >= 0:
		ix.mem[int(z)*ix.words+i>>6] &^= 1 << (i & 63)
		d := s.sc.Defs[i]
		ix.all[z][d.Side]--
		if isUnit(d) {
			ix.cnt[z][d.Side]--
			if ix.cnt[z][d.Side] == 0 {
				ix.occ[z][d.Side] = false
				if z < 256 {
					ix.occBits[d.Side][z>>6] &^= 1 << (z & 63)
				}
			}
		}
	case z == -2:
		ix.other--
	}
	ix.uz[i] = -1
}

// placed tells the index that counter i may have moved (its At or Off
// was written).
func (s *State) placed(i int) {
	ix := s.ix
	if ix == nil {
		return // built at the next read
	}
	u := &s.Units[i]
	if u.At == ix.at[i] && u.Off == ix.off[i] {
		return
	}
	if !s.ixOwn {
		ix = ix.copy()
		s.ix, s.ixOwn = ix, true
	}
	ix.remove(s, i)
	ix.add(s, i)
}

func (ix *posIndex) copy() *posIndex {
	c := *ix
	c.at = append([]string(nil), ix.at...)
	c.off = append([]Off(nil), ix.off...)
	c.uz = append([]int16(nil), ix.uz...)
	c.cnt = append([][2]int16(nil), ix.cnt...)
	c.occ = append([][2]bool(nil), ix.occ...)
	c.all = append([][2]int16(nil), ix.all...)
	c.mem = append([]uint64(nil), ix.mem...)
	return &c
}

// checkPos panics when the index differs from one built afresh (tests).
func (s *State) checkPos() {
	ix := s.ix
	fresh := &State{sc: s.sc, Units: s.Units}
	fresh.buildPos()
	f := fresh.ix
	if len(ix.uz) != len(f.uz) || ix.other != f.other || ix.occBits != f.occBits {
		panic("position index: counters differ")
	}
	for i := range f.uz {
		if ix.uz[i] != f.uz[i] {
			panic("position index: " + s.sc.Defs[i].ID + " is not where the index has it")
		}
	}
	for z := range f.cnt {
		if ix.cnt[z] != f.cnt[z] || ix.occ[z] != f.occ[z] || ix.all[z] != f.all[z] {
			panic("position index: counts differ at " + s.sc.Graph.Zones[z].ID)
		}
	}
	for k := range f.mem {
		if ix.mem[k] != f.mem[k] {
			panic("position index: members differ")
		}
	}
}

// zoneMembers calls f for each counter on the map in zone index zi, in
// index (id) order; f returns false to stop.
func (ix *posIndex) zoneMembers(zi int, f func(i int) bool) {
	base := zi * ix.words
	for w := 0; w < ix.words; w++ {
		b := ix.mem[base+w]
		for b != 0 {
			t := bits.TrailingZeros64(b)
			b &= b - 1
			if !f(w<<6 | t) {
				return
			}
		}
	}
}
