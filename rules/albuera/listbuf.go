package albuera

import "grognard/rules"

// Recycled arrays for the legal lists (speed, issue #20). Every action
// used to get a new array of ~30 actions (5.5 KB) for its legal list,
// and the automatic steps of 2.2 and 2.3 made the lists Legal hands out
// in arrays of their own. The arrays now come back, as Almansa's do:
//   - a list Legal handed out stays intact through the next Apply (the
//     lists before and after an action can be compared); at the Apply
//     after that its array is reused;
//   - an array only the state read (a step's unit actions copied into
//     the list handed out) is reused at once;
//   - a clone has arrays of its own (the index, which holds them, is
//     never shared), so a list a clone reads is never written by the
//     original, nor the other way round; the one exception is the list
//     of the version cloned, which the clone takes as it is (shareLegal)
//     and which neither of them ever reuses.
// Copy a list to keep it longer (docs/ENGINE.md).

// listBufs holds the arrays (in the index's storage: never shared).
type listBufs struct {
	held []rules.Action   // the last list Legal handed out
	free [][]rules.Action // arrays no caller reads
}

// maxFree is the most arrays kept for reuse.
const maxFree = 6

// newList is an empty list with room for n actions: a recycled array
// when one is large enough.
func (s *State) newList(n int) []rules.Action {
	if s.ix != nil {
		f := s.ix.lb.free
		for k := len(f) - 1; k >= 0; k-- {
			if cap(f[k]) >= n {
				a := f[k]
				f[k] = f[len(f)-1]
				f[len(f)-1] = nil
				s.ix.lb.free = f[:len(f)-1]
				return a[:0]
			}
		}
	}
	return make([]rules.Action, 0, n+n/4+4)
}

// recycle gives back an array no caller reads.
func (s *State) recycle(a []rules.Action) {
	if s.ix == nil || cap(a) == 0 {
		return
	}
	b := &s.ix.lb
	if len(b.free) < maxFree {
		b.free = append(b.free, a[:0])
		return
	}
	k := 0 // full: replace the smallest, if smaller
	for j := range b.free {
		if cap(b.free[j]) < cap(b.free[k]) {
			k = j
		}
	}
	if cap(b.free[k]) < cap(a) {
		b.free[k] = a[:0]
	}
}

// forgetLegal drops the cached legal list at the start of an Apply: it
// is held intact through this Apply, and the list held before it is
// reused.
func (s *State) forgetLegal() {
	if s.cache == nil || s.ix == nil || s.cache.shared {
		s.cache = nil // a list shared with a clone is never reused
		return
	}
	b := &s.ix.lb
	old := b.held
	b.held = s.cache.legal
	s.cache = nil
	if len(old) > 0 && len(b.held) > 0 && &old[:1][0] == &b.held[:1][0] {
		return // the same array (cannot happen: each version builds its own)
	}
	s.recycle(old)
}

// shareLegal gives clone c the list s has made for this version (speed:
// the clone's first Apply or Legal does not make it again, nor its
// occupancy index for it). Neither state ever reuses that array.
func (s *State) shareLegal(c *State) {
	if s.cache == nil || s.cache.ver != s.ver || c.ver != s.ver {
		return
	}
	s.cache.shared = true
	l := s.cache.legal
	c.cacheBuf = legalCache{ver: c.ver, legal: l[:len(l):len(l)], shared: true}
	c.cache = &c.cacheBuf
}

// setPre keeps p for Legal in the index's storage (no allocation).
func (s *State) setPre(p preLegal) {
	if s.ix == nil {
		np := new(preLegal)
		*np = p
		s.pre = np
		return
	}
	s.ix.pre = p
	s.pre = &s.ix.pre
}
