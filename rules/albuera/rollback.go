package albuera

import "grognard/rules"

// Undoing a failed Apply (speed, issue #20). Apply changes the state in
// place. Every ckptEvery actions it copies the state into a copy it keeps
// (no allocation after the first), and it logs the actions applied since;
// when an action fails half-way (an internal error: a rules bug), rollback
// plays the logged actions again on the copy and puts the result back:
// the state the failed action found, to the byte. This replaces a copy of
// the whole state (60 KB of units) before every action.

// ckptEvery is how many actions apart the copies are.
const ckptEvery = 64

// applyFault is a test hook run between an action and the automatic
// steps after it; nil in play.
var applyFault = func(*State) error { return nil }

// checkpoint copies the state into its kept copy when the log is full,
// there is no copy yet (a new state, a clone, a rollback) or the state was
// changed since the last Apply (a test or a lesson edits fields and bumps
// ver: the log would not hold that change). sharedU, if not
// nil, are the state's units as they were shared with a clone (every
// sharer copies them before writing): the copy takes them as they are.
func (s *State) checkpoint(sharedU []Unit) {
	if s.ckpt != nil && len(s.ckLog) < ckptEvery && s.ckVer == s.ver {
		return
	}
	if s.ckpt == nil {
		s.ckpt = &State{}
	}
	ck := s.ckpt
	if ck.uShared {
		ck.U = nil // never write into units shared with a clone
	}
	if sharedU != nil {
		s.copyTo(ck, false)
		ck.U, ck.uShared = sharedU, true
	} else {
		s.copyTo(ck, true)
		ck.uShared = false
	}
	ck.uvc, ck.uvcShared = nil, false
	s.ckLog = s.ckLog[:0]
}

// rollback puts the state back as it was before the failing Apply: the
// kept copy with the logged actions applied again (they succeeded, and
// play is deterministic: chance outcomes are actions). ver0 is the
// version before the Apply.
func (s *State) rollback(ver0 int) {
	ck, log := s.ckpt, s.ckLog
	st := &State{}
	ck.copyTo(st, true)
	st.ver, st.replaying = 0, true
	for _, a := range log {
		if _, err := st.Apply(a); err != nil {
			// cannot happen (the same actions on the same state); keep
			// what was rebuilt so far rather than the broken state
			break
		}
	}
	ix, uvc, uvcShared := s.ix, s.uvc, s.uvcShared
	*s = *st
	s.ix, s.uvc, s.uvcShared, s.replaying = ix, uvc, uvcShared, false
	s.ckpt, s.ckLog = nil, nil // st's copy and log are of its own, dropped with it
	s.oc, s.busy, s.cache, s.pre, s.views, s.evs, s.spare = nil, false, nil, nil, nil, nil, nil
	s.ver = ver0 + 1 // a new version: nothing kept for ver0 is trusted
	if s.ix != nil {
		s.ix.valid = false
		s.ix.markVer = -1 // the units changed unmarked: compare them all
	}
}

var _ rules.State = (*State)(nil)
